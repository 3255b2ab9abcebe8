//! The Immobilizer: every enemy piece next to it is frozen. It cannot move or capture, but it
//! still blocks, serves as a mount, can be captured or swapped, and, being frozen, still
//! freezes (so opposing Immobilizers side by side freeze each other). A Chameleon next to an
//! enemy Immobilizer freezes it, and is frozen by it.

use crate::bitboard::Bitboard;
use crate::shape::Shape;
use crate::tables::Tables;

/// The squares next to any square of `b`.
#[inline(always)]
pub fn neighbours<S: Shape>(t: &Tables<S>, b: S::B) -> S::B {
    let mut out = S::B::EMPTY;
    for sq in b.squares() {
        out |= t.king[sq as usize];
    }
    out
}

/// The frozen pieces among `own`: those next to an enemy Immobilizer, and own Immobilizers
/// next to an enemy Chameleon.
#[inline]
pub fn frozen<S: Shape>(
    t: &Tables<S>,
    own: S::B,
    own_immobilizers: S::B,
    enemy_immobilizers: S::B,
    enemy_chameleons: S::B,
) -> S::B {
    let mut out = neighbours(t, enemy_immobilizers) & own;
    for sq in own_immobilizers.squares() {
        if (t.king[sq as usize] & enemy_chameleons).any() {
            out |= S::B::from_square(sq);
        }
    }
    out
}
