//! Exchanges, drop credits, drops and promotion from the reserve (RULES.md section 6, the
//! Drops and Promotion rulings).

use super::captures::{Action, ActionKind};
use super::pieces::{kind, Kind, Sq};
use super::Pos;
use crate::common::{square_name, Piece};

fn side(white: bool) -> usize {
    if white {
        0
    } else {
        1
    }
}

fn non_pawns(pieces: &[Piece]) -> u32 {
    pieces.iter().filter(|p| kind(**p) != Kind::Pawn).count() as u32
}

/// Both sides earn their credits only if both lost at least one non-pawn piece in the pair.
fn award(credits: &mut [u32; 2], mover_white: bool, mover_lost: u32, other_lost: u32) {
    if mover_lost >= 1 && other_lost >= 1 {
        let (me, other) = (side(mover_white), side(!mover_white));
        credits[me] = credits[me].saturating_add(mover_lost);
        credits[other] = credits[other].saturating_add(other_lost);
    }
}

/// Updates the credits for the ply `action` of the side `mover_white`, which captured the
/// enemy pieces `captured`, given the pending exchange left by the previous ply; returns the
/// pending exchange this ply leaves.
///
/// - A capture that takes the piece that made the pending capture completes the pair: the
///   mover lost what the pending capture took, the other side lost what this capture takes.
///   A completed pair leaves nothing pending (a recapture never starts another pair).
/// - Mutual destruction is an exchange by itself (the mover loses its Swapper or Chameleon);
///   if it destroys the piece that made the pending capture it also completes that pair, in
///   one account. Nothing is left pending: the destroying piece is gone.
/// - Any other capture is pending: the square of the piece that made it and the number of
///   non-pawn pieces it took. A ply without capture leaves nothing pending.
pub fn settle_exchange(
    pending: Option<(Sq, u32)>,
    action: &Action,
    captured: &[Piece],
    mover_white: bool,
    credits: &mut [u32; 2],
) -> Option<(Sq, u32)> {
    let taken = non_pawns(captured);
    let completes = |s: Sq| pending.filter(|(p, _)| *p == s).map(|(_, lost)| lost);
    match action.kind {
        ActionKind::Destroy => {
            let earlier = completes(action.to).unwrap_or(0);
            award(credits, mover_white, 1 + earlier, taken);
            None
        }
        _ if captured.is_empty() => None,
        _ => {
            if let Some(lost) = action.captures.iter().find_map(|s| completes(*s)) {
                award(credits, mover_white, lost, taken);
                None
            } else {
                Some((action.to, taken))
            }
        }
    }
}

/// The piece a promoting pawn becomes: the last piece of its side's drop order, which leaves
/// the reserve. The caller ensures the reserve is not empty.
pub fn take_promotion_piece(pos: &mut Pos, white: bool) -> Piece {
    pos.reserves[side(white)].pop().expect("a pawn promotes only while its reserve has a piece")
}

/// The turns made of `after` (the position after the move, side to move already switched)
/// followed by a drop of the mover's next reserve piece on an empty square of its first rank,
/// if the mover has a credit and a reserve: (notation suffix, position).
pub fn drops(after: &Pos, mover_white: bool) -> Vec<(String, Pos)> {
    let s = side(mover_white);
    let mut out = Vec::new();
    if after.credits[s] == 0 || after.reserves[s].is_empty() {
        return out;
    }
    let rank = if mover_white { 0 } else { 7 };
    for file in 0..8 {
        if after.board.get(file, rank).is_some() {
            continue;
        }
        let mut p = after.clone();
        let piece = p.reserves[s].remove(0);
        p.board.set(file, rank, Some(piece));
        p.credits[s] -= 1;
        out.push((format!(",{}@{}", piece.code(), square_name(file, rank)), p));
    }
    out
}
