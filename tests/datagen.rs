//! `sissa datagen` end to end, with tiny searches: the same seed writes the same file (with one
//! thread or two), an interrupted run continues to the file an uninterrupted run writes, and
//! every line reads back as a legal position of the variant with a score and the game's result.

use sissa::datagen::format::parse_line;
use sissa_movegen::{Game, Variant};
use std::path::PathBuf;
use std::process::Command;

fn data_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sissa-datagen-test-{}-{name}.data", std::process::id()))
}

/// Runs `sissa datagen` writing to `out` (which is kept if it exists) and returns the file.
fn datagen(out: &PathBuf, args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_sissa"))
        .arg("datagen")
        .args(args)
        .args(["--out", out.to_str().unwrap()])
        .output()
        .expect("sissa runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read_to_string(out).expect("the data file was written")
}

/// A fresh run into a new file.
fn fresh(name: &str, args: &[&str]) -> String {
    let out = data_path(name);
    let _ = std::fs::remove_file(&out);
    let text = datagen(&out, args);
    let _ = std::fs::remove_file(&out);
    text
}

const CHESS: [&str; 6] = ["--variant", "chess", "--nodes", "300", "--seed", "5"];

#[test]
fn the_same_seed_writes_the_same_file_with_any_number_of_threads() {
    let games = ["--games", "4"];
    let first = fresh("same-1", &[&CHESS[..], &games].concat());
    let again = fresh("same-2", &[&CHESS[..], &games].concat());
    assert_eq!(first, again);
    let threads = fresh("same-3", &[&CHESS[..], &games, &["--threads", "2"]].concat());
    assert_eq!(first, threads);
    let other_seed = ["--variant", "chess", "--nodes", "300", "--seed", "6", "--games", "4"];
    assert_ne!(first.lines().nth(2), fresh("same-4", &other_seed).lines().nth(2));
    assert_eq!(first.lines().filter(|l| l.starts_with("# game ")).count(), 4);
}

#[test]
fn an_interrupted_run_continues_to_the_same_file() {
    let whole = fresh("whole", &[&CHESS[..], &["--games", "4"]].concat());
    let out = data_path("resumed");
    let _ = std::fs::remove_file(&out);
    let part = datagen(&out, &[&CHESS[..], &["--games", "2"]].concat());
    assert!(whole.starts_with(&part) && part.len() < whole.len());
    // An interruption in the middle of the third game's block leaves part of it behind.
    let cut_at = part.len() + (whole.len() - part.len()) / 4;
    std::fs::write(&out, &whole[..cut_at]).unwrap();
    let resumed = datagen(&out, &[&CHESS[..], &["--games", "4"]].concat());
    assert_eq!(resumed, whole);
    // Other settings do not continue the file.
    let o = Command::new(env!("CARGO_BIN_EXE_sissa"))
        .args(["datagen", "--variant", "chess", "--nodes", "301", "--games", "5"])
        .args(["--seed", "5", "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), whole, "the file is left alone");
    let _ = std::fs::remove_file(&out);
}

#[test]
fn every_line_is_a_legal_position_with_a_score_and_the_result() {
    for variant in Variant::ALL {
        let args = ["--variant", variant.name(), "--nodes", "200", "--games", "3"];
        let text = fresh(&format!("lines-{variant}"), &args);
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(format!("# sissa-datagen v1 variant={variant}").as_str()));
        let mut block = Vec::new();
        let mut starts = Vec::new();
        for line in lines {
            if let Some(marker) = line.strip_prefix("# game ") {
                let result = match marker.split_whitespace().nth(2) {
                    Some("1-0") => 1.0,
                    Some("0-1") => 0.0,
                    Some("1/2-1/2") => 0.5,
                    other => panic!("{variant}: bad result {other:?} in {line:?}"),
                };
                assert!(block.iter().all(|&r| r == result), "{variant}: {line}");
                block.clear();
                continue;
            }
            let Some(record) = parse_line(line) else { continue };
            let record = record.unwrap_or_else(|e| panic!("{variant}: {e}"));
            let game = Game::from_fen(variant, &record.fen)
                .unwrap_or_else(|e| panic!("{variant}: {} ({e})", record.fen));
            assert!(game.outcome().is_none(), "{variant}: a finished position {}", record.fen);
            assert!(!game.position().legal_moves().is_empty());
            assert!(record.white_score.abs() < 30_000, "{variant}: a win by rule written");
            starts.push(record.fen.clone());
            block.push(record.result);
        }
        assert!(block.is_empty(), "{variant}: positions after the last game's marker");
        assert!(starts.len() >= 3, "{variant}: only {} positions", starts.len());
    }
}

#[test]
fn random_setups_differ_between_games() {
    for variant in Variant::ALL.into_iter().filter(|v| v.random_setup()) {
        let args = ["--variant", variant.name(), "--depth", "1", "--games", "2"];
        let args = [&args[..], &["--random-plies", "0"]].concat();
        let text = fresh(&format!("setups-{variant}"), &args);
        // With no random opening, the first written position of each game is near its
        // start, and its back ranks are the setup's.
        let firsts: Vec<String> = text
            .split("# game ")
            .filter_map(|block| block.lines().find(|l| l.contains(" | ")))
            .map(|l| l.split('/').next().unwrap().to_string())
            .collect();
        assert_eq!(firsts.len(), 2, "{variant}");
        assert_ne!(firsts[0], firsts[1], "{variant}: both games have the same setup");
    }
}

#[test]
fn bad_options_are_usage_errors() {
    for args in [
        &["--variant", "chess", "--games", "1"][..],
        &["--variant", "chess", "--games", "1", "--nodes", "5", "--depth", "2"],
        &["--variant", "shogi", "--games", "1", "--nodes", "5"],
        &["--variant", "chess", "--games", "0", "--nodes", "5"],
        &["--variant", "chess", "--games", "1", "--nodes", "5", "--threads", "0"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_sissa"))
            .arg("datagen")
            .args(args)
            .args(["--out", "/nonexistent/never-written"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("sissa"), "{args:?}");
    }
}
