//! `tools/epd_suite.py` (a test suite of EPD positions with best moves, searched by a UCI
//! engine at a fixed node count), run with Sissa: positions whose best move no search can
//! miss count as solved, one whose `bm` names another move counts as failed and is listed,
//! and a line without a best move stops the run with its line number. Needs `python3` with
//! the `chess` package (`.ci/run` installs it).

use std::path::PathBuf;
use std::process::{Command, Output};

fn suite_file(name: &str, text: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("sissa-epd-suite-{}-{name}.epd", std::process::id()));
    std::fs::write(&path, text).expect("the suite is written");
    path
}

fn run(name: &str, text: &str) -> Output {
    let path = suite_file(name, text);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/epd_suite.py");
    let output = Command::new("python3")
        .args([script, "--nodes", "3000", "--engine"])
        .arg(env!("CARGO_BIN_EXE_sissa"))
        .arg("--suite")
        .arg(&path)
        .output()
        .expect("python3 runs");
    let _ = std::fs::remove_file(&path);
    output
}

#[test]
fn the_suite_tool_counts_the_best_moves_found_and_lists_the_others() {
    // A back-rank mate in one, a queen left unguarded, and the same position with a `bm`
    // that names a king move, which no search plays while the queen hangs.
    let suite = "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"back rank\";\n\
                 \n\
                 k7/8/8/3q4/8/8/8/K2R4 w - - bm Rxd5; id \"free queen\";\n\
                 k7/8/8/3q4/8/8/8/K2R4 w - - bm Kb1; id \"not the best\";\n";
    let output = run("count", suite);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the tool failed:\n{errors}");
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines, ["not the best: best Kb1, played d1d5", "solved 2/3"], "{text}");
}

#[test]
fn a_line_without_a_best_move_stops_the_suite_at_its_number() {
    let suite = "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#;\n6k1/5ppp/8/8/8/8/8/R5K1 w - - id \"x\";\n";
    let output = run("broken", suite);
    assert!(!output.status.success());
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.contains(":2: no best move (bm)"), "{errors}");
}
