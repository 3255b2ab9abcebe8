//! What one search thread remembers from search to search: for move ordering, killer moves
//! per ply, the history of quiet moves that caused cutoffs by moving piece and destination,
//! and the countermove (the quiet reply that last refuted a move, by that move's piece and
//! destination); beside them, the correction of the static score (`correction.rs`) and the
//! static scores already computed (`eval_cache.rs`).

use super::correction::Correction;
use super::eval_cache::EvalCache;
use super::score::MAX_PLY;
use sissa_movegen::piece::MAX_KINDS;
use sissa_movegen::Move;

/// History scores stay within +-HISTORY_MAX (each update moves the score part of the way).
pub const HISTORY_MAX: i32 = 16_384;

pub struct History {
    /// `[piece index][to]`.
    quiet: Box<[[i16; 128]; MAX_KINDS * 2]>,
    killers: [[Move; 2]; MAX_PLY + 1],
    /// `[piece index][to]` of the move answered.
    counter: Box<[[Move; 128]; MAX_KINDS * 2]>,
    /// What the searches found of the static score, by pawn structure (`correction.rs`).
    pub correction: Correction,
    /// The static scores of the positions evaluated, by position key (`eval_cache.rs`).
    /// Kept from move to move: the next search meets many of the same positions.
    pub static_scores: EvalCache,
}

/// Column of a destination in the `[piece][to]` tables (a square index is below 128 on every
/// board).
#[inline(always)]
fn column(to: u8) -> usize {
    to as usize & 127
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

impl History {
    pub fn new() -> History {
        History {
            quiet: Box::new([[0; 128]; MAX_KINDS * 2]),
            killers: [[Move::NONE; 2]; MAX_PLY + 1],
            counter: Box::new([[Move::NONE; 128]; MAX_KINDS * 2]),
            correction: Correction::default(),
            static_scores: EvalCache::default(),
        }
    }

    pub fn clear(&mut self) {
        for row in self.quiet.iter_mut() {
            row.fill(0);
        }
        for row in self.counter.iter_mut() {
            row.fill(Move::NONE);
        }
        self.correction.clear();
        self.static_scores.clear();
        self.clear_killers();
    }

    pub fn clear_killers(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY + 1];
    }

    #[inline(always)]
    pub fn quiet(&self, piece: usize, to: u8) -> i32 {
        self.quiet[piece][column(to)] as i32
    }

    /// Rewards (positive `bonus`) or punishes a quiet move; the gravity term keeps the
    /// score bounded and lets recent results outweigh old ones.
    #[inline(always)]
    pub fn update_quiet(&mut self, piece: usize, to: u8, bonus: i32) {
        let slot = &mut self.quiet[piece][column(to)];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let old = *slot as i32;
        *slot = (old + bonus - old * bonus.abs() / HISTORY_MAX) as i16;
    }

    #[inline(always)]
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply.min(MAX_PLY)]
    }

    /// The quiet move that last refuted the move of `piece` to `to`.
    #[inline(always)]
    pub fn counter(&self, piece: usize, to: u8) -> Move {
        self.counter[piece][column(to)]
    }

    pub fn set_counter(&mut self, piece: usize, to: u8, reply: Move) {
        self.counter[piece][column(to)] = reply;
    }

    pub fn add_killer(&mut self, ply: usize, mv: Move) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_stays_bounded_and_killers_rotate() {
        let mut h = History::new();
        for _ in 0..1000 {
            h.update_quiet(3, 40, 2000);
        }
        assert!(h.quiet(3, 40) <= HISTORY_MAX && h.quiet(3, 40) > HISTORY_MAX / 2);
        let (a, b) = (Move::normal(1, 2), Move::normal(3, 4));
        h.add_killer(5, a);
        h.add_killer(5, b);
        h.add_killer(5, b);
        assert_eq!(h.killers(5), [b, a]);
    }

    #[test]
    fn the_countermove_is_the_last_refutation_and_clearing_forgets_it() {
        let mut h = History::new();
        assert_eq!(h.counter(7, 20), Move::NONE);
        let (first, second) = (Move::normal(1, 2), Move::normal(3, 4));
        h.set_counter(7, 20, first);
        h.set_counter(7, 20, second);
        assert_eq!(h.counter(7, 20), second);
        assert_eq!(h.counter(7, 21), Move::NONE, "another destination has its own");
        h.clear();
        assert_eq!(h.counter(7, 20), Move::NONE);
    }
}
