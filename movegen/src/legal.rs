//! The legal move generator of the checkmate variants (chess, Lions and Unicorns, Sea Horses).
//!
//! Legal moves are generated directly, without making them:
//! - the king steps to squares no enemy attacks once it has left its square;
//! - in check the other pieces must capture the checker or close every free route from it
//!   to the king: the squares between on a line, or a square common to all free paths of a
//!   bent rider (the Sissa). Against two checkers only the king moves, unless one of them
//!   is a bent rider: its paths are not a line, so one piece may close a path and a line
//!   at once;
//! - a piece pinned against its king by a slider or a rider stays between the two; a piece
//!   that alone closes paths of a bent rider to the king stays on all of them (or captures
//!   the rider);
//! - moves whose safety these rules cannot settle (en passant, castling's last square) are
//!   tested exactly by asking whether the king would be attacked after the move.
//!
//! The counting sink gets whole target sets, so perft counts leaves by popcount.
//!
//! The same generator restricted to captures and promotions serves quiescence, which searches
//! nothing else when the side to move is not in check: the quiet moves are never listed.

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
    /// Squares a non-king move may go to: not own, and in check the evasion squares (only
    /// enemy pieces' squares when generating captures).
    target: Bb<R>,
    /// Squares a pawn may go to: as `target`, with the empty squares of its last rank when
    /// generating captures and promotions.
    pawn_target: Bb<R>,
    /// Own pieces pinned against the king, by a line or by bent paths.
    pinned: Bb<R>,
    /// Own pieces alone between the king and an enemy slider or rider on its line.
    line_pinned: Bb<R>,
    /// Own pieces alone on one or more paths of an enemy bent rider to the king.
    bent_pinned: Bb<R>,
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

    /// The squares a pinned piece on `sq` may go to, under all its pins.
    #[inline]
    fn pin_allowed(&self, sq: Square) -> Bb<R> {
        let mut allowed = self.t.all;
        if self.line_pinned.has(sq) {
            allowed &= self.pin_line(sq);
        }
        if self.bent_pinned.has(sq) {
            allowed &= self.bent_pin_paths(sq);
        }
        allowed
    }

    /// For a piece on `sq` that alone closes paths of enemy bent riders to the king: the
    /// squares of those paths and the riders' own squares (moving elsewhere opens a path).
    fn bent_pin_paths(&self, sq: Square) -> Bb<R> {
        let def = R::def();
        let bit = Bb::<R>::from_square(sq);
        let mut allowed = self.t.all;
        for &k in &def.attack_groups.bent {
            let Some(bent) = &def.kinds[k as usize].mover.bent else { continue };
            let riders = self.pos.pieces(k, self.them) & bent.reached_from(self.king);
            for rider in riders.squares() {
                for &path in bent.paths_between(rider, self.king) {
                    if path & self.occ == bit {
                        allowed &= path | Bb::<R>::from_square(rider);
                    }
                }
            }
        }
        allowed
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
    generate::<R, K, false>(pos, sink)
}

/// Generates the legal captures (en passant included) and promotions of an orthodox-style
/// position: those of [`generate_legal`]'s moves that take something or promote.
pub fn generate_legal_tactical<R: Rules, K: MoveSink<Bb<R>>>(pos: &Position<R>, sink: &mut K) {
    generate::<R, K, true>(pos, sink)
}

/// Every legal move, or with `TACTICAL` only the captures and promotions.
fn generate<R: Rules, K: MoveSink<Bb<R>>, const TACTICAL: bool>(pos: &Position<R>, sink: &mut K) {
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
        pawn_target: !own & t.all,
        pinned: Bb::<R>::EMPTY,
        line_pinned: Bb::<R>::EMPTY,
        bent_pinned: Bb::<R>::EMPTY,
    };
    let king_target = if TACTICAL { enemy } else { !own & t.all };
    king_steps(&cx, king_target, sink);
    if checkers.any() {
        if checkers.several() && (checkers & kinds_union(pos, &def.attack_groups.bent)).is_empty() {
            return;
        }
        let mut evasions = t.all;
        for checker in checkers.squares() {
            evasions &= evasion_squares(&cx, checker);
        }
        if evasions.is_empty() {
            return;
        }
        cx.target &= evasions;
    }
    cx.pawn_target = cx.target;
    if TACTICAL {
        let promotion_squares = def.promotion_rank(t, us) & !occ;
        cx.pawn_target &= enemy | promotion_squares;
        cx.target &= enemy;
    }
    (cx.line_pinned, cx.bent_pinned) = find_pins(&cx);
    cx.pinned = cx.line_pinned | cx.bent_pinned;
    for &k in &def.plain_kinds {
        piece_moves(&cx, k, sink);
    }
    if let Some(pawn) = def.pawn {
        pawn_moves(&cx, pawn, sink);
    }
    if !TACTICAL && checkers.is_empty() && pos.castling() != 0 {
        castling_moves(&cx, sink);
    }
}

/// Is the side to move's king attacked?
pub fn in_check<R: Rules>(pos: &Position<R>) -> bool {
    crate::attacks::king_attacked(pos, pos.side())
}

/// The king's steps onto squares of `target` that no enemy attacks once it has left its own.
fn king_steps<R: Rules, K: MoveSink<Bb<R>>>(cx: &Context<R>, target: Bb<R>, sink: &mut K) {
    let def = R::def();
    let mover = &def.kinds[def.king as usize].mover;
    // Without the king on the board, so that a slider checking it also covers the squares
    // behind it.
    let occ = cx.occ ^ Bb::<R>::from_square(cx.king);
    let mut safe = Bb::<R>::EMPTY;
    for to in (mover.attacks(cx.t, cx.king, cx.occ) & target).squares() {
        if attackers_to(cx.pos, to, occ, cx.enemy, cx.them).is_empty() {
            safe |= Bb::<R>::from_square(to);
        }
    }
    sink.push_targets(cx.king, safe);
}

/// The squares where a non-king piece answers the check from `checker`: the checker itself,
/// and the squares that close every free route from it to the king (between the two on a
/// line; common to all free paths of a bent rider). A leap cannot be closed.
fn evasion_squares<R: Rules>(cx: &Context<R>, checker: Square) -> Bb<R> {
    let def = R::def();
    let bit = Bb::<R>::from_square(checker);
    let Some(p) = cx.pos.piece_at(checker) else { return bit };
    let mover = &def.kinds[p.kind() as usize].mover;
    if Some(p.kind()) == def.pawn || mover.leaps[checker as usize].has(cx.king) {
        return bit;
    }
    let Some(bent) = &mover.bent else { return bit | cx.t.between(cx.king, checker) };
    let mut block = cx.t.all;
    if bent.attacks_square(checker, cx.king, cx.occ) {
        block &= bent.common_squares_of_free_paths(checker, cx.king, cx.occ);
    }
    if line_route_is_free(cx, mover, checker) {
        block &= cx.t.between(cx.king, checker);
    }
    bit | block
}

/// Does the piece with `mover` on `checker` reach the king along a free line of its own?
fn line_route_is_free<R: Rules>(
    cx: &Context<R>,
    mover: &crate::pieces::Mover<R::S>,
    checker: Square,
) -> bool {
    let Some(d) = cx.t.direction(checker, cx.king) else { return false };
    mover.rides_along(d) && (cx.t.between(cx.king, checker) & cx.occ).is_empty()
}

/// Own pieces pinned against the king: (alone between it and an enemy slider or rider on its
/// line, alone on a path of an enemy bent rider to it).
fn find_pins<R: Rules>(cx: &Context<R>) -> (Bb<R>, Bb<R>) {
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
    (pinned, bent_pins(cx))
}

/// Own pieces that alone close a path of an enemy bent rider to the king.
fn bent_pins<R: Rules>(cx: &Context<R>) -> Bb<R> {
    let def = R::def();
    let mut pinned = Bb::<R>::EMPTY;
    for &k in &def.attack_groups.bent {
        let Some(bent) = &def.kinds[k as usize].mover.bent else { continue };
        let riders = cx.pos.pieces(k, cx.them) & bent.reached_from(cx.king);
        for rider in riders.squares() {
            for &path in bent.paths_between(rider, cx.king) {
                let blockers = path & cx.occ;
                if blockers.any() && !blockers.several() {
                    pinned |= blockers & cx.own;
                }
            }
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
        let targets = mover.attacks(cx.t, sq, cx.occ) & cx.target & cx.pin_allowed(sq);
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
    let target = cx.pawn_target;
    pawn_set_moves::<R, K>(pawns & !cx.pinned, us, empty, cx.enemy, target, promo, sink);
    // Pinned pawns one at a time, kept on their pin line.
    for sq in (pawns & cx.pinned).squares() {
        let allowed = cx.pin_allowed(sq) & cx.pawn_target;
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
