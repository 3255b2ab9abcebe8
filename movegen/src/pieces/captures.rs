//! How a piece captures, as data: a set of capture mechanisms. Most pieces capture by landing
//! on their victim with their own movement; the Ultima family capture in other ways, each
//! mechanism a file of [`super::ultima`], and [`super::ultima::capturer`] reads this set to
//! pick them.

/// The ways a piece captures. A piece may have several (the Pushme-Pullyu approaches and
/// withdraws in one move); a piece that captures nothing by moving has none of the capture
/// bits (the Immobilizer only freezes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Captures(u16);

impl Captures {
    /// Captures nothing.
    pub const NONE: Captures = Captures(0);
    /// Lands on its victim by its movement parts (the King, the ordinary pieces; the
    /// orthodox pawn by its diagonal step).
    pub const LANDING: Captures = Captures(1);
    /// Moves along a queen line and takes the prey piece just beyond where it stops.
    pub const APPROACH: Captures = Captures(1 << 1);
    /// Moves along a queen line directly away from an adjacent prey piece and takes it.
    pub const WITHDRAWAL: Captures = Captures(1 << 2);
    /// Jumps prey pieces along a queen line, each followed by an empty square (Long Leaper).
    pub const OVERTAKING: Captures = Captures(1 << 3);
    /// Swaps with the first piece along a queen line, or removes an adjacent enemy piece and
    /// itself (Swapper). A swap takes nothing off the board.
    pub const SWAPPING: Captures = Captures(1 << 4);
    /// Never captures; every adjacent enemy piece is frozen (Immobilizer).
    pub const FREEZING: Captures = Captures(1 << 5);
    /// Takes each enemy piece as that piece captures (Chameleon); it freezes enemy freezers.
    pub const MIMICRY: Captures = Captures(1 << 6);
    /// Hops over an adjacent piece of either colour onto the enemy just beyond (Rococo's
    /// Cannon Pawn).
    pub const MOUNT_HOP: Captures = Captures(1 << 7);
    /// Hops over exactly one piece along a queen line onto the first piece beyond it
    /// (UC-40's PaoVao).
    pub const SCREEN_HOP: Captures = Captures(1 << 8);
    /// Takes each enemy piece orthogonally next to where it stops that has a friendly piece
    /// directly beyond it (Ultima's Pincer Pawn).
    pub const CUSTODIAN: Captures = Captures(1 << 9);
    /// Takes the enemy pieces where its rank and file cross its own King's file and rank
    /// (Ultima's Coordinator).
    pub const COORDINATION: Captures = Captures(1 << 10);

    /// Both sets of ways.
    pub const fn with(self, other: Captures) -> Captures {
        Captures(self.0 | other.0)
    }

    /// Does this set hold every way of `other` (and `other` at least one)?
    #[inline(always)]
    pub const fn has(self, other: Captures) -> bool {
        other.0 != 0 && self.0 & other.0 == other.0
    }

    /// Does this set hold any way of `other`?
    #[inline(always)]
    pub const fn any_of(self, other: Captures) -> bool {
        self.0 & other.0 != 0
    }

    /// Does the piece capture only by landing on its victim with its own movement, so that
    /// the ordinary attack tables describe its captures?
    #[inline(always)]
    pub const fn lands_only(self) -> bool {
        self.0 == Captures::LANDING.0
    }

    /// The ways that capture at the ends of a queen-line movement or along it.
    pub const LINE: Captures =
        Captures(Captures::APPROACH.0 | Captures::WITHDRAWAL.0 | Captures::OVERTAKING.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_their_ways_and_no_others() {
        let pushme = Captures::APPROACH.with(Captures::WITHDRAWAL);
        assert!(pushme.has(Captures::APPROACH) && pushme.has(Captures::WITHDRAWAL));
        assert!(!pushme.has(Captures::OVERTAKING) && !pushme.has(Captures::NONE));
        assert!(pushme.any_of(Captures::LINE) && !pushme.has(Captures::LINE));
        assert!(Captures::LANDING.lands_only() && !pushme.lands_only());
        assert!(!Captures::LANDING.with(Captures::MOUNT_HOP).lands_only());
    }
}
