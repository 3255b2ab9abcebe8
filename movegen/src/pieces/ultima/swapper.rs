//! The Swapper: it exchanges places with the first piece of either colour along a queen line,
//! or, next to an enemy piece, removes that piece and itself (mutual destruction). A swap
//! between a Swapper and an opposing Swapper or Chameleon may not be undone on the very next
//! ply (the swap-back ban). A Chameleon swaps with and destroys enemy Swappers the same way.

use super::Scene;
use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{MoveKind, MoveSink};
use crate::shape::Shape;
use crate::tables::Tables;

/// The swap-back ban: the squares of the swap that created it (from, to of the piece that
/// swapped), forbidding a swap between those two squares on the next ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SwapBan(pub Option<(Square, Square)>);

impl SwapBan {
    pub const NONE: SwapBan = SwapBan(None);

    /// The square a piece on `sq` may not swap with now, as a set (empty if none).
    #[inline(always)]
    pub fn banned_partner<B: Bitboard>(self, sq: Square) -> B {
        match self.0 {
            Some((a, b)) if a == sq => B::from_square(b),
            Some((a, b)) if b == sq => B::from_square(a),
            _ => B::EMPTY,
        }
    }
}

/// What a piece is to the swap-back ban.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapRole {
    Swapper,
    Chameleon,
    Other,
}

/// Does a swap create the ban? Only a swap between a Swapper and an opposing Swapper or
/// Chameleon, whichever of the two made it.
#[inline]
pub fn creates_ban(mover: SwapRole, partner: SwapRole, opposing: bool) -> bool {
    use SwapRole::*;
    opposing
        && matches!(
            (mover, partner),
            (Swapper, Swapper) | (Swapper, Chameleon) | (Chameleon, Swapper)
        )
}

/// The pieces a Swapper may swap with: the first piece along each queen line, given its
/// queen moves `reach` (which end on those pieces).
#[inline(always)]
pub fn swap_partners<B: Bitboard>(reach: B, occ: B) -> B {
    reach & occ
}

/// The adjacent pieces of `prey` a piece on `from` may destroy together with itself.
#[inline(always)]
pub fn destruction_victims<S: Shape>(t: &Tables<S>, from: Square, prey: S::B) -> S::B {
    t.king[from as usize] & prey
}

/// Generates the moves of an unfrozen Swapper on `from`: queen slides to empty squares inside
/// `scene.free` (they capture nothing), swaps with the first piece along each line except
/// `banned` (the swap-back ban), and mutual destruction with each adjacent enemy piece.
#[inline]
pub fn swapper_moves<S: Shape, K: MoveSink<S::B>>(
    scene: &Scene<S>,
    from: Square,
    banned: S::B,
    sink: &mut K,
) {
    let t = scene.t;
    let reach = t.queen(from, scene.occ);
    sink.push_targets(from, reach & !scene.occ & scene.free);
    let swaps = swap_partners(reach, scene.occ) & !banned;
    sink.push_kind_targets(from, swaps, MoveKind::Swap);
    let victims = destruction_victims(t, from, scene.enemy);
    sink.push_kind_targets(from, victims, MoveKind::MutualDestruction);
}

/// The squares a piece on `from` could capture on by mutual destruction: its neighbours.
#[inline(always)]
pub fn destruction_reach<S: Shape>(t: &Tables<S>, from: Square) -> S::B {
    t.king[from as usize]
}

/// Can a piece on `from` destroy the piece on `target` together with itself (a neighbour)?
#[inline(always)]
pub fn can_destroy<S: Shape>(t: &Tables<S>, from: Square, target: Square) -> bool {
    destruction_reach(t, from).has(target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::ultima::test_board::sq;
    use crate::shape::{Board8x8, Shape};

    #[test]
    fn destruction_takes_neighbours_only() {
        let t = Board8x8::tables();
        assert!(can_destroy(t, sq("e4"), sq("f5")));
        assert!(can_destroy(t, sq("e4"), sq("e3")));
        assert!(!can_destroy(t, sq("e4"), sq("e6")));
        assert!(!can_destroy(t, sq("a1"), sq("h1")));
    }
}
