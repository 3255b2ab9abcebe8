//! Move ordering: every generated move gets a score once, then the moves are handed out best
//! first by selection (most nodes cut off after one or two moves, so a full sort is wasted).
//!
//! Order: the table's move, captures by most valuable victim then least valuable attacker
//! (and promotions), the killer moves, the countermove (the quiet reply that last refuted the
//! move just played), then quiet moves by history.
//!
//! The moves live in a buffer the search thread keeps per ply, so a node allocates nothing and
//! the recursion does not carry a large move array on the stack per ply.

use super::history::History;
use super::see;
use sissa_eval::{Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::moves::MoveSink;
use sissa_movegen::{Move, MoveKind, Position};

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
/// Below the killers, above every history score.
const COUNTER: i32 = KILLER - 1;
/// Captures that lose material by exchange go after the quiet moves (whose history scores
/// stay within +-16384).
const BAD_CAPTURE: i32 = -(1 << 20);
/// A capture whose victim is not on its destination (approach, withdrawal, ...): ordered as a
/// capture of a middling piece.
const UNKNOWN_VICTIM: i32 = 300;

/// Generated moves with their ordering scores.
#[derive(Default)]
pub struct MoveBuffer(pub Vec<(Move, i32)>);

impl<B: Bitboard> MoveSink<B> for MoveBuffer {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.0.push((mv, 0));
    }
}

pub struct MovePicker {
    moves: MoveBuffer,
    next: usize,
}

/// Value of the piece a move captures by landing, if it lands on one.
pub fn victim_value<R: Evaluated>(pos: &Position<R>, eval: &Evaluator<R>, mv: Move) -> i32 {
    match mv.kind() {
        MoveKind::Normal | MoveKind::MutualDestruction => match pos.piece_at(mv.to()) {
            Some(p) if p.color() != pos.side() => eval.piece_value(p.kind()),
            _ => UNKNOWN_VICTIM,
        },
        MoveKind::EnPassant => eval.piece_value(R::def().pawn.unwrap_or(0)),
        _ => UNKNOWN_VICTIM,
    }
}

/// Ordering score of a capture or promotion.
fn tactical_score<R: Evaluated>(
    pos: &Position<R>,
    eval: &Evaluator<R>,
    mv: Move,
    capture: bool,
) -> i32 {
    let victim = if capture { victim_value(pos, eval, mv) } else { 0 };
    let promo = mv.promotion().map_or(0, |k| eval.piece_value(k));
    let attacker = pos.piece_at(mv.from()).map_or(0, |p| eval.piece_value(p.kind()));
    CAPTURE + (victim + promo) * 16 - attacker / 16
}

impl MovePicker {
    /// Orders the generated `moves`.
    pub fn new<R: Evaluated>(
        pos: &Position<R>,
        eval: &Evaluator<R>,
        history: &History,
        mut moves: MoveBuffer,
        tt_move: Move,
        counter: Move,
        ply: usize,
    ) -> MovePicker {
        let killers = history.killers(ply);
        for entry in moves.0.iter_mut() {
            let mv = entry.0;
            let capture = R::is_capture(pos, mv);
            entry.1 = if mv == tt_move {
                TT_MOVE
            } else if capture && see::loses_material(pos, eval, mv) {
                BAD_CAPTURE + victim_value(pos, eval, mv)
            } else if capture || mv.promotion().is_some() {
                tactical_score(pos, eval, mv, capture)
            } else if mv == killers[0] {
                KILLER + 1
            } else if mv == killers[1] {
                KILLER
            } else if mv == counter {
                COUNTER
            } else {
                pos.piece_at(mv.from()).map_or(0, |p| history.quiet(p.index(), mv.to()))
            };
        }
        MovePicker { moves, next: 0 }
    }

    /// Keeps only captures and promotions, ordered (quiescence). A capture followed by a drop
    /// (UC-40) is left to the full search: the evaluation counts a credit as most of the piece
    /// it brings, so the drop changes little here, and searching every capture once per empty
    /// first-rank square would multiply the quiescence tree.
    pub fn tactical<R: Evaluated>(
        pos: &Position<R>,
        eval: &Evaluator<R>,
        mut moves: MoveBuffer,
    ) -> MovePicker {
        moves.0.retain_mut(|entry| {
            let mv = entry.0;
            if mv.drop_square().is_some() {
                return false;
            }
            let capture = R::is_capture(pos, mv);
            if capture || mv.promotion().is_some() {
                entry.1 = tactical_score(pos, eval, mv, capture);
                true
            } else {
                false
            }
        });
        MovePicker { moves, next: 0 }
    }

    /// The best move not handed out yet, with its ordering score.
    pub fn next_move(&mut self) -> Option<(Move, i32)> {
        let list = &mut self.moves.0;
        let n = list.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if list[i].1 > list[best].1 {
                best = i;
            }
        }
        list.swap(self.next, best);
        let out = list[self.next];
        self.next += 1;
        Some(out)
    }

    /// Gives the buffer back for reuse.
    pub fn into_buffer(self) -> MoveBuffer {
        self.moves
    }

    /// Is an ordering score that of a killer move?
    pub fn is_killer_score(score: i32) -> bool {
        (KILLER..CAPTURE).contains(&score)
    }
}
