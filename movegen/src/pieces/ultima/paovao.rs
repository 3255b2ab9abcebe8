//! The PaoVao (UC-40), a hopper along queen lines: it moves as a queen to empty squares, and
//! captures by hopping exactly one piece of either colour (the screen) along a queen line onto
//! the first piece beyond it. A Chameleon takes an enemy PaoVao the same way.

use super::Scene;
use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::MoveSink;
use crate::shape::Shape;
use crate::tables::Tables;

/// The squares a hop from `from` lands on: the second piece along each queen line.
#[inline]
pub fn hop_landings<S: Shape>(t: &Tables<S>, from: Square, occ: S::B) -> S::B {
    let rook = t.rook(from, occ);
    let bishop = t.bishop(from, occ);
    // With the screens (the first pieces) lifted, each line runs on to the second piece.
    let lifted = occ & !((rook | bishop) & occ);
    let beyond = (t.rook(from, lifted) & !rook) | (t.bishop(from, lifted) & !bishop);
    beyond & occ
}

/// Generates the moves of an unfrozen PaoVao on `from`: slides to empty squares inside
/// `scene.free`, and hops onto enemy pieces.
#[inline]
pub fn paovao_moves<S: Shape, K: MoveSink<S::B>>(scene: &Scene<S>, from: Square, sink: &mut K) {
    let t = scene.t;
    let slides = t.queen(from, scene.occ) & !scene.occ & scene.free;
    sink.push_targets(from, slides | (hop_landings(t, from, scene.occ) & scene.enemy));
}

/// The squares a piece on `from` could capture on by a hop on some board: along its queen
/// lines, beyond its neighbours (a screen must stand in between).
#[inline(always)]
pub fn hop_reach<S: Shape>(t: &Tables<S>, from: Square) -> S::B {
    t.queen(from, S::B::EMPTY) & !t.king[from as usize]
}

/// Can a piece on `from` capture the piece on `target` by a hop: on one of its queen lines,
/// with exactly one piece in between?
#[inline]
pub fn can_hop_onto<S: Shape>(t: &Tables<S>, from: Square, target: Square, occ: S::B) -> bool {
    let screens = hop_route(t, from, target) & occ;
    hop_reach(t, from).has(target) && screens.any() && !screens.several()
}

/// The squares whose contents decide [`can_hop_onto`]: those between the two.
#[inline(always)]
pub fn hop_route<S: Shape>(t: &Tables<S>, from: Square, target: Square) -> S::B {
    t.between(from, target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::ultima::test_board::{set, sq};
    use crate::shape::Board8x8;

    #[test]
    fn hops_land_on_the_second_piece_of_each_line() {
        let t = Board8x8::tables();
        // From d4: up the file d5 is the screen and d7 the landing (d8 beyond it is not
        // reached); along the rank f4 is the screen and h4 the landing; the diagonal to a7 has
        // one piece only (b6); on the diagonal to g1, e3 and f2 stand next to each other, so
        // f2 is the landing.
        let occ = set(&["d4", "d5", "d7", "d8", "f4", "h4", "b6", "e3", "f2"]);
        assert_eq!(hop_landings(t, sq("d4"), occ), set(&["d7", "h4", "f2"]));
        assert!(can_hop_onto(t, sq("d4"), sq("d7"), occ));
        assert!(!can_hop_onto(t, sq("d4"), sq("d8"), occ), "two screens");
        assert!(!can_hop_onto(t, sq("d4"), sq("d5"), occ), "no screen");
        assert!(!can_hop_onto(t, sq("d4"), sq("b6"), occ), "nothing between");
        assert!(!can_hop_onto(t, sq("d4"), sq("e6"), occ), "not on a queen line");
        assert_eq!(hop_route(t, sq("d4"), sq("h4")), set(&["e4", "f4", "g4"]));
    }
}
