//! The evaluation as features: which parameters a position uses and how often, from White's
//! view, for the tuner. With the weights of the parameters they give the evaluator's score.

use crate::params::{Entry, Params};
use crate::phased::Phased;
use crate::sink::{Sink, Term, Weight};

/// The features of one position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// (parameter, coefficient) pairs, each parameter once after [`Features::compact`].
    pub entries: Vec<(Entry, i32)>,
    /// The part of the score that is not a sum of weighted features, held fixed.
    pub fixed: Phased,
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
}

impl Features {
    /// Adds up the coefficients of each parameter and drops the ones that cancel (a White
    /// and a Black piece on mirrored squares, say).
    pub fn compact(&mut self) {
        self.entries.sort_unstable_by_key(|&(e, _)| e);
        let mut out: Vec<(Entry, i32)> = Vec::with_capacity(self.entries.len());
        for &(e, c) in &self.entries {
            match out.last_mut() {
                Some(last) if last.0 == e => last.1 += c,
                _ => out.push((e, c)),
            }
        }
        out.retain(|&(_, c)| c != 0);
        self.entries = out;
    }

    /// The untapered score these features give with `params`, from White's view.
    pub fn score(&self, params: &Params) -> Phased {
        let mut score = self.fixed;
        for &(e, c) in &self.entries {
            score += params.phased_at(e) * c;
        }
        score
    }
}
