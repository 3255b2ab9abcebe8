//! `sissa eval`: the static evaluation of a position, term by term (also the `eval` command
//! of the protocols).
//!
//! Output: a table with one row per term (material, psqt, mobility, pawns, king safety,
//! pieces, variant), each with White's and Black's part (each from its own view) and the
//! total (White's view), middlegame and endgame, and the total tapered by the game phase;
//! then the sum, the phase and tempo, and the score.

use crate::cli::{parse_variant, Failure, SetupArgs};
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
}

pub fn run(args: &EvalArgs) -> Result<(), Failure> {
    let variant = parse_variant(&args.variant)?;
    let pos = match &args.fen {
        Some(fen) => AnyPosition::from_fen(variant, fen)
            .map_err(|e| Failure::usage(format!("bad FEN {fen:?}: {e}")))?,
        None => AnyPosition::start_with(variant, &args.setup.setup()?),
    };
    println!("{}", sissa_eval::any::breakdown(&pos));
    Ok(())
}
