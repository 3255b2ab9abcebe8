//! Perft: the number of leaf positions of the legal move tree, the standard test of a move
//! generator. Leaves are counted in bulk (the last ply counts moves without making them), and
//! the root moves can be split over threads.

use crate::moves::{MoveCounter, MoveList};
use crate::position::Position;
use crate::rules::Rules;
use rayon::prelude::*;

/// Deepest perft accepted from outside. Far beyond what finishes in a lifetime on any board,
/// and shallow enough for the recursion (a move list a level) to stay inside a thread's stack.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// Leaf count of the legal move tree of depth `depth` (at most [`MAX_PERFT_DEPTH`]: each ply
/// is a level of recursion).
pub fn perft<R: Rules>(pos: &mut Position<R>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut count = MoveCounter::default();
            R::generate(pos, &mut count);
            count.0
        }
        _ => {
            let mut list = MoveList::new();
            R::generate(pos, &mut list);
            let mut total = 0;
            for &mv in list.iter() {
                pos.make(mv);
                total += perft(pos, depth - 1);
                pos.unmake();
            }
            total
        }
    }
}

/// Each root move (in notation, sorted) with the leaf count below it; `threads` > 1 splits the
/// root moves over a thread pool.
pub fn divide<R: Rules>(pos: &Position<R>, depth: u32, threads: usize) -> Vec<(String, u64)> {
    let moves: Vec<_> = pos.legal_moves().iter().copied().collect();
    let count = |mv| {
        let mut child = pos.clone();
        child.make(mv);
        (pos.notation(mv), perft(&mut child, depth.saturating_sub(1)))
    };
    let mut rows: Vec<(String, u64)> = if threads > 1 {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| moves.par_iter().map(|&mv| count(mv)).collect()),
            Err(_) => moves.iter().map(|&mv| count(mv)).collect(),
        }
    } else {
        moves.iter().map(|&mv| count(mv)).collect()
    };
    rows.sort();
    rows
}
