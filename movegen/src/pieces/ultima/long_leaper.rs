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
