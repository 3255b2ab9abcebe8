//! Making a move in a variant with drops: the board as in chess, then the hands and the
//! promoted marks. A captured piece goes to the capturer's hand (a promoted one as a pawn,
//! unless `dropLoop`); a promoted piece keeps its mark as it moves; a drop takes its piece
//! out of the hand. With Sissa's reserve keys a drop takes the queue's front (after a move,
//! too), a promotion the queue's back, and the exchange account is settled and a drop spends
//! a credit.

use super::super::rules::{FileRules, FileShape, FileVariant};
use super::hands::{account_hash, promoted_key, reserve_hash};
use super::reserve::{captured_by, pawns};
use super::Drops;
use super::Hands;
use crate::bitboard::Bitboard;
use crate::exchange;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::piece::Piece;
use crate::position::{Position, Undo};

type P<S> = Position<FileRules<S>>;

/// Plays `mv` (a board move or a pure drop) with its effects on hands and marks.
pub fn play<S: FileShape>(
    pos: &mut P<S>,
    file: &FileVariant<S>,
    drops: &Drops<S::B>,
    mv: Move,
    undo: &mut Undo<FileRules<S>>,
) {
    let us = pos.side();
    let before = pos.extra.drops;
    let mut state = before;
    let reserve = drops.def.reserve;
    if reserve.exchange_credits {
        let (credits, pending) = (&mut state.credits, &mut state.pending);
        exchange::settle(pawns(pos, file), credits, pending, us, mv, captured_by(pos, mv));
    }
    if let Some(kind) = mv.dropped_kind() {
        take_from_hand(&mut state, drops, us, kind);
        pos.set(mv.to(), Some(Piece::new(kind, us)), undo);
        if Some(kind) == file.def.pawn {
            pos.reset_halfmove();
        }
    } else {
        let victim = victim_square::<S>(pos, mv).and_then(|sq| pos.piece_at(sq).map(|p| (sq, p)));
        let bit = S::B::from_square;
        let moved_promoted = state.promoted.has(mv.from());
        crate::orthodox::apply_orthodox(pos, mv, undo);
        if drops.marks_promoted {
            state.promoted &= !bit(mv.from());
            if let Some((sq, _)) = victim {
                state.promoted &= !bit(sq);
            }
            if moved_promoted || mv.promotion().is_some() {
                state.promoted |= bit(mv.to());
            }
        }
        if let (true, Some((sq, piece))) = (drops.def.captures_to_hand, victim) {
            let demoted = drops.marks_promoted && before.promoted.has(sq);
            let kind = match (demoted, file.def.pawn) {
                (true, Some(pawn)) => pawn,
                _ => piece.kind(),
            };
            state.hands[us.index()].insert_sorted(kind);
        }
        if reserve.promotion_from_reserve && mv.promotion().is_some() {
            state.hands[us.index()].pop_back();
        }
        if let Some(sq) = mv.drop_square() {
            if let Some(kind) = state.hands[us.index()].front() {
                take_from_hand(&mut state, drops, us, kind);
                pos.set(sq, Some(Piece::new(kind, us)), undo);
            }
        }
    }
    let mut delta = 0;
    if state.hands[us.index()] != before.hands[us.index()] {
        let hash =
            |state: &Hands<S::B>| reserve_hash(&state.hands[us.index()], us.index(), reserve.queue);
        delta ^= hash(&before) ^ hash(&state);
    }
    if (state.credits, state.pending) != (before.credits, before.pending) {
        delta ^= account_hash(before.credits, before.pending)
            ^ account_hash(state.credits, state.pending);
    }
    for sq in (before.promoted ^ state.promoted).squares() {
        delta ^= promoted_key(sq);
    }
    pos.extra.drops = state;
    pos.toggle_hash(delta);
}

/// Takes a piece of type `kind` out of `us`'s hand (the front of a queue) for a drop, which
/// spends a credit where drops need one.
fn take_from_hand<B>(state: &mut Hands<B>, drops: &Drops<B>, us: Color, kind: Kind) {
    let hand = &mut state.hands[us.index()];
    if drops.def.reserve.queue {
        hand.pop_front();
    } else {
        hand.remove(kind);
    }
    if drops.def.reserve.exchange_credits {
        state.credits[us.index()] = state.credits[us.index()].saturating_sub(1);
    }
}

/// The square of the enemy piece `mv` takes, if it takes one.
fn victim_square<S: FileShape>(pos: &P<S>, mv: Move) -> Option<Square> {
    let us = pos.side();
    match mv.kind() {
        MoveKind::EnPassant => {
            let files = S::DIMS.files as i32;
            Some((mv.to() as i32 - files * us.forward()) as Square)
        }
        MoveKind::Castle => None,
        _ => pos.piece_at(mv.to()).filter(|p| p.color() != us).map(|_| mv.to()),
    }
}
