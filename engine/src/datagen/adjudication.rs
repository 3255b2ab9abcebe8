//! Ending self-play games early, from the searches' own scores, so that no time goes into
//! games whose result is already clear. The rules' own ends (mate, king capture, stalemate,
//! repetition, the 50-move rule, each variant's end) come first and need no adjudication.
//!
//! - Win: the score (from White's side) is at least [`WIN_SCORE`] for the same side in
//!   [`WIN_PLIES`] searches in a row, so both sides' searches agree on it several times.
//! - Draw: from half-move [`DRAW_FROM_PLY`] on, the score stays within [`DRAW_SCORE`] of zero
//!   for [`DRAW_PLIES`] searches in a row.
//! - Length: a game reaching [`MAX_PLIES`] half-moves is a draw.

use crate::matches::referee::GameResult;

/// Centipawns beyond which a side is taken to be winning.
pub const WIN_SCORE: i32 = 1000;
/// Searches in a row that must agree on a win.
pub const WIN_PLIES: usize = 6;
/// Centipawns within which a position counts as level.
pub const DRAW_SCORE: i32 = 10;
/// Searches in a row that must find the game level.
pub const DRAW_PLIES: usize = 12;
/// No draw adjudication before this half-move.
pub const DRAW_FROM_PLY: usize = 80;
/// The longest game.
pub const MAX_PLIES: usize = 600;

/// A decided game: its result and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudication {
    pub result: GameResult,
    pub reason: String,
}

/// Follows one game's search scores.
#[derive(Debug, Default)]
pub struct Adjudicator {
    /// Searches in a row with White winning (positive) or Black winning (negative).
    winning_run: i32,
    level_run: usize,
}

impl Adjudicator {
    /// Takes the score of the search at half-move `ply` (from White's side, wins by rule
    /// beyond any centipawn score) and says whether the game is decided.
    pub fn after_search(&mut self, white_score: i32, ply: usize) -> Option<Adjudication> {
        self.winning_run = match white_score {
            s if s >= WIN_SCORE => self.winning_run.max(0) + 1,
            s if s <= -WIN_SCORE => self.winning_run.min(0) - 1,
            _ => 0,
        };
        let level = white_score.abs() <= DRAW_SCORE && ply >= DRAW_FROM_PLY;
        self.level_run = if level { self.level_run + 1 } else { 0 };
        let decided = |result, reason: &str| Some(Adjudication { result, reason: reason.into() });
        if self.winning_run >= WIN_PLIES as i32 {
            decided(GameResult::WhiteWins, "White wins: adjudicated on the searches' scores")
        } else if self.winning_run <= -(WIN_PLIES as i32) {
            decided(GameResult::BlackWins, "Black wins: adjudicated on the searches' scores")
        } else if self.level_run >= DRAW_PLIES {
            decided(GameResult::Draw, "Draw: adjudicated, a long level stretch")
        } else if ply + 1 >= MAX_PLIES {
            decided(GameResult::Draw, "Draw: the game reached the move limit")
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(scores: &[i32], first_ply: usize) -> Option<(usize, GameResult)> {
        let mut adjudicator = Adjudicator::default();
        scores
            .iter()
            .enumerate()
            .find_map(|(i, &s)| adjudicator.after_search(s, first_ply + i).map(|a| (i, a.result)))
    }

    #[test]
    fn a_win_needs_agreeing_searches_in_a_row() {
        let white = [WIN_SCORE; WIN_PLIES];
        assert_eq!(run(&white, 10), Some((WIN_PLIES - 1, GameResult::WhiteWins)));
        assert_eq!(run(&white[1..], 10), None, "one search short");
        let black = [-WIN_SCORE - 500; WIN_PLIES];
        assert_eq!(run(&black, 10), Some((WIN_PLIES - 1, GameResult::BlackWins)));
        // A dip below the threshold starts the count again, as does a swing to the other side.
        let mut broken = vec![WIN_SCORE; WIN_PLIES - 1];
        broken.push(WIN_SCORE - 1);
        broken.extend([WIN_SCORE; WIN_PLIES - 1]);
        assert_eq!(run(&broken, 10), None);
        let mut swing = vec![WIN_SCORE; WIN_PLIES - 1];
        swing.extend([-WIN_SCORE; WIN_PLIES - 1]);
        assert_eq!(run(&swing, 10), None);
    }

    #[test]
    fn a_draw_needs_a_long_level_stretch_late_enough() {
        let level = [DRAW_SCORE; DRAW_PLIES];
        assert_eq!(run(&level, DRAW_FROM_PLY), Some((DRAW_PLIES - 1, GameResult::Draw)));
        assert_eq!(run(&level, DRAW_FROM_PLY - DRAW_PLIES), None, "too early");
        let mut uneven = vec![0; DRAW_PLIES - 1];
        uneven.push(DRAW_SCORE + 1);
        assert_eq!(run(&uneven, DRAW_FROM_PLY), None);
    }

    #[test]
    fn long_games_end_in_a_draw() {
        let mut adjudicator = Adjudicator::default();
        assert_eq!(adjudicator.after_search(300, MAX_PLIES - 2), None);
        let end = adjudicator.after_search(300, MAX_PLIES - 1).map(|a| a.result);
        assert_eq!(end, Some(GameResult::Draw));
    }
}
