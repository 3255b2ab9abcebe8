//! The Sissa engine: command line, perft tools, search, protocols and matches.

pub mod cli;
pub mod perft_cmd;
pub mod protocol;
