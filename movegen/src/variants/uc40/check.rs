//! Freezing and check (RULES.md sections 5 and 6).
//!
//! A King is in check when an enemy piece that is not frozen has a move that captures it,
//! whatever that piece's own King safety and the swap-back ban: a landing piece or pawn that
//! reaches it, a PaoVao hopping one piece onto it, an Advancer approaching it, a Withdrawer
//! moving away from it, a Long Leaper jumping it, a Swapper next to it (mutual destruction)
//! or a Chameleon next to it (as a King takes a King). Immobilizers never capture, and a
//! swap is not a capture.
//!
//! Which mechanism a piece type captures by is catalogue data, read through the shared
//! capturer's [`Army`]; each mechanism's own file in [`crate::pieces::ultima`] answers where
//! it could capture at all on an empty board (`reach`, kept here as a table per type),
//! whether it captures now, and which squares decide that (`route`).

use super::{kinds, tables, ARMY, DEF};
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::piece::Kind;
use crate::pieces::ultima::capturer::{Army, Method};
use crate::pieces::ultima::{approach, long_leaper, paovao, swapper, withdrawal};
use crate::position::Position;
use std::sync::LazyLock;

// The King-capture questions below know the mechanisms of UC-40's army; a piece capturing by
// another (custodian, coordination, a mount hop) would need its own answers here.
const _: () =
    assert!(ARMY.custodian.is_empty() && ARMY.coordination.is_empty() && ARMY.mount_hop.is_empty());

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
    let army: &Army = &ARMY;
    match army.method(kind) {
        Method::Pawn | Method::Quiet | Method::MountHop => 0,
        Method::ScreenHop => paovao::hop_reach(t, from),
        Method::Line => {
            let mut reach = 0;
            if army.approach.has(kind) {
                reach |= approach::approach_reach(t, from);
            }
            if army.withdrawal.has(kind) {
                reach |= withdrawal::withdrawal_reach(t, from);
            }
            if army.overtaking.has(kind) {
                reach |= long_leaper::overtaking_reach(t, from);
            }
            reach
        }
        Method::Swapper => swapper::destruction_reach(t, from),
        // A Chameleon takes a King as a King takes: by the King's move.
        Method::Chameleon => empty_board_reach(DEF.king, from),
        Method::Landing => DEF.kinds[kind as usize].mover.attacks(t, from, 0),
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
    let army: &Army = &ARMY;
    match army.method(kind) {
        Method::Pawn => DEF.pawn_attacks[by.index()][from as usize].has(king),
        Method::Quiet | Method::MountHop => false,
        Method::ScreenHop => paovao::can_hop_onto(t, from, king, occ),
        Method::Line => {
            (army.approach.has(kind) && approach::can_approach(t, from, king, occ))
                || (army.withdrawal.has(kind) && withdrawal::can_withdraw(t, from, king, occ))
                || (army.overtaking.has(kind)
                    && long_leaper::can_overtake(t, from, king, occ, defenders))
        }
        Method::Swapper => swapper::can_destroy(t, from, king),
        // A Chameleon takes a King as a King takes: by the King's move.
        Method::Chameleon => captures_king(DEF.king, by, from, king, occ, defenders),
        Method::Landing => DEF.kinds[kind as usize].mover.attacks_square(t, from, king, occ),
    }
}

/// The squares whose contents decide [`captures_king`] for a piece of type `kind` on `from`
/// and the King on `king` (the piece's own square apart).
#[inline]
pub fn route(kind: Kind, from: Square, king: Square) -> u64 {
    let t = tables();
    let army: &Army = &ARMY;
    match army.method(kind) {
        Method::Pawn | Method::Quiet | Method::MountHop | Method::Swapper => 0,
        Method::Chameleon => 0,
        Method::ScreenHop => paovao::hop_route(t, from, king),
        Method::Line => {
            let mut route = 0;
            if army.approach.has(kind) {
                route |= approach::approach_route(t, from, king);
            }
            if army.withdrawal.has(kind) {
                route |= withdrawal::withdrawal_route(t, from, king);
            }
            if army.overtaking.has(kind) {
                route |= long_leaper::overtaking_route(t, from, king);
            }
            route
        }
        Method::Landing => DEF.kinds[kind as usize].mover.route(t, from, king),
    }
}

/// The pieces of colour `c` that are frozen: next to an enemy Immobilizer, or an Immobilizer
/// next to an enemy Chameleon (the shared Ultima mechanism).
#[inline]
pub fn frozen(pos: &Position<super::Uc40>, c: Color) -> u64 {
    ARMY.frozen(tables(), pos, c)
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
