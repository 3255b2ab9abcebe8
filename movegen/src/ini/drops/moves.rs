//! The drop moves of the side to move: each type in hand onto each empty square of its drop
//! region, kept if the own king is not attacked after it (only a drop that parries a check
//! needs the test: a piece put on the board never exposes its own king) and, where the
//! variant forbids it, if it does not give check.

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
    let hand = &pos.extra.drops.hands[us.index()];
    if hand.is_empty() || !drops.def.piece_drops {
        return 0;
    }
    let occ = pos.occupied();
    let in_check = super::super::generate::king_attacked(pos, file, us);
    let no_checks = !file.checking || !drops.def.drop_checks;
    let enemy_king = pos.king_square(us.flip());
    let mut pushed = 0;
    let mut previous = None;
    for &kind in hand.as_slice() {
        // The hand is sorted: each type once.
        if previous == Some(kind) {
            continue;
        }
        previous = Some(kind);
        let region = if Some(kind) == file.def.pawn { drops.pawn_region } else { drops.region };
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
