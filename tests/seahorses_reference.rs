//! Sea Horses against the reference generator (crate sissa-reference, written plainly from
//! RULES.md without tables): over random games from random setups in all three symmetry
//! modes, every position must give the same legal moves, every move the same next position,
//! and small perfts the same counts.

use sissa_movegen::random::SplitMix64;
use sissa_movegen::variants::seahorses::SeaHorses;
use sissa_movegen::{AnyPosition, Position, Rules, Setup, Symmetry, Variant};
use sissa_reference::common::{Grid, Piece};

fn setup(seed: u64, i: u64) -> Setup {
    let symmetry = [Symmetry::Mirror, Symmetry::Asymmetric, Symmetry::Central][(i % 3) as usize];
    Setup { seed, symmetry }
}

/// Plays `games` random games of up to `plies` plies and compares every position; returns
/// the number of positions compared.
fn compare_random_games(games: u64, plies: usize, state: &mut SplitMix64) -> usize {
    let mut positions = 0;
    for g in 0..games {
        let mut pos = AnyPosition::start_with(Variant::SeaHorses, &setup(state.next_u64(), g));
        for _ in 0..plies {
            let fen = pos.to_fen();
            let mut ours = pos.legal_moves();
            ours.sort();
            let theirs = sissa_reference::legal_moves("seahorses", &fen).expect("reference reads");
            assert_eq!(ours, theirs, "legal moves differ at {fen}");
            positions += 1;
            if ours.is_empty() {
                break;
            }
            let mv = ours[state.index_below(ours.len())].clone();
            let after = sissa_reference::play("seahorses", &fen, &mv).expect("reference plays");
            pos.play(&mv).expect("a listed move is legal");
            assert_eq!(pos.to_fen(), after, "position after {mv} from {fen}");
        }
    }
    positions
}

#[test]
fn legal_moves_agree_with_the_reference_over_random_games() {
    assert!(compare_random_games(45, 160, &mut SplitMix64::new(0x5ea_4035e5)) > 4000);
}

#[test]
fn start_positions_perft_agrees_with_the_reference() {
    for i in 0..6 {
        let s = setup(1000 + i, i);
        let fen = Variant::SeaHorses.start_fen(&s);
        let pos = AnyPosition::from_fen(Variant::SeaHorses, &fen).expect("valid setup");
        let reference = sissa_reference::perft("seahorses", &fen, 3).expect("reference reads");
        assert_eq!(pos.perft(3), reference, "{fen}");
    }
}

/// A random sparse position: both Kings, Sissas for each side, a few other pieces and pawns,
/// so that Sissa checks, double checks and pins are frequent.
fn random_sparse_fen(state: &mut SplitMix64) -> String {
    let mut grid = Grid::empty(8, 8);
    let mut pieces = vec!['K', 'k', 'S', 's'];
    for _ in 0..state.next_u64() % 2 {
        pieces.push(if state.next_u64().is_multiple_of(2) { 'S' } else { 's' });
    }
    for _ in 0..2 + state.next_u64() % 7 {
        let code = b"QCAHRNPqcahrnp"[state.index_below(14)] as char;
        pieces.push(code);
    }
    for code in pieces {
        loop {
            let sq = state.index_below(64);
            let edge_rank = !(8..56).contains(&sq);
            if grid.cells[sq].is_none() && !(code.eq_ignore_ascii_case(&'p') && edge_rank) {
                grid.cells[sq] = Some(Piece::new(code.is_ascii_uppercase(), code as u8, 0));
                break;
            }
        }
    }
    let side = if state.next_u64().is_multiple_of(2) { "w" } else { "b" };
    format!("{} {side} - - 0 1", grid.placement())
}

#[test]
fn legal_moves_agree_on_random_sparse_positions() {
    let mut state = SplitMix64::new(0x0dd_ba11);
    let (mut compared, mut in_check) = (0, 0);
    while compared < 3000 {
        let fen = random_sparse_fen(&mut state);
        let ours = Position::<SeaHorses>::from_fen(&fen);
        let theirs = sissa_reference::legal_moves("seahorses", &fen);
        // Both accept the position or both refuse it (the side not to move in check).
        assert_eq!(ours.is_ok(), theirs.is_ok(), "acceptance differs at {fen}");
        let (Ok(pos), Ok(theirs)) = (ours, theirs) else { continue };
        let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.notation(m)).collect();
        moves.sort();
        assert_eq!(moves, theirs, "legal moves differ at {fen}");
        compared += 1;
        // Counted to make sure the positions do test evasions.
        if SeaHorses::in_check(&pos) {
            in_check += 1;
        }
    }
    assert!(in_check > 200, "only {in_check} positions with the side to move in check");
}
