//! Bent and circular riders: pieces whose moves follow a fixed path of squares that must all
//! be empty, where the path is not one straight line (the Sissa; later the Rose, the Gryphon
//! and their kin).
//!
//! A rider is described by the paths it may take from each square ([`BentPath`]): a first
//! leg (`chain`), whose squares must all be empty and whose last square is where the path
//! turns, and a second leg (`tail`) ending on the destination. Paths are compiled into two
//! tables per board shape, so nothing is searched at run time:
//!
//! - for generation, a prefix tree over the first legs, stored in preorder: each node is a
//!   square of a first leg with the second legs that turn there (each one "these squares
//!   empty, then this destination"). The walk visits a node only when every square before it
//!   was empty, and an occupied node skips its whole subtree, so a blocked first leg costs
//!   one test however many paths run through it;
//! - for attack tests, pins and check evasions, the paths between each pair of squares as
//!   the set of squares each one needs empty.

use crate::bitboard::Bitboard;
use crate::geometry::{Dims, Square};
use crate::tables::SquareTable;

/// One path from a square: every square of `chain` and every square of `tail` but its last
/// must be empty. The destination is the last square of `tail`, or, when `tail` is empty,
/// the last square of `chain` (a rider that may stop anywhere along its first leg).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BentPath {
    pub chain: Vec<Square>,
    pub tail: Vec<Square>,
}

impl BentPath {
    pub fn destination(&self) -> Square {
        match (self.tail.last(), self.chain.last()) {
            (Some(&d), _) | (None, Some(&d)) => d,
            (None, None) => unreachable!("a path has at least one square"),
        }
    }

    /// The squares that must be empty for the path to be free (not the destination).
    pub fn passed(&self) -> Vec<Square> {
        let mut out = self.chain.clone();
        out.extend_from_slice(&self.tail);
        out.pop();
        out
    }
}

/// A second leg, as a mask test: reached when `empty` holds no piece.
#[derive(Clone, Copy, Debug)]
struct Tail<B> {
    empty: B,
    dest: B,
}

/// A square of a first leg in the preorder prefix tree.
#[derive(Clone, Copy, Debug)]
struct Node<B> {
    /// The square itself; when occupied, nothing beyond it is reachable.
    square: B,
    /// The square again if a path may stop here, else empty.
    lands: B,
    /// Destinations of the second legs turning here that pass no square (one step), reached
    /// whenever this square is empty: one test instead of one per leg.
    next: B,
    /// The other second legs turning here: `tails[first..last]`.
    tails: (u32, u32),
    /// Index of the node after this node's subtree.
    skip: u32,
}

/// The compiled paths of one bent rider (or the union of several) on one board shape.
pub struct BentTables<B> {
    nodes: Vec<Node<B>>,
    tails: Vec<Tail<B>>,
    /// `roots[sq]..roots[sq + 1]`: the nodes of the tree of `sq`.
    roots: Vec<u32>,
    /// `pairs[from * n + to]..pairs[from * n + to + 1]`: indices into `pair_masks`.
    pairs: Vec<u32>,
    /// For each path between a pair of squares, the squares it needs empty.
    pair_masks: Vec<B>,
    squares: usize,
    /// Destinations from each square on an empty board.
    reach: Box<SquareTable<B>>,
    /// Squares from which each square is a destination on an empty board.
    reached_from: Box<SquareTable<B>>,
}

impl<B: Bitboard> BentTables<B> {
    /// Compiles the paths `paths(dims, sq)` gives for each square of the board.
    pub fn build(dims: Dims, paths: &dyn Fn(Dims, Square) -> Vec<BentPath>) -> BentTables<B> {
        let n = dims.squares();
        let mut t = BentTables {
            nodes: Vec::new(),
            tails: Vec::new(),
            roots: Vec::with_capacity(n + 1),
            pairs: Vec::with_capacity(n * n + 1),
            pair_masks: Vec::new(),
            squares: n,
            reach: Box::new([B::EMPTY; 256]),
            reached_from: Box::new([B::EMPTY; 256]),
        };
        let mut between: Vec<Vec<B>> = vec![Vec::new(); n * n];
        for from in 0..n as Square {
            let list = paths(dims, from);
            t.roots.push(t.nodes.len() as u32);
            t.add_tree(&list);
            for path in &list {
                let dest = path.destination();
                let mask = bits::<B>(&path.passed());
                let slot = &mut between[from as usize * n + dest as usize];
                if !slot.contains(&mask) {
                    slot.push(mask);
                }
                t.reach[from as usize] |= B::from_square(dest);
                t.reached_from[dest as usize] |= B::from_square(from);
            }
        }
        t.roots.push(t.nodes.len() as u32);
        for masks in between {
            t.pairs.push(t.pair_masks.len() as u32);
            t.pair_masks.extend(masks);
        }
        t.pairs.push(t.pair_masks.len() as u32);
        t
    }

    /// Appends the preorder prefix tree of one square's paths.
    fn add_tree(&mut self, paths: &[BentPath]) {
        let chains: Vec<&[Square]> = paths.iter().map(|p| &p.chain[..]).collect();
        self.add_subtree(paths, &chains, 0);
    }

    /// Adds the nodes for the chains in `chains` below a common prefix of length `depth`.
    fn add_subtree(&mut self, paths: &[BentPath], chains: &[&[Square]], depth: usize) {
        // The distinct squares at position `depth`, in first-seen order.
        let mut next: Vec<Square> = Vec::new();
        for c in chains {
            if let Some(&s) = c.get(depth) {
                if !next.contains(&s) {
                    next.push(s);
                }
            }
        }
        for s in next {
            let below: Vec<&[Square]> =
                chains.iter().copied().filter(|c| c.get(depth) == Some(&s)).collect();
            let prefix = &below[0][..=depth];
            let index = self.nodes.len();
            let first = self.tails.len() as u32;
            let mut lands = B::EMPTY;
            let mut next = B::EMPTY;
            for p in paths.iter().filter(|p| p.chain == prefix) {
                if p.tail.is_empty() {
                    lands = B::from_square(s);
                    continue;
                }
                if p.tail.len() == 1 {
                    next |= B::from_square(p.destination());
                    continue;
                }
                let tail = Tail {
                    empty: bits::<B>(&p.tail[..p.tail.len() - 1]),
                    dest: B::from_square(p.destination()),
                };
                let seen = &self.tails[first as usize..];
                if !seen.iter().any(|t| t.empty == tail.empty && t.dest == tail.dest) {
                    self.tails.push(tail);
                }
            }
            let last = self.tails.len() as u32;
            self.nodes.push(Node {
                square: B::from_square(s),
                lands,
                next,
                tails: (first, last),
                skip: 0,
            });
            let longer: Vec<&[Square]> =
                below.into_iter().filter(|c| c.len() > depth + 1).collect();
            self.add_subtree(paths, &longer, depth + 1);
            self.nodes[index].skip = self.nodes.len() as u32;
        }
    }

    /// The squares the rider on `sq` attacks (and may move to when empty) given `occ`.
    #[inline]
    pub fn attacks(&self, sq: Square, occ: B) -> B {
        let mut att = B::EMPTY;
        let mut i = self.roots[sq as usize] as usize;
        let end = self.roots[sq as usize + 1] as usize;
        while i < end {
            let node = &self.nodes[i];
            att |= node.lands;
            if (occ & node.square).any() {
                i = node.skip as usize;
                continue;
            }
            att |= node.next;
            for tail in &self.tails[node.tails.0 as usize..node.tails.1 as usize] {
                // Without a branch: the destination, or nothing if a passed square is taken.
                let free = (occ & tail.empty).is_empty();
                att |= if free { tail.dest } else { B::EMPTY };
            }
            i += 1;
        }
        att
    }

    /// For each path from `from` to `to`, the squares it needs empty.
    #[inline]
    pub fn paths_between(&self, from: Square, to: Square) -> &[B] {
        let i = from as usize * self.squares + to as usize;
        &self.pair_masks[self.pairs[i] as usize..self.pairs[i + 1] as usize]
    }

    /// Does the rider on `from` attack `to` given `occ`?
    #[inline]
    pub fn attacks_square(&self, from: Square, to: Square, occ: B) -> bool {
        self.paths_between(from, to).iter().any(|&m| (m & occ).is_empty())
    }

    /// The squares every free path from `from` to `to` passes: placing a piece on one of
    /// them closes all paths at once. Empty when no path is free.
    pub fn common_squares_of_free_paths(&self, from: Square, to: Square, occ: B) -> B {
        let mut common: Option<B> = None;
        for &m in self.paths_between(from, to) {
            if (m & occ).is_empty() {
                common = Some(common.map_or(m, |c| c & m));
            }
        }
        common.unwrap_or(B::EMPTY)
    }

    /// Destinations from `sq` on an empty board.
    #[inline(always)]
    pub fn reach(&self, sq: Square) -> B {
        self.reach[sq as usize]
    }

    /// Squares from which `sq` is a destination on an empty board.
    #[inline(always)]
    pub fn reached_from(&self, sq: Square) -> B {
        self.reached_from[sq as usize]
    }
}

fn bits<B: Bitboard>(squares: &[Square]) -> B {
    squares.iter().fold(B::EMPTY, |acc, &s| acc | B::from_square(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy rider for the tree itself: from a1 only, two steps up the a-file where it may
    /// stop on a2 or a3, and from a2 a turn right to c2 over b2.
    fn toy(dims: Dims, from: Square) -> Vec<BentPath> {
        if from != 0 {
            return Vec::new();
        }
        let sq = |s: &str| dims.parse_square(s).unwrap();
        vec![
            BentPath { chain: vec![sq("a2")], tail: vec![] },
            BentPath { chain: vec![sq("a2"), sq("a3")], tail: vec![] },
            BentPath { chain: vec![sq("a2")], tail: vec![sq("b2"), sq("c2")] },
        ]
    }

    #[test]
    fn occupied_chain_square_cuts_off_everything_beyond_it() {
        let dims = Dims::new(8, 8);
        let t = BentTables::<u64>::build(dims, &toy);
        let sq = |s: &str| dims.parse_square(s).unwrap();
        let bit = |s: &str| 1u64 << sq(s);
        assert_eq!(t.attacks(0, 0), bit("a2") | bit("a3") | bit("c2"));
        // A piece on a2 can be captured, nothing beyond it is reached.
        assert_eq!(t.attacks(0, bit("a2")), bit("a2"));
        // b2 closes the turn to c2 only.
        assert_eq!(t.attacks(0, bit("b2")), bit("a2") | bit("a3"));
        assert_eq!(t.paths_between(0, sq("c2")), &[bit("a2") | bit("b2")]);
        assert!(t.attacks_square(0, sq("c2"), bit("a3")));
        assert!(!t.attacks_square(0, sq("c2"), bit("b2")));
        assert_eq!(t.reach(0), bit("a2") | bit("a3") | bit("c2"));
        assert_eq!(t.reached_from(sq("c2")), 1);
    }
}
