//! What the unit tests of the evaluation's terms share: one term of the breakdown of a chess
//! position, and the weights of the chess file.

use crate::params::Params;
use crate::phased::Phased;
use crate::sink::Term;
use crate::{Evaluated, Evaluator};
use sissa_movegen::variants::chess::Chess;
use sissa_movegen::Position;

/// `term` of the chess position `fen` (White's view), with `params`.
pub fn chess_term_with(params: &Params, fen: &str, term: Term) -> Phased {
    let pos = Position::<Chess>::from_fen(fen).unwrap();
    Evaluator::<Chess>::with_params(params).breakdown(&pos).total(term)
}

/// The chess parameters with every weight whose name starts with one of `prefixes` set to
/// zero, so that a test of one term does not depend on the others' fitted weights.
pub fn chess_params_without(prefixes: &[&str]) -> Params {
    let mut params = Chess::params().clone();
    let names = params.lines().iter().map(|l| l.name.clone()).collect::<Vec<_>>();
    for name in names.iter().filter(|n| prefixes.iter().any(|p| n.starts_with(p))) {
        params.set_phased(params.entry(name), Phased::ZERO);
    }
    params
}

/// The prefixes of every weight of the pawns term (`Term::Pawns`), for the tests that
/// weigh one of its features alone.
pub const PAWN_TERMS: [&str; 6] =
    ["passed", "isolated", "doubled", "connected", "backward", "weak_unopposed"];

/// The chess file's weight `name`.
pub fn chess_weight(name: &str) -> Phased {
    Chess::params().phased(name).1
}
