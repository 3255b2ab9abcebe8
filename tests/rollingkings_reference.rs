//! Sissa's Rolling Kings generator against the reference generator (tests/reference, written
//! separately and plainly from RULES.md) in every position of random games: both must give
//! the same legal moves, and each move must lead to the same position (the automatic King
//! step, its captures and the clocks included).

use sissa_movegen::random::SplitMix64;
use sissa_movegen::variants::rollingkings::RollingKings;
use sissa_movegen::{Outcome, Position, Rules};
use sissa_reference::rollingkings::RollingKings as Reference;
use sissa_reference::Game;

const START: &str = "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w - - 0 1";

/// Every legal move with the FEN it leads to, sorted, by Sissa.
fn sissa_moves(pos: &Position<RollingKings>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = pos
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut after = pos.clone();
            after.make(mv);
            (pos.notation(mv), after.to_fen())
        })
        .collect();
    out.sort();
    out
}

/// The same by the reference generator.
fn reference_moves(fen: &str) -> Vec<(String, String)> {
    let pos = Reference::from_fen(fen).unwrap_or_else(|e| panic!("reference refuses {fen}: {e}"));
    let mut out: Vec<(String, String)> = Reference::moves(&pos)
        .into_iter()
        .map(|(m, after)| (m, Reference::to_fen(&after)))
        .collect();
    out.sort();
    out
}

/// Plays random games from `start`, comparing every position; `capture_bias` in percent
/// prefers captures, to reach open boards where the Mock King's slides run far.
/// Returns (positions compared, games ended by a King capture, games ended by stalemate).
fn compare_random_games(
    start: &str,
    seed: u64,
    games: usize,
    capture_bias: usize,
) -> (usize, usize, usize) {
    let mut rng = SplitMix64::new(seed);
    let (mut positions, mut captures, mut stalemates) = (0, 0, 0);
    for _ in 0..games {
        let mut pos = Position::<RollingKings>::from_fen(start).expect("a valid start");
        loop {
            let fen = pos.to_fen();
            let ours = sissa_moves(&pos);
            let theirs = reference_moves(&fen);
            assert_eq!(ours, theirs, "move lists differ at {fen}");
            positions += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                match RollingKings::outcome(&pos) {
                    Some(Outcome::Win(..)) => captures += 1,
                    Some(Outcome::Draw(_)) => stalemates += 1,
                    None => panic!("no legal move but no outcome at {fen}"),
                }
                break;
            }
            let captures_only: Vec<_> =
                moves.iter().copied().filter(|&m| RollingKings::is_capture(&pos, m)).collect();
            let mv = if !captures_only.is_empty() && rng.index_below(100) < capture_bias {
                captures_only[rng.index_below(captures_only.len())]
            } else {
                moves.as_slice()[rng.index_below(moves.len())]
            };
            pos.make(mv);
        }
    }
    (positions, captures, stalemates)
}

#[test]
fn random_games_agree_with_the_reference() {
    let (positions, captures, stalemates) = compare_random_games(START, 11, 60, 0);
    assert!(positions > 3000, "only {positions} positions");
    // Both ways a game ends must have been met and compared.
    assert!(captures > 0 && stalemates > 0, "captures {captures}, stalemates {stalemates}");
}

#[test]
fn capture_heavy_games_agree_with_the_reference() {
    let (positions, captures, stalemates) = compare_random_games(START, 12, 100, 70);
    assert!(positions > 2000, "only {positions} positions");
    assert!(captures > 0 && stalemates > 0, "captures {captures}, stalemates {stalemates}");
}

#[test]
fn games_with_many_mock_kings_agree_with_the_reference() {
    // Rooks and knights replaced by Mock Kings, and half the pawns gone, so that slides
    // along the King-line meet pieces of both colours and both Kings all game long.
    for (i, start) in [
        "7k/uubqubuu/pppppppp/8/8/PPPPPPPP/UUBQUBUU/7K w - - 0 1",
        "7k/rnbqubnr/p1p1p1p1/8/8/1P1P1P1P/RNBQUBNR/7K w - - 0 1",
        "u6k/4u3/2p2p2/8/8/2P2P2/3U4/U6K b - - 0 1",
    ]
    .into_iter()
    .enumerate()
    {
        let (positions, ..) = compare_random_games(start, 20 + i as u64, 30, 30);
        assert!(positions > 500, "only {positions} positions from {start}");
    }
}
