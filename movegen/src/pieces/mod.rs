//! The piece catalogue: pieces described by their movement parts, and the compiled form the
//! move generator uses.
//!
//! A [`PieceKind`] is a name, a [`Role`], a list of [`Part`]s (a leap, a slide along
//! rook or bishop lines, a ride of repeated leaps, ...) and the ways it captures
//! ([`Captures`]: by landing on its victim, or by approach, withdrawal, overtaking, ...). Variants give each kind a letter code
//! of their own (the Chancellor is `M` in Lions and Unicorns, `C` in Sea Horses). For one
//! board shape a kind compiles into a [`Mover`]: all its leaps merged into one table per
//! square, flags for the sliders and riders, so that its attack set is a handful of lookups.

pub mod bent;
pub mod bent_legs;
pub mod bent_shapes;
#[cfg(test)]
mod board_8x8;
pub mod captures;
pub mod catalogue;
pub mod sissa;
pub mod ultima;

use crate::bitboard::Bitboard;
use crate::geometry::{Dims, Square, Step};
use crate::shape::Shape;
use crate::tables::{leaper_table, symmetric_steps, SquareTable, Tables};
use bent::{BentPath, BentTables};
pub use captures::Captures;

/// Which lines a slider moves along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// Ranks and files (rook).
    Orthogonal,
    /// Diagonals (bishop).
    Diagonal,
}

/// One way of moving. A piece moves by any of its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// A leap by (dx, dy) in all eight symmetric images; never blocked.
    Leap(i32, i32),
    /// Any distance along the lines over empty squares (rook, bishop).
    Slide(Lines),
    /// The knight leap repeated in one direction over empty landing squares (nightrider).
    Nightride,
    /// A rider along fixed paths that are not straight lines (see [`bent`]).
    Bent(Bent),
}

/// The bent and circular riders of the catalogue. A piece that may also stop after its
/// first step (Gryphon, Aanca, Harvestman, spotted gryphon) or leap (Dancing Horse) has that
/// step as a leap part of its own; the shapes here are the continuations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bent {
    /// n squares orthogonally then n diagonally, or the reverse (Sea Horses, UC-40).
    Sissa,
    /// 1 to 7 knight leaps turning one place further round the knight circle each time.
    Rose,
    /// A second knight leap after one onto an empty square, never back to the start.
    DancingHorseDouble,
    /// Two-square leaps away from the start after an empty diagonal step (UC-40 Dragon).
    SpottedGryphon,
    /// A rook slide away from the start after an empty diagonal step.
    Gryphon,
    /// A bishop slide away from the start after an empty orthogonal step.
    Aanca,
    /// A zigzag of diagonal steps advancing after an empty orthogonal step.
    Harvestman,
}

impl Bent {
    /// Every path of this rider from `from` on a board of `dims`.
    pub fn paths(self, dims: Dims, from: Square) -> Vec<BentPath> {
        match self {
            Bent::Sissa => sissa::sissa_paths(dims, from),
            Bent::Rose => bent_shapes::rose_paths(dims, from),
            Bent::DancingHorseDouble => bent_shapes::dancing_horse_paths(dims, from),
            Bent::SpottedGryphon => bent_shapes::spotted_gryphon_paths(dims, from),
            Bent::Gryphon => bent_shapes::gryphon_paths(dims, from),
            Bent::Aanca => bent_shapes::aanca_paths(dims, from),
            Bent::Harvestman => bent_shapes::harvestman_paths(dims, from),
        }
    }
}

/// What a piece is to the rules, beyond how it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The royal piece: its capture (or checkmate) decides the game.
    King,
    /// The orthodox pawn: pushes forward, captures diagonally forward, promotes.
    Pawn,
    /// Everything else: moves by its parts and captures as its [`Captures`] say.
    Plain,
    /// Moves by its parts and also in a way only its variant knows (the Rolling Kings Mock
    /// King's slide along the King-line); the shared generators leave it to that variant.
    Special,
}

/// A kind of piece: how it moves and captures, independent of any variant's letter for it.
#[derive(Clone, Copy, Debug)]
pub struct PieceKind {
    pub name: &'static str,
    pub role: Role,
    /// How it moves. A piece that captures by landing moves and captures by these; the others
    /// move by them to empty squares only.
    pub parts: &'static [Part],
    pub captures: Captures,
}

impl PieceKind {
    /// Does it capture only by landing on its victim with its parts (or, for a pawn, its
    /// diagonal step), so that attack tables say what it captures?
    #[inline(always)]
    pub const fn lands_only(&self) -> bool {
        self.captures.lands_only()
    }
}

/// The attacks from one square along the lines slides and rides use (empty where not
/// asked for), computed once and shared by the movers asked about that square
/// ([`Mover::attacks_along`]).
#[derive(Clone, Copy)]
pub struct LineAttacks<B> {
    pub orthogonal: B,
    pub diagonal: B,
    pub nightrider: B,
}

impl<B: Bitboard> LineAttacks<B> {
    /// The lines from `sq` given `occ`: the orthogonal, diagonal and nightrider ones as
    /// asked (the others empty).
    #[inline(always)]
    pub fn new<S: Shape<B = B>>(
        tables: &Tables<S>,
        sq: Square,
        occ: B,
        [orthogonal, diagonal, nightrider]: [bool; 3],
    ) -> LineAttacks<B> {
        LineAttacks {
            orthogonal: if orthogonal { tables.rook(sq, occ) } else { B::EMPTY },
            diagonal: if diagonal { tables.bishop(sq, occ) } else { B::EMPTY },
            nightrider: if nightrider { tables.nightrider(sq, occ) } else { B::EMPTY },
        }
    }
}

/// The lines (`Mover::lines`) any of `movers` slides or rides along: what one
/// [`LineAttacks`] from a square must hold to serve them all.
pub fn lines_of<'a, S: Shape + 'a>(movers: impl IntoIterator<Item = &'a Mover<S>>) -> [bool; 3] {
    let mut any = [false; 3];
    for mover in movers {
        for (line, uses) in any.iter_mut().zip(mover.lines()) {
            *line |= uses;
        }
    }
    any
}

/// A piece kind compiled for one board shape.
pub struct Mover<S: Shape> {
    /// Union of all leap parts, per square.
    pub leaps: Box<SquareTable<S::B>>,
    pub orthogonal: bool,
    pub diagonal: bool,
    pub nightrider: bool,
    /// The paths of all bent parts together, if the piece has any.
    pub bent: Option<Box<BentTables<S::B>>>,
    /// The leaps along a rank, file or diagonal only (for captures that need the movement
    /// to run along one queen line, like the UC-40 Chameleon's combined captures).
    pub straight_leaps: Box<SquareTable<S::B>>,
}

impl<S: Shape> Mover<S> {
    pub fn compile(kind: &PieceKind) -> Mover<S> {
        let dims: Dims = S::DIMS;
        let mut steps: Vec<Step> = Vec::new();
        let mut mover = Mover {
            leaps: Box::new([S::B::EMPTY; 256]),
            orthogonal: false,
            diagonal: false,
            nightrider: false,
            bent: None,
            straight_leaps: Box::new([S::B::EMPTY; 256]),
        };
        let mut bent_parts: Vec<Bent> = Vec::new();
        for part in kind.parts {
            match *part {
                Part::Leap(dx, dy) => steps.extend(symmetric_steps(dx, dy)),
                Part::Slide(Lines::Orthogonal) => mover.orthogonal = true,
                Part::Slide(Lines::Diagonal) => mover.diagonal = true,
                Part::Nightride => mover.nightrider = true,
                Part::Bent(b) => bent_parts.push(b),
            }
        }
        if !bent_parts.is_empty() {
            let paths = |dims: Dims, sq: Square| -> Vec<BentPath> {
                bent_parts.iter().flat_map(|b| b.paths(dims, sq)).collect()
            };
            mover.bent = Some(Box::new(BentTables::build(dims, &paths)));
        }
        mover.leaps = Box::new(leaper_table(dims, &steps));
        let straight: Vec<Step> = steps
            .iter()
            .copied()
            .filter(|&(x, y)| x == 0 || y == 0 || x.abs() == y.abs())
            .collect();
        mover.straight_leaps = Box::new(leaper_table(dims, &straight));
        mover
    }

    /// Does it attack `b` from `a` exactly when it attacks `a` from `b`, whatever the
    /// occupancy? True of leaps (taken in all eight orientations) and of slides and rides,
    /// whose way back passes the same squares; not of bent paths, which turn the other way
    /// round on the way back.
    pub fn is_reversible(&self) -> bool {
        self.bent.is_none()
    }

    /// Which lines its slides and rides use: orthogonal, diagonal, nightrider (the order of
    /// [`LineAttacks::new`]).
    pub fn lines(&self) -> [bool; 3] {
        [self.orthogonal, self.diagonal, self.nightrider]
    }

    /// [`Mover::attacks`] from `sq` with the lines from there already computed (`lines`
    /// must hold every line this piece uses), leaving out bent paths: for pieces without
    /// them the same squares, for many movers of one square at the cost of one.
    #[inline(always)]
    pub fn attacks_along(&self, sq: Square, lines: &LineAttacks<S::B>) -> S::B {
        let mut att = self.leaps[sq as usize];
        if self.orthogonal {
            att |= lines.orthogonal;
        }
        if self.diagonal {
            att |= lines.diagonal;
        }
        if self.nightrider {
            att |= lines.nightrider;
        }
        att
    }

    /// The squares this piece attacks from `sq` (and moves to, if empty) given `occ`.
    #[inline(always)]
    pub fn attacks(&self, tables: &Tables<S>, sq: Square, occ: S::B) -> S::B {
        let mut att = self.leaps[sq as usize];
        if self.orthogonal {
            att |= tables.rook(sq, occ);
        }
        if self.diagonal {
            att |= tables.bishop(sq, occ);
        }
        if self.nightrider {
            att |= tables.nightrider(sq, occ);
        }
        if let Some(bent) = &self.bent {
            att |= bent.attacks(sq, occ);
        }
        att
    }

    /// The part of [`Mover::attacks`] reached by a movement along one queen line: slides and
    /// straight leaps (a bent path's first step is a straight leap part of its own).
    #[inline(always)]
    pub fn straight_attacks(&self, tables: &Tables<S>, sq: Square, occ: S::B) -> S::B {
        let mut att = self.straight_leaps[sq as usize];
        if self.orthogonal {
            att |= tables.rook(sq, occ);
        }
        if self.diagonal {
            att |= tables.bishop(sq, occ);
        }
        att
    }

    /// Does it slide or ride along direction `d` ([`crate::geometry::DIRECTIONS`]: even queen
    /// directions are orthogonal, odd ones diagonal, 8.. knight lines)?
    #[inline(always)]
    pub fn rides_along(&self, d: usize) -> bool {
        match d {
            0..8 if d.is_multiple_of(2) => self.orthogonal,
            0..8 => self.diagonal,
            _ => self.nightrider,
        }
    }

    /// Does it attack `to` from `sq` given `occ`? The answer of `attacks(..).has(to)`, found
    /// by looking only at the leap, line or paths that lead there.
    #[inline]
    pub fn attacks_square(&self, tables: &Tables<S>, sq: Square, to: Square, occ: S::B) -> bool {
        if self.leaps[sq as usize].has(to) {
            return true;
        }
        if let Some(d) = tables.direction(sq, to) {
            if self.rides_along(d) && (tables.between(sq, to) & occ).is_empty() {
                return true;
            }
        }
        self.bent.as_ref().is_some_and(|bent| bent.attacks_square(sq, to, occ))
    }

    /// Does it attack `to` from `sq` by a movement along one queen line (a slide or a straight
    /// leap, as in [`Mover::straight_attacks`])?
    #[inline]
    pub fn attacks_square_straight(
        &self,
        tables: &Tables<S>,
        sq: Square,
        to: Square,
        occ: S::B,
    ) -> bool {
        if self.straight_leaps[sq as usize].has(to) {
            return true;
        }
        matches!(tables.direction(sq, to), Some(d) if d < 8 && self.rides_along(d))
            && (tables.between(sq, to) & occ).is_empty()
    }

    /// The squares whose contents decide [`Mover::attacks_square`] from `sq` to `to`: those
    /// between the two on a line it moves along, and those its bent paths there pass.
    #[inline]
    pub fn route(&self, tables: &Tables<S>, sq: Square, to: Square) -> S::B {
        let mut squares = S::B::EMPTY;
        if let Some(d) = tables.direction(sq, to) {
            if self.rides_along(d) {
                squares |= tables.between(sq, to);
            }
        }
        if let Some(bent) = &self.bent {
            for &path in bent.paths_between(sq, to) {
                squares |= path;
            }
        }
        squares
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;
    use crate::shape::Board8x8;

    #[test]
    fn reversible_pieces_attack_back_and_attack_along_shared_lines_as_alone() {
        let t = Board8x8::tables();
        let mut rng = SplitMix64::new(11);
        for (code, kind) in crate::variants::uc40::PIECES {
            if kind.role == Role::Pawn {
                continue;
            }
            let mover = Mover::<Board8x8>::compile(&kind);
            if !mover.is_reversible() {
                continue;
            }
            for _ in 0..20 {
                let occ = rng.next_u64() & rng.next_u64();
                for sq in 0..64u8 {
                    let all = mover.attacks(t, sq, occ);
                    let lines = LineAttacks::new(t, sq, occ, [true; 3]);
                    assert_eq!(mover.attacks_along(sq, &lines), all, "{code} {sq} {occ:x}");
                    let only_its_own = LineAttacks::new(t, sq, occ, mover.lines());
                    assert_eq!(mover.attacks_along(sq, &only_its_own), all, "{code}");
                    for to in all.squares() {
                        assert!(mover.attacks(t, to, occ).has(sq), "{code} {to}->{sq} {occ:x}");
                    }
                }
            }
        }
    }

    /// One set of lines from `lines_of` serves every mover it was computed for: random groups
    /// of UC-40's reversible pieces, each attacking along the shared lines as it attacks
    /// alone.
    #[test]
    fn the_lines_of_a_group_serve_each_of_its_movers() {
        let t = Board8x8::tables();
        let mut rng = SplitMix64::new(5);
        let movers: Vec<Mover<Board8x8>> = crate::variants::uc40::PIECES
            .iter()
            .filter(|(_, kind)| kind.role != Role::Pawn)
            .map(|(_, kind)| Mover::<Board8x8>::compile(kind))
            .filter(|m| m.is_reversible())
            .collect();
        assert_eq!(lines_of::<Board8x8>([]), [false; 3], "no mover uses no line");
        for _ in 0..50 {
            let group: Vec<&Mover<Board8x8>> =
                movers.iter().filter(|_| rng.next_u64().is_multiple_of(3)).collect();
            let needed = lines_of(group.iter().copied());
            let occ = rng.next_u64() & rng.next_u64();
            for sq in 0..64u8 {
                let lines = LineAttacks::new(t, sq, occ, needed);
                for mover in &group {
                    assert_eq!(mover.attacks_along(sq, &lines), mover.attacks(t, sq, occ));
                }
            }
            let any_uses = |i: usize| group.iter().any(|m| m.lines()[i]);
            assert_eq!(needed, [any_uses(0), any_uses(1), any_uses(2)], "only the lines used");
        }
    }

    /// The one-target questions against the whole attack set they stand for, for every piece
    /// of UC-40's army (leapers, sliders, riders, bent paths) on random boards; and only the
    /// squares of the route may decide the answer.
    #[test]
    fn attacks_square_agrees_with_the_attack_set_and_depends_on_the_route_only() {
        let t = Board8x8::tables();
        let mut rng = SplitMix64::new(7);
        for (code, kind) in crate::variants::uc40::PIECES {
            if kind.role == Role::Pawn || !kind.lands_only() {
                continue;
            }
            let mover = Mover::<Board8x8>::compile(&kind);
            for _ in 0..20 {
                let occ = rng.next_u64() & rng.next_u64();
                for sq in 0..64u8 {
                    let all = mover.attacks(t, sq, occ);
                    let straight = mover.straight_attacks(t, sq, occ);
                    for to in 0..64u8 {
                        let hit = mover.attacks_square(t, sq, to, occ);
                        assert_eq!(hit, all.has(to), "{code} {sq}->{to} {occ:x}");
                        let along = mover.attacks_square_straight(t, sq, to, occ);
                        assert_eq!(along, straight.has(to), "{code} {sq}->{to} {occ:x}");
                        let route = mover.route(t, sq, to);
                        assert_eq!(hit, mover.attacks_square(t, sq, to, occ & route), "{code}");
                    }
                }
            }
        }
    }
}
