//! A piece of a file variant compiled for one board shape: its Betza moves as tables per
//! colour (leaps), paths with their blocking squares (lame leaps) and square lists walked at
//! run time (riders and hoppers, with their range).
//!
//! This is the general form, for pieces the shared parts of [`crate::pieces`] cannot state
//! (one-directional or range-limited moves, separate move and capture, hoppers, lame leaps).
//! Bent and circular riders compile into the shared bent tables ([`crate::pieces::bent`]),
//! a slide along the King-line into two rider lines per square.

use super::betza::{BetzaMove, Modality, Travel};
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Dims, Square, Step};
use crate::king_walk::KingLine;
use crate::pieces::bent::{BentPath, BentTables};
use crate::shape::Shape;
use crate::tables::SquareTable;

/// The bent atoms of `moves` compiled into one table per modality.
fn bent_tables<S: Shape>(moves: &[BetzaMove]) -> Vec<(BentTables<S::B>, Modality)> {
    let mut out = Vec::new();
    for modality in [Modality::Both, Modality::Move, Modality::Capture] {
        let atoms: Vec<_> = moves
            .iter()
            .filter(|m| m.modality == modality)
            .filter_map(|m| match m.travel {
                Travel::Bent(atom) => Some(atom),
                _ => None,
            })
            .collect();
        if atoms.is_empty() {
            continue;
        }
        let paths = |dims: Dims, sq: Square| -> Vec<BentPath> {
            atoms.iter().flat_map(|a| a.paths(dims, sq)).collect()
        };
        out.push((BentTables::build(S::DIMS, &paths), modality));
    }
    out
}

/// A leap that squares on its path can block.
#[derive(Clone, Copy, Debug)]
struct LameLeap<B> {
    to: Square,
    path: B,
    modality: Modality,
}

/// A line walked square by square from one square (a rider's or a hopper's).
#[derive(Clone, Debug)]
struct Line {
    squares: Vec<Square>,
    modality: Modality,
    /// `None` for a rider; `Some(grasshopper)` for a hopper.
    hop: Option<bool>,
}

/// One colour's moves of a piece.
struct Side<S: Shape> {
    leap_moves: Box<SquareTable<S::B>>,
    leap_captures: Box<SquareTable<S::B>>,
    lame: Vec<Vec<LameLeap<S::B>>>,
    lines: Vec<Vec<Line>>,
    /// Every square a capture could reach from each square on some board (a superset, to
    /// skip pieces that cannot attack a square).
    capture_reach: Box<SquareTable<S::B>>,
}

pub struct FileMover<S: Shape> {
    sides: [Side<S>; 2],
    /// The bent and circular riders, one table per modality; alike for both colours (a bent
    /// atom takes all its directions).
    bent: Vec<(BentTables<S::B>, Modality)>,
}

/// The squares a piece goes to: onto empty squares, and onto enemy pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Targets<B> {
    pub quiet: B,
    pub captures: B,
}

impl<S: Shape> FileMover<S> {
    pub fn compile(moves: &[BetzaMove]) -> FileMover<S> {
        FileMover::compile_with(moves, None)
    }

    /// Compiles the moves, with the variant's King-line for `{kingLine}` slides (without
    /// one, such a slide goes nowhere).
    pub fn compile_with(moves: &[BetzaMove], king_line: Option<&KingLine>) -> FileMover<S> {
        FileMover {
            sides: [
                Side::compile(moves, Color::White, king_line),
                Side::compile(moves, Color::Black, king_line),
            ],
            bent: bent_tables::<S>(moves),
        }
    }

    /// The moves of a piece of `color` on `sq`, given the occupied squares and the enemy's.
    #[inline]
    pub fn targets(&self, color: Color, sq: Square, occ: S::B, enemy: S::B) -> Targets<S::B> {
        let side = &self.sides[color.index()];
        let i = sq as usize;
        let mut t =
            Targets { quiet: side.leap_moves[i] & !occ, captures: side.leap_captures[i] & enemy };
        for leap in &side.lame[i] {
            if (leap.path & occ).is_empty() {
                add(&mut t, leap.to, leap.modality, occ, enemy);
            }
        }
        for line in &side.lines[i] {
            walk(line, occ, enemy, &mut t);
        }
        for (table, modality) in &self.bent {
            let reached = table.attacks(sq, occ);
            if modality.moves() {
                t.quiet |= reached & !occ;
            }
            if modality.captures() {
                t.captures |= reached & enemy;
            }
        }
        t
    }

    /// Does a piece of `color` on `sq` capture on `target` (which must be occupied)?
    #[inline]
    pub fn attacks(&self, color: Color, sq: Square, target: Square, occ: S::B) -> bool {
        let mut bent_captures = self.bent.iter().filter(|(_, m)| m.captures());
        if bent_captures.any(|(t, _)| t.attacks_square(sq, target, occ)) {
            return true;
        }
        let side = &self.sides[color.index()];
        if !side.capture_reach[sq as usize].has(target) {
            return false;
        }
        let bit = S::B::from_square(target);
        if side.leap_captures[sq as usize].has(target) {
            return true;
        }
        let mut t = Targets { quiet: S::B::EMPTY, captures: S::B::EMPTY };
        for leap in &side.lame[sq as usize] {
            if leap.to == target && leap.modality.captures() && (leap.path & occ).is_empty() {
                return true;
            }
        }
        for line in side.lines[sq as usize].iter().filter(|l| l.modality.captures()) {
            if line.squares.contains(&target) {
                walk(line, occ, bit, &mut t);
            }
        }
        t.captures.has(target)
    }
}

#[inline]
fn add<B: Bitboard>(t: &mut Targets<B>, to: Square, modality: Modality, occ: B, enemy: B) {
    let bit = B::from_square(to);
    if modality.moves() {
        t.quiet |= bit & !occ;
    }
    if modality.captures() {
        t.captures |= bit & enemy;
    }
}

/// Walks one line: a rider stops at the first piece; a hopper passes the first piece, then
/// goes on as a rider (cannon) or lands just beyond it (grasshopper).
#[inline]
fn walk<B: Bitboard>(line: &Line, occ: B, enemy: B, t: &mut Targets<B>) {
    let mut hopped = line.hop.is_none();
    for &s in &line.squares {
        if !hopped {
            if occ.has(s) {
                hopped = true;
            }
            continue;
        }
        add(t, s, line.modality, occ, enemy);
        if occ.has(s) || line.hop == Some(true) {
            break;
        }
    }
}

impl<S: Shape> Side<S> {
    fn compile(moves: &[BetzaMove], color: Color, king_line: Option<&KingLine>) -> Side<S> {
        let dims = S::DIMS;
        let n = dims.squares();
        let mut side = Side {
            leap_moves: Box::new([S::B::EMPTY; 256]),
            leap_captures: Box::new([S::B::EMPTY; 256]),
            lame: vec![Vec::new(); n],
            lines: vec![Vec::new(); n],
            capture_reach: Box::new([S::B::EMPTY; 256]),
        };
        for mv in moves {
            // Black's moves are White's turned by half a circle.
            let step = match color {
                Color::White => mv.step,
                Color::Black => (-mv.step.0, -mv.step.1),
            };
            for from in 0..n as Square {
                match (mv.travel, king_line) {
                    (Travel::KingLine, Some(line)) => side.add_king_line(from, line, mv.modality),
                    _ => side.add_move(dims, from, step, mv),
                }
            }
        }
        side
    }

    /// The slides along the King-line from `from`, ahead and behind, as two rider lines.
    fn add_king_line(&mut self, from: Square, line: &KingLine, modality: Modality) {
        let (ahead, behind) = line.both_ways(from);
        for squares in [ahead, behind] {
            if squares.is_empty() {
                continue;
            }
            if modality.captures() {
                for &s in &squares {
                    self.capture_reach[from as usize] |= S::B::from_square(s);
                }
            }
            self.lines[from as usize].push(Line { squares, modality, hop: None });
        }
    }

    fn add_move(&mut self, dims: Dims, from: Square, step: Step, mv: &BetzaMove) {
        let i = from as usize;
        match mv.travel {
            // Compiled apart: bent atoms into tables, the King-line with the variant's line.
            Travel::Bent(_) | Travel::KingLine => {}
            Travel::Leap => {
                let Some(to) = dims.offset(from, step) else { return };
                let bit = S::B::from_square(to);
                if mv.modality.moves() {
                    self.leap_moves[i] |= bit;
                }
                if mv.modality.captures() {
                    self.leap_captures[i] |= bit;
                    self.capture_reach[i] |= bit;
                }
            }
            Travel::Lame => {
                let Some(to) = dims.offset(from, step) else { return };
                let path = lame_path(step)
                    .into_iter()
                    .filter_map(|s| dims.offset(from, s))
                    .fold(S::B::EMPTY, |b, s| b | S::B::from_square(s));
                self.lame[i].push(LameLeap { to, path, modality: mv.modality });
                if mv.modality.captures() {
                    self.capture_reach[i] |= S::B::from_square(to);
                }
            }
            Travel::Ride { .. } | Travel::Hop { .. } => {
                let range = match mv.travel {
                    Travel::Ride { range } if range > 0 => range as usize,
                    _ => usize::MAX,
                };
                let mut squares = Vec::new();
                let mut cur = from;
                while let Some(next) = dims.offset(cur, step) {
                    if squares.len() == range {
                        break;
                    }
                    squares.push(next);
                    cur = next;
                }
                if squares.is_empty() {
                    return;
                }
                if mv.modality.captures() {
                    for &s in &squares {
                        self.capture_reach[i] |= S::B::from_square(s);
                    }
                }
                let hop = match mv.travel {
                    Travel::Hop { grasshopper } => Some(grasshopper),
                    _ => None,
                };
                self.lines[i].push(Line { squares, modality: mv.modality, hop });
            }
        }
    }
}

/// The squares a lame leap passes, as steps from its start: along the longer axis first,
/// diagonally while both remain (the xiangqi horse's orthogonal step, the elephant's
/// diagonal one).
fn lame_path((dx, dy): Step) -> Vec<Step> {
    let mut path = Vec::new();
    let (mut x, mut y) = (0i32, 0i32);
    while (x, y) != (dx, dy) {
        let diff = (dx - x).abs() - (dy - y).abs();
        if diff >= 0 {
            x += (dx - x).signum();
        }
        if diff <= 0 {
            y += (dy - y).signum();
        }
        if (x, y) != (dx, dy) {
            path.push((x, y));
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::super::betza::parse_betza;
    use super::*;
    use crate::shape::{Board10x8, Board8x8};

    fn sq(name: &str) -> Square {
        Board8x8::DIMS.parse_square(name).unwrap_or_else(|| panic!("square {name}"))
    }

    fn set(names: &[&str]) -> u64 {
        names.iter().fold(0, |b, n| b | 1u64 << sq(n))
    }

    fn mover(betza: &str) -> FileMover<Board8x8> {
        FileMover::compile(&parse_betza(betza).unwrap_or_else(|e| panic!("{betza}: {e}")))
    }

    fn names(b: u64) -> Vec<String> {
        b.squares().map(|s| Board8x8::DIMS.square_name(s)).collect()
    }

    #[test]
    fn lame_paths_by_hand() {
        assert_eq!(lame_path((1, 2)), [(0, 1)]);
        assert_eq!(lame_path((-2, 1)), [(-1, 0)]);
        assert_eq!(lame_path((2, 2)), [(1, 1)]);
        assert_eq!(lame_path((0, 2)), [(0, 1)]);
        assert_eq!(lame_path((2, 3)), [(0, 1), (1, 2)]);
    }

    #[test]
    fn shogi_knight_and_lance_by_colour() {
        let knight = mover("fN");
        let t = knight.targets(Color::White, sq("d4"), 0, 0);
        assert_eq!(names(t.quiet), ["c6", "e6"]);
        let t = knight.targets(Color::Black, sq("d4"), 0, 0);
        assert_eq!(names(t.quiet), ["c2", "e2"]);
        let lance = mover("fR");
        let t = lance.targets(Color::White, sq("d4"), set(&["d7"]), set(&["d7"]));
        assert_eq!(names(t.quiet), ["d5", "d6"]);
        assert_eq!(names(t.captures), ["d7"]);
    }

    #[test]
    fn range_limited_rider_and_move_capture_split() {
        let r2 = mover("R2");
        let t = r2.targets(Color::White, sq("a1"), 0, 0);
        assert_eq!(names(t.quiet), ["b1", "c1", "a2", "a3"]);
        // A knight that captures like a bishop (knibis): moves and captures differ.
        let knibis = mover("mNcB");
        let occ = set(&["c3", "b3"]);
        let t = knibis.targets(Color::White, sq("a1"), occ, occ);
        assert_eq!(names(t.quiet), ["c2"]);
        assert_eq!(names(t.captures), ["c3"]);
        assert!(knibis.attacks(Color::White, sq("a1"), sq("c3"), occ));
        assert!(!knibis.attacks(Color::White, sq("a1"), sq("b3"), occ));
    }

    #[test]
    fn cannon_and_grasshopper_hop_one_piece() {
        let cannon = mover("mRcpR");
        // Cannon on a1, screen on a3, enemies on a5 and a7; d1 an enemy with no screen.
        let occ = set(&["a3", "a5", "a7", "d1"]);
        let enemy = set(&["a5", "a7", "d1"]);
        let t = cannon.targets(Color::White, sq("a1"), occ, enemy);
        assert_eq!(names(t.quiet), ["b1", "c1", "a2"]);
        assert_eq!(names(t.captures), ["a5"]);
        assert!(cannon.attacks(Color::White, sq("a1"), sq("a5"), occ));
        assert!(!cannon.attacks(Color::White, sq("a1"), sq("a7"), occ));
        assert!(!cannon.attacks(Color::White, sq("a1"), sq("d1"), occ));
        // Grasshopper on a1: screens on b1, c3 and a4 (an enemy, never the one taken).
        let hopper = mover("gQ");
        let occ = set(&["c3", "a4", "b1", "a5"]);
        let t = hopper.targets(Color::White, sq("a1"), occ, set(&["a4", "a5"]));
        assert_eq!(names(t.quiet), ["c1", "d4"]);
        assert_eq!(names(t.captures), ["a5"]);
    }

    #[test]
    fn xiangqi_horse_is_blocked_next_to_it() {
        let horse = mover("nN");
        let t = horse.targets(Color::White, sq("b1"), set(&["b2"]), 0);
        assert_eq!(names(t.quiet), ["d2"]);
        let t = horse.targets(Color::White, sq("b1"), set(&["c1"]), 0);
        assert_eq!(names(t.quiet), ["a3", "c3"]);
    }

    #[test]
    fn nightrider_on_a_wide_board() {
        let unicorn: FileMover<Board10x8> = FileMover::compile(&parse_betza("BNN").unwrap());
        let d = Board10x8::DIMS;
        let s = |n: &str| d.parse_square(n).unwrap();
        let occ: u128 = 1 << s("c2");
        let t = unicorn.targets(Color::White, s("a1"), occ, 0);
        assert!(t.quiet.has(s("h8")) && t.quiet.has(s("d7")) && t.quiet.has(s("b3")));
        assert!(!t.quiet.has(s("c2")) && !t.quiet.has(s("e3")));
    }
}
