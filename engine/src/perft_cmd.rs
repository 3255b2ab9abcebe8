//! `sissa perft`: counts, divides and perft suites.
//!
//! Output contract (DESIGN.md section 3): with `--divide` one `<move>: <count>` line per root
//! move, then always `Nodes searched: <N>`; time and speed go to stderr. A suite prints one
//! line per check and fails (status 1) on any mismatch.

use crate::cli::{parse_variant, Failure, SetupArgs};
use crate::search::MAX_THREADS;
use clap::builder::RangedU64ValueParser;
use sissa_movegen::perft::MAX_PERFT_DEPTH;
use sissa_movegen::AnyPosition;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Variant name.
    #[arg(long, short)]
    pub variant: String,
    /// Position to count from (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    #[command(flatten)]
    pub setup: SetupArgs,
    /// Depth in plies.
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(..=i64::from(MAX_PERFT_DEPTH)))]
    pub depth: Option<u32>,
    /// Print each root move with its count.
    #[arg(long)]
    pub divide: bool,
    /// Threads for splitting the root moves.
    #[arg(long, default_value_t = 1,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64))]
    pub threads: usize,
    /// A suite file in shakmaty's format (`id`, `epd`, `perft <depth> <nodes>` lines).
    #[arg(long)]
    pub suite: Option<String>,
    /// In a suite, skip checks expecting more nodes than this.
    #[arg(long)]
    pub max_nodes: Option<u64>,
}

pub fn run(args: &PerftArgs) -> Result<(), Failure> {
    let variant = parse_variant(&args.variant)?;
    if let Some(path) = &args.suite {
        return run_suite(variant, path, args.max_nodes, args.threads);
    }
    let depth = args.depth.ok_or_else(|| Failure::usage("--depth is required"))?;
    let pos = match &args.fen {
        Some(fen) => AnyPosition::from_fen(variant, fen)
            .map_err(|e| Failure::usage(format!("bad FEN: {e}")))?,
        None => AnyPosition::start_with(variant, &args.setup.setup()?),
    };
    let start = Instant::now();
    let total = if args.divide || args.threads > 1 {
        let rows = pos.divide(depth.max(1), args.threads);
        if args.divide {
            for (mv, n) in &rows {
                println!("{mv}: {n}");
            }
        }
        if depth == 0 {
            1
        } else {
            rows.iter().map(|(_, n)| n).sum()
        }
    } else {
        pos.perft(depth)
    };
    println!("Nodes searched: {total}");
    report_speed(total, start);
    Ok(())
}

fn report_speed(nodes: u64, start: Instant) {
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    eprintln!("time {:.3} s, {:.0} nodes per second", secs, nps);
}

/// One `perft <depth> <nodes>` check of a suite position.
struct Check {
    id: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn parse_suite(text: &str) -> Result<Vec<Check>, Failure> {
    let mut checks = Vec::new();
    let mut id = String::new();
    let mut fen: Option<String> = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => id = rest.to_string(),
            "epd" | "fen" => fen = Some(rest.to_string()),
            "perft" => {
                let bad = || {
                    let line = n + 1;
                    Failure::usage(format!(
                        "suite line {line}: expected perft <depth> <nodes>, depth at most \
                         {MAX_PERFT_DEPTH}"
                    ))
                };
                let mut parts = rest.split_whitespace();
                let depth = parts
                    .next()
                    .and_then(|d| d.parse().ok())
                    .filter(|&d| d <= MAX_PERFT_DEPTH)
                    .ok_or_else(bad)?;
                let nodes = parts.next().and_then(|d| d.parse().ok()).ok_or_else(bad)?;
                let fen = fen.clone().ok_or_else(|| {
                    Failure::usage(format!("suite line {}: perft before any epd", n + 1))
                })?;
                checks.push(Check { id: id.clone(), fen, depth, nodes });
            }
            _ => return Err(Failure::usage(format!("suite line {}: unknown key {key:?}", n + 1))),
        }
    }
    Ok(checks)
}

fn run_suite(
    variant: sissa_movegen::Variant,
    path: &str,
    max_nodes: Option<u64>,
    threads: usize,
) -> Result<(), Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::usage(format!("cannot read {path}: {e}")))?;
    let checks = parse_suite(&text)?;
    let start = Instant::now();
    let (mut failed, mut run, mut nodes) = (0, 0, 0u64);
    for c in &checks {
        if max_nodes.is_some_and(|m| c.nodes > m) {
            continue;
        }
        let pos = AnyPosition::from_fen(variant, &c.fen)
            .map_err(|e| Failure::usage(format!("{}: bad FEN {:?}: {e}", c.id, c.fen)))?;
        let got = if threads > 1 && c.depth > 1 {
            pos.divide(c.depth, threads).iter().map(|(_, n)| n).sum()
        } else {
            pos.perft(c.depth)
        };
        run += 1;
        nodes += got;
        if got == c.nodes {
            println!("ok {} perft {} = {}", c.id, c.depth, got);
        } else {
            failed += 1;
            println!(
                "MISMATCH {} perft {}: expected {}, got {} ({})",
                c.id, c.depth, c.nodes, got, c.fen
            );
        }
    }
    println!("{} checks, {} failed", run, failed);
    report_speed(nodes, start);
    if failed > 0 {
        Err(Failure { message: format!("{failed} perft mismatches"), status: 1 })
    } else {
        Ok(())
    }
}
