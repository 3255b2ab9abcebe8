//! The position: pieces on the board (mailbox and bitboards), side to move, castling rights,
//! en passant square, clocks, the variant's own state, the zobrist hash, and the undo stack.
//!
//! Every change to a square goes through [`Position::set`], which keeps mailbox, bitboards and
//! hash in step and records the old content in the move's [`Undo`]. `unmake` puts the recorded
//! contents back, so it works for every variant without knowing its rules.

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece, MAX_KINDS};
use crate::rules::{Bb, Rules};
use crate::shape::Shape;
use crate::zobrist::ZOBRIST;

/// Most squares one move can change (a Rococo Chameleon's combined captures, a UC-40 drop).
pub const MAX_CHANGES: usize = 16;

/// Castling right bits: White kingside, White queenside, Black kingside, Black queenside.
pub const CASTLE_WK: u8 = 1;
pub const CASTLE_WQ: u8 = 2;
pub const CASTLE_BK: u8 = 4;
pub const CASTLE_BQ: u8 = 8;

/// What `unmake` needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo<R: Rules> {
    pub mv: Move,
    changes: [(Square, Option<Piece>); MAX_CHANGES],
    len: u8,
    castling: u8,
    ep: Option<Square>,
    halfmove: u16,
    /// Restored rather than counted back: at its saturated maximum a move does not change it.
    fullmove: u16,
    hash: u64,
    extra: R::Extra,
    /// Did the move remove an enemy piece? (Set by the variant's `apply`.)
    pub captured: bool,
}

impl<R: Rules> Undo<R> {
    fn new(pos: &Position<R>, mv: Move) -> Undo<R> {
        Undo {
            mv,
            changes: [(0, None); MAX_CHANGES],
            len: 0,
            castling: pos.castling,
            ep: pos.ep,
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            hash: pos.hash,
            extra: pos.extra,
            captured: false,
        }
    }

    #[inline(always)]
    fn record(&mut self, sq: Square, old: Option<Piece>) {
        // A move changes at most MAX_CHANGES squares by construction of the rules.
        self.changes[self.len as usize] = (sq, old);
        self.len += 1;
    }

    /// The en passant square of the position the move was made in (`make` clears the
    /// position's own before the variant's `apply` runs).
    pub fn ep_before(&self) -> Option<Square> {
        self.ep
    }

    /// The position's hash before the move.
    pub fn hash_before(&self) -> u64 {
        self.hash
    }

    /// The squares changed by the move with what stood on them before, in order.
    pub fn changes(&self) -> &[(Square, Option<Piece>)] {
        &self.changes[..self.len as usize]
    }
}

#[derive(Clone, Debug)]
pub struct Position<R: Rules> {
    board: [Option<Piece>; 128],
    by_kind: [Bb<R>; MAX_KINDS],
    by_color: [Bb<R>; 2],
    side: Color,
    castling: u8,
    /// Start square of the rook belonging to each castling right.
    castle_rooks: [Square; 4],
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
    hash: u64,
    pub extra: R::Extra,
    history: Vec<Undo<R>>,
}

impl<R: Rules> PartialEq for Position<R> {
    /// Equal state; the undo history does not count.
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.side == other.side
            && self.castling == other.castling
            && (0..4).all(|i| {
                self.castling & (1 << i) == 0 || self.castle_rooks[i] == other.castle_rooks[i]
            })
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.extra == other.extra
            && self.hash == other.hash
    }
}

impl<R: Rules> Position<R> {
    /// An empty board, White to move.
    pub fn empty() -> Position<R> {
        Position {
            board: [None; 128],
            by_kind: [Bb::<R>::EMPTY; MAX_KINDS],
            by_color: [Bb::<R>::EMPTY; 2],
            side: Color::White,
            castling: 0,
            castle_rooks: [0; 4],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            extra: R::Extra::default(),
            history: Vec::with_capacity(1024),
        }
    }

    /// The start position of the variant (for random-setup variants, its default setup).
    pub fn start() -> Position<R> {
        match Position::from_fen(&R::def().start_fen) {
            Ok(p) => p,
            Err(e) => unreachable!("built-in start position of {} is invalid: {e}", R::NAME),
        }
    }

    // ----- reading -----

    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq as usize & 127]
    }
    #[inline(always)]
    pub fn side(&self) -> Color {
        self.side
    }
    #[inline(always)]
    pub fn occupied(&self) -> Bb<R> {
        self.by_color[0] | self.by_color[1]
    }
    #[inline(always)]
    pub fn color(&self, c: Color) -> Bb<R> {
        self.by_color[c.index()]
    }
    #[inline(always)]
    pub fn kind(&self, k: Kind) -> Bb<R> {
        self.by_kind[k as usize]
    }
    #[inline(always)]
    pub fn pieces(&self, k: Kind, c: Color) -> Bb<R> {
        self.by_kind[k as usize] & self.by_color[c.index()]
    }
    /// The square of `c`'s king, if it is on the board.
    #[inline(always)]
    pub fn king_square(&self, c: Color) -> Option<Square> {
        let k = self.pieces(R::def().king, c);
        if k.is_empty() {
            None
        } else {
            Some(k.lowest())
        }
    }
    pub fn castling(&self) -> u8 {
        self.castling
    }
    pub fn castle_rook(&self, right: usize) -> Square {
        self.castle_rooks[right]
    }
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }
    pub fn halfmove(&self) -> u16 {
        self.halfmove
    }
    pub fn fullmove(&self) -> u16 {
        self.fullmove
    }
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Moves made since this position was set up, oldest first.
    pub fn history(&self) -> &[Undo<R>] {
        &self.history
    }
    /// Number of moves that can be taken back.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    // ----- changing -----

    /// Puts `new` on `sq` (or empties it), recording the old content in `undo`.
    #[inline(always)]
    pub fn set(&mut self, sq: Square, new: Option<Piece>, undo: &mut Undo<R>) {
        let old = self.board[sq as usize & 127];
        undo.record(sq, old);
        self.place(sq, old, new);
    }

    /// Moves the piece on `from` to `to` (capturing what stands there), recording both.
    #[inline(always)]
    pub fn move_piece(&mut self, from: Square, to: Square, undo: &mut Undo<R>) {
        let p = self.piece_at(from);
        self.set(to, p, undo);
        self.set(from, None, undo);
    }

    #[inline(always)]
    fn place(&mut self, sq: Square, old: Option<Piece>, new: Option<Piece>) {
        let bit = Bb::<R>::from_square(sq);
        if let Some(p) = old {
            self.by_kind[p.kind() as usize] ^= bit;
            self.by_color[p.color().index()] ^= bit;
            self.hash ^= ZOBRIST.piece(p, sq);
        }
        if let Some(p) = new {
            self.by_kind[p.kind() as usize] ^= bit;
            self.by_color[p.color().index()] ^= bit;
            self.hash ^= ZOBRIST.piece(p, sq);
        }
        self.board[sq as usize & 127] = new;
    }

    /// Puts a piece while setting up a position (no undo).
    pub fn put_piece(&mut self, sq: Square, piece: Option<Piece>) {
        let old = self.piece_at(sq);
        self.place(sq, old, piece);
    }

    pub fn set_side(&mut self, side: Color) {
        if side != self.side {
            self.hash ^= ZOBRIST.side;
            self.side = side;
        }
    }

    pub fn set_castling(&mut self, rights: u8, rooks: [Square; 4]) {
        self.hash ^= ZOBRIST.castling[self.castling as usize];
        self.castling = rights & 15;
        self.castle_rooks = rooks;
        self.hash ^= ZOBRIST.castling[self.castling as usize];
    }

    /// Removes castling rights (during `apply`).
    #[inline(always)]
    pub fn clear_castling(&mut self, rights: u8) {
        if self.castling & rights != 0 {
            self.hash ^= ZOBRIST.castling[self.castling as usize];
            self.castling &= !rights;
            self.hash ^= ZOBRIST.castling[self.castling as usize];
        }
    }

    /// Sets the en passant square (the square a double-stepping pawn passed over). During a
    /// move `make` keeps the hash right; when setting up, call [`Position::refresh_hash`].
    #[inline(always)]
    pub fn set_ep(&mut self, ep: Option<Square>) {
        self.ep = ep;
    }

    /// The en passant square counts in the hash only when a pawn of the side to move could
    /// capture there, so that equal positions hash equal whatever the last move was.
    fn ep_hash(&self) -> u64 {
        let (Some(ep), Some(pawn)) = (self.ep, R::def().pawn) else { return 0 };
        let attackers = R::def().pawn_attacks[self.side.flip().index()][ep as usize];
        if (attackers & self.pieces(pawn, self.side)).any() {
            ZOBRIST.en_passant[(ep % <R::S as Shape>::DIMS.files) as usize]
        } else {
            0
        }
    }

    pub fn set_clocks(&mut self, halfmove: u16, fullmove: u16) {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }

    #[inline(always)]
    pub fn reset_halfmove(&mut self) {
        self.halfmove = 0;
    }

    /// XORs a key into the hash, for variant state kept in `extra`.
    #[inline(always)]
    pub fn toggle_hash(&mut self, key: u64) {
        self.hash ^= key;
    }

    /// The hash computed from scratch (for tests and after setting up).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in 0..128u8 {
            if let Some(p) = self.piece_at(sq) {
                h ^= ZOBRIST.piece(p, sq);
            }
        }
        if self.side == Color::Black {
            h ^= ZOBRIST.side;
        }
        h ^= ZOBRIST.castling[self.castling as usize];
        h ^= self.ep_hash();
        h ^ R::extra_hash(self)
    }

    /// Recomputes the hash after setting up a position by hand.
    pub fn refresh_hash(&mut self) {
        self.hash = self.compute_hash();
    }

    /// Plays `mv`, which must be legal in this position.
    pub fn make(&mut self, mv: Move) {
        let mut undo = Undo::new(self, mv);
        // The en passant term depends on the board and the side to move: take it out before
        // the move and put the new one in after it.
        self.hash ^= self.ep_hash();
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
        R::apply(self, mv, &mut undo);
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        self.hash ^= ZOBRIST.side;
        self.hash ^= self.ep_hash();
        self.history.push(undo);
    }

    /// Takes back the last move made; does nothing if there is none.
    pub fn unmake(&mut self) {
        let Some(undo) = self.history.pop() else { return };
        for &(sq, old) in undo.changes().iter().rev() {
            let cur = self.board[sq as usize & 127];
            self.place(sq, cur, old);
        }
        self.fullmove = undo.fullmove;
        self.side = self.side.flip();
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.extra = undo.extra;
        self.hash = undo.hash;
    }

    /// Passes the move (for null-move pruning); undone by [`Position::unmake`].
    pub fn make_null(&mut self) {
        let undo = Undo::new(self, Move::NONE);
        self.hash ^= self.ep_hash();
        self.ep = None;
        let passed = R::after_pass(self.extra);
        if passed != self.extra {
            self.hash ^= R::extra_hash(self);
            self.extra = passed;
            self.hash ^= R::extra_hash(self);
        }
        self.halfmove = self.halfmove.saturating_add(1);
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        self.hash ^= ZOBRIST.side;
        self.history.push(undo);
    }

    /// Is `mv` the kind of move that removes a piece by landing on it (for move ordering)?
    #[inline(always)]
    pub fn lands_on_enemy(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::EnPassant | MoveKind::MutualDestruction => true,
            MoveKind::Normal => self.piece_at(mv.to()).is_some_and(|p| p.color() != self.side),
            _ => false,
        }
    }
}
