//! Bent and circular movers as tables of paths (DESIGN.md section 2: "precomputed path lists").
//!
//! A bent piece (Sissa, Rose, Dancing Horse, Gryphon, Aanca, Harvestman, the Dragon's spotted
//! gryphon) reaches a destination along a fixed sequence of squares, and the move is possible
//! when the squares of the path before the destination are empty. So each path is stored once
//! per start square as (squares that must be empty, destination), and the piece's attack set
//! for an occupancy is the union of the destinations whose mask meets no piece. Several paths
//! may lead to one destination; any free one will do.
//!
//! The shapes are written once here, as walks on an empty board; everything else is lookup.

use crate::bitboard::Bitboard;
use crate::geometry::{Dims, Square, Step, DIRECTIONS};

/// The bent and circular movement shapes. A piece that may also stop after its first step
/// (Gryphon, Aanca, Harvestman, spotted gryphon) has that step as a separate leap part; the
/// shapes here are the continuations only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bent {
    /// n squares along a rank or file, then exactly n along any of the four diagonals, or n
    /// diagonal then n orthogonal (RULES.md section 3); every square passed must be empty.
    Sissa,
    /// 1 to 7 knight leaps, each turning one place further round the circle of knight
    /// directions, in either sense; every landing square before the last must be empty.
    Rose,
    /// Two knight leaps, the first onto an empty square, never back to the start (the
    /// single leap is a knight part of its own).
    DancingHorseDouble,
    /// From the empty square one diagonal step away, leaps of exactly two squares in one of
    /// the two orthogonal directions pointing away from the start, each landing square before
    /// the last empty.
    SpottedGryphon,
    /// From the empty square one diagonal step away, a rook slide in one of the two
    /// orthogonal directions pointing away from the start.
    Gryphon,
    /// From the empty square one orthogonal step away, a bishop slide in one of the two
    /// diagonal directions pointing away from the start.
    Aanca,
    /// From the empty square one orthogonal step away, a zigzag of diagonal steps that keeps
    /// advancing in the direction of that step, every square before the last empty.
    Harvestman,
}

/// Walks one shape from `sq` on an empty board: calls `emit(path)` for every path, the
/// destination being the last square of `path`.
fn walk(shape: Bent, dims: Dims, sq: Square, emit: &mut dyn FnMut(&[Square])) {
    let mut path: Vec<Square> = Vec::with_capacity(16);
    let knight = &DIRECTIONS[8..16];
    match shape {
        Bent::Sissa => {
            for &first in &DIRECTIONS[0..8] {
                let orthogonal_first = first.0 == 0 || first.1 == 0;
                for n in 1..dims.files.max(dims.ranks) as i32 {
                    let Some(turn) = dims.offset(sq, (first.0 * n, first.1 * n)) else { break };
                    for &second in &DIRECTIONS[0..8] {
                        if (second.0 == 0 || second.1 == 0) == orthogonal_first {
                            continue;
                        }
                        path.clear();
                        path.extend(
                            (1..=n).filter_map(|j| dims.offset(sq, (first.0 * j, first.1 * j))),
                        );
                        let leg: Vec<Square> = (1..=n)
                            .map_while(|j| dims.offset(turn, (second.0 * j, second.1 * j)))
                            .collect();
                        if leg.len() == n as usize {
                            path.extend(leg);
                            emit(&path);
                        }
                    }
                }
            }
        }
        Bent::Rose => {
            for start in 0..8 {
                for sense in [1usize, 7] {
                    path.clear();
                    let mut cur = sq;
                    for k in 0..7 {
                        let Some(next) = dims.offset(cur, knight[(start + sense * k) % 8]) else {
                            break;
                        };
                        path.push(next);
                        emit(&path);
                        cur = next;
                    }
                }
            }
        }
        Bent::DancingHorseDouble => {
            for &a in knight {
                let Some(mid) = dims.offset(sq, a) else { continue };
                for &b in knight {
                    match dims.offset(mid, b) {
                        Some(to) if to != sq => emit(&[mid, to]),
                        _ => {}
                    }
                }
            }
        }
        Bent::SpottedGryphon | Bent::Gryphon => {
            let stride = if shape == Bent::SpottedGryphon { 2 } else { 1 };
            for &d in &DIRECTIONS[0..8] {
                if d.0 == 0 || d.1 == 0 {
                    continue;
                }
                let Some(mid) = dims.offset(sq, d) else { continue };
                for away in [(d.0 * stride, 0), (0, d.1 * stride)] {
                    slide_from(dims, mid, away, &mut path, emit);
                }
            }
        }
        Bent::Aanca => {
            for &d in &DIRECTIONS[0..8] {
                if d.0 != 0 && d.1 != 0 {
                    continue;
                }
                let Some(mid) = dims.offset(sq, d) else { continue };
                let away: [Step; 2] =
                    if d.0 == 0 { [(1, d.1), (-1, d.1)] } else { [(d.0, 1), (d.0, -1)] };
                for a in away {
                    slide_from(dims, mid, a, &mut path, emit);
                }
            }
        }
        Bent::Harvestman => {
            for &d in &DIRECTIONS[0..8] {
                if d.0 != 0 && d.1 != 0 {
                    continue;
                }
                let Some(mid) = dims.offset(sq, d) else { continue };
                for first_side in [-1, 1] {
                    path.clear();
                    path.push(mid);
                    let (mut cur, mut side) = (mid, first_side);
                    loop {
                        let step = if d.0 == 0 { (side, d.1) } else { (d.0, side) };
                        let Some(next) = dims.offset(cur, step) else { break };
                        path.push(next);
                        emit(&path);
                        cur = next;
                        side = -side;
                    }
                }
            }
        }
    }
}

/// Emits the paths `mid, mid+step, ..., mid+k*step` for every k >= 1 on the board.
fn slide_from(
    dims: Dims,
    mid: Square,
    step: Step,
    path: &mut Vec<Square>,
    emit: &mut dyn FnMut(&[Square]),
) {
    path.clear();
    path.push(mid);
    let mut cur = mid;
    while let Some(next) = dims.offset(cur, step) {
        path.push(next);
        emit(path);
        cur = next;
    }
}

/// The paths of one or more shapes from every square: (must-be-empty mask, destination).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathTable<B> {
    /// `entries[first[sq]..first[sq + 1]]` are the paths from `sq`.
    first: Vec<u32>,
    entries: Vec<(B, B)>,
}

impl<B: Bitboard> PathTable<B> {
    /// The table of the union of `shapes`; duplicate paths are stored once.
    pub fn build(dims: Dims, shapes: &[Bent]) -> PathTable<B> {
        let mut first = Vec::with_capacity(dims.squares() + 1);
        let mut entries: Vec<(B, B)> = Vec::new();
        for sq in 0..dims.squares() as Square {
            first.push(entries.len() as u32);
            let mut here: Vec<(B, B)> = Vec::new();
            for &shape in shapes {
                walk(shape, dims, sq, &mut |path| {
                    let (&dest, before) = path.split_last().unwrap_or((&sq, &[]));
                    let mask = before.iter().fold(B::EMPTY, |m, &s| m | B::from_square(s));
                    let entry = (mask, B::from_square(dest));
                    if !here.contains(&entry) {
                        here.push(entry);
                    }
                });
            }
            entries.extend(here);
        }
        first.push(entries.len() as u32);
        PathTable { first, entries }
    }

    /// The destinations from `sq` whose paths are free in `occ` (occupied destinations
    /// included: the caller decides between a move and a capture).
    #[inline]
    pub fn attacks(&self, sq: Square, occ: B) -> B {
        let (lo, hi) = (self.first[sq as usize] as usize, self.first[sq as usize + 1] as usize);
        let mut out = B::EMPTY;
        for &(mask, dest) in &self.entries[lo..hi] {
            if (mask & occ).is_empty() {
                out |= dest;
            }
        }
        out
    }

    /// Every destination from `sq` on an empty board.
    pub fn reach(&self, sq: Square) -> B {
        self.attacks(sq, B::EMPTY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dims: Dims, b: u64) -> Vec<String> {
        let mut v: Vec<String> = b.squares().map(|s| dims.square_name(s)).collect();
        v.sort();
        v
    }

    fn sq(s: &str) -> Square {
        Dims::new(8, 8).parse_square(s).unwrap()
    }

    #[test]
    fn harvestman_zigzag_of_the_rules_example() {
        // RULES.md: from e4 on an empty board, e5-d6-e7-d8 and e5-f6-e7-f8; the other three
        // first steps zigzag the same way (e3: d2 e1 f2; f4: g5 h4 g3; d4: c5 b4 a5 c3 a3).
        // The first step itself is the Harvestman's separate wazir part.
        let d = Dims::new(8, 8);
        let t = PathTable::<u64>::build(d, &[Bent::Harvestman]);
        let expected = [
            "a3", "a5", "b4", "c3", "c5", "d2", "d6", "d8", "e1", "e7", "f2", "f6", "f8", "g3",
            "g5", "h4",
        ];
        assert_eq!(names(d, t.reach(sq("e4"))), expected);
    }

    #[test]
    fn sissa_c3_to_c1_has_four_paths_and_no_straight_one() {
        // RULES.md section 3: c3 to c1 via a1 (b2 a1 b1), a3 (b3 a3 b2), e1 (d2 e1 d1) or
        // e3 (d3 e3 d2). A piece on b2 and one on d3 leave only the way through e1; one more
        // on d2 closes it. A piece on c2 (the straight path) never matters.
        let d = Dims::new(8, 8);
        let t = PathTable::<u64>::build(d, &[Bent::Sissa]);
        let bit = |s: &str| 1u64 << sq(s);
        assert!(t.attacks(sq("c3"), bit("b2") | bit("d3")).has(sq("c1")));
        assert!(!t.attacks(sq("c3"), bit("b2") | bit("d3") | bit("d2")).has(sq("c1")));
        assert!(t.attacks(sq("c3"), bit("c2")).has(sq("c1")));
        assert!(!t.attacks(sq("c3"), bit("b2") | bit("b3") | bit("d2")).has(sq("c1")));
        assert!(t.attacks(sq("c3"), bit("b3") | bit("d3")).has(sq("c1")));
    }

    #[test]
    fn rose_never_returns_to_its_start_and_is_stopped_by_a_landing_square() {
        let d = Dims::new(8, 8);
        let t = PathTable::<u64>::build(d, &[Bent::Rose]);
        for s in 0..64u8 {
            assert!(!t.reach(s).has(s));
        }
        // From a1 the knight leaps b3 and c2 begin every circle; with both occupied only
        // those two squares remain.
        let occ = (1u64 << sq("b3")) | (1u64 << sq("c2"));
        assert_eq!(names(d, t.attacks(sq("a1"), occ)), ["b3", "c2"]);
    }
}
