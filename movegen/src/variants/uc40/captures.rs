//! Which enemy pieces a move removes. A move records only its squares and kind; the
//! captures follow from the position (RULES.md section 0), and are worked out here once for
//! the generator's legality test, for `make`, and for the exchange account.
//!
//! - landing pieces, the pawn and the PaoVao take the piece on the destination;
//! - en passant takes the pawn beside;
//! - the Advancer takes the enemy just beyond its destination (approach), the Withdrawer the
//!   enemy just behind its start (withdrawal), the Long Leaper every piece it jumps;
//! - the Chameleon takes what its movement realises as each victim's own capture, all at
//!   once along a queen line (RULES.md section 6, Chameleon ruling).

use super::board::Board;
use super::{kinds, tables, DEF};
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Dims, Square, DIRECTIONS};
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::shape::Shape;

const DIMS: Dims = crate::shape::Board8x8::DIMS;

/// The queen direction from `from` to `to`, if they share a rank, file or diagonal.
#[inline]
pub fn queen_direction(from: Square, to: Square) -> Option<usize> {
    tables().direction(from, to).filter(|&d| d < 8)
}

/// The square one step from `sq` in direction `d`.
#[inline]
pub fn step(sq: Square, d: usize) -> Option<Square> {
    DIMS.offset(sq, DIRECTIONS[d])
}

/// The square one step from `sq` against direction `d`.
#[inline]
pub fn step_back(sq: Square, d: usize) -> Option<Square> {
    let (x, y) = DIRECTIONS[d];
    DIMS.offset(sq, (-x, -y))
}

fn bit(sq: Option<Square>) -> u64 {
    sq.map_or(0, |s| 1u64 << s)
}

/// The squares emptied by the captures of `mv` (for mutual destruction: nothing here; the
/// caller knows both pieces go). `ep` is the en passant square of the position.
pub fn captured_by(board: &Board, ep: Option<Square>, us: Color, mv: Move) -> u64 {
    let (from, to) = (mv.from(), mv.to());
    let them = us.flip();
    let enemy = board.color(them);
    let Some(mover) = board.kind_at(from) else { return 0 };
    match mv.kind() {
        MoveKind::Suicide | MoveKind::MutualDestruction | MoveKind::DoubleStep => 0,
        MoveKind::Castle => 0,
        MoveKind::EnPassant => bit(DIMS.offset(to, (0, -us.forward()))) & enemy,
        MoveKind::Swap => {
            if mover == kinds::CHAMELEON {
                line_captures(board, us, from, to)
            } else {
                0
            }
        }
        MoveKind::Normal => match mover {
            kinds::ADVANCER => {
                let d = queen_direction(from, to);
                d.map_or(0, |d| bit(step(to, d)) & enemy)
            }
            kinds::WITHDRAWER => {
                let d = queen_direction(from, to);
                d.map_or(0, |d| bit(step_back(from, d)) & enemy)
            }
            kinds::LONG_LEAPER => tables().between(from, to) & board.occupied() & enemy,
            kinds::CHAMELEON => chameleon_captures(board, ep, us, from, to),
            _ => (1u64 << to) & enemy,
        },
    }
}

/// The Chameleon's mimic captures that go with any movement along a queen line from `from`
/// to `to`: withdrawal from an enemy Withdrawer just behind the start, approach of an enemy
/// Advancer just beyond the destination.
pub fn line_captures(board: &Board, us: Color, from: Square, to: Square) -> u64 {
    let them = us.flip();
    let Some(d) = queen_direction(from, to) else { return 0 };
    let behind = bit(step_back(from, d)) & board.pieces(kinds::WITHDRAWER, them);
    let beyond = bit(step(to, d)) & board.pieces(kinds::ADVANCER, them);
    behind | beyond
}

fn chameleon_captures(
    board: &Board,
    ep: Option<Square>,
    us: Color,
    from: Square,
    to: Square,
) -> u64 {
    let them = us.flip();
    let occ = board.occupied();
    match board.piece_at(to) {
        Some(victim) => {
            let straight = queen_direction(from, to).is_some()
                && straight_capture(board, victim.kind(), us, from, to);
            let mut out = 1u64 << to;
            if straight {
                out |= line_captures(board, us, from, to);
            }
            out
        }
        None => {
            // A slide, or an overtaking of enemy Long Leapers, along a queen line.
            let mut out = tables().between(from, to) & occ;
            if Some(to) == ep && DEF.pawn_attacks[us.index()][from as usize].has(to) {
                out |= bit(DIMS.offset(to, (0, -us.forward()))) & board.pieces(kinds::PAWN, them);
            }
            out | line_captures(board, us, from, to)
        }
    }
}

/// Could a piece of type `victim_kind`'s colour-`us` twin on `from` capture on `to` by a
/// movement along one queen line (a slide, a straight leap or step, a pawn's diagonal, a
/// PaoVao's hop)?
fn straight_capture(board: &Board, victim_kind: Kind, us: Color, from: Square, to: Square) -> bool {
    let t = tables();
    let occ = board.occupied();
    match victim_kind {
        kinds::PAWN => DEF.pawn_attacks[us.index()][from as usize].has(to),
        kinds::PAOVAO => (t.between(from, to) & occ).count() == 1,
        k if super::is_special(k) => false,
        k => DEF.kinds[k as usize].mover.straight_attacks(t, from, occ).has(to),
    }
}

/// The squares a piece of type `k` and colour `us` on `from` could capture on by landing
/// there, by its own capturing move: for the Chameleon's mimicry (and the ordinary pieces'
/// own captures). Empty for the types that do not capture by landing.
#[inline]
pub fn landing_captures(board: &Board, k: Kind, us: Color, from: Square) -> u64 {
    let t = tables();
    let occ = board.occupied();
    match k {
        kinds::PAWN => DEF.pawn_attacks[us.index()][from as usize],
        kinds::PAOVAO => paovao_hops(from, occ),
        k if super::is_special(k) => 0,
        k => DEF.kinds[k as usize].mover.attacks(t, from, occ),
    }
}

/// The squares a PaoVao on `from` hops to: the second piece along each queen line.
#[inline]
pub fn paovao_hops(from: Square, occ: u64) -> u64 {
    let t = tables();
    let rook = t.rook(from, occ);
    let bishop = t.bishop(from, occ);
    let screens = (rook | bishop) & occ;
    let beyond = t.rook(from, occ & !screens) & !rook | t.bishop(from, occ & !screens) & !bishop;
    beyond & occ
}
