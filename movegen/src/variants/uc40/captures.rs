//! Which enemy pieces a move removes. A move records only its squares and kind; the captures
//! follow from the position (RULES.md section 0), and are worked out by the shared capturer
//! ([`crate::pieces::ultima::capturer`]) from how each UC-40 piece captures (its catalogue
//! entry), for the generator's legality test, for `make`, for the exchange account and for
//! the search's `is_capture`.

use super::{tables, Uc40, ARMY};
use crate::geometry::Square;
use crate::moves::Move;
use crate::pieces::ultima::capturer::Capturer;
use crate::position::Position;

/// How the moves of the piece on `from` capture; `ep` is the en passant square. A
/// Chameleon's landing prey is worked out only among `landing_interest`.
#[inline]
pub fn capturer(
    pos: &Position<Uc40>,
    from: Square,
    ep: Option<Square>,
    landing_interest: u64,
) -> Capturer<u64> {
    ARMY.capturer(tables(), pos, from, ep, landing_interest)
}

/// The enemy pieces `mv` of the side to move removes (for mutual destruction, the destroyed
/// enemy). `ep` is the en passant square of the position the move is made in.
#[inline]
pub fn captured_by(pos: &Position<Uc40>, ep: Option<Square>, mv: Move) -> u64 {
    ARMY.captured_by(tables(), pos, ep, mv)
}
