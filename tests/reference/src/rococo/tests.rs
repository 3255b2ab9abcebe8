//! Rococo rules tests. Every expectation is reasoned from RULES.md section 5 and the seed's
//! rule page (whose 8x8 diagrams are the inner squares b2..i9 of our board: the seed's a1 is
//! our b2); the reasoning is written next to each assertion.

use super::generate::is_edge;
use super::*;
use crate::common::Piece;

const START: &str = "10/1iulkclus1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1IULKCLUS1/10 w - - 0 1";

/// The placement field for pieces given as `Ke5 pd4 ...` (upper case White, lower case Black).
fn placement_of(pieces: &str) -> String {
    let mut grid = Grid::empty(10, 10);
    for token in pieces.split_whitespace() {
        let letter = token.as_bytes()[0];
        let (file, rank) = parse_square(&token[1..]).expect("test square");
        assert!(grid.get(file, rank).is_none(), "{token} placed twice");
        grid.set(file, rank, Some(Piece::new(letter.is_ascii_uppercase(), letter, 0)));
    }
    grid.placement()
}

/// A FEN with those pieces, `side` to move, clocks `0 1`.
fn fen_of(pieces: &str, side: char) -> String {
    format!("{} {side} - - 0 1", placement_of(pieces))
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn all_moves(fen: &str) -> Vec<String> {
    crate::legal_moves("rococo", fen).expect("test FEN parses")
}

/// The from-square of a notation: its letter and the digits after it.
fn from_square(mv: &str) -> &str {
    let end = mv[1..].find(|c: char| !c.is_ascii_digit()).map_or(mv.len(), |i| i + 1);
    &mv[..end]
}

/// The legal moves that start on `square`, sorted.
fn moves_from(fen: &str, square: &str) -> Vec<String> {
    all_moves(fen).into_iter().filter(|m| from_square(m) == square).collect()
}

fn after(fen: &str, mv: &str) -> String {
    crate::play("rococo", fen, mv).expect("legal test move")
}

fn perft(fen: &str, depth: u32) -> u64 {
    crate::perft("rococo", fen, depth).expect("test FEN parses")
}

// ---------------------------------------------------------------- board, FEN

#[test]
fn the_edge_is_the_outer_ring_of_36_squares() {
    let count = (0..10).flat_map(|f| (0..10).map(move |r| (f, r))).filter(|&s| is_edge(s)).count();
    assert_eq!(count, 36);
    // The mapping examples of RULES.md: Game Courier x9 = a10 and z0 = j1 are corners (edge),
    // d1 = e2 is just inside.
    assert!(is_edge(parse_square("a10").unwrap()));
    assert!(is_edge(parse_square("j1").unwrap()));
    assert!(!is_edge(parse_square("e2").unwrap()));
}

#[test]
fn fen_round_trips() {
    for fen in [
        START,
        "10/1iulkclus1/1pppppppp1/10/10/4S5/10/1PPPPPPPP1/1IULKCL1U1/10 b - - 3 7",
        "4s5/10/10/10/10/4S5/10/10/4K5/k9 b - - 0 1 e5e10",
    ] {
        let pos = Rococo::from_fen(fen).expect("valid FEN");
        assert_eq!(Rococo::to_fen(&pos), fen);
    }
}

#[test]
fn fen_swap_ban_field_accepts_dash_and_either_order() {
    let base = fen_of("Se5 se9 Kb2 ki9", 'b');
    // `-` means no ban, and is not written back.
    let pos = Rococo::from_fen(&format!("{base} -")).unwrap();
    assert_eq!(pos.swap_ban, None);
    assert_eq!(Rococo::to_fen(&pos), base);
    // Either order names the same ban: the swap between e5 and e9 is forbidden.
    for field in ["e5e9", "e9e5"] {
        let fen = format!("{base} {field}");
        let moves = all_moves(&fen);
        assert!(!moves.contains(&"e9e5".to_string()), "{field}");
        assert_eq!(Rococo::to_fen(&Rococo::from_fen(&fen).unwrap()), fen);
    }
    // Without the ban, black's Swapper on e9 may swap with the white one on e5.
    assert!(all_moves(&base).contains(&"e9e5".to_string()));
    // Two-digit ranks.
    let pos = Rococo::from_fen(&format!("{base} a10j1")).unwrap();
    assert_eq!(pos.swap_ban, Some(((0, 9), (9, 0))));
}

#[test]
fn malformed_fens_are_rejected_without_panicking() {
    let good = fen_of("Ke5 ke7", 'w');
    let placement = placement_of("Ke5 ke7");
    let bad = [
        String::new(),
        "w".to_string(),
        format!("{placement} w - - 0"),
        format!("{placement} x - - 0 1"),
        format!("{placement} w KQkq - 0 1"),
        format!("{placement} w - e3 0 1"),
        format!("{placement} w - - a 1"),
        format!("{placement} w - - 0 -1"),
        format!("{placement} w - - 0 1 e5"),
        format!("{placement} w - - 0 1 e5e5"),
        format!("{placement} w - - 0 1 e5k5"),
        format!("{placement} w - - 0 1 e5e11"),
        format!("{placement} w - - 0 1 e0e5"),
        format!("{placement} w - - 0 1 e+5e6"),
        format!("{placement} w - - 0 1 é5e6"),
        format!("{placement} w - - 0 1 e5é6"),
        format!("{placement} w - - 0 1 55"),
        format!("{placement} w - - 0 1 e5e6 x"),
        "10/10/10/10/10/10/10/10/10 w - - 0 1".to_string(),
        "10/10/10/10/10/10/10/10/10/11 w - - 0 1".to_string(),
        "10/10/10/10/10/10/10/10/10/9 w - - 0 1".to_string(),
        "10/10/10/10/10/10/10/10/10/9Q w - - 0 1".to_string(),
        "10/10/10/10/10/10/10/10/10/8K'1 w - - 0 1".to_string(),
        "10/10/10/10/10/10/10/10/10/8é w - - 0 1".to_string(),
        "99/10/10/10/10/10/10/10/10/10 w - - 0 1".to_string(),
    ];
    assert!(Rococo::from_fen(&good).is_ok());
    for fen in bad {
        assert!(Rococo::from_fen(&fen).is_err(), "accepted {fen:?}");
    }
}

// ---------------------------------------------------------------- start position, goal

#[test]
fn start_position_moves() {
    // The back rank is boxed in: every move to rank 1 or to files a/j would enter the edge
    // without capturing, and the pieces on rank 2 have no empty square elsewhere. The pawns
    // step forward or diagonally forward (b3 and i3 not to the a/j files); hops land on own
    // pawns or on the edge. The Swapper on i2 swaps with the first piece on three lines:
    // the Pushme-Pullyu h2 and the pawns h3, i3.
    let expected = sorted(&[
        "b3b4", "b3c4", "c3b4", "c3c4", "c3d4", "d3c4", "d3d4", "d3e4", "e3d4", "e3e4", "e3f4",
        "f3e4", "f3f4", "f3g4", "g3f4", "g3g4", "g3h4", "h3g4", "h3h4", "h3i4", "i3h4", "i3i4",
        "i2h2", "i2h3", "i2i3",
    ]);
    assert_eq!(all_moves(START), expected);
    // Black's start moves are the mirror image; in two plies the armies cannot meet, so
    // every white move leaves Black its 25.
    assert_eq!(perft(START, 1), 25);
    assert_eq!(perft(START, 2), 625);
}

#[test]
fn a_swap_with_own_piece_creates_no_ban() {
    let fen = after(START, "i2i3");
    // The pawn went to i2 by being swapped; the Swapper is on i3; no ban (own piece).
    assert_eq!(fen, "10/1iulkclus1/1pppppppp1/10/10/10/10/1PPPPPPPS1/1IULKCLUP1/10 b - - 1 1");
}

#[test]
fn a_position_without_a_king_has_no_moves() {
    // Black's King is gone: the game is over, neither side moves.
    assert!(all_moves(&fen_of("Ke5 Pe6 pd7", 'w')).is_empty());
    assert!(all_moves(&fen_of("Ke5 Pe6 pd7", 'b')).is_empty());
}

#[test]
fn capturing_the_king_ends_the_game() {
    // Kings may stand side by side (no check); the side to move takes the other King.
    let fen = fen_of("Ke5 ke6", 'w');
    assert!(all_moves(&fen).contains(&"e5e6".to_string()));
    assert!(all_moves(&after(&fen, "e5e6")).is_empty());
}

#[test]
fn a_frozen_king_has_no_move_and_a_side_without_moves_has_none() {
    // The black King on e7 stands next to the white Immobilizer e6: it cannot move and may not
    // commit suicide. Black has nothing else, so Black has no legal move (and loses).
    let fen = fen_of("Ke5 Ie6 ke7", 'b');
    assert!(all_moves(&fen).is_empty());
    // A side's own Immobilizer freezes nothing of its own: the white King moves.
    assert!(!moves_from(&fen_of("Ke5 Ie6 ke7", 'w'), "e5").is_empty());
}

// ---------------------------------------------------------------- King

#[test]
fn king_steps_and_edge() {
    // From b2 the King's squares a1 a2 a3 b1 c1 are edge squares it may enter only to
    // capture; b3 c2 c3 are inside.
    assert_eq!(moves_from(&fen_of("Kb2 ki9", 'w'), "b2"), sorted(&["b2b3", "b2c2", "b2c3"]));
    // With a black pawn on a1 the King may enter a1 to take it; a white pawn on c3 is its own.
    let fen = fen_of("Kb2 pa1 Pc3 ki9", 'w');
    assert_eq!(moves_from(&fen, "b2"), sorted(&["b2a1", "b2b3", "b2c2"]));
}

// ---------------------------------------------------------------- Cannon Pawn

#[test]
fn cannon_pawn_diagram_of_the_seed() {
    // Seed diagram (8x8 = our b2..i9): white P d3, white Advancer d4 (here a white
    // Pushme-Pullyu), black pawns e4 and d5. Ours: P e4, mount U e5, black f5 and e6.
    // '+' steps: c4 c3 e3 c2 d2 e2 = our d5 d4 f4 d3 e3 f3. '*' hop over e4 to f5 = over our
    // f5 to g6. The pawn in [] is captured over the Advancer: our e6 over e5.
    let fen = fen_of("Pe4 Ue5 pf5 pe6 Kc8 kh8", 'w');
    let expected = sorted(&["e4d3", "e4e3", "e4f3", "e4d4", "e4f4", "e4d5", "e4e6", "e4g6"]);
    assert_eq!(moves_from(&fen, "e4"), expected);
    assert_eq!(after(&fen, "e4e6"), fen_of("Ue5 pf5 Pe6 Kc8 kh8", 'b'));
}

#[test]
fn cannon_pawn_never_lands_on_own_piece_nor_captures_by_stepping() {
    // Mount e5 (black) with a white piece beyond: no hop up. The black pawn d5 next to it is
    // a mount too, with c6 beyond empty: a plain hop. No step lands on a piece.
    let fen = fen_of("Pe4 pe5 Pe6 pd5 Kb2 ki9", 'w');
    let expected = sorted(&["e4d3", "e4e3", "e4f3", "e4d4", "e4f4", "e4f5", "e4c6"]);
    assert_eq!(moves_from(&fen, "e4"), expected);
}

#[test]
fn cannon_pawn_edge_hops() {
    // Pawn on a1 (edge): the hop over a2 to a3 enters two edge squares and captures nothing,
    // so it is illegal; b1 is an edge square reached without capture; b2 is a plain step.
    let fen = fen_of("Pa1 Pa2 Kf5 ki9", 'w');
    assert_eq!(moves_from(&fen, "a1"), sorted(&["a1b2"]));
    // With a black piece on a3 the hop captures it (E = 2, the only way to take a3).
    let fen = fen_of("Pa1 Pa2 la3 Kf5 ki9", 'w');
    assert_eq!(moves_from(&fen, "a1"), sorted(&["a1b2", "a1a3"]));
}

// ---------------------------------------------------------------- Long Leaper

#[test]
fn long_leaper_diagram_of_the_seed() {
    // Seed diagram: L a1, black pawns a3, f6, g1 = our L b2, pawns b4, g7, h2. '+' (moves):
    // a2 b2 c3 d4 e5 b1 c1 d1 e1 f1 = our b3 c3 d4 e5 f6 c2 d2 e2 f2 g2. '*' (captures):
    // a4..a8, g7, h8, h1 = our b5..b9, h8, i9, i2. On our board the squares past them (b10,
    // j10, j2) are edge squares that capture the same piece with one more edge square, and
    // a1 a2 a3 b1 c1 are edge squares reached without capture: all illegal.
    let fen = fen_of("Lb2 pb4 pg7 ph2 Kh5 ke8", 'w');
    let expected = sorted(&[
        "b2b3", "b2c3", "b2d4", "b2e5", "b2f6", "b2c2", "b2d2", "b2e2", "b2f2", "b2g2", "b2b5",
        "b2b6", "b2b7", "b2b8", "b2b9", "b2h8", "b2i9", "b2i2",
    ]);
    assert_eq!(moves_from(&fen, "b2"), expected);
    assert_eq!(after(&fen, "b2b9"), fen_of("Lb9 pg7 ph2 Kh5 ke8", 'b'));
}

#[test]
fn long_leaper_multiple_captures_friends_and_pairs() {
    // Up the e-file from e2: e3; over e4 to e5 (takes e4); over e6 to e7, e8 (takes e4 e6);
    // over e9 to e10 (takes all three; e10 is the only landing beyond e9, so the edge is
    // needed).
    let fen = fen_of("Le2 pe4 pe6 pe9 Kb5 ki5", 'w');
    let up: Vec<String> =
        moves_from(&fen, "e2").into_iter().filter(|m| m[2..].starts_with('e')).collect();
    assert_eq!(up, sorted(&["e2e3", "e2e5", "e2e7", "e2e8", "e2e10"]));
    assert_eq!(after(&fen, "e2e10"), fen_of("Le10 Kb5 ki5", 'b'));
    // Two pieces in a row (e4 e5) cannot be jumped: only e3.
    let fen = fen_of("Le2 pe4 pe5 Kb5 ki5", 'w');
    let up: Vec<String> =
        moves_from(&fen, "e2").into_iter().filter(|m| m[2..].starts_with('e')).collect();
    assert_eq!(up, sorted(&["e2e3"]));
    // A friendly piece (e6) stops the line: e3, and e5 over e4.
    let fen = fen_of("Le2 pe4 Pe6 Kb5 ki5", 'w');
    let up: Vec<String> =
        moves_from(&fen, "e2").into_iter().filter(|m| m[2..].starts_with('e')).collect();
    assert_eq!(up, sorted(&["e2e3", "e2e5"]));
}

// ---------------------------------------------------------------- Pushme-Pullyu

#[test]
fn pushme_pullyu_withdraws_and_approaches_at_once() {
    // U e5 with black pawns d5 (behind it when moving right) and h5. Moving right: f5 takes
    // d5 by withdrawal; g5 takes d5 by withdrawal and h5 by approach. Leftward d5 blocks.
    let fen = fen_of("Ue5 pd5 ph5 Kb2 ki2", 'w');
    let sideways: Vec<String> =
        moves_from(&fen, "e5").into_iter().filter(|m| m.ends_with('5')).collect();
    assert_eq!(sideways, sorted(&["e5f5", "e5g5"]));
    assert_eq!(after(&fen, "e5f5"), fen_of("Uf5 ph5 Kb2 ki2", 'b'));
    assert_eq!(after(&fen, "e5g5"), fen_of("Ug5 Kb2 ki2", 'b'));
}

#[test]
fn pushme_pullyu_moves_on_the_ring_only_to_capture_minimally() {
    // U a5 (edge) with black pieces a6 and a1. Going down every square is an edge square:
    // a4 takes a6 by withdrawal (E 1); a3 takes the same with E 2: illegal; a2 takes a6 and,
    // by approach, a1 (E 3, a different set): legal. Up is blocked by a6. Into the board:
    // b5..i5 (E 0) are moves; j5 would enter the edge without capture. Diagonals b6..e9 and
    // b4..d2 likewise end before the far edge (e1 is edge).
    let fen = fen_of("Ua5 la6 la1 Kf2 kf9", 'w');
    let expected = sorted(&[
        "a5a4", "a5a2", "a5b5", "a5c5", "a5d5", "a5e5", "a5f5", "a5g5", "a5h5", "a5i5", "a5b6",
        "a5c7", "a5d8", "a5e9", "a5b4", "a5c3", "a5d2",
    ]);
    assert_eq!(moves_from(&fen, "a5"), expected);
    assert_eq!(after(&fen, "a5a2"), fen_of("Ua2 Kf2 kf9", 'b'));
}

#[test]
fn pushme_pullyu_withdrawal_is_compulsory() {
    // Every move up from e5 withdraws from the black pawn e4 and takes it: e6..e9; e10
    // would take the same pawn with one edge square more.
    let fen = fen_of("Ue5 pe4 Kb2 ki2", 'w');
    let up: Vec<String> =
        moves_from(&fen, "e5").into_iter().filter(|m| m[2..].starts_with('e')).collect();
    assert_eq!(up, sorted(&["e5e6", "e5e7", "e5e8", "e5e9"]));
    assert_eq!(after(&fen, "e5e8"), fen_of("Ue8 Kb2 ki2", 'b'));
}

// ---------------------------------------------------------------- Immobilizer

#[test]
fn frozen_pieces_may_only_commit_suicide() {
    // The black Long Leaper e6 stands next to the white Immobilizer e5: its only move is to
    // remove itself. The black King i9 moves normally (h8 h9 i8).
    let fen = fen_of("Ie5 le6 Kb2 ki9", 'b');
    assert_eq!(all_moves(&fen), sorted(&["e6e6", "i9h8", "i9h9", "i9i8"]));
    assert_eq!(after(&fen, "e6e6"), "10/8k1/10/10/10/4I5/10/10/1K8/10 w - - 0 2");
}

#[test]
fn opposing_immobilizers_freeze_each_other_and_still_freeze() {
    // White I e5 and black i e6 are both frozen. The frozen white Immobilizer still freezes
    // the black pawn f4.
    let white = fen_of("Ie5 ie6 pf4 Kb2 ki9", 'w');
    assert_eq!(all_moves(&white), sorted(&["b2b3", "b2c2", "b2c3", "e5e5"]));
    let black = fen_of("Ie5 ie6 pf4 Kb2 ki9", 'b');
    assert_eq!(all_moves(&black), sorted(&["e6e6", "f4f4", "i9h8", "i9h9", "i9i8"]));
    // After the black Immobilizer's suicide the white one moves again.
    let fen = after(&black, "e6e6");
    assert!(moves_from(&fen, "e5").len() > 1);
}

#[test]
fn immobilizer_never_enters_the_ring() {
    // I b5: a4 a5 a6 are edge squares and an Immobilizer never captures. Up b6..b9 (b10
    // edge), down b4..b2 (b1 edge), right c5..e5 (the own King on f5), diagonals c6 d7 e8 f9
    // (g10 edge) and c4 d3 e2 (f1 edge).
    let fen = fen_of("Ib5 Kf5 ki2", 'w');
    let expected = sorted(&[
        "b5b6", "b5b7", "b5b8", "b5b9", "b5b4", "b5b3", "b5b2", "b5c5", "b5d5", "b5e5", "b5c6",
        "b5d7", "b5e8", "b5f9", "b5c4", "b5d3", "b5e2",
    ]);
    assert_eq!(moves_from(&fen, "b5"), expected);
}

// ---------------------------------------------------------------- Swapper

#[test]
fn swapper_slides_swaps_and_destroys() {
    // S e5. Right f5..i5 (j5 edge); left d5 then the own King c5: swap; up e6..e9; down
    // e4..e2; up-right the black pawn f6: swap, or mutual destruction; up-left d6 c7 b8;
    // down-right f4 g3 h2; down-left d4 c3 b2. The black King h8 is behind the pawn.
    let fen = fen_of("Se5 Kc5 pf6 kh8", 'w');
    let expected = sorted(&[
        "e5f5", "e5g5", "e5h5", "e5i5", "e5d5", "e5c5", "e5e6", "e5e7", "e5e8", "e5e9", "e5e4",
        "e5e3", "e5e2", "e5f6", "e5xf6", "e5d6", "e5c7", "e5b8", "e5f4", "e5g3", "e5h2", "e5d4",
        "e5c3", "e5b2",
    ]);
    assert_eq!(moves_from(&fen, "e5"), expected);
    // The swap with the own King: no ban (same side); the clock counts on.
    assert_eq!(after(&fen, "e5c5"), fen_of("Sc5 Ke5 pf6 kh8", 'b').replace(" 0 1", " 1 1"));
    // Mutual destruction removes both pieces.
    assert_eq!(after(&fen, "e5xf6"), fen_of("Kc5 kh8", 'b'));
    // The swap with the enemy pawn is no capture: the pawn ends on e5.
    assert_eq!(after(&fen, "e5f6"), fen_of("pe5 Kc5 Sf6 kh8", 'b').replace(" 0 1", " 1 1"));
}

#[test]
fn swapper_swaps_with_kings_and_onto_the_ring() {
    // The first piece up the e-file is the black King on e10, an edge square: the swap
    // counts as a capture for the edge rule, so it is legal. Mutual destruction with the
    // adjacent black King d4 removes it and ends the game.
    let fen = fen_of("Se5 ke10 Kb2 Ld4", 'w');
    assert!(moves_from(&fen, "e5").contains(&"e5e10".to_string()));
    let fen = fen_of("Se5 kd4 Kb2", 'w');
    let moves = moves_from(&fen, "e5");
    assert!(moves.contains(&"e5d4".to_string()) && moves.contains(&"e5xd4".to_string()));
    assert!(all_moves(&after(&fen, "e5xd4")).is_empty());
}

#[test]
fn swap_and_mutual_destruction_on_the_edge_are_both_legal() {
    // S b2 next to a black pawn on a1: the swap (E 1) captures "a1, swapped", which no other
    // move equals, and the mutual destruction enters no square. Both are legal.
    let fen = fen_of("Sb2 pa1 Kf5 ki9", 'w');
    let moves = moves_from(&fen, "b2");
    assert!(moves.contains(&"b2a1".to_string()) && moves.contains(&"b2xa1".to_string()));
}

#[test]
fn immobilizer_may_be_swapped_onto_the_ring() {
    // S a5 (edge) swaps with its own Immobilizer c5: the Immobilizer lands on a5.
    let fen = fen_of("Sa5 Ic5 Kf2 ki9", 'w');
    assert!(moves_from(&fen, "a5").contains(&"a5c5".to_string()));
    assert_eq!(after(&fen, "a5c5"), fen_of("Ia5 Sc5 Kf2 ki9", 'b').replace(" 0 1", " 1 1"));
}

#[test]
fn frozen_swapper_cannot_destroy() {
    // S e5 next to the black Immobilizer e6 (and a black pawn d5): no swap, no mutual
    // destruction with d5 or e6, only suicide.
    let fen = fen_of("Se5 ie6 pd5 Kb2 ki9", 'w');
    assert_eq!(all_moves(&fen), sorted(&["b2b3", "b2c2", "b2c3", "e5e5"]));
}

// ---------------------------------------------------------------- swap-back ban

#[test]
fn swap_back_ban_after_swapper_swaps() {
    // White S e5 swaps with black s e9: the ban `e5e9` is written. Black's Swapper, now on
    // e5, may not swap back with e9 on this ply; its other moves stay.
    let fen = fen_of("Se5 se9 Kb2 ki2", 'w');
    let banned = after(&fen, "e5e9");
    assert_eq!(banned, format!("{} e5e9", fen_of("se5 Se9 Kb2 ki2", 'b').replace(" 0 1", " 1 1")));
    let black = all_moves(&banned);
    assert!(!black.contains(&"e5e9".to_string()));
    assert!(black.contains(&"e5e6".to_string()));
    // After one more ply the ban is gone: Black plays the King, White may swap back.
    let later = after(&banned, "i2h2");
    assert_eq!(later.split_whitespace().count(), 6);
    assert!(all_moves(&later).contains(&"e9e5".to_string()));
}

#[test]
fn swap_back_ban_does_not_forbid_mutual_destruction() {
    // Adjacent Swappers: after e5e6 the black Swapper on e5 may not swap back (e5e6) but may
    // destroy (e5xe6).
    let fen = fen_of("Se5 se6 Kb2 ki2", 'w');
    let banned = after(&fen, "e5e6");
    assert!(banned.ends_with(" e5e6"));
    let black = moves_from(&banned, "e5");
    assert!(!black.contains(&"e5e6".to_string()));
    assert!(black.contains(&"e5xe6".to_string()));
}

#[test]
fn swap_back_ban_between_swapper_and_chameleon() {
    // White S e5 swaps with the black Chameleon e9: banned pair. The Chameleon, now on e5,
    // could otherwise swap with the white Swapper e9 (mimicking it); not on this ply.
    let fen = fen_of("Se5 ce9 Kb2 ki2", 'w');
    let banned = after(&fen, "e5e9");
    assert!(banned.ends_with(" e5e9"));
    assert!(!moves_from(&banned, "e5").contains(&"e5e9".to_string()));
    let unbanned = banned.trim_end_matches(" e5e9");
    assert!(moves_from(unbanned, "e5").contains(&"e5e9".to_string()));
    // A Chameleon's swap with an enemy Swapper creates the ban too, written from the
    // Chameleon's squares.
    let fen = fen_of("Ce5 se9 Kb2 ki2", 'w');
    let banned = after(&fen, "e5e9");
    assert!(banned.ends_with(" e5e9"));
    assert!(!moves_from(&banned, "e5").contains(&"e5e9".to_string()));
    // A Swapper's swap with an enemy Long Leaper creates no ban.
    let fen = fen_of("Se5 le9 Kb2 ki2", 'w');
    assert_eq!(after(&fen, "e5e9").split_whitespace().count(), 6);
}

// ---------------------------------------------------------------- Chameleon

#[test]
fn chameleon_example_of_the_seed() {
    // Seed: white Withdrawer a1, black Chameleon a2, white Long Leaper a3, white Advancer a5
    // (both Pushme-Pullyus here) = our U b2, c b3, L b4, U b6. The Chameleon leaps the Long
    // Leaper to b5 (seed a4), withdrawing from b2 and approaching b6: all three taken.
    // Its other moves capture nothing: right c3..i3 (j3 edge), up-right c4..h9 (i10 edge),
    // down-right c2 (d1 edge); a2 a3 a4 are edge squares; down is blocked by b2 (no hop: b1
    // holds no pawn).
    let fen = fen_of("Ub2 cb3 Lb4 Ub6 Kh2 ke9", 'b');
    let expected = sorted(&[
        "b3b5", "b3c3", "b3d3", "b3e3", "b3f3", "b3g3", "b3h3", "b3i3", "b3c4", "b3d5", "b3e6",
        "b3f7", "b3g8", "b3h9", "b3c2",
    ]);
    assert_eq!(moves_from(&fen, "b3"), expected);
    assert_eq!(after(&fen, "b3b5"), format!("{} w - - 0 2", placement_of("cb5 Kh2 ke9")));
}

#[test]
fn chameleon_overtakes_only_long_leapers_and_approaches_pushme_pullyus() {
    // c b5 on rank 5: d5 is a white Long Leaper, f5 a white Pushme-Pullyu. c5: a plain
    // move; e5: overtakes d5 and approaches f5 (both taken); nothing past f5 (not a Leaper).
    let fen = fen_of("cb5 Ld5 Uf5 Kb2 ki9", 'b');
    let right: Vec<String> =
        moves_from(&fen, "b5").into_iter().filter(|m| m.ends_with('5')).collect();
    assert_eq!(right, sorted(&["b5c5", "b5e5"]));
    assert_eq!(after(&fen, "b5e5"), format!("{} w - - 0 2", placement_of("ce5 Kb2 ki9")));
    // Two Long Leapers d5 f5: c5 plain; e5 takes d5; g5 h5 i5 take both; j5 would take both
    // with an edge square more.
    let fen = fen_of("cb5 Ld5 Lf5 Kb2 ki9", 'b');
    let right: Vec<String> =
        moves_from(&fen, "b5").into_iter().filter(|m| m.ends_with('5')).collect();
    assert_eq!(right, sorted(&["b5c5", "b5e5", "b5g5", "b5h5", "b5i5"]));
    // A white Swapper f5 behind the Leaper d5 is not the first piece on the line: no swap
    // b5f5, only c5 and e5 (over d5).
    let fen = fen_of("cb5 Ld5 Sf5 Kb2 ki9", 'b');
    let right: Vec<String> =
        moves_from(&fen, "b5").into_iter().filter(|m| m.ends_with('5')).collect();
    assert_eq!(right, sorted(&["b5c5", "b5e5"]));
}

#[test]
fn chameleon_hop_with_withdrawal_and_approach() {
    // Black c e5 moving up: behind it the white Pushme-Pullyu e4 (withdrawal), the mount e6
    // (a black pawn), the white pawn e7 (hop capture), the white Pushme-Pullyu e8 beyond it
    // (approach). e5e7 takes e4, e7 and e8.
    let fen = fen_of("Ue4 ce5 pe6 Pe7 Ue8 Kb2 ki2", 'b');
    assert!(moves_from(&fen, "e5").contains(&"e5e7".to_string()));
    assert_eq!(after(&fen, "e5e7"), format!("{} w - - 0 2", placement_of("pe6 ce7 Kb2 ki2")));
}

#[test]
fn chameleon_swap_with_approach_and_withdrawal() {
    // Black c e5 swaps with the white Swapper e8 (first piece up the file), withdrawing from
    // the white U e4 and approaching the white U e9: both taken, the swap stands, and the
    // pair is banned from swapping back.
    let fen = fen_of("Ue4 ce5 Se8 Ue9 Kb2 ki2", 'b');
    assert_eq!(after(&fen, "e5e8"), format!("{} w - - 0 2 e5e8", placement_of("Se5 ce8 Kb2 ki2")));
    // Mutual destruction needs the Swapper next to the Chameleon: not here.
    assert!(!moves_from(&fen, "e5").contains(&"e5xe8".to_string()));
}

#[test]
fn chameleon_king_step_and_mutual_destruction() {
    // Black c e5 next to the white King e6: it takes it by a king step. Next to the white
    // Swapper d4: swap e5d4 or mutual destruction e5xd4. The white pawn f5 next to it cannot
    // be taken by a step (no piece behind it to hop over either), and the white Chameleon d6
    // is never taken.
    let fen = fen_of("ce5 Ke6 Sd4 Pf5 Cd6 ki2", 'b');
    let moves = moves_from(&fen, "e5");
    assert!(moves.contains(&"e5e6".to_string()));
    assert!(moves.contains(&"e5d4".to_string()));
    assert!(moves.contains(&"e5xd4".to_string()));
    assert!(!moves.contains(&"e5f5".to_string()));
    assert!(!moves.contains(&"e5d6".to_string()));
    assert!(all_moves(&after(&fen, "e5e6")).is_empty());
    assert_eq!(after(&fen, "e5xd4"), format!("{} w - - 0 2", placement_of("Ke6 Pf5 Cd6 ki2")));
}

#[test]
fn chameleon_never_captures_chameleons_or_immobilizers_by_any_means() {
    // Black c e5: white Chameleon e7 with e8 empty (as if to overtake it), white Immobilizer
    // g5 two squares away (as if to approach it), white Chameleon e4 behind it when moving up
    // (as if to withdraw from it). None is ever taken: no move of the Chameleon captures.
    let fen = fen_of("ce5 Ce7 Ig5 Ce4 Kb2 ki2", 'b');
    let moves = moves_from(&fen, "e5");
    assert!(moves.contains(&"e5e6".to_string()) && moves.contains(&"e5f5".to_string()));
    for mv in moves {
        let next = Rococo::from_fen(&after(&fen, &mv)).unwrap();
        let white = next.grid.cells.iter().flatten().filter(|p| p.white).count();
        assert_eq!(white, 4, "{mv} captured");
    }
}

#[test]
fn chameleon_and_enemy_immobilizer_freeze_each_other_only() {
    // White C e5 next to the black Immobilizer e6: both are frozen. The black Long Leaper d4
    // next to the white Chameleon is not frozen (a Chameleon freezes nothing else). The white
    // pawn f6 next to the black Immobilizer is frozen.
    let white = fen_of("Ce5 ie6 ld4 Pf6 Kb2 ki9", 'w');
    assert_eq!(all_moves(&white), sorted(&["b2b3", "b2c2", "b2c3", "e5e5", "f6f6"]));
    let black = fen_of("Ce5 ie6 ld4 Pf6 Kb2 ki9", 'b');
    assert_eq!(moves_from(&black, "e6"), sorted(&["e6e6"]));
    assert!(moves_from(&black, "d4").contains(&"d4d5".to_string()));
    // The Chameleon frozen by the Immobilizer may commit suicide, after which the Immobilizer
    // is free.
    let fen = after(&white, "e5e5");
    assert!(moves_from(&fen, "e6").len() > 1);
}

#[test]
fn chameleon_reaches_the_edge_only_as_little_as_a_capture_needs() {
    // Black c e5 withdrawing from the white U e4: e6..e9 take it (E 0); e10 would take the
    // same with one edge square: illegal.
    let fen = fen_of("Ue4 ce5 Kb2 ki2", 'b');
    let up: Vec<String> =
        moves_from(&fen, "e5").into_iter().filter(|m| m[2..].starts_with('e')).collect();
    assert_eq!(up, sorted(&["e5e6", "e5e7", "e5e8", "e5e9"]));
}

// ---------------------------------------------------------------- edge rule in general

#[test]
fn long_leaper_on_the_ring_lands_as_near_as_possible() {
    // L a3 with a black pawn a5. Up the a-file every square is edge: a4 plain (illegal), a6
    // over a5 (E 3) is the only legal landing, a7.. take the same with more edge squares.
    // Down a2 a1: edge without capture. Right b3..i3 and the diagonals inside are fine.
    let fen = fen_of("La3 pa5 Kf5 ki9", 'w');
    let file_a: Vec<String> =
        moves_from(&fen, "a3").into_iter().filter(|m| m[2..].starts_with('a')).collect();
    assert_eq!(file_a, sorted(&["a3a6"]));
}

#[test]
fn edge_ties_are_all_legal() {
    // White P e8 hops over its own pawn e9 onto the black pawn on the edge square e10 (E 1).
    // White has only its King and pawns on the board, so C I L S U are all off the board: the
    // plain capture and the five promotions capture the same set with the same edge count.
    let fen = fen_of("Pe8 Pe9 pe10 Kb2 ki2", 'w');
    let to_e10: Vec<String> =
        moves_from(&fen, "e8").into_iter().filter(|m| m[2..].starts_with("e10")).collect();
    assert_eq!(to_e10, sorted(&["e8e10", "e8e10c", "e8e10i", "e8e10l", "e8e10s", "e8e10u"]));
}

// ---------------------------------------------------------------- promotion

/// White's full army besides pawns, on squares out of the way: K b2, C b4, I b5, L b6 b7,
/// S c4, U c5 c6.
const FULL_WHITE: &str = "Kb2 Cb4 Ib5 Lb6 Lb7 Sc4 Uc5 Uc6";

#[test]
fn no_promotion_while_every_type_is_on_the_board() {
    // P e8: d7 e7 f7 d8 f8 lie outside the zone (White: ranks 9-10); d9 e9 f9 lie in it, but
    // no type is off the board.
    let fen = fen_of(&format!("{FULL_WHITE} Pe8 ki2"), 'w');
    let expected = sorted(&["e8d7", "e8e7", "e8f7", "e8d8", "e8f8", "e8d9", "e8e9", "e8f9"]);
    assert_eq!(moves_from(&fen, "e8"), expected);
}

#[test]
fn promotion_to_off_board_types_is_optional() {
    // Without the Swapper and one Long Leaper, L (1 < 2) and S (0 < 1) are available on the
    // zone squares d9 e9 f9, beside the plain move (RULES.md's `e8e9l`).
    let fen = fen_of("Kb2 Cb4 Ib5 Lb6 Uc5 Uc6 Pe8 ki2", 'w');
    let expected = sorted(&[
        "e8d7", "e8e7", "e8f7", "e8d8", "e8f8", "e8d9", "e8e9", "e8f9", "e8d9l", "e8e9l", "e8f9l",
        "e8d9s", "e8e9s", "e8f9s",
    ]);
    assert_eq!(moves_from(&fen, "e8"), expected);
    assert_eq!(after(&fen, "e8e9l"), fen_of("Kb2 Cb4 Ib5 Lb6 Uc5 Uc6 Le9 ki2", 'b'));
}

#[test]
fn promotion_from_inside_the_zone() {
    // P e9 without a Swapper: d9 f9 are zone squares (offer s), d8 e8 f8 are not, d10 e10
    // f10 are edge squares reached without capture.
    let fen = fen_of("Kb2 Cb4 Ib5 Lb6 Lb7 Uc5 Uc6 Pe9 ki2", 'w');
    let expected = sorted(&["e9d8", "e9e8", "e9f8", "e9d9", "e9f9", "e9d9s", "e9f9s"]);
    assert_eq!(moves_from(&fen, "e9"), expected);
}

#[test]
fn black_promotes_on_ranks_two_and_one() {
    // Black p e3 with black missing a Long Leaper: d2 e2 f2 offer l; d3 f3 d4 e4 f4 do not.
    let fen = fen_of("kb9 cb7 ib6 lb5 sc7 uc6 uc5 pe3 Ki9", 'b');
    let expected = sorted(&[
        "e3d2", "e3e2", "e3f2", "e3d2l", "e3e2l", "e3f2l", "e3d3", "e3f3", "e3d4", "e3e4", "e3f4",
    ]);
    assert_eq!(moves_from(&fen, "e3"), expected);
}

#[test]
fn pieces_lost_by_mutual_destruction_or_suicide_are_off_the_board() {
    // The white Swapper e5 destroys itself with the black pawn e6; after a black King move
    // the white pawn c8 may promote to a Swapper on c9.
    let fen = fen_of("Kb2 Cb4 Ib5 Lb6 Lb7 Se5 Uc5 Uc6 pe6 Pc8 ki2", 'w');
    assert!(!moves_from(&fen, "c8").contains(&"c8c9s".to_string()));
    let fen = after(&after(&fen, "e5xe6"), "i2h2");
    assert!(moves_from(&fen, "c8").contains(&"c8c9s".to_string()));
    // The same after the frozen Swapper's suicide (frozen by the black Immobilizer e6).
    let fen = fen_of("Kb2 Cb4 Ib5 Lb6 Lb7 Se5 Uc5 Uc6 ie6 Pc8 ki2", 'w');
    let fen = after(&after(&fen, "e5e5"), "i2h2");
    assert!(moves_from(&fen, "c8").contains(&"c8c9s".to_string()));
}

#[test]
fn a_pawn_swapped_into_the_zone_does_not_promote() {
    // The Swapper e9 swaps with its own pawn e5: the pawn arrives on e9 by being swapped.
    let fen = fen_of("Kb2 Pe5 Se9 ki2", 'w');
    let swaps: Vec<String> =
        moves_from(&fen, "e9").into_iter().filter(|m| m.starts_with("e9e5")).collect();
    assert_eq!(swaps, sorted(&["e9e5"]));
}

// ---------------------------------------------------------------- clocks

#[test]
fn halfmove_clock_and_fullmove_number() {
    let fen = format!("{} w - - 5 7", placement_of("Kb2 Pe5 pe7 ki9"));
    // A King move: +1; the fullmove number changes after Black's move only.
    let fen = after(&fen, "b2c3");
    assert!(fen.ends_with(" b - - 6 7"), "{fen}");
    let fen = after(&fen, "i9h8");
    assert!(fen.ends_with(" w - - 7 8"), "{fen}");
    // A pawn move resets it.
    let fen = after(&fen, "e5e6");
    assert!(fen.ends_with(" b - - 0 8"), "{fen}");
}

// ---------------------------------------------------------------- perft by hand

#[test]
fn perft_two_kings_in_the_corners() {
    // White K b2: b3 c2 c3 (the rest is edge). Black k i9: h8 h9 i8. Then White's King from
    // b3: b2 b4 c2 c3 c4 (5); from c2: b2 b3 c3 d2 d3 (5); from c3: all 8.
    let fen = fen_of("Kb2 ki9", 'w');
    assert_eq!(perft(&fen, 1), 3);
    assert_eq!(perft(&fen, 2), 9);
    assert_eq!(perft(&fen, 3), 3 * 5 + 3 * 5 + 3 * 8);
}

#[test]
fn perft_kings_face_to_face() {
    // White K e5: 8 steps. Black k e7: 8 steps whatever White did (a white King on d6, e6 or
    // f6 is simply captured by one of them).
    let fen = fen_of("Ke5 ke7", 'w');
    assert_eq!(perft(&fen, 1), 8);
    assert_eq!(perft(&fen, 2), 64);
}

#[test]
fn perft_king_and_pawn() {
    // White: K b2 (3 moves) and P e5 (8 steps, all inside). Black: k i9 (3), whatever White
    // did (nothing reaches i9's neighbourhood).
    let fen = fen_of("Kb2 Pe5 ki9", 'w');
    assert_eq!(perft(&fen, 1), 11);
    assert_eq!(perft(&fen, 2), 33);
}

// ---------------------------------------------------------------- consistency

/// A busy made-up position: every piece type, frozen pieces, Chameleon mimicry chances.
const MIDDLEGAME: &str =
    "10/2i1k1l1s1/1p1cp1pu2/3u1p1p2/2pP1L1U2/1PlSC1P3/3P1Pi1P1/1IU1K1L3/10/10 w - - 4 15";

#[test]
fn middlegame_move_counts_by_hand() {
    // White, piece by piece. The black Immobilizer g4 freezes L g3, P f4, P g5 (3 suicides).
    // I b3: b4 b2 c4 c2 (4). P b5: b4 b6 c4, hop over c6 onto the u d7 (4). U c3: c4 (takes
    // c5 by approach) c2 d3 b4 d2 b2 (6). K e3: d2 e2 f2 d3 f3 e4 (6). P d4: steps c4 d3 e4,
    // hops over c3 to b2, over c5 to b6, over e3 to f2 (6). S d5: slides c4 e4 f3 g2 e6,
    // swaps b3 c5 c6 d4 d6 e5 f7, destroys c5 c6 (14). P d6: steps c7 e7 e6, hops over c5 to
    // b4, over c6 to b6, over d7 onto the c d8 (6). C e5: e6 e7 e4 f5 (4). L f6: f8 f9 over
    // f7, f5 g6 e6 g7 e7 (7). U h6: h5..h2 taking h7 (h1 would take it with an edge square),
    // g6 i6 i7 g7 i5, f8 approaching the King e9 (10). P i4: h3 h4 h5 i3 i5 (5).
    // 3 + 4 + 4 + 6 + 6 + 6 + 14 + 6 + 4 + 7 + 10 + 5 = 75.
    assert_eq!(perft(MIDDLEGAME, 1), 75);
    // Black: p b8 4, l c5 7 (a5 over b5 onto the ring, c2 over c3, e7 f8 over d6), p c6 6,
    // i c9 4, u d7 7, c d8 6 (d6: hop over its own u onto the pawn), p e8 6, k e9 3, p f7 8,
    // i g4 9 (not frozen: no white Immobilizer or Chameleon next to it), p g8 7, l g9 4,
    // p h7 8, u h8 4 (g7 approaches the Leaper f6), s i9 8 (swaps g9 h8 i4): 91.
    let black = MIDDLEGAME.replace(" w ", " b ");
    assert_eq!(perft(&black, 1), 91);
}

#[test]
fn swap_back_ban_in_a_busy_position() {
    // White's Swapper has just swapped d5 -> f7 with the black Swapper (now on d5). Black's
    // Swapper: slides d6 d7 d8 d4 d3 d2 c5 b5 c6 b7 c4 b3 e5 e6; swaps with its own King d9
    // and Pushme-Pullyu f5 and the white Chameleon e4; destroys e4. Not the swap back d5f7.
    let fen = "10/3k2c3/10/2l2S4/6P3/3s1u4/4C5/10/4K5/10 b - - 1 20 d5f7";
    let expected = sorted(&[
        "d5d6", "d5d7", "d5d8", "d5d4", "d5d3", "d5d2", "d5c5", "d5b5", "d5c6", "d5b7", "d5c4",
        "d5b3", "d5e5", "d5e6", "d5d9", "d5f5", "d5e4", "d5xe4",
    ]);
    assert_eq!(moves_from(fen, "d5"), expected);
}

#[test]
fn ring_pieces_and_promotion_position_by_hand() {
    // L a1 leaves the corner only inward (b2 c3 d4); P b9 steps b8 c8 c9 and promotes to the
    // missing Swapper on c9; U e8 withdraws from the c e9 (e7 e6) and the p d8 (f8, and g8
    // approaching the i h8 as well), d9 approaches the l c10, and slides f9 f7 g6 h5 i4 d7
    // c6 b5; U i1 leaves the ring upward (i2..i6) or by h2 g3; g9 and i7 stand frozen by the
    // i h8.
    let fen = "2l1k3s1/1P2c1P3/3pU2i2/1u6L1/10/4C5/2p2I1u2/10/3K5p/L7U1 w - - 0 30";
    assert_eq!(moves_from(fen, "a1"), sorted(&["a1b2", "a1c3", "a1d4"]));
    assert_eq!(moves_from(fen, "b9"), sorted(&["b9b8", "b9c8", "b9c9", "b9c9s"]));
    let expected = sorted(&[
        "e8e7", "e8e6", "e8f8", "e8g8", "e8d9", "e8f9", "e8f7", "e8g6", "e8h5", "e8i4", "e8d7",
        "e8c6", "e8b5",
    ]);
    assert_eq!(moves_from(fen, "e8"), expected);
    let expected = sorted(&["i1i2", "i1i3", "i1i4", "i1i5", "i1i6", "i1h2", "i1g3"]);
    assert_eq!(moves_from(fen, "i1"), expected);
    assert_eq!(moves_from(fen, "g9"), sorted(&["g9g9"]));
    assert_eq!(moves_from(fen, "i7"), sorted(&["i7i7"]));
    assert_eq!(
        after(fen, "e8g8"),
        "2l1k3s1/1P2c1P3/6U3/1u6L1/10/4C5/2p2I1u2/10/3K5p/L7U1 b - - 0 30"
    );
}

#[test]
fn notations_are_unique_and_positions_round_trip() {
    let pos = Rococo::from_fen(MIDDLEGAME).unwrap();
    assert_eq!(Rococo::to_fen(&pos), MIDDLEGAME);
    for (mv, child) in Rococo::moves(&pos) {
        let mut names: Vec<String> = Rococo::moves(&child).into_iter().map(|(m, _)| m).collect();
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count, "duplicate notation after {mv}");
        let fen = Rococo::to_fen(&child);
        assert_eq!(Rococo::to_fen(&Rococo::from_fen(&fen).unwrap()), fen);
    }
}
