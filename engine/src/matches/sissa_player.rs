//! Sissa itself as a player, searching in this process with its options (depth, nodes, move
//! time, threads, hash). The clock goes to the search's own time management, as a protocol
//! would send it; the referee still measures the time used.

use super::engine_spec::SissaOptions;
use super::player::{Failure, Interrupt, Player, TimeSettings, TurnClock};
use crate::search::{Clock, Limits, Searcher};
use sissa_movegen::Game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub struct SissaPlayer {
    name: String,
    options: SissaOptions,
    searcher: Searcher,
    /// Set once for good by the interrupt handle: every search stops at once.
    abandoned: Arc<AtomicBool>,
}

pub fn start(name: String, options: &SissaOptions) -> Result<Box<dyn Player>, Failure> {
    let mut searcher =
        Searcher::try_new(options.threads, options.hash_mb).map_err(Failure::Crashed)?;
    searcher.set_move_overhead(options.move_overhead).map_err(Failure::Crashed)?;
    for &(param, value) in &options.search_params {
        searcher.set_param(param, value);
    }
    let abandoned = Arc::new(AtomicBool::new(false));
    Ok(Box::new(SissaPlayer { name, options: options.clone(), searcher, abandoned }))
}

impl Player for SissaPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _game: &Game, _time: &TimeSettings) -> Result<(), Failure> {
        self.searcher.clear();
        Ok(())
    }

    fn choose_move(&mut self, game: &Game, clock: &TurnClock) -> Result<String, Failure> {
        let limits = Limits {
            depth: self.options.depth,
            nodes: self.options.nodes,
            movetime: self.options.movetime,
            clock: Some(Clock {
                remaining: clock.own,
                increment: clock.increment,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let result = self.searcher.search(game, &limits, &self.abandoned, &mut |_| {});
        result.best.ok_or_else(|| Failure::Claimed("the search found no move".into()))
    }

    fn interrupt_handle(&self) -> Option<Interrupt> {
        let abandoned = Arc::clone(&self.abandoned);
        Some(Interrupt::new(move || abandoned.store(true, Ordering::Relaxed)))
    }
}
