//! Rolling Kings (Peter Aronson), 8x8, RULES.md section 4.
//!
//! A turn is a move of any piece but the King, after which the mover's King steps by itself
//! to its next square on the King-line ([`king_line`], stepped by [`crate::king_walk`]), capturing whatever stands there, own
//! pieces included, but never the enemy King. There is no check; capturing the enemy King
//! with any piece wins at once, and that move has no King step. A move is legal only if the
//! mover's King can step afterwards (its next square exists and does not hold the enemy
//! King) or the move captures the enemy King; no legal move is stalemate, a draw (the seed's
//! Kings meeting on h4 and h5).
//!
//! Pieces: Q R B N as in chess; pawns without double step or en passant, promoting to
//! U, Q, R, B or N; the Mock King `U`, not royal, makes a king step or slides along the
//! King-line either way.

pub mod king_line;

use super::{kind_index, kinds_by_code};
use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::geometry::Color;
use crate::king_walk;
use crate::moves::{Move, MoveCounter, MoveSink};
use crate::orthodox::apply_orthodox;
use crate::piece::Kind;
use crate::pieces::catalogue::{BISHOP, KING, KNIGHT, MOCK_KING, PAWN, QUEEN, ROOK};
use crate::pieces::PieceKind;
use crate::position::{Position, Undo};
use crate::pseudo::Pseudo;
use crate::rules::{Bb, Outcome, Rules};
use crate::shape::{Board8x8, Shape};
use crate::variant::{PawnRules, VariantDef};
use std::sync::LazyLock;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RollingKings;

/// RULES.md's start position: each army one rank forward, the Kings alone on the back ranks.
pub const START_FEN: &str = "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w - - 0 1";

/// The pieces in type order; the `*_TYPE` constants below are indices into it.
const PIECES: [(&str, PieceKind); 7] = [
    ("K", KING),
    ("U", MOCK_KING),
    ("Q", QUEEN),
    ("R", ROOK),
    ("B", BISHOP),
    ("N", KNIGHT),
    ("P", PAWN),
];
const KING_TYPE: Kind = kind_index(&PIECES, "K");
const MOCK_KING_TYPE: Kind = kind_index(&PIECES, "U");
const PAWN_TYPE: Kind = kind_index(&PIECES, "P");

static DEF: LazyLock<VariantDef<Board8x8>> = LazyLock::new(|| {
    VariantDef::new(
        "rollingkings",
        &PIECES,
        PawnRules {
            double_step: false,
            en_passant: false,
            promotion: kinds_by_code(&PIECES, &["U", "Q", "R", "B", "N"]),
        },
        None,
        START_FEN,
    )
});

/// Mock King moves: a king step or a slide along the King-line, each square once.
#[inline(always)]
fn mock_king_moves<K: MoveSink<u64>>(cx: &Pseudo<RollingKings>, sink: &mut K) {
    let mock_kings = cx.pos.pieces(MOCK_KING_TYPE, cx.us);
    if mock_kings.is_empty() {
        return;
    }
    let occ_on_line = king_line::line_order(cx.occ);
    for sq in mock_kings.squares() {
        cx.push_reach(sq, cx.t.king[sq as usize] | king_line::slides(sq, occ_on_line), sink);
    }
}

impl Rules for RollingKings {
    type S = Board8x8;
    type Extra = ();
    const NAME: &'static str = "rollingkings";
    const HAS_CHECK: bool = false;

    #[inline(always)]
    fn def() -> &'static VariantDef<Board8x8> {
        &DEF
    }

    fn generate<K: MoveSink<Bb<Self>>>(pos: &Position<Self>, sink: &mut K) {
        let Some(allowed) = king_walk::allowed_targets(pos, KING_TYPE, king_line::next_square)
        else {
            return;
        };
        let cx = Pseudo::new(pos, allowed);
        cx.plain_and_pawn_moves(sink);
        mock_king_moves(&cx, sink);
    }

    /// The player's move as in chess (captures and pawn moves reset the clock, promotion),
    /// then the King's step.
    fn apply(pos: &mut Position<Self>, mv: Move, undo: &mut Undo<Self>) {
        let Some(piece) = pos.piece_at(mv.from()) else { return };
        let takes_king = pos.piece_at(mv.to()).is_some_and(|v| v.kind() == KING_TYPE);
        apply_orthodox(pos, mv, undo);
        // Capturing the enemy King ends the game at once, without the King's step.
        if !takes_king {
            king_walk::king_step(pos, KING_TYPE, piece.color(), king_line::next_square, undo);
        }
    }

    fn in_check(_pos: &Position<Self>) -> bool {
        false
    }

    fn outcome(pos: &Position<Self>) -> Option<Outcome> {
        let us = pos.side();
        for side in [us, us.flip()] {
            if pos.pieces(KING_TYPE, side).is_empty() {
                return Some(Outcome::Win(side.flip(), "king captured"));
            }
        }
        let mut count = MoveCounter::default();
        Self::generate(pos, &mut count);
        (count.0 == 0).then_some(Outcome::Draw("stalemate"))
    }

    /// At most one King each, and the side that has just moved still has its King (the side
    /// to move may have lost its King: the game is over); no pawn on a first or last rank.
    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        for c in Color::BOTH {
            if pos.pieces(KING_TYPE, c).several() {
                return Err(FenError::new(format!("{c:?} has more than one King")));
            }
        }
        if pos.pieces(KING_TYPE, pos.side().flip()).is_empty() {
            return Err(FenError::new(format!(
                "{:?} has no King but has just moved",
                pos.side().flip()
            )));
        }
        let t = Self::S::tables();
        let edge = t.rank_masks[0] | t.rank_masks[7];
        if (pos.kind(PAWN_TYPE) & edge).any() {
            return Err(FenError::new("a pawn stands on the first or last rank"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_indices_match_the_piece_list() {
        assert_eq!(DEF.king, KING_TYPE);
        assert_eq!(DEF.kind_of_code("U"), Some(MOCK_KING_TYPE));
        assert_eq!(DEF.pawn, Some(PAWN_TYPE));
    }
}
