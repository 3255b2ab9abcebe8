//! One self-play game: Sissa plays both sides with one search (one thread, its own table,
//! cleared for the game), from the game's random opening to the end by rule or adjudication,
//! noting the quiet positions on the way. A game depends only on the plan and its index, so
//! the same game comes out whichever worker plays it.

use super::adjudication::Adjudicator;
use super::args::{DatagenPlan, SearchLimit};
use super::format::{GameBlock, Sample};
use crate::matches::referee::GameResult;
use crate::search::{Limits, Score, Searcher};
use sissa_movegen::game::result_text;
use sissa_movegen::geometry::Color;
use sissa_movegen::{with_position, Game, MoveKind, Position, Rules};
use std::sync::atomic::AtomicBool;

/// Positions before this half-move are not written: they come from the random opening.
pub const FIRST_SAMPLED_PLY: usize = 8;

/// A win by rule as a White-side number, beyond any centipawn score (for the adjudicator).
const DECISIVE: i32 = 100_000;

/// Plays game `index` of the plan with `searcher`.
pub fn play_game(searcher: &mut Searcher, plan: &DatagenPlan, index: usize) -> GameBlock {
    let mut game = plan.openings.start(plan.variant, index);
    searcher.clear();
    let limits = match plan.limit {
        SearchLimit::Nodes(n) => Limits { nodes: Some(n), ..Limits::default() },
        SearchLimit::Depth(d) => Limits::depth(d),
    };
    let stop = AtomicBool::new(false);
    let mut adjudicator = Adjudicator::default();
    let mut samples = Vec::new();
    let (result, reason) = loop {
        if let Some(outcome) = game.outcome() {
            let (result, reason) = result_text(outcome);
            break (GameResult::from_pgn(result).unwrap_or(GameResult::Draw), reason);
        }
        let found = searcher.search(&game, &limits, &stop, &mut |_| {});
        let Some(best) = found.best else {
            break (GameResult::Draw, "Draw: the search found no move".to_string());
        };
        let white_score = white_side(found.score, game.side());
        if let (Some(cp), true) = (white_score.1, game.moves().len() >= FIRST_SAMPLED_PLY) {
            if is_quiet(&game, &best) {
                samples.push(Sample { fen: game.position().to_fen(), white_score: cp });
            }
        }
        if let Some(decided) = adjudicator.after_search(white_score.0, game.moves().len()) {
            break (decided.result, decided.reason);
        }
        if let Err(why) = game.play(&best) {
            // The search only returns legal moves; should it not, the game is left undecided
            // rather than recorded with a made-up result.
            break (GameResult::Draw, format!("Draw: the search's move {best} failed ({why})"));
        }
    };
    GameBlock { index, samples, result, plies: game.moves().len(), reason }
}

/// A search score from White's side: as a number for the adjudicator, and as centipawns to
/// write unless it is a win by rule.
fn white_side(score: Score, side: Color) -> (i32, Option<i32>) {
    let sign = side.sign();
    match score {
        Score::Cp(cp) => (sign * cp, Some(sign * cp)),
        Score::Mate(n) if n > 0 => (sign * DECISIVE, None),
        Score::Mate(_) => (-sign * DECISIVE, None),
    }
}

/// A position to learn a static score from: the side to move is not in check and the best
/// move changes no material (no capture, promotion, drop or self-removal).
fn is_quiet(game: &Game, best: &str) -> bool {
    with_position!(game.position(), p => quiet_move(p, best))
}

fn quiet_move<R: Rules>(pos: &Position<R>, best: &str) -> bool {
    let Some(mv) = pos.parse_move(best) else { return false };
    !R::in_check(pos)
        && !R::is_capture(pos, mv)
        && mv.promotion().is_none()
        && mv.drop_square().is_none()
        && mv.kind() != MoveKind::Suicide
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::Variant;

    #[test]
    fn scores_turn_to_whites_side() {
        assert_eq!(white_side(Score::Cp(40), Color::White), (40, Some(40)));
        assert_eq!(white_side(Score::Cp(40), Color::Black), (-40, Some(-40)));
        assert_eq!(white_side(Score::Mate(3), Color::Black), (-DECISIVE, None));
        assert_eq!(white_side(Score::Mate(-2), Color::Black), (DECISIVE, None));
    }

    #[test]
    fn captures_promotions_and_checks_are_not_quiet() {
        let game = Game::from_fen(Variant::Chess, "4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        assert!(is_quiet(&game, "e4e5"));
        assert!(!is_quiet(&game, "e4d5"), "capture");
        assert!(!is_quiet(&game, "b7b8q"), "promotion");
        let check = Game::from_fen(Variant::Chess, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
        assert!(!is_quiet(&check, "e1d1"), "in check");
    }
}
