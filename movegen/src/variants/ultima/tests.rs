//! Ultima, RULES.md section 7, in whole positions: the start counted against the rules'
//! independent perft, and each capture worked out by hand from the rule text (the Pincer
//! Pawn's custodianship, the Coordinator's crossing squares, and the Chameleon's mimicry of
//! both), with check by those methods. Kings stand out of the way unless a test is about them.

use super::*;
use crate::perft::perft;

fn position(fen: &str) -> Position<Ultima> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The FEN after the legal move `mv`.
fn play(fen: &str, mv: &str) -> String {
    let mut pos = position(fen);
    let m = pos.parse_move(mv).unwrap_or_else(|| panic!("{mv} is not legal in {fen}"));
    pos.make(m);
    pos.to_fen()
}

#[test]
fn the_start_counts_as_the_rules_independent_perft() {
    // Only the Pincer Pawns can move at first: four rook steps up each file.
    let mut pos = position(START_FEN);
    assert_eq!(perft(&mut pos, 1), 32);
    assert_eq!(perft(&mut pos, 2), 944);
    assert_eq!(perft(&mut pos, 3), 42762);
}

#[test]
#[ignore = "takes a while; run with --ignored"]
fn the_start_counts_as_the_rules_independent_perft_at_depth_four() {
    assert_eq!(perft(&mut position(START_FEN), 4), 1_850_161);
}

#[test]
fn a_pincer_pawn_captures_the_enemy_it_stops_next_to_against_a_friend_beyond() {
    // The pawn b4 slides to d4. d5 (Black's Withdrawer) has White's Long Leaper on d6 beyond
    // it: captured. e5 (Black's Long Leaper) is diagonal to d4, with White's Immobilizer
    // on f6 beyond it on the diagonal: a pawn pinches nothing diagonally.
    let fen = "7k/8/3L1I2/3wl3/1P6/8/8/7K w - - 0 1";
    assert_eq!(play(fen, "b4d4"), "7k/8/3L1I2/4l3/3P4/8/8/7K b - - 0 1");
    // A move that stops next to nothing captures nothing, and the count goes on.
    assert_eq!(play(fen, "b4b5"), "7k/8/3L1I2/1P1wl3/8/8/8/7K b - - 1 1");
}

#[test]
fn a_pincer_pawn_captures_up_to_three_and_any_friend_holds_the_far_side() {
    // a4-d4 pinches d5 against White's King on d6, e4 against the pawn f4 and d3 against the
    // pawn d2; the square it came from (c4) is empty. White was in check (the Withdrawer d5
    // could withdraw from d6 to d4), and the capture parries it.
    let fen = "7k/8/3K4/3w4/P3oP2/3l4/3P4/8 w - - 0 1";
    assert!(Ultima::in_check(&position(fen)));
    assert_eq!(play(fen, "a4d4"), "7k/8/3K4/8/3P1P2/8/3P4/8 b - - 0 1");
}

#[test]
fn a_coordinator_captures_where_its_lines_cross_its_kings() {
    // King e1; the Coordinator a3-a5 crosses it on a1 (its file, the King's rank) and e5 (the
    // King's file, its rank): both Black pieces go. a3-a4 crosses on a1 and e4: only a1.
    let fen = "7k/8/8/4w3/8/O7/8/p3K3 w - - 0 1";
    assert_eq!(play(fen, "a3a5"), "7k/8/8/O7/8/8/8/4K3 b - - 0 1");
    assert_eq!(play(fen, "a3a4"), "7k/8/8/4w3/O7/8/8/4K3 b - - 0 1");
    // On the King's rank it captures nothing.
    assert_eq!(play(fen, "a3b3"), "7k/8/8/4w3/8/1O6/8/p3K3 b - - 1 1");
}

#[test]
fn a_chameleon_pinches_pincer_pawns_only_after_an_orthogonal_move() {
    // b4-d4 along the rank: the Pincer Pawn d5 is pinched against the Long Leaper d6; the
    // Withdrawer e4 between d4 and the Immobilizer f4 is no Pincer Pawn and stays.
    let fen = "7k/8/3L4/3p4/1C2wI2/8/8/7K w - - 0 1";
    assert_eq!(play(fen, "b4d4"), "7k/8/3L4/8/3CwI2/8/8/7K b - - 0 1");
    // b2-d4 along the diagonal ends on the same square and pinches nothing.
    let fen = "7k/8/3L4/3p4/4wI2/8/1C6/7K w - - 0 1";
    assert_eq!(play(fen, "b2d4"), "7k/8/3L4/3p4/3CwI2/8/8/7K b - - 1 1");
    assert!(!Ultima::is_capture(&position(fen), position(fen).parse_move("b2d4").unwrap()));
}

#[test]
fn a_chameleon_coordinates_against_coordinators_only() {
    // King e1; the Chameleon a3-a5 crosses it on a1 and e5: the Coordinator e5 goes, the
    // Withdrawer a1 stays.
    let fen = "7k/8/8/4o3/8/C7/8/w3K3 w - - 0 1";
    assert_eq!(play(fen, "a3a5"), "7k/8/8/C7/8/8/8/w3K3 b - - 0 1");
}

#[test]
fn pincers_and_coordination_give_check() {
    // The Pincer Pawn a5 can slide to e5 and pinch the King e4 against the Coordinator e3.
    assert!(Ultima::in_check(&position("7k/8/8/p7/4K3/4o3/8/8 w - - 0 1")));
    // Without the pawn, or with c5 blocking its slide, there is no check.
    assert!(!Ultima::in_check(&position("7k/8/8/8/4K3/4o3/8/8 w - - 0 1")));
    assert!(!Ultima::in_check(&position("7k/8/8/p1L5/4K3/4o3/8/8 w - - 0 1")));
    // White's King c8 stands on Black's King's rank: a Coordinator stopping anywhere on the
    // c-file captures it, and a2-c2 gets there.
    assert!(Ultima::in_check(&position("2K4k/8/8/8/8/8/o7/8 w - - 0 1")));
    // A frozen Coordinator gives no check (White's Immobilizer b1 is next to a2).
    assert!(!Ultima::in_check(&position("2K4k/8/8/8/8/8/o7/1I6 w - - 0 1")));
}

#[test]
fn no_move_may_leave_the_king_capturable() {
    // The pawn a5 can slide to e5 and pinch the King e4 against the Coordinator e3. White's
    // Pincer Pawn h1 reaches only the h-file and the first rank, where it neither blocks b5-d5
    // nor captures: none of its 13 moves parries the check. Every King step does: taking the
    // partner e3; or a square whose sides the pawn cannot reach with a Black piece beyond (from
    // d5 or e5 the pawn's stops c5, d5, e5 have nothing behind the King, from f4 the stop f5
    // has f3 empty behind).
    let pos = position("7k/8/8/p7/4K3/4o3/8/7P w - - 0 1");
    assert!(Ultima::in_check(&pos));
    let mut legal: Vec<String> = pos.legal_moves().iter().map(|&m| pos.notation(m)).collect();
    legal.sort();
    let kings = ["e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5"];
    assert_eq!(legal, kings);
    // Without the check, the pawn's moves come back.
    let pos = position("7k/8/8/8/4K3/4o3/8/7P w - - 0 1");
    assert_eq!(pos.legal_moves().len(), 8 + 13);
}
