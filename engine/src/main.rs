//! The `sissa` binary: protocol mode without a subcommand, tools with one.

use std::process::ExitCode;

fn main() -> ExitCode {
    sissa::cli::run()
}
