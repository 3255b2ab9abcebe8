//! The example variants file's chess, Lions and Unicorns and Rococo count perft equal to the
//! built-in variants on their whole suites in tests/perft/, through the real command line,
//! up to the same node limit as the built-in suites' test (Rococo's whole suite, every
//! entry: it takes seconds).

use std::path::Path;
use std::process::Command;

/// Largest expected count checked in CI (as in tests/perft_suites.rs).
const CI_MAX_NODES: u64 = 5_000_000;

fn run_suite(variant: &str, suite: &str) {
    run_suite_to(variant, suite, CI_MAX_NODES)
}

/// Runs the suite's entries whose expected count is at most `max_nodes`.
fn run_suite_to(variant: &str, suite: &str, max_nodes: u64) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(env!("CARGO_BIN_EXE_sissa"))
        .arg("--variants")
        .arg(root.join("docs/examples/variants.ini"))
        .args(["perft", "--variant", variant, "--suite"])
        .arg(root.join("tests/perft").join(suite))
        .args(["--max-nodes", &max_nodes.to_string(), "--threads", "2"])
        .output()
        .expect("sissa runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && !stdout.contains("MISMATCH"),
        "{variant} on {suite} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checked = stdout.lines().filter(|l| l.starts_with("ok ")).count();
    assert!(checked >= 10, "{variant} on {suite} checked only {checked}:\n{stdout}");
}

#[test]
fn chess_from_the_file_counts_the_chess_suite() {
    run_suite("chess-ini", "chess.perft");
}

#[test]
fn lions_and_unicorns_from_the_file_counts_its_suite() {
    run_suite("lionsunicorns-ini", "lionsunicorns.perft");
}

#[test]
fn rococo_from_the_file_counts_the_whole_rococo_suite() {
    run_suite_to("rococo-ini", "rococo.perft", u64::MAX);
}
