//! The evaluation as features: which parameters a position uses and how often, from White's
//! view, for the tuner. With the weights of the parameters they give the evaluator's score.

use crate::danger::DangerSums;
use crate::params::{Entry, Params};
use crate::phased::Phased;
use crate::sink::{Sink, Term, Weight};
use sissa_movegen::geometry::Color;

/// The features of one position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// (parameter, coefficient) pairs, each parameter once after [`Features::compact`].
    pub entries: Vec<(Entry, i32)>,
    /// The part of the score that is not a sum of weighted features, held fixed.
    pub fixed: Phased,
    /// Each side's (parameter, coefficient) pairs of its danger sum (`danger.rs`), White's
    /// first: the score takes the square of each sum.
    pub danger: [Vec<(Entry, i32)>; 2],
}

impl Sink for Features {
    const ALL_FEATURES: bool = true;

    fn feature(&mut self, _term: Term, weight: Weight, coef: i32) {
        if coef != 0 {
            self.entries.push((weight.0, coef));
        }
    }

    fn fixed(&mut self, _term: Term, score: Phased) {
        self.fixed += score;
    }

    fn danger(&mut self, attacker: Color, weight: Weight, coef: i32) {
        if coef != 0 {
            self.danger[attacker.index()].push((weight.0, coef));
        }
    }

    fn close_danger(&mut self) {}
}

impl Features {
    /// Adds up the coefficients of each parameter and drops the ones that cancel (a White
    /// and a Black piece on mirrored squares, say).
    pub fn compact(&mut self) {
        let [white, black] = &mut self.danger;
        for list in [&mut self.entries, white, black] {
            *list = merged(list);
        }
    }

    /// The untapered score these features give with `params`, from White's view.
    pub fn score(&self, params: &Params) -> Phased {
        let mut score = self.fixed;
        for &(e, c) in &self.entries {
            score += params.phased_at(e) * c;
        }
        let mut sums = DangerSums::default();
        for (color, list) in Color::BOTH.into_iter().zip(&self.danger) {
            for &(e, c) in list {
                sums.add(color, (e, params.phased_at(e)), c);
            }
        }
        let [white, black] = sums.take_scores();
        score.mg += white - black;
        score
    }
}

/// `list` sorted by parameter, each parameter once with its coefficients added up, none
/// left whose coefficients cancel.
fn merged(list: &[(Entry, i32)]) -> Vec<(Entry, i32)> {
    let mut sorted = list.to_vec();
    sorted.sort_unstable_by_key(|&(e, _)| e);
    let mut out: Vec<(Entry, i32)> = Vec::with_capacity(sorted.len());
    for (e, c) in sorted {
        match out.last_mut() {
            Some(last) if last.0 == e => last.1 += c,
            _ => out.push((e, c)),
        }
    }
    out.retain(|&(_, c)| c != 0);
    out
}
