//! The move type, move lists and move sinks.
//!
//! A [`Move`] is a `Copy` `u32`:
//!
//! | bits  | field | meaning |
//! |-------|-------|---------|
//! | 0-6   | from  | start square (for a pure drop: the drop square) |
//! | 7-13  | to    | destination (for suicide and a pure drop: equal to `from`) |
//! | 14-17 | kind  | [`MoveKind`] |
//! | 18-23 | promo | 0, or 1 + the piece type a pawn becomes (a pure drop: the type dropped) |
//! | 24-31 | drop  | 0, or 1 + the square a reserve piece is dropped on after the move |
//!
//! Everything else a move does follows from the position and these fields and is worked out
//! by `make`: which pieces a Rococo capture removes (approach, withdrawal, overtaking, all at
//! once), the Rolling Kings automatic king step, the piece a UC-40 drop brings (always the next
//! one of the reserve), drop credits, the castling rook. `make` records every square it
//! changes, so `unmake` restores them without knowing the rules.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use std::mem::MaybeUninit;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// A move or capture by landing (and any capture the variant derives from the move).
    Normal = 0,
    /// A pawn's two-square first move.
    DoubleStep = 1,
    EnPassant = 2,
    /// King's castling move; `to` is the king's destination.
    Castle = 3,
    /// Swapper (or Chameleon as Swapper) exchanges places with the piece on `to`.
    Swap = 4,
    /// The piece on `from` and the enemy piece on `to` both leave the board.
    MutualDestruction = 5,
    /// A frozen piece removes itself (`to == from`).
    Suicide = 6,
}

impl MoveKind {
    const ALL: [MoveKind; 7] = [
        MoveKind::Normal,
        MoveKind::DoubleStep,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::Swap,
        MoveKind::MutualDestruction,
        MoveKind::Suicide,
    ];
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move(u32);

impl Move {
    /// No move (a1-a1 with no kind is never generated).
    pub const NONE: Move = Move(0);

    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move((from as u32) | ((to as u32) << 7) | ((kind as u32) << 14))
    }

    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::Normal)
    }

    /// This move with a promotion to piece type `kind`.
    #[inline(always)]
    pub const fn with_promotion(self, kind: u8) -> Move {
        Move((self.0 & !(0x3f << 18)) | ((kind as u32 + 1) << 18))
    }

    /// This move followed by a drop on `sq`.
    #[inline(always)]
    pub const fn with_drop(self, sq: Square) -> Move {
        Move((self.0 & 0x00ff_ffff) | ((sq as u32 + 1) << 24))
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        (self.0 & 0x7f) as Square
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        ((self.0 >> 7) & 0x7f) as Square
    }

    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        MoveKind::ALL[((self.0 >> 14) & 0x7) as usize]
    }

    /// The piece type a pawn promotes to, if any.
    #[inline(always)]
    pub const fn promotion(self) -> Option<u8> {
        match (self.0 >> 18) & 0x3f {
            0 => None,
            k => Some(k as u8 - 1),
        }
    }

    /// The square a reserve piece is dropped on after the move, if any.
    #[inline(always)]
    pub const fn drop_square(self) -> Option<Square> {
        match self.0 >> 24 {
            0 => None,
            s => Some(s as Square - 1),
        }
    }

    /// A pure drop: a piece of type `kind` from the hand onto `sq`, with no move before it
    /// (a `Normal` move from a square to itself, which no piece makes).
    #[inline(always)]
    pub const fn drop_of(kind: u8, sq: Square) -> Move {
        Move::new(sq, sq, MoveKind::Normal).with_promotion(kind).with_drop(sq)
    }

    /// The type a pure drop brings, if this is one.
    #[inline(always)]
    pub fn dropped_kind(self) -> Option<u8> {
        let pure = self.drop_square().is_some()
            && self.from() == self.to()
            && self.kind() == MoveKind::Normal;
        if pure {
            self.promotion()
        } else {
            None
        }
    }

    /// The move without its drop.
    #[inline(always)]
    pub const fn without_drop(self) -> Move {
        Move(self.0 & 0x00ff_ffff)
    }

    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The raw encoding (for hashing tables).
    pub const fn raw(self) -> u32 {
        self.0
    }

    pub const fn from_raw(raw: u32) -> Move {
        Move(raw)
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Move({}->{} {:?}", self.from(), self.to(), self.kind())?;
        if let Some(p) = self.promotion() {
            write!(f, " promo {p}")?;
        }
        if let Some(d) = self.drop_square() {
            write!(f, " drop {d}")?;
        }
        write!(f, ")")
    }
}

/// Receives generated moves. Generators hand over whole target sets where they can, so a
/// counting sink adds a popcount instead of visiting every move.
pub trait MoveSink<B: Bitboard> {
    fn push(&mut self, mv: Move);

    /// A plain move from `from` to every square of `targets`.
    #[inline(always)]
    fn push_targets(&mut self, from: Square, targets: B) {
        for to in targets.squares() {
            self.push(Move::normal(from, to));
        }
    }

    /// A move of kind `kind` (swap, mutual destruction, ...) from `from` to every square of
    /// `targets`.
    #[inline(always)]
    fn push_kind_targets(&mut self, from: Square, targets: B, kind: MoveKind) {
        for to in targets.squares() {
            self.push(Move::new(from, to, kind));
        }
    }

    /// A promotion to each of `types` for each move from `from` to `targets`.
    #[inline(always)]
    fn push_promotions(&mut self, from: Square, targets: B, types: &[u8]) {
        for to in targets.squares() {
            for &t in types {
                self.push(Move::normal(from, to).with_promotion(t));
            }
        }
    }

    /// Moves of several pawns at once: each square of `targets` is reached from the square
    /// `back` below it in index order (`from = to - back`).
    #[inline(always)]
    fn push_pawn_moves(&mut self, targets: B, back: i32, kind: MoveKind) {
        for to in targets.squares() {
            self.push(Move::new((to as i32 - back) as Square, to, kind));
        }
    }

    /// Promotions of several pawns at once, as [`MoveSink::push_pawn_moves`].
    #[inline(always)]
    fn push_pawn_promotions(&mut self, targets: B, back: i32, types: &[u8]) {
        for to in targets.squares() {
            let from = (to as i32 - back) as Square;
            for &t in types {
                self.push(Move::normal(from, to).with_promotion(t));
            }
        }
    }
}

/// Counts moves without storing them (bulk counting at perft leaves).
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl<B: Bitboard> MoveSink<B> for MoveCounter {
    #[inline(always)]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn push_targets(&mut self, _from: Square, targets: B) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn push_kind_targets(&mut self, _from: Square, targets: B, _kind: MoveKind) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn push_promotions(&mut self, _from: Square, targets: B, types: &[u8]) {
        self.0 += targets.count() as u64 * types.len() as u64;
    }
    #[inline(always)]
    fn push_pawn_moves(&mut self, targets: B, _back: i32, _kind: MoveKind) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn push_pawn_promotions(&mut self, targets: B, _back: i32, types: &[u8]) {
        self.0 += targets.count() as u64 * types.len() as u64;
    }
}

/// Room for the largest move count of any position (UC-40 moves with drops run to hundreds).
pub const MAX_MOVES: usize = 2048;

/// A fixed-capacity move list that lives on the stack.
///
/// The slots are left uninitialised until written: clearing 8 KB for every list cost about 8%
/// of perft time in Lions and Unicorns (memset and memmove in the profile).
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList { moves: [const { MaybeUninit::uninit() }; MAX_MOVES], len: 0 }
    }
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList::default()
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: slots 0..len have been written by `push`, and `MaybeUninit<Move>` has the
        // layout of `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`; the borrow is exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }
    pub fn swap_remove(&mut self, i: usize) -> Move {
        let slice = self.as_mut_slice();
        let last = slice.len() - 1;
        slice.swap(i, last);
        let mv = slice[last];
        self.len -= 1;
        mv
    }
}

impl<B: Bitboard> MoveSink<B> for MoveList {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        // The capacity exceeds every reachable position's move count; a full list drops
        // further moves rather than panicking in the middle of a search.
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(mv);
            self.len += 1;
        }
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let m = Move::new(99, 0, MoveKind::MutualDestruction).with_promotion(40).with_drop(127);
        assert_eq!(m.from(), 99);
        assert_eq!(m.to(), 0);
        assert_eq!(m.kind(), MoveKind::MutualDestruction);
        assert_eq!(m.promotion(), Some(40));
        assert_eq!(m.drop_square(), Some(127));
        assert_eq!(m.without_drop().drop_square(), None);
        assert_eq!(m.dropped_kind(), None);
        let d = Move::drop_of(3, 100);
        assert_eq!((d.dropped_kind(), d.drop_square(), d.to()), (Some(3), Some(100), 100));
        assert_eq!(Move::normal(100, 100).with_drop(5).dropped_kind(), None);
        assert_eq!(Move::normal(12, 28).promotion(), None);
        assert_eq!(std::mem::size_of::<Move>(), 4);
    }

    #[test]
    fn move_list_keeps_what_was_pushed() {
        let mut list = MoveList::new();
        assert!(list.is_empty());
        for i in 0..10u8 {
            MoveSink::<u64>::push(&mut list, Move::normal(i, i + 1));
        }
        assert_eq!(list.len(), 10);
        assert_eq!(list.as_slice()[3], Move::normal(3, 4));
        assert_eq!(list.swap_remove(3), Move::normal(3, 4));
        assert_eq!(list.len(), 9);
        assert_eq!(list.as_slice()[3], Move::normal(9, 10));
        assert!(!list.contains(Move::normal(3, 4)));
        list.clear();
        assert!(list.is_empty());
    }
}
