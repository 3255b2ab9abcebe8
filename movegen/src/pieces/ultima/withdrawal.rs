//! Capture by withdrawal: a piece next to a prey piece that moves directly away from it, any
//! distance, captures it (the Pushme-Pullyu, the UC-40 Withdrawer, and a Chameleon withdrawing
//! from either).

use crate::bitboard::Bitboard;
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

/// The squares a piece on `from` could capture on by withdrawal on some board: its neighbours.
#[inline(always)]
pub fn withdrawal_reach<S: Shape>(t: &Tables<S>, from: Square) -> S::B {
    t.king[from as usize]
}

/// Can a piece on `from` capture the piece on `target` by withdrawal: next to it, with the
/// square directly away from it on the board and empty?
#[inline]
pub fn can_withdraw<S: Shape>(t: &Tables<S>, from: Square, target: Square, occ: S::B) -> bool {
    let away = withdrawal_route(t, from, target);
    away.any() && (away & occ).is_empty()
}

/// The square whose contents decide [`can_withdraw`]: the one a withdrawal from `target`
/// first enters (empty if `target` is not a neighbour or that square is off the board).
#[inline]
pub fn withdrawal_route<S: Shape>(t: &Tables<S>, from: Square, target: Square) -> S::B {
    match away_from(t, from, target) {
        Some(d) if withdrawal_reach(t, from).has(target) => t.step(d, from),
        _ => S::B::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::ultima::test_board::{set, sq};
    use crate::shape::{Board8x8, Shape};

    #[test]
    fn withdrawal_needs_the_square_directly_away_free() {
        let t = Board8x8::tables();
        // From e2 next to e1 it moves up the file: e3 must be empty.
        assert!(can_withdraw(t, sq("e2"), sq("e1"), set(&["e1"])));
        assert!(!can_withdraw(t, sq("e2"), sq("e1"), set(&["e1", "e3"])));
        assert_eq!(withdrawal_route(t, sq("e2"), sq("e1")), set(&["e3"]));
        // Diagonally: from b2 away from c1 is a3.
        assert_eq!(withdrawal_route(t, sq("b2"), sq("c1")), set(&["a3"]));
        // From e1 away from e2 would leave the board; from e3 e1 is not a neighbour.
        assert!(!can_withdraw(t, sq("e1"), sq("e2"), set(&["e2"])));
        assert!(!can_withdraw(t, sq("e3"), sq("e1"), set(&["e1"])));
    }
}
