//! Where the evaluation's terms go. The evaluator is written once, as features times weights;
//! a [`Sink`] decides what to do with each: add it to the score (the search), record the
//! feature (the tuner), or sort it by term (`sissa eval`).

use crate::danger::DangerSums;
use crate::params::Entry;
use crate::phased::Phased;
use sissa_movegen::geometry::Color;

/// The groups of the score breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    Material,
    Psqt,
    Mobility,
    Pawns,
    KingSafety,
    /// Piece-type terms beyond mobility: the pair bonus, the open file.
    Pieces,
    /// Enemy pieces attacked by pawns, or attacked and undefended.
    Threats,
    /// The variant's own terms.
    Variant,
}

impl Term {
    pub const ALL: [Term; 8] = [
        Term::Material,
        Term::Psqt,
        Term::Mobility,
        Term::Pawns,
        Term::KingSafety,
        Term::Pieces,
        Term::Threats,
        Term::Variant,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Term::Material => "material",
            Term::Psqt => "psqt",
            Term::Mobility => "mobility",
            Term::Pawns => "pawns",
            Term::KingSafety => "king safety",
            Term::Pieces => "pieces",
            Term::Threats => "threats",
            Term::Variant => "variant",
        }
    }
}

/// A weight of the evaluation with the parameter it comes from.
pub type Weight = (Entry, Phased);

/// The receiver of the evaluation's terms, all from White's view.
pub trait Sink {
    /// Does the sink want features whose weight is zero? The search skips them; the tuner
    /// needs them, since a zero weight may become non-zero.
    const ALL_FEATURES: bool;

    /// The terms that follow are `color`'s (for the breakdown by side).
    #[inline(always)]
    fn side(&mut self, color: Color) {
        let _ = color;
    }

    /// `coef` times the weight `weight`, counted in `term`.
    fn feature(&mut self, term: Term, weight: Weight, coef: i32);

    /// A piece on a square: its value (material) and its place (psqt); `both` is their sum,
    /// which the search adds in one step. `sign` is +1 for White, -1 for Black.
    #[inline(always)]
    fn piece(&mut self, value: Weight, place: Weight, both: Phased, sign: i32) {
        let _ = both;
        self.feature(Term::Material, value, sign);
        self.feature(Term::Psqt, place, sign);
    }

    /// A part of the score that is not a sum of weighted features (it scales a weight by a
    /// share, say): the tuner holds it fixed.
    fn fixed(&mut self, term: Term, score: Phased);

    /// `coef` times the middlegame part of `weight`, added to `attacker`'s danger sum
    /// (`danger.rs`), which [`Sink::close_danger`] turns into a score.
    fn danger(&mut self, attacker: Color, weight: Weight, coef: i32);

    /// Scores each side's danger sum, once every feature of it has come.
    fn close_danger(&mut self);
}

/// The search's sink: the sum.
#[derive(Default)]
pub struct Sum {
    pub score: Phased,
    /// Each side's danger sum until it is closed.
    danger: DangerSums,
}

impl Sink for Sum {
    const ALL_FEATURES: bool = false;

    #[inline(always)]
    fn feature(&mut self, _term: Term, weight: Weight, coef: i32) {
        self.score += weight.1 * coef;
    }

    #[inline(always)]
    fn piece(&mut self, _value: Weight, _place: Weight, both: Phased, sign: i32) {
        self.score += both * sign;
    }

    #[inline(always)]
    fn fixed(&mut self, _term: Term, score: Phased) {
        self.score += score;
    }

    #[inline(always)]
    fn danger(&mut self, attacker: Color, weight: Weight, coef: i32) {
        self.danger.add(attacker, weight, coef);
    }

    #[inline(always)]
    fn close_danger(&mut self) {
        let [white, black] = self.danger.take_scores();
        self.score.mg += white - black;
    }
}
