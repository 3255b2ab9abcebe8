//! Runs the games of a match on worker threads and collects the results in the order they
//! finish. Each worker keeps its two players from game to game and starts a fresh one after
//! a player failed (crashed, timed out, broke the protocol), since its state is then unknown.

use super::engine_spec::{EngineSpec, StartOptions};
use super::openings::Openings;
use super::player::{Failure, Player};
use super::referee::{play_game, GameRecord, GameResult, GameRules, Termination};
use sissa_movegen::Variant;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Everything that defines a match between two engines in one variant.
#[derive(Clone, Debug)]
pub struct MatchPlan {
    pub variant: Variant,
    pub engines: [EngineSpec; 2],
    /// Display names of the engines (distinct).
    pub names: [String; 2],
    pub games: usize,
    pub concurrency: usize,
    /// The rules of the games in which the first engine has White (its time control
    /// first); the other games have the time controls swapped.
    pub rules: GameRules,
    pub openings: Openings,
    /// How to start the first and the second engine.
    pub starts: [StartOptions; 2],
}

impl MatchPlan {
    /// The rules of a game in which the first engine has White or not.
    fn rules_of(&self, engine1_white: bool) -> GameRules {
        if engine1_white {
            self.rules
        } else {
            self.rules.colours_swapped()
        }
    }
}

/// A finished game, and whether the first engine had White.
pub struct Finished {
    pub index: usize,
    pub record: GameRecord,
    pub engine1_white: bool,
}

impl Finished {
    /// The first engine's points: 1, 0.5 or 0, as (win, loss, draw) flags.
    pub fn engine1_result(&self) -> (bool, bool, bool) {
        let white_won = self.record.result == GameResult::WhiteWins;
        match self.record.result {
            GameResult::Draw => (false, false, true),
            _ if white_won == self.engine1_white => (true, false, false),
            _ => (false, true, false),
        }
    }
}

/// Plays the match; `on_game` sees each finished game and returns false to stop the match
/// (an SPRT decision). No new game starts after that; the games then under way are played
/// out (their engines are busy) but not shown to `on_game`, so the match's result is the one
/// at the moment of the decision. Returns how many finished games were left out so.
pub fn run(plan: &MatchPlan, mut on_game: impl FnMut(&Finished) -> bool) -> usize {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel();
    let (mut decided, mut left_out) = (false, 0);
    thread::scope(|scope| {
        for _ in 0..plan.concurrency.max(1).min(plan.games.max(1)) {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || worker(plan, next, stop, sender));
        }
        drop(sender);
        for finished in receiver {
            if decided {
                left_out += 1;
            } else if !on_game(&finished) {
                decided = true;
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    left_out
}

fn worker(plan: &MatchPlan, next: &AtomicUsize, stop: &AtomicBool, sender: mpsc::Sender<Finished>) {
    let mut players: [Option<Box<dyn Player>>; 2] = [None, None];
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= plan.games {
            return;
        }
        let finished = play_one(plan, index, &mut players);
        if sender.send(finished).is_err() {
            return;
        }
    }
}

/// Game `index`: pair index / 2, the first engine has White in the even games.
fn play_one(
    plan: &MatchPlan,
    index: usize,
    players: &mut [Option<Box<dyn Player>>; 2],
) -> Finished {
    let pair = index / 2;
    let engine1_white = index.is_multiple_of(2);
    let start = plan.openings.start(plan.variant, pair);
    let round = index + 1;
    for (slot, player) in players.iter_mut().enumerate() {
        if player.is_none() {
            let mut options = plan.starts[slot];
            options.seed = options.seed.wrapping_add((index * 2 + slot) as u64);
            match plan.engines[slot].start(&plan.names[slot], &options) {
                Ok(p) => *player = Some(p),
                Err(failure) => {
                    let record = unstarted(plan, slot, engine1_white, start, round, &failure);
                    return Finished { index, record, engine1_white };
                }
            }
        }
    }
    let [Some(p1), Some(p2)] = players else { unreachable!("both players were just started") };
    let (white, black): (&mut dyn Player, &mut dyn Player) =
        if engine1_white { (p1.as_mut(), p2.as_mut()) } else { (p2.as_mut(), p1.as_mut()) };
    let record = play_game(white, black, start, &plan.rules_of(engine1_white), round);
    if record.termination != Termination::Normal && record.termination != Termination::Adjudication
    {
        // Someone failed; their state is unknown, so both start afresh (cheap next to a game).
        *players = [None, None];
    }
    Finished { index, record, engine1_white }
}

/// The record of a game lost because an engine could not even be started.
fn unstarted(
    plan: &MatchPlan,
    slot: usize,
    engine1_white: bool,
    start: sissa_movegen::Game,
    round: usize,
    failure: &Failure,
) -> GameRecord {
    let failed_is_white = (slot == 0) == engine1_white;
    let (white, black) = if engine1_white {
        (&plan.names[0], &plan.names[1])
    } else {
        (&plan.names[1], &plan.names[0])
    };
    let side = if failed_is_white { "White" } else { "Black" };
    GameRecord {
        round,
        white: white.clone(),
        black: black.clone(),
        variant: plan.variant,
        setup: start.setup(),
        start_fen: start.start_fen().to_string(),
        opening_plies: start.moves().len(),
        moves: start.moves().to_vec(),
        result: if failed_is_white { GameResult::BlackWins } else { GameResult::WhiteWins },
        termination: Termination::Abandoned,
        reason: format!("{side} could not start ({failure}; {})", plan.names[slot]),
        time: plan.rules_of(engine1_white).time,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::openings::OpeningMoves;
    use sissa_movegen::Symmetry;
    use std::time::Duration;

    fn random_movers(games: usize, concurrency: usize) -> MatchPlan {
        MatchPlan {
            variant: Variant::Chess,
            engines: ["random".parse().unwrap(), "random".parse().unwrap()],
            names: ["a".into(), "b".into()],
            games,
            concurrency,
            rules: GameRules {
                time: ["60+0".parse().unwrap(); 2],
                margin: Duration::ZERO,
                max_plies: 60,
            },
            openings: Openings {
                moves: OpeningMoves::None,
                seeds: None,
                symmetry: Symmetry::Mirror,
                seed: 1,
                fen: None,
            },
            starts: [StartOptions::default(); 2],
        }
    }

    #[test]
    fn games_finished_after_the_decision_are_left_out() {
        let plan = random_movers(100_000, 4);
        let mut seen = 0;
        let left_out = run(&plan, |_| {
            seen += 1;
            // The other workers finish games while the decision is being taken.
            thread::sleep(Duration::from_millis(200));
            false
        });
        assert_eq!(seen, 1, "a game finished after the decision was counted");
        assert!(left_out >= 1, "no game was under way at the decision");
        assert!(seen + left_out < plan.games, "the match went on after the decision");
    }

    #[test]
    fn without_a_decision_every_game_is_seen() {
        let plan = random_movers(12, 3);
        let mut indices = Vec::new();
        let left_out = run(&plan, |f| {
            indices.push(f.index);
            true
        });
        indices.sort();
        assert_eq!(indices, (0..12).collect::<Vec<_>>());
        assert_eq!(left_out, 0);
    }
}
