//! Capture by coordination (Ultima's Coordinator, RULES.md section 7): after its movement, the
//! prey pieces on the two squares where its rank meets its own King's file and its file meets
//! its King's rank are captured. It captures nothing when it stops on its King's rank or file
//! (the two squares are then its own and the King's), nor when its side has no King; a King
//! move makes no coordination. A Chameleon takes enemy Coordinators the same way, with its
//! own King.
//!
//! The capture happens at the destination only, so it adds no destination to a movement.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::shape::Shape;
use crate::tables::Tables;

/// The two squares where the lines of `to` cross those of `king`: (file of `to`, rank of
/// `king`) and (file of `king`, rank of `to`); none that is `to` or `king` itself.
#[inline]
pub fn crossings<S: Shape>(t: &Tables<S>, to: Square, king: Square) -> S::B {
    let dims = t.dims;
    let file = |sq: Square| t.file_masks[dims.file(sq) as usize];
    let rank = |sq: Square| t.rank_masks[dims.rank(sq) as usize];
    let both = (file(to) & rank(king)) | (file(king) & rank(to));
    both & !S::B::from_square(to) & !S::B::from_square(king)
}

/// The pieces of `prey` a coordinating piece stopping on `to` captures, its side's King
/// standing on `king` (none without a King).
#[inline]
pub fn coordinated<S: Shape>(t: &Tables<S>, to: Square, king: Option<Square>, prey: S::B) -> S::B {
    match king {
        Some(king) => crossings(t, to, king) & prey,
        None => S::B::EMPTY,
    }
}

/// The squares a coordinating piece must stop on to capture the piece on `target`, its King
/// standing on `king`: the file of `target` if `target` is on the King's rank, its rank if it
/// is on the King's file; nothing otherwise.
#[inline]
pub fn coordination_stops<S: Shape>(t: &Tables<S>, target: Square, king: Square) -> S::B {
    let dims = t.dims;
    let mut out = S::B::EMPTY;
    if target == king {
        return out;
    }
    if dims.rank(target) == dims.rank(king) {
        out |= t.file_masks[dims.file(target) as usize];
    }
    if dims.file(target) == dims.file(king) {
        out |= t.rank_masks[dims.rank(target) as usize];
    }
    out & !S::B::from_square(target)
}

/// Can a coordinating piece on `from`, moving as a queen to empty squares, capture the piece on
/// `target`, its King standing on `king`?
#[inline]
pub fn can_coordinate<S: Shape>(
    t: &Tables<S>,
    from: Square,
    target: Square,
    king: Square,
    occ: S::B,
) -> bool {
    let stops = coordination_stops(t, target, king);
    stops.any() && (t.queen(from, occ) & !occ & stops).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::ultima::test_board::{set, sq};
    use crate::shape::{Board8x8, Shape};

    #[test]
    fn the_crossing_squares_of_the_coordinator_and_its_king_are_captured() {
        let t = Board8x8::tables();
        // King e1, Coordinator stops on b5: the crossings are b1 (its file, the King's rank)
        // and e5 (the King's file, its rank).
        assert_eq!(crossings(t, sq("b5"), sq("e1")), set(&["b1", "e5"]));
        let prey = set(&["b1", "e5", "b2", "d5"]);
        assert_eq!(coordinated(t, sq("b5"), Some(sq("e1")), prey), set(&["b1", "e5"]));
        // Only prey is taken (a friendly piece on b1 stays).
        assert_eq!(coordinated(t, sq("b5"), Some(sq("e1")), set(&["e5"])), set(&["e5"]));
        // On the King's rank or file it captures nothing; without a King, nothing.
        assert_eq!(crossings(t, sq("h1"), sq("e1")), 0);
        assert_eq!(crossings(t, sq("e7"), sq("e1")), 0);
        assert_eq!(coordinated(t, sq("b5"), None, prey), 0);
    }

    #[test]
    fn the_check_question_asks_for_a_free_move_onto_the_line_through_the_target() {
        let t = Board8x8::tables();
        // King a1; target on a1's rank at f1: any stop on the f-file captures it. A
        // Coordinator on c4 reaches f4 along the rank.
        assert_eq!(coordination_stops(t, sq("f1"), sq("a1")), t.file_masks[5] & !set(&["f1"]));
        assert!(can_coordinate(t, sq("c4"), sq("f1"), sq("a1"), set(&["c4", "f1", "a1"])));
        // With d4 blocked it still reaches f7 diagonally (c4-d5-e6-f7).
        let occ = set(&["c4", "f1", "a1", "d4"]);
        assert!(can_coordinate(t, sq("c4"), sq("f1"), sq("a1"), occ));
        // Blocked on d4, d5 and d3 it reaches no square of the f-file.
        let occ = set(&["c4", "f1", "a1", "d4", "d5", "d3"]);
        assert!(!can_coordinate(t, sq("c4"), sq("f1"), sq("a1"), occ));
        // A target on neither the King's rank nor its file cannot be coordinated.
        assert_eq!(coordination_stops(t, sq("f3"), sq("a1")), 0);
        // On the King's file: the target's rank. King d2, target d6: stops on rank 6.
        assert!(can_coordinate(t, sq("h8"), sq("d6"), sq("d2"), set(&["h8", "d6", "d2"])));
    }
}
