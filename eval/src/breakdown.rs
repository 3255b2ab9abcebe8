//! The score sorted by term and side, as `sissa eval` prints it.

use crate::danger::DangerSums;
use crate::phased::{Phased, PHASE_MAX};
use crate::scale::SCALE_NORMAL;
use crate::sink::{Sink, Term, Weight};
use sissa_movegen::geometry::Color;
use std::fmt;

/// The terms of one position: per term, White's and Black's part, each from its own view.
#[derive(Clone, Debug)]
pub struct Breakdown {
    parts: [[Phased; 2]; Term::ALL.len()],
    color: Color,
    /// Each side's danger sum until it is closed (`danger.rs`).
    danger: DangerSums,
    /// The game phase, `PHASE_MAX` for the full army.
    pub phase: i32,
    /// The factor (of `SCALE_NORMAL`) the endgame part of the sum is scaled by.
    pub scale: i32,
    /// The bonus of the side to move.
    pub tempo: i32,
    pub side_to_move: Color,
}

impl Breakdown {
    pub fn new(phase: i32, tempo: i32, side_to_move: Color) -> Breakdown {
        Breakdown {
            parts: [[Phased::ZERO; 2]; Term::ALL.len()],
            color: Color::White,
            danger: DangerSums::default(),
            phase,
            scale: SCALE_NORMAL,
            tempo,
            side_to_move,
        }
    }

    /// Sets the factor the endgame part is scaled by (`scale.rs`).
    pub fn set_endgame_scale(&mut self, scale: i32) {
        self.scale = scale;
    }

    /// `color`'s part of `term`, from its own view.
    pub fn part(&self, term: Term, color: Color) -> Phased {
        self.parts[term as usize][color.index()]
    }

    /// White's part minus Black's: `term`'s share of the score from White's view.
    pub fn total(&self, term: Term) -> Phased {
        self.part(term, Color::White) - self.part(term, Color::Black)
    }

    /// The sum of all terms from White's view, untapered.
    pub fn sum(&self) -> Phased {
        Term::ALL.iter().fold(Phased::ZERO, |acc, &t| acc + self.total(t))
    }

    /// The final score from the side to move's view, as the evaluator gives it.
    pub fn score(&self) -> i32 {
        let white = self.sum().taper_scaled(self.phase, self.scale);
        let own = if self.side_to_move == Color::White { white } else { -white };
        own + self.tempo
    }

    fn add(&mut self, term: Term, white_view: Phased) {
        let own = if self.color == Color::White { white_view } else { -white_view };
        self.parts[term as usize][self.color.index()] += own;
    }
}

impl Sink for Breakdown {
    const ALL_FEATURES: bool = false;

    fn side(&mut self, color: Color) {
        self.color = color;
    }

    fn feature(&mut self, term: Term, weight: Weight, coef: i32) {
        self.add(term, weight.1 * coef);
    }

    fn fixed(&mut self, term: Term, score: Phased) {
        self.add(term, score);
    }

    fn danger(&mut self, attacker: Color, weight: Weight, coef: i32) {
        self.danger.add(attacker, weight, coef);
    }

    /// Each side's danger scores in its own king-safety part.
    fn close_danger(&mut self) {
        let scores = self.danger.take_scores();
        for (part, score) in self.parts[Term::KingSafety as usize].iter_mut().zip(scores) {
            part.mg += score;
        }
    }
}

impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:>12} | {:>13} | {:>13} | {:>13} | {:>7}",
            "term", "white", "black", "total", "tapered"
        )?;
        writeln!(
            f,
            "{:>12} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6} |",
            "", "mg", "eg", "mg", "eg", "mg", "eg"
        )?;
        let line = "-".repeat(12 + 3 + 13 + 3 + 13 + 3 + 13 + 3 + 7);
        writeln!(f, "{line}")?;
        for term in Term::ALL {
            let (w, b, t) =
                (self.part(term, Color::White), self.part(term, Color::Black), self.total(term));
            writeln!(
                f,
                "{:>12} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6} | {:>7}",
                term.name(),
                w.mg,
                w.eg,
                b.mg,
                b.eg,
                t.mg,
                t.eg,
                t.taper(self.phase)
            )?;
        }
        writeln!(f, "{line}")?;
        let sum = self.sum();
        writeln!(
            f,
            "{:>12} | {:>13} | {:>13} | {:>6} {:>6} | {:>7}",
            "sum",
            "",
            "",
            sum.mg,
            sum.eg,
            sum.taper_scaled(self.phase, self.scale)
        )?;
        let mover = match self.side_to_move {
            Color::White => "white",
            Color::Black => "black",
        };
        let (phase, scale, tempo) = (self.phase, self.scale, self.tempo);
        writeln!(
            f,
            "phase {phase}/{PHASE_MAX}, endgame scaled by {scale}/{SCALE_NORMAL}, \
             tempo {tempo} for the side to move ({mover})"
        )?;
        write!(
            f,
            "score {} cp for the side to move, {} cp from White's view",
            self.score(),
            match self.side_to_move {
                Color::White => self.score(),
                Color::Black => -self.score(),
            }
        )
    }
}
