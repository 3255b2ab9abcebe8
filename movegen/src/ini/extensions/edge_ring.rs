//! Rococo's edge ring: the outermost ranks and files may be entered only by a move that
//! captures, and then no further than that capture needs (the shared capturer's `free` set
//! and line mechanisms carry the rule; this file says which squares are inside).

use crate::shape::Shape;

/// The squares inside the edge ring: every square off the outermost ranks and files.
pub fn inside_ring<S: Shape>() -> S::B {
    let t = S::tables();
    let last_file = S::DIMS.files as usize - 1;
    let last_rank = S::DIMS.ranks as usize - 1;
    let ring =
        t.file_masks[0] | t.file_masks[last_file] | t.rank_masks[0] | t.rank_masks[last_rank];
    t.all & !ring
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bitboard;
    use crate::shape::{Board10x10, Board8x8};

    #[test]
    fn the_ring_is_the_outermost_squares() {
        // 8x8: the inner 6x6 squares b2..g7; 10x10: the inner 8x8, b2..i9.
        assert_eq!(inside_ring::<Board8x8>().count(), 36);
        let inside = inside_ring::<Board10x10>();
        assert_eq!(inside.count(), 64);
        let d = Board10x10::DIMS;
        let at = |n: &str| d.parse_square(n).map(|s| inside.has(s));
        assert_eq!(at("b2"), Some(true));
        assert_eq!(at("i9"), Some(true));
        assert_eq!(at("a5"), Some(false));
        assert_eq!(at("e10"), Some(false));
    }
}
