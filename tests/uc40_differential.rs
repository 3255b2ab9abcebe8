//! UC-40: the fast generator against the reference generator (tests/reference, written
//! separately and plainly from the rules) over random games from random setups, and over a
//! few plies from random placements (pieces anywhere, short reserves, credits), where the
//! capture mechanisms meet the Kings in ways the opening rarely shows. In every position both
//! must give the same legal moves, and after every move the same FEN (board, reserves,
//! credits, pending exchange, swap-back ban, clocks). The games prefer captures, so
//! exchanges, credits and drops come up often.

use sissa_movegen::random::SplitMix64;
use sissa_movegen::rules::{Rules, Setup};
use sissa_movegen::variants::uc40::Uc40;
use sissa_movegen::Position;
use sissa_reference::common::{Grid, Piece};

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Compares the legal moves of `pos` with the reference's, then plays one of them (a capture
/// two times in three, when there is one) and compares the FENs after it. Returns false when
/// there is no move.
fn compare_and_play(pos: &mut Position<Uc40>, rng: &mut SplitMix64, seen: &mut [usize; 6]) -> bool {
    let fen = pos.to_fen();
    let ours: Vec<String> = pos.legal_moves().iter().map(|&m| pos.notation(m)).collect();
    let theirs = sissa_reference::legal_moves("uc40", &fen).expect("reference reads it");
    assert_eq!(sorted(ours.clone()), sorted(theirs), "legal moves differ in {fen}");
    assert_eq!(pos.hash(), pos.compute_hash(), "incremental hash in {fen}");
    let back = Position::<Uc40>::from_fen(&fen).expect("own FEN reads back");
    assert_eq!(back.to_fen(), fen);
    assert_eq!(back.hash(), pos.hash(), "hash after FEN round trip in {fen}");
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return false;
    }
    let captures: Vec<_> = moves.iter().copied().filter(|&m| Uc40::is_capture(pos, m)).collect();
    let mv = if !captures.is_empty() && rng.index_below(3) > 0 {
        captures[rng.index_below(captures.len())]
    } else {
        moves.as_slice()[rng.index_below(moves.len())]
    };
    let text = pos.notation(mv);
    tally(seen, &text, pos, mv);
    let expected = sissa_reference::play("uc40", &fen, &text).expect("reference plays it");
    let capture = Uc40::is_capture(pos, mv);
    let them = pos.side().flip();
    let enemies_before = pos.color(them).count_ones();
    pos.make(mv);
    assert_eq!(pos.to_fen(), expected, "after {text} in {fen}");
    // A capture is a move after which the other side has fewer pieces.
    let took = pos.color(them).count_ones() < enemies_before;
    assert_eq!(capture, took, "is_capture of {text} in {fen}");
    true
}

/// Plays `games` random games of up to `plies` plies; returns the number of positions
/// compared.
fn compare(games: u64, plies: usize, seed: u64) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut positions = 0;
    let mut seen = [0usize; 6];
    for game in 0..games {
        let fen = Uc40::start_fen(&Setup { seed: seed + game, ..Setup::default() });
        let mut pos = Position::<Uc40>::from_fen(&fen).expect("setup parses");
        for _ in 0..plies {
            positions += 1;
            if !compare_and_play(&mut pos, &mut rng, &mut seen) {
                break;
            }
        }
    }
    eprintln!("played: drops, promotions, mutual destructions, suicides, swaps, checks: {seen:?}");
    positions
}

/// Piece codes for random placements. The pieces that capture by a mechanism of their own
/// (PaoVao, Advancer, Withdrawer, Chameleon, Immobilizer, Long Leaper, Swapper) come three
/// times, so that they often stand in each other's way and around the Kings.
const PLACED: [&str; 54] = [
    "Q", "R", "N", "A", "Q'", "S", "O", "D", "D'", "U", "N'", "G", "J", "M", "C", "R'", "B", "B'",
    "G'", "E", "T", "D!", "E!", "G!", "W!", "F!", "O'", "F'", "W'", "E'", "F", "H", "P", "V", "Y",
    "W", "X", "I", "L", "Z", "V", "Y", "W", "X", "I", "L", "Z", "V", "Y", "W", "X", "I", "L", "Z",
];

/// A random position: both Kings and 4 to 19 other pieces anywhere (pawns on ranks 2 to 7),
/// short reserves, and credits for one side or both now and then, so that drops come up.
fn random_placement(rng: &mut SplitMix64) -> String {
    let mut grid = Grid::empty(8, 8);
    let mut put = |code: &str, rng: &mut SplitMix64| loop {
        let sq = rng.index_below(64);
        let pawn_rank_ok = !code.eq_ignore_ascii_case("p") || (8..56).contains(&sq);
        if grid.cells[sq].is_none() && pawn_rank_ok {
            grid.cells[sq] = Some(Piece::from_code(code).expect("a piece code"));
            return;
        }
    };
    put("K", rng);
    put("k", rng);
    for _ in 0..(4 + rng.index_below(16)) {
        let code = PLACED[rng.index_below(PLACED.len())];
        let code =
            if rng.index_below(2) == 0 { code.to_string() } else { code.to_ascii_lowercase() };
        put(&code, rng);
    }
    let placement = grid.placement();
    let reserve = |rng: &mut SplitMix64| -> String {
        let pieces = PLACED.iter().filter(|c| **c != "P");
        let codes: Vec<&str> = pieces.copied().collect();
        (0..rng.index_below(4)).map(|_| codes[rng.index_below(codes.len())]).collect()
    };
    let white = reserve(rng);
    let black = reserve(rng).to_ascii_lowercase();
    let side = if rng.index_below(2) == 0 { "w" } else { "b" };
    let credits = [rng.index_below(3) / 2, rng.index_below(3) / 2];
    format!("{placement}[{white}/{black}] {side} - - 0 1 {},{} -", credits[0], credits[1])
}

/// Plays up to `plies` random plies from each of `count` random placements the rules accept
/// (the side not to move may not be in check); returns the number of positions compared.
fn compare_placements(count: usize, plies: usize, seed: u64) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut positions = 0;
    let mut seen = [0usize; 6];
    let mut accepted = 0;
    for _ in 0..count {
        let fen = random_placement(&mut rng);
        let Ok(mut pos) = Position::<Uc40>::from_fen(&fen) else { continue };
        accepted += 1;
        for _ in 0..plies {
            positions += 1;
            if !compare_and_play(&mut pos, &mut rng, &mut seen) {
                break;
            }
        }
    }
    eprintln!("{positions} positions from {accepted} of {count} placements");
    eprintln!("played: drops, promotions, mutual destructions, suicides, swaps, checks: {seen:?}");
    positions
}

/// Counts the rarer kinds of move played, to show what the games covered.
fn tally(seen: &mut [usize; 6], text: &str, pos: &Position<Uc40>, mv: sissa_movegen::Move) {
    use sissa_movegen::MoveKind;
    let base = text.split(',').next().unwrap_or("");
    seen[0] += usize::from(text.contains(','));
    seen[1] += usize::from(base.len() > 4 && !base.contains('x') && mv.promotion().is_some());
    seen[2] += usize::from(mv.kind() == MoveKind::MutualDestruction);
    seen[3] += usize::from(mv.kind() == MoveKind::Suicide);
    seen[4] += usize::from(mv.kind() == MoveKind::Swap);
    seen[5] += usize::from(Uc40::in_check(pos));
}

#[test]
fn legal_moves_and_positions_agree_with_the_reference_over_random_games() {
    let games = std::env::var("UC40_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(30);
    let positions = compare(games, 200, 1);
    assert!(positions > 2000, "{positions}");
}

#[test]
fn legal_moves_and_positions_agree_with_the_reference_from_random_placements() {
    let count = std::env::var("UC40_PLACEMENTS").ok().and_then(|g| g.parse().ok()).unwrap_or(2000);
    let positions = compare_placements(count, 6, 2);
    assert!(positions > 1000, "{positions}");
}
