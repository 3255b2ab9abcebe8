//! The engine never loses on time: games against itself at very short time controls (sudden
//! death with increment, moves per session, fixed time per move), with every move's thinking
//! time measured against the clock it had.
//!
//! The always-run test plays a few games; the full hundred are
//! `cargo test --release --test time_control -- --ignored` (a few minutes on two cores).
//! Thinking time is wall-clock time, so a machine loaded far beyond its cores (a thread not
//! scheduled for a tenth of a second) can still make a move overrun; the controls here leave
//! the engine's move overhead (50 ms) as the margin for that.

use sissa::search::{Clock, Limits, Searcher};
use sissa_movegen::{Game, Setup, Variant};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Control {
    /// Base time and increment per move.
    Increment(u64, u64),
    /// Base time for every `moves` moves.
    Session(u64, u32),
    /// Fixed time per move.
    PerMove(u64),
}

/// Games end by rule or after this many plies (a draw for this purpose).
const MAX_PLIES: usize = 160;
/// Shorter games for the always-run test.
const QUICK_PLIES: usize = 80;

fn limits(control: Control, remaining: Duration, played: u32) -> Limits {
    match control {
        Control::Increment(_, inc) => Limits {
            clock: Some(Clock {
                remaining,
                increment: Duration::from_millis(inc),
                moves_to_go: None,
            }),
            ..Limits::default()
        },
        Control::Session(_, moves) => Limits {
            clock: Some(Clock {
                remaining,
                increment: Duration::ZERO,
                moves_to_go: Some(moves - played % moves),
            }),
            ..Limits::default()
        },
        Control::PerMove(ms) => Limits::movetime(Duration::from_millis(ms)),
    }
}

/// How a game went on the clock: its length and the smallest time left after any move.
struct GameRecord {
    plies: usize,
    tightest: Duration,
}

/// Plays one game; Err describes a time forfeit or an illegal move.
fn play_game(
    variant: Variant,
    control: Control,
    opening_seed: usize,
    max_plies: usize,
) -> Result<GameRecord, String> {
    let mut game = Game::new(variant, Setup::default());
    // A different short opening per game: two plies chosen by the seed.
    for ply in 0..2 {
        let moves = game.position().legal_moves();
        let mv = &moves[(opening_seed * 7 + ply * 13) % moves.len()];
        game.play(mv)?;
    }
    let base = match control {
        Control::Increment(base, _) | Control::Session(base, _) => Duration::from_millis(base),
        Control::PerMove(ms) => Duration::from_millis(ms),
    };
    let mut clocks = [base, base];
    let mut moves_made = [0u32; 2];
    let mut searchers = [Searcher::new(1, 8), Searcher::new(1, 8)];
    let stop = AtomicBool::new(false);
    let mut plies = 0;
    let mut tightest = Duration::MAX;
    while game.outcome().is_none() && plies < max_plies {
        let side = game.side().index();
        let lim = limits(control, clocks[side], moves_made[side]);
        let start = Instant::now();
        let result = searchers[side].search(&game, &lim, &stop, &mut |_| {});
        let used = start.elapsed();
        let allowed = match control {
            Control::PerMove(ms) => Duration::from_millis(ms),
            _ => clocks[side],
        };
        if used > allowed {
            return Err(format!(
                "{variant} {control:?}: ply {plies} used {used:?} of {allowed:?} ({})",
                game.position().to_fen()
            ));
        }
        tightest = tightest.min(allowed - used);
        moves_made[side] += 1;
        match control {
            Control::Increment(_, inc) => {
                clocks[side] = clocks[side] - used + Duration::from_millis(inc)
            }
            Control::Session(base, moves) => {
                clocks[side] -= used;
                if moves_made[side] % moves == 0 {
                    clocks[side] += Duration::from_millis(base);
                }
            }
            Control::PerMove(_) => {}
        }
        let mv = result.best.ok_or("no move although the game is not over")?;
        game.play(&mv)?;
        plies += 1;
    }
    Ok(GameRecord { plies, tightest })
}

/// The variant and control of game `i`: the variants in turn, and the control changing after
/// each round of variants, so that every variant meets every control.
fn pairing(i: usize, controls: &[Control]) -> (Variant, Control) {
    let variants = Variant::ALL.len();
    (Variant::ALL[i % variants], controls[(i / variants) % controls.len()])
}

/// Runs `games` games over the variants and controls, two at a time; prints each control's
/// tightest margin (shown with `--nocapture`) and fails on any time forfeit.
fn run_games(games: usize, controls: &[Control], max_plies: usize) {
    let jobs: Vec<(Variant, Control, usize)> = (0..games)
        .map(|i| {
            let (variant, control) = pairing(i, controls);
            (variant, control, i)
        })
        .collect();
    let outcomes: Vec<(Control, Result<GameRecord, String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .chunks(games.div_ceil(2).max(1))
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|&(v, c, i)| (c, play_game(v, c, i, max_plies)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    for control in controls {
        let records = outcomes.iter().filter(|(c, _)| c == control);
        let finished: Vec<&GameRecord> = records.filter_map(|(_, r)| r.as_ref().ok()).collect();
        if let Some(tightest) = finished.iter().map(|r| r.tightest).min() {
            let plies: usize = finished.iter().map(|r| r.plies).sum();
            eprintln!(
                "{control:?}: {} games, {plies} plies, tightest margin {tightest:?}",
                finished.len()
            );
        }
    }
    let failures: Vec<&String> = outcomes.iter().filter_map(|(_, r)| r.as_ref().err()).collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn every_variant_meets_every_control() {
    let controls = [Control::PerMove(1), Control::PerMove(2), Control::PerMove(3)];
    let mut met = std::collections::HashSet::new();
    for i in 0..Variant::ALL.len() * controls.len() {
        let (variant, control) = pairing(i, &controls);
        met.insert(format!("{variant} {control:?}"));
    }
    assert_eq!(met.len(), Variant::ALL.len() * controls.len());
}

#[test]
fn quick_games_never_lose_on_time() {
    run_games(4, &[Control::Increment(1500, 20), Control::Session(1500, 10)], QUICK_PLIES);
}

#[test]
#[ignore = "a hundred games take a few minutes; run with --ignored"]
fn a_hundred_quick_games_never_lose_on_time() {
    run_games(
        100,
        &[
            Control::Increment(1000, 10),
            Control::Increment(500, 5),
            Control::Session(1000, 20),
            Control::PerMove(200),
        ],
        MAX_PLIES,
    );
}
