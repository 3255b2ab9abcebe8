//! Threats: enemy pieces attacked by own pawns (by type), attacked by an own piece worth
//! clearly less (by type), attacked and not defended, and attacked by a pawn's next step;
//! enemy pawns attacked and not defended; the squares both sides attack that the enemy does
//! not hold firmly; and threats to the king: squares a piece could give check from that the
//! enemy does not attack (safe checks). Scored where there is check and there are orthodox
//! pawns (`params::layout::has_check_and_pawns`): an attack there is a threat to capture on
//! the attacked square. Attacks count only from types that capture by landing.

use crate::params::layout::SAFE_CHECK_STEPS;
use crate::sink::{Sink, Term};
use crate::tables::SAFE_CHECKS_CAP;
use crate::{Attacked, Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Color;
use sissa_movegen::pawns::shift;
use sissa_movegen::piece::Kind;
use sissa_movegen::rules::Bb;
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;

impl<R: Evaluated> Evaluator<R> {
    /// Of the enemy pieces in `attacked`, those whose type is in `victims` (a bit per type:
    /// the types worth clearly more than the attacker).
    #[inline(always)]
    pub(crate) fn lesser_threats(&self, pos: &Position<R>, attacked: Bb<R>, victims: u64) -> Bb<R> {
        let mut out = Bb::<R>::EMPTY;
        for sq in attacked.squares() {
            if let Some(p) = pos.piece_at(sq) {
                if victims >> p.kind() & 1 != 0 {
                    out |= Bb::<R>::from_square(sq);
                }
            }
        }
        out
    }

    /// `us`'s threats, from what each side attacks (`seen`) and the enemy pieces `us`
    /// attacks with a lesser piece (`by_lesser`).
    #[inline(always)]
    pub(crate) fn threats<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        pawn: Kind,
        seen: &Attacked<R>,
        by_lesser: Bb<R>,
        sink: &mut K,
    ) {
        let (by_pawns, all) = (seen.by_pawns, seen.all);
        let them = us.flip();
        let sign = us.sign();
        let t = &self.tables;
        let targets = pos.color(them) & !pos.kind(pawn) & !pos.kind(R::def().king);
        for sq in (targets & by_pawns[us.index()]).squares() {
            if let Some(p) = pos.piece_at(sq) {
                sink.feature(Term::Threats, t.threat_by_pawn[p.kind() as usize], sign);
            }
        }
        for sq in by_lesser.squares() {
            if let Some(p) = pos.piece_at(sq) {
                sink.feature(Term::Threats, t.threat_by_lesser[p.kind() as usize], sign);
            }
        }
        let hanging = (targets & all[us.index()] & !all[them.index()]).count() as i32;
        sink.feature(Term::Threats, t.hanging, hanging * sign);
        if self.scored::<K>(t.pressure_weighted) {
            self.pressure(pos, us, pawn, seen, targets, sink);
        }
    }

    /// `us`'s pressure short of an attack on a piece: enemy pieces (`targets`) a pawn's
    /// step would attack, loose enemy pawns, and the squares `us` contests.
    #[inline(always)]
    fn pressure<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        pawn: Kind,
        seen: &Attacked<R>,
        targets: Bb<R>,
        sink: &mut K,
    ) {
        let (by_pawns, all) = (seen.by_pawns, seen.all);
        let (ours, theirs) = (us.index(), us.flip().index());
        let (sign, t) = (us.sign(), &self.tables);
        let pushed = (self.push_attacks(pos, us, pawn, by_pawns, all) & targets).count() as i32;
        sink.feature(Term::Threats, t.threat_by_push, pushed * sign);
        let enemy_pawns = pos.pieces(pawn, us.flip());
        let loose = (enemy_pawns & all[ours] & !all[theirs]).count() as i32;
        sink.feature(Term::Threats, t.hanging_pawn, loose * sign);
        // Where the enemy holds a square firmly (a pawn of its guards it, or two of its men
        // attack it and not two of `us`'s), an attack of `us`'s does not hinder it there.
        let strong = by_pawns[theirs] | (seen.twice[theirs] & !seen.twice[ours]);
        let contested = all[ours] & all[theirs] & !strong;
        sink.feature(Term::Threats, t.restricted, contested.count() as i32 * sign);
    }

    /// The squares `us`'s pawns would attack after one step forward onto an empty square
    /// where they could stay: one no enemy pawn attacks, and that the enemy's other men
    /// attack only if `us` defends it. A pawn about to attack a piece is a threat the piece
    /// must answer before the push, not after.
    #[inline(always)]
    fn push_attacks(
        &self,
        pos: &Position<R>,
        us: Color,
        pawn: Kind,
        by_pawns: &[Bb<R>; 2],
        all: &[Bb<R>; 2],
    ) -> Bb<R> {
        let them = us.flip().index();
        let attacks = &R::def().pawn_attacks[us.index()];
        let unsafe_steps = by_pawns[them] | (all[them] & !all[us.index()]) | pos.occupied();
        let ahead = shift(pos.pieces(pawn, us), us, 0, R::S::DIMS.files as u32);
        let mut out = Bb::<R>::EMPTY;
        for step in (ahead & R::S::tables().all & !unsafe_steps).squares() {
            out |= attacks[step as usize];
        }
        out
    }

    /// `us`'s safe checks: of the squares `checks` from which an own piece could give check,
    /// those no enemy piece, pawn or king attacks (`all` as for the threats), weighed by
    /// `king_attacks`, the attacks of `us`'s pieces on the squares around the enemy king.
    #[inline(always)]
    pub(crate) fn safe_checks<K: Sink>(
        &self,
        us: Color,
        checks: Bb<R>,
        king_attacks: usize,
        all: &[Bb<R>; 2],
        sink: &mut K,
    ) {
        let safe = (checks & !all[us.flip().index()]).count() as i32;
        let feature = safe.min(SAFE_CHECKS_CAP) * us.sign();
        let weight = self.tables.safe_check[king_attacks.min(SAFE_CHECK_STEPS - 1)];
        sink.feature(Term::KingSafety, weight, feature);
    }
}

#[cfg(test)]
mod tests {
    use crate::phased::Phased;
    use crate::sink::Term;
    use crate::test_support::chess_weight as weight;
    use crate::test_support::{chess_params_without, chess_term_with};

    /// The threats with the compiled weights, the pawn's next step, the loose pawns and the
    /// contested squares aside (their own tests below count them).
    fn threats(fen: &str) -> Phased {
        let params = chess_params_without(&["threat_by_push", "hanging_pawn", "restricted"]);
        chess_term_with(&params, fen, Term::Threats)
    }

    /// The count of the threats term `name` alone for White less Black's (its weight set to
    /// one in the middlegame, every other threat weight zero).
    fn count(name: &str, fen: &str) -> i32 {
        use crate::phased::ph;
        let mut params =
            chess_params_without(&["threat_by", "hanging", "restricted", "safe_check"]);
        params.set_phased(params.entry(name), ph(1, 0));
        chess_term_with(&params, fen, Term::Threats).mg
    }

    #[test]
    fn a_piece_a_pawn_would_attack_after_a_safe_step_is_threatened() {
        let pushes = |fen| count("threat_by_push", fen);
        // d3-d4 would attack the knight on c5; nothing attacks d4.
        assert_eq!(pushes("4k3/8/8/2n5/8/3P4/8/4K3 w - - 0 1"), 1);
        // Black's e5 pawn attacks d4: the pawn could not stay there.
        assert_eq!(pushes("4k3/8/8/2n1p3/8/3P4/8/4K3 w - - 0 1"), 0);
        // Black's rook attacks d4 and nothing of White's defends it; the knight on f3 does.
        assert_eq!(pushes("3rk3/8/8/2n5/8/3P4/8/4K3 w - - 0 1"), 0);
        assert_eq!(pushes("3rk3/8/8/2n5/8/3P1N2/8/4K3 w - - 0 1"), 1);
        // d4 is taken: no step. A pawn is no target, nor the king.
        assert_eq!(pushes("4k3/8/8/2n5/3b4/3P4/8/4K3 w - - 0 1"), 0);
        assert_eq!(pushes("8/8/8/2k1p3/8/3P4/8/4K3 w - - 0 1"), 0);
        // Black's f6-f5 would attack the knight on e4 and the rook on g4.
        assert_eq!(pushes("4k3/8/5p2/8/4N1R1/8/8/4K3 w - - 0 1"), -2);
        // A bishop on e4 attacks f5 instead, which Black does not defend: no safe step.
        assert_eq!(pushes("4k3/8/5p2/8/4B1R1/8/8/4K3 w - - 0 1"), 0);
    }

    #[test]
    fn an_enemy_pawn_attacked_and_not_defended_is_loose() {
        let loose = |fen| count("hanging_pawn", fen);
        // The rook on d1 attacks d5; nothing defends it until Black's e6 pawn does.
        assert_eq!(loose("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1"), 1);
        assert_eq!(loose("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1"), 0);
        // Black's king attacks White's e2 pawn, until White's king defends it.
        assert_eq!(loose("8/8/8/8/8/8/4Pk2/K7 w - - 0 1"), -1);
        assert_eq!(loose("8/8/8/8/8/8/4Pk2/3K4 w - - 0 1"), 0);
    }

    #[test]
    fn squares_both_sides_attack_are_contested_unless_the_enemy_holds_them() {
        let contested = |fen| count("restricted", fen);
        // The rook on d1 and Black's knight on b5 both attack d4 and d6: two contested
        // squares for each side.
        assert_eq!(contested("6k1/8/8/1n6/8/8/8/3R3K w - - 0 1"), 0);
        // Black's e7 pawn guards d6: White's attack there hinders nothing; Black's still
        // contests both.
        assert_eq!(contested("6k1/4p3/8/1n6/8/8/8/3R3K w - - 0 1"), 1 - 2);
        // A second knight on f5 attacks d4 and d6 as well: two Black men against White's one
        // hold d4 too.
        assert_eq!(contested("6k1/4p3/8/1n3n2/8/8/8/3R3K w - - 0 1"), -2);
    }

    #[test]
    fn a_piece_attacked_by_a_pawn_is_a_threat_and_hanging_only_when_undefended() {
        let by_pawn = weight("threat_by_pawn.Knight");
        let hanging = weight("hanging");
        // White's e4 pawn attacks the knight on d5, which nothing defends.
        assert_eq!(threats("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1"), by_pawn + hanging);
        // Black's c6 pawn defends it: still attacked by a pawn, no longer hanging.
        assert_eq!(threats("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1"), by_pawn);
        // The same from the other side: Black's pawn attacks White's knight.
        assert_eq!(threats("4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1"), (by_pawn + hanging) * -1);
        // A rook attacks the undefended knight: hanging, no pawn threat.
        assert_eq!(threats("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1"), hanging);
        // A pawn is never counted (the rook attacks an undefended one), nor a piece its
        // king defends.
        assert_eq!(threats("8/8/8/3p4/8/8/8/3RK2k w - - 0 1"), Phased::ZERO);
        assert_eq!(threats("8/8/3k4/3n4/8/8/8/3RK3 w - - 0 1"), Phased::ZERO);
    }

    #[test]
    fn a_piece_attacked_by_one_worth_clearly_less_is_a_threat() {
        let rook = weight("threat_by_lesser.Rook");
        let queen = weight("threat_by_lesser.Queen");
        let hanging = weight("hanging");
        // The knight on c3 attacks the undefended rook on b5.
        assert_eq!(threats("4k3/8/8/1r6/8/2N5/8/4K3 w - - 0 1"), rook + hanging);
        // The same rook defended by its king: still a threat by a lesser piece.
        assert_eq!(threats("8/8/8/kr6/8/2N5/8/4K3 w - - 0 1"), rook);
        // A knight attacking a bishop is not a lesser piece's threat: only hanging.
        assert_eq!(threats("4k3/8/8/1b6/8/2N5/8/4K3 w - - 0 1"), hanging);
        // A rook attacking a queen is; a queen attacking a rook is not.
        assert_eq!(threats("4k3/8/8/8/3q4/8/8/3RK3 w - - 0 1"), queen + hanging);
        // Black's knight attacks White's rook: the same, from the other side.
        assert_eq!(threats("4k3/8/2n5/8/1R6/8/8/4K3 w - - 0 1"), (rook + hanging) * -1);
    }

    #[test]
    fn a_square_a_piece_could_check_from_unattacked_is_a_safe_check() {
        // Without the king-safety terms that the positions below would also score.
        let params = chess_params_without(&[
            "danger.",
            "shelter.",
            "storm",
            "king_attacker.",
            "king_flank",
            "pawnless",
        ]);
        let king_safety = |fen| chess_term_with(&params, fen, Term::KingSafety);
        // The knights below attack no square next to the enemy king.
        let check = weight("safe_check.0");
        let shelter = weight("king_shelter");
        // The knight on b5 could check from c7 and d6; the king on e8 attacks neither.
        assert_eq!(king_safety("4k3/8/8/1N6/8/8/8/4K3 w - - 0 1"), check * 2);
        // The pawn on e7 guards d6 (and shelters its king).
        assert_eq!(king_safety("4k3/4p3/8/1N6/8/8/8/4K3 w - - 0 1"), check - shelter);
        // The queen on d1 could check from d8, d7, a4, h5 and e2: the king attacks d8 and
        // d7, three are safe, and three is the most that counts. The queen attacks d8 and d7
        // next to the king: each check weighs as one of a king attacked twice.
        let attacked_twice = weight("safe_check.2");
        assert_eq!(king_safety("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), attacked_twice * 3);
        // Black's knight on h4 could check from g2 and f3 (the king on e1 guards neither;
        // it does not reach c2 and d3): two safe checks for Black.
        assert_eq!(king_safety("4k3/8/8/8/7n/8/8/4K3 w - - 0 1"), check * -2);
    }

    #[test]
    fn a_safe_check_weighs_by_the_attacks_around_the_enemy_king() {
        use crate::params::layout::SAFE_CHECK_STEPS;
        use crate::phased::ph;
        // Each entry of the table its own number, every other king-safety weight zero.
        let mut params =
            chess_params_without(&["king_", "shelter.", "storm", "safe_check", "danger."]);
        for n in 0..SAFE_CHECK_STEPS {
            params.set_phased(params.entry(&format!("safe_check.{n}")), ph(1 << n, 0));
        }
        let king_safety = |fen| chess_term_with(&params, fen, Term::KingSafety).mg;
        // The rook on a7 attacks d7, e7 and f7 next to the king on e8 (three attacks) and
        // could check from e7 (guarded by the king) or a8 (safe): one check, of entry 3.
        assert_eq!(king_safety("4k3/R7/8/8/8/8/8/4K3 w - - 0 1"), 1 << 3);
        // A knight on d5 adds e7 (four attacks) and safe checks from c7 and f6: three
        // checks, of entry 4.
        assert_eq!(king_safety("4k3/R7/8/3N4/8/8/8/4K3 w - - 0 1"), 3 << 4);
        // Rook a7 (d7, e7, f7), bishop b4 (e7, f8), queen d1 (d7, d8) and knight g5 (f7):
        // eight attacks, beyond the last entry, which they count as. Safe checks from a8
        // (rook), h5 and a4 (queen): three.
        assert_eq!(king_safety("4k3/R7/8/6N1/1B6/8/8/3QK3 w - - 0 1"), 3 << 7);
    }
}
