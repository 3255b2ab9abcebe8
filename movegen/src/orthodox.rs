//! Making orthodox moves (plain moves and captures, pawn double steps, en passant, promotion,
//! castling) and the orthodox game end; shared by every variant that has these moves.

use crate::geometry::Color;
use crate::moves::{Move, MoveCounter, MoveKind};
use crate::piece::Piece;
use crate::position::{Position, Undo, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use crate::rules::{Outcome, Rules};
use crate::shape::Shape;

/// Plays an orthodox move on the board, keeping castling rights, the en passant square and
/// the halfmove clock.
pub fn apply_orthodox<R: Rules>(pos: &mut Position<R>, mv: Move, undo: &mut Undo<R>) {
    let def = R::def();
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = pos.piece_at(from) else { return };
    let us = piece.color();
    let files = R::S::DIMS.files as i32;
    match mv.kind() {
        MoveKind::Castle => {
            let kingside = to > from;
            let right = match (us, kingside) {
                (Color::White, true) => 0,
                (Color::White, false) => 1,
                (Color::Black, true) => 2,
                (Color::Black, false) => 3,
            };
            let rook_from = pos.castle_rook(right);
            let rook = pos.piece_at(rook_from);
            let rook_to = match def.castling {
                Some(c) => def.back_rank_square(us, c.rook_to[if kingside { 0 } else { 1 }]),
                None => rook_from,
            };
            pos.set(from, None, undo);
            pos.set(rook_from, None, undo);
            pos.set(to, Some(piece), undo);
            pos.set(rook_to, rook, undo);
        }
        MoveKind::EnPassant => {
            let victim = (to as i32 - files * us.forward()) as u8;
            pos.set(victim, None, undo);
            pos.move_piece(from, to, undo);
            undo.captured = true;
            pos.reset_halfmove();
        }
        MoveKind::DoubleStep => {
            pos.move_piece(from, to, undo);
            pos.set_ep(Some((from as i32 + files * us.forward()) as u8));
            pos.reset_halfmove();
        }
        _ => {
            if pos.piece_at(to).is_some() {
                undo.captured = true;
                pos.reset_halfmove();
            }
            if Some(piece.kind()) == def.pawn {
                pos.reset_halfmove();
            }
            match mv.promotion() {
                Some(kind) => {
                    pos.set(to, Some(Piece::new(kind, us)), undo);
                    pos.set(from, None, undo);
                }
                None => pos.move_piece(from, to, undo),
            }
        }
    }
    if pos.castling() != 0 {
        update_castling_rights(pos, from, to, piece);
    }
}

/// A king move loses both its rights; a move from or to a castling rook's square loses that
/// rook's right.
fn update_castling_rights<R: Rules>(pos: &mut Position<R>, from: u8, to: u8, piece: Piece) {
    let mut lost = 0u8;
    for (i, bit) in [CASTLE_WK, CASTLE_WQ, CASTLE_BK, CASTLE_BQ].into_iter().enumerate() {
        let rook = pos.castle_rook(i);
        if pos.castling() & bit != 0 && (from == rook || to == rook) {
            lost |= bit;
        }
    }
    if piece.kind() == R::def().king {
        lost |= match piece.color() {
            Color::White => CASTLE_WK | CASTLE_WQ,
            Color::Black => CASTLE_BK | CASTLE_BQ,
        };
    }
    pos.clear_castling(lost);
}

/// Checkmate and stalemate, for variants where a move may not leave one's king attacked.
pub fn orthodox_outcome<R: Rules>(pos: &Position<R>) -> Option<Outcome> {
    let mut count = MoveCounter::default();
    R::generate(pos, &mut count);
    if count.0 > 0 {
        None
    } else if R::in_check(pos) {
        Some(Outcome::Win(pos.side().flip(), "checkmate"))
    } else {
        Some(Outcome::Draw("stalemate"))
    }
}
