//! `sissa variants`: the names of every variant Sissa plays now, one a line: the built-in
//! ones, then those loaded with `--variants FILE` (whose refused sections were reported on
//! stderr while loading). A way to check a variants file.

use crate::cli::Failure;
use sissa_movegen::Variant;

#[derive(clap::Args, Debug)]
pub struct VariantsArgs {
    /// Only the variants loaded from files.
    #[arg(long)]
    pub loaded: bool,
}

pub fn run(args: &VariantsArgs) -> Result<(), Failure> {
    let names = if args.loaded { sissa_movegen::ini::loaded_names() } else { Variant::all_names() };
    for name in names {
        println!("{name}");
    }
    Ok(())
}
