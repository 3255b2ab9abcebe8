//! The options of `sissa datagen`, and their checking into a [`DatagenPlan`].

use crate::matches::openings::{OpeningMoves, Openings};
use sissa_movegen::random::SplitMix64;
use sissa_movegen::{Symmetry, Variant};

#[derive(clap::Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["nodes", "depth"])))]
pub struct DatagenArgs {
    /// Variant name.
    #[arg(long, short)]
    pub variant: String,
    /// Number of games; with an existing --out file, the games it lacks up to this number.
    #[arg(long)]
    pub games: usize,
    /// Nodes per move of each search.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Depth per move of each search.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games played at the same time (one search thread each).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed of the openings and random setups: the same seed writes the same file.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random legal half-moves that start each game (not written).
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// How Black's random setup relates to White's: mirror, asymmetric or central.
    #[arg(long, default_value = "mirror")]
    pub symmetry: String,
    /// Transposition table of each game's search, in megabytes.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// The data file; an existing one written with the same settings is continued.
    #[arg(long)]
    pub out: String,
}

/// How much each move is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchLimit {
    Nodes(u64),
    Depth(u32),
}

/// The checked options: everything a game needs, plus the run's size and file.
#[derive(Clone, Debug)]
pub struct DatagenPlan {
    pub variant: Variant,
    pub games: usize,
    pub limit: SearchLimit,
    pub threads: usize,
    pub hash_mb: usize,
    pub openings: Openings,
    pub out: String,
    /// The settings line of the file, which a continued run must match.
    pub settings: String,
}

impl DatagenArgs {
    pub fn check(&self) -> Result<DatagenPlan, String> {
        let variant: Variant = self.variant.parse()?;
        let limit = match (self.nodes, self.depth) {
            (Some(n), None) if n >= 1 => SearchLimit::Nodes(n),
            (None, Some(d)) if (1..=100).contains(&d) => SearchLimit::Depth(d),
            _ => return Err("give one of --nodes K (K >= 1) or --depth D (1 to 100)".into()),
        };
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if !(1..=256).contains(&self.threads) {
            return Err("--threads must be between 1 and 256".into());
        }
        if !(1..=1 << 16).contains(&self.hash) {
            return Err("--hash must be between 1 and 65536 (megabytes)".into());
        }
        let moves: OpeningMoves = format!("random-plies:{}", self.random_plies).parse()?;
        let symmetry_name = self.symmetry.trim().to_ascii_lowercase();
        let symmetry: Symmetry = symmetry_name.parse()?;
        let limit_text = match limit {
            SearchLimit::Nodes(n) => format!("nodes={n}"),
            SearchLimit::Depth(d) => format!("depth={d}"),
        };
        let settings = format!(
            "# settings seed={} {limit_text} random-plies={} symmetry={symmetry_name} hash={}",
            self.seed, self.random_plies, self.hash
        );
        // The match openings take setup seeds from seed + game number: scrambling the run's
        // seed first keeps runs with nearby seeds from sharing setups.
        let openings = Openings {
            moves,
            seeds: None,
            symmetry,
            seed: SplitMix64::new(self.seed).next_u64(),
            fen: None,
        };
        Ok(DatagenPlan {
            variant,
            games: self.games,
            limit,
            threads: self.threads,
            hash_mb: self.hash,
            openings,
            out: self.out.clone(),
            settings,
        })
    }
}
