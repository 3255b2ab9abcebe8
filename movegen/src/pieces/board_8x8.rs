//! Squares of an 8x8 board by name, for the bent riders' tests.

use crate::bitboard::Bitboard;
use crate::geometry::{Dims, Square};

pub const D: Dims = Dims::new(8, 8);

pub fn sq(s: &str) -> Square {
    D.parse_square(s).unwrap()
}

/// The names of the squares of `b`, sorted.
pub fn names(b: u64) -> Vec<String> {
    let mut v: Vec<String> = b.squares().map(|s| D.square_name(s)).collect();
    v.sort();
    v
}
