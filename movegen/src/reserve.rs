//! Pieces held off the board: UC-40's reserve in drop order, a crazyhouse hand.
//!
//! A reserve is a run of piece types from `head` to `tail` of a fixed array, so that it is
//! `Copy` and lives in a position's variant state. Taken as a queue (UC-40), a drop takes the
//! front and a promotion the back, and nothing moves inside the array. Taken as a hand (a
//! variant whose captures go to hand, any held piece may be dropped), the types are kept
//! sorted, so that equal hands are equal runs whatever the order the pieces came in.

use crate::piece::Kind;
use std::hash::{Hash, Hasher};

/// Up to `N` piece types off the board.
#[derive(Clone, Copy, Debug)]
pub struct Reserve<const N: usize> {
    kinds: [Kind; N],
    head: u8,
    tail: u8,
}

impl<const N: usize> Default for Reserve<N> {
    fn default() -> Self {
        Reserve { kinds: [0; N], head: 0, tail: 0 }
    }
}

impl<const N: usize> Reserve<N> {
    /// A reserve holding `kinds` in this order; `None` if there are too many.
    pub fn from_kinds(kinds: &[Kind]) -> Option<Reserve<N>> {
        if kinds.len() > N || N > u8::MAX as usize {
            return None;
        }
        let mut r = Reserve::default();
        r.kinds[..kinds.len()].copy_from_slice(kinds);
        r.tail = kinds.len() as u8;
        Some(r)
    }

    #[inline]
    pub fn as_slice(&self) -> &[Kind] {
        &self.kinds[self.head as usize..self.tail as usize]
    }
    #[inline]
    pub fn len(&self) -> usize {
        (self.tail - self.head) as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.head == self.tail
    }
    /// The next piece to drop.
    #[inline]
    pub fn front(&self) -> Option<Kind> {
        self.as_slice().first().copied()
    }
    /// The piece the next promotion brings.
    #[inline]
    pub fn back(&self) -> Option<Kind> {
        self.as_slice().last().copied()
    }
    pub fn pop_front(&mut self) -> Option<Kind> {
        let k = self.front()?;
        self.head += 1;
        Some(k)
    }
    pub fn pop_back(&mut self) -> Option<Kind> {
        let k = self.back()?;
        self.tail -= 1;
        Some(k)
    }

    /// Adds a piece at the back (as a FEN lists a queue); false if the reserve is full.
    pub fn push_back(&mut self, kind: Kind) -> bool {
        self.compact();
        let tail = self.tail as usize;
        if tail >= N {
            return false;
        }
        self.kinds[tail] = kind;
        self.tail += 1;
        true
    }

    /// Moves the run to the start of the array, leaving room at the back.
    fn compact(&mut self) {
        if self.head > 0 {
            let len = self.len();
            self.kinds.copy_within(self.head as usize..self.tail as usize, 0);
            self.head = 0;
            self.tail = len as u8;
        }
    }

    // ----- as a hand: sorted, any type taken -----

    /// How many pieces of type `kind` are held.
    #[inline]
    pub fn count(&self, kind: Kind) -> usize {
        self.as_slice().iter().filter(|&&k| k == kind).count()
    }

    /// Adds a piece of type `kind` in sorted place; false if the reserve is full.
    pub fn insert_sorted(&mut self, kind: Kind) -> bool {
        // A hand never pops its front, but a reserve read from a queue may have.
        self.compact();
        let tail = self.tail as usize;
        if tail >= N {
            return false;
        }
        let at = self.kinds[..tail].partition_point(|&k| k <= kind);
        self.kinds.copy_within(at..tail, at + 1);
        self.kinds[at] = kind;
        self.tail += 1;
        true
    }

    /// Takes one piece of type `kind` out; false if none is held.
    pub fn remove(&mut self, kind: Kind) -> bool {
        let (head, tail) = (self.head as usize, self.tail as usize);
        let Some(i) = self.kinds[head..tail].iter().position(|&k| k == kind) else {
            return false;
        };
        self.kinds.copy_within(head + i + 1..tail, head + i);
        self.tail -= 1;
        true
    }
}

impl<const N: usize> PartialEq for Reserve<N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}
impl<const N: usize> Eq for Reserve<N> {}
impl<const N: usize> Hash for Reserve<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_take_the_front_and_promotions_the_back() {
        let mut r = Reserve::<40>::from_kinds(&[5, 6, 7]).unwrap();
        assert_eq!(r.pop_front(), Some(5));
        assert_eq!(r.pop_back(), Some(7));
        assert_eq!(r.as_slice(), &[6]);
        assert_eq!(r, Reserve::from_kinds(&[6]).unwrap());
        assert_eq!(r.pop_back(), Some(6));
        assert!(r.is_empty() && r.pop_front().is_none() && r.pop_back().is_none());
        // Pieces put at the back keep their order, after a drop emptied the front too.
        let mut q = Reserve::<3>::from_kinds(&[5, 6, 7]).unwrap();
        q.pop_front();
        assert!(q.push_back(2) && !q.push_back(3));
        assert_eq!(q.as_slice(), &[6, 7, 2]);
    }

    #[test]
    fn a_hand_is_sorted_whatever_the_order_of_captures() {
        let mut a = Reserve::<8>::default();
        let mut b = Reserve::<8>::default();
        for k in [3, 0, 3, 1] {
            assert!(a.insert_sorted(k));
        }
        for k in [1, 3, 0, 3] {
            assert!(b.insert_sorted(k));
        }
        assert_eq!(a.as_slice(), &[0, 1, 3, 3]);
        assert_eq!(a, b);
        assert_eq!(a.count(3), 2);
        assert!(a.remove(3) && a.remove(0));
        assert!(!a.remove(0));
        assert_eq!(a.as_slice(), &[1, 3]);
        // A queue that was popped at its front takes pieces in sorted place too.
        let mut q = Reserve::<3>::from_kinds(&[2, 4, 6]).unwrap();
        q.pop_front();
        assert!(q.insert_sorted(5));
        assert_eq!(q.as_slice(), &[4, 5, 6]);
        assert!(!q.insert_sorted(1), "full");
    }
}
