//! Command-line interface. Without a subcommand Sissa speaks a protocol on stdin/stdout;
//! subcommands run the tools. Errors in arguments exit with status 2 and a message on stderr.

use crate::{bench, datagen, eval_cmd, gui, matches, perft_cmd, spsa, train, tune, variants_cmd};
use clap::{Parser, Subcommand};
use sissa_movegen::{Setup, Variant};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "sissa",
    version,
    about = "A fairy-chess engine: chess, lionsunicorns, seahorses, rollingkings, rococo, uc40"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A variants file (Fairy-Stockfish's variants.ini format) whose variants are then
    /// accepted by name, like the built-in ones. May be given more than once.
    #[arg(long, global = true, value_name = "FILE")]
    pub variants: Vec<std::path::PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaves of the legal move tree (or check a suite of positions).
    Perft(perft_cmd::PerftArgs),
    /// Print a variant's start position.
    Startfen(StartfenArgs),
    /// Play games between two engines, Sissa refereeing by its rules.
    Match(Box<matches::args::MatchArgs>),
    /// Search fixed positions of every variant to a fixed depth; last line `<N> nodes <M> nps`.
    Bench(bench::BenchArgs),
    /// Print the static evaluation of a position term by term.
    Eval(eval_cmd::EvalArgs),
    /// Fit the evaluation's weights to game results; writes a parameter file.
    Tune(tune::TuneArgs),
    /// Fit a network evaluation to training data; writes a network file.
    Train(train::TrainArgs),
    /// Fit the search's constants by games between perturbed versions of Sissa (SPSA).
    Spsa(spsa::SpsaArgs),
    /// Self-play training data: quiet positions with the search's score and the game's result.
    Datagen(datagen::args::DatagenArgs),
    /// List the variants (built-in, then loaded with --variants FILE), one a line.
    Variants(variants_cmd::VariantsArgs),
    /// Play, watch and analyse on a board in the browser.
    Gui(gui::GuiArgs),
}

#[derive(clap::Args, Debug)]
pub struct StartfenArgs {
    /// Variant name.
    #[arg(long, short)]
    pub variant: String,
    #[command(flatten)]
    pub setup: SetupArgs,
}

/// Choice of a random setup, for the variants that draw one.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SetupArgs {
    /// Seed of the random setup (variants with random setups).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How Black's setup relates to White's: mirror, asymmetric or central.
    #[arg(long, default_value = "mirror")]
    pub symmetry: String,
}

impl SetupArgs {
    pub fn setup(&self) -> Result<Setup, Failure> {
        Ok(Setup { seed: self.seed, symmetry: self.symmetry.parse().map_err(Failure::usage)? })
    }
}

/// A failure to report: message and exit status.
pub struct Failure {
    pub message: String,
    pub status: u8,
}

impl Failure {
    /// Bad input from the user (status 2).
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), status: 2 }
    }
}

pub fn parse_variant(name: &str) -> Result<Variant, Failure> {
    name.parse::<Variant>().map_err(Failure::usage)
}

pub fn run() -> ExitCode {
    run_from(std::env::args_os())
}

/// Runs the command line `args` (the program name first).
pub fn run_from<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    if let Err(message) = crate::variant_files::load_all_reporting(&cli.variants) {
        eprintln!("sissa: {message}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        None => {
            crate::protocol::run();
            Ok(())
        }
        Some(Command::Perft(args)) => perft_cmd::run(&args),
        Some(Command::Startfen(args)) => startfen(&args),
        Some(Command::Match(args)) => matches::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Eval(args)) => eval_cmd::run(&args),
        Some(Command::Tune(args)) => tune::run(&args),
        Some(Command::Train(args)) => train::run(&args),
        Some(Command::Spsa(args)) => spsa::run(&args),
        Some(Command::Datagen(args)) => datagen::run(&args),
        Some(Command::Variants(args)) => variants_cmd::run(&args),
        Some(Command::Gui(args)) => gui::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("sissa: {}", f.message);
            ExitCode::from(f.status)
        }
    }
}

fn startfen(args: &StartfenArgs) -> Result<(), Failure> {
    let variant = parse_variant(&args.variant)?;
    println!("{}", variant.start_fen(&args.setup.setup()?));
    Ok(())
}
