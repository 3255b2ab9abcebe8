//! The Chameleon: it moves as a queen to empty squares and captures each enemy piece only the
//! way that piece captures. A movement along a queen line makes every mimic capture it
//! realises at once: the withdrawal and approach of Pushme-Pullyus go with a plain slide, an
//! overtaking of Long Leapers, a hop onto a Cannon Pawn, a swap with a Swapper or a king step
//! onto the King alike. Mutual destruction with an adjacent enemy Swapper combines with
//! nothing. It never captures Chameleons or Immobilizers (no such prey is ever given).

use super::line::{line_targets, LinePrey};
use super::swapper::{destruction_victims, swap_partners};
use super::Scene;
use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{MoveKind, MoveSink};
use crate::shape::Shape;

/// The enemy pieces a Chameleon may capture, grouped by the mechanism that takes them.
#[derive(Clone, Copy, Debug)]
pub struct Mimicry<B> {
    /// Along its line: Long Leapers overtaken, pieces that capture by withdrawal or approach
    /// withdrawn from or approached.
    pub line: LinePrey<B>,
    /// Cannon Pawns, taken by a hop over an adjacent mount onto them.
    pub hop: B,
    /// Swappers, swapped with or destroyed together with the Chameleon.
    pub swap: B,
    /// Pieces taken by a king step onto them (the King).
    pub step: B,
}

/// Generates the moves of an unfrozen Chameleon on `from`. `banned` is the square it may not
/// swap with (the swap-back ban). Captures other than line movements capture a set no other
/// movement does, so the edge rule never forbids them.
#[inline]
pub fn chameleon_moves<S: Shape, K: MoveSink<S::B>>(
    scene: &Scene<S>,
    from: Square,
    mimic: &Mimicry<S::B>,
    banned: S::B,
    sink: &mut K,
) {
    let t = scene.t;
    let mut targets = line_targets(scene, from, &mimic.line);
    for landing in (t.queen_two[from as usize] & mimic.hop).squares() {
        let mount = (from as usize + landing as usize) / 2;
        if scene.occ.has(mount as Square) {
            targets |= S::B::from_square(landing);
        }
    }
    targets |= t.king[from as usize] & mimic.step;
    sink.push_targets(from, targets);
    if mimic.swap.any() {
        let swaps = swap_partners(t, from, scene.occ) & mimic.swap & !banned;
        sink.push_kind_targets(from, swaps, MoveKind::Swap);
        let victims = destruction_victims(t, from, mimic.swap);
        sink.push_kind_targets(from, victims, MoveKind::MutualDestruction);
    }
}
