//! Threats: enemy pieces attacked by own pawns (by type), attacked by an own piece worth
//! clearly less (by type), and attacked and not defended; and threats to the king: squares
//! a piece could give check from that the enemy does not attack (safe checks). Scored where
//! there is check and there are orthodox pawns (`params::layout::has_check_and_pawns`): an
//! attack there is a threat to capture on the attacked square. Attacks count only from
//! types that capture by landing.

use crate::params::layout::SAFE_CHECK_STEPS;
use crate::sink::{Sink, Term};
use crate::tables::SAFE_CHECKS_CAP;
use crate::{Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Color;
use sissa_movegen::piece::Kind;
use sissa_movegen::rules::Bb;
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

    /// `us`'s threats. `by_pawns` holds each side's pawn attacks, `all` everything each side
    /// attacks (pieces, pawns and king), `by_lesser` the enemy pieces `us` attacks with a
    /// lesser piece.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn threats<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        pawn: Kind,
        by_pawns: &[Bb<R>; 2],
        all: &[Bb<R>; 2],
        by_lesser: Bb<R>,
        sink: &mut K,
    ) {
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
    use crate::test_support::{chess_params_without, chess_term, chess_term_with};

    fn threats(fen: &str) -> Phased {
        chess_term(fen, Term::Threats)
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
        let params = chess_params_without(&["shelter.", "storm", "king_attacker."]);
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
        let mut params = chess_params_without(&["king_", "shelter.", "storm", "safe_check"]);
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
