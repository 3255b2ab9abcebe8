//! What the referee needs from a player: a new game, a move when it is its turn, the end of
//! the game. Sissa in-process and external engines (XBoard, UCI) are players alike, and so
//! is the random mover used as a baseline and in tests.

use sissa_movegen::Game;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The clocks when a player is asked to move, from its own point of view.
#[derive(Clone, Copy, Debug)]
pub struct TurnClock {
    pub own: Duration,
    pub opponent: Duration,
    /// The player's own increment, and its opponent's (they differ under time odds).
    pub increment: Duration,
    pub opponent_increment: Duration,
    /// When the player's time runs out (plus the allowed margin).
    pub deadline: Instant,
}

/// Why a player did not produce a move. The referee turns each into a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No move before the clock ran out.
    TimedOut,
    /// The engine process ended or its pipes closed.
    Crashed(String),
    /// The engine resigned.
    Resigned,
    /// The engine declared the game over instead of moving ("1-0 {White mates}").
    Claimed(String),
    /// The engine refused a move the rules allow (its opponent's, or one of the opening).
    RejectedMove(String),
    /// Anything else the engine got wrong (no answer to the handshake, garbage).
    Protocol(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::TimedOut => write!(f, "lost on time"),
            Failure::Crashed(why) => write!(f, "crashed ({why})"),
            Failure::Resigned => write!(f, "resigned"),
            Failure::Claimed(claim) => write!(f, "made a false claim ({claim})"),
            Failure::RejectedMove(mv) => write!(f, "rejected the legal move {mv}"),
            Failure::Protocol(why) => write!(f, "protocol error ({why})"),
        }
    }
}

pub trait Player: Send {
    /// The name shown in results and PGN.
    fn name(&self) -> &str;

    /// A new game starts at `game` (its start position and any opening moves already played).
    fn new_game(&mut self, game: &Game, time: &TimeSettings) -> Result<(), Failure>;

    /// It is this player's turn in `game`: its move, in any notation Game::play reads. The
    /// referee checks the move; the player only has to answer in time.
    fn choose_move(&mut self, game: &Game, clock: &TurnClock) -> Result<String, Failure>;

    /// The game is over: `result` is "1-0", "0-1" or "1/2-1/2", `reason` the words.
    fn game_over(&mut self, _game: &Game, _result: &str, _reason: &str) {}

    /// A handle another thread can use to end this player's thinking for good (its game was
    /// abandoned): an external engine is ended, Sissa's search stopped. `None` for a player
    /// that never thinks for long.
    fn interrupt_handle(&self) -> Option<Interrupt> {
        None
    }
}

/// Ends a player's thinking from another thread; after it the player answers no more.
#[derive(Clone)]
pub struct Interrupt(Arc<dyn Fn() + Send + Sync>);

impl Interrupt {
    pub fn new(action: impl Fn() + Send + Sync + 'static) -> Interrupt {
        Interrupt(Arc::new(action))
    }

    pub fn interrupt(&self) {
        (self.0)()
    }
}

/// The time control of a game: base time and increment per move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeSettings {
    pub base: Duration,
    pub increment: Duration,
}

impl fmt::Display for TimeSettings {
    /// PGN's `TimeControl` form: seconds, `+increment` in seconds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", seconds_text(self.base))?;
        if !self.increment.is_zero() {
            write!(f, "+{}", seconds_text(self.increment))?;
        }
        Ok(())
    }
}

/// Seconds without trailing zeros: 10, 0.1, 2.5.
pub fn seconds_text(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl std::str::FromStr for TimeSettings {
    type Err = String;
    /// `BASE+INC` or `BASE`, both in seconds; BASE may also be `M:SS`.
    fn from_str(text: &str) -> Result<TimeSettings, String> {
        let bad =
            || format!("bad time control {text:?} (expected BASE+INC in seconds, like 10+0.1)");
        let (base, inc) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let base = match base.split_once(':') {
            Some((m, s)) => {
                parse_seconds(m).ok_or_else(bad)? * 60.0 + parse_seconds(s).ok_or_else(bad)?
            }
            None => parse_seconds(base).ok_or_else(bad)?,
        };
        let inc = parse_seconds(inc).ok_or_else(bad)?;
        if base <= 0.0 {
            return Err(bad());
        }
        Ok(TimeSettings {
            base: Duration::from_secs_f64(base),
            increment: Duration::from_secs_f64(inc),
        })
    }
}

fn parse_seconds(text: &str) -> Option<f64> {
    let v: f64 = text.trim().parse().ok()?;
    (v.is_finite() && (0.0..1e7).contains(&v)).then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse_and_print() {
        let tc: TimeSettings = "10+0.1".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(tc.to_string(), "10+0.1");
        let tc: TimeSettings = "1:30".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(90));
        assert_eq!(tc.to_string(), "90");
        for bad in ["", "x", "10+", "-1+0", "0+1", "10+y", "nan"] {
            assert!(bad.parse::<TimeSettings>().is_err(), "{bad:?} accepted");
        }
    }
}
