//! What the caller allows a search: depth, nodes, time.

use std::time::{Duration, Instant};

/// Longest time accepted from outside for a clock, an increment or a move: a year. Anything
/// longer is a typing error or an overflow, and would overflow the time arithmetic.
pub const MAX_TIME: Duration = Duration::from_secs(365 * 24 * 60 * 60);

#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// The side to move's clock.
    pub clock: Option<Clock>,
    /// Analyse until stopped.
    pub infinite: bool,
    /// Only these root moves (engine notation) are searched (UCI `searchmoves`, XBoard
    /// `exclude`/`include`); empty means every legal move.
    pub searchmoves: Vec<String>,
    /// How many best lines to find and report (0 and 1 mean one).
    pub multipv: usize,
    /// When this move's clock started: when the command asking for the move was read, so
    /// that the time the engine takes before the search starts is on the clock too. `None`:
    /// when the search starts.
    pub started: Option<Instant>,
}

#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }
    pub fn movetime(time: Duration) -> Limits {
        Limits { movetime: Some(time), ..Limits::default() }
    }
}
