//! `tools/pair_variance.py`: the pairs of a match's PGN and how much less their results
//! vary than its games', on a PGN written by hand.

use std::process::Command;

fn game(round: u32, white: &str, black: &str, result: &str) -> String {
    format!(
        "[Event \"Sissa match\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
         [Result \"{result}\"]\n\n1. e2e4 {result}\n\n"
    )
}

#[test]
fn pairs_and_the_variance_ratio_by_hand() {
    // A against B, three starts. Pair 1: each engine wins with White (A 1 point of 2).
    // Pair 2: A draws with White and wins with Black (3/2). Pair 3: A wins both (2).
    // A's points game by game 1, 0, 1/2, 1, 1, 1: mean 3/4, variance (5/16 + 9/16) / 6
    // = 7/48. A pair's points over two: 1/2, 3/4, 1, variance 1/24, times two 1/12.
    // Ratio (1/12) / (7/48) = 4/7.
    let pgn = [
        game(1, "A", "B", "1-0"),
        game(2, "B", "A", "1-0"),
        game(3, "A", "B", "1/2-1/2"),
        game(4, "B", "A", "0-1"),
        game(5, "A", "B", "1-0"),
        game(6, "B", "A", "0-1"),
        // A game whose pair is not over yet counts as a game, not in a pair.
        game(7, "A", "B", "1-0"),
    ]
    .concat();
    let path = std::env::temp_dir().join(format!("sissa-pairs-{}.pgn", std::process::id()));
    std::fs::write(&path, &pgn).expect("the PGN is written");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/pair_variance.py");
    let output = Command::new("python3").arg(script).arg(&path).output().expect("python3 runs");
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    // With the seventh game A's points have mean 11/14 and variance 3/4 - (11/14)^2
    // = 13/98; the pairs are as before, so the ratio is (1/12) / (13/98) = 49/78 = 0.628.
    let expected = ": games 7 pairs 0 - 0 - 1 - 1 - 1 score 0.786 ratio 0.628";
    assert!(lines[0].ends_with(expected), "{stdout}");
    assert_eq!(lines[1], "mean ratio 0.628 over 7 games");
}
