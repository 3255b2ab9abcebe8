//! What the unit tests of the evaluation's terms share: one term of the breakdown of a chess
//! position, and the weights of the chess file.

use crate::params::Params;
use crate::phased::Phased;
use crate::sink::Term;
use crate::{Evaluated, Evaluator};
use sissa_movegen::variants::chess::Chess;
use sissa_movegen::Position;

/// `term` of the chess position `fen` (White's view), with the compiled weights.
pub fn chess_term(fen: &str, term: Term) -> Phased {
    chess_term_with(Chess::params(), fen, term)
}

/// `term` of the chess position `fen` (White's view), with `params`.
pub fn chess_term_with(params: &Params, fen: &str, term: Term) -> Phased {
    let pos = Position::<Chess>::from_fen(fen).unwrap();
    Evaluator::<Chess>::with_params(params).breakdown(&pos).total(term)
}

/// The chess file's weight `name`.
pub fn chess_weight(name: &str) -> Phased {
    Chess::params().phased(name).1
}
