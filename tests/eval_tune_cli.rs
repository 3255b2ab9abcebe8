//! `sissa eval`, `sissa tune` and `sissa train` as a user meets them: the breakdown, a
//! tuning run from PGN to a parameter file, a network trained and read back, and errors for
//! bad input.

use std::process::{Command, Output};

fn sissa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sissa")).args(args).output().expect("sissa runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A value of the parameter file `text`.
fn param_in(text: &str, name: &str) -> Vec<i32> {
    let line =
        text.lines().find(|l| l.split_whitespace().next() == Some(name)).expect("a parameter");
    line.split_whitespace().skip(1).map(|v| v.parse().expect("a number")).collect()
}

/// A value of chess's parameter file, read from the file itself.
fn chess_param(name: &str) -> Vec<i32> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/eval/params/chess.txt"))
            .expect("chess parameters");
    param_in(&text, name)
}

/// The row of `term` in a breakdown, as its numbers.
fn row(text: &str, term: &str) -> Vec<i32> {
    let line = text.lines().find(|l| l.trim_start().starts_with(term)).expect("the term's row");
    line.split(|c: char| c == '|' || c.is_whitespace()).filter_map(|w| w.parse().ok()).collect()
}

/// A new temporary directory named after `name` with six random chess games in it, as PGN;
/// returns the directory, the PGN's path and a path to write a parameter file to.
fn random_games(name: &str) -> (std::path::PathBuf, String, String) {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = |file: &str| dir.join(file).to_str().expect("a path").to_string();
    let (pgn, out) = (path("games.pgn"), path("tuned.txt"));
    let games = ["match", "--variant", "chess", "--engine1", "random", "--engine2", "random"];
    let o = sissa(&[&games[..], &["--games", "6", "--openings", "none", "--pgn", &pgn]].concat());
    assert!(o.status.success());
    (dir, pgn, out)
}

#[test]
fn eval_of_the_start_position_is_the_tempo() {
    let o = sissa(&["eval", "--variant", "chess"]);
    assert!(o.status.success());
    let text = stdout(&o);
    // Both sides alike: every total is zero and only the side to move's tempo remains.
    for term in
        ["material", "psqt", "mobility", "pawns", "king safety", "pieces", "threats", "variant"]
    {
        assert_eq!(&row(&text, term)[4..], &[0, 0, 0], "{term}: {text}");
    }
    let tempo = chess_param("tempo")[0];
    assert!(text.contains(&format!("score {tempo} cp for the side to move")), "{text}");
}

#[test]
fn eval_counts_an_extra_queen_as_its_value() {
    let o = sissa(&["eval", "--variant", "chess", "--fen", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"]);
    let text = stdout(&o);
    let queen = chess_param("value.Queen");
    let material = row(&text, "material");
    // White's part, Black's part, the total: a queen more for White.
    assert_eq!(&material[..2], &queen[..], "{text}");
    assert_eq!(&material[2..4], &[0, 0], "{text}");
    assert_eq!(&material[4..6], &queen[..], "{text}");
}

#[test]
fn eval_refuses_a_bad_fen() {
    let o = sissa(&["eval", "--variant", "chess", "--fen", "8/8 w"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(String::from_utf8_lossy(&o.stderr).contains("bad FEN"));
}

#[test]
fn tune_reads_pgn_and_writes_a_parameter_file() {
    let (dir, pgn, out) = random_games("sissa-tune-test");
    let (pgn, out) = (pgn.as_str(), out.as_str());
    let o =
        sissa(&["tune", "--variant", "chess", "--data", pgn, "--iterations", "20", "--out", out]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.contains("error before") && text.contains("error after"), "{text}");
    // The written file has the layout of the compiled one: the same names in the same order.
    let names = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split_whitespace().next().unwrap_or_default().to_string())
            .collect()
    };
    let written = std::fs::read_to_string(out).expect("the tuned file");
    let compiled =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/eval/params/chess.txt"))
            .expect("file");
    assert_eq!(names(&written), names(&compiled));
    // Tuning from the written file works as well.
    let again = [
        "tune",
        "--variant",
        "chess",
        "--data",
        pgn,
        "--iterations",
        "1",
        "--params",
        out,
        "--out",
        out,
    ];
    assert!(sissa(&again).status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_names_the_bad_line() {
    let dir = std::env::temp_dir().join(format!("sissa-tune-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let data = dir.join("data.txt");
    let text = "# sissa-datagen v1 variant=chess\n\
                rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | 0.5\n\
                rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | win\n";
    std::fs::write(&data, text).expect("written");
    let data = data.to_str().expect("a path");
    let o = sissa(&["tune", "--variant", "chess", "--data", data, "--iterations", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("data.txt:3: bad result"));
    let o = sissa(&["tune", "--variant", "uc40", "--data", data, "--iterations", "1"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("data of chess, not uc40"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_keeps_the_parameters_keep_names() {
    let (dir, pgn, out) = random_games("sissa-tune-keep");
    let (pgn, out) = (pgn.as_str(), out.as_str());
    let tune = ["tune", "--variant", "chess", "--data", pgn, "--iterations", "20", "--out", out];
    let o = sissa(&[&tune[..], &["--keep", "value.Pawn", "mobility.*"]].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let written = std::fs::read_to_string(out).expect("the tuned file");
    let param = |name: &str| param_in(&written, name);
    // Random games are decided by material: without --keep the pawn's value moves (the
    // Knight's, fitted beside it, shows that the fit ran).
    assert_eq!(param("value.Pawn"), chess_param("value.Pawn"));
    assert_ne!(param("value.Knight"), chess_param("value.Knight"));
    let mobility: Vec<&str> = written
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| n.starts_with("mobility."))
        .collect();
    assert!(!mobility.is_empty());
    for name in mobility {
        assert_eq!(param(name), chess_param(name), "{name}");
    }
    let o = sissa(&tune);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let free = std::fs::read_to_string(out).expect("the tuned file");
    assert_ne!(param_in(&free, "value.Pawn"), chess_param("value.Pawn"));
    let o = sissa(&[&tune[..], &["--keep", "value.Pawnn"]].concat());
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--keep value.Pawnn"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The score `sissa eval` prints for `fen`: the network's with `net`, the compiled one without.
fn eval_score(fen: &str, net: Option<&str>) -> i32 {
    let mut args = vec!["eval", "--variant", "chess", "--fen", fen];
    args.extend(net.map(|n| ["--eval-file", n]).into_iter().flatten());
    let o = sissa(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    let start = if net.is_some() { "Network score" } else { "score " };
    let line = text.lines().find(|l| l.starts_with(start)).expect("its line");
    let number = line.split(':').next_back().unwrap_or(line).split_whitespace();
    let number = if net.is_some() { number.clone().next() } else { number.clone().nth(1) };
    number.and_then(|n| n.parse().ok()).expect("a number")
}

/// Scores written on another engine's scale (three of its centipawns to one of the
/// compiled evaluation's) train a network on the compiled evaluation's scale: fitted through
/// the K of each, the target of a position is the same whatever scale its score came in. A
/// knight up, not a queen: eight hidden values learn a few hundred centipawns exactly.
#[test]
fn train_keeps_the_compiled_evaluations_scale() {
    let dir = std::env::temp_dir().join(format!("sissa-train-scale-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = |file: &str| dir.join(file).to_str().expect("a path").to_string();
    let (data, net) = (path("data.txt"), path("net.nnue"));
    let white_up = "4k3/pppp4/8/8/8/8/PPPP4/3NK3 w - - 0 1";
    let black_up = "3nk3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1";
    // White is to move in both: the compiled scores are White's, as the data's are.
    let (compiled, against) = (eval_score(white_up, None), eval_score(black_up, None));
    assert!(compiled > 300 && against < -300, "{compiled} {against}");
    let mut text = String::from("# sissa-datagen v1 variant=chess\n");
    for result in ["1.0", "1.0", "1.0", "0.5"] {
        let other = if result == "1.0" { "0.0" } else { "0.5" };
        let (up, down) = (3 * compiled, 3 * against);
        text.push_str(&format!("{white_up} | {up} | {result}\n{black_up} | {down} | {other}\n"));
    }
    std::fs::write(&data, &text).expect("written");
    let train = ["train", "--variant", "chess", "--data", &data, "--out", &net];
    let settings = ["--hidden", "8", "--epochs", "200", "--batch", "2", "--holdout", "0"];
    let fit = ["--result-weight", "0", "--rate", "0.01", "--threads", "1"];
    let o = sissa(&[&train[..], &settings[..], &fit[..]].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let learned = eval_score(white_up, Some(&net));
    // Within a sixth of the compiled score, and far from the three times it the data wrote.
    assert!((learned - compiled).abs() * 6 < compiled, "{learned} against {compiled}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `sissa train` fits a network to a data file and writes it; `sissa eval --eval-file` reads
/// it back. Trained on positions where the side a queen up won, the network scores them for
/// that side. A bad line and another variant's data are refused, naming them.
#[test]
fn train_writes_a_network_that_eval_reads() {
    let dir = std::env::temp_dir().join(format!("sissa-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = |file: &str| dir.join(file).to_str().expect("a path").to_string();
    let (data, net) = (path("data.txt"), path("net.nnue"));
    let white_up = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1";
    let black_up = "3qk3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1";
    // One of the four games a draw, so that the scale fitted to the results is finite.
    let mut text = String::from("# sissa-datagen v1 variant=chess\n");
    for result in ["1.0", "1.0", "1.0", "0.5"] {
        let other = if result == "1.0" { "0.0" } else { "0.5" };
        text.push_str(&format!("{white_up} | 900 | {result}\n{black_up} | -900 | {other}\n"));
    }
    std::fs::write(&data, &text).expect("written");
    let train = ["train", "--variant", "chess", "--data", &data, "--out", &net];
    let settings = ["--hidden", "8", "--epochs", "100", "--batch", "2", "--holdout", "0"];
    let o = sissa(&[&train[..], &settings[..], &["--rate", "0.01", "--threads", "1"]].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (up, down) = (eval_score(white_up, Some(&net)), eval_score(black_up, Some(&net)));
    assert!(up > 200 && down < -200, "{up} {down}");

    std::fs::write(&data, format!("{text}{white_up} | 12 | win\n")).expect("written");
    let o = sissa(&train);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("data.txt:10: bad result"));
    let o = sissa(&["train", "--variant", "uc40", "--data", &data, "--out", &net]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("data of chess, not uc40"));
    let o = sissa(&["eval", "--variant", "lionsunicorns", "--eval-file", &net]);
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
