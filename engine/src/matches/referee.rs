//! One game between two players, refereed by Sissa's own rules: every move is checked with
//! [`Game::play`], the clocks are kept here (not trusted to the engines), and every way a game
//! can end is turned into a result with its reason.

use super::player::{Failure, Player, TimeSettings, TurnClock};
use sissa_movegen::game::result_text;
use sissa_movegen::geometry::Color;
use sissa_movegen::{Game, Setup, Variant};
use std::time::{Duration, Instant};

/// The result of a game, from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    pub fn from_pgn(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }

    fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// How a game ended, in PGN's `Termination` words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules of the game, or a resignation.
    Normal,
    TimeForfeit,
    /// An illegal move, a false claim, a refused legal move, a protocol error.
    RulesInfraction,
    /// The engine crashed.
    Abandoned,
    /// Ended by the referee without a rule: the move limit.
    Adjudication,
}

impl Termination {
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::Adjudication => "adjudication",
        }
    }
}

/// Everything about a finished game that the PGN and the statistics need.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub round: usize,
    pub white: String,
    pub black: String,
    pub variant: Variant,
    pub setup: Setup,
    pub start_fen: String,
    /// The first moves, chosen by the opening plan rather than the players.
    pub opening_plies: usize,
    pub moves: Vec<String>,
    pub result: GameResult,
    pub termination: Termination,
    /// The reason in words ("White wins: checkmate", "Black lost on time").
    pub reason: String,
    pub time: TimeSettings,
}

/// The conditions of one game.
#[derive(Clone, Copy, Debug)]
pub struct GameRules {
    pub time: TimeSettings,
    /// Extra time allowed past zero on the clock before a time loss (transport delays).
    pub margin: Duration,
    /// The game is adjudicated a draw after this many half-moves (0: no limit).
    pub max_plies: usize,
}

/// Which player failed and how, if a game ended by a failure.
struct Verdict {
    result: GameResult,
    termination: Termination,
    reason: String,
}

fn failure_verdict(side: Color, name: &str, failure: &Failure) -> Verdict {
    let termination = match failure {
        Failure::TimedOut => Termination::TimeForfeit,
        Failure::Crashed(_) => Termination::Abandoned,
        Failure::Resigned => Termination::Normal,
        Failure::Claimed(_) | Failure::RejectedMove(_) | Failure::Protocol(_) => {
            Termination::RulesInfraction
        }
    };
    let (result, reason) = failure_result(side, name, failure);
    Verdict { result, termination, reason }
}

/// The result and its words when `side`'s player `name` failed: the other side wins.
pub fn failure_result(side: Color, name: &str, failure: &Failure) -> (GameResult, String) {
    (GameResult::win_for(side.flip()), format!("{} {failure} ({name})", side_name(side)))
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Plays one game from `start` (which may already hold opening moves).
pub fn play_game(
    white: &mut dyn Player,
    black: &mut dyn Player,
    start: Game,
    rules: &GameRules,
    round: usize,
) -> GameRecord {
    let opening_plies = start.moves().len();
    let mut game = start;
    let verdict = run_game(white, black, &mut game, rules);
    white.game_over(&game, verdict.result.pgn(), &verdict.reason);
    black.game_over(&game, verdict.result.pgn(), &verdict.reason);
    GameRecord {
        round,
        white: white.name().to_string(),
        black: black.name().to_string(),
        variant: game.variant(),
        setup: game.setup(),
        start_fen: game.start_fen().to_string(),
        opening_plies,
        moves: game.moves().to_vec(),
        result: verdict.result,
        termination: verdict.termination,
        reason: verdict.reason,
        time: rules.time,
    }
}

fn run_game(
    white: &mut dyn Player,
    black: &mut dyn Player,
    game: &mut Game,
    rules: &GameRules,
) -> Verdict {
    if let Err(f) = white.new_game(game, &rules.time) {
        return failure_verdict(Color::White, white.name(), &f);
    }
    if let Err(f) = black.new_game(game, &rules.time) {
        return failure_verdict(Color::Black, black.name(), &f);
    }
    let mut clocks = [rules.time.base, rules.time.base];
    loop {
        if let Some(outcome) = game.outcome() {
            let (result, reason) = result_text(outcome);
            let result = GameResult::from_pgn(result).unwrap_or(GameResult::Draw);
            return Verdict { result, termination: Termination::Normal, reason };
        }
        if rules.max_plies > 0 && game.moves().len() >= rules.max_plies {
            return Verdict {
                result: GameResult::Draw,
                termination: Termination::Adjudication,
                reason: format!("Draw: move limit of {} half-moves", rules.max_plies),
            };
        }
        let side = game.side();
        let (own, opponent) = match side {
            Color::White => (0, 1),
            Color::Black => (1, 0),
        };
        let player: &mut dyn Player = match side {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let started = Instant::now();
        let clock = TurnClock {
            own: clocks[own],
            opponent: clocks[opponent],
            increment: rules.time.increment,
            deadline: started + clocks[own] + rules.margin,
        };
        let answer = player.choose_move(game, &clock);
        let elapsed = started.elapsed();
        let mv = match answer {
            Ok(mv) => mv,
            Err(f) => return failure_verdict(side, player.name(), &f),
        };
        if elapsed > clocks[own] + rules.margin {
            return failure_verdict(side, player.name(), &Failure::TimedOut);
        }
        if let Err(why) = game.play(&mv) {
            return Verdict {
                result: GameResult::win_for(side.flip()),
                termination: Termination::RulesInfraction,
                reason: format!(
                    "{} makes an illegal move: {mv} ({why}; {})",
                    side_name(side),
                    player.name()
                ),
            };
        }
        clocks[own] = clocks[own].saturating_sub(elapsed) + rules.time.increment;
    }
}
