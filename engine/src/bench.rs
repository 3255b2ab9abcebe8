//! `sissa bench`: fixed positions of every variant searched to a fixed depth with a fresh
//! table. With one thread the node count is the same on every run and machine, so it doubles
//! as a check that a change did not alter the search; the speed line is for comparing builds.
//!
//! Output: one line per position (`<variant> <n>: depth <d> <nodes> nodes, best <move>,
//! score ...`), then a last line `<nodes> nodes <nps> nps`. With `--movetime` each position is
//! searched for a fixed time instead, and the depth is the one reached: the way to compare one
//! thread with several (Lazy SMP's gain is depth in the same time).

use crate::cli::{parse_variant, Failure};
use crate::search::{Limits, Score, Searcher, MAX_DEPTH, MAX_HASH_MB, MAX_THREADS, MAX_TIME};
use clap::builder::RangedU64ValueParser;
use sissa_movegen::{Game, Setup, Variant};
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth (default: each variant's own, see `default_depth`).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    pub depth: Option<u32>,
    /// Search threads (node counts are reproducible only with one).
    #[arg(long, default_value_t = 1,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64))]
    pub threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 16,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_HASH_MB as u64))]
    pub hash: usize,
    /// Only this variant.
    #[arg(long, short)]
    pub variant: Option<String>,
    /// Search each position for this many milliseconds instead of to a fixed depth.
    #[arg(long, conflicts_with = "depth",
          value_parser = clap::value_parser!(u64).range(1..=MAX_TIME.as_millis() as u64))]
    pub movetime: Option<u64>,
}

/// Middlegame positions beyond the start position, where a variant has them.
fn extra_fens(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Chess => &[
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "2r3k1/pp3ppp/2n1b3/3pP3/3P4/P1N2N2/1P3PPP/2R3K1 w - - 0 20",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ],
        Variant::LionsUnicorns => {
            &["lrmbqkburl/np1pp1pppn/2p7/5p4/4P5/3P6/NPP2PPPPN/LRMBQKBURL w KQkq - 0 3"]
        }
        Variant::SeaHorses
        | Variant::RollingKings
        | Variant::Rococo
        | Variant::Uc40
        | Variant::File8x8
        | Variant::File10x8
        | Variant::File10x10
        | Variant::File12x10 => &[],
    }
}

/// Depth per variant: a few hundred thousand nodes per position, so that the whole bench
/// takes seconds; the larger boards' longer move lists make each node dearer.
fn default_depth(variant: Variant) -> u32 {
    match variant {
        Variant::LionsUnicorns => 9,
        Variant::Rococo => 8,
        // Boards read from a file and larger than 8x8.
        Variant::File10x8 | Variant::File10x10 | Variant::File12x10 => 8,
        Variant::Chess
        | Variant::SeaHorses
        | Variant::RollingKings
        | Variant::Uc40
        | Variant::File8x8 => 11,
    }
}

/// Plies played from the start, each time the middle move of the legal move list, to reach
/// a reproducible early middlegame in any variant.
const SHUFFLE_PLIES: usize = 8;

fn positions(variant: Variant) -> Vec<Game> {
    let mut games = vec![Game::new(variant, Setup::default())];
    let mut walked = Game::new(variant, Setup::default());
    for _ in 0..SHUFFLE_PLIES {
        let moves = walked.position().legal_moves();
        if moves.is_empty() || walked.play(&moves[moves.len() / 2]).is_err() {
            break;
        }
    }
    if walked.outcome().is_none() {
        if let Ok(g) = Game::from_fen(variant, &walked.position().to_fen()) {
            games.push(g);
        }
    }
    for fen in extra_fens(variant) {
        match Game::from_fen(variant, fen) {
            Ok(g) => games.push(g),
            Err(e) => log::warn!("bench position {fen} of {variant} is invalid: {e}"),
        }
    }
    games
}

fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

pub fn run(args: &BenchArgs) -> Result<(), Failure> {
    let variants: Vec<Variant> = match &args.variant {
        Some(name) => vec![parse_variant(name)?],
        None => Variant::ALL.to_vec(),
    };
    let stop = AtomicBool::new(false);
    let mut out = std::io::stdout().lock();
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    for variant in variants {
        let limits = match args.movetime {
            Some(ms) => Limits::movetime(Duration::from_millis(ms)),
            None => Limits::depth(args.depth.unwrap_or_else(|| default_depth(variant))),
        };
        for (i, game) in positions(variant).iter().enumerate() {
            log::info!("{variant} {}: {}", i + 1, game.position().to_fen());
            let mut searcher =
                Searcher::try_new(args.threads, args.hash).map_err(Failure::usage)?;
            let start = Instant::now();
            let result = searcher.search(game, &limits, &stop, &mut |_| {});
            let time = start.elapsed();
            total_nodes += result.nodes;
            total_time += time;
            let line = writeln!(
                out,
                "{variant} {}: depth {} {} nodes, best {}, score {}, {} ms",
                i + 1,
                result.depth,
                result.nodes,
                result.best.as_deref().unwrap_or("(none)"),
                score_text(result.score),
                time.as_millis()
            );
            if line.is_err() {
                // The reader went away (`sissa bench | head`): nothing more to say.
                return Ok(());
            }
        }
    }
    let nps = crate::search::threads::nps(total_nodes, total_time);
    let _ = writeln!(out, "{total_nodes} nodes {nps} nps");
    Ok(())
}
