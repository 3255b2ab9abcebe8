//! The options of `sissa match`, and their checking into a [`MatchPlan`] per variant.

use super::engine_spec::{EngineSpec, StartOptions};
use super::openings::{parse_seeds, OpeningMoves, Openings};
use super::player::TimeSettings;
use super::referee::GameRules;
use super::runner::MatchPlan;
use super::stats::Sprt;
use super::xboard_client::RejectPolicy;
use crate::search::MAX_TIME;
use sissa_movegen::{Symmetry, Variant};
use std::time::Duration;

/// `--time-margin`'s values, for `sissa match` and `sissa spsa`: milliseconds, at most the
/// longest time accepted from outside.
pub fn time_margin_parser() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(..=MAX_TIME.as_millis() as u64)
}

#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// Variant name, or `all` for a match in each variant in turn.
    #[arg(long, short, default_value = "all")]
    pub variant: String,
    /// First engine: sissa[:Option=value,...] (Depth, Nodes, MoveTime, Threads, Hash, and
    /// the search's constants of docs/search.md), random, xboard:COMMAND [ARGS] or
    /// uci:COMMAND [ARGS].
    #[arg(long, default_value = "sissa")]
    pub engine1: String,
    /// Second engine (as --engine1).
    #[arg(long, default_value = "sissa:Depth=2")]
    pub engine2: String,
    /// An option for the first engine, NAME=VALUE (repeatable): sent to a UCI engine as
    /// `setoption name NAME value VALUE`, to an XBoard engine as `option NAME=VALUE`, after
    /// its handshake and in the order given; Sissa takes its own options.
    #[arg(long = "engine1-option", value_name = "NAME=VALUE")]
    pub engine1_options: Vec<String>,
    /// An option for the second engine (as --engine1-option).
    #[arg(long = "engine2-option", value_name = "NAME=VALUE")]
    pub engine2_options: Vec<String>,
    /// Number of games (per variant); pairs of games share their start, colours swapped.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Time control BASE+INC in seconds per game and per move (10+0.1).
    #[arg(long, default_value = "2+0.05")]
    pub tc: String,
    /// The first engine's time control instead of --tc (time odds), BASE+INC.
    #[arg(long)]
    pub engine1_tc: Option<String>,
    /// The second engine's time control instead of --tc (time odds), BASE+INC.
    #[arg(long)]
    pub engine2_tc: Option<String>,
    /// Extra milliseconds past zero on the clock before a time loss.
    #[arg(long, default_value_t = 0, value_parser = time_margin_parser())]
    pub time_margin: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Opening moves: none or random-plies:K (K random legal half-moves, the same in both
    /// games of a pair).
    #[arg(long, default_value = "random-plies:4")]
    pub openings: String,
    /// Setup seeds of the variants with random setups, one per pair in turn (1-100, 3,5,8).
    /// Default: the match seed plus the pair number.
    #[arg(long)]
    pub seeds: Option<String>,
    /// How Black's random setup relates to White's: mirror, asymmetric or central.
    #[arg(long, default_value = "mirror")]
    pub symmetry: String,
    /// Start every game from this FEN (with --variant naming one variant).
    #[arg(long)]
    pub fen: Option<String>,
    /// Seed of the random openings (and of random setups without --seeds).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Append the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<String>,
    /// Also print the score and Elo lines after every N games (0: only at the end).
    #[arg(long, default_value_t = 0)]
    pub rating_interval: usize,
    /// Stop when an SPRT decides: elo0,elo1,alpha,beta (for example 0,10,0.05,0.05).
    #[arg(long)]
    pub sprt: Option<String>,
    /// Nodes per move for both engines: UCI engines are sent `go nodes N` (no clocks),
    /// Sissa searches N nodes. The clock of --tc still runs as a limit. Not for XBoard
    /// engines.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// The first engine's nodes per move instead of --nodes (node odds).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub engine1_nodes: Option<u64>,
    /// The second engine's nodes per move instead of --nodes (node odds).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub engine2_nodes: Option<u64>,
    /// A game still going after this many half-moves is a draw (0: no limit).
    #[arg(long, default_value_t = 1000)]
    pub max_plies: usize,
    /// When an XBoard engine refuses a legal move: lose (it loses the game) or resync (it
    /// gets the position with setboard and plays on; for engines that know a variant only
    /// approximately).
    #[arg(long, default_value = "lose")]
    pub on_rejected_move: String,
}

/// The checked options: one plan per variant, the SPRT and the PGN file.
pub struct Checked {
    pub plans: Vec<MatchPlan>,
    pub sprt: Option<Sprt>,
    pub pgn: Option<String>,
    pub rating_interval: usize,
}

impl MatchArgs {
    pub fn check(&self) -> Result<Checked, String> {
        let variants = if self.variant.trim() == "all" {
            Variant::ALL.to_vec()
        } else {
            vec![self.variant.parse::<Variant>()?]
        };
        let engines: [EngineSpec; 2] = [
            self.engine1.parse::<EngineSpec>()?.with_options(&self.engine1_options)?,
            self.engine2.parse::<EngineSpec>()?.with_options(&self.engine2_options)?,
        ];
        let node_limits = [self.engine1_nodes.or(self.nodes), self.engine2_nodes.or(self.nodes)];
        for ((limit, engine), flag) in node_limits.iter().zip(&engines).zip(["1", "2"]) {
            if limit.is_some() && !engine.takes_node_limit() {
                return Err(format!(
                    "--nodes (or --engine{flag}-nodes) needs an engine that takes a node limit: \
                     sissa or uci:, not {}",
                    engine.name
                ));
            }
        }
        let names = distinct_names(&engines);
        let time: TimeSettings = self.tc.parse()?;
        let own_time = |tc: &Option<String>, flag: &str| match tc {
            Some(text) => text.parse().map_err(|e| format!("{flag}: {e}")),
            None => Ok(time),
        };
        let time = [
            own_time(&self.engine1_tc, "--engine1-tc")?,
            own_time(&self.engine2_tc, "--engine2-tc")?,
        ];
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if self.concurrency == 0 || self.concurrency > 256 {
            return Err("--concurrency must be between 1 and 256".into());
        }
        let reject_policy = match self.on_rejected_move.as_str() {
            "lose" => RejectPolicy::Lose,
            "resync" => RejectPolicy::Resync,
            other => return Err(format!("bad --on-rejected-move {other:?} (lose or resync)")),
        };
        let symmetry: Symmetry = self.symmetry.parse()?;
        let openings = Openings {
            moves: self.openings.parse::<OpeningMoves>()?,
            seeds: self.seeds.as_deref().map(parse_seeds).transpose()?,
            symmetry,
            seed: self.seed,
            fen: self.fen.clone(),
        };
        if let Some(fen) = &self.fen {
            if variants.len() != 1 {
                return Err("--fen needs one --variant".into());
            }
            sissa_movegen::Game::from_fen(variants[0], fen).map_err(|e| format!("bad FEN: {e}"))?;
        }
        let rules = GameRules {
            time,
            margin: Duration::from_millis(self.time_margin),
            max_plies: self.max_plies,
        };
        let sprt = self.sprt.as_deref().map(str::parse::<Sprt>).transpose()?;
        let plans = variants
            .into_iter()
            .map(|variant| MatchPlan {
                variant,
                engines: engines.clone(),
                names: names.clone(),
                games: self.games,
                concurrency: self.concurrency,
                rules,
                openings: openings.clone(),
                starts: node_limits.map(|node_limit| StartOptions {
                    reject_policy,
                    seed: self.seed,
                    node_limit,
                }),
            })
            .collect();
        Ok(Checked { plans, sprt, pgn: self.pgn.clone(), rating_interval: self.rating_interval })
    }
}

/// The engines' names, made distinct when both are the same program.
fn distinct_names(engines: &[EngineSpec; 2]) -> [String; 2] {
    let (a, b) = (engines[0].name.clone(), engines[1].name.clone());
    if a == b {
        [format!("{a}#1"), format!("{b}#2")]
    } else {
        [a, b]
    }
}
