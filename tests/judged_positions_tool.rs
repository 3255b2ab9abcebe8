//! `tools/judged_positions.py`: a PGN's quiet positions as training data, each scored by a
//! judge that scores positions by a table (tests/match_engines/table_scores.py), so every
//! line written is known by hand. Needs `python3` with the `chess` package (`.ci/run`
//! installs it).

use std::path::PathBuf;
use std::process::Command;

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sissa-judged-{}-{name}", std::process::id()))
}

// The positions of the games below, as python-chess writes them (no en-passant square
// unless a capture there is legal), and the table's scores for the side to move.
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const AFTER_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const AFTER_NF3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
const AFTER_NC6: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
const AFTER_BB5: &str = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
const AFTER_F6: &str = "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const AFTER_QH5: &str = "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2";
const AFTER_G6: &str = "rnbqkbnr/ppppp2p/5pp1/7Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3";

const GAMES: &str = "\
[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n\
1. e2e4 {opening} e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. b5c6 d7c6 1-0\n\n\
[White \"b\"]\n[Black \"a\"]\n[Result \"1/2-1/2\"]\n\n\
1. e2e4 {opening} f7f6 2. d1h5 g7g6 3. h5d1 1/2-1/2\n\n\
[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n\
1. e2e4 {opening} e7e5 *\n";

#[test]
fn quiet_positions_after_the_opening_with_the_judges_score_and_the_result() {
    let table = format!(
        "{AFTER_E4} -20\n{AFTER_E5} 30\n{AFTER_NF3} 1000\n{AFTER_NC6} -999\n{AFTER_G6} 50\n\
         {AFTER_QH5} 400\n"
    );
    let (table_path, pgn, out) = (temp_file("table"), temp_file("games.pgn"), temp_file("out"));
    std::fs::write(&table_path, table).expect("the table is written");
    std::fs::write(&pgn, GAMES).expect("the games are written");
    let judge = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/match_engines/table_scores.py");
    let output = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tools/judged_positions.py"))
        .arg("--pgn")
        .arg(&pgn)
        .arg("--judge")
        .arg(format!("python3 {judge} {}", table_path.display()))
        .arg("--out")
        .arg(&out)
        .output()
        .expect("python3 runs");
    let written = std::fs::read_to_string(&out).unwrap_or_default();
    for path in [&table_path, &pgn, &out] {
        let _ = std::fs::remove_file(path);
    }
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let data: Vec<&str> = written.lines().filter(|l| !l.starts_with("# settings")).collect();
    // Each line is the position before a move. Game 1 (1-0): e4 is the opening's move; e5,
    // Nf3, Nc6, Bb5 and a6 are quiet, Bxc6 and dxc6 capture. The judge's scores of the
    // positions before the quiet moves, from White's view: -(-20), 30, -(1000) (left out: at
    // the cap), -999, -(0) (not in the table). Game 2 (draw): before f6 20, before Qh5 0 (Qh5
    // gives check, but the position before it is not in check), before g6 Black is in check
    // (left out, whatever the table says), before Qd1 50.
    // Game 3 has no result.
    assert_eq!(
        data,
        [
            "# sissa-datagen v1 variant=chess",
            &format!("{AFTER_E4} | 20 | 1.0"),
            &format!("{AFTER_E5} | 30 | 1.0"),
            &format!("{AFTER_NC6} | -999 | 1.0"),
            &format!("{AFTER_BB5} | 0 | 1.0"),
            "# game 1 result 1-0 positions 4",
            &format!("{AFTER_E4} | 20 | 0.5"),
            &format!("{AFTER_F6} | 0 | 0.5"),
            &format!("{AFTER_G6} | 50 | 0.5"),
            "# game 2 result 1/2-1/2 positions 3",
        ],
        "{written}"
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout), "7 positions\n");
}
