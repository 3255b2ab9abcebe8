//! The transposition table, shared by all search threads without locks.
//!
//! Each entry is two atomic words: the data (move, score, depth, bound, age) and the key
//! XOR the data. A reader accepts an entry only if `check ^ data` gives back its key, so an
//! entry torn by two threads writing at once (one word from each) fails the test and is
//! treated as a miss instead of handing out another position's move. Moves read from the table
//! are still checked against the legal moves before use.
//!
//! Entries sit in buckets of two: one kept by depth, one always replaced.

use sissa_movegen::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    /// The score is at least this (a beta cutoff).
    Lower = 2,
    /// The score is at most this (no move reached alpha).
    Upper = 3,
}

impl Bound {
    /// Does a stored score with this bound settle a node searched with the window (alpha,
    /// beta)? An exact score always does, a lower bound at or above beta, an upper bound at
    /// or below alpha.
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// A decoded entry.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: Move,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 2;
const ENTRY_BYTES: usize = 16;

pub struct TranspositionTable {
    entries: Box<[Entry]>,
    buckets: usize,
    age: AtomicU8,
}

// data layout: move 0-31, score 32-47 (i16), depth 48-55 (u8, +1 so quiescence depth 0 fits),
// bound 56-57, age 58-63.
fn pack(mv: Move, score: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    (mv.raw() as u64)
        | ((score as i16 as u16 as u64) << 32)
        | (((depth + 1).clamp(0, 255) as u64) << 48)
        | ((bound as u64) << 56)
        | (((age & 63) as u64) << 58)
}

fn unpack(data: u64) -> Option<Hit> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Hit {
        mv: Move::from_raw(data as u32),
        score: (data >> 32) as u16 as i16 as i32,
        depth: ((data >> 48) & 255) as i32 - 1,
        bound,
    })
}

fn age_of(data: u64) -> u8 {
    (data >> 58) as u8 & 63
}

fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 255) as i32 - 1
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket), for sizes known to fit in
    /// memory; a size from outside goes through [`TranspositionTable::try_new`].
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::try_new(mb)
            .unwrap_or_else(|_| TranspositionTable::with_buckets(Vec::new(), 1))
    }

    /// A table of about `mb` megabytes, or an error if the memory cannot be had: asking for
    /// more than the machine has must not end the engine.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, String> {
        let too_large = || format!("cannot allocate a table of {mb} MB");
        let bytes = mb.max(1).checked_mul(1024 * 1024).ok_or_else(too_large)?;
        let buckets = (bytes / (ENTRY_BYTES * BUCKET)).max(1);
        let mut entries = Vec::new();
        entries.try_reserve_exact(buckets * BUCKET).map_err(|_| too_large())?;
        Ok(TranspositionTable::with_buckets(entries, buckets))
    }

    /// Fills `entries` (reserved for `buckets` buckets) with empty entries.
    fn with_buckets(mut entries: Vec<Entry>, buckets: usize) -> TranspositionTable {
        entries.resize_with(buckets * BUCKET, Entry::default);
        TranspositionTable { entries: entries.into_boxed_slice(), buckets, age: AtomicU8::new(0) }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for e in self.entries.iter() {
            e.check.store(0, Ordering::Relaxed);
            e.data.store(0, Ordering::Relaxed);
        }
    }

    /// Starts a new search: older entries become the first to go.
    pub fn new_search(&self) {
        let a = self.age.load(Ordering::Relaxed);
        self.age.store(a.wrapping_add(1) & 63, Ordering::Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto any number of buckets, not only powers of two.
        ((key as u128 * self.buckets as u128) >> 64) as usize * BUCKET
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let b = self.bucket(key);
        for e in &self.entries[b..b + BUCKET] {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if check ^ data == key {
                return unpack(data);
            }
        }
        None
    }

    pub fn store(&self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound) {
        let age = self.age.load(Ordering::Relaxed);
        let b = self.bucket(key);
        let slots = &self.entries[b..b + BUCKET];
        // The same position: update it, keeping the old move if the new entry has none.
        let mut target = None;
        for (i, e) in slots.iter().enumerate() {
            let data = e.data.load(Ordering::Relaxed);
            if e.check.load(Ordering::Relaxed) ^ data == key {
                if bound != Bound::Exact && depth + 2 < depth_of(data) && age_of(data) == age {
                    return;
                }
                let mv = if mv.is_none() { Move::from_raw(data as u32) } else { mv };
                return self.write(&slots[i], key, pack(mv, score, depth, bound, age));
            }
            if target.is_none() && data == 0 {
                target = Some(i);
            }
        }
        // Otherwise the first slot keeps the deeper or newer entry, the second takes the rest.
        let i = target.unwrap_or_else(|| {
            let d0 = slots[0].data.load(Ordering::Relaxed);
            if age_of(d0) != age || depth >= depth_of(d0) {
                0
            } else {
                1
            }
        });
        self.write(&slots[i], key, pack(mv, score, depth, bound, age));
    }

    #[inline(always)]
    fn write(&self, e: &Entry, key: u64, data: u64) {
        e.data.store(data, Ordering::Relaxed);
        e.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of the first thousand entries written during the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| {
                let d = e.data.load(Ordering::Relaxed);
                d != 0 && age_of(d) == age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_entries_come_back_and_others_miss() {
        let tt = TranspositionTable::new(1);
        let mv = Move::normal(12, 28);
        tt.store(0xdead_beef_1234_5678, mv, -345, 7, Bound::Lower);
        let hit = tt.probe(0xdead_beef_1234_5678).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (mv, -345, 7, Bound::Lower));
        assert!(tt.probe(0x1111_2222_3333_4444).is_none());
        tt.clear();
        assert!(tt.probe(0xdead_beef_1234_5678).is_none());
    }

    #[test]
    fn quiescence_depth_and_extreme_scores_fit() {
        let tt = TranspositionTable::new(1);
        tt.store(42, Move::NONE, -31_000, -1, Bound::Upper);
        let hit = tt.probe(42).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound), (-31_000, -1, Bound::Upper));
    }

    #[test]
    fn a_bound_settles_only_the_windows_it_decides() {
        // A score of at least 50 fails high against beta 40, and says nothing against 60.
        assert!(Bound::Lower.settles(50, 0, 40));
        assert!(!Bound::Lower.settles(50, 0, 60));
        // A score of at most 50 fails low against alpha 60, and says nothing against 40.
        assert!(Bound::Upper.settles(50, 60, 100));
        assert!(!Bound::Upper.settles(50, 40, 100));
        // An exact score is the node's score whatever the window.
        assert!(Bound::Exact.settles(50, 60, 100));
    }

    #[test]
    fn a_torn_entry_is_a_miss() {
        let tt = TranspositionTable::new(1);
        tt.store(77, Move::normal(1, 2), 10, 3, Bound::Exact);
        let b = tt.bucket(77);
        // Another thread's data word without its check word.
        tt.entries[b]
            .data
            .store(pack(Move::normal(5, 6), 99, 9, Bound::Exact, 0), Ordering::Relaxed);
        assert!(tt.probe(77).is_none());
    }
}
