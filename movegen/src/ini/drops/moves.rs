//! The drop moves of the side to move: each type in hand onto each empty square of its drop
//! region, kept if the own king is not attacked after it (only a drop that parries a check
//! needs the test: a piece put on the board never exposes its own king) and, where the
//! variant forbids it, if it does not give check. With Sissa's reserve keys only the queue's
//! front is dropped, a drop needs a credit, and a variant whose drops follow a move has no
//! drop alone.

use super::super::generate::{attacked, legal_after, After};
use super::super::rules::{FileRules, FileShape, FileVariant};
use super::Drops;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveSink};
use crate::position::Position;

/// Pushes every legal drop; returns how many.
pub fn drop_moves<S: FileShape, K: MoveSink<S::B>>(
    pos: &Position<FileRules<S>>,
    file: &FileVariant<S>,
    drops: &Drops<S::B>,
    sink: &mut K,
) -> usize {
    let us = pos.side();
    let state = &pos.extra.drops;
    let hand = &state.hands[us.index()];
    let reserve = drops.def.reserve;
    let no_credit = reserve.exchange_credits && state.credits[us.index()] == 0;
    if hand.is_empty() || !drops.def.piece_drops || reserve.drop_after_move || no_credit {
        return 0;
    }
    // A queue drops its front only.
    let kinds = if reserve.queue { &hand.as_slice()[..1] } else { hand.as_slice() };
    let occ = pos.occupied();
    let in_check = super::super::generate::king_attacked(pos, file, us);
    let no_checks = !file.checking || !drops.def.drop_checks;
    let enemy_king = pos.king_square(us.flip());
    let mut pushed = 0;
    let mut previous = None;
    for &kind in kinds {
        // The hand is sorted: each type once.
        if previous == Some(kind) {
            continue;
        }
        previous = Some(kind);
        let region = drops.region_for(kind, file.def.pawn);
        for to in (region[us.index()] & !occ).squares() {
            let bit = S::B::from_square(to);
            let after = After { occ: occ | bit, vacated: bit, arrived: Some((to, kind, us)) };
            if in_check && !legal_after(pos, file, after) {
                continue;
            }
            if no_checks && enemy_king.is_some_and(|k| attacked(pos, file, k, us, after)) {
                continue;
            }
            sink.push(Move::drop_of(kind, to));
            pushed += 1;
        }
    }
    pushed
}
