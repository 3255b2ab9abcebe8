//! `tools/go_latency.py` (Sissa's delay from a `go` to its search as a game grows), run with
//! Sissa for a few plies, and with the scripted engine, which gives no account of its time.

use std::process::{Command, Output};

fn run_tool(engine: &str, extra: &[&str]) -> Output {
    let tool = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/go_latency.py");
    Command::new("python3")
        .arg(tool)
        .args(["--engine", engine])
        .args(extra)
        .output()
        .expect("python3 runs")
}

#[test]
fn the_latency_tool_reports_each_block_of_plies() {
    let engine = env!("CARGO_BIN_EXE_sissa");
    let output = run_tool(engine, &["--plies", "5", "--block", "2", "--nodes", "200"]);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the tool failed:\n{errors}");
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    // No game of chess ends in five plies: five moves, in blocks of two, two and one.
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], "chess: 5 moves, microseconds from go to the search", "{text}");
    for (line, plies) in lines[1..].iter().zip(["0-  1", "2-  3", "4-  4"]) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], "plies", "{text}");
        assert_eq!(line[6..].trim_start().split(':').next(), Some(plies), "{text}");
        let median: f64 = words[words.len() - 3].parse().expect("a median");
        let max: f64 = words[words.len() - 1].parse().expect("a largest delay");
        assert!(median > 0.0 && median <= max, "{text}");
    }
}

#[test]
fn an_engine_without_an_account_of_its_time_is_refused() {
    let scripted = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/match_engines/scripted.py");
    let output = run_tool(&format!("python3 {scripted} uci illegal"), &["--plies", "3"]);
    assert!(!output.status.success());
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.contains("gave no account of its time"), "{errors}");
}
