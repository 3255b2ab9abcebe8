//! Rococo with Pushme-Pullyus (RULES.md section 5), 10x10 with an edge ring.
//!
//! Pieces: `K` King, `C` Chameleon, `U` Pushme-Pullyu, `I` Immobilizer, `L` Long Leaper,
//! `S` Swapper, `P` Cannon Pawn. The capture mechanisms are the shared parts of
//! [`crate::pieces::ultima`]; this file says which piece uses which, with which prey, where
//! the edge ring is, and what is special to Rococo: capturing the King wins, a player with no
//! move loses, promotion to a piece that is off the board, the swap-back ban in the FEN's
//! seventh field, and the repeater of a position losing.

use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind, MoveSink};
use crate::piece::{Kind, Piece};
use crate::pieces::catalogue::{
    CANNON_PAWN, CHAMELEON, IMMOBILIZER, KING, LONG_LEAPER, PUSHME_PULLYU, SWAPPER,
};
use crate::pieces::ultima::cannon_pawn::{self, cannon_pawn_moves};
use crate::pieces::ultima::chameleon::{chameleon_captures, chameleon_moves, Mimicry};
use crate::pieces::ultima::immobilizer::frozen;
use crate::pieces::ultima::line::{line_captures, line_targets, LinePrey};
use crate::pieces::ultima::swapper::{creates_ban, swapper_moves, SwapBan, SwapRole};
use crate::pieces::ultima::Scene;
use crate::pieces::PieceKind;
use crate::position::{Position, Undo};
use crate::rules::{Bb, Outcome, RepetitionRule, Rules};
use crate::shape::{Board10x10, Shape};
use crate::tables::Tables;
use crate::variant::{PawnRules, VariantDef};
use crate::zobrist::ZOBRIST;
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

const K: Kind = 0;
const C: Kind = 1;
const U: Kind = 2;
const I: Kind = 3;
const L: Kind = 4;
const S: Kind = 5;
const P: Kind = 6;

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

/// The prey of each line mover, as seen from the side `us`.
struct Prey {
    pushme_pullyu: LinePrey<B>,
    long_leaper: LinePrey<B>,
}

impl Prey {
    #[inline(always)]
    fn of(pos: &Position<Rococo>, them: Color) -> Prey {
        let enemy = pos.color(them);
        Prey {
            pushme_pullyu: LinePrey { overtake: 0, withdraw: enemy, approach: enemy },
            long_leaper: LinePrey { overtake: enemy, withdraw: 0, approach: 0 },
        }
    }
}

/// What a Chameleon on `from` captures of the side `them`: Long Leapers by overtaking,
/// Pushme-Pullyus by withdrawal and approach, Swappers by swap or mutual destruction, Cannon
/// Pawns by a hop and the King by a king step (both along a line, so they combine).
#[inline(always)]
fn mimicry(pos: &Position<Rococo>, from: Square, them: Color) -> Mimicry<B> {
    let t = Board10x10::tables();
    let enemy_pushmes = pos.pieces(U, them);
    let king_step = t.king[from as usize] & pos.pieces(K, them);
    let hops = cannon_pawn::hop_landings_on(t, from, pos.occupied(), pos.pieces(P, them));
    Mimicry {
        line: LinePrey {
            overtake: pos.pieces(L, them),
            withdraw: enemy_pushmes,
            approach: enemy_pushmes,
        },
        swap: pos.pieces(S, them),
        landing: king_step | hops,
        straight: king_step | hops,
        ..Mimicry::NONE
    }
}

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
    let stuck = frozen(t, own, pos.pieces(I, us), pos.pieces(I, them), pos.pieces(C, them));
    // A frozen piece other than the King may remove itself; a frozen King has no move.
    for sq in (stuck & !pos.kind(K)).squares() {
        sink.push(Move::new(sq, sq, MoveKind::Suicide));
    }
    let active = own & !stuck;
    let prey = Prey::of(pos, them);
    // The edge rule for the pieces that do not move along lines with captures: a King's or a
    // Cannon Pawn's capture, and every swap, capture a set no other move of the piece does, so
    // they are legal wherever they land; their other moves, and every Immobilizer and Swapper
    // slide, capture nothing and must stay inside the ring.
    for sq in (active & pos.kind(K)).squares() {
        let empty_inside = !scene.occ & scene.free;
        sink.push_targets(sq, t.king[sq as usize] & (scene.enemy | empty_inside));
    }
    let pawns = active & pos.kind(P);
    if pawns.any() {
        let (types, n) =
            if (pawns & near_zone(t, us)).any() { promotion_types(pos, us) } else { ([0; 5], 0) };
        cannon_pawn_moves(&scene, pawns, promotion_zone(t, us), &types[..n], sink);
    }
    for sq in (active & pos.kind(U)).squares() {
        sink.push_targets(sq, line_targets(&scene, sq, &prey.pushme_pullyu));
    }
    for sq in (active & pos.kind(L)).squares() {
        sink.push_targets(sq, line_targets(&scene, sq, &prey.long_leaper));
    }
    for sq in (active & pos.kind(I)).squares() {
        sink.push_targets(sq, t.queen(sq, scene.occ) & !scene.occ & scene.free);
    }
    let ban = pos.extra;
    for sq in (active & pos.kind(S)).squares() {
        swapper_moves(&scene, sq, ban.banned_partner::<B>(sq), sink);
    }
    for sq in (active & pos.kind(C)).squares() {
        let mimic = mimicry(pos, sq, them);
        chameleon_moves(&scene, sq, &mimic, ban.banned_partner::<B>(sq), sink);
    }
}

/// The enemy pieces `mv` removes from the board (for mutual destruction, the victim only).
fn captured_by(pos: &Position<Rococo>, mv: Move) -> B {
    let t = Board10x10::tables();
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = pos.piece_at(from) else { return 0 };
    let them = mover.color().flip();
    let enemy = pos.color(them);
    let to_bit = B::from_square(to);
    let prey = Prey::of(pos, them);
    match mv.kind() {
        MoveKind::MutualDestruction => to_bit & enemy,
        MoveKind::Swap | MoveKind::Normal if mover.kind() == C => {
            chameleon_captures(t, from, to, mv.kind(), pos.occupied(), &mimicry(pos, from, them))
        }
        MoveKind::Normal => match mover.kind() {
            K | P => to_bit & enemy,
            U => line_captures(t, from, to, pos.occupied(), &prey.pushme_pullyu),
            L => line_captures(t, from, to, pos.occupied(), &prey.long_leaper),
            _ => 0,
        },
        _ => 0,
    }
}

/// The zobrist key of a swap-back ban; the two squares in either order hash alike.
fn ban_key(ban: SwapBan) -> u64 {
    match ban.0 {
        Some((a, b)) => ZOBRIST.extra[a.min(b) as usize] ^ ZOBRIST.extra[128 + a.max(b) as usize],
        None => 0,
    }
}

fn swap_role(kind: Kind) -> SwapRole {
    match kind {
        S => SwapRole::Swapper,
        C => SwapRole::Chameleon,
        _ => SwapRole::Other,
    }
}

fn apply_move(pos: &mut Position<Rococo>, mv: Move, undo: &mut Undo<Rococo>) {
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = pos.piece_at(from) else { return };
    let captured = captured_by(pos, mv);
    let mut ban = SwapBan::NONE;
    for sq in captured.squares() {
        pos.set(sq, None, undo);
    }
    match mv.kind() {
        MoveKind::Suicide => pos.set(from, None, undo),
        MoveKind::MutualDestruction => pos.set(from, None, undo),
        MoveKind::Swap => {
            let partner = pos.piece_at(to);
            pos.set(from, partner, undo);
            pos.set(to, Some(mover), undo);
            if let Some(p) = partner {
                let opposing = p.color() != mover.color();
                if creates_ban(swap_role(mover.kind()), swap_role(p.kind()), opposing) {
                    ban = SwapBan(Some((from, to)));
                }
            }
        }
        _ => {
            let placed = match mv.promotion() {
                Some(kind) => Piece::new(kind, mover.color()),
                None => mover,
            };
            pos.set(to, Some(placed), undo);
            pos.set(from, None, undo);
        }
    }
    let removes = captured.any() || matches!(mv.kind(), MoveKind::Suicide);
    undo.captured = captured.any();
    if removes || (mover.kind() == P && mv.kind() == MoveKind::Normal) {
        pos.reset_halfmove();
    }
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

/// Reads the seventh field: `-`, or the two squares of the swap that created the ban, in
/// either order (`e5e9`).
fn parse_ban(text: &str) -> Result<SwapBan, FenError> {
    if text == "-" {
        return Ok(SwapBan::NONE);
    }
    let dims = Board10x10::DIMS;
    let bad = || FenError::new(format!("bad swap-back ban {text:?} (two squares such as e5e9)"));
    if !text.is_ascii() {
        return Err(bad());
    }
    // The second square starts at the first letter after the first character.
    let split = text[1..].find(|c: char| c.is_ascii_alphabetic()).map(|i| i + 1).ok_or_else(bad)?;
    let a = dims.parse_square(&text[..split]).ok_or_else(bad)?;
    let b = dims.parse_square(&text[split..]).ok_or_else(bad)?;
    if a == b {
        return Err(bad());
    }
    Ok(SwapBan(Some((a, b))))
}

impl Rules for Rococo {
    type S = Board10x10;
    type Extra = SwapBan;
    const NAME: &'static str = "rococo";
    const HAS_CHECK: bool = false;
    const REPETITION: RepetitionRule = RepetitionRule::RepeaterLoses;
    const FIFTY_MOVE_RULE: bool = false;

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
                pos.extra = parse_ban(ban)?;
                Ok(())
            }
            [_, extra, ..] => Err(FenError::new(format!("unexpected field {extra:?}"))),
        }
    }

    fn write_extra(pos: &Position<Self>) -> (Option<String>, Vec<String>) {
        let dims = Board10x10::DIMS;
        let fields = match pos.extra.0 {
            Some((a, b)) => vec![format!("{}{}", dims.square_name(a), dims.square_name(b))],
            None => Vec::new(),
        };
        (None, fields)
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
