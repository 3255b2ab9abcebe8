//! What the protocols need from "the engine thinking": a searcher that takes a game and
//! limits, reports progress and returns a move. The protocol code talks only to the
//! [`Thinker`] trait, so the searcher behind it is swapped in one place.

use sissa_movegen::Game;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What bounds one search. Absent limits mean "no bound of that kind".
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
}

#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
}

/// From the side to move's view. `Mate(n)`: mate (or king capture) in n moves, n > 0 we
/// win, n < 0 we lose; `Mate(0)` only at game end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    Mate(i32),
}

/// One progress report of a search.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    pub pv: Vec<String>,
    pub hashfull: u32,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<String>,
    pub ponder: Option<String>,
    pub score: Score,
    pub nodes: u64,
    pub depth: u32,
}

/// The engine's thinking as the protocols use it. `think` blocks; the session runs it on
/// its own thread and sets `stop` from the input side.
pub trait Thinker: Send {
    fn set_threads(&mut self, threads: usize);
    fn set_hash_mb(&mut self, mb: usize);
    /// A new game: forget what earlier searches learned.
    fn new_game(&mut self);
    /// Moves in the result and the infos are in the engine's notation (what `Game::play`
    /// accepts). `best` is `None` only when the game is over.
    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult;
}
