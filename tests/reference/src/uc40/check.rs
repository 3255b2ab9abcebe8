//! Freezing and check (RULES.md sections 5 and 6).

use super::captures::{piece_actions, ActionKind, Ctx};
use super::pieces::{add, at, kind, Kind, Sq, QUEEN};
use crate::common::Grid;

/// Is the piece on `s` frozen? An enemy Immobilizer next to it freezes it; an Immobilizer is
/// also frozen by an enemy Chameleon next to it. Freezing works whether or not the freezer is
/// itself frozen.
pub fn is_frozen(board: &Grid, s: Sq) -> bool {
    let Some(p) = at(board, s) else { return false };
    let k = kind(p);
    QUEEN.iter().any(|d| {
        at(board, add(s, *d)).is_some_and(|q| {
            q.white != p.white
                && (kind(q) == Kind::Immobilizer
                    || (k == Kind::Immobilizer && kind(q) == Kind::Chameleon))
        })
    })
}

/// The square of the King of colour `white`, if it is on the board.
pub fn king_square(board: &Grid, white: bool) -> Option<Sq> {
    all_squares().find(|s| at(board, *s).is_some_and(|p| p.white == white && kind(p) == Kind::King))
}

/// The 64 squares, a1 to h8 rank by rank.
pub fn all_squares() -> impl Iterator<Item = Sq> {
    (0..8).flat_map(|rank| (0..8).map(move |file| (file, rank)))
}

/// Is the King of colour `white` in check: has an unfrozen enemy piece a move that captures
/// it, by any means, ignoring that piece's own King safety and the swap-back ban? (A swap is
/// not a capture; a pawn barred from the last rank by an empty reserve still attacks it.)
pub fn in_check(board: &Grid, white: bool) -> bool {
    let Some(king) = king_square(board, white) else { return false };
    let ctx = Ctx { board, ep: None, ban: None, reserve_empty: false, for_check: true };
    all_squares().any(|s| {
        at(board, s).is_some_and(|p| p.white != white)
            && piece_actions(&ctx, s).iter().any(|a| captures_square(a, king))
            && !is_frozen(board, s)
    })
}

fn captures_square(a: &super::captures::Action, s: Sq) -> bool {
    match a.kind {
        ActionKind::Swap | ActionKind::Move | ActionKind::Destroy => a.captures.contains(&s),
        ActionKind::Suicide => false,
    }
}
