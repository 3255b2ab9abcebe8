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
use crate::geometry::{Dims, Square, Step};

const ORTHOGONAL: [Step; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: [Step; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Every Sissa path from `from` that stays on the board, grouped by first-leg direction and
/// ordered by n, so that the compiled tree follows each first leg outward.
pub fn sissa_paths(dims: Dims, from: Square) -> Vec<BentPath> {
    let mut out = Vec::new();
    for (first_kind, second_kind) in [(&ORTHOGONAL, &DIAGONAL), (&DIAGONAL, &ORTHOGONAL)] {
        for &first in first_kind {
            let mut chain = Vec::new();
            let mut turn = from;
            while let Some(next) = dims.offset(turn, first) {
                chain.push(next);
                turn = next;
                let n = chain.len();
                for &second in second_kind {
                    if let Some(tail) = leg(dims, turn, second, n) {
                        out.push(BentPath { chain: chain.clone(), tail });
                    }
                }
            }
        }
    }
    out
}

/// The `n` squares from `start` (excluded) in direction `step`, if all are on the board.
fn leg(dims: Dims, start: Square, step: Step, n: usize) -> Option<Vec<Square>> {
    let mut out = Vec::with_capacity(n);
    let mut cur = start;
    for _ in 0..n {
        cur = dims.offset(cur, step)?;
        out.push(cur);
    }
    Some(out)
}
