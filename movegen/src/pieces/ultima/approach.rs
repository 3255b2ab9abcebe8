//! Capture by approach: a piece that ends a line movement on the square just before a prey
//! piece, moving towards it, captures it (the Pushme-Pullyu, the UC-40 Advancer, and a
//! Chameleon approaching either).

use crate::bitboard::Bitboard;
use crate::geometry::{opposite, Square};
use crate::shape::Shape;
use crate::tables::Tables;

/// Of `blockers`, the first pieces met along the lines from `from`, those of `prey` that a
/// movement can approach: not the adjacent ones, which leave no square to stop on before them.
#[inline(always)]
pub fn approachable<S: Shape>(t: &Tables<S>, from: Square, blockers: S::B, prey: S::B) -> S::B {
    blockers & prey & !t.king[from as usize]
}

/// The square a movement in direction `d` stops on to approach the piece on `target`.
#[inline(always)]
pub fn approach_square<S: Shape>(t: &Tables<S>, d: usize, target: Square) -> S::B {
    t.step(opposite(d), target)
}

/// The prey piece a movement in direction `d` ending on `to` approaches, if any.
#[inline(always)]
pub fn approached<S: Shape>(t: &Tables<S>, d: usize, to: Square, prey: S::B) -> S::B {
    t.step(d, to) & prey
}

/// The squares a piece on `from` could capture on by approach on some board: along its queen
/// lines, beyond its neighbours.
#[inline(always)]
pub fn approach_reach<S: Shape>(t: &Tables<S>, from: Square) -> S::B {
    t.queen(from, S::B::EMPTY) & !t.king[from as usize]
}

/// Can a piece on `from` capture the piece on `target` by approach: on one of its queen lines,
/// not next to it, with nothing in between (so the movement stops just before it)?
#[inline]
pub fn can_approach<S: Shape>(t: &Tables<S>, from: Square, target: Square, occ: S::B) -> bool {
    approach_reach(t, from).has(target) && (approach_route(t, from, target) & occ).is_empty()
}

/// The squares whose contents decide [`can_approach`]: those between the two.
#[inline(always)]
pub fn approach_route<S: Shape>(t: &Tables<S>, from: Square, target: Square) -> S::B {
    t.between(from, target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::ultima::test_board::{set, sq};
    use crate::shape::{Board8x8, Shape};

    #[test]
    fn approach_needs_a_free_line_and_a_square_to_stop_on() {
        let t = Board8x8::tables();
        // d1 to d5 along the file: it stops on d4, so d2-d4 must be empty.
        assert!(can_approach(t, sq("d1"), sq("d5"), set(&["d5"])));
        assert!(!can_approach(t, sq("d1"), sq("d5"), set(&["d5", "d3"])));
        assert_eq!(approach_route(t, sq("d1"), sq("d5")), set(&["d2", "d3", "d4"]));
        // Diagonals too; a neighbour leaves no square to stop on; a knight's square is off
        // every queen line.
        assert!(can_approach(t, sq("a1"), sq("h8"), set(&["h8"])));
        assert!(!can_approach(t, sq("d1"), sq("d2"), set(&["d2"])));
        assert!(!can_approach(t, sq("d1"), sq("e3"), set(&["e3"])));
    }
}
