//! Sissa's integration tests, one module a subject, built as one test binary: each test binary
//! costs `cargo test --profile ci` a link of the whole engine, so one binary instead of one
//! per file saves much of the build. Run a module alone by its path, as in
//! `cargo test --profile ci --test integration time_control::`. A few files are binaries of
//! their own (Cargo.toml says which and why): the fuzz, and the tests that load variants from
//! files into their process's registry.

mod protocol_support;

mod chess_selfplay_tool;
mod cli;
mod datagen;
mod epd_suite_tool;
mod eval_agreement_tool;
mod eval_tune_cli;
mod fsf_differential;
mod go_latency_tool;
mod gui_browser;
mod gui_server;
mod ini_perft;
mod ini_protocols;
mod judged_positions_tool;
mod matches;
mod move_losses_tool;
mod pair_variance_tool;
mod perft_suites;
mod python_chess_clients;
mod rococo_differential;
mod rollingkings;
mod rollingkings_reference;
mod seahorses_reference;
mod search;
mod test_layout;
mod time_control;
mod time_use_tool;
mod tune;
mod uc40_differential;
mod uci_static_scores_tool;
mod uci_transcripts;
mod xboard_transcripts;
