//! Square colours and the piece types bound to one of them (the bishop, and in the larger
//! variants any type whose every move keeps it on its colour), found from the types' moves
//! on an empty board so that no type is named. The tables (`tables.rs`) hold them once; the
//! endgame scale (`scale.rs`) reads them for bishops of opposite colours, the piece terms
//! (`pieces.rs`) for the own pawns that stand on a colour-bound piece's squares.

use crate::params::layout::is_piece;
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Square;
use sissa_movegen::piece::Kind;
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::shape::Shape;

/// The piece types of `R` whose every move keeps them on squares of their colour.
pub fn colour_bound_kinds<R: Rules>() -> Vec<Kind> {
    (0..R::def().kinds.len() as Kind).filter(|&k| is_colour_bound::<R>(k)).collect()
}

/// Does every move of this type, from every square of an empty board, keep it on squares of
/// its colour?
fn is_colour_bound<R: Rules>(kind: Kind) -> bool {
    let def = R::def();
    let mover = &def.kinds[kind as usize].mover;
    if !is_piece::<R>(kind) || def.kinds[kind as usize].kind.parts.is_empty() {
        return false;
    }
    let (t, dark) = (R::S::tables(), dark_squares::<R>());
    (0..R::S::DIMS.squares() as Square).all(|sq| {
        let from_dark = dark.has(sq);
        let to = mover.attacks(t, sq, Bb::<R>::EMPTY);
        to.any() && if from_dark { (to & !dark).is_empty() } else { (to & dark).is_empty() }
    })
}

/// The squares of a1's colour.
pub fn dark_squares<R: Rules>() -> Bb<R> {
    let dims = R::S::DIMS;
    let mut dark = Bb::<R>::EMPTY;
    for sq in 0..dims.squares() as Square {
        if (dims.file(sq) + dims.rank(sq)) % 2 == 0 {
            dark |= Bb::<R>::from_square(sq);
        }
    }
    dark
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::variants::chess::Chess;

    #[test]
    fn the_bishop_alone_is_colour_bound_and_the_other_pieces_are_not() {
        let def = Chess::def();
        let bound: Vec<&str> = colour_bound_kinds::<Chess>()
            .into_iter()
            .map(|k| def.kinds[k as usize].kind.name)
            .collect();
        assert_eq!(bound, ["Bishop"]);
    }

    #[test]
    fn a1_is_dark_and_the_squares_alternate() {
        let dark = dark_squares::<Chess>();
        // a1, c1, b2 dark; b1, a2 light: 32 of each.
        assert!(dark.has(0) && dark.has(2) && dark.has(9));
        assert!(!dark.has(1) && !dark.has(8));
        assert_eq!(dark.count(), 32);
    }
}
