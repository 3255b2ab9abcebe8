//! Search tests: mates and king captures found at small depths, legal moves in every position
//! of the perft suites, game ends and repetition, stopping, threads.

use sissa::search::{Limits, Score, Searcher};
use sissa_movegen::{Game, Setup, Variant};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn search(game: &Game, limits: Limits) -> sissa::search::SearchResult {
    let mut searcher = Searcher::new(1, 16);
    let stop = AtomicBool::new(false);
    searcher.search(game, &limits, &stop, &mut |_| {})
}

fn best_at_depth(variant: Variant, fen: &str, depth: u32) -> (String, Score) {
    let game = Game::from_fen(variant, fen).unwrap();
    let r = search(&game, Limits::depth(depth));
    (r.best.expect("a move"), r.score)
}

#[test]
fn chess_mate_in_one() {
    // Back-rank mate: Ra8#.
    let (mv, score) = best_at_depth(Variant::Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3);
    assert_eq!(mv, "a1a8");
    assert_eq!(score, Score::Mate(1));
}

#[test]
fn chess_mate_in_two() {
    // Two rooks against a lone king on the edge: one rook cuts off the seventh rank, the
    // other mates on the eighth (1. Ra7 Kg8 2. Rb8#, or 1. Rb7 Kg8 2. Ra8#).
    let (mv, score) = best_at_depth(Variant::Chess, "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 5);
    assert_eq!(score, Score::Mate(2), "{mv}");
    assert!(mv == "a2a7" || mv == "b1b7", "{mv}");
}

#[test]
fn chess_start_position_gives_a_legal_move() {
    let game = Game::new(Variant::Chess, Setup::default());
    let r = search(&game, Limits::depth(5));
    let mv = r.best.unwrap();
    assert!(game.position().legal_moves().contains(&mv));
    assert!(matches!(r.score, Score::Cp(c) if c.abs() < 100), "{:?}", r.score);
}

#[test]
fn lionsunicorns_start_position_gives_a_legal_move() {
    let game = Game::new(Variant::LionsUnicorns, Setup::default());
    let r = search(&game, Limits::depth(4));
    assert!(game.position().legal_moves().contains(&r.best.unwrap()));
}

#[test]
fn stopped_at_once_still_gives_a_legal_move() {
    for variant in Variant::ALL {
        let game = Game::new(variant, Setup::default());
        let mut searcher = Searcher::new(2, 4);
        let stop = AtomicBool::new(true);
        let r = searcher.search(
            &game,
            &Limits { infinite: true, ..Limits::default() },
            &stop,
            &mut |_| {},
        );
        let mv = r.best.expect("a move");
        assert!(game.position().legal_moves().contains(&mv), "{variant}: {mv}");
    }
}

#[test]
fn game_over_gives_no_move() {
    // Fool's mate: White is mated.
    let game = Game::from_fen(
        Variant::Chess,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    )
    .unwrap();
    let r = search(&game, Limits::depth(3));
    assert_eq!(r.best, None);
    assert_eq!(r.score, Score::Mate(0));
    // Stalemate: a draw.
    let game = Game::from_fen(Variant::Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let r = search(&game, Limits::depth(3));
    assert_eq!((r.best, r.score), (None, Score::Cp(0)));
}

#[test]
fn movetime_is_respected() {
    let game = Game::new(Variant::Chess, Setup::default());
    let t = std::time::Instant::now();
    let r = search(&game, Limits::movetime(Duration::from_millis(200)));
    assert!(r.best.is_some());
    assert!(t.elapsed() < Duration::from_millis(600), "{:?}", t.elapsed());
}

#[test]
fn lionsunicorns_mates() {
    // Back-rank mate on the 10x8 board.
    let (mv, score) =
        best_at_depth(Variant::LionsUnicorns, "5k4/4ppp3/10/10/10/10/10/R4K4 w - - 0 1", 3);
    assert_eq!((mv.as_str(), score), ("a1a8", Score::Mate(1)));
    // Two rooks: one cuts off the seventh rank, the other mates on the eighth.
    let (mv, score) =
        best_at_depth(Variant::LionsUnicorns, "9k/10/10/10/10/10/R9/1R6K1 w - - 0 1", 5);
    assert_eq!(score, Score::Mate(2), "{mv}");
}

/// Plays `moves` from `fen`.
fn game_after(variant: Variant, fen: &str, moves: &str) -> Game {
    let mut game = Game::from_fen(variant, fen).unwrap();
    for mv in moves.split_whitespace() {
        game.play(mv).unwrap();
    }
    game
}

/// White is a queen up (Black's queen is missing); the knights shuffle.
const QUEEN_UP: &str = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn the_losing_side_repeats_for_a_draw() {
    // Black to move; g8 brings the start position back a third time: a draw, better for
    // Black than anything else.
    let game = game_after(Variant::Chess, QUEEN_UP, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    let r = search(&game, Limits::depth(4));
    assert_eq!((r.best.as_deref(), r.score), (Some("f6g8"), Score::Cp(0)));
}

#[test]
fn the_winning_side_avoids_the_repetition() {
    // White to move: Ng1 would let Black repeat the start position a third time.
    let game = game_after(Variant::Chess, QUEEN_UP, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6");
    let r = search(&game, Limits::depth(4));
    assert_ne!(r.best.as_deref(), Some("f3g1"));
    assert!(matches!(r.score, Score::Cp(c) if c > 500), "{:?}", r.score);
}

#[test]
fn the_fifty_move_rule_is_seen_and_mate_beats_it() {
    // On the 100th half-move any quiet move draws; only the capture Rxa5 (losing the rook for
    // a pawn, still a queen against a rook) keeps the win.
    let (mv, score) = best_at_depth(Variant::Chess, "r5k1/8/8/p7/8/8/8/R2Q2K1 w - - 99 80", 4);
    assert_eq!(mv, "a1a5");
    assert!(matches!(score, Score::Cp(c) if c > 200), "{score:?}");
    let (mv, score) = best_at_depth(Variant::Chess, "k7/8/1K6/8/8/8/8/7R w - - 99 80", 3);
    assert_eq!((mv.as_str(), score), ("h1h8", Score::Mate(1)));
}

#[test]
fn a_legal_move_in_every_perft_suite_position() {
    for variant in Variant::ALL {
        let path = format!("{}/tests/perft/{variant}.perft", env!("CARGO_MANIFEST_DIR"));
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let mut searcher = Searcher::new(1, 4);
        let stop = AtomicBool::new(false);
        let mut checked = 0;
        for fen in text.lines().filter_map(|l| l.strip_prefix("epd ")) {
            let game = Game::from_fen(variant, fen.trim()).unwrap();
            let r = searcher.search(&game, &Limits::depth(3), &stop, &mut |_| {});
            match game.outcome() {
                Some(_) => assert_eq!(r.best, None, "{fen}"),
                None => {
                    let mv = r.best.unwrap_or_else(|| panic!("no move in {fen}"));
                    assert!(game.position().legal_moves().contains(&mv), "{mv} in {fen}");
                }
            }
            checked += 1;
        }
        assert!(checked > 0, "{path} has no positions");
    }
}

#[test]
fn two_threads_find_the_same_mate() {
    let game = Game::from_fen(Variant::Chess, "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1").unwrap();
    let mut searcher = Searcher::new(2, 16);
    let stop = AtomicBool::new(false);
    let mut infos = 0;
    let r = searcher.search(&game, &Limits::depth(6), &stop, &mut |_| infos += 1);
    assert_eq!(r.score, Score::Mate(2));
    assert!(infos >= 1);
}

#[test]
fn rollingkings_wins_the_king() {
    // The rook takes the King at once.
    let (mv, score) = best_at_depth(Variant::RollingKings, "R6k/8/8/8/8/8/8/7K w - - 0 1", 3);
    assert_eq!((mv.as_str(), score), ("a8h8", Score::Mate(1)));
    // Black's King must step from h8 to g8 after Black's pawn move, onto the rook's file: any
    // waiting move that keeps the g-file wins the King next move (but not Rg8, which the King
    // would take).
    let (mv, score) = best_at_depth(Variant::RollingKings, "7k/8/8/p7/8/8/6R1/7K w - - 0 1", 4);
    assert_eq!(score, Score::Mate(2), "{mv}");
    assert_ne!(mv, "g2g8");
}

#[test]
fn rollingkings_avoids_walking_into_capture() {
    // Black to move: after Black's move the King steps from h8 to g8, on the file of the rook
    // on g2, which then takes it. Only Ng5 closes the file; every other move loses the King.
    let game = Game::from_fen(Variant::RollingKings, "7k/8/8/8/8/5n2/6R1/K7 b - - 0 1").unwrap();
    let r = search(&game, Limits::depth(4));
    assert_eq!(r.best.as_deref(), Some("f3g5"), "{:?}", r.score);
    assert!(matches!(r.score, Score::Cp(_)), "{:?}", r.score);
}

#[test]
fn seahorses_mates() {
    // The Chancellor mates on the back rank as a rook would.
    let (mv, score) = best_at_depth(Variant::SeaHorses, "6k1/5ppp/8/8/8/8/8/C5K1 w - - 0 1", 3);
    assert_eq!((mv.as_str(), score), ("a1a8", Score::Mate(1)));
}

#[test]
fn every_variant_and_setup_plays_from_the_start() {
    for variant in Variant::ALL {
        for seed in 0..3 {
            let game = Game::new(variant, Setup { seed, ..Setup::default() });
            let r = search(&game, Limits::depth(3));
            let mv = r.best.unwrap_or_else(|| panic!("{variant} seed {seed}: no move"));
            assert!(game.position().legal_moves().contains(&mv), "{variant}: {mv}");
        }
    }
}

#[test]
fn rococo_wins_the_king() {
    // The Kings stand side by side: the one to move takes the other.
    let (mv, score) =
        best_at_depth(Variant::Rococo, "10/10/10/10/4k5/4K5/10/10/10/10 w - - 0 1", 3);
    assert_eq!((mv.as_str(), score), ("e5e6", Score::Mate(1)));
    // The Long Leaper on e2 jumps the King on e5, landing beyond it.
    let (mv, score) =
        best_at_depth(Variant::Rococo, "10/10/10/10/4k5/10/10/7K2/4L5/10 w - - 0 1", 3);
    assert_eq!(score, Score::Mate(1), "{mv}");
    assert!(["e2e6", "e2e7", "e2e8", "e2e9"].contains(&mv.as_str()), "{mv}");
}

#[test]
fn rococo_the_repeater_loses() {
    // Black to move: Ke9 would bring the start position back a third time, and the player
    // who does that loses; any other King step does not.
    let game = game_after(
        Variant::Rococo,
        "10/4k5/10/10/10/10/10/10/4K5/10 w - - 0 1",
        "e2e3 e9e8 e3e2 e8e9 e2e3 e9e8 e3e2",
    );
    let r = search(&game, Limits::depth(3));
    assert_ne!(r.best.as_deref(), Some("e8e9"));
    assert!(!matches!(r.score, Score::Mate(n) if n < 0), "{:?}", r.score);
    // And the move itself loses at once.
    let mut lost = game.clone();
    lost.play("e8e9").unwrap();
    assert!(lost.outcome().is_some());
}

#[test]
fn searchmoves_keep_the_search_to_the_moves_given() {
    // Ra8 mates at once; left to b2b3 and a1a7 the search must choose between those two.
    let game = Game::from_fen(Variant::Chess, "6k1/5ppp/8/8/8/8/1P6/R5K1 w - - 0 1").unwrap();
    let searchmoves = vec!["b2b3".to_string(), "a1a7".to_string()];
    let limits = Limits { depth: Some(4), searchmoves: searchmoves.clone(), ..Limits::default() };
    let r = search(&game, limits);
    let best = r.best.expect("a move");
    assert!(searchmoves.contains(&best), "{best}");
    assert!(!matches!(r.score, Score::Mate(1)), "{:?}", r.score);
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    // Only Ra8 mates in one; the second line must start with another move and score less.
    let game = Game::from_fen(Variant::Chess, "6k1/5ppp/8/8/8/8/1P6/R5K1 w - - 0 1").unwrap();
    let mut searcher = Searcher::new(1, 16);
    let stop = AtomicBool::new(false);
    let mut last_depth: Vec<sissa::search::Info> = Vec::new();
    let limits = Limits { depth: Some(4), multipv: 3, ..Limits::default() };
    let result = searcher.search(&game, &limits, &stop, &mut |info| {
        if last_depth.first().is_some_and(|first| first.depth != info.depth) {
            last_depth.clear();
        }
        last_depth.push(info.clone());
    });
    assert_eq!(result.best.as_deref(), Some("a1a8"));
    let lines: Vec<(usize, &str, Score)> =
        last_depth.iter().map(|i| (i.multipv, i.pv[0].as_str(), i.score)).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], (1, "a1a8", Score::Mate(1)), "{lines:?}");
    assert!(lines[1].1 != "a1a8" && lines[2].1 != "a1a8" && lines[1].1 != lines[2].1);
    assert!(lines.iter().skip(1).all(|l| !matches!(l.2, Score::Mate(_))), "{lines:?}");
    assert_eq!((lines[1].0, lines[2].0), (2, 3));
}

#[test]
fn uc40_mates_with_a_drop() {
    // White holds a credit and a Rook at the front of its drop order. Any move followed by
    // R@h1 mates: the Rook checks along the open h-file, the Knight on e7 covers g8, h7 is on
    // the Rook's file, g7 is Black's own pawn, nothing of Black's can reach the h-file and
    // Black has no credit to drop a blocker.
    let fen = "7k/4N1p1/8/8/8/8/P7/2K5[R/r] w - - 0 1 1,0 -";
    let (mv, score) = best_at_depth(Variant::Uc40, fen, 3);
    assert_eq!(score, Score::Mate(1), "{mv}");
    assert!(mv.ends_with(",R@h1"), "{mv}");
}

#[test]
fn uc40_recaptures_to_complete_the_exchange() {
    // White's Queen has just taken a Knight on d5 (pending `d5:1`). Rxd5 wins the Queen back
    // and completes an exchange in which both sides lost a non-pawn piece: both earn a
    // credit, and Black keeps a Rook against nothing (with or without dropping its Amazon
    // in the same turn, `d8d5,a@..`). Any other move leaves Black a Knight down.
    let fen = "3r3k/8/8/3Q4/8/8/8/4K3[A/a] b - - 0 1 0,0 d5:1";
    let (mv, score) = best_at_depth(Variant::Uc40, fen, 4);
    assert!(mv.starts_with("d8d5"), "{mv}");
    assert!(matches!(score, Score::Cp(cp) if cp > 300), "{score:?}");
}
