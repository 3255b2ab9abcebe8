//! The engine never loses on time: games against itself at very short time controls (sudden
//! death, increment, moves per session, fixed time per move), with every move's thinking
//! time measured against the clock it had.
//!
//! The always-run test plays a few games in this process; the hundred are
//! `cargo test --release --test integration -- --ignored time_control::a_hundred` (a few
//! minutes on two cores). The soak plays a thousand games through the real binary over UCI,
//! two engine processes a worker kept for all their games, and checks that their resident
//! memory does not grow:
//! `cargo test --release --test integration -- --ignored --nocapture time_control::soak`
//! (`SISSA_SOAK_GAMES` for another count, `SISSA_SOAK_WORKERS` for games at once, one by
//! default, `SISSA_SOAK_MOVE_OVERHEAD` to give the engines a `Move Overhead` in ms; figures
//! in docs/benchmarks.md). The engines run in UCI debug mode and report their own time for
//! each move, which the soak sets against the wall time it measured.
//! Thinking time is wall-clock time, so a machine loaded far beyond its cores (a thread not
//! scheduled for a tenth of a second) can still make a move overrun; the controls here leave
//! the engine's move overhead (50 ms) as the margin for that.

#[path = "time_control/players.rs"]
mod players;

use players::{InProcess, Player, UciProcess};
use sissa::search::{Clock, Limits, Searcher};
use sissa_movegen::{Game, Setup, Variant};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Control {
    /// Base time and increment per move (an increment of 0 is sudden death).
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

/// How a game went on the clock: its length and the smallest time left after any move; for
/// players that measure their own time, the smallest time left by that measure and the
/// largest time a move spent outside the engine (pipes, referee, waiting for a core).
struct GameRecord {
    plies: usize,
    tightest: Duration,
    own_tightest: Option<Duration>,
    outside_most: Option<Duration>,
}

/// Plays one game between `players` (White first); Err describes a time forfeit, an illegal
/// move or a player that failed.
fn play_game(
    players: &mut [Box<dyn Player>],
    variant: Variant,
    control: Control,
    opening_seed: usize,
    max_plies: usize,
) -> Result<GameRecord, String> {
    for player in players.iter_mut() {
        player.new_game(variant)?;
    }
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
    let mut plies = 0;
    let mut tightest = Duration::MAX;
    let (mut own_tightest, mut outside_most) = (None::<Duration>, None::<Duration>);
    while game.outcome().is_none() && plies < max_plies {
        let side = game.side().index();
        let lim = limits(control, clocks[side], moves_made[side]);
        let start = Instant::now();
        let stolen_before = stolen_ticks();
        let chosen = players[side].choose(&game, &lim);
        let used = start.elapsed();
        let allowed = match control {
            Control::PerMove(ms) => Duration::from_millis(ms),
            _ => clocks[side],
        };
        let own_report = players[side].own_time();
        if used > allowed {
            // The engine's report of where its time went (its search's span and limit, the
            // time its threads waited for a processor), and the time the virtual machine's
            // host took from this machine, tell a late search from a machine that did not
            // run it.
            let stolen = stolen_ticks().zip(stolen_before).map(|(a, b)| a.saturating_sub(b));
            return Err(format!(
                "{variant} {control:?}: ply {plies} used {used:?} of {allowed:?}, by the \
                 engine's own report {own_report:?}, stolen by the host {stolen:?} ticks of 10 \
                 ms, load average {} ({})",
                load_average(),
                game.position().to_fen()
            ));
        }
        tightest = tightest.min(allowed - used);
        if let Some((own, _)) = own_report {
            let left = allowed.saturating_sub(own);
            own_tightest = Some(own_tightest.map_or(left, |t| t.min(left)));
            let outside = used.saturating_sub(own);
            outside_most = Some(outside_most.map_or(outside, |o| o.max(outside)));
        }
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
        let mv = chosen.map_err(|e| format!("{variant} {control:?}: ply {plies}: {e}"))?;
        game.play(&mv).map_err(|e| format!("{variant} {control:?}: ply {plies}: {e}"))?;
        plies += 1;
    }
    Ok(GameRecord { plies, tightest, own_tightest, outside_most })
}

/// The variant and control of game `i`: the variants in turn, and the control changing after
/// each round of variants, so that every variant meets every control.
fn pairing(i: usize, controls: &[Control]) -> (Variant, Control) {
    let variants = Variant::ALL.len();
    (Variant::ALL[i % variants], controls[(i / variants) % controls.len()])
}

/// One finished (or failed) game of a run: its number, control, outcome, and the largest
/// resident memory of its players' processes after it.
struct Played {
    index: usize,
    control: Control,
    outcome: Result<GameRecord, String>,
    resident_kib: Option<u64>,
}

/// Runs `games` games over the variants and controls on `workers` threads, each with its
/// own players (made by `players`) for all its games; prints each control's tightest margin
/// (shown with `--nocapture`) and fails on any time forfeit or illegal move.
fn run_games<F>(
    games: usize,
    controls: &[Control],
    max_plies: usize,
    workers: usize,
    players: F,
) -> Vec<Played>
where
    F: Fn() -> Vec<Box<dyn Player>> + Sync,
{
    let players = &players;
    let played: Vec<Played> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|worker| {
                scope.spawn(move || {
                    let mut mine = players();
                    // Interleaved, so that the first and the last games are every worker's.
                    (worker..games)
                        .step_by(workers)
                        .map(|index| {
                            let (variant, control) = pairing(index, controls);
                            let outcome = play_game(&mut mine, variant, control, index, max_plies);
                            let resident_kib = mine.iter().filter_map(|p| p.resident_kib()).max();
                            Played { index, control, outcome, resident_kib }
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    for control in controls {
        let finished: Vec<&GameRecord> = played
            .iter()
            .filter(|p| p.control == *control)
            .filter_map(|p| p.outcome.as_ref().ok())
            .collect();
        let failed = played.iter().filter(|p| p.control == *control && p.outcome.is_err()).count();
        if let Some(tightest) = finished.iter().map(|r| r.tightest).min() {
            let plies: usize = finished.iter().map(|r| r.plies).sum();
            let own_tightest = finished.iter().filter_map(|r| r.own_tightest).min();
            let outside_most = finished.iter().filter_map(|r| r.outside_most).max();
            eprintln!(
                "{control:?}: {} games played out, {failed} failed, {plies} plies, tightest \
                 margin {tightest:?}; by the engine's own measure {own_tightest:?}, most time \
                 outside the engine {outside_most:?}",
                finished.len()
            );
        }
    }
    played
}

/// Fails on any game that failed.
fn assert_all_played(played: &[Played]) {
    let failures: Vec<&String> = played.iter().filter_map(|p| p.outcome.as_ref().err()).collect();
    let games = played.len();
    assert!(failures.is_empty(), "{} of {games} games failed: {failures:#?}", failures.len());
}

fn in_process_players() -> Vec<Box<dyn Player>> {
    vec![Box::new(InProcess(Searcher::new(1, 8))), Box::new(InProcess(Searcher::new(1, 8)))]
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
    let controls = [Control::Increment(1500, 20), Control::Session(1500, 10)];
    assert_all_played(&run_games(4, &controls, QUICK_PLIES, 2, in_process_players));
}

#[test]
#[ignore = "a hundred games take a few minutes; run with --ignored"]
fn a_hundred_quick_games_never_lose_on_time() {
    let played = run_games(
        100,
        &[
            Control::Increment(1000, 10),
            Control::Increment(500, 5),
            Control::Session(1000, 20),
            Control::PerMove(200),
        ],
        MAX_PLIES,
        2,
        in_process_players,
    );
    assert_all_played(&played);
}

/// Games of the soak unless `SISSA_SOAK_GAMES` says otherwise.
const SOAK_GAMES: usize = 1000;
/// Games played at once in the soak unless `SISSA_SOAK_WORKERS` says otherwise: one, so that
/// the two engines of a game and the referee never wait for each other's cores.
const SOAK_WORKERS: usize = 1;
/// Games compared at each end of the soak for memory growth.
const SOAK_WINDOW: usize = 100;
/// Plies of a soak game at most: a few seconds a game.
const SOAK_PLIES: usize = 120;
/// Resident memory may vary this much (per cent) without counting as growth: the allocator
/// keeps and returns pages as it likes.
const RSS_TOLERANCE_PERCENT: u64 = 10;

/// The processor time the host of this virtual machine took from it, over all processors
/// (`steal` in /proc/stat, in ticks of 10 ms).
fn stolen_ticks() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    stat.lines().next()?.split_whitespace().nth(8)?.parse().ok()
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim().to_string()
}

#[test]
#[ignore = "the soak: a thousand games through the binary, about fifteen minutes"]
fn soak_a_thousand_games_through_the_protocol() {
    let setting = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<usize>().ok());
    let games = setting("SISSA_SOAK_GAMES").unwrap_or(SOAK_GAMES).max(2);
    let workers = setting("SISSA_SOAK_WORKERS").unwrap_or(SOAK_WORKERS).clamp(1, games);
    // The engines' `Move Overhead` in milliseconds, if the run sets it.
    let options: Vec<(String, String)> = setting("SISSA_SOAK_MOVE_OVERHEAD")
        .map(|ms| ("Move Overhead".to_string(), ms.to_string()))
        .into_iter()
        .collect();
    // A shorter run (to try the soak) compares its halves.
    let window_len = SOAK_WINDOW.min(games / 2);
    let controls = [
        Control::Increment(800, 0),
        Control::Increment(400, 10),
        Control::Session(300, 20),
        Control::PerMove(15),
    ];
    let start = Instant::now();
    eprintln!(
        "soak: {games} games, {workers} at a time, options {options:?}, load average at the \
         start {}",
        load_average()
    );
    let uci_players = || -> Vec<Box<dyn Player>> {
        (0..2)
            .map(|_| {
                let engine = UciProcess::start(8, &options).expect("sissa starts");
                Box::new(engine) as Box<dyn Player>
            })
            .collect()
    };
    let played = run_games(games, &controls, SOAK_PLIES, workers, uci_players);
    let plies: usize = played.iter().filter_map(|p| p.outcome.as_ref().ok()).map(|r| r.plies).sum();
    let window = |range: std::ops::Range<usize>| -> Vec<u64> {
        played.iter().filter(|p| range.contains(&p.index)).filter_map(|p| p.resident_kib).collect()
    };
    let first = window(0..window_len);
    let last = window(games - window_len..games);
    let (first_max, last_max) = (first.iter().max().copied(), last.iter().max().copied());
    let mean = |w: &[u64]| w.iter().sum::<u64>() / w.len().max(1) as u64;
    eprintln!(
        "soak: {games} games, {plies} plies in {:?}; load average at the end {}",
        start.elapsed(),
        load_average()
    );
    eprintln!(
        "resident memory (KiB, the larger engine after each game): first {window_len} games \
         mean {} max {first_max:?}, last {window_len} mean {} max {last_max:?}",
        mean(&first),
        mean(&last)
    );
    for failure in played.iter().filter_map(|p| p.outcome.as_ref().err()) {
        eprintln!("failed: {failure}");
    }
    let (Some(first_max), Some(last_max)) = (first_max, last_max) else {
        panic!("no resident memory read from /proc");
    };
    assert!(
        last_max * 100 <= first_max * (100 + RSS_TOLERANCE_PERCENT),
        "resident memory grew from {first_max} KiB to {last_max} KiB"
    );
    assert_all_played(&played);
}
