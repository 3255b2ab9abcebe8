//! Sissa's legal moves against Fairy-Stockfish's (through pyffish) over random games of chess
//! and Lions and Unicorns: every position of every game must give the same move list.
//! Needs `python3` with `pyffish` (`.ci/run` installs it).

use sissa_movegen::{AnyPosition, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

struct Oracle {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Oracle {
    fn start() -> Oracle {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracle/fsf_moves.py");
        let mut child = Command::new("python3")
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 runs");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Oracle { child, input, output }
    }

    fn legal_moves(&mut self, variant: Variant, fen: &str) -> Vec<String> {
        writeln!(self.input, "{variant}\t{fen}").expect("oracle accepts input");
        let mut line = String::new();
        self.output.read_line(&mut line).expect("oracle answers");
        assert!(!line.is_empty(), "the oracle stopped (is pyffish installed?)");
        line.split_whitespace().map(str::to_string).collect()
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

fn compare_random_games(variant: Variant, games: usize, plies: usize, mut seed: u64) -> usize {
    let mut oracle = Oracle::start();
    let mut positions = 0;
    for _ in 0..games {
        let mut pos = AnyPosition::start(variant);
        for _ in 0..plies {
            let fen = pos.to_fen();
            let mut ours = pos.legal_moves();
            ours.sort();
            let theirs = oracle.legal_moves(variant, &fen);
            assert_eq!(ours, theirs, "{variant} legal moves differ at {fen}");
            positions += 1;
            if ours.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = &ours[(seed % ours.len() as u64) as usize];
            pos.play(mv).expect("a listed move is legal");
        }
    }
    positions
}

#[test]
fn chess_moves_agree_with_fairy_stockfish() {
    assert!(compare_random_games(Variant::Chess, 40, 150, 0x1234_5678) > 3000);
}

#[test]
fn lionsunicorns_moves_agree_with_fairy_stockfish() {
    assert!(compare_random_games(Variant::LionsUnicorns, 40, 150, 0x9abc_def0) > 3000);
}
