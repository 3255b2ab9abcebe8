//! The king's flank: the files within two of the king's, on the side's own half and the
//! rank beyond it (`Tables::king_flank` and `Tables::camp`). The enemy's attacks there
//! (counted again where it attacks a square twice) are the build-up of an attack on the
//! king before any of it reaches the squares next to the king; the own side's attacks there
//! are its defence; and a flank without pawns of either side leaves the king open to
//! attack from the front. Scored where there is check and there are pawns
//! (`params::layout::has_check_and_pawns`), where the search skips it while its weights are
//! zero.

use crate::sink::{Sink, Term};
use crate::{Attacked, Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Color;
use sissa_movegen::piece::Kind;
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;

impl<R: Evaluated> Evaluator<R> {
    /// The flank of `us`'s king: the enemy's attacks on it, `us`'s own, and whether it has
    /// no pawns. `seen` is what each side attacks, once and twice.
    #[inline(always)]
    pub(crate) fn king_flank<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        pawn: Kind,
        seen: &Attacked<R>,
        sink: &mut K,
    ) {
        let Some(king) = pos.king_square(us) else {
            return;
        };
        let t = &self.tables;
        let (ours, theirs) = (us.index(), us.flip().index());
        let files = t.king_flank[R::S::DIMS.file(king) as usize];
        let zone = files & t.camp[ours];
        let attacks = (seen.all[theirs] & zone).count() + (seen.twice[theirs] & zone).count();
        sink.feature(Term::KingSafety, t.king_flank_attack, attacks as i32 * us.sign());
        let defence = (seen.all[ours] & zone).count() as i32;
        sink.feature(Term::KingSafety, t.king_flank_defence, defence * us.sign());
        // The same counts in the enemy's danger sum (`danger.rs`).
        sink.danger(us.flip(), t.danger.flank_attacks, attacks as i32);
        sink.danger(us.flip(), t.danger.flank_defence, defence);
        if (pos.kind(pawn) & files).is_empty() {
            sink.feature(Term::KingSafety, t.pawnless_flank, us.sign());
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::phased::ph;
    use crate::sink::Term;
    use crate::test_support::{chess_params_without, chess_term_with};

    /// The king safety term with only `name` weighted (one in the middlegame), so it gives
    /// White's feature less Black's.
    fn flank(name: &str, fen: &str) -> i32 {
        let mut params = chess_params_without(&[
            "king_attack",
            "king_shelter",
            "shelter",
            "storm",
            "safe_check",
            "king_flank",
            "pawnless_flank",
        ]);
        params.set_phased(params.entry(name), ph(1, 0));
        chess_term_with(&params, fen, Term::KingSafety).mg
    }

    #[test]
    fn enemy_attacks_on_the_kings_flank_count_and_twice_attacked_squares_again() {
        // White's king on g1: its flank is e1-h5. Black's rook on e8 attacks e7-e1 down the
        // open file: e1-e5 in the flank (5). Black's king on a8 (flank a4-c8): nothing of
        // White's reaches it. The feature is the attacked side's.
        assert_eq!(flank("king_flank_attack", "k3r3/8/8/8/8/8/8/6K1 w - - 0 1"), 5);
        // A knight on f6 adds g4 and h5, and e4, which the rook attacks too: 7 squares, one
        // of them twice.
        assert_eq!(flank("king_flank_attack", "k3r3/8/5n2/8/8/8/8/6K1 w - - 0 1"), 7 + 1);
    }

    #[test]
    fn own_attacks_on_the_kings_flank_are_its_defence() {
        // White's king on g1 attacks f1, h1, f2, g2, h2; its rook on f1 attacks e1, g1 and
        // f2-f8: e1 f1 g1 h1 f2 g2 h2 f3 f4 f5 in the flank e1-h5 (10). Black's king on a8
        // defends a7, b7 and b8 of its flank a4-c8 (3).
        assert_eq!(flank("king_flank_defence", "k7/8/8/8/8/8/8/5RK1 w - - 0 1"), 10 - 3);
    }

    #[test]
    fn a_kings_flank_without_pawns_of_either_side_is_open() {
        // Black's a7 covers Black's flank (a to c); nothing covers White's (e to h).
        assert_eq!(flank("pawnless_flank", "k7/p7/8/8/8/8/8/6K1 w - - 0 1"), 1);
        // Black's e7 covers White's flank as much as an own pawn would.
        assert_eq!(flank("pawnless_flank", "k7/p3p3/8/8/8/8/8/6K1 w - - 0 1"), 0);
        // White's h2 covers White's; Black's flank has none.
        assert_eq!(flank("pawnless_flank", "k7/8/8/8/8/8/7P/6K1 w - - 0 1"), -1);
    }
}
