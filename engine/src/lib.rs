//! The Sissa engine: command line, perft tools, search, protocols and matches.

pub mod bench;
pub mod cli;
pub mod gui;
pub mod matches;
pub mod perft_cmd;
pub mod protocol;
pub mod search;
