//! A piece on the board: a piece type (an index into the variant's piece list) and a colour,
//! packed in one non-zero byte so that an empty square costs nothing extra.

use crate::geometry::Color;
use std::num::NonZeroU8;

/// Most piece types a variant may have (UC-40 has 41 with the pawn).
pub const MAX_KINDS: usize = 48;

/// Index of a piece type in its variant's piece list.
pub type Kind = u8;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece(NonZeroU8);

impl Piece {
    #[inline(always)]
    pub fn new(kind: Kind, color: Color) -> Piece {
        debug_assert!((kind as usize) < MAX_KINDS);
        // (kind + 1) * 2 + colour is at least 2, so never zero.
        match NonZeroU8::new(((kind + 1) << 1) | color as u8) {
            Some(v) => Piece(v),
            None => unreachable!("piece encoding is never zero"),
        }
    }

    #[inline(always)]
    pub fn kind(self) -> Kind {
        (self.0.get() >> 1) - 1
    }

    #[inline(always)]
    pub fn color(self) -> Color {
        if self.0.get() & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Dense index `kind * 2 + colour`, for per-piece tables.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0.get() as usize - 2
    }
}
