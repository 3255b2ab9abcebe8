//! Capture by withdrawal: a piece next to a prey piece that moves directly away from it, any
//! distance, captures it (the Pushme-Pullyu, the UC-40 Withdrawer, and a Chameleon withdrawing
//! from either).

use crate::bitboard::Bitboard;
use crate::geometry::{opposite, Square};
use crate::shape::Shape;
use crate::tables::Tables;

/// The directions (bit `d`) in which a piece on `from` moves directly away from an adjacent
/// prey piece.
#[inline(always)]
pub fn withdrawal_directions<S: Shape>(t: &Tables<S>, from: Square, prey: S::B) -> u8 {
    let mut dirs = 0u8;
    for victim in (t.king[from as usize] & prey).squares() {
        if let Some(d) = t.direction(from, victim) {
            dirs |= 1 << opposite(d);
        }
    }
    dirs
}

/// The prey piece a movement from `from` in direction `d` withdraws from, if any.
#[inline(always)]
pub fn withdrawn<S: Shape>(t: &Tables<S>, d: usize, from: Square, prey: S::B) -> S::B {
    t.step(opposite(d), from) & prey
}
