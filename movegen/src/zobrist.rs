//! Zobrist keys: one random 64-bit key per feature of a position, XORed together.
//! The keys come from a fixed-seed generator, so hashes are the same on every run.

use crate::geometry::Square;
use crate::piece::{Piece, MAX_KINDS};
use crate::random::SplitMix64;
use std::sync::LazyLock;

/// Keys for features beyond the board (reserves, credits, pending exchanges, bans).
pub const EXTRA_KEYS: usize = 8192;

pub struct Zobrist {
    piece_square: Vec<u64>,
    pub side: u64,
    pub castling: [u64; 16],
    pub en_passant: [u64; 16],
    /// Free keys for variant state; each variant documents its own layout.
    pub extra: Vec<u64>,
}

impl Zobrist {
    fn build() -> Zobrist {
        let mut generator = SplitMix64::new(0x5155_A000_0000_0001);
        let mut next = || generator.next_u64();
        let piece_square = (0..(2 * MAX_KINDS + 2) * 128).map(|_| next()).collect();
        let side = next();
        let mut castling = [0; 16];
        // One key per right; a set of rights hashes as the XOR of its members.
        let right_keys: Vec<u64> = (0..4).map(|_| next()).collect();
        for (set, key) in castling.iter_mut().enumerate() {
            *key = (0..4).filter(|i| set & (1 << i) != 0).fold(0, |acc, i| acc ^ right_keys[i]);
        }
        let en_passant = std::array::from_fn(|_| next());
        let extra = (0..EXTRA_KEYS).map(|_| next()).collect();
        Zobrist { piece_square, side, castling, en_passant, extra }
    }

    #[inline(always)]
    pub fn piece(&self, piece: Piece, sq: Square) -> u64 {
        self.piece_square[piece.index() * 128 + (sq as usize & 127)]
    }
}

pub static ZOBRIST: LazyLock<Zobrist> = LazyLock::new(Zobrist::build);
