//! One file per variant: its pieces, start position and whatever rules it does not share.

pub mod chess;
pub mod lionsunicorns;
pub mod rococo;
pub mod rollingkings;
pub mod seahorses;
pub mod uc40;

/// Implements [`crate::rules::Rules`] for a variant that plays by the orthodox rules (legal
/// move generation with check, orthodox moves, checkmate and stalemate) with its own pieces.
/// Items given in braces after the arguments are added to the implementation (a random
/// setup, for instance).
macro_rules! orthodox_rules {
    ($variant:ty, $shape:ty, $name:expr, $def:expr) => {
        orthodox_rules!($variant, $shape, $name, $def, {});
    };
    ($variant:ty, $shape:ty, $name:expr, $def:expr, { $($extra:item)* }) => {
        impl $crate::rules::Rules for $variant {
            type S = $shape;
            type Extra = ();
            const NAME: &'static str = $name;
            const HAS_CHECK: bool = true;

            fn def() -> &'static $crate::variant::VariantDef<$shape> {
                &$def
            }
            fn generate<K: $crate::moves::MoveSink<$crate::rules::Bb<Self>>>(
                pos: &$crate::position::Position<Self>,
                sink: &mut K,
            ) {
                $crate::legal::generate_legal(pos, sink)
            }
            fn apply(
                pos: &mut $crate::position::Position<Self>,
                mv: $crate::moves::Move,
                undo: &mut $crate::position::Undo<Self>,
            ) {
                $crate::orthodox::apply_orthodox(pos, mv, undo)
            }
            fn in_check(pos: &$crate::position::Position<Self>) -> bool {
                $crate::legal::in_check(pos)
            }
            fn outcome(pos: &$crate::position::Position<Self>) -> Option<$crate::rules::Outcome> {
                $crate::orthodox::orthodox_outcome(pos)
            }
            fn validate(
                pos: &$crate::position::Position<Self>,
            ) -> Result<(), $crate::fen::FenError> {
                $crate::fen::validate_orthodox(pos)
            }
            $($extra)*
        }
    };
}
pub(crate) use orthodox_rules;

/// The piece types with these codes, in order (for promotion lists).
pub(crate) fn kinds_by_code(
    pieces: &[(&'static str, crate::pieces::PieceKind)],
    codes: &[&str],
) -> Vec<crate::piece::Kind> {
    codes
        .iter()
        .filter_map(|c| pieces.iter().position(|(code, _)| code == c))
        .map(|i| i as crate::piece::Kind)
        .collect()
}
