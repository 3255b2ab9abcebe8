//! Terms a particular game needs beyond the generic ones, chosen by the variant's name once
//! when the evaluator is built.

use crate::phased::Phased;
use crate::tables::Tables;
use crate::weights::PieceWeights;
use sissa_movegen::rules::Rules;
use sissa_movegen::Position;

/// The variant-specific part of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantTerms {
    /// Nothing beyond the generic terms (chess, Lions and Unicorns, and any new variant).
    Generic,
}

impl VariantTerms {
    pub fn for_variant(name: &str) -> VariantTerms {
        match name {
            _ => VariantTerms::Generic,
        }
    }

    /// Piece values that differ from the shared table in this variant.
    pub fn value_overrides(&self) -> &'static [(&'static str, PieceWeights)] {
        match self {
            VariantTerms::Generic => &[],
        }
    }

    /// Whether passing is never better than moving often enough for null-move pruning.
    pub fn null_move_allowed(&self) -> bool {
        match self {
            VariantTerms::Generic => true,
        }
    }

    /// The variant's own terms, from White's view.
    pub fn evaluate<R: Rules>(&self, _pos: &Position<R>, _tables: &Tables<R>) -> Phased {
        match self {
            VariantTerms::Generic => Phased::ZERO,
        }
    }
}
