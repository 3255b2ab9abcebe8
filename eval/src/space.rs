//! Space: in the middlegame, the squares of the centre on a side's own half where its
//! pieces can stand, safe from enemy pawns, counted again where they lie close behind an own
//! pawn and no enemy man attacks them. Room behind the pawns is worth more the more pieces
//! there are to use it and the more closed the position (pawns blocked by pawns), so the
//! count is weighted by the square of that. Scored where there is check and there are pawns
//! (`params::layout::has_check_and_pawns`), where the search skips it while its weight is
//! zero; the layout of the zone is `Tables::space_zone`.

use crate::phased::PHASE_MAX;
use crate::sink::{Sink, Term};
use crate::{Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Color;
use sissa_movegen::pawns::shift;
use sissa_movegen::piece::Kind;
use sissa_movegen::rules::Bb;
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;

/// Space counts while at least this share of the start's material (by phase) is on the
/// board, in quarters: once the pieces come off, the endgame terms take over.
const SPACE_PHASE_QUARTERS: i32 = 3;
/// Blocked pawns weigh the space up to this many.
const BLOCKED_CAP: i32 = 9;
/// How far behind an own pawn a square is sheltered by it (ranks).
const SHELTER_RANKS: u32 = 3;
/// The weighted count is divided by this, so that the feature of a middlegame (some 20 for
/// sixteen squares and thirteen men) takes a weight of a few centipawns: a weight is a
/// whole number, and one per unweighted square would be far too coarse.
const SPACE_DIVISOR: i32 = 128;

impl<R: Evaluated> Evaluator<R> {
    /// Is the game still in the middlegame where space counts?
    #[inline(always)]
    pub(crate) fn space_counts(&self, pos: &Position<R>) -> bool {
        self.phase(pos) * 4 >= PHASE_MAX * SPACE_PHASE_QUARTERS
    }

    /// `us`'s space; `by_pawns` and `all` are what each side's pawns and all its men
    /// attack.
    #[inline(always)]
    pub(crate) fn space<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        pawn: Kind,
        by_pawns: &[Bb<R>; 2],
        all: &[Bb<R>; 2],
        sink: &mut K,
    ) {
        let them = us.flip();
        let files = R::S::DIMS.files as u32;
        let own_pawns = pos.pieces(pawn, us);
        let safe = self.tables.space_zone[us.index()] & !own_pawns & !by_pawns[them.index()];
        let mut sheltered = own_pawns;
        for _ in 0..SHELTER_RANKS {
            sheltered |= shift(sheltered, them, 0, files);
        }
        let bonus = safe.count() + (safe & sheltered & !all[them.index()]).count();
        let weight = pos.color(us).count() as i32 - 3 + blocked_pawns(pos, pawn).min(BLOCKED_CAP);
        let feature = bonus as i32 * weight * weight / SPACE_DIVISOR;
        sink.feature(Term::Pieces, self.tables.space, feature * us.sign());
    }
}

/// The pawns of either side that an enemy pawn stands right in front of.
#[inline(always)]
fn blocked_pawns<R: Evaluated>(pos: &Position<R>, pawn: Kind) -> i32 {
    let files = R::S::DIMS.files as u32;
    let (white, black) = (pos.pieces(pawn, Color::White), pos.pieces(pawn, Color::Black));
    2 * (shift(white, Color::White, 0, files) & black).count() as i32
}

#[cfg(test)]
mod tests {
    use crate::phased::ph;
    use crate::sink::Term;
    use crate::test_support::{chess_params_without, chess_term_with};

    /// The pieces term with only `space` weighted (one in the middlegame), so it gives
    /// White's space feature less Black's.
    fn space(fen: &str) -> i32 {
        let mut params = chess_params_without(&[
            "pair",
            "open_file",
            "outpost",
            "fully_open_file",
            "behind_pawn",
            "king_distance",
            "bound_pawns",
        ]);
        params.set_phased(params.entry("space"), ph(1, 0));
        chess_term_with(&params, fen, Term::Pieces).mg
    }

    #[test]
    fn safe_central_squares_count_again_behind_the_pawns_weighted_by_the_men() {
        // White's zone c2-f4 less its pawns c4-f4: eight squares, none attacked by a Black
        // pawn, all within three ranks behind a White pawn and out of reach of Black's
        // men: 8 + 8. Sixteen men, no blocked pawns: weight 13, 16 * 169 / 128 = 21.
        // Black's zone c5-f7 less its pawns c7-f7 and what White's pawns attack (c5-f5):
        // c6-f6, none behind a Black pawn: 4 * 169 / 128 = 5.
        let fen = "rnbqkbnr/pppppppp/8/8/2PPPP2/8/PP4PP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(space(fen), 21 - 5);
    }

    #[test]
    fn blocked_pawns_weigh_the_space_more() {
        // Black's e7 on e5 blocks e4 and is blocked: weight 16 - 3 + 2 = 15. White keeps
        // its 8 + 8: 16 * 225 / 128 = 28. Black's zone less c7, d7, f7, e5 and White's
        // pawn attacks c5, d5, f5: e7 and c6-f6, of them e6 and e7 behind e5:
        // (5 + 2) * 225 / 128 = 12.
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/2PPPP2/8/PP4PP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(space(fen), 28 - 12);
    }

    #[test]
    fn space_does_not_count_once_the_heavy_pieces_are_off() {
        // The first position without queens and a rook each: half the start's material.
        let fen = "1nb1kbnr/pppppppp/8/8/2PPPP2/8/PP4PP/1NB1KBNR w Kk - 0 1";
        assert_eq!(space(fen), 0);
    }
}
