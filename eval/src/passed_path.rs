//! A passed pawn's path to promotion: how freely it can advance, given what each side
//! attacks. A passer whose next square is empty scores, by how far it has advanced, one of
//! three kinds of free path (`layout::PASSED_PATHS`): no enemy attack on its span (its file
//! ahead and the files beside it, where a blocker could come from), none on its file ahead,
//! or none on its next square; and besides that, its next square defended. A rook or queen
//! of the enemy right behind the pawn attacks its whole span through it; an own one defends
//! its next square. Scored where there is check and there are pawns
//! (`params::layout::has_check_and_pawns`), where the search skips it while its weights are
//! zero.

use crate::pawns::front_square;
use crate::sink::{Sink, Term};
use crate::{Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::{Color, Square};
use sissa_movegen::rules::Bb;
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;

/// Indices of `Tables::passed_path`, in the order of `layout::PASSED_PATHS`.
const FREE: usize = 0;
const FILE_FREE: usize = 1;
const STEP_FREE: usize = 2;
const STEP_DEFENDED: usize = 3;

impl<R: Evaluated> Evaluator<R> {
    /// The paths of `us`'s passed pawns `passed`; `all` is what each side attacks (pieces,
    /// pawns and king).
    #[inline(always)]
    pub(crate) fn passed_paths<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        passed: Bb<R>,
        all: &[Bb<R>; 2],
        sink: &mut K,
    ) {
        for sq in passed.squares() {
            self.passed_path(pos, us, sq, all, sink);
        }
    }

    #[inline(always)]
    fn passed_path<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        sq: Square,
        all: &[Bb<R>; 2],
        sink: &mut K,
    ) {
        let dims = R::S::DIMS;
        let Some(front) = front_square::<R>(us, sq) else {
            return;
        };
        let scale = path_scale(dims.relative_rank(us, sq)) * us.sign();
        if scale == 0 || pos.occupied().has(front) {
            return;
        }
        let t = &self.tables;
        let span = t.passed_span[us.index()][sq as usize];
        let file_ahead = span & R::S::tables().file_masks[dims.file(sq) as usize];
        let behind = self.file_slider_behind(pos, us, sq);
        let attacked = if behind == Some(us.flip()) { span } else { span & all[us.flip().index()] };
        let path = if attacked.is_empty() {
            Some(FREE)
        } else if (attacked & file_ahead).is_empty() {
            Some(FILE_FREE)
        } else if !attacked.has(front) {
            Some(STEP_FREE)
        } else {
            None
        };
        if let Some(path) = path {
            sink.feature(Term::Pawns, t.passed_path[path], scale);
        }
        if behind == Some(us) || all[us.index()].has(front) {
            sink.feature(Term::Pawns, t.passed_path[STEP_DEFENDED], scale);
        }
    }

    /// The colour of the piece right behind `us`'s pawn on `sq` on its file, if it is a
    /// rook or queen (`Tables::file_sliders`): its line runs through the pawn's path.
    #[inline(always)]
    fn file_slider_behind(&self, pos: &Position<R>, us: Color, sq: Square) -> Option<Color> {
        let dims = R::S::DIMS;
        let (file, mut rank) = (dims.file(sq), dims.rank(sq));
        let occupied = pos.occupied();
        loop {
            rank -= us.forward();
            let behind = dims.square(file, rank)?;
            if occupied.has(behind) {
                let piece = pos.piece_at(behind)?;
                let slides = self.tables.file_sliders >> piece.kind() & 1 != 0;
                return slides.then_some(piece.color());
            }
        }
    }
}

/// How much a free path is worth by the pawn's rank counted from its own side (0 = first
/// rank): nothing before the fourth rank, then steeply more each rank (2, 7, 12, 17 from
/// the fourth rank on, the shape of Stockfish's classical evaluation), since a pawn near
/// promotion that nothing stops is nearly a queen.
fn path_scale(own_rank: i32) -> i32 {
    if own_rank < 3 {
        0
    } else {
        5 * own_rank - 13
    }
}

#[cfg(test)]
mod tests {
    use crate::phased::ph;
    use crate::sink::Term;
    use crate::test_support::{chess_params_without, chess_term_with, PAWN_TERMS};

    /// The pawn term with only `passed_path.<name>` weighted (one in the middlegame), so the
    /// sum counts that path's scale for White less Black's.
    fn path(name: &str, fen: &str) -> i32 {
        let mut params = chess_params_without(&PAWN_TERMS);
        params.set_phased(params.entry(&format!("passed_path.{name}")), ph(1, 0));
        chess_term_with(&params, fen, Term::Pawns).mg
    }

    #[test]
    fn a_passer_nothing_attacks_ahead_has_a_free_path_weighed_by_its_rank() {
        // d6 on its sixth rank (scale 12), the kings far from its span c7-e8.
        assert_eq!(path("free", "7k/8/3P4/8/8/8/8/K7 w - - 0 1"), 12);
        // On its fourth rank 2, its fifth 7; on its third nothing yet.
        assert_eq!(path("free", "7k/8/8/8/3P4/8/8/K7 w - - 0 1"), 2);
        assert_eq!(path("free", "7k/8/8/3P4/8/8/8/K7 w - - 0 1"), 7);
        assert_eq!(path("free", "7k/8/8/8/8/3P4/8/K7 w - - 0 1"), 0);
        // Black's passer on d2, its seventh rank (17), counts for Black.
        assert_eq!(path("free", "7k/8/8/8/8/8/3p4/7K w - - 0 1"), -17);
    }

    #[test]
    fn attacks_on_the_span_the_file_or_the_next_square_decide_the_kind_of_path() {
        // A Black knight on a6 attacks c7 beside the path: not free, but the d file is.
        let fen = "7k/8/n2P4/8/8/8/8/K7 w - - 0 1";
        assert_eq!(path("free", fen), 0);
        assert_eq!(path("file_free", fen), 12);
        // A Black rook on h8 attacks d8 on the file, not d7: the next step is free.
        let fen = "k6r/8/3P4/8/8/8/8/K7 w - - 0 1";
        assert_eq!(path("file_free", fen), 0);
        assert_eq!(path("step_free", fen), 12);
        // A Black knight on b8 attacks d7 itself: no free path of any kind.
        let fen = "1n5k/8/3P4/8/8/8/8/K7 w - - 0 1";
        assert_eq!(path("free", fen) + path("file_free", fen) + path("step_free", fen), 0);
        // A piece on d7 leaves no path to score, free or not.
        assert_eq!(path("free", "7k/3n4/3P4/8/8/8/8/K7 w - - 0 1"), 0);
    }

    #[test]
    fn a_rook_behind_the_passer_attacks_or_defends_its_path_through_it() {
        // Black's rook on d1 behind d6: the whole span counts as attacked.
        assert_eq!(path("free", "7k/8/3P4/8/8/8/8/K2r4 w - - 0 1"), 0);
        assert_eq!(path("step_free", "7k/8/3P4/8/8/8/8/K2r4 w - - 0 1"), 0);
        // White's own rook there: free, and its next square defended.
        assert_eq!(path("free", "7k/8/3P4/8/8/8/8/K2R4 w - - 0 1"), 12);
        assert_eq!(path("step_defended", "7k/8/3P4/8/8/8/8/K2R4 w - - 0 1"), 12);
        // A piece between rook and pawn: the rook does not count. White's knight on d5
        // keeps Black's rook from the path; Black's bishop on d4 keeps White's rook from
        // defending d7.
        assert_eq!(path("free", "7k/8/3P4/3N4/8/8/8/K2r4 w - - 0 1"), 12);
        assert_eq!(path("step_defended", "7k/8/3P4/8/3b4/8/8/K2R4 w - - 0 1"), 0);
        // A bishop on e6 defends d7 from beside.
        assert_eq!(path("step_defended", "7k/8/3PB3/8/8/8/8/K7 w - - 0 1"), 12);
    }
}
