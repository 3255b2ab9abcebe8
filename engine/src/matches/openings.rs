//! Where each game starts. Games come in pairs with colours swapped, and both games of a pair
//! start from the same position: the same random setup (in variants that draw one) and the
//! same random opening moves, so neither engine profits from a lucky start.

use sissa_movegen::random::SplitMix64;
use sissa_movegen::{Game, Setup, Symmetry, Variant};

/// How the first moves are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningMoves {
    /// Start from the start position itself.
    None,
    /// This many random legal half-moves.
    RandomPlies(u32),
}

impl std::str::FromStr for OpeningMoves {
    type Err = String;
    /// `none` or `random-plies:K`.
    fn from_str(text: &str) -> Result<OpeningMoves, String> {
        let text = text.trim();
        if text == "none" {
            return Ok(OpeningMoves::None);
        }
        text.strip_prefix("random-plies:")
            .and_then(|k| k.parse::<u32>().ok())
            .filter(|&k| k <= 40)
            .map(OpeningMoves::RandomPlies)
            .ok_or_else(|| {
                format!("bad openings {text:?} (expected none or random-plies:K, K <= 40)")
            })
    }
}

/// The setups and opening moves of a match.
#[derive(Clone, Debug)]
pub struct Openings {
    pub moves: OpeningMoves,
    /// Setup seeds for variants with random setups, used in turn, one per pair; `None`
    /// means seed = match seed + pair number.
    pub seeds: Option<Vec<u64>>,
    pub symmetry: Symmetry,
    /// Seed of the random opening moves.
    pub seed: u64,
    /// Start every game from this position instead of the variant's start.
    pub fen: Option<String>,
}

/// Random tries before settling for a shorter opening (when random moves keep ending the
/// game early, as in tiny or forcing positions).
const OPENING_TRIES: u64 = 50;

impl Openings {
    /// The setup seed of pair `pair`.
    pub fn setup(&self, variant: Variant, pair: usize) -> Setup {
        let seed = match &self.seeds {
            _ if !variant.random_setup() => 0,
            Some(list) if !list.is_empty() => list[pair % list.len()],
            _ => self.seed.wrapping_add(pair as u64),
        };
        Setup { seed, symmetry: self.symmetry }
    }

    /// The start of both games of pair `pair`.
    pub fn start(&self, variant: Variant, pair: usize) -> Game {
        let fen_game = self.fen.as_deref().and_then(|fen| Game::from_fen(variant, fen).ok());
        let game = fen_game.unwrap_or_else(|| Game::new(variant, self.setup(variant, pair)));
        let OpeningMoves::RandomPlies(plies) = self.moves else { return game };
        let mut best = game.clone();
        for attempt in 0..OPENING_TRIES {
            let seed = self.seed ^ (pair as u64).wrapping_mul(0x9E37_79B9) ^ (attempt << 48);
            let mut rng = SplitMix64::new(seed);
            let mut candidate = game.clone();
            while candidate.moves().len() < plies as usize {
                let moves = candidate.position().legal_moves();
                if moves.is_empty() || !play_random(&mut candidate, &moves, &mut rng) {
                    break;
                }
                if candidate.outcome().is_some() {
                    candidate.undo();
                    break;
                }
            }
            if candidate.moves().len() == plies as usize {
                return candidate;
            }
            if candidate.moves().len() > best.moves().len() {
                best = candidate;
            }
        }
        best
    }
}

fn play_random(game: &mut Game, moves: &[String], rng: &mut SplitMix64) -> bool {
    game.play(&moves[pick(rng, moves.len())]).is_ok()
}

/// Most seeds a list may name (more than any match plays).
const MAX_SEEDS: usize = 1_000_000;

/// Seeds written as a list of numbers and ranges: `1-100`, `3,5,8`, `1-4,9`.
pub fn parse_seeds(text: &str) -> Result<Vec<u64>, String> {
    let bad = || {
        format!(
            "bad seeds {text:?} (expected numbers and ranges like 1-100 or 3,5,8, \
             at most {MAX_SEEDS} seeds)"
        )
    };
    let mut seeds = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (u64, u64) =
                    (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
                if b < a || b - a >= (MAX_SEEDS - seeds.len()) as u64 {
                    return Err(bad());
                }
                seeds.extend(a..=b);
            }
            None => seeds.push(part.parse().map_err(|_| bad())?),
        }
        if seeds.len() > MAX_SEEDS {
            return Err(bad());
        }
    }
    Ok(seeds)
}

/// An index in `0..n` (`n` > 0) by the modulo of the next number: the draw the recorded match
/// openings were made with, kept so that their commands replay the same games.
pub(super) fn pick(rng: &mut SplitMix64, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    fn openings(moves: OpeningMoves) -> Openings {
        Openings { moves, seeds: None, symmetry: Symmetry::Mirror, seed: 11, fen: None }
    }

    #[test]
    fn pick_repeats_for_a_seed_and_reaches_every_index() {
        let a: Vec<usize> = (0..5).scan(SplitMix64::new(7), |r, _| Some(pick(r, 1000))).collect();
        let b: Vec<usize> = (0..5).scan(SplitMix64::new(7), |r, _| Some(pick(r, 1000))).collect();
        assert_eq!(a, b);
        let mut rng = SplitMix64::new(1);
        let mut seen = [false; 6];
        for _ in 0..200 {
            seen[pick(&mut rng, 6)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn random_openings_are_legal_reproducible_and_varied() {
        let plan = openings(OpeningMoves::RandomPlies(6));
        for variant in Variant::ALL {
            let starts: Vec<Game> = (0..8).map(|pair| plan.start(variant, pair)).collect();
            for (pair, game) in starts.iter().enumerate() {
                assert_eq!(game.moves().len(), 6, "{variant} pair {pair}");
                assert!(game.outcome().is_none());
                // Replaying the moves from the start FEN checks each one's legality anew.
                let mut replay = Game::from_fen(variant, game.start_fen()).unwrap();
                for mv in game.moves() {
                    replay.play(mv).unwrap();
                }
                assert_eq!(plan.start(variant, pair).moves(), game.moves(), "reproducible");
            }
            let distinct: std::collections::HashSet<_> =
                starts.iter().map(|g| g.moves().to_vec()).collect();
            assert!(distinct.len() > 4, "{variant}: openings hardly vary");
        }
    }

    #[test]
    fn opening_none_is_the_start_position() {
        let game = openings(OpeningMoves::None).start(Variant::Chess, 3);
        assert!(game.moves().is_empty());
        assert_eq!(game.start_fen(), Variant::Chess.start_fen(&Setup::default()));
    }

    #[test]
    fn parses_opening_and_seed_lists() {
        assert_eq!("random-plies:4".parse(), Ok(OpeningMoves::RandomPlies(4)));
        assert_eq!("none".parse(), Ok(OpeningMoves::None));
        assert!("random-plies:x".parse::<OpeningMoves>().is_err());
        assert!("book".parse::<OpeningMoves>().is_err());
        assert_eq!(parse_seeds("1-3,7").unwrap(), vec![1, 2, 3, 7]);
        assert!(parse_seeds("3-1").is_err());
        assert!(parse_seeds("a").is_err());
        assert_eq!(parse_seeds("5-999999").map(|s| s.len()), Ok(999_995));
        assert!(parse_seeds("0-999999,0-999999").is_err(), "two million seeds");
        assert!(parse_seeds("0-18446744073709551615").is_err());
    }
}
