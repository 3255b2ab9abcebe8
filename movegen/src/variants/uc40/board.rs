//! A copyable board: mailbox and bitboards of the 64 squares. The generator plays each
//! candidate turn on a copy and asks the check test about the copy, so that the King-safety
//! rule is judged on the real position after the whole turn, whatever the move did.

use super::kinds;
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece};
use crate::position::Position;

#[derive(Clone, Copy)]
pub struct Board {
    squares: [Option<Piece>; 64],
    by_color: [u64; 2],
    by_kind: [u64; kinds::COUNT],
}

impl Board {
    pub fn from_position(pos: &Position<super::Uc40>) -> Board {
        let mut b = Board { squares: [None; 64], by_color: [0; 2], by_kind: [0; kinds::COUNT] };
        for sq in pos.occupied().squares() {
            b.squares[sq as usize] = pos.piece_at(sq);
        }
        b.by_color = [pos.color(Color::White), pos.color(Color::Black)];
        for (k, bb) in b.by_kind.iter_mut().enumerate() {
            *bb = pos.kind(k as Kind);
        }
        b
    }

    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq as usize & 63]
    }
    #[inline(always)]
    pub fn kind_at(&self, sq: Square) -> Option<Kind> {
        self.piece_at(sq).map(Piece::kind)
    }
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }
    #[inline(always)]
    pub fn color(&self, c: Color) -> u64 {
        self.by_color[c.index()]
    }
    #[inline(always)]
    pub fn pieces(&self, k: Kind, c: Color) -> u64 {
        self.by_kind[k as usize] & self.by_color[c.index()]
    }
    pub fn king_square(&self, c: Color) -> Option<Square> {
        let k = self.pieces(kinds::KING, c);
        if k == 0 {
            None
        } else {
            Some(k.lowest())
        }
    }
    /// Is there a piece of colour `c` and type `k` on `sq`?
    #[inline(always)]
    pub fn has(&self, sq: Square, k: Kind, c: Color) -> bool {
        self.pieces(k, c).has(sq)
    }

    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        if let Some(p) = self.squares[sq as usize & 63].take() {
            let bit = 1u64 << sq;
            self.by_color[p.color().index()] ^= bit;
            self.by_kind[p.kind() as usize] ^= bit;
        }
    }

    #[inline(always)]
    pub fn put(&mut self, sq: Square, p: Piece) {
        self.remove(sq);
        let bit = 1u64 << sq;
        self.squares[sq as usize & 63] = Some(p);
        self.by_color[p.color().index()] |= bit;
        self.by_kind[p.kind() as usize] |= bit;
    }

    /// Plays the board effects of `mv` (without its drop), `captured` being the squares its
    /// captures empty (as [`super::captures::captured_by`] finds them). A promotion puts a
    /// piece of the promotion type recorded in the move.
    pub fn play(&mut self, mv: Move, captured: u64) {
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = self.piece_at(from) else { return };
        match mv.kind() {
            MoveKind::Suicide => self.remove(from),
            MoveKind::MutualDestruction => {
                self.remove(from);
                self.remove(to);
            }
            MoveKind::Swap => {
                for sq in captured.squares() {
                    self.remove(sq);
                }
                let other = self.piece_at(to);
                self.remove(from);
                if let Some(o) = other {
                    self.put(from, o);
                }
                self.put(to, mover);
            }
            _ => {
                for sq in captured.squares() {
                    self.remove(sq);
                }
                self.remove(from);
                let placed = match mv.promotion() {
                    Some(k) => Piece::new(k, mover.color()),
                    None => mover,
                };
                self.put(to, placed);
            }
        }
    }
}
