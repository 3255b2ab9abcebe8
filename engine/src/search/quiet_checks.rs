//! Which quiet moves give check, found without making them: the squares from which each of
//! the side to move's piece types would attack the enemy king, as quiescence's first ply
//! needs them to search the quiet checks besides the captures (`profile.rs`). A piece that
//! attacks back the squares it is attacked from (leaps, slides and rides; not bent paths)
//! checks from exactly the squares it would attack from the king's square (if it captures by
//! landing, as the evaluation's safe checks count it); a pawn from the squares an enemy pawn
//! on the king's square would capture on. Discovered checks and checks by castling are not
//! found: quiescence looks at the plain ones alone.

use sissa_movegen::geometry::Square;
use sissa_movegen::piece::{Kind, MAX_KINDS};
use sissa_movegen::pieces::{lines_of, LineAttacks};
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::shape::Shape;
use sissa_movegen::{bitboard::Bitboard, Move, MoveKind, Position};

/// The squares from which each piece type of the side to move gives direct check.
pub struct CheckSquares<R: Rules> {
    by_kind: [Bb<R>; MAX_KINDS],
}

impl<R: Rules> CheckSquares<R> {
    /// The check squares of `pos`'s side to move; `None` where the enemy has no king. As
    /// the evaluation's safe checks find them: the lines from the king's square computed
    /// once, for the types that use them, and each type's attacks read along them.
    pub fn new(pos: &Position<R>) -> Option<CheckSquares<R>> {
        let us = pos.side();
        let king = pos.king_square(us.flip())?;
        let def = R::def();
        // The types on the board that check from where they attack: pieces (not the king, not
        // the pawn) that capture by landing and attack back along their own ways.
        let mut checking = [false; MAX_KINDS];
        for (k, kind) in def.kinds.iter().enumerate() {
            let kind_index = k as Kind;
            checking[k] = kind_index != def.king
                && Some(kind_index) != def.pawn
                && kind.kind.lands_only()
                && kind.mover.is_reversible()
                && pos.pieces(kind_index, us).any();
        }
        let needed =
            lines_of(def.kinds.iter().zip(checking).filter_map(|(kd, c)| c.then_some(&kd.mover)));
        let lines = LineAttacks::new(R::S::tables(), king, pos.occupied(), needed);
        let mut by_kind = [Bb::<R>::EMPTY; MAX_KINDS];
        for (k, squares) in by_kind.iter_mut().enumerate().take(def.kinds.len()) {
            if Some(k as Kind) == def.pawn && pos.pieces(k as Kind, us).any() {
                *squares = def.pawn_attacks[us.flip().index()][king as usize];
            } else if checking[k] {
                *squares = def.kinds[k].mover.attacks_along(king, &lines);
            }
        }
        Some(CheckSquares { by_kind })
    }

    /// Does the quiet move `mv` (a plain move of a piece onto an empty square) give direct
    /// check?
    #[inline(always)]
    pub fn gives_check(&self, pos: &Position<R>, mv: Move) -> bool {
        if mv.kind() != MoveKind::Normal || mv.promotion().is_some() {
            return false;
        }
        let Some(piece) = pos.piece_at(mv.from()) else { return false };
        let to: Square = mv.to();
        self.by_kind[piece.kind() as usize].has(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::variants::chess::Chess;

    /// The quiet moves of `fen` found to give check, and those that give check when made
    /// (the independent count), both as text and sorted.
    fn found_and_real(fen: &str) -> (Vec<String>, Vec<String>) {
        let pos = Position::<Chess>::from_fen(fen).expect("valid FEN");
        let squares = CheckSquares::new(&pos).expect("kings");
        let mut moves = sissa_movegen::MoveList::new();
        Chess::generate(&pos, &mut moves);
        let quiet = moves
            .iter()
            .copied()
            .filter(|&mv| !Chess::is_capture(&pos, mv) && mv.promotion().is_none())
            .collect::<Vec<_>>();
        let text = |list: Vec<Move>| {
            let mut out = list.into_iter().map(|mv| Chess::notation(&pos, mv)).collect::<Vec<_>>();
            out.sort();
            out
        };
        let found = quiet.iter().copied().filter(|&mv| squares.gives_check(&pos, mv)).collect();
        let real = quiet
            .iter()
            .copied()
            .filter(|&mv| {
                let mut after = pos.clone();
                after.make(mv);
                Chess::in_check(&after)
            })
            .collect();
        (text(found), text(real))
    }

    #[test]
    fn every_direct_quiet_check_is_found_and_nothing_else() {
        // Black's king on e8; White has a knight, a rook, a bishop and a pawn. Every quiet
        // move is played to see whether it checks: the list found must be that list.
        let (found, real) = found_and_real("4k3/8/3P4/3N4/8/8/7B/R3K3 w - - 0 1");
        assert_eq!(found, real);
        // The rook checks from a8, the pawn from d7 and the knight from c7 and f6; none of
        // the knight's other squares (b4, b6, c3, e3, e7, f4) nor of the bishop's (g1, g3,
        // f4, e5) checks.
        assert_eq!(found.len(), 4, "{found:?}");
    }

    #[test]
    fn a_discovered_check_is_not_found() {
        // The bishop on e2 blocks the rook on e1: each of its nine moves discovers check on
        // e8, and only b5 and h5 check from where they land as well.
        let (found, real) = found_and_real("4k3/8/8/8/8/8/4B3/K3R3 w - - 0 1");
        assert_eq!(real.len(), 9, "{real:?}");
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found.iter().all(|m| real.contains(m)), "{found:?} {real:?}");
    }
}
