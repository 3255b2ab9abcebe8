//! Capture by overtaking (the Long Leaper, and a Chameleon overtaking Long Leapers): along one
//! line the piece jumps prey pieces, each followed by at least one empty square, and lands on
//! an empty square beyond the last; it never jumps a friendly piece nor two pieces in a row.
//! Every piece jumped is captured.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::shape::Shape;
use crate::tables::Tables;

/// Can a movement in direction `d` jump the prey piece on `piece`: is the square just beyond
/// it on the board and empty?
#[inline(always)]
pub fn can_jump<S: Shape>(t: &Tables<S>, d: usize, piece: Square, occ: S::B) -> bool {
    let beyond = t.step(d, piece);
    beyond.any() && (beyond & occ).is_empty()
}

/// The pieces a line movement from `from` to the empty square `to` jumps; by the rules of its
/// generation every one of them was prey and is captured.
#[inline(always)]
pub fn overtaken<S: Shape>(t: &Tables<S>, from: Square, to: Square, occ: S::B) -> S::B {
    t.between(from, to) & occ
}

/// The squares a piece on `from` could capture on by overtaking on some board: its queen
/// lines.
#[inline(always)]
pub fn overtaking_reach<S: Shape>(t: &Tables<S>, from: Square) -> S::B {
    t.queen(from, S::B::EMPTY)
}

/// Can a piece on `from` capture the piece on `target` by overtaking, jumping only pieces of
/// `prey` on the way: every piece between the two is prey and followed by an empty square,
/// and the square just beyond `target` is on the board and empty?
#[inline]
pub fn can_overtake<S: Shape>(
    t: &Tables<S>,
    from: Square,
    target: Square,
    occ: S::B,
    prey: S::B,
) -> bool {
    let Some(d) = t.direction(from, target).filter(|&d| d < 8) else { return false };
    if !can_jump(t, d, target, occ) {
        return false;
    }
    let jumped = t.between(from, target) & occ;
    // The square after each jumped piece is between the two or `target` itself, so one shift
    // along the line finds them all; `target` being occupied forbids two pieces in a row.
    (jumped & !prey).is_empty() && (t.shift(jumped, d, 1) & occ).is_empty()
}

/// The squares whose contents decide [`can_overtake`]: those between the two and the landing
/// square just beyond `target`.
#[inline]
pub fn overtaking_route<S: Shape>(t: &Tables<S>, from: Square, target: Square) -> S::B {
    match t.direction(from, target).filter(|&d| d < 8) {
        Some(d) => t.between(from, target) | t.step(d, target),
        None => S::B::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::ultima::test_board::{set, sq};
    use crate::shape::{Board8x8, Shape};

    #[test]
    fn overtaking_jumps_prey_each_followed_by_an_empty_square() {
        let t = Board8x8::tables();
        let prey = set(&["a2", "a3", "a4", "b2"]);
        // a1 over a2 (a3 empty) and a4, landing on a5.
        assert!(can_overtake(t, sq("a1"), sq("a4"), set(&["a1", "a2", "a4"]), prey));
        // Two pieces in a row (a2, a3) cannot be jumped.
        assert!(!can_overtake(t, sq("a1"), sq("a4"), set(&["a1", "a2", "a3", "a4"]), prey));
        // Nor a piece that is not prey, nor onto an occupied landing square.
        assert!(!can_overtake(t, sq("a1"), sq("a4"), set(&["a1", "a2", "a4"]), set(&["a4"])));
        assert!(!can_overtake(t, sq("a1"), sq("a4"), set(&["a1", "a4", "a5"]), prey));
        // A piece on the last square has nothing beyond it.
        assert!(!can_overtake(t, sq("a1"), sq("a8"), set(&["a1", "a8"]), set(&["a8"])));
        // Next to it, along a diagonal.
        assert!(can_overtake(t, sq("a1"), sq("b2"), set(&["a1", "b2"]), prey));
        assert_eq!(overtaking_route(t, sq("a1"), sq("a4")), set(&["a2", "a3", "a5"]));
    }
}
