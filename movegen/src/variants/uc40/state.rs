//! The UC-40 state beyond the board: both reserves in drop order, drop credits, the pending
//! exchange and the swap-back ban, with their zobrist keys.
//!
//! Key layout in [`crate::zobrist::Zobrist::extra`]: reserve entries from 0 (colour, place
//! in the drop order counted from the next piece to drop, type), then credits, the pending
//! exchange's square and count, and the two squares of the swap-back ban.

use crate::exchange;
pub use crate::exchange::Pending;
use crate::geometry::Square;
use crate::piece::MAX_KINDS;
use crate::zobrist::ZOBRIST;

/// Most pieces a reserve holds (the 39 types other than the King).
pub const RESERVE_CAPACITY: usize = 40;
const RESERVE_KEYS: usize = 0;
const CREDIT_BASE: usize = RESERVE_KEYS + 2 * RESERVE_CAPACITY * MAX_KINDS;
const BAN_FROM: usize = CREDIT_BASE + exchange::keys_used(64);
const BAN_TO: usize = BAN_FROM + 64;
/// Keys the layout uses.
pub const KEYS_USED: usize = BAN_TO + 64;

/// One side's reserve, in drop order: a drop takes the front, a promotion the back.
pub type Reserve = crate::reserve::Reserve<RESERVE_CAPACITY>;

/// The zobrist contribution of `color`'s reserve: a key per place in the drop order and type.
fn reserve_keys(reserve: &Reserve, color: usize) -> u64 {
    let keys = &ZOBRIST.extra;
    reserve.as_slice().iter().enumerate().fold(0, |h, (i, &k)| {
        h ^ keys[RESERVE_KEYS + (color * RESERVE_CAPACITY + i) * MAX_KINDS + k as usize]
    })
}

/// What [`State::account`] gives: credits, pending exchange, swap-back ban.
pub type Account = ([u8; 2], Option<Pending>, Option<(Square, Square)>);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct State {
    /// White's and Black's reserves.
    pub reserves: [Reserve; 2],
    /// White's and Black's drop credits.
    pub credits: [u8; 2],
    pub pending: Option<Pending>,
    /// The swap (from, to) whose pair may not swap back on this ply.
    pub ban: Option<(Square, Square)>,
}

impl State {
    /// The zobrist contribution of this state.
    pub fn hash(&self) -> u64 {
        self.reserve_hash(0) ^ self.reserve_hash(1) ^ self.hash_without_reserves()
    }

    /// The zobrist contribution of one side's reserve (0 White, 1 Black).
    pub fn reserve_hash(&self, color: usize) -> u64 {
        reserve_keys(&self.reserves[color], color)
    }

    /// Credits, pending exchange and ban: the state apart from the reserves.
    pub fn account(&self) -> Account {
        (self.credits, self.pending, self.ban)
    }

    /// The zobrist contribution of credits, pending exchange and ban.
    pub fn hash_without_reserves(&self) -> u64 {
        let keys = &ZOBRIST.extra;
        let mut h = exchange::hash(self.credits, self.pending, CREDIT_BASE, 64);
        if let Some((a, b)) = self.ban {
            // Either order names the same pair.
            let (lo, hi) = (a.min(b), a.max(b));
            h ^= keys[BAN_FROM + (lo as usize & 63)] ^ keys[BAN_TO + (hi as usize & 63)];
        }
        h
    }
}

// The key layout must fit the free keys.
const _: () = assert!(KEYS_USED <= crate::zobrist::EXTRA_KEYS);
