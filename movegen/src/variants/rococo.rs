//! Rococo with Pushme-Pullyus (RULES.md section 5), 10x10 with an edge ring.
//!
//! Pieces: `K` King, `C` Chameleon, `U` Pushme-Pullyu, `I` Immobilizer, `L` Long Leaper,
//! `S` Swapper, `P` Cannon Pawn. How each captures is catalogue data, read by the shared
//! capturer ([`crate::pieces::ultima::capturer`]); this file says where the edge ring is, and
//! what is special to Rococo: capturing the King wins, a player with no
//! move loses, promotion to a piece that is off the board, the swap-back ban in the FEN's
//! seventh field, and the repeater of a position losing.

use super::kind_index;
use super::ultima_family::{apply_family, ban_key, parse_ban, write_ban};
use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::geometry::Color;
use crate::moves::{Move, MoveKind, MoveSink};
use crate::piece::Kind;
use crate::pieces::catalogue::{
    CANNON_PAWN, CHAMELEON, IMMOBILIZER, KING, LONG_LEAPER, PUSHME_PULLYU, SWAPPER,
};
use crate::pieces::ultima::cannon_pawn::cannon_pawn_moves;
use crate::pieces::ultima::capturer::Army;
use crate::pieces::ultima::swapper::SwapBan;
use crate::pieces::ultima::Scene;
use crate::pieces::PieceKind;
use crate::position::{Position, Undo};
use crate::rules::{Bb, Outcome, RepetitionRule, Rules};
use crate::shape::{Board10x10, Shape};
use crate::tables::Tables;
use crate::variant::{PawnRules, VariantDef};
use std::sync::LazyLock;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rococo;

/// RULES.md's start position: the original Rococo array with Pushme-Pullyus in place of the
/// Advancer and the Withdrawer, nothing on the ring.
pub const START_FEN: &str =
    "10/1iulkclus1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1IULKCLUS1/10 w - - 0 1";

const PIECES: [(&str, PieceKind); 7] = [
    ("K", KING),
    ("C", CHAMELEON),
    ("U", PUSHME_PULLYU),
    ("I", IMMOBILIZER),
    ("L", LONG_LEAPER),
    ("S", SWAPPER),
    ("P", CANNON_PAWN),
];

const K: Kind = kind_index(&PIECES, "K");
const C: Kind = kind_index(&PIECES, "C");
const U: Kind = kind_index(&PIECES, "U");
const I: Kind = kind_index(&PIECES, "I");
const L: Kind = kind_index(&PIECES, "L");
const S: Kind = kind_index(&PIECES, "S");
const P: Kind = kind_index(&PIECES, "P");

/// The types the evaluation names, by their index in [`PIECES`].
pub mod kinds {
    use crate::piece::Kind;
    pub const CHAMELEON: Kind = super::C;
    pub const IMMOBILIZER: Kind = super::I;
}

/// The types a Cannon Pawn may promote to, with how many of each a side has at the start: a
/// type is available while fewer of it stand on the board.
const PROMOTION_TYPES: [(Kind, u32); 5] = [(C, 1), (U, 2), (I, 1), (L, 2), (S, 1)];

static DEF: LazyLock<VariantDef<Board10x10>> =
    LazyLock::new(|| VariantDef::new("rococo", &PIECES, PawnRules::default(), None, START_FEN));

type B = u128;

/// The squares inside the edge ring (files b..i, ranks 2..9).
static INSIDE: LazyLock<B> = LazyLock::new(|| {
    let t = Board10x10::tables();
    let ring = t.file_masks[0] | t.file_masks[9] | t.rank_masks[0] | t.rank_masks[9];
    t.all & !ring
});

/// Where `color`'s Cannon Pawns may promote: the rank where the enemy King starts and the
/// edge rank behind it.
fn promotion_zone(t: &Tables<Board10x10>, color: Color) -> B {
    match color {
        Color::White => t.rank_masks[8] | t.rank_masks[9],
        Color::Black => t.rank_masks[0] | t.rank_masks[1],
    }
}

/// The types `color` may promote to now, in a fixed buffer (no allocation per node).
fn promotion_types(pos: &Position<Rococo>, color: Color) -> ([u8; 5], usize) {
    let mut types = [0u8; 5];
    let mut n = 0;
    for (kind, at_start) in PROMOTION_TYPES {
        if fewer_than(pos.pieces(kind, color), at_start) {
            types[n] = kind;
            n += 1;
        }
    }
    (types, n)
}

/// Does `b` hold fewer than `n` squares? (Without counting bits for the usual 1 and 2.)
#[inline(always)]
fn fewer_than(b: B, n: u32) -> bool {
    match n {
        0 => false,
        1 => b.is_empty(),
        2 => !b.several(),
        _ => b.count() < n,
    }
}

/// The squares from which a Cannon Pawn of `color` can reach its promotion zone in one move
/// (a hop advances two ranks).
fn near_zone(t: &Tables<Board10x10>, color: Color) -> B {
    match color {
        Color::White => t.rank_masks[6] | t.rank_masks[7] | promotion_zone(t, color),
        Color::Black => t.rank_masks[3] | t.rank_masks[2] | promotion_zone(t, color),
    }
}

/// Rococo's pieces grouped by how they capture, for the shared capturer.
const ARMY: Army = Army::of(&PIECES);

/// Generates every legal move of the side to move (none once a King has been captured).
fn generate_moves<Sk: MoveSink<B>>(pos: &Position<Rococo>, sink: &mut Sk) {
    let us = pos.side();
    let them = us.flip();
    if pos.pieces(K, us).is_empty() || pos.pieces(K, them).is_empty() {
        return;
    }
    let t = Board10x10::tables();
    let own = pos.color(us);
    let scene = Scene { t, occ: pos.occupied(), own, enemy: pos.color(them), free: *INSIDE };
    let stuck = ARMY.frozen(t, pos, us);
    // A frozen piece other than the King may remove itself; a frozen King has no move.
    for sq in (stuck & !pos.kind(K)).squares() {
        sink.push(Move::new(sq, sq, MoveKind::Suicide));
    }
    let active = own & !stuck;
    // The edge rule for the pieces that do not move along lines with captures: a King's or a
    // Cannon Pawn's capture, and every swap, capture a set no other move of the piece does, so
    // they are legal wherever they land; their other moves, and every Immobilizer and Swapper
    // slide, capture nothing and must stay inside the ring (the shared capturer's `free`).
    // In the order the search has always seen them (the King, then the pawns, ...).
    kind_moves(&scene, pos, active & pos.kind(K), K, sink);
    let pawns = active & pos.kind(P);
    if pawns.any() {
        let (types, n) =
            if (pawns & near_zone(t, us)).any() { promotion_types(pos, us) } else { ([0; 5], 0) };
        cannon_pawn_moves(&scene, pawns, promotion_zone(t, us), &types[..n], sink);
    }
    kind_moves(&scene, pos, active & pos.kind(U), U, sink);
    kind_moves(&scene, pos, active & pos.kind(L), L, sink);
    kind_moves(&scene, pos, active & pos.kind(I), I, sink);
    kind_moves(&scene, pos, active & pos.kind(S), S, sink);
    kind_moves(&scene, pos, active & pos.kind(C), C, sink);
}

/// The moves of the unfrozen pieces `pieces`, all of type `kind`, of the side to move.
#[inline(always)]
fn kind_moves<Sk: MoveSink<B>>(
    scene: &Scene<Board10x10>,
    pos: &Position<Rococo>,
    pieces: B,
    kind: Kind,
    sink: &mut Sk,
) {
    for sq in pieces.squares() {
        let banned = pos.extra.banned_partner::<B>(sq);
        ARMY.piece_moves(scene, pos, pos.side(), sq, kind, banned, None, sink);
    }
}

/// The enemy pieces `mv` removes from the board (for mutual destruction, the victim only).
fn captured_by(pos: &Position<Rococo>, mv: Move) -> B {
    ARMY.captured_by(Board10x10::tables(), pos, None, mv)
}

fn apply_move(pos: &mut Position<Rococo>, mv: Move, undo: &mut Undo<Rococo>) {
    let ban = SwapBan(apply_family(pos, &ARMY, mv, undo));
    pos.toggle_hash(ban_key(pos.extra) ^ ban_key(ban));
    pos.extra = ban;
}

fn outcome_of(pos: &Position<Rococo>) -> Option<Outcome> {
    let us = pos.side();
    let them = us.flip();
    if pos.pieces(K, us).is_empty() {
        return Some(Outcome::Win(them, "king captured"));
    }
    if pos.pieces(K, them).is_empty() {
        return Some(Outcome::Win(us, "king captured"));
    }
    let mut count = crate::moves::MoveCounter::default();
    generate_moves(pos, &mut count);
    if count.0 == 0 {
        return Some(Outcome::Win(them, "no legal move"));
    }
    None
}

impl Rules for Rococo {
    type S = Board10x10;
    type Extra = SwapBan;
    const NAME: &'static str = "rococo";
    const HAS_CHECK: bool = false;
    const REPETITION: RepetitionRule = RepetitionRule::RepeaterLoses;
    const FIFTY_MOVE_RULE: bool = false;

    #[inline(always)]
    fn def() -> &'static VariantDef<Board10x10> {
        &DEF
    }

    fn is_capture(pos: &Position<Self>, mv: Move) -> bool {
        captured_by(pos, mv).any()
    }

    fn generate<Sk: MoveSink<Bb<Self>>>(pos: &Position<Self>, sink: &mut Sk) {
        generate_moves(pos, sink)
    }

    fn apply(pos: &mut Position<Self>, mv: Move, undo: &mut Undo<Self>) {
        apply_move(pos, mv, undo)
    }

    fn in_check(_pos: &Position<Self>) -> bool {
        false
    }

    fn outcome(pos: &Position<Self>) -> Option<Outcome> {
        outcome_of(pos)
    }

    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        for c in Color::BOTH {
            if pos.pieces(K, c).count() > 1 {
                return Err(FenError::new(format!("{c:?} has more than one King")));
            }
        }
        Ok(())
    }

    fn parse_extra(
        pos: &mut Position<Self>,
        holdings: Option<&str>,
        fields: &[&str],
    ) -> Result<(), FenError> {
        if holdings.is_some() {
            return Err(FenError::new("rococo has no holdings"));
        }
        match fields {
            [] => Ok(()),
            [ban] => {
                pos.extra = parse_ban::<Board10x10>(ban)?;
                Ok(())
            }
            [_, extra, ..] => Err(FenError::new(format!("unexpected field {extra:?}"))),
        }
    }

    fn write_extra(pos: &Position<Self>) -> (Option<String>, Vec<String>) {
        (None, write_ban::<Board10x10>(pos.extra))
    }

    fn extra_hash(pos: &Position<Self>) -> u64 {
        ban_key(pos.extra)
    }

    /// The swap-back ban forbids a swap on the very next ply only.
    fn after_pass(_ban: SwapBan) -> SwapBan {
        SwapBan::NONE
    }
}

#[cfg(test)]
mod tests;
