//! The paths of the UC-40 bent and circular riders (RULES.md section 6 rulings), for the
//! tables of [`super::bent`]: the Rose, the Dancing Horse's double leap, and the pieces that
//! turn after a first step (Gryphon, Aanca, Harvestman, the Dragon's spotted gryphon).
//!
//! A rider that may stop on any square it lands on is written as one path per landing, the
//! landings before it as the chain (they must be empty); its first step, where it may also
//! stop, is a leap part of the piece itself and not repeated here.

use super::bent::BentPath;
use super::bent_legs::{circular_paths, ray};
use crate::geometry::{Dims, Square, Step, DIRECTIONS};

/// The knight directions in circular order: each one turns 45 degrees further the same way.
const KNIGHT_CIRCLE: [Step; 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// Paths that stop on every landing: one per prefix of `landings` (at least `skip` + 1 long).
fn stops(landings: &[Square], skip: usize, out: &mut Vec<BentPath>) {
    for k in skip + 1..=landings.len() {
        out.push(BentPath { chain: landings[..k].to_vec(), tail: Vec::new() });
    }
}

/// Rose: 1 to 7 knight leaps round the circle in either sense; each landing before the last
/// empty. Seven leaps never return to the start (all eight would).
pub fn rose_paths(dims: Dims, from: Square) -> Vec<BentPath> {
    circular_paths(dims, from, &KNIGHT_CIRCLE)
}

/// Dancing Horse: a second knight leap from the empty square of the first, never back to
/// the start.
pub fn dancing_horse_paths(dims: Dims, from: Square) -> Vec<BentPath> {
    let mut out = Vec::new();
    for &a in &KNIGHT_CIRCLE {
        let Some(mid) = dims.offset(from, a) else { continue };
        for &b in &KNIGHT_CIRCLE {
            match dims.offset(mid, b) {
                Some(to) if to != from => out.push(BentPath { chain: vec![mid], tail: vec![to] }),
                _ => {}
            }
        }
    }
    out
}

/// The four diagonal steps, each with its two orthogonal directions pointing away from the
/// start.
fn diagonal_steps() -> impl Iterator<Item = (Step, [Step; 2])> {
    DIRECTIONS[0..8].iter().filter(|d| d.0 != 0 && d.1 != 0).map(|&d| (d, [(d.0, 0), (0, d.1)]))
}

/// The four orthogonal steps, each with its two diagonal directions pointing away from the
/// start.
fn orthogonal_steps() -> impl Iterator<Item = (Step, [Step; 2])> {
    DIRECTIONS[0..8].iter().filter(|d| d.0 == 0 || d.1 == 0).map(|&d| {
        let away = if d.0 == 0 { [(1, d.1), (-1, d.1)] } else { [(d.0, 1), (d.0, -1)] };
        (d, away)
    })
}

/// After a first step in each of `steps` onto an empty square, slides with stride
/// `stride` in each away direction, stopping on any landing.
fn turn_then_slide(
    dims: Dims,
    from: Square,
    steps: impl Iterator<Item = (Step, [Step; 2])>,
    stride: i32,
) -> Vec<BentPath> {
    let mut out = Vec::new();
    for (first, away) in steps {
        let Some(mid) = dims.offset(from, first) else { continue };
        for (x, y) in away {
            let mut landings = vec![mid];
            landings.extend(ray(dims, mid, (x * stride, y * stride)));
            stops(&landings, 1, &mut out);
        }
    }
    out
}

/// The Dragon's spotted gryphon: after an empty diagonal step, leaps of exactly two squares
/// away from the start (the skipped squares do not matter).
pub fn spotted_gryphon_paths(dims: Dims, from: Square) -> Vec<BentPath> {
    turn_then_slide(dims, from, diagonal_steps(), 2)
}

/// Gryphon: after an empty diagonal step, a rook slide away from the start.
pub fn gryphon_paths(dims: Dims, from: Square) -> Vec<BentPath> {
    turn_then_slide(dims, from, diagonal_steps(), 1)
}

/// Aanca: after an empty orthogonal step, a bishop slide away from the start.
pub fn aanca_paths(dims: Dims, from: Square) -> Vec<BentPath> {
    turn_then_slide(dims, from, orthogonal_steps(), 1)
}

/// Harvestman: after an empty orthogonal step, diagonal steps alternately to one side and
/// the other, first to either, so that it keeps advancing the way it stepped.
pub fn harvestman_paths(dims: Dims, from: Square) -> Vec<BentPath> {
    let mut out = Vec::new();
    for (d, _) in orthogonal_steps() {
        let Some(mid) = dims.offset(from, d) else { continue };
        for first_side in [-1, 1] {
            let mut landings = vec![mid];
            let (mut cur, mut side) = (mid, first_side);
            loop {
                let step = if d.0 == 0 { (side, d.1) } else { (d.0, side) };
                let Some(next) = dims.offset(cur, step) else { break };
                landings.push(next);
                cur = next;
                side = -side;
            }
            stops(&landings, 1, &mut out);
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

    fn table(paths: fn(Dims, Square) -> Vec<BentPath>) -> BentTables<u64> {
        BentTables::build(D, &|d, s| paths(d, s))
    }

    #[test]
    fn harvestman_zigzags_of_the_rules_example() {
        // RULES.md: from e4, e5-d6-e7-d8 and e5-f6-e7-f8; the other first steps zigzag the
        // same way (e3: d2 e1 f2; f4: g5 h4 g3; d4: c5 b4 a5 c3 a3). The first step itself
        // is the Harvestman's wazir part.
        let expected = [
            "a3", "a5", "b4", "c3", "c5", "d2", "d6", "d8", "e1", "e7", "f2", "f6", "f8", "g3",
            "g5", "h4",
        ];
        assert_eq!(names(table(harvestman_paths).reach(sq("e4"))), expected);
    }

    #[test]
    fn rose_never_returns_and_stops_at_an_occupied_landing() {
        let t = table(rose_paths);
        for s in 0..64u8 {
            assert!(!t.reach(s).has(s));
        }
        // From a1 every circle begins with b3 or c2: with both occupied only they remain.
        let occ = (1u64 << sq("b3")) | (1u64 << sq("c2"));
        assert_eq!(names(t.attacks(sq("a1"), occ)), ["b3", "c2"]);
    }

    #[test]
    fn spotted_gryphon_skips_squares_but_not_landings() {
        // From a1 (after the step to b2): d2 f2 h2 and b4 b6 b8. A piece on c2 is skipped; one
        // on d2 ends that leg there.
        let t = table(spotted_gryphon_paths);
        assert_eq!(names(t.reach(sq("a1"))), ["b4", "b6", "b8", "d2", "f2", "h2"]);
        assert_eq!(names(t.attacks(sq("a1"), 1u64 << sq("c2"))).len(), 6);
        assert_eq!(names(t.attacks(sq("a1"), 1u64 << sq("d2"))), ["b4", "b6", "b8", "d2"]);
        assert!(t.attacks(sq("a1"), 1u64 << sq("b2")) == 0);
    }
}
