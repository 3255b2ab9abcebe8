//! What the variants of the Ultima family (Rococo, UC-40) share at the level of a position:
//! the board as the shared capturer reads it, and the board effects of a move.

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece};
use crate::pieces::ultima::capturer::{Army, Board};
use crate::pieces::Mover;
use crate::position::{Position, Undo};
use crate::rules::{Bb, Rules};

impl<R: Rules> Board<R::S> for Position<R> {
    #[inline(always)]
    fn occupied(&self) -> Bb<R> {
        Position::occupied(self)
    }
    #[inline(always)]
    fn color(&self, c: Color) -> Bb<R> {
        Position::color(self, c)
    }
    #[inline(always)]
    fn pieces(&self, k: Kind, c: Color) -> Bb<R> {
        Position::pieces(self, k, c)
    }
    #[inline(always)]
    fn kind_at(&self, sq: Square) -> Option<Kind> {
        Position::piece_at(self, sq).map(|p| p.kind())
    }
    #[inline(always)]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        Position::piece_at(self, sq)
    }
    #[inline(always)]
    fn king_square(&self, c: Color) -> Option<Square> {
        Position::king_square(self, c)
    }
    #[inline(always)]
    fn mover(&self, k: Kind) -> &Mover<R::S> {
        &R::def().kinds[k as usize].mover
    }
    #[inline(always)]
    fn pawn_attacks(&self, c: Color, sq: Square) -> Bb<R> {
        R::def().pawn_attacks[c.index()][sq as usize]
    }
}

/// Carries out the board effects of `mv`, which captures `captured`: the captured pieces go,
/// then the mover removes itself (suicide), goes with its victim (mutual destruction), swaps,
/// or moves to its destination, where `placed` stands afterwards (the mover, or what it
/// promotes to). Returns the swap that creates a swap-back ban, if it does.
pub fn play_on_board<R: Rules>(
    pos: &mut Position<R>,
    army: &Army,
    mv: Move,
    captured: Bb<R>,
    placed: Option<Piece>,
    undo: &mut Undo<R>,
) -> Option<(Square, Square)> {
    let (from, to) = (mv.from(), mv.to());
    let mover = pos.piece_at(from)?;
    for sq in (captured & !Bb::<R>::from_square(to)).squares() {
        pos.set(sq, None, undo);
    }
    match mv.kind() {
        MoveKind::Suicide => pos.set(from, None, undo),
        MoveKind::MutualDestruction => {
            pos.set(from, None, undo);
            pos.set(to, None, undo);
        }
        MoveKind::Swap => {
            let partner = pos.piece_at(to);
            pos.set(from, partner, undo);
            pos.set(to, Some(mover), undo);
            if partner.is_some_and(|p| army.bans_swap_back(mover, p)) {
                return Some((from, to));
            }
        }
        _ => {
            pos.set(to, placed, undo);
            pos.set(from, None, undo);
        }
    }
    None
}
