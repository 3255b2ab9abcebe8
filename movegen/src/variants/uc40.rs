//! UC-40 (Carlos Cetina), RULES.md section 6: forty piece types on 8x8, a reserve of 32
//! pieces per side, drop credits earned by exchanges, drops after a move, promotion to the
//! back of the drop order.
//!
//! The pieces move and capture through shared mechanisms: the King and the ordinary pieces by
//! their catalogue entries ([`crate::pieces`]), the pawns by the shared pawn rules, the PaoVao
//! and the six Rococo pieces by the Ultima parts ([`crate::pieces::ultima`]) on a board
//! without an edge ring. What is special about UC-40 lives in this module and its parts:
//! - [`state`]: the reserves, credits, pending exchange and swap-back ban (`Extra`), and
//!   their zobrist keys;
//! - [`generate`]: which mechanism moves each piece, and UC-40's pawn promotion;
//! - [`captures`]: which mechanism each piece captures by, and which pieces a move removes;
//! - [`check`]: which capture powers can take the King, and freezing;
//! - [`legal`]: legality judged after the whole turn (move and drop);
//! - the exchange ruling that turns captures into drop credits is the shared
//!   [`crate::exchange`];
//! - [`fen`]: the reserves and the extra FEN fields; [`setup`]: seeded random setups.

mod captures;
mod check;
mod fen;
mod generate;
mod legal;
pub mod setup;
pub mod state;
#[cfg(test)]
mod tests;

use super::ultima_family::play_on_board;

use crate::fen::FenError;
use crate::geometry::Color;
use crate::moves::{Move, MoveKind, MoveSink};
use crate::piece::{Kind, Piece};
use crate::pieces::catalogue::*;
use crate::pieces::ultima::capturer::Army;
use crate::pieces::PieceKind;
use crate::position::{Position, Undo};
use crate::rules::{Bb, Outcome, Rules, Setup};
use crate::shape::{Board8x8, Shape};
use crate::variant::{PawnRules, VariantDef};
pub use state::State;
use std::sync::LazyLock;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Uc40;

/// The piece types in the order of the RULES.md table, then the pawn; the index is the type.
pub const PIECES: [(&str, PieceKind); 41] = [
    ("K", KING),
    ("Q", QUEEN),
    ("R", ROOK),
    ("N", KNIGHT),
    ("A", AMAZON),
    ("Q'", CAMEL_QUEEN),
    ("S", SISSA),
    ("O", ROSE),
    ("D", DANCING_HORSE),
    ("D'", DRAGON),
    ("U", ARCHBISHOPRIDER),
    ("N'", NIGHTRIDER),
    ("G", GRYPHON),
    ("J", AANCA),
    ("M", CHANCELLOR),
    ("C", ARCHBISHOP),
    ("R'", DRAGON_KING),
    ("B", DRAGON_HORSE),
    ("B'", BUFFALO),
    ("G'", GNU),
    ("E", ELEPHANT_SIEGE),
    ("T", SIEGE_ENGINE),
    ("D!", KNIGHT_DABBABA),
    ("E!", KNIGHT_ALFIL),
    ("G!", KNIGHT_GUARD),
    ("W!", KNIGHT_WAZIR),
    ("F!", KNIGHT_FERZ),
    ("O'", WOODY_ROOK),
    ("F'", WARMACHINE_FERZ),
    ("W'", WAFFLE),
    ("E'", ELEPHANT_FERZ),
    ("F", FAD),
    ("H", HARVESTMAN),
    ("V", PAOVAO),
    ("Y", ADVANCER),
    ("W", WITHDRAWER),
    ("X", CHAMELEON),
    ("I", IMMOBILIZER),
    ("L", LONG_LEAPER),
    ("Z", SWAPPER),
    ("P", PAWN),
];

/// The types the rules name, by their index in [`PIECES`].
pub mod kinds {
    use super::PIECES;
    use crate::piece::Kind;
    use crate::variants::kind_index;
    pub const KING: Kind = kind_index(&PIECES, "K");
    pub const PAOVAO: Kind = kind_index(&PIECES, "V");
    pub const ADVANCER: Kind = kind_index(&PIECES, "Y");
    pub const WITHDRAWER: Kind = kind_index(&PIECES, "W");
    pub const CHAMELEON: Kind = kind_index(&PIECES, "X");
    pub const IMMOBILIZER: Kind = kind_index(&PIECES, "I");
    pub const LONG_LEAPER: Kind = kind_index(&PIECES, "L");
    pub const SWAPPER: Kind = kind_index(&PIECES, "Z");
    pub const PAWN: Kind = kind_index(&PIECES, "P");
    /// Number of types, the pawn included.
    pub const COUNT: usize = PIECES.len();
}

/// UC-40's pieces grouped by how they capture, for the shared capturer.
pub(crate) const ARMY: Army = Army::of(&PIECES);

/// The start position of seed 0 (`sissa startfen --variant uc40`), kept as text so that the
/// variant's tables do not depend on the setup search; a test checks that they agree.
pub const START_FEN: &str = "zyq'd!so'kg!/pppppppp/8/8/8/8/PPPPPPPP/ZYQ'D!SO'KG![R'QIROCDD'LAJEBWF!UW'W!N'F'B'E'HTFGVE!MG'NX/r'qirocdd'lajebwf!uw'w!n'f'b'e'htfgve!mg'nx] w - - 0 1 0,0 -";

static DEF: LazyLock<VariantDef<Board8x8>> = LazyLock::new(|| {
    VariantDef::new(
        "uc40",
        &PIECES,
        // Promotion is to the last piece of the drop order, not to a chosen type.
        PawnRules { double_step: true, en_passant: true, promotion: Vec::new() },
        None,
        START_FEN,
    )
});

impl Rules for Uc40 {
    type S = Board8x8;
    type Extra = State;
    const NAME: &'static str = "uc40";
    const HAS_CHECK: bool = true;
    const ENDS_ONLY_WITHOUT_MOVES: bool = true;
    const RANDOM_SETUP: bool = true;

    #[inline(always)]
    fn def() -> &'static VariantDef<Board8x8> {
        &DEF
    }

    fn start_fen(setup: &Setup) -> String {
        setup::start_fen(setup.seed)
    }

    fn is_capture(pos: &Position<Self>, mv: Move) -> bool {
        captures::captured_by(pos, pos.ep_square(), mv) != 0
    }

    fn generate<K: MoveSink<Bb<Self>>>(pos: &Position<Self>, sink: &mut K) {
        legal::generate_turns(pos, sink);
    }

    fn apply(pos: &mut Position<Self>, mv: Move, undo: &mut Undo<Self>) {
        play(pos, mv, undo);
    }

    fn in_check(pos: &Position<Self>) -> bool {
        check::king_attacked(pos, pos.side())
    }

    fn outcome(pos: &Position<Self>) -> Option<Outcome> {
        crate::orthodox::orthodox_outcome(pos)
    }

    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        fen::validate(pos)
    }

    fn parse_extra(
        pos: &mut Position<Self>,
        holdings: Option<&str>,
        fields: &[&str],
    ) -> Result<(), FenError> {
        fen::parse_extra(pos, holdings, fields)
    }

    fn write_extra(pos: &Position<Self>) -> (Option<String>, Vec<String>) {
        fen::write_extra(pos)
    }

    fn extra_hash(pos: &Position<Self>) -> u64 {
        pos.extra.hash()
    }

    /// A pending exchange can only be completed on the very next ply, and the swap-back ban
    /// lasts that ply only.
    fn after_pass(state: State) -> State {
        State { pending: None, ban: None, ..state }
    }

    fn reserve(pos: &Position<Self>, color: Color) -> &[Kind] {
        pos.extra.reserves[color.index()].as_slice()
    }

    fn drop_credits(pos: &Position<Self>, color: Color) -> u32 {
        u32::from(pos.extra.credits[color.index()])
    }

    fn notation(pos: &Position<Self>, mv: Move) -> String {
        let mut out = crate::notation::standard_notation(pos, mv.without_drop());
        let reserve = &pos.extra.reserves[pos.side().index()];
        if let (Some(sq), Some(kind)) = (mv.drop_square(), reserve.front()) {
            out.push(',');
            out.push_str(&DEF.piece_code(kind, pos.side()));
            out.push('@');
            out.push_str(&pos.square_name(sq));
        }
        out
    }
}

/// Carries out a turn on the position: the move's board effects, promotion from the back of
/// the drop order, the exchange account, the drop, the swap-back ban and the clocks.
fn play(pos: &mut Position<Uc40>, mv: Move, undo: &mut Undo<Uc40>) {
    let us = pos.side();
    let Some(mover) = pos.piece_at(mv.from()) else { return };
    let captured = captures::captured_by(pos, undo.ep_before(), mv);
    let pawns_before = pos.kind(kinds::PAWN);
    let before = pos.extra;
    let mut state = pos.extra;
    let placed = match mv.promotion() {
        Some(_) => state.reserves[us.index()].pop_back().map(|k| Piece::new(k, us)),
        None => Some(mover),
    };
    state.ban = play_on_board(pos, &ARMY, mv, captured, placed, undo);
    if mv.kind() == MoveKind::DoubleStep {
        pos.set_ep(Some(((mv.from() as i32 + mv.to() as i32) / 2) as u8));
    }
    if captured != 0 || mover.kind() == kinds::PAWN {
        pos.reset_halfmove();
    }
    undo.captured = captured != 0;
    let (credits, pending) = (&mut state.credits, &mut state.pending);
    crate::exchange::settle(pawns_before, credits, pending, us, mv, captured);
    if let Some(sq) = mv.drop_square() {
        if let Some(kind) = state.reserves[us.index()].pop_front() {
            pos.set(sq, Some(Piece::new(kind, us)), undo);
            state.credits[us.index()] = state.credits[us.index()].saturating_sub(1);
        }
    }
    // Most moves change neither the account nor a reserve: their keys are left alone.
    let mut delta = 0;
    if state.account() != before.account() {
        delta ^= before.hash_without_reserves() ^ state.hash_without_reserves();
    }
    if mv.promotion().is_some() || mv.drop_square().is_some() {
        delta ^= before.reserve_hash(us.index()) ^ state.reserve_hash(us.index());
    }
    pos.extra = state;
    pos.toggle_hash(delta);
}

/// The type with this code (upper case, optional suffix).
pub fn kind_of_code(code: &str) -> Option<Kind> {
    DEF.kind_of_code(code)
}

/// The board shape's tables.
fn tables() -> &'static crate::tables::Tables<Board8x8> {
    Board8x8::tables()
}
