//! The Sissa (Sea Horses, UC-40) as a bent rider: n squares along a rank or file, then
//! exactly n squares along any of the four diagonals, or n diagonal then n orthogonal,
//! n >= 1 (RULES.md section 3). Every square passed, the turning square included, must be
//! empty.
//!
//! The destinations follow from the two kinds of turn: a 45-degree turn ends on a
//! nightrider-type square n*(2,1), a 135-degree turn on the square n away along the line the
//! Sissa started on the other kind of (c3 to c1 via a1, a3, e1 or e3). The straight path
//! c3-c2-c1 is not among them, since no leg turns by 0 or 180 degrees.

use super::bent::BentPath;
use super::bent_legs::{two_leg_paths, LegLength, TwoLegs};
#[cfg(test)]
use crate::geometry::Step;
use crate::geometry::{Dims, Square};

#[cfg(test)]
const ORTHOGONAL: [Step; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
#[cfg(test)]
const DIAGONAL: [Step; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The Sissa's two halves as riders of two legs: n orthogonal then n diagonal, and the
/// reverse.
pub const SISSA_HALVES: [TwoLegs; 2] = [
    TwoLegs {
        first: (1, 0),
        first_length: LegLength::Any,
        second: (1, 1),
        second_length: LegLength::SameAsFirst,
        outward_only: false,
    },
    TwoLegs {
        first: (1, 1),
        first_length: LegLength::Any,
        second: (1, 0),
        second_length: LegLength::SameAsFirst,
        outward_only: false,
    },
];

/// Every Sissa path from `from` that stays on the board, grouped by first-leg direction and
/// ordered by n, so that the compiled tree follows each first leg outward.
pub fn sissa_paths(dims: Dims, from: Square) -> Vec<BentPath> {
    SISSA_HALVES.iter().flat_map(|legs| two_leg_paths(dims, from, legs)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bitboard;
    use crate::pieces::bent::BentTables;
    use crate::random::SplitMix64;

    /// A second Sissa, written without tables: from (file, rank), walk each of the 8 x 4 leg
    /// pairs for n = 1, 2, ... square by square, as the rules text reads.
    fn walked_destinations(dims: Dims, from: Square, occ: u128) -> u128 {
        let (files, ranks) = (dims.files as i32, dims.ranks as i32);
        let on_board = |f: i32, r: i32| f >= 0 && r >= 0 && f < files && r < ranks;
        let empty = |f: i32, r: i32| occ & (1u128 << (r * files + f)) == 0;
        let (f0, r0) = (dims.file(from), dims.rank(from));
        let mut out = 0u128;
        for (first, second) in [(ORTHOGONAL, DIAGONAL), (DIAGONAL, ORTHOGONAL)] {
            for (a, b) in first {
                for (c, d) in second {
                    for n in 1..=files.max(ranks) {
                        let free_first = (1..=n).all(|k| {
                            on_board(f0 + k * a, r0 + k * b) && empty(f0 + k * a, r0 + k * b)
                        });
                        if !free_first {
                            break;
                        }
                        let (tf, tr) = (f0 + n * a, r0 + n * b);
                        let (df, dr) = (tf + n * c, tr + n * d);
                        // The destination first: past the board's edge the squares before
                        // it have no bit to test.
                        let free_second =
                            on_board(df, dr) && (1..n).all(|k| empty(tf + k * c, tr + k * d));
                        if free_second {
                            out |= 1u128 << (dr * files + df);
                        }
                    }
                }
            }
        }
        out
    }

    /// The tables and the walk agree on thousands of random boards of every density, for the
    /// attack sets and for the pairwise test used by check detection.
    fn agree_on(dims: Dims, seed: u64) {
        let t = BentTables::<u128>::build(dims, &sissa_paths);
        let n = dims.squares() as u32;
        let mut rng = SplitMix64::new(seed);
        for round in 0..3000 {
            // Densities from nearly empty to nearly full.
            let mut occ = 0u128;
            for sq in 0..n {
                if rng.below(16) < (round % 15) {
                    occ |= 1 << sq;
                }
            }
            let from = rng.below(n as u64) as Square;
            let walked = walked_destinations(dims, from, occ);
            assert_eq!(t.attacks(from, occ), walked, "{dims:?} from {from} occ {occ:#x}");
            for to in 0..n as Square {
                assert_eq!(t.attacks_square(from, to, occ), walked.has(to));
            }
        }
    }

    #[test]
    fn tables_agree_with_a_plain_walk() {
        agree_on(Dims::new(8, 8), 11);
        agree_on(Dims::new(10, 8), 12);
        agree_on(Dims::new(10, 10), 13);
    }

    #[test]
    fn sissa_paths_are_symmetric() {
        // A path from A to B read backwards is a path from B to A passing the same squares
        // (the legs swap), so attack tests may start from either end.
        let dims = Dims::new(8, 8);
        let t = BentTables::<u64>::build(dims, &sissa_paths);
        for a in 0..64 {
            for b in 0..64 {
                let mut ab = t.paths_between(a, b).to_vec();
                let mut ba = t.paths_between(b, a).to_vec();
                ab.sort();
                ba.sort();
                assert_eq!(ab, ba);
            }
        }
    }
}
