//! `tools/move_losses.py` (each move's loss by a judge engine's scores, and mistakes searched
//! again), run with a judge that scores positions by a table, so every loss is known by
//! hand: a move loses the judge's score before it plus its score after it, seen by the other
//! side. Needs `python3` with the `chess` package (`.ci/run` installs it).

use std::path::PathBuf;
use std::process::{Command, Output};

fn temp_file(name: &str, text: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("sissa-move-losses-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("the file is written");
    path
}

/// The tool run with the table judge on `table`, with `args`.
fn run(table: &str, args: &[&str]) -> Output {
    let table = temp_file(&format!("table-{}", args.len()), table);
    let judge = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/match_engines/table_scores.py");
    let output = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tools/move_losses.py"))
        .arg("--judge")
        .arg(format!("python3 {judge} {}", table.display()))
        .args(args)
        .output()
        .expect("python3 runs");
    let _ = std::fs::remove_file(&table);
    output
}

// 1. e4 (the opening) e5 2. Qh5 Nc6, and the judge's scores of the positions after each move,
// for the side to move.
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const AFTER_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const AFTER_QH5: &str = "rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2";
const AFTER_NC6: &str = "r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3";

#[test]
fn each_move_loses_the_judges_score_before_it_plus_after_it() {
    let table = format!("{AFTER_E4} -20\n{AFTER_E5} 90\n{AFTER_QH5} -60\n{AFTER_NC6} 500\n");
    let pgn = temp_file(
        "game.pgn",
        "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e2e4 {opening} e7e5 2. d1h5 b8c6 *\n",
    );
    let mistakes =
        std::env::temp_dir().join(format!("sissa-move-losses-{}-mistakes.txt", std::process::id()));
    let output =
        run(&table, &["--pgn", &pgn.to_string_lossy(), "--mistakes", &mistakes.to_string_lossy()]);
    let _ = std::fs::remove_file(&pgn);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    // e4 is the opening's. e5: -20 + 90 = 70 (medium); Qh5: 90 - 60 = 30 (small); Nc6:
    // -60 + 500 = 440 (large).
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "b: moves 2, lost per move 255.0 (small 0.0, medium 35.0, large 220.0); \
             medium moves 1, large moves 1",
            "a: moves 1, lost per move 30.0 (small 30.0, medium 0.0, large 0.0); \
             medium moves 0, large moves 0",
        ],
        "{text}"
    );
    let written = std::fs::read_to_string(&mistakes).expect("the mistakes are written");
    let _ = std::fs::remove_file(&mistakes);
    assert_eq!(written, format!("{AFTER_E4}|e7e5|b|-20|70\n{AFTER_QH5}|b8c6|b|-60|440\n"));
}

#[test]
fn a_mistake_searched_again_is_judged_by_the_move_played_now() {
    // The rook takes a free queen; the mistake kept the king moving. Only the capture leaves
    // the judge's 700 for White as it was (-700 for Black after it); any other move loses it.
    let table = "k7/8/8/3R4/8/8/8/K7 b - - -700\n";
    let mistakes = temp_file(
        "retry.txt",
        "k7/8/8/3q4/8/8/8/K2R4 w - - 0 1|a1b1|sissa|700|900\n\
         k7/8/8/3q4/8/8/8/K2R4 w - - 0 1|a1a2|other|700|900\n",
    );
    let output = run(
        table,
        &[
            "--retry",
            &mistakes.to_string_lossy(),
            "--who",
            "sissa",
            "--engine",
            env!("CARGO_BIN_EXE_sissa"),
            "--nodes",
            "1000,3000",
        ],
    );
    let _ = std::fs::remove_file(&mistakes);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "k7/8/8/3q4/8/8/8/K2R4 w - - 0 1 | played a1b1 | 1000: d1d5 0 | 3000: d1d5 0",
            "at 1000 nodes: mean loss 0.0, under 50 cp in 1 of 1",
            "at 3000 nodes: mean loss 0.0, under 50 cp in 1 of 1",
        ],
        "{text}"
    );
}

#[test]
fn a_malformed_mistake_stops_the_tool_at_its_line() {
    let mistakes = temp_file("broken.txt", "k7/8/8/3q4/8/8/8/K2R4 w - - 0 1|a1b1|sissa|700\n");
    let path = mistakes.to_string_lossy().to_string();
    let output = run("", &["--retry", &path, "--who", "sissa", "--engine", "true"]);
    let _ = std::fs::remove_file(&mistakes);
    assert!(!output.status.success());
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(
        errors.contains(&format!("{path}:1: not FEN|move|engine|score before|loss")),
        "{errors}"
    );
}
