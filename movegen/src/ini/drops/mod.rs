//! Piece drops and captures to hand (the crazyhouse family), read from the format's keys:
//! [`keys`] (the keys), [`hands`] (the hands and promoted marks a position keeps, their hash
//! and FEN), [`moves`] (the drop moves) and [`play`] (making a move: captures go to hand, a
//! promoted piece goes back as a pawn, a drop leaves the hand); [`reserve`] adds Sissa's
//! reserve keys (UC-40's queue, exchange credits and drop after a move).
//!
//! A drop is the shared pure-drop move ([`crate::moves::Move::drop_of`]); the hands are the
//! shared [`crate::reserve::Reserve`] kept sorted, which evaluation reads through
//! [`crate::rules::Rules::reserve`] as it reads UC-40's reserve.

pub mod hands;
pub mod keys;
pub mod moves;
pub mod play;
pub mod reserve;

pub use hands::Hands;
pub use keys::DropsDef;

use crate::bitboard::Bitboard;
use crate::geometry::Color;
use crate::shape::Shape;

/// A variant's drop rules compiled for its board shape.
pub struct Drops<B> {
    pub def: DropsDef,
    /// Squares each side may drop a piece on, a pawn apart.
    pub region: [B; 2],
    /// Squares each side may drop a pawn on.
    pub pawn_region: [B; 2],
    /// Are promoted pieces marked, to go to hand as pawns when captured?
    pub marks_promoted: bool,
}

impl<B: Bitboard> Drops<B> {
    /// `promotion_region` is each side's; `region_bits` turns a file region into squares.
    pub fn compile<S: Shape<B = B>>(
        def: &DropsDef,
        promotion_region: [B; 2],
        region_bits: impl Fn(super::values::Region) -> B,
    ) -> Drops<B> {
        let t = S::tables();
        let ranks = S::DIMS.ranks as usize;
        let region = def.drop_region.map(|r| r.map_or(t.all, &region_bits));
        let mut pawn_region = region;
        for color in Color::BOTH {
            let i = color.index();
            if !def.promotion_zone_pawn_drops {
                pawn_region[i] &= !promotion_region[i];
            }
            if !def.first_rank_pawn_drops {
                let first = if color == Color::White { 0 } else { ranks - 1 };
                pawn_region[i] &= !t.rank_masks[first];
            }
        }
        Drops {
            def: def.clone(),
            region,
            pawn_region,
            marks_promoted: def.captures_to_hand && !def.drop_loop,
        }
    }

    /// Where a piece of type `kind` may be dropped, each side's.
    #[inline]
    pub fn region_for(&self, kind: crate::piece::Kind, pawn: Option<crate::piece::Kind>) -> [B; 2] {
        if Some(kind) == pawn {
            self.pawn_region
        } else {
            self.region
        }
    }

    /// Does a turn end with a drop after its move (`dropAfterMove`)?
    #[inline]
    pub fn after_move(&self) -> bool {
        self.def.reserve.drop_after_move
    }
}
