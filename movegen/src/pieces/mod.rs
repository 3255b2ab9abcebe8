//! The piece catalogue: pieces described by their movement parts, and the compiled form the
//! move generator uses.
//!
//! A [`PieceKind`] is a name, a [`Role`] and a list of [`Part`]s (a leap, a slide along
//! rook or bishop lines, a ride of repeated leaps, ...). Variants give each kind a letter code
//! of their own (the Chancellor is `M` in Lions and Unicorns, `C` in Sea Horses). For one
//! board shape a kind compiles into a [`Mover`]: all its leaps merged into one table per
//! square, flags for the sliders and riders, so that its attack set is a handful of lookups.

pub mod catalogue;
pub mod paths;

use crate::bitboard::Bitboard;
use crate::geometry::{Dims, Square, Step};
use crate::shape::Shape;
use crate::tables::{leaper_table, symmetric_steps, SquareTable, Tables};
pub use paths::{Bent, PathTable};

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
    /// A bent or circular path (Sissa, Rose, ...), looked up in a [`PathTable`].
    Path(Bent),
}

/// What a piece is to the rules, beyond how it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The royal piece: its capture (or checkmate) decides the game.
    King,
    /// The orthodox pawn: pushes forward, captures diagonally forward, promotes.
    Pawn,
    /// Everything else: moves and captures the same way, by its parts.
    Plain,
    /// Moves by its parts to empty squares only, and captures (if at all) in a way of its own
    /// that its variant implements (approach, withdrawal, overtaking, swapping, hopping,
    /// mimicry, freezing). Generic generators leave it alone.
    Special,
}

/// A kind of piece: how it moves, independent of any variant's letter for it.
#[derive(Clone, Copy, Debug)]
pub struct PieceKind {
    pub name: &'static str,
    pub role: Role,
    pub parts: &'static [Part],
}

/// A piece kind compiled for one board shape.
pub struct Mover<S: Shape> {
    /// Union of all leap parts, per square.
    pub leaps: Box<SquareTable<S::B>>,
    pub orthogonal: bool,
    pub diagonal: bool,
    pub nightrider: bool,
    /// The bent and circular paths, if the piece has any.
    pub paths: Option<PathTable<S::B>>,
    /// The leaps along a rank, file or diagonal only (for captures that need the movement
    /// to run along one queen line, like the UC-40 Chameleon's combined captures).
    pub straight_leaps: Box<SquareTable<S::B>>,
}

impl<S: Shape> Mover<S> {
    pub fn compile(kind: &PieceKind) -> Mover<S> {
        let dims: Dims = S::DIMS;
        let mut steps: Vec<Step> = Vec::new();
        let mut shapes: Vec<Bent> = Vec::new();
        let mut mover = Mover {
            leaps: Box::new([S::B::EMPTY; 256]),
            orthogonal: false,
            diagonal: false,
            nightrider: false,
            paths: None,
            straight_leaps: Box::new([S::B::EMPTY; 256]),
        };
        for part in kind.parts {
            match *part {
                Part::Leap(dx, dy) => steps.extend(symmetric_steps(dx, dy)),
                Part::Slide(Lines::Orthogonal) => mover.orthogonal = true,
                Part::Slide(Lines::Diagonal) => mover.diagonal = true,
                Part::Nightride => mover.nightrider = true,
                Part::Path(shape) => shapes.push(shape),
            }
        }
        mover.leaps = Box::new(leaper_table(dims, &steps));
        let straight: Vec<Step> = steps
            .iter()
            .copied()
            .filter(|&(x, y)| x == 0 || y == 0 || x.abs() == y.abs())
            .collect();
        mover.straight_leaps = Box::new(leaper_table(dims, &straight));
        if !shapes.is_empty() {
            mover.paths = Some(PathTable::build(dims, &shapes));
        }
        mover
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
        if let Some(paths) = &self.paths {
            att |= paths.attacks(sq, occ);
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

    /// Does this piece attack along lines, so that a piece between it and a target is pinned
    /// or can block (sliders and riders)?
    pub fn is_line_piece(&self) -> bool {
        self.orthogonal || self.diagonal || self.nightrider
    }
}
