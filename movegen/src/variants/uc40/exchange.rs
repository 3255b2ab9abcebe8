//! Exchanges and drop credits (RULES.md section 6, the Drops ruling).
//!
//! An exchange is a capturing ply answered at once by a capture of the piece that made it.
//! If both sides lost at least one non-pawn piece in that pair, each earns one credit per
//! non-pawn piece it lost. The state keeps the last ply's capture as "pending" (the square
//! of the capturing piece and how many non-pawn pieces it took) for exactly one ply; a
//! recapture completes the pair and leaves nothing pending. Mutual destruction is an
//! exchange by itself, and also completes a pending pair when it destroys the piece that
//! made that capture.

use super::state::{Pending, State};
use crate::bitboard::Bitboard;
use crate::geometry::Color;
use crate::moves::{Move, MoveKind};

/// Pieces of `set` that are not among `pawns`.
fn non_pawns(pawns: u64, set: u64) -> u8 {
    (set & !pawns).count() as u8
}

/// What the turn's move does to the account: the credits each side earns and what it leaves
/// pending. `pawns` are the pawns before the move, `captured` the enemy pieces it removes
/// (for mutual destruction, the destroyed enemy).
fn account(pawns: u64, state: &State, mv: Move, captured: u64) -> ([u8; 2], Option<Pending>) {
    let pending = state.pending;
    // The loss the mover suffered by the pending capture, if this move answers it on `sq`.
    let answered = |set: u64| pending.filter(|p| set.has(p.square)).map(|p| p.taken);
    if mv.kind() == MoveKind::MutualDestruction {
        let to = 1u64 << mv.to();
        // The destroying Swapper or Chameleon is one more non-pawn loss of the mover.
        let mover_lost = 1 + answered(to).unwrap_or(0);
        return (earned(mover_lost, non_pawns(pawns, to)), None);
    }
    if captured == 0 {
        return ([0, 0], None);
    }
    let taken = non_pawns(pawns, captured);
    match answered(captured) {
        Some(lost) => (earned(lost, taken), None),
        None => ([0, 0], Some(Pending { square: mv.to(), taken })),
    }
}

/// Credits earned by (mover, other side) when the mover lost `mover_lost` and the other side
/// `other_lost` non-pawn pieces in one pair.
fn earned(mover_lost: u8, other_lost: u8) -> [u8; 2] {
    if mover_lost >= 1 && other_lost >= 1 {
        [mover_lost, other_lost]
    } else {
        [0, 0]
    }
}

/// Settles the account of the move `mv` of side `us` into `state`.
pub fn settle(pawns: u64, state: &mut State, us: Color, mv: Move, captured: u64) {
    let ([mine, theirs], pending) = account(pawns, state, mv, captured);
    let (me, other) = (us.index(), us.flip().index());
    state.credits[me] = state.credits[me].saturating_add(mine);
    state.credits[other] = state.credits[other].saturating_add(theirs);
    state.pending = pending;
}

/// Will side `us` hold a credit after the move (so that it may drop in this turn)?
pub fn earns_or_has_credit(pawns: u64, state: &State, us: Color, mv: Move, captured: u64) -> bool {
    if state.credits[us.index()] > 0 {
        return true;
    }
    let has_pending = state.pending.is_some();
    if !has_pending && mv.kind() != MoveKind::MutualDestruction {
        return false;
    }
    account(pawns, state, mv, captured).0[0] > 0
}
