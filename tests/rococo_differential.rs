//! The fast Rococo generator against the reference generator (tests/reference, written
//! separately and plainly from RULES.md): in every position of many random games, and of
//! random placements that put pieces on the edge ring, both must give the same legal moves in
//! the same notation, and every move must lead to the same FEN (captures, swaps, promotions,
//! swap-back ban and clocks included). Making and unmaking must restore the position and
//! keep the hash equal to one computed from scratch.

use sissa_movegen::random::SplitMix64;
use sissa_movegen::variants::rococo::Rococo;
use sissa_movegen::Position;
use sissa_reference::common::{Grid, Piece};
use sissa_reference::rococo::Rococo as Reference;
use sissa_reference::Game;
use std::collections::BTreeMap;

const START: &str = "10/1iulkclus1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1IULKCLUS1/10 w - - 0 1";

/// Compares the two generators on `fen`; returns the fast generator's moves in notation.
fn compare(fen: &str) -> Vec<String> {
    let mut fast = Position::<Rococo>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let reference = Reference::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let expected: BTreeMap<String, String> = Reference::moves(&reference)
        .iter()
        .map(|(m, p)| (m.clone(), Reference::to_fen(p)))
        .collect();
    let moves: Vec<_> = fast.legal_moves().iter().copied().collect();
    let mut got = BTreeMap::new();
    let hash = fast.hash();
    for &mv in &moves {
        let text = fast.notation(mv);
        fast.make(mv);
        assert_eq!(fast.hash(), fast.compute_hash(), "hash after {text} in {fen}");
        let previous = got.insert(text.clone(), fast.to_fen());
        assert!(previous.is_none(), "{text} generated twice in {fen}");
        fast.unmake();
        assert_eq!(fast.hash(), hash, "hash after taking back {text} in {fen}");
    }
    assert_eq!(fast.to_fen(), fen, "unmake restores {fen}");
    if got != expected {
        let missing: Vec<_> = expected.keys().filter(|m| !got.contains_key(*m)).collect();
        let extra: Vec<_> = got.keys().filter(|m| !expected.contains_key(*m)).collect();
        let differing: Vec<_> = got
            .iter()
            .filter(|(m, f)| expected.get(*m).is_some_and(|e| e != *f))
            .map(|(m, f)| format!("{m}: fast {f} reference {}", expected[m]))
            .collect();
        panic!("{fen}\nmissing {missing:?}\nextra {extra:?}\ndiffering {differing:?}");
    }
    got.into_keys().collect()
}

/// Plays a random game from `fen` for up to `plies` plies, comparing every position.
fn random_game(fen: &str, plies: usize, rng: &mut SplitMix64) -> usize {
    let mut fen = fen.to_string();
    let mut positions = 0;
    for _ in 0..plies {
        let moves = compare(&fen);
        positions += 1;
        if moves.is_empty() {
            break;
        }
        let mut pos = Position::<Rococo>::from_fen(&fen).expect("own FEN parses");
        let mv = pos.parse_move(&moves[rng.index_below(moves.len())]).expect("own move parses");
        pos.make(mv);
        fen = pos.to_fen();
    }
    positions
}

/// A random placement: both Kings, and a random army each, anywhere on the board (the ring
/// included), sometimes with a swap-back ban between two occupied squares.
fn random_placement(rng: &mut SplitMix64) -> String {
    let mut grid = Grid::empty(10, 10);
    let mut put = |c: char, rng: &mut SplitMix64| loop {
        let sq = rng.index_below(100);
        if grid.cells[sq].is_none() {
            grid.cells[sq] = Some(Piece::new(c.is_ascii_uppercase(), c as u8, 0));
            return sq;
        }
    };
    let mut occupied = vec![put('K', rng), put('k', rng)];
    let letters = ['C', 'U', 'I', 'L', 'S', 'P', 'P', 'P', 'U', 'L'];
    for _ in 0..(4 + rng.index_below(20)) {
        let mut c = letters[rng.index_below(letters.len())];
        if rng.index_below(2) == 0 {
            c = c.to_ascii_lowercase();
        }
        occupied.push(put(c, rng));
    }
    let placement = grid.placement();
    let side = if rng.index_below(2) == 0 { "w" } else { "b" };
    let mut fen = format!("{placement} {side} - - 0 1");
    if rng.index_below(5) == 0 {
        let name = |sq: usize| format!("{}{}", (b'a' + (sq % 10) as u8) as char, sq / 10 + 1);
        let a = occupied[rng.index_below(occupied.len())];
        let b = occupied[rng.index_below(occupied.len())];
        if a != b {
            fen.push_str(&format!(" {}{}", name(a), name(b)));
        }
    }
    fen
}

#[test]
fn random_games_from_the_start_agree_with_the_reference() {
    let mut rng = SplitMix64::new(0x5EED_0001);
    let mut positions = 0;
    for _ in 0..80 {
        positions += random_game(START, 200, &mut rng);
    }
    eprintln!("{positions} positions of random games compared");
    assert!(positions > 5_000, "only {positions} positions compared");
}

#[test]
fn random_placements_agree_with_the_reference() {
    let mut rng = SplitMix64::new(0x5EED_0002);
    let mut positions = 0;
    for _ in 0..1_800 {
        let fen = random_placement(&mut rng);
        positions += random_game(&fen, 8, &mut rng);
    }
    eprintln!("{positions} positions from random placements compared");
    assert!(positions > 5_000, "only {positions} positions compared");
}
