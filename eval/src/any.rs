//! The evaluation of a position of any variant, for the command line and the protocols,
//! which hold positions as [`AnyPosition`].

use crate::Evaluator;
use sissa_movegen::{with_position, AnyPosition};

/// The breakdown of `pos`'s evaluation by term, as text of several lines (`sissa eval`).
pub fn breakdown(pos: &AnyPosition) -> String {
    with_position!(pos, p => Evaluator::compiled().breakdown(p).to_string())
}
