//! UC-40: the fast generator against the reference generator (tests/reference, written
//! separately and plainly from the rules) over random games from random setups. In every
//! position both must give the same legal moves, and after every move the same FEN (board,
//! reserves, credits, pending exchange, swap-back ban, clocks). The games prefer captures,
//! so exchanges, credits and drops come up often.

use sissa_movegen::rules::{Rules, Setup};
use sissa_movegen::variants::uc40::Uc40;
use sissa_movegen::Position;

/// A small deterministic generator for the move choices.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Plays `games` random games of up to `plies` plies; returns the number of positions
/// compared.
fn compare(games: u64, plies: usize, seed: u64) -> usize {
    let mut rng = Lcg(seed);
    let mut positions = 0;
    let mut seen = [0usize; 6];
    for game in 0..games {
        let fen = Uc40::start_fen(&Setup { seed: seed + game, ..Setup::default() });
        let mut pos = Position::<Uc40>::from_fen(&fen).expect("setup parses");
        for _ in 0..plies {
            let fen = pos.to_fen();
            let ours: Vec<String> = pos.legal_moves().iter().map(|&m| pos.notation(m)).collect();
            let theirs = sissa_reference::legal_moves("uc40", &fen).expect("reference reads it");
            assert_eq!(sorted(ours.clone()), sorted(theirs), "legal moves differ in {fen}");
            assert_eq!(pos.hash(), pos.compute_hash(), "incremental hash in {fen}");
            let back = Position::<Uc40>::from_fen(&fen).expect("own FEN reads back");
            assert_eq!(back.to_fen(), fen);
            assert_eq!(back.hash(), pos.hash(), "hash after FEN round trip in {fen}");
            positions += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let captures: Vec<_> =
                moves.iter().copied().filter(|&m| Uc40::is_capture(&pos, m)).collect();
            let mv = if !captures.is_empty() && rng.below(3) > 0 {
                captures[rng.below(captures.len())]
            } else {
                moves.as_slice()[rng.below(moves.len())]
            };
            let text = pos.notation(mv);
            tally(&mut seen, &text, &pos, mv);
            let expected = sissa_reference::play("uc40", &fen, &text).expect("reference plays it");
            pos.make(mv);
            assert_eq!(pos.to_fen(), expected, "after {text} in {fen}");
        }
    }
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
