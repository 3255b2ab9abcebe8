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
