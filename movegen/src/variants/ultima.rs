//! Ultima (Robert Abbott, 1962; also known as Baroque chess), RULES.md section 7, 8x8: an
//! internal definition for a variants-file section to name. It is not one of the built-in
//! variants a player picks by name.
//!
//! Pieces: `K` King, `P` Pincer Pawn, `W` Withdrawer, `L` Long Leaper, `O` Coordinator,
//! `C` Chameleon, `I` Immobilizer. Every piece is moved, and its captures worked out, by the
//! shared capturer from its catalogue entry ([`crate::pieces::ultima::capturer`]). What is
//! Ultima's own lives here: check is any capture of the King by any method, a move may not
//! leave its King capturable, and a player with no legal move loses (checkmated or
//! stalemated); only a capture or a suicide resets the fifty-move count.
//!
//! Legality is decided the plain way, by playing each move on a scratch copy and asking
//! whether any enemy move would then capture the King: exact, and fast enough for a game
//! that is defined rather than tuned. That generator is the family's
//! ([`super::ultima_family::legal_moves`]), shared with the variants a file defines.

use super::kind_index;
use super::ultima_family::{self, apply_family, legal_moves, FamilyRules};
use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::geometry::Color;
use crate::moves::{Move, MoveCounter, MoveSink};
use crate::piece::Kind;
use crate::pieces::catalogue::{
    CHAMELEON, COORDINATOR, IMMOBILIZER, KING, LONG_LEAPER, PINCER_PAWN, WITHDRAWER,
};
use crate::pieces::ultima::capturer::Army;
use crate::pieces::ultima::swapper::SwapBan;
use crate::pieces::PieceKind;
use crate::position::{Position, Undo};
use crate::rules::{Bb, Outcome, Rules};
use crate::shape::{Board8x8, Shape};
use crate::variant::{PawnRules, VariantDef};
use std::sync::LazyLock;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ultima;

/// RULES.md's start position (the Chess Variant Pages array).
pub const START_FEN: &str = "olcwkcli/pppppppp/8/8/8/8/PPPPPPPP/ILCKWCLO w - - 0 1";

pub const PIECES: [(&str, PieceKind); 7] = [
    ("K", KING),
    ("P", PINCER_PAWN),
    ("W", WITHDRAWER),
    ("L", LONG_LEAPER),
    ("O", COORDINATOR),
    ("C", CHAMELEON),
    ("I", IMMOBILIZER),
];

/// Ultima's pieces grouped by how they capture, for the shared capturer.
const ARMY: Army = Army::of(&PIECES);
const K: Kind = kind_index(&PIECES, "K");

static DEF: LazyLock<VariantDef<Board8x8>> =
    LazyLock::new(|| VariantDef::new("ultima", &PIECES, PawnRules::default(), None, START_FEN));

type B = u64;

/// Ultima's rules for the family's shared generator: no edge ring, no Cannon Pawns.
fn family() -> FamilyRules<'static, B> {
    FamilyRules {
        army: &ARMY,
        free: Board8x8::tables().all,
        king: K,
        promotion_zone: [0; 2],
        promotion_types: &[],
    }
}

fn king_capturable(pos: &Position<Ultima>, c: Color) -> bool {
    ultima_family::king_capturable(pos, &family(), c)
}

fn generate_moves<Sk: MoveSink<B>>(pos: &Position<Ultima>, sink: &mut Sk) {
    legal_moves(pos, &family(), SwapBan::NONE, sink)
}

impl Rules for Ultima {
    type S = Board8x8;
    type Extra = ();
    const NAME: &'static str = "ultima";
    const HAS_CHECK: bool = true;
    const ENDS_ONLY_WITHOUT_MOVES: bool = true;

    #[inline(always)]
    fn def() -> &'static VariantDef<Board8x8> {
        &DEF
    }

    fn is_capture(pos: &Position<Self>, mv: Move) -> bool {
        ARMY.captured_by(Board8x8::tables(), pos, None, mv).any()
    }

    fn generate<Sk: MoveSink<Bb<Self>>>(pos: &Position<Self>, sink: &mut Sk) {
        generate_moves(pos, sink)
    }

    fn apply(pos: &mut Position<Self>, mv: Move, undo: &mut Undo<Self>) {
        apply_family(pos, &ARMY, mv, undo);
    }

    fn in_check(pos: &Position<Self>) -> bool {
        king_capturable(pos, pos.side())
    }

    /// A player with no legal move loses, checkmated or stalemated.
    fn outcome(pos: &Position<Self>) -> Option<Outcome> {
        let mut count = MoveCounter::default();
        generate_moves(pos, &mut count);
        if count.0 > 0 {
            return None;
        }
        let winner = pos.side().flip();
        if king_capturable(pos, pos.side()) {
            Some(Outcome::Win(winner, "checkmate"))
        } else {
            Some(Outcome::Win(winner, "stalemate"))
        }
    }

    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        for c in Color::BOTH {
            if pos.pieces(K, c).count() != 1 {
                return Err(FenError::new(format!("{c:?} must have exactly one King")));
            }
        }
        if king_capturable(pos, pos.side().flip()) {
            return Err(FenError::new("the side not to move is in check"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
