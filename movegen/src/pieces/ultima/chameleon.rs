//! The Chameleon: it moves as a queen to empty squares and captures each enemy piece only the
//! way that piece captures. A movement along a queen line makes every mimic capture it
//! realises at once: the withdrawal and approach of Pushme-Pullyus (Rococo) or of Withdrawers
//! and Advancers (UC-40) go with a plain slide, an overtaking of Long Leapers, a hop, a swap
//! with a Swapper, or a landing capture along the line (a king step onto the King; in UC-40
//! a pawn's diagonal step, en passant, or a slide or straight leap of an ordinary piece)
//! alike. A landing capture by a knight-like leap or a bent path takes only its victim.
//! Mutual destruction with an adjacent enemy Swapper combines with nothing. It never
//! captures Chameleons or Immobilizers (no such prey is ever given).
//!
//! Ultima's Pincer Pawns and Coordinators are taken at the Chameleon's destination: pawns by
//! custodianship after an orthogonal movement only (a pawn moves as a rook), Coordinators on
//! the squares where the Chameleon's lines cross its own King's. These add no destination,
//! and go with every movement along a line (no variant has them beside Swappers, so a swap
//! makes neither).

use super::coordinator::coordinated;
use super::custodian::pinched;
use super::line::{end_captures, line_captures, line_targets_within, LinePrey};
use super::swapper::destruction_victims;
use super::Scene;
use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{MoveKind, MoveSink};
use crate::shape::Shape;
use crate::tables::Tables;

/// The enemy pieces one Chameleon, on its square, may capture, grouped by the mechanism that
/// takes them. The variant fills in what its own pieces capture by; a mechanism it does not
/// have is left empty.
#[derive(Clone, Copy, Debug)]
pub struct Mimicry<B> {
    /// Along its line: Long Leapers overtaken, pieces that capture by withdrawal or approach
    /// withdrawn from or approached.
    pub line: LinePrey<B>,
    /// Swappers, swapped with or destroyed together with the Chameleon.
    pub swap: B,
    /// Pieces that capture by landing on their victim, where their own capturing move from the
    /// Chameleon's square lands: a King one step away, a pawn on its diagonal, a UC-40
    /// ordinary piece on its lines, leaps and paths, a hopper (Rococo's Cannon Pawn, UC-40's
    /// PaoVao) where its hop lands.
    pub landing: B,
    /// Of `landing`, those reached by a movement along one queen line (a slide, a step, a
    /// straight leap or a hop), which also makes the withdrawal and approach captures.
    pub straight: B,
    /// For a Chameleon whose pawn step reaches the en passant square: that square, and the
    /// enemy pawn that stepping onto it takes.
    pub en_passant: Option<(Square, Square)>,
    /// Pincer Pawns, pinched at its destination after an orthogonal movement.
    pub pinch: B,
    /// The Chameleon's own pieces, which may hold the far side of a pinch (not itself).
    pub partners: B,
    /// Coordinators, taken where its destination's lines cross those of `king`.
    pub coordinate: B,
    /// The square of the Chameleon's own King, if any.
    pub king: Option<Square>,
}

impl<B: Bitboard> Mimicry<B> {
    /// A Chameleon with nothing to capture.
    pub const NONE: Mimicry<B> = Mimicry {
        line: LinePrey::NONE,
        swap: B::EMPTY,
        landing: B::EMPTY,
        straight: B::EMPTY,
        en_passant: None,
        pinch: B::EMPTY,
        partners: B::EMPTY,
        coordinate: B::EMPTY,
        king: None,
    };

    /// The enemy pieces a move of this Chameleon may capture on squares other than its
    /// destination (its withdrawal, approach, overtaking and en passant victims), as a set
    /// that holds them all: every queen line from `from` for the line prey.
    #[inline]
    pub fn side_victims<S: Shape<B = B>>(&self, t: &Tables<S>, from: Square) -> B {
        let ep_victim = match self.en_passant {
            Some((_, victim)) => B::from_square(victim),
            None => B::EMPTY,
        };
        self.line.side_victims(t, from) | ep_victim | self.pinch | self.coordinate
    }

    /// The enemy pieces a movement from `from` ending on `to` takes at its destination by
    /// custodianship and coordination.
    #[inline]
    fn destination_captures<S: Shape<B = B>>(&self, t: &Tables<S>, from: Square, to: Square) -> B {
        let mut out = B::EMPTY;
        if self.pinch.any() && matches!(t.direction(from, to), Some(d) if d % 2 == 0) {
            out |= pinched(t, to, self.pinch, self.partners);
        }
        if self.coordinate.any() {
            out |= coordinated(t, to, self.king, self.coordinate);
        }
        out
    }
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
    let reach = t.queen(from, scene.occ);
    let targets = line_targets_within(scene, from, reach, &mimic.line) | mimic.landing;
    sink.push_targets(from, targets);
    if mimic.swap.any() {
        // The first piece met along each line, if it is an enemy Swapper.
        let swaps = reach & mimic.swap & !banned;
        sink.push_kind_targets(from, swaps, MoveKind::Swap);
        let victims = destruction_victims(t, from, mimic.swap);
        sink.push_kind_targets(from, victims, MoveKind::MutualDestruction);
    }
}

/// The enemy pieces a generated move of this Chameleon from `from` to `to` removes (for
/// mutual destruction, the destroyed Swapper). `occ` is the board before the move.
#[inline]
pub fn chameleon_captures<S: Shape>(
    t: &Tables<S>,
    from: Square,
    to: Square,
    kind: MoveKind,
    occ: S::B,
    mimic: &Mimicry<S::B>,
) -> S::B {
    let to_bit = S::B::from_square(to);
    match kind {
        MoveKind::MutualDestruction => to_bit & mimic.swap,
        MoveKind::Swap => end_captures(t, from, to, &mimic.line),
        _ => {
            // A straight landing capture (a hop included) also moves along a line.
            if (to_bit & mimic.straight).any() {
                to_bit
                    | end_captures(t, from, to, &mimic.line)
                    | mimic.destination_captures(t, from, to)
            } else if (to_bit & mimic.landing).any() {
                to_bit
            } else {
                let passed = match mimic.en_passant {
                    Some((square, victim)) if square == to => S::B::from_square(victim),
                    _ => S::B::EMPTY,
                };
                line_captures(t, from, to, occ, &mimic.line)
                    | passed
                    | mimic.destination_captures(t, from, to)
            }
        }
    }
}
