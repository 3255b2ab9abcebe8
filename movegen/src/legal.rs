//! The legal move generator of the checkmate variants (chess, Lions and Unicorns, Sea Horses).
//!
//! Legal moves are generated directly, without making them:
//! - the king steps to squares no enemy attacks once it has left its square;
//! - in double check only the king moves; in single check the other pieces must capture the
//!   checker or, against a line piece, stand between it and the king;
//! - a piece pinned against its king by a slider or a rider stays between the two;
//! - moves whose safety these rules cannot settle (en passant, castling's last square) are
//!   tested exactly by asking whether the king would be attacked after the move.
//!
//! The counting sink gets whole target sets, so perft counts leaves by popcount.

use crate::attacks::{attackers_to, kinds_union};
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind, MoveSink};
use crate::pawns::{pawn_set_moves, shift, third_rank};
use crate::piece::Kind;
use crate::position::{Position, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use crate::rules::{Bb, Rules};
use crate::shape::Shape;
use crate::tables::Tables;

/// Everything the generation steps share.
struct Context<'a, R: Rules> {
    pos: &'a Position<R>,
    t: &'static Tables<R::S>,
    us: Color,
    them: Color,
    king: Square,
    own: Bb<R>,
    enemy: Bb<R>,
    occ: Bb<R>,
    /// Squares a non-king move may go to: not own, and in check the evasion squares.
    target: Bb<R>,
    /// Own pieces pinned against the king by a slider or rider.
    pinned: Bb<R>,
}

impl<R: Rules> Context<'_, R> {
    /// The squares a pinned piece on `sq` may go to: its line between the king and the pinning
    /// piece, which it may capture. Recomputed when needed; pins are rare.
    #[inline]
    fn pin_line(&self, sq: Square) -> Bb<R> {
        match self.t.direction(self.king, sq) {
            Some(d) => self.t.between(self.king, sq) | self.t.ray_until_blocked(d, sq, self.occ),
            None => Bb::<R>::EMPTY,
        }
    }

    /// Would our king be safe after moving `from` to `to` and removing the pieces on `removed`?
    #[inline]
    fn safe_after(&self, from: Square, to: Square, removed: Bb<R>) -> bool {
        let to_bit = Bb::<R>::from_square(to);
        let occ = (self.occ & !Bb::<R>::from_square(from) & !removed) | to_bit;
        let enemy = self.enemy & !removed & !to_bit;
        let king = if from == self.king { to } else { self.king };
        attackers_to(self.pos, king, occ, enemy, self.them).is_empty()
    }
}

/// Generates every legal move of an orthodox-style position.
pub fn generate_legal<R: Rules, K: MoveSink<Bb<R>>>(pos: &Position<R>, sink: &mut K) {
    let def = R::def();
    let t = R::S::tables();
    let us = pos.side();
    let them = us.flip();
    let Some(king) = pos.king_square(us) else { return };
    let own = pos.color(us);
    let enemy = pos.color(them);
    let occ = own | enemy;
    let checkers = attackers_to(pos, king, occ, enemy, them);
    let mut cx = Context {
        pos,
        t,
        us,
        them,
        king,
        own,
        enemy,
        occ,
        target: !own & t.all,
        pinned: Bb::<R>::EMPTY,
    };
    king_steps(&cx, sink);
    if checkers.several() {
        return;
    }
    if checkers.any() {
        cx.target &= evasion_squares(&cx, checkers.lowest());
    }
    cx.pinned = find_pins(&cx);
    for &k in &def.plain_kinds {
        piece_moves(&cx, k, sink);
    }
    if let Some(pawn) = def.pawn {
        pawn_moves(&cx, pawn, sink);
    }
    if checkers.is_empty() && pos.castling() != 0 {
        castling_moves(&cx, sink);
    }
}

/// Is the side to move's king attacked?
pub fn in_check<R: Rules>(pos: &Position<R>) -> bool {
    crate::attacks::king_attacked(pos, pos.side())
}

fn king_steps<R: Rules, K: MoveSink<Bb<R>>>(cx: &Context<R>, sink: &mut K) {
    let def = R::def();
    let mover = &def.kinds[def.king as usize].mover;
    // Without the king on the board, so that a slider checking it also covers the squares
    // behind it.
    let occ = cx.occ ^ Bb::<R>::from_square(cx.king);
    let mut safe = Bb::<R>::EMPTY;
    for to in (mover.attacks(cx.t, cx.king, cx.occ) & !cx.own).squares() {
        if attackers_to(cx.pos, to, occ, cx.enemy, cx.them).is_empty() {
            safe |= Bb::<R>::from_square(to);
        }
    }
    sink.push_targets(cx.king, safe);
}

/// The squares where a non-king piece answers a single check from `checker`: the checker
/// itself, and the squares between it and the king if it attacks along a line.
fn evasion_squares<R: Rules>(cx: &Context<R>, checker: Square) -> Bb<R> {
    let def = R::def();
    let bit = Bb::<R>::from_square(checker);
    let Some(p) = cx.pos.piece_at(checker) else { return bit };
    if Some(p.kind()) == def.pawn
        || def.kinds[p.kind() as usize].mover.leaps[checker as usize].has(cx.king)
    {
        bit
    } else {
        bit | cx.t.between(cx.king, checker)
    }
}

/// Own pieces that alone stand between the king and an enemy slider or rider on its line.
fn find_pins<R: Rules>(cx: &Context<R>) -> Bb<R> {
    let def = R::def();
    let g = &def.attack_groups;
    let t = cx.t;
    let none = Bb::<R>::EMPTY;
    let mut snipers = none;
    if !g.orthogonal.is_empty() {
        snipers |= t.rook(cx.king, none) & kinds_union(cx.pos, &g.orthogonal);
    }
    if !g.diagonal.is_empty() {
        snipers |= t.bishop(cx.king, none) & kinds_union(cx.pos, &g.diagonal);
    }
    if !g.nightrider.is_empty() {
        snipers |= t.nightrider(cx.king, none) & kinds_union(cx.pos, &g.nightrider);
    }
    let mut pinned = none;
    for s in (snipers & cx.enemy).squares() {
        let blockers = t.between(cx.king, s) & cx.occ;
        if blockers.any() && !blockers.several() {
            pinned |= blockers & cx.own;
        }
    }
    pinned
}

fn piece_moves<R: Rules, K: MoveSink<Bb<R>>>(cx: &Context<R>, kind: Kind, sink: &mut K) {
    let mover = &R::def().kinds[kind as usize].mover;
    let pieces = cx.pos.pieces(kind, cx.us);
    for sq in (pieces & !cx.pinned).squares() {
        sink.push_targets(sq, mover.attacks(cx.t, sq, cx.occ) & cx.target);
    }
    for sq in (pieces & cx.pinned).squares() {
        let targets = mover.attacks(cx.t, sq, cx.occ) & cx.target & cx.pin_line(sq);
        sink.push_targets(sq, targets);
    }
}

fn pawn_moves<R: Rules, K: MoveSink<Bb<R>>>(cx: &Context<R>, pawn: Kind, sink: &mut K) {
    let def = R::def();
    let rules = &def.pawn_rules;
    let t = cx.t;
    let w = R::S::DIMS.files as u32;
    let us = cx.us;
    let pawns = cx.pos.pieces(pawn, us);
    let empty = !cx.occ & t.all;
    let last = def.promotion_rank(t, us);
    let promo = &rules.promotion[..];
    pawn_set_moves::<R, K>(pawns & !cx.pinned, us, empty, cx.enemy, cx.target, sink);
    // Pinned pawns one at a time, kept on their pin line.
    for sq in (pawns & cx.pinned).squares() {
        let allowed = cx.pin_line(sq) & cx.target;
        let bit = Bb::<R>::from_square(sq);
        let one = shift(bit, us, 0, w) & empty;
        let mut quiet = one;
        let mut double = Bb::<R>::EMPTY;
        if rules.double_step {
            double = shift(one & third_rank::<R>(us), us, 0, w) & empty & allowed;
        }
        quiet &= allowed;
        let caps = def.pawn_attacks[us.index()][sq as usize] & cx.enemy & allowed;
        let moves = quiet | caps;
        sink.push_targets(sq, moves & !last);
        sink.push_promotions(sq, moves & last, promo);
        if double.any() {
            sink.push(Move::new(sq, double.lowest(), MoveKind::DoubleStep));
        }
    }
    if let (Some(ep), true) = (cx.pos.ep_square(), rules.en_passant) {
        en_passant(cx, pawn, ep, sink);
    }
}

/// En passant captures, each tested exactly: the captured pawn leaves a square that may have
/// shielded the king, which the pin rules do not see.
fn en_passant<R: Rules, K: MoveSink<Bb<R>>>(cx: &Context<R>, pawn: Kind, ep: Square, sink: &mut K) {
    let def = R::def();
    let dims = R::S::DIMS;
    let Some(victim) = dims.offset(ep, (0, -cx.us.forward())) else { return };
    let attackers = def.pawn_attacks[cx.them.index()][ep as usize] & cx.pos.pieces(pawn, cx.us);
    for from in attackers.squares() {
        if cx.safe_after(from, ep, Bb::<R>::from_square(victim)) {
            sink.push(Move::new(from, ep, MoveKind::EnPassant));
        }
    }
}

fn castling_moves<R: Rules, K: MoveSink<Bb<R>>>(cx: &Context<R>, sink: &mut K) {
    let def = R::def();
    let Some(rules) = def.castling else { return };
    let rights = cx.pos.castling();
    let (sides, first) = match cx.us {
        Color::White => ([CASTLE_WK, CASTLE_WQ], 0),
        Color::Black => ([CASTLE_BK, CASTLE_BQ], 2),
    };
    for (i, bit) in sides.into_iter().enumerate() {
        if rights & bit == 0 {
            continue;
        }
        let rook = cx.pos.castle_rook(first + i);
        let king_to = def.back_rank_square(cx.us, rules.king_to[i]);
        let rook_to = def.back_rank_square(cx.us, rules.rook_to[i]);
        let sq = Bb::<R>::from_square;
        let t = cx.t;
        let path =
            (t.between(cx.king, king_to) | sq(king_to) | t.between(rook, rook_to) | sq(rook_to))
                & !sq(cx.king)
                & !sq(rook);
        if (path & cx.occ).any() {
            continue;
        }
        // Squares the king crosses, seen with the king lifted; the square it lands on, seen in
        // the position after castling (the rook may have shielded it).
        let lifted = cx.occ ^ sq(cx.king);
        let crosses_attack = t
            .between(cx.king, king_to)
            .squares()
            .any(|s| attackers_to(cx.pos, s, lifted, cx.enemy, cx.them).any());
        let after = (lifted ^ sq(rook)) | sq(rook_to) | sq(king_to);
        if crosses_attack || attackers_to(cx.pos, king_to, after, cx.enemy, cx.them).any() {
            continue;
        }
        sink.push(Move::new(cx.king, king_to, MoveKind::Castle));
    }
}
