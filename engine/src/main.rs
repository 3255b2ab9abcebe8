//! The `sissa` binary: protocol mode without a subcommand, tools with one.

use std::process::ExitCode;

fn main() -> ExitCode {
    // Diagnostics go to stderr only (stdout belongs to the protocols and the tools' output);
    // warnings by default, more with RUST_LOG=info or RUST_LOG=debug.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    sissa::cli::run()
}
