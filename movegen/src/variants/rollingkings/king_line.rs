//! The King-line of Rolling Kings: one path through all 64 squares, back and forth rank by
//! rank, h1,g1,..,a1, a2,..,h2, h3,..,a3, .., a8,..,h8 (RULES.md section 4). White's King
//! walks it forward from h1, Black's backward from h8, and the Mock King slides along it.
//!
//! The line visits rank 1 (and 3, 5, 7) from h to a and rank 2 (and 4, 6, 8) from a to h,
//! so the n-th square of the line is the board square n with its file mirrored on ranks
//! 1, 3, 5 and 7. Mirroring the files of those ranks therefore turns a bitboard into one in
//! King-line order (bit n = n-th square of the line) and back again, and a slide along the
//! line becomes a slide along a single 64-bit row.

use crate::geometry::{Color, Square};

/// Number of squares on the line.
pub const LENGTH: usize = 64;

/// The ranks walked from h to a (ranks 1, 3, 5 and 7), as a bitboard.
const MIRRORED_RANKS: u64 = 0x00FF_00FF_00FF_00FF;

/// The position of `sq` on the King-line (0 = h1, 63 = h8).
#[inline(always)]
pub const fn index_of(sq: Square) -> usize {
    let rank_walked_leftwards = (sq >> 3) & 1 == 0;
    (if rank_walked_leftwards { sq ^ 7 } else { sq }) as usize
}

/// The square at position `index` of the King-line (the inverse of [`index_of`]).
#[inline(always)]
pub const fn square_at(index: usize) -> Square {
    index_of(index as Square) as Square
}

/// The square the King of `color` on `sq` steps to next: forward along the line for White,
/// backward for Black. None at the end of its walk.
#[inline(always)]
pub fn next_square(color: Color, sq: Square) -> Option<Square> {
    let index = index_of(sq);
    match color {
        Color::White if index + 1 < LENGTH => Some(square_at(index + 1)),
        Color::Black if index > 0 => Some(square_at(index - 1)),
        _ => None,
    }
}

/// A bitboard reordered into King-line order, or back: the two orders differ by mirroring
/// the files of ranks 1, 3, 5 and 7, which is its own inverse.
#[inline(always)]
pub fn line_order(board: u64) -> u64 {
    let kept = board & !MIRRORED_RANKS;
    let mut x = board & MIRRORED_RANKS;
    // Reverse the bits inside each byte: swap neighbours, then pairs, then nibbles.
    x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1);
    x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2);
    x = ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4);
    kept | x
}

/// The squares a slide along the King-line from `sq` reaches in either direction, given the
/// occupied squares `occ` in King-line order (see [`line_order`]): every empty square up to
/// and including the first occupied one each way. Returned in board order.
#[inline(always)]
pub fn slides(sq: Square, occ_in_line_order: u64) -> u64 {
    let index = index_of(sq) as u32;
    let ahead = (!0u64 << index) << 1;
    let behind = (1u64 << index) - 1;
    // Forward: everything up to the lowest piece ahead (all of `ahead` if there is none,
    // since then the mask below wraps round to all ones).
    let blockers_ahead = occ_in_line_order & ahead;
    let first_ahead = blockers_ahead & blockers_ahead.wrapping_neg();
    let forward = ahead & (first_ahead << 1).wrapping_sub(1);
    // Backward: everything down to the highest piece behind; bit 0 stands in when there is
    // none, so that the whole of `behind` is kept.
    let blockers_behind = (occ_in_line_order & behind) | 1;
    let first_behind = 1u64 << (63 - blockers_behind.leading_zeros());
    let backward = behind & !(first_behind - 1);
    line_order(forward | backward)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bitboard;
    use crate::geometry::Dims;

    const DIMS: Dims = Dims::new(8, 8);

    fn name(sq: Square) -> String {
        DIMS.square_name(sq)
    }

    fn sq(name: &str) -> Square {
        DIMS.parse_square(name).unwrap()
    }

    fn names(b: u64) -> Vec<String> {
        let mut v: Vec<String> = b.squares().map(name).collect();
        v.sort();
        v
    }

    #[test]
    fn line_follows_the_rulebook_order() {
        // RULES.md: h1,g1,..,a1, a2,b2,..,h2, h3,g3,..,a3, a4,..,h4, h5,..,a5, a6,..,h6,
        // h7,..,a7, a8,..,h8, written out in full.
        let written = "h1 g1 f1 e1 d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 h2 \
                       h3 g3 f3 e3 d3 c3 b3 a3 a4 b4 c4 d4 e4 f4 g4 h4 \
                       h5 g5 f5 e5 d5 c5 b5 a5 a6 b6 c6 d6 e6 f6 g6 h6 \
                       h7 g7 f7 e7 d7 c7 b7 a7 a8 b8 c8 d8 e8 f8 g8 h8";
        let line: Vec<String> = (0..LENGTH).map(|i| name(square_at(i))).collect();
        assert_eq!(line, written.split_whitespace().collect::<Vec<_>>());
        for i in 0..LENGTH {
            assert_eq!(index_of(square_at(i)), i);
        }
    }

    #[test]
    fn kings_walk_in_opposite_directions() {
        // The seed: White h1, g1, .., a1, a2, b2, c2; Black h8, g8, .., a8, a7, b7, c7.
        let next = |c, s| next_square(c, sq(s)).map(name);
        assert_eq!(next(Color::White, "h1").as_deref(), Some("g1"));
        assert_eq!(next(Color::White, "a1").as_deref(), Some("a2"));
        assert_eq!(next(Color::White, "b2").as_deref(), Some("c2"));
        assert_eq!(next(Color::White, "h4").as_deref(), Some("h5"));
        assert_eq!(next(Color::Black, "h8").as_deref(), Some("g8"));
        assert_eq!(next(Color::Black, "a8").as_deref(), Some("a7"));
        assert_eq!(next(Color::Black, "a7").as_deref(), Some("b7"));
        assert_eq!(next(Color::Black, "h5").as_deref(), Some("h4"));
        // The ends of the walks.
        assert_eq!(next(Color::White, "h8"), None);
        assert_eq!(next(Color::Black, "h1"), None);
    }

    #[test]
    fn line_order_is_its_own_inverse_and_moves_each_square_to_its_index() {
        for s in 0..64u8 {
            let bit = 1u64 << s;
            assert_eq!(line_order(bit), 1u64 << index_of(s));
            assert_eq!(line_order(line_order(bit)), bit);
        }
    }

    /// The slide squares walked one step at a time, for comparison.
    fn slides_by_walking(from: Square, occ: u64) -> u64 {
        let mut out = 0u64;
        for dir in [1i32, -1] {
            let mut i = index_of(from) as i32 + dir;
            while (0..LENGTH as i32).contains(&i) {
                let s = square_at(i as usize);
                out |= 1 << s;
                if occ.has(s) {
                    break;
                }
                i += dir;
            }
        }
        out
    }

    #[test]
    fn slides_stop_at_the_first_piece_each_way() {
        // The seed's example: from b3 on an otherwise empty board but for c6, forward runs
        // a3, a4, .., h4, h5, .., a5, a6, b6, c6.
        let occ = line_order((1 << sq("b3")) | (1 << sq("c6")));
        let s = slides(sq("b3"), occ);
        assert!(s.has(sq("c6")) && !s.has(sq("d6")));
        assert!(s.has(sq("a3")) && s.has(sq("h4")) && s.has(sq("h5")) && s.has(sq("a6")));
        assert!(s.has(sq("c3")) && s.has(sq("h2")) && s.has(sq("h1")));
        assert_eq!(s.count(), 20 + 22);
        // Corners of the line: nothing behind h1, nothing ahead of h8.
        assert_eq!(names(slides(sq("h1"), line_order(1 << sq("f1")))), ["f1", "g1"]);
        assert_eq!(names(slides(sq("h8"), line_order(1 << sq("g8")))), ["g8"]);
        // Many occupancies against the step-by-step walk.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occ = seed & seed.rotate_left(23);
            for from in 0..64u8 {
                assert_eq!(slides(from, line_order(occ)), slides_by_walking(from, occ));
            }
        }
    }
}
