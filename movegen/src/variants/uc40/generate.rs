//! The moves of every piece of the side to move, before the King-safety test, handed to a
//! move sink as whole target sets where they can be (the sink of legal turns, `legal.rs`,
//! sorts them there).
//!
//! Frozen pieces other than the King may only remove themselves; a frozen King has no move.
//! Every piece but the pawns is moved by the shared capturer as its catalogue entry says
//! (the King and the ordinary pieces along their paths; the PaoVao and the six Rococo pieces
//! by the mechanisms of [`crate::pieces::ultima`], on a board without an edge ring); the
//! pawns by the shared pawn rules, with UC-40's promotion from the reserve. A
//! move is recorded by its squares and kind only: what it captures follows from the
//! position (see `captures`).

use super::check::frozen;
use super::{kinds, tables, Uc40, ARMY, DEF};
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind, MoveSink};
use crate::pawns::pawn_set_moves;
use crate::piece::Kind;
use crate::pieces::ultima::capturer::en_passant_victim;
use crate::pieces::ultima::capturer::Method;
use crate::pieces::ultima::swapper::SwapBan;
use crate::pieces::ultima::Scene;
use crate::position::Position;
use crate::shape::Board8x8;

/// Every move of the side to move that the rules allow before the King-safety test.
pub fn pseudo_moves<K: MoveSink<u64>>(pos: &Position<Uc40>, sink: &mut K) {
    let t = tables();
    let us = pos.side();
    let them = us.flip();
    let own = pos.color(us);
    let enemy = pos.color(them);
    let stuck = frozen(pos, us);
    for sq in (stuck & !pos.kind(kinds::KING)).squares() {
        sink.push(Move::new(sq, sq, MoveKind::Suicide));
    }
    let active = own & !stuck;
    let scene = Scene { t, occ: pos.occupied(), own, enemy, free: t.all };
    let pawns = pos.kind(kinds::PAWN);
    let ban = SwapBan(pos.extra.ban);
    for sq in (active & !pawns).squares() {
        let Some(kind) = pos.piece_at(sq).map(|p| p.kind()) else { continue };
        // Most of the army lands on its victims: their moves are one lookup, kept in this loop.
        if ARMY.method(kind) == Method::Landing {
            let mover = &DEF.kinds[kind as usize].mover;
            sink.push_targets(sq, mover.attacks(t, sq, scene.occ) & !own);
        } else {
            special_moves(&scene, pos, sq, kind, ban.banned_partner::<u64>(sq), sink);
        }
    }
    pawn_moves(pos, active & pawns, sink);
}

/// The moves of a piece that captures in a way of its own (the PaoVao and the six Rococo
/// pieces), by the shared capturer; kept out of the loop above, which it would crowd.
#[inline(never)]
fn special_moves<K: MoveSink<u64>>(
    scene: &Scene<Board8x8>,
    pos: &Position<Uc40>,
    sq: Square,
    kind: Kind,
    banned: u64,
    sink: &mut K,
) {
    ARMY.piece_moves(scene, pos, pos.side(), sq, kind, banned, pos.ep_square(), sink);
}

/// The moves of the pawns `pawns` of the side to move: single steps, double steps from the
/// second rank, diagonal captures, en passant. A move onto the last rank promotes to the last
/// piece of the drop order, and is not made when the reserve is empty.
fn pawn_moves<K: MoveSink<u64>>(pos: &Position<Uc40>, pawns: u64, sink: &mut K) {
    let us = pos.side();
    let them = us.flip();
    let own = pos.color(us);
    let promotion = pos.extra.reserves[us.index()].back();
    let promo = promotion.as_slice();
    let empty = !pos.occupied();
    pawn_set_moves::<Uc40, K>(pawns, us, empty, pos.color(them), !own, promo, sink);
    let Some(ep) = pos.ep_square() else { return };
    let enemy_pawns = pos.pieces(kinds::PAWN, them);
    for from in (DEF.pawn_attacks[them.index()][ep as usize] & pawns).squares() {
        if (en_passant_victim(tables(), from, ep) & enemy_pawns).any() {
            sink.push(Move::new(from, ep, MoveKind::EnPassant));
        }
    }
}

/// The first rank of `color`.
pub fn first_rank(color: Color) -> u64 {
    match color {
        Color::White => 0xff,
        Color::Black => 0xff << 56,
    }
}
