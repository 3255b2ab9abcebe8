//! Capture by withdrawal: a piece next to a prey piece that moves directly away from it, any
//! distance, captures it (the Pushme-Pullyu, the UC-40 Withdrawer, and a Chameleon withdrawing
//! from either).

use crate::geometry::{opposite, Square};
use crate::shape::Shape;
use crate::tables::Tables;

/// The prey piece a movement from `from` in direction `d` withdraws from, if any.
#[inline(always)]
pub fn withdrawn<S: Shape>(t: &Tables<S>, d: usize, from: Square, prey: S::B) -> S::B {
    t.step(opposite(d), from) & prey
}

/// The prey pieces next to `from`: a movement directly away from one of them captures it.
#[inline(always)]
pub fn withdrawal_victims<S: Shape>(t: &Tables<S>, from: Square, prey: S::B) -> S::B {
    t.king[from as usize] & prey
}

/// The direction of the movement from `from` that withdraws from the piece on `victim`.
#[inline(always)]
pub fn away_from<S: Shape>(t: &Tables<S>, from: Square, victim: Square) -> Option<usize> {
    t.direction(from, victim).map(opposite)
}
