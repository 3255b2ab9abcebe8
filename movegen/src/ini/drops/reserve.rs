//! Sissa's reserve keys on the general generator (docs/variants.md, UC-40's reserve): the
//! drop after a move (`dropAfterMove`), the credit it needs (`dropCredits = exchange`, the
//! shared [`crate::exchange`] account), the queue's front as the only piece dropped
//! (`reserveOrder = queue`) and promotion into the queue's back (`promotionFromReserve`);
//! with the account's FEN fields.

use super::super::generate::{legal_after, After};
use super::super::rules::{FileRules, FileShape, FileVariant};
use super::Drops;
use crate::bitboard::Bitboard;
use crate::exchange;
use crate::fen::FenError;
use crate::moves::{Move, MoveKind, MoveSink};
use crate::piece::Kind;
use crate::position::Position;

type P<S> = Position<FileRules<S>>;

/// The enemy pieces `mv` takes (before it is made): the piece on its destination, or the
/// pawn taken en passant.
pub fn captured_by<S: FileShape>(pos: &P<S>, mv: Move) -> S::B {
    let us = pos.side();
    let enemy = pos.color(us.flip());
    match mv.kind() {
        MoveKind::EnPassant => {
            let files = S::DIMS.files as i32;
            S::B::from_square((mv.to() as i32 - files * us.forward()) as u8) & enemy
        }
        MoveKind::Castle => S::B::EMPTY,
        _ => S::B::from_square(mv.to()) & enemy,
    }
}

/// The squares of the pawns, which earn no credit when lost.
pub fn pawns<S: FileShape>(pos: &P<S>, file: &FileVariant<S>) -> S::B {
    file.def.pawn.map_or(S::B::EMPTY, |pawn| pos.kind(pawn))
}

/// Pushes `mv` with each drop after it that the rules allow, kept where the turn leaves the
/// own king safe: the queue's front (after a promotion took its back) onto each square of
/// the drop region left empty by the move, if the mover holds a credit or earns one by `mv`.
pub(in crate::ini) fn drops_after<S: FileShape, K: MoveSink<S::B>>(
    pos: &P<S>,
    file: &FileVariant<S>,
    drops: &Drops<S::B>,
    mv: Move,
    after: After<S::B>,
    sink: &mut K,
) {
    let us = pos.side();
    let state = &pos.extra.drops;
    let queue = &state.hands[us.index()];
    let promoted_from_queue = mv.promotion().is_some() && drops.def.reserve.promotion_from_reserve;
    if queue.len() < 1 + usize::from(promoted_from_queue) {
        return;
    }
    if drops.def.reserve.exchange_credits {
        let captured = captured_by(pos, mv);
        let (credits, pending) = (state.credits, state.pending);
        if !exchange::earns_or_has_credit(pawns(pos, file), credits, pending, us, mv, captured) {
            return;
        }
    }
    let Some(kind) = queue.front() else { return };
    let region = drops.region_for(kind, file.def.pawn)[us.index()];
    for sq in (region & !after.occ).squares() {
        let with_drop = After { occ: after.occ | S::B::from_square(sq), ..after };
        if legal_after(pos, file, with_drop) {
            sink.push(mv.with_drop(sq));
        }
    }
}

/// The type a pawn of the side to move promotes to from its queue: the back, if any.
pub fn promotion_from_queue<S: FileShape>(pos: &P<S>) -> Option<Kind> {
    pos.extra.drops.hands[pos.side().index()].back()
}

/// Reads the credits and pending fields (either may be left off); returns the fields after.
pub fn parse_account<'f, S: FileShape>(
    pos: &mut P<S>,
    fields: &'f [&'f str],
) -> Result<&'f [&'f str], FenError> {
    if let Some(credits) = fields.first() {
        pos.extra.drops.credits = exchange::parse_credits(credits)?;
    }
    if let Some(text) = fields.get(1) {
        let mover = pos.side().flip();
        let moved_piece_on = |sq| pos.piece_at(sq).is_some_and(|p| p.color() == mover);
        pos.extra.drops.pending = exchange::parse_pending(text, S::DIMS, moved_piece_on)?;
    }
    Ok(&fields[fields.len().min(2)..])
}

/// The credits and pending fields.
pub fn write_account<S: FileShape>(pos: &P<S>) -> [String; 2] {
    let state = &pos.extra.drops;
    exchange::write_fields(state.credits, state.pending, S::DIMS)
}
