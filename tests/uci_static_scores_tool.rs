//! `tools/uci_static_scores.py` (another engine's static evaluation written in the score
//! column of `sissa datagen` files), run with an engine that scores positions by a table
//! (`tests/match_engines/table_scores.py`): +1.00 where White has a queen, -1.00 where it
//! has a rook; then `sissa tune --score-scale fitted` on what it wrote. Four positions with
//! the queen, three won and one lost, and four with the rook, three lost and one won: the best prediction is 3/4 for the side the score favours,
//! sigmoid(S x 100) = 3/4, so S = ln 3 / 100 = 0.010986 and the scores' error
//! 3/4 x 1/16 + 1/4 x 9/16 = 0.1875. Needs `python3`.

use std::path::PathBuf;
use std::process::Command;

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sissa-uci-static-scores-{}-{name}", std::process::id()))
}

#[test]
fn another_engines_static_scores_are_measured_by_the_tuner() {
    let queen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let rook = "4k3/8/8/8/8/8/8/3RK3 w - - 0 1";
    let table = temp("table");
    std::fs::write(&table, format!("{queen} 100\n{rook} -100\n")).expect("the table is written");
    let engine = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/match_engines/table_scores.py");
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

    let out_path = temp("scored.data");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/uci_static_scores.py");
    let output = Command::new("python3")
        .arg(script)
        .arg("--engine")
        .arg(format!("python3 {engine} {}", table.display()))
        .arg("--data")
        .arg(&data_path)
        .arg("--out")
        .arg(&out_path)
        .output()
        .expect("python3 runs");
    let _ = std::fs::remove_file(&table);
    let _ = std::fs::remove_file(&data_path);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the tool failed:\n{errors}");
    let scored = std::fs::read_to_string(&out_path).expect("the tool wrote its file");
    let positions: Vec<&str> = scored.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(positions.len(), 8, "{scored}");
    assert_eq!(positions[0], format!("{queen} | 100 | 1.0"));
    assert_eq!(positions[3], format!("{queen} | 100 | 0.0"));
    assert_eq!(positions[4], format!("{rook} | -100 | 0.0"));
    assert!(scored.ends_with("reason checkmate\n"), "the game's line is kept: {scored}");

    let tune = Command::new(env!("CARGO_BIN_EXE_sissa"))
        .args(["tune", "--variant", "chess", "--iterations", "0", "--score-scale", "fitted"])
        .args(["--out", "/dev/null", "--data"])
        .arg(&out_path)
        .output()
        .expect("sissa runs");
    let _ = std::fs::remove_file(&out_path);
    let text = String::from_utf8_lossy(&tune.stdout);
    assert!(tune.status.success(), "{text}{}", String::from_utf8_lossy(&tune.stderr));
    assert!(
        text.contains(
            "the data's scores turned into results at 0.010986 per centipawn, \
             their error against the results 0.187500"
        ),
        "{text}"
    );
}
