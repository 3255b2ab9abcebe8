//! Bent riders stated by their legs, the general form of the catalogue's shapes: a rider of
//! two legs (a first leg of one leap or several in one direction, then a turn and a second
//! leg), and a circular rider (leaps turning one image further round its atom's circle each
//! time). The Sissa is two of the first kind and the Rose one of the second; the variants
//! file states any other rider of these forms (`ini/extensions/bent.rs`).

use super::bent::BentPath;
use crate::geometry::{Dims, Square, Step};
use crate::tables::symmetric_steps;

/// How many leaps a leg makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LegLength {
    /// Exactly one.
    One,
    /// One or more. A first leg turns after any of them; a second leg may stop on any
    /// landing.
    Any,
    /// As many as the first leg (second legs only: the Sissa's n then n).
    SameAsFirst,
}

/// A rider of two legs. Every landing passed must be empty (the turning square included);
/// the second leg never runs along the first leg's line (no turn by 0 or 180 degrees).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TwoLegs {
    /// The first leg's atom as (larger, smaller) component; all its images are tried.
    pub first: (i32, i32),
    pub first_length: LegLength,
    pub second: (i32, i32),
    pub second_length: LegLength,
    /// Only second legs turning by less than 90 degrees (away from the start: the Gryphon).
    pub outward_only: bool,
}

/// Every path of `legs` from `from`, grouped by first-leg direction and ordered by the first
/// leg's length, so that the compiled tree follows each first leg outward.
pub fn two_leg_paths(dims: Dims, from: Square, legs: &TwoLegs) -> Vec<BentPath> {
    let mut out = Vec::new();
    let (a, b) = legs.first;
    let (c, d) = legs.second;
    for first in symmetric_steps(a, b) {
        let turns: Vec<Step> = symmetric_steps(c, d)
            .into_iter()
            .filter(|&s| first.0 * s.1 != first.1 * s.0)
            .filter(|&s| !legs.outward_only || first.0 * s.0 + first.1 * s.1 > 0)
            .collect();
        let mut chain = Vec::new();
        let mut turn = from;
        while let Some(next) = dims.offset(turn, first) {
            chain.push(next);
            turn = next;
            for &second in &turns {
                second_legs(dims, turn, second, chain.len(), legs.second_length, &chain, &mut out);
            }
            if legs.first_length == LegLength::One {
                break;
            }
        }
    }
    out
}

/// The paths whose second leg leaves `turn` by `step`, after a first leg `chain` of `n`.
fn second_legs(
    dims: Dims,
    turn: Square,
    step: Step,
    n: usize,
    length: LegLength,
    chain: &[Square],
    out: &mut Vec<BentPath>,
) {
    let landings = ray(dims, turn, step);
    let mut push =
        |k: usize| out.push(BentPath { chain: chain.to_vec(), tail: landings[..k].to_vec() });
    match length {
        LegLength::One if !landings.is_empty() => push(1),
        LegLength::SameAsFirst if landings.len() >= n => push(n),
        LegLength::Any => (1..=landings.len()).for_each(push),
        _ => {}
    }
}

/// The squares from `start` (excluded) repeating `step` while on the board.
pub fn ray(dims: Dims, start: Square, step: Step) -> Vec<Square> {
    let mut out = Vec::new();
    let mut cur = start;
    while let Some(next) = dims.offset(cur, step) {
        out.push(next);
        cur = next;
    }
    out
}

/// The images of an atom in circular order: each one the next by angle, the same way round.
pub fn atom_circle((a, b): (i32, i32)) -> Vec<Step> {
    let mut images = symmetric_steps(a, b);
    images.sort_by(|p, q| {
        let angle = |s: &Step| (s.1 as f64).atan2(s.0 as f64);
        angle(p).total_cmp(&angle(q))
    });
    images
}

/// A circular rider on `circle` (an atom's images in circular order): from each image, in
/// either sense, leaps each one image further round, at most one fewer than the circle has
/// (the last would come back to the start); it may stop on any landing, the landings before
/// it empty.
pub fn circular_paths(dims: Dims, from: Square, circle: &[Step]) -> Vec<BentPath> {
    let len = circle.len();
    let mut out = Vec::new();
    for start in 0..len {
        for sense in [1, len - 1] {
            let mut landings = Vec::new();
            let mut cur = from;
            for k in 0..len - 1 {
                let Some(next) = dims.offset(cur, circle[(start + sense * k) % len]) else {
                    break;
                };
                landings.push(next);
                cur = next;
            }
            for k in 1..=landings.len() {
                out.push(BentPath { chain: landings[..k].to_vec(), tail: Vec::new() });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bitboard;
    use crate::pieces::bent::BentTables;

    use crate::pieces::board_8x8::{names, sq, D};

    #[test]
    fn a_gryphon_like_rider_turns_outward_only() {
        // One diagonal step, then a rook slide turning by 45 degrees: from a1 over b2 to the
        // b-file above b2 and the second rank right of b2 (the Gryphon's continuation).
        let legs = TwoLegs {
            first: (1, 1),
            first_length: LegLength::One,
            second: (1, 0),
            second_length: LegLength::Any,
            outward_only: true,
        };
        let t = BentTables::<u64>::build(D, &|d, s| two_leg_paths(d, s, &legs));
        let expected = ["b3", "b4", "b5", "b6", "b7", "b8", "c2", "d2", "e2", "f2", "g2", "h2"];
        assert_eq!(names(t.reach(sq("a1"))), expected);
        // From d4 after c5 the slide goes up (c6..) or left (b5, a5), never back down or right.
        let r = t.reach(sq("d4"));
        assert!(r.has(sq("a5")) && r.has(sq("c8")) && !r.has(sq("d5")) && !r.has(sq("c4")));
    }

    #[test]
    fn the_knight_circle_is_in_angle_order() {
        let circle = atom_circle((2, 1));
        assert_eq!(circle.len(), 8);
        // Neighbours on the circle are the two closest knight images (distance squared 2).
        for i in 0..8 {
            let (p, q) = (circle[i], circle[(i + 1) % 8]);
            let dist = (p.0 - q.0).pow(2) + (p.1 - q.1).pow(2);
            assert!(dist == 2 || dist == 4, "{p:?} {q:?}");
        }
        assert_eq!(atom_circle((1, 0)), [(0, -1), (1, 0), (0, 1), (-1, 0)]);
    }
}
