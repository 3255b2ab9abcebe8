//! Move generation for file variants whose pieces the shared legal generator cannot take
//! (one-directional or range-limited moves, separate move and capture, hoppers, lame leaps,
//! promotion zones, games without check): every piece's moves from its compiled Betza, each
//! kept if the own king is not attacked after it, tested on the board as it would stand.
//! Where a drop may follow a move (Sissa's `dropAfterMove`), each move is also passed on
//! with each drop after it, judged after the whole turn.

use super::drops::reserve;
use super::extensions::kingline;
use super::rules::{FileRules, FileShape, FileVariant};
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind, MoveSink};
use crate::piece::Kind;
use crate::position::{Position, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};

type P<S> = Position<FileRules<S>>;

/// The board after a move, as far as attacks on a square are concerned.
#[derive(Clone, Copy)]
pub(super) struct After<B> {
    pub(super) occ: B,
    /// Squares whose pieces are gone or moved away.
    pub(super) vacated: B,
    /// A piece standing on a new square: (square, kind, colour).
    pub(super) arrived: Option<(Square, Kind, Color)>,
}

/// Is `target` attacked by a piece of `by` on the board `after`?
pub(super) fn attacked<S: FileShape>(
    pos: &P<S>,
    file: &FileVariant<S>,
    target: Square,
    by: Color,
    after: After<S::B>,
) -> bool {
    if let Some((sq, kind, color)) = after.arrived {
        if color == by && file.movers[kind as usize].attacks(by, sq, target, after.occ) {
            return true;
        }
    }
    for (k, mover) in file.movers.iter().enumerate() {
        let pieces = pos.pieces(k as Kind, by) & !after.vacated;
        for sq in pieces.squares() {
            if mover.attacks(by, sq, target, after.occ) {
                return true;
            }
        }
    }
    false
}

fn unchanged<S: FileShape>(pos: &P<S>) -> After<S::B> {
    After { occ: pos.occupied(), vacated: S::B::EMPTY, arrived: None }
}

/// Is `color`'s king attacked in the position as it stands?
pub fn king_attacked<S: FileShape>(pos: &P<S>, file: &FileVariant<S>, color: Color) -> bool {
    match pos.king_square(color) {
        Some(k) => attacked(pos, file, k, color.flip(), unchanged(pos)),
        None => false,
    }
}

/// The board after `from` moves to `to` as `kind`, with `removed` taken off.
fn after_move<S: FileShape>(
    pos: &P<S>,
    from: Square,
    to: Square,
    kind: Kind,
    removed: S::B,
) -> After<S::B> {
    let bit = S::B::from_square;
    let occ = (pos.occupied() & !bit(from) & !removed) | bit(to);
    After { occ, vacated: bit(from) | bit(to) | removed, arrived: Some((to, kind, pos.side())) }
}

/// Is the move legal as to check: the mover's king not attacked after it, and where the
/// variant forbids giving check, the enemy king not attacked either.
pub(super) fn legal_after<S: FileShape>(
    pos: &P<S>,
    file: &FileVariant<S>,
    after: After<S::B>,
) -> bool {
    // With a King-line there is no check: a King may stand attacked.
    if file.king_line.is_some() {
        return true;
    }
    let us = pos.side();
    let king_kind = file.def.king;
    let own_king = match after.arrived {
        Some((sq, k, _)) if k == king_kind => Some(sq),
        _ => pos.king_square(us),
    };
    if let Some(k) = own_king {
        if attacked(pos, file, k, us.flip(), after) {
            return false;
        }
    }
    if !file.checking {
        if let Some(k) = pos.king_square(us.flip()).filter(|&k| !after.vacated.has(k)) {
            if attacked(pos, file, k, us, after) {
                return false;
            }
        }
    }
    true
}

/// Every legal move of the side to move.
pub fn generate<S: FileShape, K: MoveSink<S::B>>(pos: &P<S>, file: &FileVariant<S>, sink: &mut K) {
    match &file.king_line {
        Some(line) => {
            let Some(allowed) = kingline::allowed_targets(pos, line) else { return };
            every_move(pos, file, &mut kingline::Allowed { allowed, sink });
        }
        None => every_move(pos, file, sink),
    }
}

fn every_move<S: FileShape, K: MoveSink<S::B>>(pos: &P<S>, file: &FileVariant<S>, sink: &mut K) {
    if let Some(drops) = &file.drops {
        let dropped = super::drops::moves::drop_moves(pos, file, drops, sink);
        if drops.def.must_drop && dropped > 0 {
            return;
        }
    }
    let us = pos.side();
    let own = pos.color(us);
    let enemy = pos.color(us.flip());
    let occ = own | enemy;
    for (k, mover) in file.movers.iter().enumerate() {
        let kind = k as Kind;
        let is_pawn = Some(kind) == file.def.pawn;
        for from in pos.pieces(kind, us).squares() {
            let t = mover.targets(us, from, occ, enemy);
            for to in (t.quiet | t.captures).squares() {
                if is_pawn && file.promotion_region[us.index()].has(to) {
                    promotions(pos, file, from, to, sink);
                } else {
                    let after = after_move(pos, from, to, kind, S::B::EMPTY);
                    emit(pos, file, Move::normal(from, to), after, sink);
                }
            }
            if is_pawn {
                pawn_specials(pos, file, from, sink);
            }
        }
    }
    if pos.castling() != 0 && file.king_line.is_none() {
        castling(pos, file, sink);
    }
}

fn promotions<S: FileShape, K: MoveSink<S::B>>(
    pos: &P<S>,
    file: &FileVariant<S>,
    from: Square,
    to: Square,
    sink: &mut K,
) {
    let promote = |kind: Kind, sink: &mut K| {
        let after = after_move(pos, from, to, kind, S::B::EMPTY);
        emit(pos, file, Move::normal(from, to).with_promotion(kind), after, sink);
    };
    if file.drops.as_ref().is_some_and(|d| d.def.reserve.promotion_from_reserve) {
        // Into the queue's back; with an empty queue the pawn may not enter the region.
        if let Some(kind) = reserve::promotion_from_queue(pos) {
            promote(kind, sink);
        }
        return;
    }
    let pawn = file.def.pawn.unwrap_or(0);
    if !file.mandatory_promotion {
        emit(pos, file, Move::normal(from, to), after_move(pos, from, to, pawn, S::B::EMPTY), sink);
    }
    for &kind in &file.def.pawn_rules.promotion {
        promote(kind, sink);
    }
}

/// Pushes `mv`, which leads to `after`, if it leaves the own king safe; and, where a drop
/// may follow a move, each turn of the move and a drop (whose legality is judged anew).
#[inline]
fn emit<S: FileShape, K: MoveSink<S::B>>(
    pos: &P<S>,
    file: &FileVariant<S>,
    mv: Move,
    after: After<S::B>,
    sink: &mut K,
) {
    if legal_after(pos, file, after) {
        sink.push(mv);
    }
    if let Some(drops) = file.drops.as_ref().filter(|d| d.after_move()) {
        reserve::drops_after(pos, file, drops, mv, after, sink);
    }
}

/// The double step and the en passant capture of the pawn on `from`.
fn pawn_specials<S: FileShape, K: MoveSink<S::B>>(
    pos: &P<S>,
    file: &FileVariant<S>,
    from: Square,
    sink: &mut K,
) {
    let us = pos.side();
    let dims = S::DIMS;
    let pawn = file.def.pawn.unwrap_or(0);
    let occ = pos.occupied();
    if file.def.pawn_rules.double_step && file.double_step_region[us.index()].has(from) {
        let one = dims.offset(from, (0, us.forward()));
        let two = dims.offset(from, (0, 2 * us.forward()));
        if let (Some(one), Some(two)) = (one, two) {
            let free = !occ.has(one) && !occ.has(two);
            if free && file.promotion_region[us.index()].has(two) {
                promotions(pos, file, from, two, sink);
            } else if free {
                let after = after_move(pos, from, two, pawn, S::B::EMPTY);
                emit(pos, file, Move::new(from, two, MoveKind::DoubleStep), after, sink);
            }
        }
    }
    let Some(ep) = pos.ep_square() else { return };
    let Some(victim) = dims.offset(ep, (0, -us.forward())) else { return };
    let capture_reach = file.movers[pawn as usize].targets(
        us,
        from,
        occ | S::B::from_square(ep),
        S::B::from_square(ep),
    );
    if capture_reach.captures.has(ep) {
        let after = after_move(pos, from, ep, pawn, S::B::from_square(victim));
        emit(pos, file, Move::new(from, ep, MoveKind::EnPassant), after, sink);
    }
}

fn castling<S: FileShape, K: MoveSink<S::B>>(pos: &P<S>, file: &FileVariant<S>, sink: &mut K) {
    let def = &file.def;
    let Some(rules) = def.castling else { return };
    let us = pos.side();
    let Some(king) = pos.king_square(us) else { return };
    let (sides, first) = match us {
        Color::White => ([CASTLE_WK, CASTLE_WQ], 0),
        Color::Black => ([CASTLE_BK, CASTLE_BQ], 2),
    };
    let t = S::tables();
    let bit = S::B::from_square;
    if king_attacked(pos, file, us) {
        return;
    }
    for (i, right) in sides.into_iter().enumerate() {
        if pos.castling() & right == 0 {
            continue;
        }
        let rook = pos.castle_rook(first + i);
        let king_to = def.back_rank_square(us, rules.king_to[i]);
        let rook_to = def.back_rank_square(us, rules.rook_to[i]);
        let path =
            (t.between(king, king_to) | bit(king_to) | t.between(rook, rook_to) | bit(rook_to))
                & !bit(king)
                & !bit(rook);
        if (path & pos.occupied()).any() {
            continue;
        }
        let lifted = pos.occupied() & !bit(king);
        let crossed_attacked = t.between(king, king_to).squares().any(|s| {
            let after = After { occ: lifted | bit(s), vacated: bit(king), arrived: None };
            attacked(pos, file, s, us.flip(), after)
        });
        let occ = (lifted & !bit(rook)) | bit(rook_to) | bit(king_to);
        let after =
            After { occ, vacated: bit(king) | bit(rook), arrived: Some((rook_to, rules.rook, us)) };
        if crossed_attacked || attacked(pos, file, king_to, us.flip(), after) {
            continue;
        }
        if !file.checking {
            if let Some(k) = pos.king_square(us.flip()) {
                let mut after = after;
                after.arrived = Some((rook_to, rules.rook, us));
                if attacked(pos, file, k, us, after) {
                    continue;
                }
            }
        }
        sink.push(Move::new(king, king_to, MoveKind::Castle));
    }
}
