//! Evaluation for Sissa: a static score of a position, in centipawns from the side to move's
//! view, for every variant.
//!
//! Every weight comes from the variant's parameter file (`eval/params/<variant>.txt`,
//! compiled in; see [`params`]). One generic evaluator works over any `Position<R>` whose
//! variant is [`Evaluated`]: material and piece-square terms, mobility of every piece that
//! moves by its catalogue parts, piece pairs and pieces on open files, pawn structure where
//! there are orthodox pawns, king safety where there is check, threats (pieces attacked by
//! pawns, pieces attacked and undefended) where there are both, all tapered between
//! middlegame and endgame ([`phased`]). Variant terms ([`variant_terms`]) add what a game
//! needs beyond that.
//!
//! The evaluator is written once, as features times weights, and sends each term to a
//! [`sink::Sink`]: the search's sink sums them, the tuner's records the features
//! ([`features`]), `sissa eval`'s sorts them by term ([`breakdown`]).

pub mod accumulator;
pub mod any;
pub mod breakdown;
pub mod built_in;
mod colours;
mod compiled;
pub mod danger;
pub mod evaluated;
pub mod features;
mod king_flank;
pub mod network;
pub mod params;
mod passed_path;
mod pawn_cache;
mod pawns;
pub mod phased;
mod pieces;
pub mod scale;
mod shelter;
pub mod sink;
mod space;
pub mod tables;
#[cfg(test)]
mod test_support;
mod threats;
pub mod variant_terms;

pub use evaluated::{layout, Evaluated};
use params::layout::{KING_ATTACK_STEPS, MOBILITY_LOW_STEPS};
use params::Params;
pub use pawn_cache::{pawn_key, PawnCache};
use phased::PHASE_MAX;
use scale::Scaling;
use sink::{Sink, Sum, Term};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Color;
use sissa_movegen::piece::Kind;
use sissa_movegen::pieces::LineAttacks;
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;
use tables::Tables;
use variant_terms::VariantTerms;

/// Mobility below this many attacked squares earns a penalty, above it a bonus (the
/// feature is the number of attacked squares minus this).
pub const MOBILITY_BASELINE: i32 = 4;

/// The evaluator of one variant: its tables, built once and then only read (shared by the
/// search threads).
pub struct Evaluator<R: Evaluated> {
    tables: Tables<R>,
    scaling: Scaling<R>,
    terms: R::Terms,
}

impl<R: Evaluated> Default for Evaluator<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Evaluated> Evaluator<R> {
    /// The evaluator with the compiled-in parameters.
    pub fn new() -> Evaluator<R> {
        Self::with_params(R::params())
    }

    /// The evaluator with `params`, which must fit `layout::<R>()` (as every `Params` built
    /// for `R` does).
    pub fn with_params(params: &Params) -> Evaluator<R> {
        let tables = Tables::build(params);
        Evaluator { scaling: Scaling::build(params, &tables), tables, terms: R::Terms::new(params) }
    }

    /// The material value of a piece type (middlegame), for move ordering and pruning margins.
    #[inline(always)]
    pub fn piece_value(&self, kind: Kind) -> i32 {
        self.tables.value[kind as usize].1.mg
    }

    /// Does `color` have material besides king and pawns? (Null-move pruning is unsafe
    /// without: zugzwang.)
    pub fn has_pieces(&self, pos: &Position<R>, color: Color) -> bool {
        let def = R::def();
        let mut rest = pos.color(color) & !pos.kind(def.king);
        if let Some(p) = def.pawn {
            rest &= !pos.kind(p);
        }
        rest.any()
    }

    /// Is null-move pruning sound enough in this variant? (See `variant_terms`.)
    pub fn null_move_allowed(&self) -> bool {
        R::Terms::NULL_MOVE_ALLOWED
    }

    /// The game phase, `PHASE_MAX` at the start down to 0 with only kings and pawns.
    pub fn phase(&self, pos: &Position<R>) -> i32 {
        let mut total = 0;
        for k in 0..R::def().kinds.len() {
            total += self.tables.phase[k] * pos.kind(k as Kind).count() as i32;
        }
        (total * PHASE_MAX / self.tables.phase_total).min(PHASE_MAX)
    }

    /// The bonus of the side to move.
    pub fn tempo(&self) -> i32 {
        self.tables.tempo
    }

    /// The score of `pos` for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position<R>) -> i32 {
        let mut sum = Sum::default();
        self.terms(pos, &mut sum);
        self.side_to_move_score(pos, sum)
    }

    /// The same score as [`Evaluator::evaluate`], with the pawn terms read from `cache`
    /// where it has them (the search's way: [`PawnCache`]). `key` is `pawn_key(pos)`, which
    /// the search also needs for its correction of the score and so finds once.
    pub fn evaluate_cached(
        &self,
        pos: &Position<R>,
        key: Option<u64>,
        cache: &mut PawnCache<R>,
    ) -> i32 {
        let mut sum = Sum::default();
        let (by_pawns, passed) = self.cached_pawn_terms(pos, key, cache, &mut sum);
        self.piece_terms_and_threats(pos, &by_pawns, passed, &mut sum);
        self.side_to_move_score(pos, sum)
    }

    /// The factor (of `scale::SCALE_NORMAL`) that `pos`'s endgame score is scaled by
    /// (`scale.rs`), for the tuner, which holds it fixed while it fits the weights.
    pub fn endgame_scale(&self, pos: &Position<R>) -> i32 {
        let mut sum = Sum::default();
        self.terms(pos, &mut sum);
        self.scaling.factor(pos, sum.score.eg)
    }

    /// White's sum of terms, tapered with its endgame part scaled, for the side to move,
    /// with its tempo.
    #[inline(always)]
    fn side_to_move_score(&self, pos: &Position<R>, sum: Sum) -> i32 {
        let scale = self.scaling.factor(pos, sum.score.eg);
        let white = sum.score.taper_scaled(self.phase(pos), scale);
        let own = if pos.side() == Color::White { white } else { -white };
        own + self.tables.tempo
    }

    /// The features of `pos` (White's view, merged by parameter), for the tuner.
    pub fn features(&self, pos: &Position<R>) -> features::Features {
        let mut f = features::Features::default();
        self.terms(pos, &mut f);
        f.compact();
        f
    }

    /// The score of `pos` term by term.
    pub fn breakdown(&self, pos: &Position<R>) -> breakdown::Breakdown {
        let mut b = breakdown::Breakdown::new(self.phase(pos), self.tables.tempo, pos.side());
        self.terms(pos, &mut b);
        b.set_endgame_scale(self.scaling.factor(pos, b.sum().eg));
        b
    }

    /// Sends every term of `pos` to `sink`, from White's view (the tempo aside).
    pub fn terms<K: Sink>(&self, pos: &Position<R>, sink: &mut K) {
        // Each side's pawn attacks, computed once for the pawn terms and both sides' threats.
        let by_pawns = self.by_pawns(pos);
        let mut passed = Bb::<R>::EMPTY;
        if let Some(pawn) = R::def().pawn {
            for color in Color::BOTH {
                sink.side(color);
                passed |= self.pawn_terms_of(pos, color, pawn, &by_pawns, sink);
            }
        }
        self.piece_terms_and_threats(pos, &by_pawns, passed, sink);
    }

    /// Each side's pawn attacks where the variant's terms read them (with check and pawns).
    #[inline(always)]
    fn by_pawns(&self, pos: &Position<R>) -> [Bb<R>; 2] {
        match (self.tables.check_and_pawns, R::def().pawn) {
            (true, Some(pawn)) => Color::BOTH.map(|c| pawn_attacks(pos, c, pawn)),
            _ => [Bb::<R>::EMPTY; 2],
        }
    }

    /// Every pawn term of `us`: the structure, the passed pawns against the kings and the
    /// pawns in front of `us`'s king. `by_pawns` are the squares each side's pawns attack.
    /// Returns `us`'s passed pawns.
    #[inline(always)]
    fn pawn_terms_of<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        pawn: Kind,
        by_pawns: &[Bb<R>; 2],
        sink: &mut K,
    ) -> Bb<R> {
        let passed = self.pawn_structure(pos, us, pawn, by_pawns, sink);
        if self.tables.check_and_pawns {
            self.passers_and_kings(pos, us, passed, sink);
        }
        if self.tables.royal_check {
            self.king_pawns(pos, us, pawn, sink);
        }
        passed
    }

    /// Every term but the pawn structure's: pieces and their squares, mobility, king attack,
    /// piece terms, threats, safe checks, the passed pawns' paths and the variant's own.
    /// `by_pawns` are each side's pawn attacks, `passed` both sides' passed pawns.
    #[inline(always)]
    fn piece_terms_and_threats<K: Sink>(
        &self,
        pos: &Position<R>,
        by_pawns: &[Bb<R>; 2],
        passed: Bb<R>,
        sink: &mut K,
    ) {
        let mut attacks = [SideAttacks::<R>::default(); 2];
        for color in Color::BOTH {
            sink.side(color);
            attacks[color.index()] = self.side_terms(pos, color, by_pawns, sink);
        }
        let (threats, checks) = (self.threats_scored::<K>(), self.safe_checks_scored::<K>());
        let paths = self.scored::<K>(self.tables.passed_path_weighted);
        let space = self.scored::<K>(self.tables.space_weighted) && self.space_counts(pos);
        let danger = self.danger_scored::<K>();
        // The danger reads the flank's attacks, which `king_flank` counts.
        let flanks = self.scored::<K>(self.tables.king_flank_weighted) || danger;
        let any = threats || checks || paths || space || flanks;
        if let (true, Some(pawn)) = (any, R::def().pawn) {
            let all = Color::BOTH
                .map(|c| attacks[c.index()].landing | by_pawns[c.index()] | king_attacks(pos, c));
            // Only the pressure terms and the king's flank read the squares attacked twice.
            let twice = if self.scored::<K>(self.tables.pressure_weighted) || flanks {
                Color::BOTH.map(|c| twice_attacked(pos, c, &attacks[c.index()], by_pawns))
            } else {
                [Bb::<R>::EMPTY; 2]
            };
            let seen = Attacked { by_pawns, all: &all, twice: &twice };
            for color in Color::BOTH {
                sink.side(color);
                let own = &attacks[color.index()];
                if threats {
                    self.threats(pos, color, pawn, &seen, own.by_lesser, sink);
                }
                if checks {
                    self.safe_checks(color, own.checks, own.king_attacks, &all, sink);
                }
                if paths {
                    self.passed_paths(pos, color, passed & pos.color(color), &all, sink);
                }
                if space {
                    self.space(pos, color, pawn, by_pawns, &all, sink);
                }
                if flanks {
                    self.king_flank(pos, color, pawn, &seen, sink);
                }
                if danger {
                    self.king_danger(pos, color, own, &seen, sink);
                }
            }
        }
        self.terms.evaluate(pos, &self.tables, sink);
        if danger {
            sink.close_danger();
        }
    }

    /// Is a term of games with check and pawns scored for this sink, given whether any of
    /// its weights is other than zero? The tuner needs its features even while the weights
    /// are zero; the search skips it then.
    #[inline(always)]
    fn scored<K: Sink>(&self, weighted: bool) -> bool {
        if K::ALL_FEATURES {
            self.tables.check_and_pawns
        } else {
            weighted
        }
    }

    #[inline(always)]
    fn threats_scored<K: Sink>(&self) -> bool {
        self.scored::<K>(self.tables.threats_weighted)
    }

    #[inline(always)]
    fn danger_scored<K: Sink>(&self) -> bool {
        self.scored::<K>(self.tables.danger.weighted)
    }

    #[inline(always)]
    fn safe_checks_scored<K: Sink>(&self) -> bool {
        self.scored::<K>(self.tables.safe_check_weighted)
    }

    /// One side's pieces, mobility, king attack and piece terms. Returns what the side's
    /// pieces attack, for the threats.
    #[inline(always)]
    fn side_terms<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        by_pawns: &[Bb<R>; 2],
        sink: &mut K,
    ) -> SideAttacks<R> {
        let sign = us.sign();
        let own = pos.color(us);
        for sq in own.squares() {
            if let Some(p) = pos.piece_at(sq) {
                let (i, s) = (p.index(), sq as usize);
                let value = self.tables.value[p.kind() as usize];
                sink.piece(value, self.tables.place[i][s], self.tables.pst[i][s], sign);
            }
        }
        let attacks = self.mobility_and_king_attack(pos, us, sign, sink);
        self.piece_terms(pos, us, by_pawns[us.index()], sink);
        attacks
    }

    /// Mobility of every piece that moves by catalogue parts, and the danger of the attacks
    /// around the enemy king. Returns what those of the pieces that capture by landing
    /// attack.
    #[inline(always)]
    fn mobility_and_king_attack<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        sign: i32,
        sink: &mut K,
    ) -> SideAttacks<R> {
        let def = R::def();
        let t = R::S::tables();
        let own = pos.color(us);
        let occ = pos.occupied();
        let enemy_king_zone = match pos.king_square(us.flip()) {
            Some(k) if self.tables.royal_check => t.king[k as usize] | Bb::<R>::from_square(k),
            _ => Bb::<R>::EMPTY,
        };
        // Enemy pieces a lesser piece may threaten; none where the threats are not scored.
        let victims = match (self.threats_scored::<K>(), def.pawn) {
            (true, Some(pawn)) => pos.color(us.flip()) & !pos.kind(pawn) & !pos.kind(def.king),
            _ => Bb::<R>::EMPTY,
        };
        // The enemy king's square, where safe checks are scored, and the lines from there.
        let danger = self.danger_scored::<K>();
        let checks_wanted = self.safe_checks_scored::<K>() || danger;
        let checked_king = pos.king_square(us.flip()).filter(|_| checks_wanted);
        let king_lines = checked_king.map(|k| LineAttacks::new(t, k, occ, self.tables.check_lines));
        let mut king_attacks = 0usize;
        let mut attackers = 0usize;
        let mut out = SideAttacks::<R>::default();
        let low_mobility_scored = self.scored::<K>(self.tables.mobility_low_weighted);
        for &k in &self.tables.mobile_kinds {
            let w = self.tables.mobility[k as usize];
            let mover = &def.kinds[k as usize].mover;
            let lands = self.tables.lands[k as usize];
            let lesser_victims = self.tables.lesser_victims[k as usize];
            let pieces = pos.pieces(k, us);
            // The squares a piece of this type would check from: its attacks from the king's
            // square, where it attacks back the squares it is attacked from.
            let check_from = match (checked_king, &king_lines) {
                (Some(king), Some(lines)) if lands && pieces.any() && mover.is_reversible() => {
                    mover.attacks_along(king, lines) & !own
                }
                _ => Bb::<R>::EMPTY,
            };
            let mut kind_attackers = 0;
            for sq in pieces.squares() {
                let att = mover.attacks(t, sq, occ);
                if lands {
                    out.twice |= out.landing & att;
                    out.landing |= att;
                    out.by_lesser |= self.lesser_threats(pos, att & victims, lesser_victims);
                    out.checks |= att & check_from;
                }
                let n = (att & !own).count() as i32;
                sink.feature(Term::Mobility, w, (n - MOBILITY_BASELINE) * sign);
                if low_mobility_scored && (n as usize) < MOBILITY_LOW_STEPS {
                    sink.feature(
                        Term::Mobility,
                        self.tables.mobility_low[k as usize][n as usize],
                        sign,
                    );
                }
                let zone = (att & enemy_king_zone).count() as usize;
                if zone > 0 {
                    king_attacks += zone;
                    kind_attackers += 1;
                }
            }
            attackers += kind_attackers;
            if let (true, Some(w)) = (kind_attackers > 0, self.tables.king_attacker[k as usize]) {
                sink.feature(Term::KingSafety, w, kind_attackers as i32 * sign);
            }
            if danger {
                let d = &self.tables.danger;
                if let (Some(attacker), Some(piece)) = (d.attacker[k as usize], d.piece[k as usize])
                {
                    sink.danger(us, attacker, kind_attackers as i32);
                    sink.danger(us, piece, pieces.count() as i32);
                }
            }
        }
        out.king_attacks = king_attacks;
        if attackers >= 2 || (attackers == 1 && king_attacks >= 3) {
            let danger = self.tables.king_attack[king_attacks.min(KING_ATTACK_STEPS - 1)];
            sink.feature(Term::KingSafety, danger, sign);
        }
        out
    }
}

/// What one side's pieces attack, for the threats of both sides.
#[derive(Clone, Copy)]
struct SideAttacks<R: Rules> {
    /// Every square attacked by a piece that captures by landing (pawns and king aside).
    landing: Bb<R>,
    /// The squares of `landing` that two or more of those pieces attack.
    twice: Bb<R>,
    /// Enemy pieces attacked by a piece worth clearly less (`tables::LESSER_MARGIN`).
    by_lesser: Bb<R>,
    /// Squares from which a piece could give check by moving there.
    checks: Bb<R>,
    /// Attacks on the squares around the enemy king, summed over the pieces.
    king_attacks: usize,
}

impl<R: Rules> Default for SideAttacks<R> {
    fn default() -> Self {
        SideAttacks {
            landing: Bb::<R>::EMPTY,
            twice: Bb::<R>::EMPTY,
            by_lesser: Bb::<R>::EMPTY,
            checks: Bb::<R>::EMPTY,
            king_attacks: 0,
        }
    }
}

/// What each side attacks, for the threats: with its pawns, with anything (pieces that
/// capture by landing, pawns, king), and with two or more of those.
pub(crate) struct Attacked<'a, R: Rules> {
    pub by_pawns: &'a [Bb<R>; 2],
    pub all: &'a [Bb<R>; 2],
    pub twice: &'a [Bb<R>; 2],
}

/// The squares `color`'s pawns attack.
#[inline(always)]
fn pawn_attacks<R: Rules>(pos: &Position<R>, color: Color, pawn: Kind) -> Bb<R> {
    let table = &R::def().pawn_attacks[color.index()];
    let mut out = Bb::<R>::EMPTY;
    for sq in pos.pieces(pawn, color).squares() {
        out |= table[sq as usize];
    }
    out
}

/// The squares `color` attacks twice or more: with two pieces (`own.twice`), or with any two
/// of its pieces, its pawns and its king.
#[inline(always)]
fn twice_attacked<R: Rules>(
    pos: &Position<R>,
    color: Color,
    own: &SideAttacks<R>,
    by_pawns: &[Bb<R>; 2],
) -> Bb<R> {
    let (pieces, pawns, king) = (own.landing, by_pawns[color.index()], king_attacks(pos, color));
    own.twice | (pieces & (pawns | king)) | (pawns & king)
}

/// The squares `color`'s king attacks.
#[inline(always)]
fn king_attacks<R: Rules>(pos: &Position<R>, color: Color) -> Bb<R> {
    pos.king_square(color).map_or(Bb::<R>::EMPTY, |k| R::S::tables().king[k as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::pieces::Role;
    use sissa_movegen::variants::chess::Chess;
    use sissa_movegen::variants::lionsunicorns::LionsUnicorns;
    use sissa_movegen::Rules;

    fn eval_chess(fen: &str) -> i32 {
        let pos = Position::<Chess>::from_fen(fen).unwrap();
        Evaluator::<Chess>::new().evaluate(&pos)
    }

    #[test]
    fn start_position_is_balanced_up_to_the_tempo() {
        let e = Evaluator::<Chess>::new();
        let pos = Position::<Chess>::start();
        assert_eq!(e.evaluate(&pos), e.tempo());
        let e = Evaluator::<LionsUnicorns>::new();
        assert_eq!(e.evaluate(&Position::<LionsUnicorns>::start()), e.tempo());
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        let white =
            eval_chess("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let black =
            eval_chess("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(white, black);
    }

    #[test]
    fn an_extra_piece_scores_in_the_order_of_the_pieces() {
        // The fitted endgame values are not the textbook ones, but their order is: a queen is
        // worth more than a rook, a rook more than a knight, a knight more than a pawn, and a
        // queen more than two knights.
        // Each side has four pawns (enough that the endgame score is not scaled down), and
        // White the piece or the pawn more.
        let queen = eval_chess("4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1");
        let rook = eval_chess("4k3/pppp4/8/8/8/8/PPPP4/3RK3 w - - 0 1");
        let knight = eval_chess("4k3/pppp4/8/8/8/8/PPPP4/3NK3 w - - 0 1");
        let pawn = eval_chess("4k3/pppp4/8/8/8/8/PPPPP3/4K3 w - - 0 1");
        let even = eval_chess("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1");
        let (queen, rook, knight, pawn) = (queen - even, rook - even, knight - even, pawn - even);
        assert!(
            queen > rook && rook > knight && knight > pawn && pawn > 0,
            "{queen} {rook} {knight} {pawn}"
        );
        assert!(queen > 2 * knight, "{queen} {knight}");
        let down = eval_chess("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(down < -rook, "{down} {rook}");
    }

    #[test]
    fn each_piece_attacking_next_to_the_enemy_king_scores_by_its_type() {
        use crate::phased::ph;
        use crate::test_support::{chess_params_without, chess_term_with};
        // Every king-safety weight zero but the attackers', which tell the types apart.
        let safety = [
            "danger.",
            "king_attack.",
            "king_shelter",
            "safe_check",
            "shelter.",
            "storm",
            "king_flank",
            "pawnless",
        ];
        let mut params = chess_params_without(&safety);
        for (name, w) in [("Knight", 1), ("Bishop", 10), ("Rook", 100), ("Queen", 1000)] {
            params.set_phased(params.entry(&format!("king_attacker.{name}")), ph(w, 0));
        }
        let king_safety = |fen| chess_term_with(&params, fen, Term::KingSafety);
        // Around Black's king on g8: the knight on e5 reaches f7, the rook on a7 f7 to h7,
        // the bishop on b1 h7; the queen on d1 reaches no square next to g8.
        assert_eq!(king_safety("6k1/R7/8/4N3/8/8/8/1B1QK3 w - - 0 1"), ph(1 + 10 + 100, 0));
        // Black's queen on h4 reaches h2 and h1, next to White's king on g1.
        assert_eq!(king_safety("6k1/8/8/8/7q/8/8/6K1 w - - 0 1"), ph(-1000, 0));
    }

    #[test]
    fn a_piece_with_few_squares_scores_by_their_number() {
        use crate::phased::ph;
        use crate::test_support::{chess_params_without, chess_term_with};
        // Every mobility weight zero but three of the low-mobility table.
        let mut params = chess_params_without(&["mobility"]);
        params.set_phased(params.entry("mobility_low.Bishop.0"), ph(1, 0));
        params.set_phased(params.entry("mobility_low.Knight.2"), ph(10, 0));
        for n in 0..MOBILITY_LOW_STEPS {
            params.set_phased(params.entry(&format!("mobility_low.Rook.{n}")), ph(100, 0));
        }
        // White's bishop on h1 attacks only its own pawn on g2: no square (1). Black's knight
        // on a8 attacks b6 and c7: two squares (-10). White's rook on d4 attacks 14 squares,
        // more than the table holds: nothing.
        let fen = "n3k3/8/8/8/3R4/8/6P1/4K2B w - - 0 1";
        assert_eq!(chess_term_with(&params, fen, Term::Mobility), ph(1 - 10, 0));
        // The rook shut in on a1 by its own king, knight and pawns: no square, 100.
        let fen = "n3k3/8/8/8/8/8/PP4P1/RN2K2B w - - 0 1";
        assert_eq!(chess_term_with(&params, fen, Term::Mobility), ph(100 + 1 - 10, 0));
    }

    #[test]
    fn every_piece_of_every_variant_has_a_value() {
        let e = Evaluator::<LionsUnicorns>::new();
        for (k, def) in LionsUnicorns::def().kinds.iter().enumerate() {
            // A fitted file may move the values (the fitted pawn is 70 in the middlegame), but
            // none may be missing: at least half of the hand-set pawn's 90.
            if def.kind.role != Role::King {
                assert!(e.piece_value(k as Kind) >= 45, "{}", def.kind.name);
            }
        }
    }
}
