//! `sissa eval`: the static evaluation of a position, term by term (also the `eval` command
//! of the protocols).
//!
//! Output: a table with one row per term (material, psqt, mobility, pawns, king safety,
//! pieces, variant), each with White's and Black's part (each from its own view) and the
//! total (White's view), middlegame and endgame, and the total tapered by the game phase;
//! then the sum, the phase and tempo, and the score; with `--eval-file`, a network's score.

use crate::cli::{parse_variant, Failure, SetupArgs};
use sissa_eval::built_in::Evaluation;
use sissa_eval::network::Network;
use sissa_movegen::AnyPosition;

#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    /// Variant name.
    #[arg(long, short)]
    pub variant: String,
    /// Position to evaluate (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    #[command(flatten)]
    pub setup: SetupArgs,
    /// A network file (`sissa train`): its score is printed after the breakdown (without
    /// it, the built-in network's, in a variant that has one).
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<String>,
}

pub fn run(args: &EvalArgs) -> Result<(), Failure> {
    let variant = parse_variant(&args.variant)?;
    let pos = match &args.fen {
        Some(fen) => AnyPosition::from_fen(variant, fen)
            .map_err(|e| Failure::usage(format!("bad FEN {fen:?}: {e}")))?,
        None => AnyPosition::start_with(variant, &args.setup.setup()?),
    };
    // The network file's score, or the built-in network's where the variant has one.
    let network_score = match &args.eval_file {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| Failure::usage(format!("{path}: {e}")))?;
            let network =
                Network::from_bytes(&bytes).map_err(|e| Failure::usage(format!("{path}: {e}")))?;
            let score = sissa_eval::any::network_score(&network, &pos)
                .map_err(|e| Failure::usage(format!("{path}: {e}")))?;
            Some(score)
        }
        None => Evaluation::BuiltIn
            .network_of(&pos)
            .and_then(|network| sissa_eval::any::network_score(network, &pos).ok()),
    };
    println!("{}", sissa_eval::any::breakdown(&pos));
    if let Some(score) = network_score {
        println!("Network score (side to move): {score} cp");
    }
    Ok(())
}
