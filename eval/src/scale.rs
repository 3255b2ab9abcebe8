//! Endgame scaling: how much of its endgame advantage a side can turn into a win. A linear
//! sum of terms scores a bishop up with no pawns as well as a bishop up with six, and
//! bishops of opposite colours as any other pair of minor pieces; the first is a draw and the
//! second often one. The evaluation keeps the sum and scales its endgame part, by a factor of
//! `SCALE_NORMAL` (64) that depends on the stronger side's pawns and on the material left.
//!
//! The factors are numbers of the variant's file (`scale.*`), not fitted: a factor multiplies
//! the sum, which a linear fit cannot find. The tuner holds each position's factor as the
//! starting weights give it, so the weights are fitted to the scaled evaluation the engine
//! runs. A file whose factors are all `SCALE_NORMAL` (and `scale.per_pawn` 0) scales nothing.

use crate::params::layout::is_piece;
use crate::params::Params;
use crate::tables::Tables;
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::{Color, Square};
use sissa_movegen::piece::{Kind, MAX_KINDS};
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::Position;

/// The factor that keeps the whole endgame score.
pub const SCALE_NORMAL: i32 = 64;

/// The names of the factors in a variant's file, where the variant has pawns.
pub const SCALE_PARAMS: [&str; 6] = [
    "scale.base",
    "scale.per_pawn",
    "scale.margin",
    "scale.no_pawns",
    "scale.one_pawn",
    "scale.opposite_bound",
];

/// A variant's scaling factors and what it needs to know of its piece types.
pub struct Scaling<R: Rules> {
    /// Does any factor scale (else every position keeps `SCALE_NORMAL`)?
    active: bool,
    /// The factor with `n` pawns of the stronger side is at most `base + per_pawn * n`: a
    /// lead with few pawns left is harder to turn into a win.
    base: i32,
    per_pawn: i32,
    /// A lead in pieces (middlegame values, centipawns) up to which a side with no pawns, or
    /// with one, is scaled by `no_pawns` or `one_pawn` (a minor piece: two knights cannot
    /// mate, a rook against a minor piece is mostly drawn).
    margin: i32,
    no_pawns: i32,
    one_pawn: i32,
    /// Each side's only piece is one colour-bound piece, the two on squares of opposite
    /// colours (bishops of opposite colours): the pawns of the side ahead can be blockaded.
    opposite_bound: i32,
    /// Middlegame value of each piece type (zero for the pawn and the king).
    piece_value: [i32; MAX_KINDS],
    /// The piece types whose every move keeps them on squares of one colour.
    colour_bound: Vec<Kind>,
    /// The squares of one colour (that of a1).
    dark: Bb<R>,
}

impl<R: Rules> Scaling<R> {
    /// The factors of `params`, with the values and colour-bound types of `tables` (built
    /// from the same parameters).
    pub fn build(params: &Params, tables: &Tables<R>) -> Scaling<R> {
        let value = tables.value.map(|(_, w)| w);
        let def = R::def();
        let kinds = def.kinds.len() as Kind;
        let mut piece_value = [0; MAX_KINDS];
        for k in (0..kinds).filter(|&k| is_piece::<R>(k)) {
            piece_value[k as usize] = value[k as usize].mg;
        }
        let factor = |name: &str| if def.pawn.is_some() { params.single(name) } else { 0 };
        let [base, per_pawn, margin, no_pawns, one_pawn, opposite_bound] = SCALE_PARAMS.map(factor);
        let active = def.pawn.is_some()
            && (base < SCALE_NORMAL
                || no_pawns < SCALE_NORMAL
                || one_pawn < SCALE_NORMAL
                || opposite_bound < SCALE_NORMAL);
        Scaling {
            active,
            base,
            per_pawn,
            margin,
            no_pawns,
            one_pawn,
            opposite_bound,
            piece_value,
            colour_bound: tables.colour_bound.clone(),
            dark: tables.dark,
        }
    }

    /// The factor (of `SCALE_NORMAL`) for the endgame part of `pos`'s score, `eg` from
    /// White's view.
    #[inline(always)]
    pub fn factor(&self, pos: &Position<R>, eg: i32) -> i32 {
        let Some(pawn) = R::def().pawn.filter(|_| self.active && eg != 0) else {
            return SCALE_NORMAL;
        };
        let strong = if eg > 0 { Color::White } else { Color::Black };
        let pieces = Color::BOTH.map(|c| self.pieces_value(pos, c));
        let pawns = pos.pieces(pawn, strong).count() as i32;
        let lead = pieces[strong.index()] - pieces[strong.flip().index()];
        if pawns <= 1 && lead <= self.margin {
            return if pawns == 0 { self.no_pawns } else { self.one_pawn };
        }
        if self.opposite_bound_alone(pos, &pieces) {
            return self.opposite_bound;
        }
        (self.base + self.per_pawn * pawns).min(SCALE_NORMAL)
    }

    /// `color`'s pieces (neither pawns nor the king) by middlegame value.
    #[inline(always)]
    fn pieces_value(&self, pos: &Position<R>, color: Color) -> i32 {
        (0..R::def().kinds.len())
            .map(|k| self.piece_value[k] * pos.pieces(k as Kind, color).count() as i32)
            .sum()
    }

    /// Is each side's only piece one colour-bound piece, the two on opposite colours?
    /// `pieces` is each side's `pieces_value`.
    #[inline(always)]
    fn opposite_bound_alone(&self, pos: &Position<R>, pieces: &[i32; 2]) -> bool {
        let mut bound = [Bb::<R>::EMPTY; 2];
        for &k in &self.colour_bound {
            for color in Color::BOTH {
                bound[color.index()] |= pos.pieces(k, color);
            }
        }
        let alone = |color: Color| {
            let own = bound[color.index()];
            own.count() == 1 && self.value_at(pos, own.lowest()) == pieces[color.index()]
        };
        alone(Color::White)
            && alone(Color::Black)
            && (bound[0] & self.dark).any() != (bound[1] & self.dark).any()
    }

    #[inline(always)]
    fn value_at(&self, pos: &Position<R>, sq: Square) -> i32 {
        pos.piece_at(sq).map_or(0, |p| self.piece_value[p.kind() as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phased::PHASE_MAX;
    use crate::{Evaluated, Evaluator};
    use sissa_movegen::variants::chess::Chess;

    /// Factors for the tests, whatever the compiled file holds: the base, per pawn, the
    /// margin (a bishop's worth in the chess file's values and more), no pawns, one pawn,
    /// opposite bishops. Each differs from the others, so a wrong rule shows.
    const TEST_FACTORS: [i32; 6] = [36, 7, 500, 8, 48, 22];

    /// The chess file with `factors` in place of its own.
    fn chess_params_with(factors: [i32; 6]) -> Params {
        let text: String = Chess::params()
            .to_text(&[])
            .lines()
            .map(|line| {
                let name = line.split(' ').next().unwrap_or_default();
                match SCALE_PARAMS.iter().position(|&p| p == name) {
                    Some(i) => format!("{name} {}\n", factors[i]),
                    None => format!("{line}\n"),
                }
            })
            .collect();
        Params::parse(&crate::layout::<Chess>(), &text).expect("a whole file")
    }

    fn factor_with(factors: [i32; 6], fen: &str) -> i32 {
        let pos = Position::<Chess>::from_fen(fen).expect("a legal FEN");
        Evaluator::<Chess>::with_params(&chess_params_with(factors)).endgame_scale(&pos)
    }

    fn factor(fen: &str) -> i32 {
        factor_with(TEST_FACTORS, fen)
    }

    const BASE: i32 = TEST_FACTORS[0];
    const PER_PAWN: i32 = TEST_FACTORS[1];
    const NO_PAWNS: i32 = TEST_FACTORS[3];
    const ONE_PAWN: i32 = TEST_FACTORS[4];
    const OPPOSITE: i32 = TEST_FACTORS[5];

    #[test]
    fn a_small_lead_without_pawns_or_with_one_is_scaled_by_its_own_factor() {
        // A lone bishop, a rook against a bishop: no pawns and a lead of a minor piece at most.
        assert_eq!(factor("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), NO_PAWNS);
        assert_eq!(factor("4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1"), NO_PAWNS);
        // The same for Black, the stronger side in the colour-mirrored position.
        assert_eq!(factor("2b1k3/8/8/8/8/8/8/4K3 b - - 0 1"), NO_PAWNS);
        // A bishop and a pawn against a bare king: one pawn.
        assert_eq!(factor("4k3/8/8/8/8/8/P7/2B1K3 w - - 0 1"), ONE_PAWN);
        // A lone rook leads by more than a minor piece: the general rule with no pawns.
        assert_eq!(factor("4k3/8/8/8/8/8/8/3RK3 w - - 0 1"), BASE);
    }

    #[test]
    fn bishops_of_opposite_colours_alone_are_scaled_and_of_one_colour_are_not() {
        // c1 is a dark square, d5 a light one; White is two pawns against one.
        assert_eq!(factor("4k3/p7/8/3b4/8/8/P1P5/2B1K3 w - - 0 1"), OPPOSITE);
        // e5 is dark, as c1 is: the general rule, two pawns of the stronger side.
        assert_eq!(factor("4k3/p7/8/4b3/8/8/P1P5/2B1K3 w - - 0 1"), BASE + 2 * PER_PAWN);
        // A rook each besides the bishops: not alone, the general rule.
        assert_eq!(factor("r3k3/p7/8/3b4/8/8/P1P5/R1B1K3 w - - 0 1"), BASE + 2 * PER_PAWN);
    }

    #[test]
    fn enough_pawns_keep_the_whole_endgame_score() {
        // 36 + 7 * 4 = 64: four pawns of the stronger side keep the whole score.
        assert_eq!(factor("4k3/8/8/8/8/8/PPPP4/3QK3 w - - 0 1"), SCALE_NORMAL);
        assert_eq!(factor("4k3/8/8/8/8/8/PPP5/3QK3 w - - 0 1"), BASE + 3 * PER_PAWN);
    }

    #[test]
    fn factors_that_keep_everything_scale_nothing() {
        let neutral = [SCALE_NORMAL, 0, 0, SCALE_NORMAL, SCALE_NORMAL, SCALE_NORMAL];
        assert_eq!(factor_with(neutral, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), SCALE_NORMAL);
        assert_eq!(factor_with(neutral, "4k3/8/8/8/8/8/8/3RK3 w - - 0 1"), SCALE_NORMAL);
    }

    #[test]
    fn the_score_keeps_its_middlegame_part_and_scales_its_endgame_part() {
        let fen = "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1";
        let pos = Position::<Chess>::from_fen(fen).expect("a legal FEN");
        let scaled = Evaluator::<Chess>::with_params(&chess_params_with(TEST_FACTORS));
        let sum = scaled.breakdown(&pos).sum();
        let phase = scaled.phase(&pos);
        let eg = sum.eg * NO_PAWNS / SCALE_NORMAL;
        let expected = (sum.mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
        assert_eq!(scaled.evaluate(&pos), expected + scaled.tempo());
    }
}
