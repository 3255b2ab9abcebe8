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
    /// White's time control and Black's.
    pub time: [TimeSettings; 2],
}

/// The conditions of one game.
#[derive(Clone, Copy, Debug)]
pub struct GameRules {
    /// White's time control and Black's: the same, or different for time odds.
    pub time: [TimeSettings; 2],
    /// Extra time allowed past zero on the clock before a time loss (transport delays).
    pub margin: Duration,
    /// The game is adjudicated a draw after this many half-moves (0: no limit).
    pub max_plies: usize,
}

impl GameRules {
    /// The same rules with the colours' time controls exchanged.
    pub fn colours_swapped(self) -> GameRules {
        let [white, black] = self.time;
        GameRules { time: [black, white], ..self }
    }
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
    if let Err(f) = white.new_game(game, &rules.time[0]) {
        return failure_verdict(Color::White, white.name(), &f);
    }
    if let Err(f) = black.new_game(game, &rules.time[1]) {
        return failure_verdict(Color::Black, black.name(), &f);
    }
    let mut clocks = rules.time.map(|t| t.base);
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
            increment: rules.time[own].increment,
            opponent_increment: rules.time[opponent].increment,
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
        clocks[own] = clocks[own].saturating_sub(elapsed) + rules.time[own].increment;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the first legal move and keeps the clocks it was shown and its time control.
    struct ClockWatcher {
        name: String,
        time: Option<TimeSettings>,
        clocks: Vec<TurnClock>,
    }

    impl ClockWatcher {
        fn new(name: &str) -> ClockWatcher {
            ClockWatcher { name: name.to_string(), time: None, clocks: Vec::new() }
        }
    }

    impl Player for ClockWatcher {
        fn name(&self) -> &str {
            &self.name
        }

        fn new_game(&mut self, _game: &Game, time: &TimeSettings) -> Result<(), Failure> {
            self.time = Some(*time);
            Ok(())
        }

        fn choose_move(&mut self, game: &Game, clock: &TurnClock) -> Result<String, Failure> {
            self.clocks.push(*clock);
            game.position().legal_moves().first().cloned().ok_or(Failure::Resigned)
        }
    }

    fn seconds(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn under_time_odds_each_side_has_its_own_clock_and_increment() {
        let white_time = TimeSettings { base: seconds(10.0), increment: seconds(1.0) };
        let black_time = TimeSettings { base: seconds(2.0), increment: seconds(0.5) };
        let rules =
            GameRules { time: [white_time, black_time], margin: Duration::ZERO, max_plies: 4 };
        let (mut white, mut black) = (ClockWatcher::new("w"), ClockWatcher::new("b"));
        let start = Game::new(Variant::Chess, Setup::default());
        let record = play_game(&mut white, &mut black, start, &rules, 1);
        assert_eq!(record.termination, Termination::Adjudication);
        assert_eq!(record.time, [white_time, black_time]);
        assert_eq!((white.time, black.time), (Some(white_time), Some(black_time)));
        let (w, b) = (white.clocks[0], black.clocks[0]);
        assert_eq!((w.own, w.opponent), (seconds(10.0), seconds(2.0)));
        assert_eq!((w.increment, w.opponent_increment), (seconds(1.0), seconds(0.5)));
        assert_eq!((b.increment, b.opponent_increment), (seconds(0.5), seconds(1.0)));
        assert_eq!(b.own, seconds(2.0));
        // White's clock gained its own increment, less the moment its move took.
        assert!(b.opponent > seconds(10.5) && b.opponent <= seconds(11.0), "{:?}", b.opponent);
        assert!(white.clocks[1].opponent > seconds(2.0), "Black's increment is its own");
        // The PGN gives each side's control, as it has no one control for both.
        let pgn = crate::matches::pgn::write_game(&record, "2026.01.01");
        let games = crate::matches::pgn::read_games(&pgn).expect("it reads back");
        assert_eq!(games[0].tag("WhiteTimeControl"), Some("10+1"));
        assert_eq!(games[0].tag("BlackTimeControl"), Some("2+0.5"));
        assert_eq!(games[0].tag("TimeControl"), None);
    }

    #[test]
    fn swapped_rules_exchange_the_time_controls_and_nothing_else() {
        let (a, b) = ("10+0.1".parse().unwrap(), "3+0.03".parse().unwrap());
        let rules = GameRules { time: [a, b], margin: seconds(0.1), max_plies: 7 };
        let swapped = rules.colours_swapped();
        assert_eq!(swapped.time, [b, a]);
        assert_eq!((swapped.margin, swapped.max_plies), (rules.margin, rules.max_plies));
    }
}
