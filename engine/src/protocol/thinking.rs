//! What the protocols need from "the engine thinking": a searcher that takes a game and
//! limits, reports progress and returns a move. The protocol code talks only to the
//! [`Thinker`] trait, so the searcher behind it is swapped in one place.

use crate::search::params::Param;
pub use crate::search::{Clock, Info, Limits, Score, SearchResult};
use crate::search::{Searcher, DEFAULT_HASH_MB};
use sissa_eval::built_in::Evaluation;
use sissa_movegen::Game;
use std::sync::atomic::AtomicBool;

/// The engine's thinking as the protocols use it. `think` blocks; the session runs it on
/// its own thread and sets `stop` from the input side.
pub trait Thinker: Send {
    fn set_threads(&mut self, threads: usize);
    /// A new table of `mb` megabytes; an error (out of range, no memory) keeps the old one.
    fn set_hash_mb(&mut self, mb: usize) -> Result<(), String>;
    /// Time kept back from every clock for delays outside the search; `None`: the default.
    fn set_move_overhead(&mut self, overhead: Option<std::time::Duration>) -> Result<(), String>;
    /// Sets one of the search's constants (`search/params.rs`), a value in its range.
    fn set_search_param(&mut self, param: Param, value: i32);
    /// The evaluation of the searches to come (`EvalFile`).
    fn set_evaluation(&mut self, evaluation: Evaluation);
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

impl Thinker for Searcher {
    fn set_threads(&mut self, threads: usize) {
        Searcher::set_threads(self, threads);
    }

    fn set_hash_mb(&mut self, mb: usize) -> Result<(), String> {
        Searcher::set_hash_mb(self, mb)
    }

    fn set_move_overhead(&mut self, overhead: Option<std::time::Duration>) -> Result<(), String> {
        Searcher::set_move_overhead(self, overhead)
    }

    fn set_search_param(&mut self, param: Param, value: i32) {
        self.set_param(param, value);
    }

    fn set_evaluation(&mut self, evaluation: Evaluation) {
        Searcher::set_evaluation(self, evaluation);
    }

    fn new_game(&mut self) {
        self.clear();
    }

    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.search(game, limits, stop, on_info)
    }
}

/// The searcher the protocols drive, with one thread and the default table.
pub fn new_thinker() -> Box<dyn Thinker> {
    Box::new(Searcher::new(1, DEFAULT_HASH_MB))
}
