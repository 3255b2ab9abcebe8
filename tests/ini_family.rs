//! Variants a file builds with Sissa's capture keys, against the variants built in with the
//! same rules: the example file's ultima-ini against Sissa's internal Ultima and rococo-ini
//! against the built-in Rococo, in every position of random games (the same legal moves in
//! the same notation, each leading to the same FEN); and Ultima's capture methods worked out
//! by hand (tests/variants/ultima_captures.cases), each case checked on both Ultimas by one
//! harness. The perft suites are in tests/ini_perft.rs.

use sissa_movegen::ini::{self, FileRules};
use sissa_movegen::perft::perft;
use sissa_movegen::random::SplitMix64;
use sissa_movegen::rules::Rules;
use sissa_movegen::shape::{Board10x10, Board8x8};
use sissa_movegen::variants::rococo::{self, Rococo};
use sissa_movegen::variants::ultima::{self, Ultima};
use sissa_movegen::{Outcome, Position};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Once;

type UltimaIni = FileRules<Board8x8>;
type RococoIni = FileRules<Board10x10>;

/// Loads the example file once and makes its two family variants the active ones of their
/// board sizes (they are the only file variants these tests play).
fn load() {
    static LOAD: Once = Once::new();
    LOAD.call_once(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let report = ini::load_file(&root.join("docs/examples/variants.ini")).expect("read");
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        assert!(ini::choose("ultima-ini").is_some() && ini::choose("rococo-ini").is_some());
    });
}

fn position<R: Rules>(fen: &str) -> Position<R> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{}: {fen}: {e}", R::name()))
}

/// Each legal move in notation with the FEN it leads to.
fn moves_and_results<R: Rules>(fen: &str) -> BTreeMap<String, String> {
    let mut pos = position::<R>(fen);
    let moves: Vec<_> = pos.legal_moves().iter().copied().collect();
    let mut out = BTreeMap::new();
    for mv in moves {
        let text = pos.notation(mv);
        pos.make(mv);
        assert_eq!(pos.hash(), pos.compute_hash(), "{}: hash after {text} in {fen}", R::name());
        out.insert(text, pos.to_fen());
        pos.unmake();
    }
    out
}

/// Plays random games from `start`, comparing the two rule sets in every position, and their
/// perft to depth 2 every tenth ply. Returns the positions compared.
fn random_games<A: Rules, B: Rules>(start: &str, games: u64, plies: usize) -> usize {
    let mut compared = 0;
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed + 1);
        let mut fen = start.to_string();
        for ply in 0..plies {
            let a = moves_and_results::<A>(&fen);
            let b = moves_and_results::<B>(&fen);
            assert_eq!(a, b, "{} and {} differ in {fen}", A::name(), B::name());
            // The same winner (the reasons' words may differ: "no legal move", "stalemate").
            let winner = |o: Option<Outcome>| match o {
                Some(Outcome::Win(c, _)) => Some(Some(c)),
                Some(Outcome::Draw(_)) => Some(None),
                None => None,
            };
            assert_eq!(
                winner(position::<A>(&fen).outcome()),
                winner(position::<B>(&fen).outcome()),
                "outcome in {fen}"
            );
            compared += 1;
            if ply % 10 == 0 {
                let depth2 =
                    (perft(&mut position::<A>(&fen), 2), perft(&mut position::<B>(&fen), 2));
                assert_eq!(depth2.0, depth2.1, "perft 2 in {fen}");
            }
            if a.is_empty() {
                break;
            }
            let pick = rng.below(a.len() as u64) as usize;
            fen = a.values().nth(pick).cloned().unwrap_or_default();
        }
    }
    compared
}

#[test]
fn ultima_from_the_file_plays_as_the_internal_ultima_along_random_games() {
    load();
    let compared = random_games::<Ultima, UltimaIni>(ultima::START_FEN, 6, 120);
    assert!(compared > 300, "only {compared} positions");
}

#[test]
fn rococo_from_the_file_plays_as_the_built_in_rococo_along_random_games() {
    load();
    let compared = random_games::<Rococo, RococoIni>(rococo::START_FEN, 4, 120);
    assert!(compared > 200, "only {compared} positions");
}

#[test]
fn ultima_from_the_file_counts_the_rules_independent_perft() {
    load();
    let mut pos = position::<UltimaIni>(ultima::START_FEN);
    let counts: Vec<u64> = (1..=3).map(|d| perft(&mut pos, d)).collect();
    assert_eq!(counts, [32, 944, 42762]);
}

#[test]
#[ignore = "takes a while; run with --ignored"]
fn ultima_from_the_file_counts_the_rules_independent_perft_at_depth_four() {
    load();
    assert_eq!(perft(&mut position::<UltimaIni>(ultima::START_FEN), 4), 1_850_161);
}

/// Checks one hand-worked case on rule set `R`.
fn check_case<R: Rules>(line: usize, fen: &str, form: &str, expected: &str) {
    let here = format!("{} line {line}", R::name());
    let mut pos = position::<R>(fen);
    match form.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["play", mv] => {
            let m = pos.parse_move(mv).unwrap_or_else(|| panic!("{here}: {mv} not legal"));
            pos.make(m);
            assert_eq!(pos.to_fen(), expected, "{here}");
        }
        ["check"] => assert_eq!(R::in_check(&pos), expected == "yes", "{here}"),
        ["moves"] => {
            let mut legal: Vec<String> =
                pos.legal_moves().iter().map(|&m| pos.notation(m)).collect();
            legal.sort();
            assert_eq!(legal.join(" "), expected, "{here}");
        }
        _ => panic!("line {line}: unknown form {form:?}"),
    }
}

#[test]
fn ultima_captures_worked_by_hand_on_both_ultimas() {
    load();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("tests/variants/ultima_captures.cases"))
        .expect("the cases file");
    let mut cases = 0;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let [fen, form, expected] = fields.as_slice() else {
            panic!("line {}: expected FEN | form | result", i + 1)
        };
        check_case::<Ultima>(i + 1, fen, form, expected);
        check_case::<UltimaIni>(i + 1, fen, form, expected);
        cases += 1;
    }
    assert!(cases >= 15, "only {cases} cases");
}
