//! `tools/chess_selfplay.py` (chess training data from a UCI engine playing itself), run with
//! Sissa as the engine: the file has the format `sissa tune` reads, only quiet positions,
//! each labelled with its game's result and the engine's score from White's view, and the
//! same settings give the same file. Needs `python3` with the `chess` package (`.ci/run`
//! installs it).

use sissa_movegen::legal::in_check;
use sissa_movegen::variants::chess::Chess;
use sissa_movegen::Position;
use std::path::PathBuf;
use std::process::Command;

fn out_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sissa-selfplay-tool-{}-{name}.data", std::process::id()))
}

/// Two games at 300 nodes a move with Sissa playing itself; the file's text.
fn play(name: &str) -> String {
    let path = out_file(name);
    let _ = std::fs::remove_file(&path);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/chess_selfplay.py");
    let output = Command::new("python3")
        .args([script, "--seed", "5", "--games", "2", "--nodes", "300", "--engine"])
        .arg(env!("CARGO_BIN_EXE_sissa"))
        .arg("--out")
        .arg(&path)
        .output()
        .expect("python3 runs");
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the tool failed:\n{errors}");
    let text = std::fs::read_to_string(&path).expect("the tool wrote its file");
    let _ = std::fs::remove_file(&path);
    text
}

#[test]
fn the_selfplay_tool_writes_quiet_positions_with_their_game_results() {
    let text = play("a");
    assert!(text.starts_with("# sissa-datagen v1 variant=chess\n"), "{text}");
    let mut block = Vec::new();
    let mut games = 0;
    for line in text.lines() {
        if let Some(marker) = line.strip_prefix("# game ") {
            let words: Vec<&str> = marker.split_whitespace().collect();
            assert_eq!(words[0], games.to_string(), "games in order: {line}");
            let label = match words[2] {
                "1-0" => "1.0",
                "0-1" => "0.0",
                "1/2-1/2" => "0.5",
                other => panic!("result {other} in {line}"),
            };
            assert_eq!(words[6], block.len().to_string(), "positions counted: {line}");
            assert!(block.iter().all(|l: &&str| l.ends_with(&format!(" | {label}"))), "{line}");
            assert_scores_are_whites(&block, label);
            block.clear();
            games += 1;
        } else if !line.starts_with('#') {
            let fen = line.split(" | ").next().expect("a FEN before the first bar");
            let pos = Position::<Chess>::from_fen(fen).expect("a legal chess FEN");
            assert!(!in_check(&pos), "a position in check is not quiet: {line}");
            block.push(line);
        }
    }
    assert_eq!(games, 2);
    assert!(block.is_empty(), "positions after the last marker");
    assert!(text.lines().filter(|l| !l.starts_with('#')).count() > 20, "{text}");
    assert_eq!(play("b"), text, "the same settings give the same file");
    assert_tune_reads(&text);
}

/// A game's scores are White's: from one position to the next (the other side to move) a
/// score changes less than it would by flipping its sign, as a score from the mover's view
/// would; and a won game's last score favours the winner.
fn assert_scores_are_whites(block: &[&str], label: &str) {
    let scores: Vec<i32> = block
        .iter()
        .map(|l| {
            l.split(" | ")
                .nth(1)
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("no score in {l}"))
        })
        .collect();
    let (mut kept, mut flipped) = (0, 0);
    for pair in scores.windows(2) {
        kept += (pair[0] - pair[1]).abs();
        flipped += (pair[0] + pair[1]).abs();
    }
    assert!(kept < flipped, "scores from White's view change less than flipped: {scores:?}");
    match (label, scores.last()) {
        ("1.0", Some(&last)) => assert!(last > 0, "{scores:?}"),
        ("0.0", Some(&last)) => assert!(last < 0, "{scores:?}"),
        _ => {}
    }
}

/// `sissa tune` reads the file, every position of it.
fn assert_tune_reads(text: &str) {
    let (data, tuned) = (out_file("tune-in"), out_file("tune-out"));
    std::fs::write(&data, text).expect("a temporary file");
    let output = Command::new(env!("CARGO_BIN_EXE_sissa"))
        .args(["tune", "--variant", "chess", "--iterations", "1", "--threads", "1", "--data"])
        .arg(&data)
        .arg("--out")
        .arg(&tuned)
        .output()
        .expect("sissa runs");
    let _ = (std::fs::remove_file(&data), std::fs::remove_file(&tuned));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    let positions = text.lines().filter(|l| !l.starts_with('#')).count();
    assert!(stdout.contains(&format!(": {positions} positions")), "{stdout}");
}
