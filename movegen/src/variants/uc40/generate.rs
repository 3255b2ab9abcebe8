//! The moves of every piece of the side to move, before the King-safety test, handed to a
//! move sink as whole target sets where they can be (the sink of legal turns, `legal.rs`,
//! sorts them there).
//!
//! Frozen pieces other than the King may only remove themselves; a frozen King has no move.
//! The King and the ordinary pieces move and capture along the paths of their catalogue
//! entry, the pawns by the shared pawn rules; the PaoVao and the six Rococo pieces move by
//! the shared mechanisms of [`crate::pieces::ultima`], on a board without an edge ring. A
//! move is recorded by its squares and kind only: what it captures follows from the
//! position (see `captures`).

use super::captures::mimicry;
use super::check::frozen;
use super::{is_special, kinds, tables, Uc40, DEF};
use crate::bitboard::Bitboard;
use crate::geometry::Color;
use crate::moves::{Move, MoveKind, MoveSink};
use crate::pawns::pawn_set_moves;
use crate::pieces::ultima::chameleon::chameleon_moves;
use crate::pieces::ultima::line::{line_targets, LinePrey};
use crate::pieces::ultima::paovao::paovao_moves;
use crate::pieces::ultima::swapper::{swapper_moves, SwapBan};
use crate::pieces::ultima::Scene;
use crate::position::Position;

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
    for sq in (active & !pawns).squares() {
        let Some(kind) = pos.piece_at(sq).map(|p| p.kind()) else { continue };
        if !is_special(kind) {
            let mover = &DEF.kinds[kind as usize].mover;
            sink.push_targets(sq, mover.attacks(t, sq, scene.occ) & !own);
            continue;
        }
        let banned = SwapBan(pos.extra.ban).banned_partner::<u64>(sq);
        match kind {
            kinds::PAOVAO => paovao_moves(&scene, sq, sink),
            kinds::ADVANCER => {
                let prey = LinePrey { approach: enemy, ..LinePrey::NONE };
                sink.push_targets(sq, line_targets(&scene, sq, &prey));
            }
            kinds::WITHDRAWER => {
                let prey = LinePrey { withdraw: enemy, ..LinePrey::NONE };
                sink.push_targets(sq, line_targets(&scene, sq, &prey));
            }
            kinds::LONG_LEAPER => {
                let prey = LinePrey { overtake: enemy, ..LinePrey::NONE };
                sink.push_targets(sq, line_targets(&scene, sq, &prey));
            }
            kinds::IMMOBILIZER => {
                sink.push_targets(sq, line_targets(&scene, sq, &LinePrey::NONE));
            }
            kinds::SWAPPER => swapper_moves(&scene, sq, banned, sink),
            kinds::CHAMELEON => {
                let mimic = mimicry(pos, sq, us, pos.ep_square(), enemy);
                chameleon_moves(&scene, sq, &mimic, banned, sink);
            }
            _ => {}
        }
    }
    pawn_moves(pos, active & pawns, sink);
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
        if (super::captures::en_passant_victim(from, ep) & enemy_pawns).any() {
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
