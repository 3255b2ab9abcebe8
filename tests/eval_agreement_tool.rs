//! `tools/eval_agreement.py --summary`: the measures of two static evaluations against a
//! judge's scores, on rows written by hand.

use std::process::Command;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KINGS: &str = "8/8/8/8/8/8/8/K6k w - - 0 1";

#[test]
fn scales_errors_and_correlations_by_hand() {
    // judge, Sissa, engine, FEN. Sissa is half the judge everywhere: scale 2, no error,
    // correlation 1. The engine agrees on the two start positions and calls the kings'
    // positions won by 300 pawns either way, held to +-1000: xs 100, -100, 1000, -1000
    // against ys 100, -100, 200, -200. Scale 420000 / 2020000 = 21/101 = 0.208; residuals
    // -8000/101 twice and 800/101 twice, mean square 2 (64e6 + 0.64e6) / 10201 / 4 = 3168.3,
    // root 56.3; correlation 420000 / sqrt(2020000 x 100000) = 0.934.
    let rows = [
        format!("100\t50\t100\t{START}"),
        format!("-100\t-50\t-100\t{START}"),
        format!("200\t100\t30000\t{KINGS}"),
        format!("-200\t-100\t-30000\t{KINGS}"),
    ]
    .join("\n");
    let path = std::env::temp_dir().join(format!("sissa-agreement-{}.tsv", std::process::id()));
    std::fs::write(&path, rows + "\n").expect("the rows are written");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/eval_agreement.py");
    let output =
        Command::new("python3").arg(script).arg("--summary").arg(&path).output().expect("runs");
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.contains(&"all: sissa positions 4 scale 2.000 rmse 0.0 correlation 1.000"));
    assert!(lines.contains(&"all: engine positions 4 scale 0.208 rmse 56.3 correlation 0.934"));
    // The start position has 14 pieces besides kings and pawns, the kings' none: within
    // each group the engine is exact, at the scale of its own group.
    let expected = "10 or more pieces: engine positions 2 scale 1.000 rmse 0.0 correlation 1.000";
    assert!(lines.contains(&expected), "{stdout}");
    let expected = "5 or fewer pieces: engine positions 2 scale 0.200 rmse 0.0 correlation 1.000";
    assert!(lines.contains(&expected), "{stdout}");
    // Within 150 cp of the judge only the start positions remain.
    assert!(lines.iter().any(|l| l.starts_with("judge within 150: sissa positions 2 ")));
    assert!(!stdout.contains("6 to 9 pieces"), "an empty group is not printed: {stdout}");
}
