//! Reproducible random setups: a seeded generator and the back-rank shuffles of the variants
//! with random start positions (RULES.md sections 3 and 6).
//!
//! The generator is splitmix64: small, fast, with well-mixed output from any seed, including
//! 0 and consecutive seeds. The same seed gives the same setup on every machine and build,
//! which is what lets a setup be named by its seed in the protocols and the suites.

use crate::rules::{Setup, Symmetry};

/// splitmix64's finaliser: every bit of the input moves about half of the output's, so it
/// also serves to key a table by a set of squares.
#[inline(always)]
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// splitmix64 (Steele, Lea and Flood): a 64-bit state stepped by a constant, then mixed.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix64(self.0)
    }

    /// A uniformly distributed number in `0..n` (`n` > 0): the top bits of a 128-bit
    /// product, redrawn in the rare cases that would favour some results (Lemire's method).
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = self.next_u64() as u128 * n as u128;
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// A uniformly distributed index into a collection of `len` (> 0) items.
    pub fn index_below(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// The two back ranks of a shuffled setup, each listed from file a: White's rank 1 is a
/// uniform shuffle of `pieces`; Black's last rank follows `setup.symmetry`:
/// - `Mirror`: the same piece on each file;
/// - `Asymmetric`: an independent shuffle (drawn after White's from the same generator);
/// - `Central`: on each file the piece of White's file mirrored left-right (a <-> h).
pub fn shuffled_back_ranks<T: Clone>(pieces: &[T], setup: &Setup) -> (Vec<T>, Vec<T>) {
    let mut rng = SplitMix64::new(setup.seed);
    let mut white = pieces.to_vec();
    rng.shuffle(&mut white);
    let black = match setup.symmetry {
        Symmetry::Mirror => white.clone(),
        Symmetry::Asymmetric => {
            let mut black = pieces.to_vec();
            rng.shuffle(&mut black);
            black
        }
        Symmetry::Central => white.iter().rev().cloned().collect(),
    };
    (white, black)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_published_sequence() {
        // The first outputs of splitmix64 seeded with 0, as the reference C code gives them.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = SplitMix64::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[rng.below(5) as usize] += 1;
        }
        // Each of the five values about 1000 times.
        assert!(seen.iter().all(|&c| (850..1150).contains(&c)), "{seen:?}");
    }

    #[test]
    fn shuffles_are_uniform_over_all_orders() {
        // 3 items have 6 orders; 60000 shuffles give each about 10000 times.
        let mut rng = SplitMix64::new(42);
        let mut counts = std::collections::HashMap::new();
        for _ in 0..60_000 {
            let mut v = [0, 1, 2];
            rng.shuffle(&mut v);
            *counts.entry(v).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 6);
        assert!(counts.values().all(|&c| (9400..10600).contains(&c)), "{counts:?}");
    }

    #[test]
    fn symmetry_modes_relate_the_two_ranks() {
        let pieces = ["K", "Q", "S", "C", "A", "H", "R", "N"];
        for seed in 0..50 {
            let setup = |symmetry| Setup { seed, symmetry };
            let (w, b) = shuffled_back_ranks(&pieces, &setup(Symmetry::Mirror));
            assert_eq!(w, b);
            let mut sorted = w.clone();
            sorted.sort();
            let mut all = pieces.to_vec();
            all.sort();
            assert_eq!(sorted, all, "a permutation of the army");
            let (w2, b2) = shuffled_back_ranks(&pieces, &setup(Symmetry::Central));
            assert_eq!(w2, w, "White's rank depends on the seed only");
            for file in 0..8 {
                assert_eq!(b2[file], w[7 - file]);
            }
            let (w3, b3) = shuffled_back_ranks(&pieces, &setup(Symmetry::Asymmetric));
            assert_eq!(w3, w);
            let mut sorted = b3.clone();
            sorted.sort();
            assert_eq!(sorted, all);
        }
        // Asymmetric setups do differ between the sides for most seeds.
        let differ = (0..50)
            .filter(|&seed| {
                let (w, b) =
                    shuffled_back_ranks(&pieces, &Setup { seed, symmetry: Symmetry::Asymmetric });
                w != b
            })
            .count();
        assert!(differ >= 45);
    }
}
