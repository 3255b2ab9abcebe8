//! `tools/uci_eval_error.py` (how well a UCI engine's static evaluation predicts the results
//! of a `sissa datagen` file), run with a scripted engine that scores +1.00 a position where
//! White has a queen and -1.00 elsewhere. Four positions with a queen, three won and one
//! lost, and four without, three lost and one won: the best prediction is 3/4 for the side
//! the score favours, sigmoid(K x 100) = 3/4, so K = ln 3 / 100 = 0.010986 and the error
//! 3/4 x 1/16 + 1/4 x 9/16 = 0.1875. The data's own scores are all 0, an expected result of
//! 1/2 whatever K is: error 0.25, as the best constant's (the results' mean, 1/2). Needs
//! `python3`.

use std::path::PathBuf;
use std::process::Command;

const FAKE_ENGINE: &str = r#"import sys
fen = ""
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name scripted\nuciok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "position":
        fen = " ".join(words[2:])
    elif words[0] == "eval":
        score = "+1.00" if "Q" in fen.split()[0] else "-1.00"
        print(f"Final evaluation       {score} (white side)", flush=True)
    elif words[0] == "quit":
        break
"#;

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sissa-uci-eval-error-{}-{name}", std::process::id()))
}

#[test]
fn the_eval_error_tool_fits_the_scale_and_reports_the_error() {
    let engine = temp("engine.py");
    std::fs::write(&engine, FAKE_ENGINE).expect("the engine script is written");
    let queen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let rook = "4k3/8/8/8/8/8/8/3RK3 w - - 0 1";
    let mut data = String::from("# sissa-datagen v1 variant=chess\n");
    for (fen, result) in [(queen, "1.0"), (queen, "1.0"), (queen, "1.0"), (queen, "0.0")]
        .into_iter()
        .chain([(rook, "0.0"), (rook, "0.0"), (rook, "0.0"), (rook, "1.0")])
    {
        data.push_str(&format!("{fen} | 0 | {result}\n"));
    }
    data.push_str("# game 0 result 1-0 plies 8 positions 8 reason checkmate\n");
    let data_path = temp("positions.data");
    std::fs::write(&data_path, data).expect("the data are written");

    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/uci_eval_error.py");
    let output = Command::new("python3")
        .arg(script)
        .arg("--engine")
        .arg(format!("python3 {}", engine.display()))
        .arg("--data")
        .arg(&data_path)
        .output()
        .expect("python3 runs");
    let _ = std::fs::remove_file(&engine);
    let _ = std::fs::remove_file(&data_path);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the tool failed:\n{errors}");
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], "positions 8");
    assert_eq!(lines[1], "constant 0.5000: error 0.250000");
    assert!(lines[2].starts_with("data scores: K ") && lines[2].ends_with(", error 0.250000"));
    assert_eq!(lines[3], "engine static evaluation: K 0.010986, error 0.187500");
}
