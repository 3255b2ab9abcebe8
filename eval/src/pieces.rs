//! Where the pieces stand, beyond their squares' weights: pieces of a type in pairs, pieces
//! on files without own pawns or without any pawns, and pieces on outposts.

use crate::sink::{Sink, Term};
use crate::{Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::{Color, Square};
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
    use crate::test_support::{chess_term_with, chess_weight as weight};
    use crate::Evaluated;
    use sissa_movegen::variants::chess::Chess;

    /// The chess parameters with weights of its own for the Knight's outposts and the Rook's
    /// fully open files, and none for the Knight's open files, so that the test does not
    /// depend on the file.
    fn params() -> Params {
        let mut params = Chess::params().clone();
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
}
