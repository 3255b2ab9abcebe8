//! The command line as a user meets it: output formats and errors for bad input.

use std::process::{Command, Output};

fn sissa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sissa")).args(args).output().expect("sissa runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_divide_lists_root_moves_then_the_total() {
    let o = sissa(&["perft", "--variant", "chess", "--depth", "2", "--divide"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    // 20 root moves, each with 20 replies, then the total line.
    assert_eq!(lines.len(), 21);
    assert!(lines[..20].iter().all(|l| l.ends_with(": 20")), "{text}");
    assert!(lines.contains(&"e2e4: 20"));
    assert_eq!(lines[20], "Nodes searched: 400");
}

#[test]
fn perft_threads_give_the_same_count() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = sissa(&["perft", "--variant", "chess", "--fen", fen, "--depth", "3", "--threads", "2"]);
    assert_eq!(stdout(&o).trim(), "Nodes searched: 97862");
}

#[test]
fn startfen_prints_the_start_position() {
    let o = sissa(&["startfen", "--variant", "lionsunicorns"]);
    assert_eq!(
        stdout(&o).trim(),
        "lrmbqkburl/nppppppppn/10/10/10/10/NPPPPPPPPN/LRMBQKBURL w KQkq - 0 1"
    );
}

#[test]
fn bad_input_exits_with_status_two_and_a_message() {
    for args in [
        vec!["perft", "--variant", "nosuchgame", "--depth", "1"],
        vec!["perft", "--variant", "chess", "--fen", "8/8/8 w - - 0 1", "--depth", "1"],
        vec!["perft", "--variant", "chess"],
        vec!["perft", "--variant", "chess", "--depth", "x"],
        vec!["startfen", "--variant", "chess", "--symmetry", "sideways"],
        vec!["perft", "--variant", "chess", "--suite", "/nonexistent.perft"],
    ] {
        let o = sissa(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?} wrote to stdout");
        assert!(!o.stderr.is_empty(), "{args:?} gave no message");
    }
}

#[test]
fn rococo_divide_writes_suicide_destruction_and_promotion_notation() {
    // White: a Swapper on e5 frozen by the Immobilizer on d5 (only suicide e5e5), a Swapper on
    // g6 next to the pawn on g7 (swap g6g7 and destruction g6xg7), a pawn on c8 reaching the
    // zone (b9 c9 d9, each plain or promoted to C, U, I or L: two Swappers are on the board).
    let fen = "5k4/10/2P7/6p3/6S3/3iS5/10/10/1K8/10 w - - 0 1";
    let o = sissa(&["perft", "--variant", "rococo", "--fen", fen, "--depth", "1", "--divide"]);
    assert!(o.status.success());
    let text = stdout(&o);
    for line in ["e5e5: 1", "g6xg7: 1", "g6g7: 1", "c8c9: 1", "c8c9l: 1", "c8b9u: 1"] {
        assert!(text.lines().any(|l| l == line), "{line} missing in\n{text}");
    }
    assert!(!text.contains("c8c9s"), "{text}");
    assert!(text.lines().last().is_some_and(|l| l.starts_with("Nodes searched: ")));
}

#[test]
fn rococo_bad_swap_ban_field_is_an_error() {
    let fen = "10/1iulkclus1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1IULKCLUS1/10 w - - 0 1 e5";
    let o = sissa(&["perft", "--variant", "rococo", "--fen", fen, "--depth", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("swap-back ban"));
}

#[test]
fn seahorses_setups_come_from_seed_and_symmetry() {
    let fen = |seed: &str, symmetry: &str| {
        let o =
            sissa(&["startfen", "--variant", "seahorses", "--seed", seed, "--symmetry", symmetry]);
        assert!(o.status.success());
        stdout(&o).trim().to_string()
    };
    let mirror = fen("17", "mirror");
    assert_eq!(mirror, fen("17", "mirror"), "the same seed gives the same setup");
    let white = mirror.split(['/', ' ']).nth(7).unwrap().to_string();
    let black = mirror.split('/').next().unwrap().to_string();
    assert_eq!(black, white.to_lowercase());
    let central = fen("17", "central");
    let reversed: String = white.to_lowercase().chars().rev().collect();
    assert!(central.starts_with(&format!("{reversed}/pppppppp/")), "{central}");
    assert_ne!(fen("17", "asymmetric"), mirror);
    assert_ne!(fen("18", "mirror"), mirror);
    // The default is seed 0, mirror.
    let o = sissa(&["startfen", "--variant", "seahorses"]);
    assert_eq!(stdout(&o).trim(), fen("0", "mirror"));
}

#[test]
fn seahorses_perft_from_a_seed_counts_that_setup() {
    let start =
        sissa(&["startfen", "--variant", "seahorses", "--seed", "5", "--symmetry", "central"]);
    let fen = stdout(&start).trim().to_string();
    let o = sissa(&[
        "perft",
        "--variant",
        "seahorses",
        "--seed",
        "5",
        "--symmetry",
        "central",
        "--depth",
        "3",
    ]);
    let expected = sissa_reference::perft("seahorses", &fen, 3).unwrap();
    assert_eq!(stdout(&o).trim(), format!("Nodes searched: {expected}"));
}

#[test]
fn spsa_logs_each_step_and_resumes_where_it_stopped() {
    let dir = std::env::temp_dir().join(format!("sissa-spsa-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("spsa.tsv");
    let log = log.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["spsa", "--variant", "chess", "--params", "LmrBase,RfpMargin=90"];
        args.extend(["--games", "4", "--nodes", "300", "--out", log]);
        args.extend(extra);
        sissa(&args)
    };
    let o = run(&[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.contains("start at step 0/2: LmrBase=50.0 RfpMargin=90.0"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("as an engine: sissa:LmrBase=")), "{text}");
    let lines = std::fs::read_to_string(log).unwrap();
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines[0], "step\tresult\tLmrBase\tRfpMargin");
    // Two steps, numbered 0 and 1, in whichever order they ended.
    assert_eq!(lines.len(), 3, "{lines:?}");
    // Resumed after its last step, a run of the same length has nothing left to play.
    let o = run(&["--resume"]);
    assert!(stdout(&o).contains("start at step 2/2"), "{}", stdout(&o));
    assert_eq!(std::fs::read_to_string(log).unwrap().lines().count(), 3);
    // Another set of constants is not this log's run.
    let o = sissa(&["spsa", "--params", "LmrDivisor", "--games", "2", "--out", log, "--resume"]);
    assert_eq!(o.status.code(), Some(2));
    let o = sissa(&["spsa", "--params", "Nonsense", "--out", log]);
    assert_eq!(o.status.code(), Some(2));
    // A margin beyond a year is refused as `sissa match` refuses it, not cut short.
    let o = sissa(&["spsa", "--time-margin", "31536000001", "--out", log]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--time-margin"));
    std::fs::remove_dir_all(&dir).unwrap();
}
