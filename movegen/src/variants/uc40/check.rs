//! Freezing and check (RULES.md sections 5 and 6).
//!
//! A King is in check when an enemy piece that is not frozen has a move that captures it,
//! whatever that piece's own King safety and the swap-back ban: a landing piece or pawn that
//! reaches it, a PaoVao hopping one piece onto it, an Advancer approaching it, a Withdrawer
//! moving away from it, a Long Leaper jumping it, a Swapper next to it (mutual destruction)
//! or a Chameleon next to it (as a King takes a King). Immobilizers never capture, and a
//! swap is not a capture.
//!
//! Each enemy piece is first tested against its empty-board reach (a table per type), so
//! the exact test runs only for the few that could capture the King at all.

use super::board::Board;
use super::captures::{queen_direction, step};
use super::{kinds, tables, DEF};
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::piece::Kind;
use crate::pieces::ultima::immobilizer;
use std::sync::LazyLock;

/// `REACH[kind][sq]`: every square a piece of that type on `sq` could capture on in some
/// position (pawns excepted: they use the pawn tables).
static REACH: LazyLock<Vec<[u64; 64]>> = LazyLock::new(|| {
    let t = tables();
    (0..kinds::COUNT as Kind)
        .map(|k| {
            let mut table = [0u64; 64];
            for (sq, entry) in table.iter_mut().enumerate() {
                let sq = sq as Square;
                let queen = t.rook(sq, 0) | t.bishop(sq, 0);
                *entry = match k {
                    kinds::PAWN | kinds::IMMOBILIZER => 0,
                    kinds::WITHDRAWER | kinds::SWAPPER | kinds::CHAMELEON => t.king[sq as usize],
                    kinds::ADVANCER => queen & !t.king[sq as usize],
                    kinds::LONG_LEAPER | kinds::PAOVAO => queen,
                    k => DEF.kinds[k as usize].mover.attacks(t, sq, 0),
                };
            }
            table
        })
        .collect()
});

/// The pieces of colour `c` that are frozen: next to an enemy Immobilizer, or an Immobilizer
/// next to an enemy Chameleon (the shared Ultima mechanism).
#[inline]
pub fn frozen(board: &Board, c: Color) -> u64 {
    let them = c.flip();
    immobilizer::frozen(
        tables(),
        board.color(c),
        board.pieces(kinds::IMMOBILIZER, c),
        board.pieces(kinds::IMMOBILIZER, them),
        board.pieces(kinds::CHAMELEON, them),
    )
}

/// Can the side other than `c` capture `c`'s King?
pub fn king_attacked(board: &Board, c: Color) -> bool {
    match board.king_square(c) {
        Some(k) => square_attacked(board, k, c.flip()),
        None => false,
    }
}

/// The pieces of colour `by` that could capture on `target` in some position, judged by their
/// empty-board reach: a move that neither moves these pieces nor the target can only let
/// one of them capture it, so the check test after such a move looks at these alone.
pub fn potential_attackers(board: &Board, target: Square, by: Color) -> u64 {
    let pawns = board.pieces(kinds::PAWN, by);
    let mut out = DEF.pawn_attacks[by.flip().index()][target as usize] & pawns;
    for s in (board.color(by) & !pawns).squares() {
        if let Some(k) = board.kind_at(s) {
            if REACH[k as usize][s as usize].has(target) {
                out |= 1u64 << s;
            }
        }
    }
    out
}

/// Can a piece of colour `by` capture the piece on `target` (which belongs to the other side)?
pub fn square_attacked(board: &Board, target: Square, by: Color) -> bool {
    square_attacked_among(board, target, by, board.color(by))
}

/// Can one of the pieces `candidates` (of colour `by`) capture on `target`?
pub fn square_attacked_among(board: &Board, target: Square, by: Color, candidates: u64) -> bool {
    let candidates = candidates & board.color(by);
    if candidates == 0 {
        return false;
    }
    let pawns = board.pieces(kinds::PAWN, by);
    let unfrozen = candidates & !frozen(board, by);
    if DEF.pawn_attacks[by.flip().index()][target as usize] & pawns & unfrozen != 0 {
        return true;
    }
    for s in (unfrozen & !pawns).squares() {
        let Some(k) = board.kind_at(s) else { continue };
        if REACH[k as usize][s as usize].has(target) && captures(board, k, s, target, by) {
            return true;
        }
    }
    false
}

/// Does the piece of type `k` and colour `by` on `s` have a move capturing on `target`?
/// (Called only when `target` is in its reach.)
fn captures(board: &Board, k: Kind, s: Square, target: Square, by: Color) -> bool {
    let t = tables();
    let occ = board.occupied();
    match k {
        // Next to the target: mutual destruction, or a Chameleon's king step.
        kinds::SWAPPER | kinds::CHAMELEON => true,
        kinds::PAOVAO => (t.between(s, target) & occ).count() == 1,
        kinds::ADVANCER => t.between(s, target) & occ == 0,
        kinds::WITHDRAWER => {
            // It moves from s directly away from the target, so the square beyond s must
            // be free.
            let Some(d) = queen_direction(target, s) else { return false };
            step(s, d).is_some_and(|away| !occ.has(away))
        }
        kinds::LONG_LEAPER => long_leaper_takes(board, s, target, by),
        kinds::IMMOBILIZER => false,
        k => DEF.kinds[k as usize].mover.attacks(t, s, occ).has(target),
    }
}

/// Can the Long Leaper of colour `by` on `s` jump along its line over `target`: every piece
/// between an enemy followed by an empty square, and an empty square just beyond `target`?
fn long_leaper_takes(board: &Board, s: Square, target: Square, by: Color) -> bool {
    let Some(d) = queen_direction(s, target) else { return false };
    let occ = board.occupied();
    if step(target, d).is_none_or(|beyond| occ.has(beyond)) {
        return false;
    }
    let between = tables().between(s, target) & occ;
    if between & board.color(by) != 0 {
        return false;
    }
    between.squares().all(|q| step(q, d).is_some_and(|next| !occ.has(next)))
}
