//! The Cannon Pawn: a step in any of the eight directions to an empty square, or a hop over an
//! adjacent piece of either colour (the mount) to the square just beyond it, which is empty
//! (a move) or holds an enemy (a capture). All pawns of a side are moved at once, one
//! direction at a time, by shifting their set.

use super::Scene;
use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{MoveKind, MoveSink};
use crate::shape::Shape;
use crate::tables::Tables;

/// Generates the moves of the unfrozen Cannon Pawns `pawns`. A move that captures nothing
/// must stay inside `scene.free` (a hop that stays inside has its mount inside too); a
/// capture may land anywhere. Each move landing in `zone` is also offered with a promotion
/// to each type of `promotions`.
#[inline]
pub fn cannon_pawn_moves<S: Shape, K: MoveSink<S::B>>(
    scene: &Scene<S>,
    pawns: S::B,
    zone: S::B,
    promotions: &[u8],
    sink: &mut K,
) {
    let t = scene.t;
    let empty_inside = !scene.occ & scene.free;
    for d in 0..8 {
        let delta = t.delta(d);
        let steps = t.shift(pawns & t.step_sources[d], d, 1) & empty_inside;
        push(steps, delta, zone, promotions, sink);
        // A pawn whose neighbour in direction d is occupied has a mount there.
        let mounted = pawns & t.hop_sources[d] & t.shift(scene.occ, d, -1);
        let hops = t.shift(mounted, d, 2) & (scene.enemy | empty_inside);
        push(hops, 2 * delta, zone, promotions, sink);
    }
}

/// The squares of `onto` that a hop from `from` over an adjacent mount reaches (for a
/// Chameleon taking Cannon Pawns as they capture).
#[inline]
pub fn hop_landings_on<S: Shape>(t: &Tables<S>, from: Square, occ: S::B, onto: S::B) -> S::B {
    let mut out = S::B::EMPTY;
    for landing in (t.queen_two[from as usize] & onto).squares() {
        let mount = (from as usize + landing as usize) / 2;
        if occ.has(mount as Square) {
            out |= S::B::from_square(landing);
        }
    }
    out
}

#[inline(always)]
fn push<B: Bitboard, K: MoveSink<B>>(
    targets: B,
    back: i32,
    zone: B,
    promotions: &[u8],
    sink: &mut K,
) {
    sink.push_pawn_moves(targets, back, MoveKind::Normal);
    if !promotions.is_empty() {
        sink.push_pawn_promotions(targets & zone, back, promotions);
    }
}
