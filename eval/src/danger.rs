//! The danger to a king: one sum per side of features of its attack on the enemy king (the
//! pieces that reach the squares next to it, how often, the checks they could give, the
//! squares there only the king holds, the attacks on the king's flank), of which the
//! middlegame score takes the square. The linear king-safety terms add their parts one by
//! one, so a safe check counts the same with no piece near the king as with three; an
//! attack wins when its parts come together, and only a product of them says so. Scored
//! where there is check and there are pawns, and skipped by the search while every weight
//! is zero. The weights' middlegame parts are the sum's; their endgame parts are unused.
//! The tuner fits them through the square (`engine/src/tune/dataset.rs`).

use crate::params::layout::{is_king_attacker, kind_name};
use crate::params::Params;
use crate::phased::Phased;
use crate::sink::{Sink, Weight};
use crate::tables::SAFE_CHECKS_CAP;
use crate::{Attacked, Evaluated, Evaluator, SideAttacks};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Color;
use sissa_movegen::piece::{Kind, MAX_KINDS};
use sissa_movegen::rules::Rules;
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;

/// The score of a danger sum `d` is `d * d / DANGER_DIVISOR` centipawns (none below zero).
pub const DANGER_DIVISOR: i32 = 256;

/// Sums beyond this score as this: the square stays within `i32`, and a king this far
/// gone is lost whatever the sum says.
pub const DANGER_MAX: i32 = 5_000;

/// The middlegame score of one side's danger sum.
#[inline(always)]
pub fn danger_score(sum: i32) -> i32 {
    let d = sum.clamp(0, DANGER_MAX);
    d * d / DANGER_DIVISOR
}

/// [`danger_score`] without rounding, and its derivative, for the tuner.
#[inline]
pub fn danger_score_and_slope(sum: f32) -> (f32, f32) {
    if sum <= 0.0 {
        (0.0, 0.0)
    } else if sum >= DANGER_MAX as f32 {
        let d = DANGER_MAX as f32;
        (d * d / DANGER_DIVISOR as f32, 0.0)
    } else {
        (sum * sum / DANGER_DIVISOR as f32, 2.0 * sum / DANGER_DIVISOR as f32)
    }
}

/// Each side's danger sum, as a sink adds up its features: White's first.
#[derive(Clone, Copy, Debug, Default)]
pub struct DangerSums([i32; 2]);

impl DangerSums {
    /// `coef` times the middlegame part of `weight`, added to `attacker`'s sum.
    #[inline(always)]
    pub fn add(&mut self, attacker: Color, weight: Weight, coef: i32) {
        self.0[attacker.index()] += weight.1.mg * coef;
    }

    /// Each side's middlegame score, White's first, and the sums cleared.
    #[inline(always)]
    pub fn take_scores(&mut self) -> [i32; 2] {
        std::mem::take(&mut self.0).map(danger_score)
    }
}

/// The parameter names of the danger, by the variant's piece types.
pub fn danger_names<R: Rules>() -> Vec<String> {
    let def = R::def();
    let attackers = (0..def.kinds.len() as Kind).filter(|&k| is_king_attacker::<R>(k));
    let mut names = Vec::new();
    for k in attackers {
        let name = kind_name::<R>(k);
        names.push(format!("danger.attacker.{name}"));
        names.push(format!("danger.piece.{name}"));
    }
    for term in DANGER_TERMS {
        names.push(format!("danger.{term}"));
    }
    names
}

/// The danger's features that are not per piece type, in the layout's order.
const DANGER_TERMS: [&str; 7] = [
    "zone_attacks",
    "weak_squares",
    "safe_checks",
    "unsafe_checks",
    "flank_attacks",
    "flank_defence",
    "base",
];

const NONE: Weight = (0, Phased::ZERO);

/// The danger's weights.
pub struct DangerWeights {
    /// Per piece of the type that attacks a square next to the enemy king; none for the
    /// types that are not pieces that move by catalogue parts (`is_king_attacker`).
    pub attacker: [Option<Weight>; MAX_KINDS],
    /// Per piece of the type on the board, near the king or not (an attack with the queen
    /// still on the board is another attack); the same types.
    pub piece: [Option<Weight>; MAX_KINDS],
    /// Per attack on a square next to the enemy king, summed over the pieces.
    pub zone_attacks: Weight,
    /// Per square next to the enemy king that the side attacks and only the king defends.
    pub weak_squares: Weight,
    /// Per square (up to `SAFE_CHECKS_CAP`) a piece could give check from unattacked.
    pub safe_checks: Weight,
    /// Per square (up to `SAFE_CHECKS_CAP`) a piece could give check from, attacked.
    pub unsafe_checks: Weight,
    /// Per attack on the enemy king's flank (`king_flank.rs`).
    pub flank_attacks: Weight,
    /// Per attack of the enemy on its own king's flank.
    pub flank_defence: Weight,
    /// Once per side.
    pub base: Weight,
    /// Is any weight other than zero (if not, the search skips the danger)?
    pub weighted: bool,
}

impl DangerWeights {
    /// The weights of `params`; all zero where the variant has no check or no pawns.
    pub fn build<R: Rules>(params: &Params, check_and_pawns: bool) -> DangerWeights {
        let mut w = DangerWeights {
            attacker: [None; MAX_KINDS],
            piece: [None; MAX_KINDS],
            zone_attacks: NONE,
            weak_squares: NONE,
            safe_checks: NONE,
            unsafe_checks: NONE,
            flank_attacks: NONE,
            flank_defence: NONE,
            base: NONE,
            weighted: false,
        };
        if !check_and_pawns {
            return w;
        }
        let def = R::def();
        for k in (0..def.kinds.len() as Kind).filter(|&k| is_king_attacker::<R>(k)) {
            let name = kind_name::<R>(k);
            w.attacker[k as usize] = Some(params.phased(&format!("danger.attacker.{name}")));
            w.piece[k as usize] = Some(params.phased(&format!("danger.piece.{name}")));
        }
        w.zone_attacks = params.phased("danger.zone_attacks");
        w.weak_squares = params.phased("danger.weak_squares");
        w.safe_checks = params.phased("danger.safe_checks");
        w.unsafe_checks = params.phased("danger.unsafe_checks");
        w.flank_attacks = params.phased("danger.flank_attacks");
        w.flank_defence = params.phased("danger.flank_defence");
        w.base = params.phased("danger.base");
        let singles = [
            w.zone_attacks,
            w.weak_squares,
            w.safe_checks,
            w.unsafe_checks,
            w.flank_attacks,
            w.flank_defence,
            w.base,
        ];
        let by_type = w.attacker.iter().chain(&w.piece).flatten();
        w.weighted = by_type.chain(&singles).any(|x| x.1.mg != 0);
        w
    }
}

impl<R: Evaluated> Evaluator<R> {
    /// The features of `us`'s danger to the enemy king that need both sides' attacks:
    /// `own` is what `us`'s pieces attack, `seen` what each side attacks once and twice.
    /// (The attackers by type come with the mobility, the flank with `king_flank`.)
    #[inline(always)]
    pub(crate) fn king_danger<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        own: &SideAttacks<R>,
        seen: &Attacked<R>,
        sink: &mut K,
    ) {
        let Some(king) = pos.king_square(us.flip()) else {
            return;
        };
        let w = &self.tables.danger;
        let (ours, theirs) = (us.index(), us.flip().index());
        let around = R::S::tables().king[king as usize];
        // The enemy king attacks every square around it: one more attack there is a
        // defence besides the king's.
        let weak = around & seen.all[ours] & !seen.twice[theirs];
        let safe = (own.checks & !seen.all[theirs]).count() as i32;
        let unsafe_checks = (own.checks & seen.all[theirs]).count() as i32;
        sink.danger(us, w.zone_attacks, own.king_attacks as i32);
        sink.danger(us, w.weak_squares, weak.count() as i32);
        sink.danger(us, w.safe_checks, safe.min(SAFE_CHECKS_CAP));
        sink.danger(us, w.unsafe_checks, unsafe_checks.min(SAFE_CHECKS_CAP));
        sink.danger(us, w.base, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::Features;
    use crate::phased::ph;
    use crate::test_support::chess_params_without;
    use sissa_movegen::variants::chess::Chess;

    #[test]
    fn the_score_is_the_square_of_the_sum_above_zero() {
        assert_eq!(danger_score(-500), 0);
        assert_eq!(danger_score(0), 0);
        assert_eq!(danger_score(160), 100);
        assert_eq!(danger_score(DANGER_MAX + 1), danger_score(DANGER_MAX));
        let (score, slope) = danger_score_and_slope(160.0);
        assert_eq!((score, slope), (100.0, 320.0 / 256.0));
        assert_eq!(danger_score_and_slope(-1.0), (0.0, 0.0));
    }

    /// The danger features of `fen` for each side, every danger weight one.
    fn danger_features(fen: &str) -> [Vec<(String, i32)>; 2] {
        let mut params = chess_params_without(&["danger."]);
        for name in danger_names::<Chess>() {
            params.set_phased(params.entry(&name), ph(1, 0));
        }
        let eval = Evaluator::<Chess>::with_params(&params);
        let pos = Position::<Chess>::from_fen(fen).unwrap();
        let mut f = Features::default();
        eval.terms(&pos, &mut f);
        f.compact();
        let names = |list: &Vec<(crate::params::Entry, i32)>| {
            list.iter()
                .map(|&(e, c)| (params.lines()[e as usize].name.clone(), c))
                .collect::<Vec<_>>()
        };
        [names(&f.danger[0]), names(&f.danger[1])]
    }

    fn count(list: &[(String, i32)], name: &str) -> i32 {
        list.iter().find(|(n, _)| n == name).map_or(0, |&(_, c)| c)
    }

    #[test]
    fn an_attack_on_the_king_adds_its_parts() {
        // Black's king on g8 behind its pawns on f7, g7 and h7, which only the king
        // defends. White's queen on h5 reaches f7 (by g6) and h7, its knight on g5 f7 and
        // h7: two attackers, four attacks on the squares around the king, two of them
        // squares only the king holds. The rook on a1 reaches none of them, but it could
        // check from a8, which Black does not attack; the queen could check from f7 and h7,
        // which the king does.
        let fen = "6k1/5ppp/8/6NQ/8/8/5PPP/R5K1 w - - 0 1";
        let [white, black] = danger_features(fen);
        let expected = [
            ("danger.attacker.Queen", 1),
            ("danger.attacker.Knight", 1),
            ("danger.attacker.Rook", 0),
            ("danger.piece.Queen", 1),
            ("danger.piece.Rook", 1),
            ("danger.piece.Bishop", 0),
            ("danger.zone_attacks", 4),
            ("danger.weak_squares", 2),
            ("danger.safe_checks", 1),
            ("danger.unsafe_checks", 2),
            ("danger.base", 1),
        ];
        for (name, n) in expected {
            assert_eq!(count(&white, name), n, "{name}");
        }
        assert!(count(&white, "danger.flank_attacks") > 0);
        // Black has no piece: nothing of its danger but the base and White's own attacks
        // on White's flank.
        for (name, n) in black {
            assert!(["danger.base", "danger.flank_defence"].contains(&name.as_str()), "{name} {n}");
        }
    }

    #[test]
    fn the_search_scores_the_square_of_the_weighted_sum() {
        // Only the danger is weighted, the base at 160 for each side and the safe check at
        // 160 more: White's danger (one safe check) scores (320^2 - 160^2) / 256 = 300
        // centipawns more than Black's in the middlegame.
        let mut params = chess_params_without(&[""]);
        params.set_phased(params.entry("danger.base"), ph(160, 0));
        params.set_phased(params.entry("danger.safe_checks"), ph(160, 0));
        let eval = Evaluator::<Chess>::with_params(&params);
        let pos = Position::<Chess>::from_fen("6k1/5ppp/8/6NQ/8/8/5PPP/R5K1 w - - 0 1").unwrap();
        let b = eval.breakdown(&pos);
        assert_eq!(b.total(crate::sink::Term::KingSafety), ph(400 - 100, 0));
        let mut f = Features::default();
        eval.terms(&pos, &mut f);
        assert_eq!(f.score(&params), ph(300, 0));
    }
}
