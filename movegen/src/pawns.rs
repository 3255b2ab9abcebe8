//! Orthodox pawn moves for a whole set of pawns at once, by shifting bitboards: single pushes,
//! double steps from the second rank (where the variant has them), diagonal captures, and
//! promotion on the last rank. Shared by the legal generator of the check variants and the
//! pseudo-legal generator of the variants without check; each decides which pawns and which
//! destinations are allowed, and handles en passant itself.

use crate::bitboard::Bitboard;
use crate::geometry::Color;
use crate::moves::{MoveKind, MoveSink};
use crate::piece::Kind;
use crate::rules::{Bb, Rules};
use crate::shape::Shape;

/// Shifts a set of squares one rank forward for `color` and `side` files across the board
/// (-1 towards file a, 0, +1 towards the last file); `files` is the board width.
#[inline(always)]
pub fn shift<B: Bitboard>(b: B, color: Color, side: i32, files: u32) -> B {
    let delta = files as i32 + side * color.forward();
    match color {
        Color::White => b << delta as u32,
        Color::Black => b >> delta as u32,
    }
}

/// The index distance from a pawn's destination back to its start for a step forward and
/// `side` files across: `from = to - back`.
#[inline(always)]
pub fn back(color: Color, side: i32, files: u32) -> i32 {
    (files as i32 + side * color.forward()) * color.forward()
}

/// The rank a pawn of `color` reaches with its first single step (the one a double step
/// crosses).
#[inline(always)]
pub fn third_rank<R: Rules>(color: Color) -> Bb<R> {
    let t = R::S::tables();
    match color {
        Color::White => t.rank_masks[2],
        Color::Black => t.rank_masks[R::S::DIMS.ranks as usize - 3],
    }
}

/// Every move of the pawns `pawns` of colour `us` that the pin rules need not restrict:
/// pushes onto `empty` squares, captures of `enemy` pieces, each kept only if it ends on
/// `target`. Moves onto the last rank are one move per type of `promo` (none if it is empty).
#[inline(always)]
pub fn pawn_set_moves<R: Rules, K: MoveSink<Bb<R>>>(
    pawns: Bb<R>,
    us: Color,
    empty: Bb<R>,
    enemy: Bb<R>,
    target: Bb<R>,
    promo: &[Kind],
    sink: &mut K,
) {
    let def = R::def();
    let rules = &def.pawn_rules;
    let t = R::S::tables();
    let dims = R::S::DIMS;
    let w = dims.files as u32;
    let last = def.promotion_rank(t, us);

    let single = shift(pawns, us, 0, w) & empty;
    let pushes = single & target;
    sink.push_pawn_moves(pushes & !last, back(us, 0, w), MoveKind::Normal);
    sink.push_pawn_promotions(pushes & last, back(us, 0, w), promo);
    if rules.double_step {
        let double = shift(single & third_rank::<R>(us), us, 0, w) & empty & target;
        sink.push_pawn_moves(double, 2 * back(us, 0, w), MoveKind::DoubleStep);
    }
    // Captures towards file - 1 (side -1) and file + 1 (side +1) of the board.
    for side in [-1i32, 1] {
        let edge = if side < 0 { t.file_masks[0] } else { t.file_masks[dims.files as usize - 1] };
        let caps = shift(pawns & !edge, us, side, w) & enemy & target;
        let b = back(us, side, w);
        sink.push_pawn_moves(caps & !last, b, MoveKind::Normal);
        sink.push_pawn_promotions(caps & last, b, promo);
    }
}
