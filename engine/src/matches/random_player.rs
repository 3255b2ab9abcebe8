//! A player that picks a legal move uniformly at random: the weakest possible opponent, a
//! baseline for a quick match, and a player the tests can run without a search.

use super::openings::pick;
use super::player::{Failure, Player, TimeSettings, TurnClock};
use sissa_movegen::random::SplitMix64;
use sissa_movegen::Game;

pub struct RandomPlayer {
    name: String,
    rng: SplitMix64,
}

impl RandomPlayer {
    pub fn new(name: String, seed: u64) -> RandomPlayer {
        RandomPlayer { name, rng: SplitMix64::new(seed) }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _game: &Game, _time: &TimeSettings) -> Result<(), Failure> {
        Ok(())
    }

    fn choose_move(&mut self, game: &Game, _clock: &TurnClock) -> Result<String, Failure> {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return Err(Failure::Claimed("no legal move".into()));
        }
        Ok(moves[pick(&mut self.rng, moves.len())].clone())
    }
}
