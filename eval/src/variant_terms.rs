//! Terms a particular game needs beyond the generic ones, chosen by the variant's name once
//! when the evaluator is built.

use crate::phased::Phased;
use crate::tables::Tables;
use crate::weights::{PieceWeights, UC40_VALUES};
use sissa_movegen::rules::Rules;
use sissa_movegen::Position;

/// The variant-specific part of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantTerms {
    /// Nothing beyond the generic terms (chess, Lions and Unicorns, and any new variant).
    Generic,
    /// UC-40: its forty piece types' values (`weights::UC40_VALUES`).
    Uc40,
}

impl VariantTerms {
    pub fn for_variant(name: &str) -> VariantTerms {
        match name {
            "uc40" => VariantTerms::Uc40,
            _ => VariantTerms::Generic,
        }
    }

    /// Piece values that differ from the shared table in this variant.
    pub fn value_overrides(&self) -> &'static [(&'static str, PieceWeights)] {
        match self {
            VariantTerms::Generic => &[],
            VariantTerms::Uc40 => UC40_VALUES,
        }
    }

    /// Whether passing is never better than moving often enough for null-move pruning.
    pub fn null_move_allowed(&self) -> bool {
        match self {
            VariantTerms::Generic | VariantTerms::Uc40 => true,
        }
    }

    /// The variant's own terms, from White's view.
    pub fn evaluate<R: Rules>(&self, _pos: &Position<R>, _tables: &Tables<R>) -> Phased {
        match self {
            VariantTerms::Generic | VariantTerms::Uc40 => Phased::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::weights::{PIECE_TABLE, UC40_VALUES};
    use sissa_movegen::bitboard::Bitboard;
    use sissa_movegen::pieces::Role;
    use sissa_movegen::rules::Rules;
    use sissa_movegen::shape::{Board8x8, Shape};
    use sissa_movegen::variants::uc40::Uc40;

    /// Average number of squares a type reaches from the 64 squares of an empty board.
    fn mobility(name: &str) -> f64 {
        let def = Uc40::def();
        let kd = def.kinds.iter().find(|k| k.kind.name == name).expect("UC-40 type");
        let t = Board8x8::tables();
        let total: u32 = (0..64u8).map(|s| kd.mover.attacks(t, s, 0u64).count()).sum();
        total as f64 / 64.0
    }

    fn value(name: &str) -> i32 {
        UC40_VALUES.iter().find(|(n, _)| *n == name).expect("in the table").1.value.mg
    }

    #[test]
    fn every_uc40_type_has_a_value() {
        for kd in &Uc40::def().kinds {
            if matches!(kd.kind.role, Role::King | Role::Pawn) {
                continue;
            }
            let name = kd.kind.name;
            let known = UC40_VALUES.iter().chain(PIECE_TABLE).any(|(n, _)| *n == name);
            assert!(known, "{name} has no value");
        }
    }

    #[test]
    fn uc40_values_follow_their_mobility() {
        // The line through the Knight (5.25 squares, 320) and the Queen (22.75, 950).
        let line = |name: &str| 131.0 + 36.0 * mobility(name);
        assert!(
            (mobility("Knight") - 5.25).abs() < 1e-9 && (mobility("Queen") - 22.75).abs() < 1e-9
        );
        let close = |name: &str, factor: f64| {
            let expected = line(name) * factor;
            assert!(
                (value(name) as f64 - expected).abs() <= 2.0,
                "{name}: {} against {expected:.0}",
                value(name)
            );
        };
        for name in [
            "Archbishoprider",
            "Nightrider",
            "Buffalo",
            "Gnu",
            "Elephant/Siege Engine",
            "Siege Engine",
            "ND",
            "NE",
            "NG",
            "NW",
            "NF",
            "Woody Rook",
            "Waffle",
        ] {
            close(name, 1.0);
        }
        for name in ["Sissa", "Rose", "Dancing Horse", "Gryphon", "Aanca", "Harvestman"] {
            close(name, 0.8);
        }
        for name in ["Fad", "Warmachine/Ferz", "Elephant/Ferz"] {
            close(name, 0.85);
        }
    }
}
