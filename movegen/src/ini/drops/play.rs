//! Making a move in a variant with drops: the board as in chess, then the hands and the
//! promoted marks. A captured piece goes to the capturer's hand (a promoted one as a pawn,
//! unless `dropLoop`); a promoted piece keeps its mark as it moves; a drop takes its piece
//! out of the hand.

use super::super::rules::{FileRules, FileShape, FileVariant};
use super::hands::{hand_hash, promoted_key};
use super::Drops;
use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
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
    if let Some(kind) = mv.dropped_kind() {
        state.hands[us.index()].remove(kind);
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
    }
    let mut delta = 0;
    if state.hands[us.index()] != before.hands[us.index()] {
        delta ^= hand_hash(&before.hands[us.index()], us.index())
            ^ hand_hash(&state.hands[us.index()], us.index());
    }
    for sq in (before.promoted ^ state.promoted).squares() {
        delta ^= promoted_key(sq);
    }
    pos.extra.drops = state;
    pos.toggle_hash(delta);
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
