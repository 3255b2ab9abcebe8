//! A stand-in searcher until the real one is connected: it plays the first legal move.
//! It exists so that the protocol layer can be exercised end to end.

use super::thinking::{Info, Limits, Score, SearchResult, Thinker};
use sissa_movegen::Game;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub struct FirstLegalMove;

impl Thinker for FirstLegalMove {
    fn set_threads(&mut self, _threads: usize) {}
    fn set_hash_mb(&mut self, _mb: usize) {}
    fn new_game(&mut self) {}

    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let moves =
            if game.outcome().is_some() { Vec::new() } else { game.position().legal_moves() };
        let best = moves.first().cloned();
        on_info(&Info {
            depth: 1,
            seldepth: 1,
            score: Score::Cp(0),
            nodes: moves.len() as u64,
            nps: 0,
            time: Duration::ZERO,
            pv: best.iter().cloned().collect(),
            hashfull: 0,
        });
        if limits.infinite {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        SearchResult {
            best,
            ponder: None,
            score: Score::Cp(0),
            nodes: moves.len() as u64,
            depth: 1,
        }
    }
}
