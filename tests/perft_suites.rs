//! Runs every perft suite in tests/perft/ through the real `sissa perft --suite` command,
//! up to a node limit that keeps CI fast (the full depths are for `sissa perft` and the
//! benchmarks). The suite file's name is its variant's name.

use std::path::Path;
use std::process::Command;

/// Largest expected count checked in CI.
const CI_MAX_NODES: u64 = 5_000_000;

fn run_suite(variant: &str, path: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_sissa"))
        .args(["perft", "--variant", variant, "--suite"])
        .arg(path)
        .args(["--max-nodes", &CI_MAX_NODES.to_string(), "--threads", "2"])
        .output()
        .expect("sissa runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && !stdout.contains("MISMATCH"),
        "{variant} suite failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checked = stdout.lines().filter(|l| l.starts_with("ok ")).count();
    assert!(checked > 0, "{variant} suite checked nothing:\n{stdout}");
}

#[test]
fn every_perft_suite_matches() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut suites = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/perft exists") {
        let path = entry.expect("readable entry").path();
        if path.extension().is_some_and(|e| e == "perft") {
            let variant = path.file_stem().and_then(|s| s.to_str()).expect("utf-8 name");
            run_suite(variant, &path);
            suites += 1;
        }
    }
    assert!(suites >= 1);
}
