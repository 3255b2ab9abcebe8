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
use super::withdrawal::{away_from, withdrawal_victims, withdrawn};
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

    /// The prey a line movement from `from` may capture (it never lands on them), as a set
    /// that holds them all: the withdrawal prey next to it, the approach and overtaking prey
    /// on its queen lines.
    #[inline]
    pub fn side_victims<S: Shape<B = B>>(&self, t: &Tables<S>, from: Square) -> B {
        let lines = t.queen(from, B::EMPTY);
        (self.withdraw & t.king[from as usize]) | ((self.approach | self.overtake) & lines)
    }
}

/// The destinations of the line movements of a piece on `from` (all plain from-to moves),
/// with the captures of `prey` and the edge rule of `scene.free`.
///
/// Most of it is one set: the empty squares in reach inside the ring, which are legal whatever
/// they capture. Only three things add squares to it, each looked at only where it occurs:
/// a withdrawal whose first segment has no square inside the ring (its nearest square then
/// captures with the fewest edge squares), an approach from the ring along the ring (inside
/// the ring the approach square is already in the set), and the segments beyond jumped pieces.
#[inline]
pub fn line_targets<S: Shape>(scene: &Scene<S>, from: Square, prey: &LinePrey<S::B>) -> S::B {
    line_targets_within(scene, from, scene.t.queen(from, scene.occ), prey)
}

/// [`line_targets`] for a caller that has the queen moves `reach` of the piece already (so
/// that a Chameleon or Swapper looks them up once for its movements and its swaps).
#[inline]
pub fn line_targets_within<S: Shape>(
    scene: &Scene<S>,
    from: Square,
    reach: S::B,
    prey: &LinePrey<S::B>,
) -> S::B {
    let t = scene.t;
    let empty = reach & !scene.occ;
    let mut targets = empty & scene.free;
    if !prey.any() {
        return targets;
    }
    // A withdrawal adds a square only when its whole segment lies outside `free`.
    if (empty & !scene.free).any() {
        for victim in withdrawal_victims(t, from, prey.withdraw).squares() {
            if let Some(d) = away_from(t, from, victim) {
                let segment = empty & t.rays[d][from as usize];
                if (segment & scene.free).is_empty() {
                    targets |= nearest(d, segment);
                }
            }
        }
    }
    let blockers = reach & scene.occ;
    if !scene.free.has(from) {
        for piece in approachable(t, from, blockers, prey.approach).squares() {
            if let Some(d) = t.direction(from, piece) {
                targets |= approach_square(t, d, piece);
            }
        }
    }
    for piece in (blockers & prey.overtake).squares() {
        if let Some(d) = t.direction(from, piece) {
            if can_jump(t, d, piece, scene.occ) {
                targets |= beyond_jump(scene, d, piece, prey);
            }
        }
    }
    targets
}

/// The landing squares beyond the jumped piece on `first`, segment by segment, each segment
/// capturing the pieces jumped so far (see the module comment).
fn beyond_jump<S: Shape>(scene: &Scene<S>, d: usize, first: Square, prey: &LinePrey<S::B>) -> S::B {
    let t = scene.t;
    let occ = scene.occ;
    let mut jumped = first;
    let mut out = S::B::EMPTY;
    loop {
        let reach = t.ray_until_blocked(d, jumped, occ);
        let mut segment = reach & !occ;
        let blocker = reach & occ;
        if (blocker & prey.approach).any() {
            // The square before the approached piece (none if it follows the jumped one).
            let stop = approach_square(t, d, blocker.lowest()) & segment;
            out |= stop;
            segment &= !stop;
        }
        out |= edge_allowed(segment, scene.free, d);
        if (blocker & prey.overtake).any() && can_jump(t, d, blocker.lowest(), occ) {
            jumped = blocker.lowest();
        } else {
            return out;
        }
    }
}

/// Of the landing squares of one segment beyond a jumped piece (all capturing the same set),
/// those the edge rule allows: inside the ring, or, if it has none inside, the nearest.
#[inline(always)]
fn edge_allowed<B: Bitboard>(segment: B, free: B, d: usize) -> B {
    let inside = segment & free;
    if inside.any() {
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
