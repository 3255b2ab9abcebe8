//! The Sissa engine: command line, perft tools, search, protocols and matches.

pub mod bench;
pub mod cli;
pub mod datagen;
pub mod eval_cmd;
pub mod gui;
pub mod matches;
pub mod perft_cmd;
pub mod protocol;
pub mod search;
pub mod spsa;
pub mod train;
pub mod tune;
pub mod variant_files;
pub mod variants_cmd;
