//! Zobrist keys: one random 64-bit key per feature of a position, XORed together.
//! The keys come from a fixed-seed generator, so hashes are the same on every run.

use crate::geometry::Square;
use crate::piece::{Piece, MAX_KINDS};
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

/// splitmix64: a small generator with good statistical quality for key tables.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    fn build() -> Zobrist {
        let mut state = 0x5155_A000_0000_0001u64;
        let mut next = || splitmix(&mut state);
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
