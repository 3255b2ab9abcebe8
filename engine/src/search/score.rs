//! Search scores: plain integers inside the search, [`Score`] outside it.
//!
//! A win by rule found at ply `p` from the root scores `MATE - p` (a loss `-MATE + p`), so
//! shorter wins score higher. The transposition table stores such scores relative to the node
//! instead of the root (`to_tt`/`from_tt`), so that a mate found along one path stays correct
//! when the entry is used at another ply.

/// From the side to move's view. Mate(n): mate (or king capture) in n moves, n > 0 we win,
/// n < 0 we lose; Mate(0) only at game end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    Mate(i32),
}

/// Deepest ply the search goes (main search and quiescence together).
pub const MAX_PLY: usize = 128;

pub const INFINITE: i32 = 32_000;
pub const MATE: i32 = 31_000;
/// Scores beyond this are wins or losses by rule.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
/// Score of an in-tree repetition where repeating loses (Rococo), for the side that did not
/// repeat: large, but not a mate score, since the repeater may still have another move.
pub const REPETITION_WIN: i32 = 2_000;

#[inline(always)]
pub fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

#[inline(always)]
pub fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

#[inline(always)]
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// A score as stored in the table: wins counted from the node, not from the root.
#[inline(always)]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score back at `ply` from the root.
#[inline(always)]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The outside form: centipawns, or moves to mate.
pub fn to_score(value: i32) -> Score {
    if value >= MATE_BOUND {
        Score::Mate((MATE - value + 1) / 2)
    } else if value <= -MATE_BOUND {
        Score::Mate(-((MATE + value) / 2))
    } else {
        Score::Cp(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_to_mate_become_moves() {
        assert_eq!(to_score(mate_in(1)), Score::Mate(1));
        assert_eq!(to_score(mate_in(3)), Score::Mate(2));
        assert_eq!(to_score(mated_in(2)), Score::Mate(-1));
        assert_eq!(to_score(mated_in(0)), Score::Mate(0));
        assert_eq!(to_score(35), Score::Cp(35));
    }

    #[test]
    fn table_scores_round_trip_at_any_ply() {
        for s in [mate_in(7), mated_in(4), 123, -50] {
            for ply in [0, 3, 20] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        // A mate in 3 plies from a node 5 plies deep is a mate in 8 from the root, and a
        // mate in 5 when the same node is met 2 plies deep.
        let stored = to_tt(mate_in(8), 5);
        assert_eq!(from_tt(stored, 2), mate_in(5));
    }
}
