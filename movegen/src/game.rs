//! A game record: the start position, the moves played, and the result by rule, including the
//! rules that depend on the history (repetition, the 50-move rule). The protocols, the match
//! referee and the search's root all use it, so every part of Sissa ends games the same way.

use crate::any::{AnyPosition, Variant};
use crate::fen::FenError;
use crate::geometry::Color;
use crate::position::Position;
use crate::rules::{Outcome, RepetitionRule, Rules, Setup};

/// How many times a position must occur for the repetition rule.
pub const REPETITION_COUNT: usize = 3;

/// Half-moves without a capture or pawn move after which the 50-move rule ends the game.
pub const FIFTY_MOVE_PLIES: u16 = 100;

impl<R: Rules> Position<R> {
    /// How many times the current position occurred before in the recorded history (the
    /// same side to move, board and rights, as the hash tells). Only positions since the
    /// last irreversible move can repeat, which the halfmove clock bounds.
    pub fn repetitions(&self) -> usize {
        let history = self.history();
        let reach = (self.halfmove() as usize).min(history.len());
        history[history.len() - reach..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|undo| undo.hash_before() == self.hash())
            .count()
    }

    /// The result by the rules that look at the history: repetition and the 50-move rule.
    /// `None` if neither applies. The side to move is the one that did not make the last move.
    pub fn history_outcome(&self) -> Option<Outcome> {
        let (count, rule) = R::repetition();
        if self.repetitions() + 1 >= count {
            return Some(match rule {
                RepetitionRule::Draw => Outcome::Draw("threefold repetition"),
                RepetitionRule::RepeaterLoses => {
                    Outcome::Win(self.side(), "repetition created by the opponent")
                }
            });
        }
        if R::n_move_plies().is_some_and(|plies| self.halfmove() >= plies) {
            return Some(Outcome::Draw("50-move rule"));
        }
        None
    }

    /// The result of the game in this position: the board rules first (a mate on the 100th
    /// half-move is still a mate), then repetition and the 50-move rule.
    pub fn game_outcome(&self) -> Option<Outcome> {
        R::outcome(self).or_else(|| self.history_outcome())
    }
}

/// A game from a start position, with its moves in notation.
#[derive(Clone, Debug)]
pub struct Game {
    start_fen: String,
    setup: Setup,
    position: AnyPosition,
    moves: Vec<String>,
}

impl Game {
    /// A new game from the variant's start position for `setup`.
    pub fn new(variant: Variant, setup: Setup) -> Game {
        let position = AnyPosition::start_with(variant, &setup);
        Game { start_fen: position.to_fen(), setup, position, moves: Vec::new() }
    }

    /// A new game from a FEN (`setboard`, `position fen`).
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Game, FenError> {
        let position = AnyPosition::from_fen(variant, fen)?;
        Ok(Game {
            start_fen: position.to_fen(),
            setup: Setup::default(),
            position,
            moves: Vec::new(),
        })
    }

    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// The setup the game started from (seed and symmetry; default for a FEN start).
    pub fn setup(&self) -> Setup {
        self.setup
    }

    /// The start position's FEN.
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The current position, with the history of the game for repetition checks.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// The moves played, in notation.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    pub fn side(&self) -> Color {
        self.position.side()
    }

    /// Plays `text` if it is a legal move and the game is not over; the position is unchanged
    /// otherwise. The move is stored in the engine's own notation.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        if let Some(outcome) = self.outcome() {
            return Err(format!("the game is over ({})", describe(outcome)));
        }
        let canonical =
            self.position.canonical_move(text).ok_or_else(|| format!("illegal move {text}"))?;
        self.position.play(&canonical)?;
        self.moves.push(canonical);
        Ok(())
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.position.undo()
        } else {
            false
        }
    }

    /// The result if the game is over by any rule.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.game_outcome()
    }
}

/// "1-0 {White mates}"-style words for an outcome: (result, reason).
pub fn result_text(outcome: Outcome) -> (&'static str, String) {
    match outcome {
        Outcome::Win(Color::White, why) => ("1-0", format!("White wins: {why}")),
        Outcome::Win(Color::Black, why) => ("0-1", format!("Black wins: {why}")),
        Outcome::Draw(why) => ("1/2-1/2", format!("Draw: {why}")),
    }
}

fn describe(outcome: Outcome) -> String {
    let (result, reason) = result_text(outcome);
    format!("{result} {reason}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_all(game: &mut Game, moves: &str) {
        for mv in moves.split_whitespace() {
            if let Err(e) = game.play(mv) {
                panic!("{mv}: {e}");
            }
        }
    }

    #[test]
    fn knight_shuffle_repeats_three_times() {
        let mut game = Game::new(Variant::Chess, Setup::default());
        // The start position occurs again after each four half-moves.
        play_all(&mut game, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        assert_eq!(game.outcome(), None, "only the second occurrence so far");
        play_all(&mut game, "f6g8");
        assert_eq!(game.outcome(), Some(Outcome::Draw("threefold repetition")));
        assert!(game.play("e2e4").is_err(), "no move after the end");
        assert!(game.undo());
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn fifty_move_rule_counts_half_moves() {
        let mut game = Game::from_fen(Variant::Chess, "8/8/3k4/8/8/3K4/8/R7 w - - 99 80").unwrap();
        assert_eq!(game.outcome(), None);
        play_all(&mut game, "a1a2");
        assert_eq!(game.outcome(), Some(Outcome::Draw("50-move rule")));
    }

    #[test]
    fn mate_beats_the_fifty_move_rule() {
        let mut game = Game::from_fen(Variant::Chess, "k7/8/1K6/8/8/8/8/7R w - - 99 80").unwrap();
        play_all(&mut game, "h1h8");
        assert_eq!(game.outcome(), Some(Outcome::Win(Color::White, "checkmate")));
    }

    #[test]
    fn illegal_and_garbled_moves_leave_the_game_unchanged() {
        let mut game = Game::new(Variant::Chess, Setup::default());
        let fen = game.position().to_fen();
        for bad in ["e2e5", "", "zz", "e7e5", "e2e4q", "e2"] {
            assert!(game.play(bad).is_err(), "{bad:?} accepted");
        }
        assert_eq!(game.position().to_fen(), fen);
        assert!(game.moves().is_empty());
    }
}
