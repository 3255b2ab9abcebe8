//! Game pairs: the two games of a match that share a start, the engines' colours swapped
//! (games 2k and 2k + 1). What one start gives White, or one opening's trap, shows in both
//! games of its pair and cancels in their sum, so the pair, not the game, is the unit of the
//! SPRT ([`super::stats::Sprt`]), as the engine-testing frameworks count it.

use std::collections::HashMap;

/// How many pairs the first engine scored 0, 1/2, 1, 3/2 and 2 points in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }
}

/// Collects finished games into pairs. Games finish in any order when several are played at
/// once: a pair counts once both its games have finished.
#[derive(Debug, Default)]
pub struct PairTally {
    pub pentanomial: Pentanomial,
    /// The first engine's half-points in the finished game of each pair still waiting for
    /// its other game.
    waiting: HashMap<usize, u8>,
}

impl PairTally {
    /// Game `index` ended with `half_points` for the first engine (0, 1 or 2).
    pub fn record(&mut self, index: usize, half_points: u8) {
        let pair = index / 2;
        match self.waiting.remove(&pair) {
            Some(other) => self.pentanomial.0[usize::from(other + half_points).min(4)] += 1,
            None => {
                self.waiting.insert(pair, half_points);
            }
        }
    }

    /// `Pairs 0 - 1/2 - 1 - 3/2 - 2 points: a - b - c - d - e` for the result lines.
    pub fn line(&self) -> String {
        let [a, b, c, d, e] = self.pentanomial.0;
        format!("Pairs by points 0 - 1/2 - 1 - 3/2 - 2: {a} - {b} - {c} - {d} - {e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_counts_once_both_games_are_in_whatever_their_order() {
        let mut tally = PairTally::default();
        // Pair 0: a win (2 half-points) and a draw (1); pair 1: its second game first, a
        // loss, then its first, a loss; pair 2: only one game so far.
        tally.record(0, 2);
        assert_eq!(tally.pentanomial.pairs(), 0, "half a pair is not a pair");
        tally.record(3, 0);
        tally.record(4, 2);
        tally.record(1, 1);
        tally.record(2, 0);
        assert_eq!(tally.pentanomial, Pentanomial([1, 0, 0, 1, 0]));
        tally.record(5, 2);
        assert_eq!(tally.pentanomial, Pentanomial([1, 0, 0, 1, 1]));
        assert_eq!(tally.line(), "Pairs by points 0 - 1/2 - 1 - 3/2 - 2: 1 - 0 - 0 - 1 - 1");
    }
}
