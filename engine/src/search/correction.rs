//! Correction of the static score by the pawn structure: per side to move and pawn
//! structure, a running average of how far the searches of such positions ended from their
//! static score. A structure the evaluation misjudges (a weak pawn it does not see, an attack
//! it scores too low) keeps turning up in one search, and the pruning that trusts the static
//! score then trusts a score nearer the truth.
//!
//! Only in variants with an orthodox pawn type: elsewhere there is no structure to key on,
//! and the static score is used as it is.

use sissa_movegen::geometry::Color;

/// Entries per side to move (a power of two: the key's low bits index the table).
const ENTRIES: usize = 16_384;
/// Entries hold centipawns times this, so that small steps of the average are not lost.
const GRAIN: i32 = 256;
/// An entry corrects by at most this many centipawns.
const LIMIT_CP: i32 = 64;
/// The weight of one search in the average, out of 256, grows with its depth up to this.
const MAX_WEIGHT: i32 = 16;

pub struct Correction {
    /// `[side to move][pawn key % ENTRIES]`, in centipawns times `GRAIN`.
    table: Box<[[i16; ENTRIES]; 2]>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction { table: Box::new([[0; ENTRIES]; 2]) }
    }
}

impl Correction {
    pub fn clear(&mut self) {
        for side in self.table.iter_mut() {
            side.fill(0);
        }
    }

    /// The slot of the side to move and the pawn structure of key `pawn_key` (`None` where
    /// the variant has no pawn type).
    #[inline(always)]
    pub fn slot(side: Color, pawn_key: Option<u64>) -> Option<(usize, usize)> {
        Some((side.index(), pawn_key? as usize & (ENTRIES - 1)))
    }

    /// The static score corrected by what the searches of its structure have found.
    #[inline(always)]
    pub fn apply(&self, slot: Option<(usize, usize)>, static_eval: i32) -> i32 {
        match slot {
            Some((side, index)) => static_eval + self.table[side][index] as i32 / GRAIN,
            None => static_eval,
        }
    }

    /// A search of `depth` found `score` where the static score (uncorrected) was `raw`:
    /// move the slot's average towards the difference.
    #[inline(always)]
    pub fn update(&mut self, slot: Option<(usize, usize)>, depth: i32, score: i32, raw: i32) {
        let Some((side, index)) = slot else { return };
        let entry = &mut self.table[side][index];
        let target = (score - raw).clamp(-LIMIT_CP, LIMIT_CP) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        let mixed = (*entry as i32 * (256 - weight) + target * weight) / 256;
        *entry = mixed.clamp(-LIMIT_CP * GRAIN, LIMIT_CP * GRAIN) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_eval::pawn_key;
    use sissa_movegen::variants::chess::Chess;
    use sissa_movegen::{Position, Rules};

    fn slot_of<R: Rules>(pos: &Position<R>) -> Option<(usize, usize)> {
        Correction::slot(pos.side(), pawn_key(pos))
    }

    #[test]
    fn an_entry_moves_towards_the_searches_and_stays_bounded() {
        let pos = Position::<Chess>::start();
        let slot = slot_of(&pos);
        assert!(slot.is_some(), "chess has pawns");
        let mut c = Correction::default();
        assert_eq!(c.apply(slot, 10), 10, "nothing learnt yet");
        for _ in 0..200 {
            c.update(slot, 10, 40, 10);
        }
        let corrected = c.apply(slot, 10);
        assert!((38..=40).contains(&corrected), "converges on the error: {corrected}");
        for _ in 0..500 {
            c.update(slot, 20, 10_000, 0);
        }
        // The average closes on the limit from below (integer steps stop a grain short).
        let capped = c.apply(slot, 0);
        assert!(
            (LIMIT_CP - 1..=LIMIT_CP).contains(&capped),
            "a mate score moves it only to the limit: {capped}"
        );
        c.clear();
        assert_eq!(c.apply(slot, 0), 0);
    }

    #[test]
    fn the_slot_follows_the_pawns_and_the_side_to_move() {
        let start = Position::<Chess>::start();
        let mut moved = start.clone();
        let e4 = moved.parse_move("e2e4").expect("legal");
        moved.make(e4);
        let (start_side, start_index) = slot_of(&start).expect("pawns");
        let (moved_side, moved_index) = slot_of(&moved).expect("pawns");
        assert_ne!(start_side, moved_side);
        assert_ne!(start_index, moved_index, "a pawn move changes the structure");
        let mut knight = start.clone();
        let nf3 = knight.parse_move("g1f3").expect("legal");
        knight.make(nf3);
        assert_eq!(
            slot_of(&knight).map(|s| s.1),
            Some(start_index),
            "a piece move keeps the structure"
        );
    }
}
