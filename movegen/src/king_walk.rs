//! Kings that walk by themselves along a King-line (Rolling Kings, RULES.md section 4, and
//! any variants file with the `kingLine` key): after each move that does not capture the
//! enemy King, the mover's King steps to its next square on the line, capturing whatever
//! stands there, own pieces included; White's King walks the line forward, Black's
//! backward. A move is legal only if the King can make its step afterwards (its next square
//! exists and does not hold the enemy King) or the move captures the enemy King.
//!
//! The line itself is given as a function from (colour, square) to the next square, so that
//! Rolling Kings keeps its arithmetic on the boustrophedon and a file variant its table
//! ([`KingLine`]).

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::piece::Kind;
use crate::position::{Position, Undo};
use crate::rules::{Bb, Rules};

/// A King-line as a list of squares, each at most once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KingLine {
    squares: Vec<Square>,
    /// The position of each square on the line, or `OFF` for a square it does not pass.
    index: Box<[u8; 256]>,
}

const OFF: u8 = u8::MAX;

impl KingLine {
    /// The line through `squares` in order; `None` if a square repeats or there are more
    /// than 255.
    pub fn new(squares: Vec<Square>) -> Option<KingLine> {
        if squares.len() >= OFF as usize {
            return None;
        }
        let mut index = Box::new([OFF; 256]);
        for (i, &sq) in squares.iter().enumerate() {
            if index[sq as usize] != OFF {
                return None;
            }
            index[sq as usize] = i as u8;
        }
        Some(KingLine { squares, index })
    }

    /// The squares in line order.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The square the King of `color` on `sq` steps to: forward along the line for White,
    /// backward for Black. None at the end of its walk or off the line.
    #[inline]
    pub fn next_square(&self, color: Color, sq: Square) -> Option<Square> {
        let i = self.index[sq as usize];
        if i == OFF {
            return None;
        }
        let next = match color {
            Color::White => i as usize + 1,
            Color::Black => (i as usize).checked_sub(1)?,
        };
        self.squares.get(next).copied()
    }

    /// The squares after `sq` on the line and those before it (nearest first), for a slide
    /// along the line either way. Both empty for a square off the line.
    pub fn both_ways(&self, sq: Square) -> (Vec<Square>, Vec<Square>) {
        let i = self.index[sq as usize];
        if i == OFF {
            return (Vec::new(), Vec::new());
        }
        let i = i as usize;
        let ahead = self.squares[i + 1..].to_vec();
        let behind = self.squares[..i].iter().rev().copied().collect();
        (ahead, behind)
    }
}

/// Where the side to move's pieces may end their moves: anywhere if its King can step
/// afterwards, else only on the enemy King. None when a King is gone (the game is over).
#[inline(always)]
pub fn allowed_targets<R: Rules>(
    pos: &Position<R>,
    king: Kind,
    next: impl Fn(Color, Square) -> Option<Square>,
) -> Option<Bb<R>> {
    let us = pos.side();
    let own_king = pos.pieces(king, us);
    let enemy_king = pos.pieces(king, us.flip());
    if own_king.is_empty() || enemy_king.is_empty() {
        return None;
    }
    // The King's square and what stands on its next square are known before the move
    // (only a move by the King itself could change them, and then it has stepped already);
    // only the move's capture of the enemy King can make a blocked step unnecessary.
    let step_free = next(us, own_king.lowest()).is_some_and(|to| !enemy_king.has(to));
    Some(if step_free { !Bb::<R>::EMPTY } else { enemy_king })
}

/// The King of `us` steps to its next square, capturing what stands there.
pub fn king_step<R: Rules>(
    pos: &mut Position<R>,
    king: Kind,
    us: Color,
    next: impl Fn(Color, Square) -> Option<Square>,
    undo: &mut Undo<R>,
) {
    let kings = pos.pieces(king, us);
    if kings.is_empty() {
        return;
    }
    let from = kings.lowest();
    let Some(to) = next(us, from) else { return };
    if let Some(victim) = pos.piece_at(to) {
        // Never reached by a legal move: the generator keeps the enemy King off this square.
        if victim.kind() == king {
            return;
        }
        undo.captured |= victim.color() != us;
        pos.reset_halfmove();
    }
    pos.move_piece(from, to, undo);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::rollingkings::king_line;

    /// The Rolling Kings boustrophedon as a list of squares walks exactly as the built-in
    /// arithmetic does, both ways, from every square.
    #[test]
    fn a_listed_line_walks_as_the_boustrophedon() {
        let line = KingLine::new((0..64).map(king_line::square_at).collect())
            .unwrap_or_else(|| panic!("the boustrophedon has no repeated square"));
        for sq in 0..64u8 {
            for color in Color::BOTH {
                assert_eq!(line.next_square(color, sq), king_line::next_square(color, sq));
            }
        }
    }

    #[test]
    fn squares_off_the_line_and_repeats() {
        assert_eq!(KingLine::new(vec![3, 4, 3]), None);
        let line = KingLine::new(vec![10, 3, 20]).unwrap_or_else(|| panic!("valid line"));
        assert_eq!(line.next_square(Color::White, 10), Some(3));
        assert_eq!(line.next_square(Color::Black, 10), None);
        assert_eq!(line.next_square(Color::Black, 20), Some(3));
        assert_eq!(line.next_square(Color::White, 20), None);
        assert_eq!(line.next_square(Color::White, 0), None);
        assert_eq!(line.both_ways(3), (vec![20], vec![10]));
        assert_eq!(line.both_ways(0), (vec![], vec![]));
    }
}
