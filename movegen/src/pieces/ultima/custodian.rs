//! Capture by custodianship (Ultima's Pincer Pawn, RULES.md section 7): a piece that stops
//! orthogonally next to a prey piece, with a piece of its own side directly beyond that piece
//! on the same line, captures it; up to one per orthogonal direction, never diagonally. The
//! partner may be any friendly piece, frozen or not. A Chameleon takes enemy Pincer Pawns the
//! same way, but only after an orthogonal movement (a Pincer Pawn moves as a rook).
//!
//! The capture happens at the destination only, so it adds no destination to a movement:
//! the squares a custodian piece stops on are its plain rook (or queen) moves.

use crate::bitboard::Bitboard;
use crate::geometry::{Square, ORTHOGONAL_DIRS};
use crate::shape::Shape;
use crate::tables::Tables;

/// The pieces of `prey` that a piece stopping on `to` captures by custodianship, with
/// `partners` the pieces of its side that may hold the far side (its own square excluded).
#[inline]
pub fn pinched<S: Shape>(t: &Tables<S>, to: Square, prey: S::B, partners: S::B) -> S::B {
    let mut out = S::B::EMPTY;
    for d in ORTHOGONAL_DIRS {
        let next = t.step(d, to) & prey;
        // `next` is one square or none; one more step along `d` is the far side.
        if let Some(sq) = next.squares().next() {
            if (t.step(d, sq) & partners).any() {
                out |= next;
            }
        }
    }
    out
}

/// The squares a custodian piece on `from` could capture on by custodianship on some board:
/// those orthogonally next to a square of its rook lines other than its own.
#[inline]
pub fn custodian_reach<S: Shape>(t: &Tables<S>, from: Square) -> S::B {
    let mut out = S::B::EMPTY;
    for stop in t.rook(from, S::B::EMPTY).squares() {
        out |= t.king[stop as usize] & t.rook(stop, t.all);
    }
    out & !S::B::from_square(from)
}

/// Can a custodian piece on `from`, moving as a rook, capture the piece on `target`: is there
/// an empty square orthogonally next to `target`, reached by a free rook slide, with a piece of
/// `partners` on the far side of `target` (the piece itself, leaving `from`, is no partner)?
#[inline]
pub fn can_pinch<S: Shape>(
    t: &Tables<S>,
    from: Square,
    target: Square,
    occ: S::B,
    partners: S::B,
) -> bool {
    let stops = t.rook(from, occ) & !occ;
    let partners = partners & !S::B::from_square(from);
    ORTHOGONAL_DIRS.into_iter().any(|d| {
        let stop = t.step(d, target) & stops;
        let far = t.step(crate::geometry::opposite(d), target);
        stop.any() && (far & partners).any()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::ultima::test_board::{set, sq};
    use crate::shape::{Board8x8, Shape};

    #[test]
    fn a_pawn_stopping_next_to_an_enemy_with_a_friend_beyond_captures_it() {
        let t = Board8x8::tables();
        // A pawn lands on d4. Enemies on d5 (friend on d6), e4 (friend on f4), c4 (nothing on
        // b4) and e5 (diagonal): d5 and e4 are pinched; c4 has no partner, e5 is diagonal.
        let prey = set(&["d5", "e4", "c4", "e5"]);
        let partners = set(&["d6", "f4", "f6"]);
        assert_eq!(pinched(t, sq("d4"), prey, partners), set(&["d5", "e4"]));
        // Three at once, up to the side it came from.
        let prey = set(&["d5", "e4", "c4"]);
        let partners = set(&["d6", "f4", "b4"]);
        assert_eq!(pinched(t, sq("d4"), prey, partners), set(&["d5", "e4", "c4"]));
        // A friendly piece between is no prey; an enemy beyond is no partner.
        assert_eq!(pinched(t, sq("d4"), set(&["d6"]), set(&["d5"])), 0);
        assert_eq!(pinched(t, sq("d4"), set(&["d5", "d6"]), set(&["h8"])), 0);
        // On the board's edge there is no far side.
        assert_eq!(pinched(t, sq("a7"), set(&["a8"]), set(&["a6"])), 0);
    }

    #[test]
    fn the_check_question_needs_a_free_slide_to_a_side_and_a_partner_opposite() {
        let t = Board8x8::tables();
        // Pawn a5, target e4, partner e3: the pawn slides a5-e5 and pinches e4 against e3.
        let occ = set(&["a5", "e4", "e3"]);
        assert!(can_pinch(t, sq("a5"), sq("e4"), occ, set(&["a5", "e3"])));
        // A piece on c5 blocks the slide; without the partner nothing is pinched.
        assert!(!can_pinch(t, sq("a5"), sq("e4"), occ | set(&["c5"]), set(&["a5", "e3"])));
        assert!(!can_pinch(t, sq("a5"), sq("e4"), set(&["a5", "e4"]), set(&["a5"])));
        // The pawn on e3 is no partner of its own: it reaches no square next to e4.
        let occ = set(&["e3", "e4"]);
        assert!(!can_pinch(t, sq("e3"), sq("e4"), occ, set(&["e3"])));
        // From d5 it reaches e5, but the far side of e4 from there is e3, not f3.
        assert!(!can_pinch(t, sq("d5"), sq("e4"), set(&["d5", "e4", "f3"]), set(&["f3"])));
        // Reach: from a1 it stops on the a-file or the first rank, so it may pinch b4 (from
        // a4) or e2 (from e1), but never e4 or c3, whose sides are off those lines.
        let reach = custodian_reach(t, sq("a1"));
        assert!(reach.has(sq("b4")) && reach.has(sq("e2")));
        assert!(!reach.has(sq("e4")) && !reach.has(sq("c3")));
    }
}
