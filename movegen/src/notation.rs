//! Move notation (RULES.md section 0) and reading moves back from text.
//!
//! A move is written `<from><to>` with 1-based ranks, a promotion's code appended in lower
//! case, `<from>x<to>` for mutual destruction and `<sq><sq>` for suicide. Reading a move means
//! finding the legal move that is written that way, so every notation the engine writes it
//! also reads, and nothing illegal gets in.

use crate::geometry::Square;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::rules::Rules;
use crate::shape::Shape;

/// `<from><to>[promo]`, with the special forms for mutual destruction.
pub fn standard_notation<R: Rules>(_pos: &Position<R>, mv: Move) -> String {
    let dims = R::S::DIMS;
    let mut out = dims.square_name(mv.from());
    if mv.kind() == MoveKind::MutualDestruction {
        out.push('x');
    }
    out.push_str(&dims.square_name(mv.to()));
    if let Some(kind) = mv.promotion() {
        out.push_str(&R::def().kinds[kind as usize].code.to_ascii_lowercase());
    }
    out
}

impl<R: Rules> Position<R> {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        R::generate(self, &mut list);
        list
    }

    /// The notation of a move in this position.
    pub fn notation(&self, mv: Move) -> String {
        R::notation(self, mv)
    }

    /// The legal move written `text`, if there is one. Promotion codes are matched without
    /// regard to case.
    pub fn parse_move(&self, text: &str) -> Option<Move> {
        let wanted = text.trim();
        self.legal_moves().iter().copied().find(|&mv| {
            let written = self.notation(mv);
            written == wanted || written.eq_ignore_ascii_case(wanted)
        })
    }

    /// Square name in this variant's notation.
    pub fn square_name(&self, sq: Square) -> String {
        R::S::DIMS.square_name(sq)
    }
}
