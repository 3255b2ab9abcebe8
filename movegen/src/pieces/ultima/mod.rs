//! The capture mechanisms of the Ultima family, as reusable parts: Rococo uses them with its
//! edge ring, UC-40 on a board without one (its `Scene::free` is every square).
//!
//! [`capturer`] reads how each piece type captures (the catalogue's `Captures`) and picks the
//! mechanisms for it; a variant of the family names its pieces and keeps only what is its own.
//! Each mechanism is one file and works on whole sets of squares:
//! - [`line`]: a queen-line movement with the captures it makes on the way (overtaking,
//!   approach, withdrawal), and which of its destinations an edge ring allows;
//! - [`approach`], [`withdrawal`]: which pieces a line movement captures at its ends (the
//!   Pushme-Pullyu; UC-40's Advancer and Withdrawer);
//! - [`long_leaper`]: overtaking, jumping enemy pieces along the line;
//! - [`swapper`]: swaps, mutual destruction and the swap-back ban;
//! - [`immobilizer`]: which pieces are frozen;
//! - [`chameleon`]: capturing each piece by that piece's own mechanism;
//! - [`cannon_pawn`]: steps and hops over a mount, for all pawns of a side at once (Rococo);
//! - [`paovao`]: the hop over one piece along a queen line (UC-40);
//! - [`custodian`]: the pinch of a piece between the mover and a friend (Ultima's Pincer Pawn);
//! - [`coordinator`]: the capture where the mover's lines cross its King's (Ultima).
//!
//! A capturer is described by its *prey*: the sets of enemy pieces each mechanism may take.
//! A Pushme-Pullyu preys on every enemy by approach and withdrawal; a Chameleon's prey for
//! each mechanism is only the enemy pieces that capture by that mechanism themselves.
//!
//! Besides generating moves, each capture mechanism answers, for one capturer and one target,
//! where it could capture on some board (`*_reach`), whether it can capture now (`can_*`),
//! and which squares decide that (`*_route`): what UC-40's check test asks.

pub mod approach;
pub mod cannon_pawn;
pub mod capturer;
pub mod chameleon;
pub mod coordinator;
pub mod custodian;
pub mod immobilizer;
pub mod line;
pub mod long_leaper;
pub mod paovao;
pub mod swapper;
pub mod withdrawal;

use crate::shape::Shape;
use crate::tables::Tables;

/// The board as the mechanisms see it, from the side to move.
#[derive(Clone, Copy)]
pub struct Scene<'a, S: Shape> {
    pub t: &'a Tables<S>,
    pub occ: S::B,
    pub own: S::B,
    pub enemy: S::B,
    /// The squares a move may enter without capturing: inside the edge ring in Rococo, the
    /// whole board where there is no ring.
    pub free: S::B,
}

/// Squares and sets of squares by name on the 8x8 board, for the mechanisms' tests.
#[cfg(test)]
pub(crate) mod test_board {
    use crate::geometry::Square;
    use crate::shape::{Board8x8, Shape};

    pub fn sq(name: &str) -> Square {
        Board8x8::DIMS.parse_square(name).expect("test square")
    }

    pub fn set(names: &[&str]) -> u64 {
        names.iter().fold(0, |b, n| b | 1 << sq(n))
    }
}
