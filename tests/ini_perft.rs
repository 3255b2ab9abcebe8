//! The example variants file's variants count perft equal to the built-in variants on their
//! whole suites in tests/perft/, through the real command line: chess, Lions and Unicorns,
//! Rococo (every entry: it takes seconds), Sea Horses and Rolling Kings (Sissa's extensions),
//! and the Sea Horses army on the general file generator, up to a node limit in CI and all
//! of them in an ignored test.

use std::path::Path;
use std::process::Command;

/// Largest expected count checked in CI (as in tests/perft_suites.rs).
const CI_MAX_NODES: u64 = 5_000_000;

/// The general generator is slower: in CI it checks the counts up to this many nodes.
const CI_MAX_NODES_GENERAL: u64 = 300_000;

/// Runs `suite` for `variant` of the variants file `file` through the command line; every
/// check must pass, and at least `min_checked` of them must have run.
fn run_suite(file: &str, variant: &str, suite: &str, max_nodes: Option<u64>, min_checked: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_sissa"));
    command
        .arg("--variants")
        .arg(root.join(file))
        .args(["perft", "--variant", variant, "--suite"])
        .arg(root.join("tests/perft").join(suite))
        .args(["--threads", "2"]);
    if let Some(max) = max_nodes {
        command.args(["--max-nodes", &max.to_string()]);
    }
    let out = command.output().expect("sissa runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && !stdout.contains("MISMATCH"),
        "{variant} on {suite} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checked = stdout.lines().filter(|l| l.starts_with("ok ")).count();
    assert!(checked >= min_checked, "{variant} on {suite} checked only {checked}:\n{stdout}");
}

const EXAMPLES: &str = "docs/examples/variants.ini";
const EXTENSIONS: &str = "tests/variants/extensions.ini";

// The suites hold 860 (Sea Horses) and 107 (Rolling Kings) checks; in CI all but the one
// (Sea Horses) and two (Rolling Kings) above five million nodes run.

#[test]
fn sea_horses_from_the_file_counts_its_suite() {
    run_suite(EXAMPLES, "seahorses-ini", "seahorses.perft", Some(CI_MAX_NODES), 859);
}

#[test]
fn rolling_kings_from_the_file_counts_its_suite() {
    run_suite(EXAMPLES, "rollingkings-ini", "rollingkings.perft", Some(CI_MAX_NODES), 105);
}

#[test]
fn sea_horses_on_the_general_generator_counts_its_suite() {
    run_suite(EXTENSIONS, "seahorses-general", "seahorses.perft", Some(CI_MAX_NODES_GENERAL), 500);
}

/// Every check of the suites, the deepest included:
/// `cargo test --profile ci --test integration -- --ignored ini_perft::`.
#[test]
#[ignore]
fn the_file_variants_count_the_whole_suites_at_every_depth() {
    run_suite(EXAMPLES, "seahorses-ini", "seahorses.perft", None, 860);
    run_suite(EXAMPLES, "rollingkings-ini", "rollingkings.perft", None, 107);
    run_suite(EXTENSIONS, "seahorses-general", "seahorses.perft", None, 860);
}

#[test]
fn chess_from_the_file_counts_the_chess_suite() {
    run_suite(EXAMPLES, "chess-ini", "chess.perft", Some(CI_MAX_NODES), 10);
}

#[test]
fn lions_and_unicorns_from_the_file_counts_its_suite() {
    run_suite(EXAMPLES, "lionsunicorns-ini", "lionsunicorns.perft", Some(CI_MAX_NODES), 10);
}

#[test]
fn rococo_from_the_file_counts_the_whole_rococo_suite() {
    run_suite(EXAMPLES, "rococo-ini", "rococo.perft", None, 165);
}
