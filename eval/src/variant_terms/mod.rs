//! Terms a particular game needs beyond the generic ones. Each variant names its terms in
//! [`crate::Evaluated`]; each kind of term declares its parameters (appended to the
//! variant's layout), reads them, and sends its score to the evaluator's sink.

pub mod frozen;
pub mod hand;
pub mod reserve;
pub mod rolling_kings;

use crate::params::{Params, Spec};
use crate::sink::Sink;
use crate::tables::Tables;
use sissa_movegen::rules::Rules;
use sissa_movegen::Position;

/// A variant's own part of the evaluation.
pub trait VariantTerms<R: Rules>: Sized + Send + Sync {
    /// Whether passing is never better than moving, often enough for null-move pruning.
    const NULL_MOVE_ALLOWED: bool = true;

    /// The parameters of these terms, in file order.
    fn specs() -> Vec<Spec>;

    /// Reads the parameters (which follow the layout of [`VariantTerms::specs`]).
    fn new(params: &Params) -> Self;

    /// Sends the terms of `pos`, from White's view.
    fn evaluate<K: Sink>(&self, pos: &Position<R>, tables: &Tables<R>, sink: &mut K);
}

/// Nothing beyond the generic terms (chess, Lions and Unicorns, Sea Horses).
pub struct NoTerms;

impl<R: Rules> VariantTerms<R> for NoTerms {
    fn specs() -> Vec<Spec> {
        Vec::new()
    }

    fn new(_params: &Params) -> Self {
        NoTerms
    }

    #[inline(always)]
    fn evaluate<K: Sink>(&self, _pos: &Position<R>, _tables: &Tables<R>, _sink: &mut K) {}
}

/// Two kinds of terms together (UC-40: frozen pieces and the reserve).
impl<R: Rules, A: VariantTerms<R>, B: VariantTerms<R>> VariantTerms<R> for (A, B) {
    const NULL_MOVE_ALLOWED: bool = A::NULL_MOVE_ALLOWED && B::NULL_MOVE_ALLOWED;

    fn specs() -> Vec<Spec> {
        let mut specs = A::specs();
        specs.extend(B::specs());
        specs
    }

    fn new(params: &Params) -> Self {
        (A::new(params), B::new(params))
    }

    #[inline(always)]
    fn evaluate<K: Sink>(&self, pos: &Position<R>, tables: &Tables<R>, sink: &mut K) {
        self.0.evaluate(pos, tables, sink);
        self.1.evaluate(pos, tables, sink);
    }
}
