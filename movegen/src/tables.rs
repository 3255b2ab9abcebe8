//! Geometry tables of one board shape: board and line masks, rays in the sixteen directions,
//! the direction from one square to another, common leaper sets, and the sliders.

use crate::bitboard::Bitboard;
use crate::geometry::{opposite, Dims, Square, Step, DIRECTIONS};
use crate::shape::Shape;
use crate::sliders::Sliders;

/// A per-square table; 256 entries so that any `Square` indexes it without a bounds check.
pub type SquareTable<B> = [B; 256];

/// Direction index meaning "not on a common ray".
pub const NO_DIRECTION: u8 = u8::MAX;

pub struct Tables<S: Shape> {
    pub dims: Dims,
    /// Every square of the board.
    pub all: S::B,
    pub file_masks: [S::B; 16],
    pub rank_masks: [S::B; 16],
    /// `rays[d][sq]`: the squares reached from `sq` by repeating direction `d`
    /// ([`DIRECTIONS`]: 8 queen directions, then 8 knight directions), `sq` excluded.
    pub rays: Box<[SquareTable<S::B>; 16]>,
    /// Direction from the first square to the second along a ray, or [`NO_DIRECTION`].
    direction: Vec<u8>,
    pub king: Box<SquareTable<S::B>>,
    pub knight: Box<SquareTable<S::B>>,
    /// Squares two steps away along a queen line (where a hop over a neighbour lands).
    pub queen_two: Box<SquareTable<S::B>>,
    /// `step_sources[d]`: squares with a neighbour in queen direction `d`.
    pub step_sources: [S::B; 8],
    /// `hop_sources[d]`: squares with two squares on the board in queen direction `d`.
    pub hop_sources: [S::B; 8],
    pub sliders: S::Sliders,
}

impl<S: Shape> Tables<S> {
    pub fn build() -> Tables<S> {
        let dims = S::DIMS;
        assert!(dims.squares() <= S::B::BITS as usize && dims.files <= 16 && dims.ranks <= 16);
        let n = dims.squares();
        let mut all = S::B::EMPTY;
        let mut file_masks = [S::B::EMPTY; 16];
        let mut rank_masks = [S::B::EMPTY; 16];
        for sq in 0..n as Square {
            let bit = S::B::from_square(sq);
            all |= bit;
            file_masks[dims.file(sq) as usize] |= bit;
            rank_masks[dims.rank(sq) as usize] |= bit;
        }
        let mut rays = Box::new([[S::B::EMPTY; 256]; 16]);
        let mut direction = vec![NO_DIRECTION; n * n];
        for (d, &step) in DIRECTIONS.iter().enumerate() {
            for from in 0..n as Square {
                let mut cur = from;
                while let Some(next) = dims.offset(cur, step) {
                    rays[d][from as usize] |= S::B::from_square(next);
                    direction[from as usize * n + next as usize] = d as u8;
                    cur = next;
                }
            }
        }
        let king_steps: Vec<Step> = DIRECTIONS[0..8].to_vec();
        let knight_steps: Vec<Step> = DIRECTIONS[8..16].to_vec();
        let queen_two_steps: Vec<Step> =
            DIRECTIONS[0..8].iter().map(|&(x, y)| (2 * x, 2 * y)).collect();
        let mut step_sources = [S::B::EMPTY; 8];
        let mut hop_sources = [S::B::EMPTY; 8];
        for d in 0..8 {
            for from in 0..n as Square {
                match rays[d][from as usize].count() {
                    0 => {}
                    1 => step_sources[d] |= S::B::from_square(from),
                    _ => {
                        step_sources[d] |= S::B::from_square(from);
                        hop_sources[d] |= S::B::from_square(from);
                    }
                }
            }
        }
        Tables {
            dims,
            all,
            file_masks,
            rank_masks,
            rays,
            direction,
            king: Box::new(leaper_table::<S::B>(dims, &king_steps)),
            knight: Box::new(leaper_table::<S::B>(dims, &knight_steps)),
            queen_two: Box::new(leaper_table::<S::B>(dims, &queen_two_steps)),
            step_sources,
            hop_sources,
            sliders: S::Sliders::build(dims),
        }
    }

    /// Direction index from `from` to `to` if they share a ray (queen line or knight line).
    #[inline]
    pub fn direction(&self, from: Square, to: Square) -> Option<usize> {
        let n = self.dims.squares();
        match self.direction[from as usize * n + to as usize] {
            NO_DIRECTION => None,
            d => Some(d as usize),
        }
    }

    /// Squares strictly between `a` and `b` on their common ray (empty if none or adjacent).
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> S::B {
        match self.direction(a, b) {
            Some(d) => self.rays[d][a as usize] & !self.rays[d][b as usize] & !S::B::from_square(b),
            None => S::B::EMPTY,
        }
    }

    /// Squares of direction `d` from `sq` up to and including the first occupied one.
    #[inline(always)]
    pub fn ray_until_blocked(&self, d: usize, sq: Square, occ: S::B) -> S::B {
        let ray = self.rays[d][sq as usize];
        let blockers = ray & occ;
        if blockers.is_empty() {
            return ray;
        }
        ray & !self.rays[d][nearest_square(d, blockers) as usize]
    }

    /// The index difference of one step in queen direction `d`.
    #[inline(always)]
    pub fn delta(&self, d: usize) -> i32 {
        DIRECTIONS[d].1 * self.dims.files as i32 + DIRECTIONS[d].0
    }

    /// Every square of `b` moved `steps` steps in queen direction `d`, as index arithmetic:
    /// the caller masks `b` (with [`Tables::step_sources`] or [`Tables::hop_sources`]) so that
    /// nothing wraps around the board's side.
    #[inline(always)]
    pub fn shift(&self, b: S::B, d: usize, steps: i32) -> S::B {
        let delta = self.delta(d) * steps;
        if delta >= 0 {
            b << delta as u32
        } else {
            b >> (-delta) as u32
        }
    }

    /// The queen moves of a piece on `sq`: the squares up to and including the first piece
    /// along each of the eight lines.
    #[inline(always)]
    pub fn queen(&self, sq: Square, occ: S::B) -> S::B {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }

    /// The neighbour of `sq` in queen direction `d`, as a set (empty off the board).
    #[inline(always)]
    pub fn step(&self, d: usize, sq: Square) -> S::B {
        self.rays[d][sq as usize] & self.king[sq as usize]
    }

    /// Nightrider attacks: knight leaps repeated in one direction while landing squares are empty.
    #[inline]
    pub fn nightrider(&self, sq: Square, occ: S::B) -> S::B {
        let mut out = S::B::EMPTY;
        for d in 8..16 {
            out |= self.ray_until_blocked(d, sq, occ);
        }
        out
    }

    #[inline(always)]
    pub fn rook(&self, sq: Square, occ: S::B) -> S::B {
        self.sliders.rook(sq, occ)
    }

    #[inline(always)]
    pub fn bishop(&self, sq: Square, occ: S::B) -> S::B {
        self.sliders.bishop(sq, occ)
    }

    /// The full line (both directions) through `sq` along direction `d`, `sq` included.
    pub fn line(&self, d: usize, sq: Square) -> S::B {
        self.rays[d][sq as usize] | self.rays[opposite(d)][sq as usize] | S::B::from_square(sq)
    }
}

/// Does direction `d` lead to higher square indices (up the board, or right along a rank)?
#[inline(always)]
pub const fn grows(d: usize) -> bool {
    DIRECTIONS[d].1 > 0 || (DIRECTIONS[d].1 == 0 && DIRECTIONS[d].0 > 0)
}

/// Of the squares of `b`, all on one ray of direction `d`, the first one met along it.
/// `b` must not be empty.
#[inline(always)]
pub fn nearest_square<B: Bitboard>(d: usize, b: B) -> Square {
    if grows(d) {
        b.lowest()
    } else {
        b.highest()
    }
}

/// As [`nearest_square`], as a set: empty when `b` is.
#[inline(always)]
pub fn nearest<B: Bitboard>(d: usize, b: B) -> B {
    if b.is_empty() {
        B::EMPTY
    } else {
        B::from_square(nearest_square(d, b))
    }
}

/// Squares reached from each square by one of `steps` (leaps, never blocked).
pub fn leaper_table<B: Bitboard>(dims: Dims, steps: &[Step]) -> SquareTable<B> {
    let mut table = [B::EMPTY; 256];
    for sq in 0..dims.squares() as Square {
        for &step in steps {
            if let Some(to) = dims.offset(sq, step) {
                table[sq as usize] |= B::from_square(to);
            }
        }
    }
    table
}

/// The eight symmetric images of a leap (dx, dy), without repeats.
pub fn symmetric_steps(dx: i32, dy: i32) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    for (a, b) in [(dx, dy), (dy, dx)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let s = (a * sa, b * sb);
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Board10x10, Board10x8, Board8x8};

    #[test]
    fn between_covers_queen_and_knight_lines() {
        let t = Board10x10::tables();
        let d = t.dims;
        let sq = |s: &str| d.parse_square(s).unwrap();
        let names = |b: u128| b.squares().map(|s| d.square_name(s)).collect::<Vec<_>>();
        assert_eq!(names(t.between(sq("a1"), sq("a5"))), ["a2", "a3", "a4"]);
        assert_eq!(names(t.between(sq("j10"), sq("g7"))), ["h8", "i9"]);
        assert_eq!(names(t.between(sq("a1"), sq("d7"))), ["b3", "c5"]);
        assert!(t.between(sq("a1"), sq("b3")).is_empty());
        assert!(t.between(sq("a1"), sq("c4")).is_empty());
    }

    #[test]
    fn nightrider_stops_at_first_occupied_landing_square() {
        let t = Board10x8::tables();
        let d = t.dims;
        let sq = |s: &str| d.parse_square(s).unwrap();
        let occ: u128 = 1 << sq("c2");
        let att = t.nightrider(sq("a1"), occ);
        assert!(att.has(sq("c2")) && !att.has(sq("e3")));
        assert!(att.has(sq("b3")) && att.has(sq("c5")) && att.has(sq("d7")));
        // The squares leapt over never block.
        let att2 = t.nightrider(sq("a1"), 1 << sq("b2"));
        assert!(att2.has(sq("e3")) && att2.has(sq("g4")) && att2.has(sq("d7")));
    }

    #[test]
    fn leaper_counts_from_corner_and_centre() {
        let t = Board8x8::tables();
        assert_eq!(t.knight[0].count(), 2);
        assert_eq!(t.knight[27].count(), 8);
        assert_eq!(t.king[0].count(), 3);
        assert_eq!(t.king[27].count(), 8);
        assert_eq!(symmetric_steps(1, 0).len(), 4);
        assert_eq!(symmetric_steps(2, 2).len(), 4);
        assert_eq!(symmetric_steps(3, 1).len(), 8);
    }
}
