//! Bitboards sized to the board: `u64` for 8x8, `u128` for boards of up to 128 squares.
//!
//! Everything in the move generator is generic over [`Bitboard`], and each board shape picks
//! its integer once (see [`crate::shape`]), so 8x8 games never pay for 128-bit arithmetic.

use crate::geometry::Square;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of squares as the bits of an unsigned integer; bit `i` is square `i`.
pub trait Bitboard:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Number of bits, the largest number of squares this type can hold.
    const BITS: u32;
    const EMPTY: Self;
    const ONE: Self;

    /// The set holding only `sq`.
    #[inline(always)]
    fn from_square(sq: Square) -> Self {
        Self::ONE << sq as u32
    }
    fn count(self) -> u32;
    /// Lowest square; the set must not be empty.
    fn lowest(self) -> Square;
    /// Highest square; the set must not be empty.
    fn highest(self) -> Square;
    fn wrapping_mul(self, other: Self) -> Self;
    /// The low 64 bits (for table indices computed from a shifted board).
    fn low_u64(self) -> u64;
    fn from_u64(v: u64) -> Self;

    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    #[inline(always)]
    fn any(self) -> bool {
        self != Self::EMPTY
    }
    #[inline(always)]
    fn has(self, sq: Square) -> bool {
        (self >> sq as u32) & Self::ONE != Self::EMPTY
    }
    /// More than one square?
    #[inline(always)]
    fn several(self) -> bool {
        self & self.without_lowest() != Self::EMPTY
    }
    #[inline(always)]
    fn without_lowest(self) -> Self {
        self & self.wrapping_sub_one()
    }
    fn wrapping_sub_one(self) -> Self;
    /// Iterates the squares from lowest to highest.
    #[inline(always)]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

/// The number of set bits of a `u128`. Without the `popcnt` instruction (the default target
/// has none) `count_ones` counts each half on its own; here the two halves' per-byte counts
/// are added before the one multiplication that sums the bytes, which saves a quarter of the
/// work. Perft's bulk counting on the 10-file boards spends much of its time here.
#[inline(always)]
pub fn count_u128(x: u128) -> u32 {
    #[cfg(target_feature = "popcnt")]
    {
        x.count_ones()
    }
    #[cfg(not(target_feature = "popcnt"))]
    {
        const M1: u64 = 0x5555_5555_5555_5555;
        const M2: u64 = 0x3333_3333_3333_3333;
        const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        const BYTES: u64 = 0x0101_0101_0101_0101;
        let (a, b) = (x as u64, (x >> 64) as u64);
        let a = a - ((a >> 1) & M1);
        let b = b - ((b >> 1) & M1);
        let a = (a & M2) + ((a >> 2) & M2);
        let b = (b & M2) + ((b >> 2) & M2);
        // Each byte now holds at most 8 + 8, and all bytes together at most 128.
        let bytes = ((a + (a >> 4)) & M4) + ((b + (b >> 4)) & M4);
        (bytes.wrapping_mul(BYTES) >> 56) as u32
    }
}

macro_rules! impl_bitboard {
    ($t:ty, $count:expr) => {
        impl Bitboard for $t {
            const BITS: u32 = <$t>::BITS;
            const EMPTY: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn count(self) -> u32 {
                $count(self)
            }
            #[inline(always)]
            fn lowest(self) -> Square {
                self.trailing_zeros() as Square
            }
            #[inline(always)]
            fn highest(self) -> Square {
                (<$t>::BITS - 1 - self.leading_zeros()) as Square
            }
            #[inline(always)]
            fn wrapping_mul(self, other: Self) -> Self {
                <$t>::wrapping_mul(self, other)
            }
            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn wrapping_sub_one(self) -> Self {
                self.wrapping_sub(1)
            }
        }
    };
}
impl_bitboard!(u64, u64::count_ones);
impl_bitboard!(u128, count_u128);

/// Iterator over the squares of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Squares<B>(B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            let sq = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(sq)
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bitboard> ExactSizeIterator for Squares<B> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u128_count_matches_count_ones() {
        let mut x: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;
        for _ in 0..10_000 {
            x = x.wrapping_mul(0x2545_F491_4F6C_DD1D_0000_0000_0000_0001).rotate_left(17)
                ^ (x >> 3);
            assert_eq!(count_u128(x), x.count_ones());
        }
        assert_eq!(count_u128(u128::MAX), 128);
        assert_eq!(count_u128(0), 0);
    }

    #[test]
    fn squares_iterate_in_order_for_both_widths() {
        let b: u128 = (1 << 3) | (1 << 70) | (1 << 127);
        assert_eq!(b.squares().collect::<Vec<_>>(), vec![3, 70, 127]);
        assert_eq!(b.lowest(), 3);
        assert_eq!(b.highest(), 127);
        assert!(b.several());
        let c: u64 = 1 << 63;
        assert!(!c.several());
        assert!(c.has(63) && !c.has(62));
        assert_eq!(c.count(), 1);
    }
}
