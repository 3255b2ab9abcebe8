//! Which pieces attack a square: the check test of the orthodox-style variants.
//!
//! Every piece part here is symmetric (a leap, slide or ride from A reaches B exactly when the
//! same part from B reaches A), so the attackers of a square are found by moving each attack
//! group *from* the square and intersecting with the pieces of that group. Pawns are the one
//! asymmetric piece: their attackers come from the other colour's pawn table. Bent riders
//! (the Sissa) are tested from their own squares, through the paths between each pair of
//! squares.

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::shape::Shape;

/// Union of the bitboards of several piece types.
#[inline(always)]
pub fn kinds_union<R: Rules>(pos: &Position<R>, kinds: &[u8]) -> Bb<R> {
    let mut out = Bb::<R>::EMPTY;
    for &k in kinds {
        out |= pos.kind(k);
    }
    out
}

/// Pieces among `candidates` that attack `sq`, with the board occupied as `occ`.
/// `candidates` must be pieces of one colour, `by`.
#[inline]
pub fn attackers_to<R: Rules>(
    pos: &Position<R>,
    sq: Square,
    occ: Bb<R>,
    candidates: Bb<R>,
    by: Color,
) -> Bb<R> {
    let def = R::def();
    let t = R::S::tables();
    let g = &def.attack_groups;
    let mut att = Bb::<R>::EMPTY;
    for (table, kinds) in &g.leapers {
        let near = table[sq as usize];
        if (near & candidates).any() {
            att |= near & kinds_union(pos, kinds);
        }
    }
    if !g.orthogonal.is_empty() {
        att |= t.rook(sq, occ) & kinds_union(pos, &g.orthogonal);
    }
    if !g.diagonal.is_empty() {
        att |= t.bishop(sq, occ) & kinds_union(pos, &g.diagonal);
    }
    if !g.nightrider.is_empty() {
        let riders = kinds_union(pos, &g.nightrider) & candidates;
        if riders.any() {
            att |= t.nightrider(sq, occ) & riders;
        }
    }
    for &k in &g.bent {
        att |= bent_attackers(pos, k, sq, occ, candidates);
    }
    if let Some(pawn) = def.pawn {
        att |= def.pawn_attacks[by.flip().index()][sq as usize] & pos.kind(pawn);
    }
    att & candidates
}

/// Pieces of bent kind `kind` among `candidates` that attack `sq` through a free path.
#[inline]
pub fn bent_attackers<R: Rules>(
    pos: &Position<R>,
    kind: u8,
    sq: Square,
    occ: Bb<R>,
    candidates: Bb<R>,
) -> Bb<R> {
    let mut att = Bb::<R>::EMPTY;
    let Some(bent) = &R::def().kinds[kind as usize].mover.bent else { return att };
    let near = pos.kind(kind) & candidates & bent.reached_from(sq);
    for from in near.squares() {
        if bent.attacks_square(from, sq, occ) {
            att |= Bb::<R>::from_square(from);
        }
    }
    att
}

/// Is `color`'s king attacked by the other side in the position as it stands?
pub fn king_attacked<R: Rules>(pos: &Position<R>, color: Color) -> bool {
    match pos.king_square(color) {
        Some(k) => {
            let them = color.flip();
            attackers_to(pos, k, pos.occupied(), pos.color(them), them).any()
        }
        None => false,
    }
}
