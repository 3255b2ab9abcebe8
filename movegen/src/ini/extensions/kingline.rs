//! Sissa's `kingLine` key: Kings that walk by themselves along a path of squares, as in
//! Rolling Kings (RULES.md section 4). The walk itself is [`crate::king_walk`], shared with
//! the built-in variant; this file reads the key and gives a file variant the rules that go
//! with it.
//!
//! `kingLine = h1-a1 a2-h2 ...` lists the line's squares in order: a square, or a run `x-y`
//! along a rank, file or diagonal, both ends included. With the key:
//! - after every move that does not capture the enemy King, the mover's King steps to its
//!   next square (White's forward along the line, Black's backward), capturing whatever
//!   stands there, own pieces included;
//! - a move is legal only if the King can step afterwards (its next square exists and does
//!   not hold the enemy King) or the move captures the enemy King; a King off the line or at
//!   the end of its walk cannot step;
//! - there is no check: a King may stand attacked, and capturing the enemy King, with any
//!   piece, wins at once; the King moves by the player only by the Betza it is given
//!   (`king = k:` for none, as in Rolling Kings); there is no castling;
//! - the Betza atom `{kingLine}` slides along the line either way (the Mock King).

use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::geometry::{Color, Dims, Square};
use crate::ini::betza::Travel;
use crate::ini::definition::PieceDef;
use crate::king_walk::{self, KingLine};
use crate::moves::{Move, MoveSink};
use crate::orthodox::apply_orthodox;
use crate::piece::Kind;
use crate::position::{Position, Undo};
use crate::rules::{Bb, Outcome, Rules};

/// The keys this extension adds.
pub const KEYS: [&str; 1] = ["kingLine"];

/// Reads a King-line: squares and runs separated by spaces, each square at most once.
pub fn parse_king_line(value: &str, files: u8, ranks: u8) -> Result<Vec<Square>, String> {
    let dims = Dims::new(files, ranks);
    let square = |name: &str| {
        dims.parse_square(name).ok_or_else(|| format!("no square {name:?} on this board"))
    };
    let mut line: Vec<Square> = Vec::new();
    for word in value.split_whitespace() {
        let run = match word.split_once('-') {
            None => vec![square(word)?],
            Some((a, b)) => run(dims, square(a)?, square(b)?)
                .ok_or_else(|| format!("{word:?} is not along a rank, file or diagonal"))?,
        };
        for sq in run {
            if line.contains(&sq) {
                return Err(format!("{} is on the line twice", dims.square_name(sq)));
            }
            line.push(sq);
        }
    }
    if line.len() < 2 {
        return Err("a King-line needs at least two squares".to_string());
    }
    Ok(line)
}

/// Does the piece slide along the King-line (`{kingLine}`)?
pub fn slides_on_line(piece: &PieceDef) -> bool {
    piece.moves.iter().any(|m| m.travel == Travel::KingLine)
}

/// The squares from `a` to `b` along one queen line, both included.
fn run(dims: Dims, a: Square, b: Square) -> Option<Vec<Square>> {
    let (df, dr) = (dims.file(b) - dims.file(a), dims.rank(b) - dims.rank(a));
    if df != 0 && dr != 0 && df.abs() != dr.abs() {
        return None;
    }
    let step = (df.signum(), dr.signum());
    let mut out = vec![a];
    let mut cur = a;
    while cur != b {
        cur = dims.offset(cur, step)?;
        out.push(cur);
    }
    Some(out)
}

/// The compiled line, for a variant whose squares are in `dims`.
pub fn compile(squares: &[Square]) -> Option<KingLine> {
    KingLine::new(squares.to_vec())
}

/// The result when a King has been captured.
pub fn king_captured<R: Rules>(pos: &Position<R>, king: Kind) -> Option<Outcome> {
    let us = pos.side();
    [us, us.flip()]
        .into_iter()
        .find(|&side| pos.pieces(king, side).is_empty())
        .map(|side| Outcome::Win(side.flip(), "king captured"))
}

/// The move as in chess, then, unless it took the enemy King, the mover's King's step.
pub fn apply<R: Rules>(pos: &mut Position<R>, mv: Move, undo: &mut Undo<R>, line: &KingLine) {
    let king = R::def().king;
    let Some(piece) = pos.piece_at(mv.from()) else { return };
    let takes_king = pos.piece_at(mv.to()).is_some_and(|v| v.kind() == king);
    apply_orthodox(pos, mv, undo);
    if !takes_king {
        king_walk::king_step(pos, king, piece.color(), |c, s| line.next_square(c, s), undo);
    }
}

/// Where the side to move may move to (see [`king_walk::allowed_targets`]); None when a
/// King is gone.
#[inline]
pub fn allowed_targets<R: Rules>(pos: &Position<R>, line: &KingLine) -> Option<Bb<R>> {
    king_walk::allowed_targets(pos, R::def().king, |c, s| line.next_square(c, s))
}

/// A sink that keeps the moves ending on `allowed`.
pub struct Allowed<'a, B, K> {
    pub allowed: B,
    pub sink: &'a mut K,
}

impl<B: Bitboard, K: MoveSink<B>> MoveSink<B> for Allowed<'_, B, K> {
    #[inline]
    fn push(&mut self, mv: Move) {
        if self.allowed.has(mv.to()) {
            self.sink.push(mv);
        }
    }
}

/// A position of a King-line variant: at most one King each, and the side that has just
/// moved still has its King (the side to move may have lost its own: the game is over).
pub fn validate<R: Rules>(pos: &Position<R>, king: Kind) -> Result<(), FenError> {
    for c in Color::BOTH {
        if pos.pieces(king, c).several() {
            return Err(FenError::new(format!("{c:?} has more than one King")));
        }
    }
    if pos.pieces(king, pos.side().flip()).is_empty() {
        return Err(FenError::new(format!(
            "{:?} has no King but has just moved",
            pos.side().flip()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_single_squares() {
        let dims = Dims::new(8, 8);
        let names = |line: &[Square]| -> String {
            line.iter().map(|&s| dims.square_name(s)).collect::<Vec<_>>().join(" ")
        };
        let line = parse_king_line("c1-a1 a2 b3-d5 d4", 8, 8).unwrap_or_default();
        assert_eq!(names(&line), "c1 b1 a1 a2 b3 c4 d5 d4");
        let boustrophedon = "h1-a1 a2-h2 h3-a3 a4-h4 h5-a5 a6-h6 h7-a7 a8-h8";
        assert_eq!(parse_king_line(boustrophedon, 8, 8).map(|l| l.len()), Ok(64));
    }

    #[test]
    fn bad_lines_are_errors() {
        for bad in ["", "a1", "a1-b3", "a1 a1", "a1-c1 b1", "i1 a1", "a1-a9", "a1-", "-a1", "x"] {
            assert!(parse_king_line(bad, 8, 8).is_err(), "{bad}");
        }
    }
}
