//! What the search reports while it runs, and what it returns.

use super::score::Score;
use std::time::Duration;

/// One completed iteration (or a changed best line) of the main search thread.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    /// Nodes of all threads.
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    /// The principal variation in the engine's notation.
    pub pv: Vec<String>,
    /// Permille of the transposition table in use by this search.
    pub hashfull: u32,
    /// Which of the best lines this is (1 = the best), when several are searched.
    pub multipv: usize,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` only when the game is over.
    pub best: Option<String>,
    /// The expected reply.
    pub ponder: Option<String>,
    pub score: Score,
    pub nodes: u64,
    pub depth: u32,
    /// How long the search took, for a search that ran (not for a game already over).
    pub timing: Option<SearchTiming>,
}

/// Where a search's time went, all from the command's arrival: what a late move is examined
/// with (UCI `debug on`).
#[derive(Clone, Copy, Debug)]
pub struct SearchTiming {
    /// Until the threads' end.
    pub searched: Duration,
    /// The time limit the search was to stop at, if it had one.
    pub hard_limit: Option<Duration>,
    /// When the main search thread began and ended.
    pub main_thread: (Duration, Duration),
    /// The search threads' time runnable but waiting for a processor, where the system says.
    pub waiting: Option<Duration>,
}
