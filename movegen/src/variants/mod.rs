//! One file per variant: its pieces, start position and whatever rules it does not share.

pub mod chess;
pub mod lionsunicorns;
pub mod rococo;
pub mod rollingkings;
pub mod seahorses;
pub mod uc40;
pub mod ultima;
pub mod ultima_family;

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
            const ENDS_ONLY_WITHOUT_MOVES: bool = true;

            #[inline(always)]
            fn def() -> &'static $crate::variant::VariantDef<$shape> {
                &$def
            }
            fn generate<K: $crate::moves::MoveSink<$crate::rules::Bb<Self>>>(
                pos: &$crate::position::Position<Self>,
                sink: &mut K,
            ) {
                $crate::legal::generate_legal(pos, sink)
            }
            fn generate_tactical<K: $crate::moves::MoveSink<$crate::rules::Bb<Self>>>(
                pos: &$crate::position::Position<Self>,
                sink: &mut K,
            ) {
                $crate::legal::generate_legal_tactical(pos, sink)
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

/// The piece type with the code `code`: its index in `pieces`, found at compile time so that a
/// variant's named types follow its piece list (a code not in the list does not compile).
pub(crate) const fn kind_index(
    pieces: &[(&'static str, crate::pieces::PieceKind)],
    code: &str,
) -> crate::piece::Kind {
    let mut i = 0;
    while i < pieces.len() {
        if same_code(pieces[i].0, code) {
            return i as crate::piece::Kind;
        }
        i += 1;
    }
    panic!("no piece with this code")
}

const fn same_code(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::kind_index;
    use crate::pieces::catalogue::{KING, KNIGHT, QUEEN};

    #[test]
    fn kind_index_finds_the_code_in_the_list_including_suffixes() {
        let pieces = [("K", KING), ("Q", QUEEN), ("Q'", QUEEN), ("N", KNIGHT)];
        assert_eq!(kind_index(&pieces, "K"), 0);
        assert_eq!(kind_index(&pieces, "Q'"), 2);
        assert_eq!(kind_index(&pieces, "N"), 3);
    }
}
