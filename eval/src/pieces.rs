//! Where the pieces stand, beyond their squares' weights: pieces of a type in pairs, pieces
//! on files without own pawns or without any pawns, pieces on outposts, colour-bound
//! pieces by the own pawns on their colour, pieces right behind pawns, and how far each
//! piece stands from its king.

use crate::sink::{Sink, Term, Weight};
use crate::{Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::{Color, Square};
use sissa_movegen::pawns::shift;
use sissa_movegen::piece::Kind;
use sissa_movegen::rules::Bb;
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;

impl<R: Evaluated> Evaluator<R> {
    /// `us`'s piece terms; `pawn_attacks` are the squares `us`'s pawns attack (empty where
    /// outposts are not scored).
    #[inline(always)]
    pub(crate) fn piece_terms<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        pawn_attacks: Bb<R>,
        sink: &mut K,
    ) {
        let t = &self.tables;
        let sign = us.sign();
        let pairs = if K::ALL_FEATURES { &t.pairs } else { &t.pairs_nonzero };
        for &(k, w) in pairs {
            if pos.pieces(k, us).several() {
                sink.feature(Term::Pieces, w, sign);
            }
        }
        let Some(pawn) = R::def().pawn else { return };
        let masks = R::S::tables();
        let file_of = |sq: Square| masks.file_masks[R::S::DIMS.file(sq) as usize];
        let own_pawns = pos.pieces(pawn, us);
        let open_files = if K::ALL_FEATURES { &t.open_files } else { &t.open_files_nonzero };
        for &(k, w) in open_files {
            for sq in pos.pieces(k, us).squares() {
                if (file_of(sq) & own_pawns).is_empty() {
                    sink.feature(Term::Pieces, w, sign);
                }
            }
        }
        let pawns = pos.kind(pawn);
        let fully_open =
            if K::ALL_FEATURES { &t.fully_open_files } else { &t.fully_open_files_nonzero };
        for &(k, w) in fully_open {
            for sq in pos.pieces(k, us).squares() {
                if (file_of(sq) & pawns).is_empty() {
                    sink.feature(Term::Pieces, w, sign);
                }
            }
        }
        let behind_pawn = if K::ALL_FEATURES { &t.behind_pawn } else { &t.behind_pawn_nonzero };
        if !behind_pawn.is_empty() {
            self.behind_pawns(pos, us, pawns, behind_pawn, sink);
        }
        let king_distance =
            if K::ALL_FEATURES { &t.king_distance } else { &t.king_distance_nonzero };
        if let (false, Some(king)) = (king_distance.is_empty(), pos.king_square(us)) {
            self.king_distances(pos, us, king, king_distance, sink);
        }
        if K::ALL_FEATURES || t.outposts_weighted {
            // Only a piece an own pawn defends can stand on an outpost: few squares to look
            // at, however many piece types the variant has.
            let defended = pos.color(us) & pawn_attacks & !pawns & !pos.kind(R::def().king);
            for sq in defended.squares() {
                if let (true, Some(p)) = (self.is_outpost(pos, us, sq, pawns), pos.piece_at(sq)) {
                    sink.feature(Term::Pieces, t.outpost[p.kind() as usize], sign);
                }
            }
        }
        if self.scored::<K>(t.bound_pawns_weighted) {
            self.bound_pawns(pos, us, own_pawns, sink);
        }
    }

    /// `us`'s pieces right behind a pawn of either colour, by type (`weights`).
    #[inline(always)]
    fn behind_pawns<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        pawns: Bb<R>,
        weights: &[(Kind, Weight)],
        sink: &mut K,
    ) {
        // The squares right behind each pawn, from `us`'s side.
        let behind = shift(pawns, us.flip(), 0, R::S::DIMS.files as u32);
        for &(k, w) in weights {
            let shielded = (pos.pieces(k, us) & behind).count() as i32;
            if shielded > 0 {
                sink.feature(Term::Pieces, w, shielded * us.sign());
            }
        }
    }

    /// `us`'s pieces by their king steps from `us`'s king on `king`, by type (`weights`).
    #[inline(always)]
    fn king_distances<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        king: Square,
        weights: &[(Kind, Weight)],
        sink: &mut K,
    ) {
        let dims = R::S::DIMS;
        for &(k, w) in weights {
            let steps: i32 =
                pos.pieces(k, us).squares().map(|sq| dims.king_distance(king, sq)).sum();
            if steps > 0 {
                sink.feature(Term::Pieces, w, steps * us.sign());
            }
        }
    }

    /// Per colour-bound piece of `us`, the own pawns on squares of its colour, and those of
    /// them that something stands in front of: the piece's own pawns close its lines, and a
    /// pawn that cannot move closes them for good (a bishop behind its blocked centre pawns).
    #[inline(always)]
    fn bound_pawns<K: Sink>(&self, pos: &Position<R>, us: Color, own_pawns: Bb<R>, sink: &mut K) {
        let t = &self.tables;
        let files = R::S::DIMS.files as u32;
        // A square one step behind, for `us`, each occupied square: the pawns there are stopped.
        let blocked = own_pawns & shift(pos.occupied(), us.flip(), 0, files);
        let sign = us.sign();
        for &k in &t.colour_bound {
            for sq in pos.pieces(k, us).squares() {
                let colour = if t.dark.has(sq) { t.dark } else { !t.dark };
                sink.feature(
                    Term::Pieces,
                    t.bound_pawns,
                    (own_pawns & colour).count() as i32 * sign,
                );
                let stopped = (blocked & colour).count() as i32;
                sink.feature(Term::Pieces, t.bound_pawns_blocked, stopped * sign);
            }
        }
    }

    /// Is `sq`, which an own pawn defends, an outpost for `us`: in the enemy's half short of
    /// the last rank, and out of reach of every enemy pawn (none on the files next to it
    /// ahead), so that only a piece can drive a piece away from there?
    #[inline(always)]
    fn is_outpost(&self, pos: &Position<R>, us: Color, sq: Square, pawns: Bb<R>) -> bool {
        let dims = R::S::DIMS;
        let ranks = dims.ranks as i32;
        let own_rank = dims.relative_rank(us, sq);
        let file = dims.file(sq) as usize;
        let ahead_beside =
            self.tables.passed_span[us.index()][sq as usize] & self.tables.adjacent_files[file];
        let enemy_pawns = pawns & pos.color(us.flip());
        (ranks / 2 - 1..ranks - 1).contains(&own_rank) && (ahead_beside & enemy_pawns).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::params::Params;
    use crate::phased::{ph, Phased};
    use crate::sink::Term;
    use crate::test_support::{chess_params_without, chess_term_with, chess_weight as weight};

    /// The chess parameters with weights of its own for the Knight's outposts and the Rook's
    /// fully open files, and none for the Knight's open files or for the terms of a piece's
    /// neighbours (the pawns before it or on its colour, its king) or for space, so that the
    /// test does not depend on the file.
    fn params() -> Params {
        let mut params =
            chess_params_without(&["bound_pawns", "behind_pawn.", "king_distance.", "space"]);
        for name in ["open_file.Knight", "fully_open_file.Knight"] {
            params.set_phased(params.entry(name), Phased::ZERO);
        }
        params.set_phased(params.entry("outpost.Knight"), ph(25, 15));
        params.set_phased(params.entry("fully_open_file.Rook"), ph(15, 5));
        params
    }

    fn pieces(fen: &str) -> Phased {
        chess_term_with(&params(), fen, Term::Pieces)
    }

    #[test]
    fn a_knight_defended_by_a_pawn_where_no_enemy_pawn_can_reach_is_on_an_outpost() {
        // d5, defended by e4, no Black pawn on the c or e file ahead of it.
        assert_eq!(pieces("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1"), ph(25, 15));
        // Black's c6 pawn can drive it away.
        assert_eq!(pieces("4k3/8/2p5/3N4/4P3/8/8/4K3 w - - 0 1"), Phased::ZERO);
        // Undefended, or in its own half: no outpost.
        assert_eq!(pieces("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1"), Phased::ZERO);
        assert_eq!(pieces("4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1"), Phased::ZERO);
        // Black's knight on e4, defended by d5: the same from the other side.
        assert_eq!(pieces("4k3/8/8/3p4/4n3/8/8/4K3 w - - 0 1"), ph(-25, -15));
    }

    #[test]
    fn a_rook_on_a_file_without_pawns_has_both_open_file_bonuses() {
        let open = weight("open_file.Rook");
        let fully = ph(15, 5);
        assert_eq!(pieces("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), open + fully);
        // A Black pawn on the file: open for White, not fully.
        assert_eq!(pieces("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1"), open);
        // An own pawn on it: neither.
        assert_eq!(pieces("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1"), Phased::ZERO);
    }

    #[test]
    fn a_piece_behind_a_pawn_and_its_distance_from_its_king_count() {
        // Weights of the test's own, and no other piece term, so only these two count.
        let mut params = chess_params_without(&[
            "pair.",
            "open_file.",
            "fully_open_file.",
            "outpost.",
            "bound_pawns",
            "behind_pawn.",
            "king_distance.",
        ]);
        let (behind, step) = (ph(7, 3), ph(-2, -5));
        params.set_phased(params.entry("behind_pawn.Knight"), behind);
        params.set_phased(params.entry("king_distance.Knight"), step);
        let pieces = |fen: &str| chess_term_with(&params, fen, Term::Pieces);
        // Nd3 behind an own pawn on d4, or an enemy one, two king steps from e1.
        assert_eq!(pieces("4k3/8/8/8/3P4/3N4/8/4K3 w - - 0 1"), behind + step * 2);
        assert_eq!(pieces("4k3/8/8/8/3p4/3N4/8/4K3 w - - 0 1"), behind + step * 2);
        // Nd5 in front of its pawn, four steps from its king.
        assert_eq!(pieces("4k3/8/8/3N4/3P4/8/8/4K3 w - - 0 1"), step * 4);
        // Black's knight on e6 is behind its e5 pawn from Black's side, two steps from e8.
        assert_eq!(pieces("4k3/8/4n3/4p3/8/8/8/4K3 w - - 0 1"), -(behind + step * 2));
    }

    #[test]
    fn a_bishop_counts_the_own_pawns_on_its_colour_and_those_stopped() {
        // Weights of the test's own, and no other piece term, so only these two count.
        let mut params =
            chess_params_without(&["pair.", "open_file.", "fully_open_file.", "outpost."]);
        let (on_colour, stopped) = (ph(-3, -7), ph(-11, -2));
        params.set_phased(params.entry("bound_pawns"), on_colour);
        params.set_phased(params.entry("bound_pawns_blocked"), stopped);
        let pieces = |fen: &str| chess_term_with(&params, fen, Term::Pieces);
        // Bc1 is on a dark square, as are b2, c3 and d4 (e4 is light); d5 stops d4.
        assert_eq!(pieces("4k3/8/8/3p4/3PP3/2P5/1P6/2B1K3 w - - 0 1"), on_colour * 3 + stopped);
        // Black's c8 bishop is on a light square, as are d5, e6 and f7 (a7 is dark); d4
        // stops d5. No white bishop: the sum is Black's.
        let black = "2b1k3/p4p2/4p3/3p4/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(pieces(black), -(on_colour * 3 + stopped));
        // An own knight in front stops a pawn as well.
        assert_eq!(pieces("4k3/8/8/8/8/3N4/3P4/2B1K3 w - - 0 1"), on_colour + stopped);
        // A bishop with no pawn on its colour, and a knight among pawns: nothing.
        assert_eq!(pieces("4k3/8/8/8/8/8/2P5/2B1K3 w - - 0 1"), Phased::ZERO);
        assert_eq!(pieces("4k3/8/8/8/8/2P5/1P6/2N1K3 w - - 0 1"), Phased::ZERO);
    }
}
