//! Ultima, RULES.md section 7: the start counted against the rules' independent perft. Each
//! capture worked out by hand from the rule text (the Pincer Pawn's custodianship, the
//! Coordinator's crossing squares, the Chameleon's mimicry of both, check by those methods)
//! is a case in tests/variants/ultima_captures.cases, checked by tests/ini_family.rs on this
//! variant and on the example file's ultima-ini alike.

use super::*;
use crate::perft::perft;

fn position(fen: &str) -> Position<Ultima> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
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
