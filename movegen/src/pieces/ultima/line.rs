//! A queen-line movement and every capture it makes: overtaking along the way, withdrawal
//! from the piece behind its start, approach of the piece beyond its end.
//!
//! The edge rule (RULES.md section 5) is settled here for all line movers at once. Along one
//! direction from a square, the squares entered are either all on the ring (the piece stands
//! on the ring and moves along it) or all inside it except possibly the last square of the
//! board. So a movement enters no edge square exactly when it ends inside the ring, and:
//! - a movement that captures nothing must end inside the ring;
//! - the movements that capture the same set are the landing squares of one *segment* (the
//!   empty squares between the start or a jumped piece and the next piece), apart from the
//!   last square before an approached piece, whose set is larger and unique. Of a segment,
//!   the squares inside the ring enter no edge square; if there are none, every square is on
//!   the ring and the nearest enters the fewest.

use super::approach::{approach_square, approachable, approached};
use super::long_leaper::{can_jump, overtaken};
use super::withdrawal::{withdrawal_directions, withdrawn};
use super::Scene;
use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::shape::Shape;
use crate::tables::{nearest, Tables};

/// The enemy pieces a line mover captures by each mechanism.
#[derive(Clone, Copy, Debug)]
pub struct LinePrey<B> {
    /// Pieces it may jump (and so capture) along its line.
    pub overtake: B,
    /// Pieces it captures by moving directly away from them.
    pub withdraw: B,
    /// Pieces it captures by stopping just before them.
    pub approach: B,
}

impl<B: Bitboard> LinePrey<B> {
    /// A piece that captures nothing by moving (Immobilizer, Swapper's slides).
    pub const NONE: LinePrey<B> =
        LinePrey { overtake: B::EMPTY, withdraw: B::EMPTY, approach: B::EMPTY };

    /// Any prey at all?
    #[inline(always)]
    pub fn any(&self) -> bool {
        (self.overtake | self.withdraw | self.approach).any()
    }
}

/// The destinations of the line movements of a piece on `from` (all plain from-to moves),
/// with the captures of `prey` and the edge rule of `scene.free`.
#[inline]
pub fn line_targets<S: Shape>(scene: &Scene<S>, from: Square, prey: &LinePrey<S::B>) -> S::B {
    let t = scene.t;
    let reach = t.queen(from, scene.occ);
    let blockers = reach & scene.occ;
    let mut targets = reach & !scene.occ & scene.free;
    // Directions with a capture need the segment-by-segment work; the others are plain.
    let mut dirs = withdrawal_directions(t, from, prey.withdraw);
    let met = approachable(t, from, blockers, prey.approach) | (blockers & prey.overtake);
    for piece in met.squares() {
        if let Some(d) = t.direction(from, piece) {
            dirs |= 1 << d;
        }
    }
    while dirs != 0 {
        let d = dirs.trailing_zeros() as usize;
        dirs &= dirs - 1;
        targets &= !t.rays[d][from as usize];
        targets |= direction_targets(scene, from, d, prey);
    }
    targets
}

/// The destinations of the movements of a piece on `from` in direction `d`, segment by
/// segment (see the module comment).
pub fn direction_targets<S: Shape>(
    scene: &Scene<S>,
    from: Square,
    d: usize,
    prey: &LinePrey<S::B>,
) -> S::B {
    let t = scene.t;
    let occ = scene.occ;
    let mut captures = withdrawn(t, d, from, prey.withdraw).any();
    let mut start = from;
    let mut out = S::B::EMPTY;
    loop {
        let reach = t.ray_until_blocked(d, start, occ);
        let mut segment = reach & !occ;
        let blocker = reach & occ;
        if (blocker & prey.approach).any() {
            // The square before the approached piece (none if it stands next to the start).
            let stop = approach_square(t, d, blocker.lowest()) & segment;
            out |= stop;
            segment &= !stop;
        }
        out |= edge_allowed(segment, scene.free, d, captures);
        if (blocker & prey.overtake).any() && can_jump(t, d, blocker.lowest(), occ) {
            start = blocker.lowest();
            captures = true;
        } else {
            return out;
        }
    }
}

/// Of the landing squares of one segment (all capturing the same set), those the edge rule
/// allows: inside the ring, or, if the segment captures and has none inside, the nearest.
#[inline(always)]
fn edge_allowed<B: Bitboard>(segment: B, free: B, d: usize, captures: bool) -> B {
    let inside = segment & free;
    if !captures || inside.any() {
        inside
    } else {
        nearest(d, segment)
    }
}

/// The pieces a line movement from `from` to the empty square `to` captures: the prey it
/// jumped, withdrew from and approached.
#[inline]
pub fn line_captures<S: Shape>(
    t: &Tables<S>,
    from: Square,
    to: Square,
    occ: S::B,
    prey: &LinePrey<S::B>,
) -> S::B {
    let Some(d) = t.direction(from, to) else { return S::B::EMPTY };
    (overtaken(t, from, to, occ) & prey.overtake)
        | withdrawn(t, d, from, prey.withdraw)
        | approached(t, d, to, prey.approach)
}

/// The pieces withdrawn from and approached by a movement from `from` to `to` along a line,
/// whatever it does in between (a Chameleon's hop, swap or king step).
#[inline]
pub fn end_captures<S: Shape>(
    t: &Tables<S>,
    from: Square,
    to: Square,
    prey: &LinePrey<S::B>,
) -> S::B {
    let Some(d) = t.direction(from, to) else { return S::B::EMPTY };
    withdrawn(t, d, from, prey.withdraw) | approached(t, d, to, prey.approach)
}
