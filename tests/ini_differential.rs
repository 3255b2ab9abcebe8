//! Variants read from variants.ini files against Fairy-Stockfish (pyffish) reading the same
//! files: the team's test definitions (tests/variants/team.ini, one or more per supported
//! key) and the example file. Every position of the tree to depth 2 from the start (so
//! perft 1-3 agree) and of random games must give the same legal moves, and the same result
//! where the game is over. Needs `python3` with `pyffish` (`.ci/run` installs it).
//!
//! File variants of one board shape share one active slot, so everything runs in one test,
//! one variant after another.

use sissa_movegen::ini;
use sissa_movegen::random::SplitMix64;
use sissa_movegen::{AnyPosition, Outcome, Variant};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

const FILES: [&str; 2] = ["tests/variants/team.ini", "docs/examples/variants.ini"];

fn path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

struct Oracle {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Oracle {
    fn start() -> Oracle {
        let mut child = Command::new("python3")
            .arg(path("tests/oracle/fsf_ini_moves.py"))
            .args(FILES.iter().map(|f| path(f)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 runs");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Oracle { child, input, output }
    }

    fn ask(&mut self, variant: &str, fen: &str) -> String {
        writeln!(self.input, "{variant}\t{fen}").expect("oracle accepts input");
        let mut line = String::new();
        self.output.read_line(&mut line).expect("oracle answers");
        assert!(!line.is_empty(), "the oracle stopped (is pyffish installed?)");
        line.trim_end().to_string()
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// Sissa's answer in the oracle's form.
fn ours(pos: &AnyPosition) -> String {
    match pos.outcome() {
        Some(Outcome::Win(c, _)) if c == pos.side() => "end win".to_string(),
        Some(Outcome::Win(..)) => "end loss".to_string(),
        Some(Outcome::Draw(_)) => "end draw".to_string(),
        None => {
            let mut moves = pos.legal_moves();
            moves.sort();
            format!("moves {}", moves.join(" "))
        }
    }
}

fn compare(oracle: &mut Oracle, name: &str, pos: &AnyPosition) -> Vec<String> {
    let fen = pos.to_fen();
    let mine = ours(pos);
    let theirs = oracle.ask(name, &fen);
    assert_eq!(mine, theirs, "{name}: positions differ at {fen}");
    pos.legal_moves()
}

/// Compares every position of the tree to `depth` plies below `pos`; returns how many.
fn compare_tree(oracle: &mut Oracle, name: &str, pos: &AnyPosition, depth: u32) -> usize {
    let moves = compare(oracle, name, pos);
    if depth == 0 {
        return 1;
    }
    let mut count = 1;
    for mv in moves {
        let mut child = pos.clone();
        child.play(&mv).expect("a listed move is legal");
        count += compare_tree(oracle, name, &child, depth - 1);
    }
    count
}

fn compare_games(
    oracle: &mut Oracle,
    name: &str,
    games: usize,
    plies: usize,
    rng: &mut SplitMix64,
) {
    for _ in 0..games {
        let mut pos = AnyPosition::start(choose(name));
        for _ in 0..plies {
            let moves = compare(oracle, name, &pos);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let mv = &moves[(rng.next_u64() % moves.len() as u64) as usize];
            pos.play(mv).expect("a listed move is legal");
        }
    }
}

fn choose(name: &str) -> Variant {
    let variant: Variant = name.parse().expect("a loaded variant");
    assert!(variant.is_file());
    variant
}

/// Loads both files, then compares each variant: the tree to `depth` from the start, and
/// `games` random games of at most `plies` plies.
fn compare_all(depth: u32, games: usize, plies: usize) {
    let mut names = Vec::new();
    for file in FILES {
        let report = ini::load_file(&path(file)).expect("readable");
        assert!(report.errors.is_empty(), "{file}: {:?}", report.errors);
        names.extend(report.loaded);
    }
    // Sections using Sissa's extensions are Sissa's only (tests/ini_extensions.rs).
    names.retain(|name| {
        ini::rules::definition_of(name).is_some_and(|d| !ini::extensions::uses_extensions(&d))
    });
    assert!(names.len() >= 18, "{names:?}");
    let mut oracle = Oracle::start();
    compare_endings(&mut oracle);
    compare_drops(&mut oracle, depth);
    let mut rng = SplitMix64::new(17);
    for name in &names {
        let start = AnyPosition::start(choose(name));
        assert!(compare_tree(&mut oracle, name, &start, depth) > 8, "{name}");
        compare_games(&mut oracle, name, games, plies, &mut rng);
    }
}

/// Positions where a rule of the file ends the game (or must not), worked out by hand: the
/// expected answer is the oracle's form, and Fairy-Stockfish must agree.
const ENDINGS: [(&str, &str, &str); 5] = [
    // Black's king reached the centre: White, to move, has lost.
    ("kingofthehill-ini", "rnbq1bnr/pppppppp/8/8/4k3/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "end loss"),
    // Black is stalemated (a7 by the king, b7 and b8 by the rook); in Shatranj that loses.
    ("shatranj-ini", "k7/8/K7/8/8/8/8/1R6 b - - 0 1", "end loss"),
    // Black has no queen left: White, to move, has won.
    ("t-extinction", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "end win"),
    // White's king reached the last rank: Black, to move, has lost.
    ("t-race", "K7/8/8/8/8/8/8/7k b - - 0 1", "end loss"),
    // The same stalemate is a draw in chess.
    ("chess-ini", "k7/8/K7/8/8/8/8/1R6 b - - 0 1", "end draw"),
];

fn compare_endings(oracle: &mut Oracle) {
    for (name, fen, expected) in ENDINGS {
        let pos = AnyPosition::from_fen(choose(name), fen).expect("a valid position");
        assert_eq!(ours(&pos), expected, "{name} {fen}");
        assert_eq!(oracle.ask(name, fen), expected, "{name} {fen} (Fairy-Stockfish)");
    }
}

/// Positions with pieces in hand, promoted pieces (`~`), checks a drop may parry and drops
/// that may not give check, for the drop variants of team.ini; each with the variant
/// Fairy-Stockfish is asked about (its built-in crazyhouse for the file's crazyhouse, as well
/// as the file's section itself).
const DROP_POSITIONS: [(&str, &str, &str); 8] = [
    (
        "teamhouse",
        "crazyhouse",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pp] w KQkq - 4 4",
    ),
    // White is in check by a rook: a drop between parries it.
    ("teamhouse", "crazyhouse", "4k3/8/8/8/8/8/8/r3K3[QNPp] w - - 0 1"),
    // Taking the promoted knight puts a pawn in hand; the promoted queen keeps its mark.
    ("teamhouse", "crazyhouse", "4k2n~/6P1/8/8/8/8/1Q~6/4K3[] w - - 0 1"),
    ("teamhouse", "teamhouse", "4k2n~/6P1/8/8/8/8/1Q~6/4K3[] w - - 0 1"),
    // Black to drop: pawns not on rank 8 (its first) nor rank 1 (its promotion zone).
    ("teamhouse", "crazyhouse", "4k3/8/8/3p4/3P4/8/8/4K3[p] b - - 0 1"),
    // Drops may not give check; pawns go anywhere free, the first rank and promotion zone too.
    ("t-droploop", "t-droploop", "4k5/10/10/10/10/10/10/4K5[QRPp] w - - 0 1"),
    // A promotion that takes a rook puts it in hand.
    ("t-droploop", "t-droploop", "4k4r/8P1/10/10/10/10/10/4K5[] w - - 0 1"),
    // While a drop is legal only drops are; in check, a drop that parries it.
    ("t-placement", "t-placement", "4k3/8/8/8/8/8/8/r3K3[Qq] w - - 0 1"),
];

fn compare_drops(oracle: &mut Oracle, depth: u32) {
    for (name, asked, fen) in DROP_POSITIONS {
        let pos = AnyPosition::from_fen(choose(name), fen).expect("a valid position");
        let theirs = oracle.ask(asked, &pos.to_fen());
        assert_eq!(ours(&pos), theirs, "{name} {fen} (Fairy-Stockfish's {asked})");
        assert!(compare_tree(oracle, name, &pos, depth) > 1, "{name} {fen}");
    }
}

/// Perft 1-2 and short games: seconds, for every test run.
#[test]
fn file_variants_agree_with_fairy_stockfish() {
    compare_all(1, 2, 30);
}

/// Perft 1-3 from the start and longer games (about 20,000 oracle calls, minutes):
/// `cargo test --profile ci --test ini_differential -- --ignored`.
#[test]
#[ignore]
fn file_variants_agree_with_fairy_stockfish_at_depth_three() {
    compare_all(2, 6, 100);
}
