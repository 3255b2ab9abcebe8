//! The pawns in front of a king: its own, which shelter it, and the enemy's, which storm it.
//!
//! In games with check and orthodox pawns the three files around the king (its own and the
//! two beside it) are read ahead of the king. On each, the own pawn nearest to the king
//! scores by its distance in ranks (`shelter.1` right in front, `shelter.4` four or more
//! ranks ahead, `shelter.0` none on that file); the enemy pawn nearest to the king scores by
//! its distance (`storm.1` to `storm.4`), or as `storm_blocked` when the own pawn stands
//! right in front of it and stops it. Distances rather than ranks, so that one table serves
//! every board and a king that has stepped forward. Besides, `king_shelter` counts the own
//! pawns on the three squares in front of the king in every game with check and pawns.

use crate::params::layout::SHELTER_STEPS;
use crate::sink::{Sink, Term};
use crate::{Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::{Color, Square};
use sissa_movegen::piece::Kind;
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;

impl<R: Evaluated> Evaluator<R> {
    /// The pawn terms of `us`'s king: the own pawns right in front of it, and where they
    /// are weighted the shelter and storm (which count those pawns on the way).
    #[inline(always)]
    pub(crate) fn king_pawns<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        pawn: Kind,
        sink: &mut K,
    ) {
        let Some(king) = pos.king_square(us) else { return };
        if self.scored::<K>(self.tables.shelter_weighted) {
            self.shelter_and_storm(pos, us, king, pawn, sink);
        } else {
            self.king_shelter(pos, us, king, pawn, sink);
        }
    }

    /// Own pawns right in front of the king.
    #[inline(always)]
    fn king_shelter<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        king: Square,
        pawn: Kind,
        sink: &mut K,
    ) {
        let t = R::S::tables();
        let dims = R::S::DIMS;
        let rank = dims.rank(king) + us.forward();
        if !(0..dims.ranks as i32).contains(&rank) {
            return;
        }
        let front = t.king[king as usize] & t.rank_masks[rank as usize];
        let n = (front & pos.pieces(pawn, us)).count() as i32;
        sink.feature(Term::KingSafety, self.tables.king_shelter, n * us.sign());
    }

    /// The shelter and storm on the three files around `us`'s king, and the own pawns right
    /// in front of it (those at distance 1).
    #[inline(always)]
    fn shelter_and_storm<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        king: Square,
        pawn: Kind,
        sink: &mut K,
    ) {
        let masks = R::S::tables();
        let t = &self.tables;
        let sign = us.sign();
        // The king's file and the files beside it, ahead of the king.
        let ahead = t.passed_span[us.index()][king as usize];
        let (own, enemy) = (pos.pieces(pawn, us), pos.pieces(pawn, us.flip()));
        let king_file = R::S::DIMS.file(king);
        let mut in_front = 0;
        for file in (king_file - 1).max(0)..=(king_file + 1).min(R::S::DIMS.files as i32 - 1) {
            let column = ahead & masks.file_masks[file as usize];
            let own_distance = nearest(us, column & own).map_or(0, |sq| distance::<R>(king, sq));
            in_front += (own_distance == 1) as i32;
            sink.feature(Term::KingSafety, t.shelter[own_distance], sign);
            if let Some(sq) = nearest(us, column & enemy) {
                let storm_distance = distance::<R>(king, sq);
                let blocked = own_distance > 0 && own_distance + 1 == storm_distance;
                let w = if blocked { t.storm_blocked } else { t.storm[storm_distance] };
                sink.feature(Term::KingSafety, w, sign);
            }
        }
        sink.feature(Term::KingSafety, t.king_shelter, in_front * sign);
    }
}

/// Of `pawns`, all ahead of `us`'s king on one file, the one nearest to the king.
#[inline(always)]
fn nearest<B: Bitboard>(us: Color, pawns: B) -> Option<Square> {
    match (pawns.any(), us) {
        (false, _) => None,
        (true, Color::White) => Some(pawns.lowest()),
        (true, Color::Black) => Some(pawns.highest()),
    }
}

/// Ranks from the king to a square ahead of it, capped at the last step of the tables.
#[inline(always)]
fn distance<R: Evaluated>(king: Square, sq: Square) -> usize {
    let dims = R::S::DIMS;
    ((dims.rank(sq) - dims.rank(king)).unsigned_abs() as usize).min(SHELTER_STEPS - 1)
}

#[cfg(test)]
mod tests {
    use crate::params::Params;
    use crate::phased::{ph, Phased};
    use crate::sink::Term;
    use crate::test_support::{chess_params_without, chess_term_with};

    /// The chess parameters with every king-safety weight zero but the shelter's and the
    /// storm's, which get weights whose sums tell the counts apart: shelter by distance
    /// `d` is worth `ph(1, 0) * 10^d`, storm by distance `d` is `ph(0, 1) * 10^d`, a
    /// blocked storm pawn `ph(0, 1)`.
    fn params() -> Params {
        let mut params = chess_params_without(&[
            "king_shelter",
            "safe_check",
            "king_attack",
            "king_flank",
            "pawnless",
        ]);
        for d in 0..5u32 {
            params.set_phased(params.entry(&format!("shelter.{d}")), ph(10i32.pow(d), 0));
        }
        for d in 1..5u32 {
            params.set_phased(params.entry(&format!("storm.{d}")), ph(0, 10i32.pow(d)));
        }
        params.set_phased(params.entry("storm_blocked"), ph(0, 1));
        params
    }

    fn king_safety(fen: &str) -> Phased {
        chess_term_with(&params(), fen, Term::KingSafety)
    }

    #[test]
    fn pawns_ahead_of_the_king_score_by_their_distance() {
        // White: king g1, pawns f2 g2 h3 (1, 1, 2). Black: king a8, no pawns: two empty files.
        assert_eq!(king_safety("k7/8/8/8/8/7P/5PP1/6K1 w - - 0 1"), ph(10 + 10 + 100 - 2, 0));
        // A king on the edge has two files: h1 with g2 and h4 (1 and 3); Black's a8 king
        // has a7 (1) and nothing on the b file.
        let (white, black) = (ph(10 + 1000, 0), ph(10 + 1, 0));
        assert_eq!(king_safety("k7/p7/8/8/7P/8/6P1/7K w - - 0 1"), white - black);
        // Five ranks ahead counts as four, the table's last step; no pawn on the h file.
        let white = ph(10000 + 1, 0);
        assert_eq!(king_safety("k7/p7/6P1/8/8/8/8/7K w - - 0 1"), white - black);
    }

    #[test]
    fn the_pawns_in_front_of_the_king_count_the_same_with_or_without_the_shelter() {
        // `king_shelter` alone takes the short way; with the shelter weighted the pawns in
        // front are counted file by file. The middlegame holds `king_shelter`'s count, the
        // endgame the shelter's.
        let alone = chess_params_without(&[
            "king_attack",
            "safe_check",
            "shelter.",
            "storm",
            "king_flank",
            "pawnless",
        ]);
        let mut with_shelter = alone.clone();
        with_shelter.set_phased(with_shelter.entry("shelter.2"), ph(0, 1));
        let shelter = |params: &Params, fen| chess_term_with(params, fen, Term::KingSafety);
        let weight = alone.phased("king_shelter").1.mg;
        assert_ne!(weight, 0);
        // Pawns in front of the king, White's minus Black's: f2 and g2 against none; b2
        // against a7, b7 and c7; none against d7, e7 and f7.
        for (fen, in_front) in [
            ("k7/8/8/8/8/7P/5PP1/6K1 w - - 0 1", 2),
            ("1k6/ppp5/8/8/8/P7/1P6/K7 b - - 0 1", -2),
            ("4k3/3ppp2/8/8/8/8/8/4K3 w - - 0 1", -3),
        ] {
            assert_eq!(shelter(&alone, fen).mg, in_front * weight, "{fen}");
            assert_eq!(shelter(&with_shelter, fen).mg, in_front * weight, "{fen}");
        }
    }

    #[test]
    fn enemy_pawns_ahead_of_the_king_storm_it_unless_an_own_pawn_stops_them() {
        // White's king g1: no own pawn on the f file and Black's f7 six ranks ahead (counts
        // four); g2 with Black's g3 right in front of it, blocked; no own pawn on the h file
        // and Black's h4 three ranks ahead.
        let white = ph(1 + 10 + 1, 10000 + 1 + 1000);
        // Black's king e8: d7 and f7 right in front, nothing on the e file.
        let black = ph(10 + 1 + 10, 0);
        assert_eq!(king_safety("4k3/3p1p2/8/8/7p/6p1/6P1/6K1 w - - 0 1"), white - black);
    }
}
