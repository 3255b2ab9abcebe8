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
//! that is defined rather than tuned.

use super::kind_index;
use super::ultima_family::play_on_board;
use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::geometry::Color;
use crate::moves::{Move, MoveCounter, MoveKind, MoveSink};
use crate::piece::Kind;
use crate::pieces::catalogue::{
    CHAMELEON, COORDINATOR, IMMOBILIZER, KING, LONG_LEAPER, PINCER_PAWN, WITHDRAWER,
};
use crate::pieces::ultima::capturer::Army;
use crate::pieces::ultima::Scene;
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

/// Every move the side `us` could make ignoring its own King's safety: suicides of its
/// frozen pieces (not the King) and the moves of the others.
fn pseudo_moves<Sk: MoveSink<B>>(pos: &Position<Ultima>, us: Color, sink: &mut Sk) {
    let t = Board8x8::tables();
    let own = pos.color(us);
    let stuck = ARMY.frozen(t, pos, us);
    for sq in (stuck & !pos.kind(K)).squares() {
        sink.push(Move::new(sq, sq, MoveKind::Suicide));
    }
    let scene = Scene { t, occ: pos.occupied(), own, enemy: pos.color(us.flip()), free: t.all };
    for sq in (own & !stuck).squares() {
        if let Some(piece) = pos.piece_at(sq) {
            ARMY.piece_moves(&scene, pos, us, sq, piece.kind(), 0, None, sink);
        }
    }
}

/// Could the side other than `c` capture `c`'s King, were it to move now?
fn king_capturable(pos: &Position<Ultima>, c: Color) -> bool {
    let Some(king) = pos.king_square(c) else { return false };
    let mut hunter = KingHunter { pos, king: B::from_square(king), found: false };
    pseudo_moves(pos, c.flip(), &mut hunter);
    hunter.found
}

/// A move sink that looks for a move capturing the King on `king`.
struct KingHunter<'a> {
    pos: &'a Position<Ultima>,
    king: B,
    found: bool,
}

impl MoveSink<B> for KingHunter<'_> {
    fn push(&mut self, mv: Move) {
        if !self.found {
            let captured = ARMY.captured_by(Board8x8::tables(), self.pos, None, mv);
            self.found = (captured & self.king).any();
        }
    }
}

/// A move sink that passes on the moves after which the mover's King is not capturable.
struct Legal<'a, Sk> {
    scratch: Position<Ultima>,
    sink: &'a mut Sk,
}

impl<Sk: MoveSink<B>> MoveSink<B> for Legal<'_, Sk> {
    fn push(&mut self, mv: Move) {
        let us = self.scratch.side();
        self.scratch.make(mv);
        let legal = !king_capturable(&self.scratch, us);
        self.scratch.unmake();
        if legal {
            self.sink.push(mv);
        }
    }
}

fn generate_moves<Sk: MoveSink<B>>(pos: &Position<Ultima>, sink: &mut Sk) {
    let us = pos.side();
    if pos.king_square(us).is_none() || pos.king_square(us.flip()).is_none() {
        return;
    }
    let mut legal = Legal { scratch: pos.clone(), sink };
    pseudo_moves(pos, us, &mut legal);
}

fn apply_move(pos: &mut Position<Ultima>, mv: Move, undo: &mut Undo<Ultima>) {
    let Some(mover) = pos.piece_at(mv.from()) else { return };
    let captured = ARMY.captured_by(Board8x8::tables(), pos, None, mv);
    play_on_board(pos, &ARMY, mv, captured, Some(mover), undo);
    undo.captured = captured.any();
    if captured.any() || mv.kind() == MoveKind::Suicide {
        pos.reset_halfmove();
    }
}

impl Rules for Ultima {
    type S = Board8x8;
    type Extra = ();
    const NAME: &'static str = "ultima";
    const HAS_CHECK: bool = true;

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
        apply_move(pos, mv, undo)
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
