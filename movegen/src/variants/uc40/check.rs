//! Freezing and check (RULES.md sections 5 and 6).
//!
//! A King is in check when an enemy piece that is not frozen has a move that captures it,
//! whatever that piece's own King safety and the swap-back ban: a landing piece or pawn that
//! reaches it, a PaoVao hopping one piece onto it, an Advancer approaching it, a Withdrawer
//! moving away from it, a Long Leaper jumping it, a Swapper next to it (mutual destruction)
//! or a Chameleon next to it (as a King takes a King). Immobilizers never capture, and a
//! swap is not a capture.
//!
//! This file only says which piece type captures by which mechanism; each mechanism's own
//! file in [`crate::pieces`] answers where it could capture at all on an empty board
//! (`reach`, kept here as a table per type), whether it captures now, and which squares
//! decide that (`route`).

use super::{kinds, tables, DEF};
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::piece::Kind;
use crate::pieces::ultima::{approach, immobilizer, long_leaper, paovao, swapper, withdrawal};
use crate::position::Position;
use std::sync::LazyLock;

/// Per type and square, every square a piece of that type could capture on in some position.
type ReachTable = [[u64; 64]; kinds::COUNT];

/// `REACH[kind][sq]`; pawns, whose reach depends on their colour, use the pawn tables.
static REACH: LazyLock<Box<ReachTable>> = LazyLock::new(|| {
    let mut table = Box::new([[0u64; 64]; kinds::COUNT]);
    for (kind, row) in table.iter_mut().enumerate() {
        for (sq, entry) in row.iter_mut().enumerate() {
            *entry = empty_board_reach(kind as Kind, sq as Square);
        }
    }
    table
});

fn empty_board_reach(kind: Kind, from: Square) -> u64 {
    let t = tables();
    match kind {
        kinds::PAWN | kinds::IMMOBILIZER => 0,
        kinds::PAOVAO => paovao::hop_reach(t, from),
        kinds::ADVANCER => approach::approach_reach(t, from),
        kinds::WITHDRAWER => withdrawal::withdrawal_reach(t, from),
        kinds::LONG_LEAPER => long_leaper::overtaking_reach(t, from),
        kinds::SWAPPER => swapper::destruction_reach(t, from),
        kinds::CHAMELEON => empty_board_reach(kinds::KING, from),
        k => DEF.kinds[k as usize].mover.attacks(t, from, 0),
    }
}

/// The squares a piece of type `kind` and colour `by` on `from` could capture on in some
/// position.
#[inline(always)]
pub fn reach(kind: Kind, by: Color, from: Square) -> u64 {
    match kind {
        kinds::PAWN => DEF.pawn_attacks[by.index()][from as usize],
        k => REACH[k as usize][from as usize & 63],
    }
}

/// Can the piece of type `kind` and colour `by` on `from` capture the King on `king`, with the
/// board occupied as `occ` and `defenders` the King's side (the pieces an overtaking may
/// jump)? Freezing is the caller's business.
#[inline]
pub fn captures_king(
    kind: Kind,
    by: Color,
    from: Square,
    king: Square,
    occ: u64,
    defenders: u64,
) -> bool {
    let t = tables();
    match kind {
        kinds::PAWN => DEF.pawn_attacks[by.index()][from as usize].has(king),
        kinds::IMMOBILIZER => false,
        kinds::PAOVAO => paovao::can_hop_onto(t, from, king, occ),
        kinds::ADVANCER => approach::can_approach(t, from, king, occ),
        kinds::WITHDRAWER => withdrawal::can_withdraw(t, from, king, occ),
        kinds::LONG_LEAPER => long_leaper::can_overtake(t, from, king, occ, defenders),
        kinds::SWAPPER => swapper::can_destroy(t, from, king),
        // A Chameleon takes a King as a King takes: by a step.
        kinds::CHAMELEON => captures_king(kinds::KING, by, from, king, occ, defenders),
        k => DEF.kinds[k as usize].mover.attacks_square(t, from, king, occ),
    }
}

/// The squares whose contents decide [`captures_king`] for a piece of type `kind` on `from`
/// and the King on `king` (the piece's own square apart).
#[inline]
pub fn route(kind: Kind, from: Square, king: Square) -> u64 {
    let t = tables();
    match kind {
        kinds::PAWN | kinds::IMMOBILIZER | kinds::SWAPPER | kinds::CHAMELEON => 0,
        kinds::PAOVAO => paovao::hop_route(t, from, king),
        kinds::ADVANCER => approach::approach_route(t, from, king),
        kinds::WITHDRAWER => withdrawal::withdrawal_route(t, from, king),
        kinds::LONG_LEAPER => long_leaper::overtaking_route(t, from, king),
        k => DEF.kinds[k as usize].mover.route(t, from, king),
    }
}

/// The pieces of colour `c` that are frozen: next to an enemy Immobilizer, or an Immobilizer
/// next to an enemy Chameleon (the shared Ultima mechanism).
#[inline]
pub fn frozen(pos: &Position<super::Uc40>, c: Color) -> u64 {
    let them = c.flip();
    immobilizer::frozen(
        tables(),
        pos.color(c),
        pos.pieces(kinds::IMMOBILIZER, c),
        pos.pieces(kinds::IMMOBILIZER, them),
        pos.pieces(kinds::CHAMELEON, them),
    )
}

/// Can the side other than `c` capture `c`'s King in the position as it stands?
pub fn king_attacked(pos: &Position<super::Uc40>, c: Color) -> bool {
    let Some(king) = pos.king_square(c) else { return false };
    let by = c.flip();
    let occ = pos.occupied();
    let attackers = pos.color(by) & !frozen(pos, by);
    attackers.squares().any(|from| {
        pos.piece_at(from).is_some_and(|p| {
            reach(p.kind(), by, from).has(king)
                && captures_king(p.kind(), by, from, king, occ, pos.color(c))
        })
    })
}
