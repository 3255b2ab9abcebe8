//! No input can bring Sissa down: random and mutated input for every parser (the FEN reader
//! of each variant, move notation, the PGN reader, both protocols, the command line), fed in
//! this process where thousands of inputs take a second, then through the real binary.
//!
//! Seeded and bounded in time: the always-run tests take a few seconds. Longer runs:
//! `SISSA_FUZZ_SECONDS=600 cargo test --profile ci --test fuzz -- --nocapture` (the time is
//! shared among the targets), another seed with `SISSA_FUZZ_SEED=n`; the ignored test
//! `a_long_fuzz` runs ten minutes. A failure prints the seed and the inputs that failed.

#[path = "fuzz/corpus.rs"]
mod corpus;
#[path = "fuzz/input.rs"]
mod input;
mod protocol_support;
#[path = "fuzz/protocols.rs"]
mod protocols;
#[path = "fuzz/targets.rs"]
mod targets;

use input::{next_input, Rng};
use protocol_support::Engine;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

/// Default time of the in-process fuzz, shared among the targets.
const CI_SECONDS: u64 = 4;
/// Default time of each protocol fuzz through the real binary.
const CI_PROCESS_SECONDS: u64 = 2;

fn seconds_from_env(default: u64) -> Duration {
    let secs = std::env::var("SISSA_FUZZ_SECONDS").ok().and_then(|s| s.parse().ok());
    Duration::from_secs(secs.unwrap_or(default))
}

fn seed_from_env() -> u64 {
    std::env::var("SISSA_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(16)
}

/// Panics on any thread (search threads included), recorded for the runner.
static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn record_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let thread = std::thread::current().name().unwrap_or("unnamed").to_string();
            if let Ok(mut panics) = PANICS.lock() {
                panics.push(format!("{info} (thread {thread})"));
            }
            default(info);
        }));
    });
}

fn take_panics() -> Vec<String> {
    PANICS.lock().map(|mut p| std::mem::take(&mut *p)).unwrap_or_default()
}

/// At most this much of an input in a failure message.
fn shown(text: &str) -> String {
    let cut: String = text.chars().take(300).collect();
    if cut.len() < text.len() {
        format!("{cut:?}... ({} bytes)", text.len())
    } else {
        format!("{cut:?}")
    }
}

/// Feeds every target inputs for its share of `budget`; panics with the failures.
fn fuzz_in_process(budget: Duration, seed: u64) {
    record_panics();
    let mut rng = Rng::new(seed);
    let fens = corpus::fens(&mut rng);
    let mut targets = targets::all(&fens, seed);
    let share = budget / targets.len() as u32;
    let mut failures = Vec::new();
    for target in &mut targets {
        let end = Instant::now() + share;
        let mut count = 0;
        let mut failed = 0;
        while Instant::now() < end && failed < 5 {
            let input = next_input(&mut rng, &target.corpus);
            let fed = catch_unwind(AssertUnwindSafe(|| (target.feed)(&input)));
            let panics = take_panics();
            let problem = match fed {
                Err(_) => Some(format!("panic: {panics:?}")),
                Ok(_) if !panics.is_empty() => Some(format!("panic elsewhere: {panics:?}")),
                Ok(Err(e)) => Some(e),
                Ok(Ok(())) => None,
            };
            if let Some(problem) = problem {
                failed += 1;
                failures.push(format!("{}: input {}: {problem}", target.name, shown(&input)));
            }
            count += 1;
        }
        eprintln!("{}: {count} inputs", target.name);
    }
    assert!(failures.is_empty(), "seed {seed}:\n{}", failures.join("\n"));
}

#[test]
fn every_parser_survives_random_input() {
    fuzz_in_process(seconds_from_env(CI_SECONDS), seed_from_env());
}

#[test]
#[ignore = "ten minutes; run with --ignored"]
fn a_long_fuzz() {
    let budget = seconds_from_env(600).max(Duration::from_secs(600));
    fuzz_in_process(budget, seed_from_env() ^ 0x5eed);
}

/// Lines the real binary gets in the process fuzz: the protocol's corpus mutated, without
/// `quit` and what is slow or large by design (a deep perft, a table of gigabytes, hundreds
/// of threads: asked for, they are given).
fn process_line(rng: &mut Rng, corpus: &[String]) -> Option<String> {
    let line = next_input(rng, corpus);
    let first = line.split_whitespace().next().unwrap_or("");
    let large = |words: &[&str], most: u64| {
        let lower = line.to_lowercase();
        words.iter().any(|w| lower.contains(w))
            && line
                .split(|c: char| c.is_whitespace() || c == '=')
                .filter_map(|t| t.parse::<u64>().ok())
                .any(|n| n > most)
    };
    let costly = large(&["hash", "memory"], 64) || large(&["thread", "cores"], 4);
    (first != "quit" && !targets::slow_by_design(&line) && !costly).then_some(line)
}

/// The real binary, sent mutated lines of one protocol: it must answer `isready`/`ping`
/// after every batch and still be running at the end.
fn fuzz_process(protocol: &str, corpus: &[String], budget: Duration, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut engine = Engine::start();
    let (greeting, question, answer): (&[&str], &str, &str) = match protocol {
        "uci" => (&["uci"], "isready", "readyok"),
        _ => (&["xboard", "protover 2", "st 0.02"], "ping 1", "pong 1"),
    };
    for line in greeting {
        engine.send(line);
    }
    let end = Instant::now() + budget;
    let mut sent = 0;
    while Instant::now() < end {
        for _ in 0..20 {
            if let Some(line) = process_line(&mut rng, corpus) {
                engine.send(&line);
                sent += 1;
            }
        }
        engine.send(question);
        engine.read_until(answer, |l| l == answer);
    }
    eprintln!("{protocol}: {sent} lines through the binary");
    engine.quit();
}

#[test]
fn the_engine_process_survives_random_lines() {
    let seed = seed_from_env();
    let mut rng = Rng::new(seed);
    let fens = corpus::fens(&mut rng);
    let budget = seconds_from_env(CI_PROCESS_SECONDS);
    fuzz_process("uci", &corpus::uci_lines(&fens), budget, seed);
    fuzz_process("xboard", &corpus::xboard_lines(&fens), budget, seed);
}
