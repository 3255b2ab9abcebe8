//! Move generation for Sissa: board geometry, bitboards, pieces, variant rules, positions,
//! moves and perft.
//!
//! The layers, bottom up: [`geometry`] and [`bitboard`] (squares and sets of squares),
//! [`shape`], [`tables`] and [`sliders`] (per-board lookup tables), [`pieces`] (the catalogue of
//! movement parts), [`variant`] (a variant's pieces and rules as data), [`position`] and
//! [`fen`] (the state), [`rules`] (the interface each variant implements), the generators
//! ([`legal`] for the games with check, [`pseudo`] for those without, both using [`pawns`])
//! and one file per variant in [`variants`].
//! [`any`] wraps the variants in one enum for the protocols and the command line.

pub mod any;
pub mod attacks;
pub mod bitboard;
pub mod description;
pub mod exchange;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod ini;
pub mod king_walk;
pub mod legal;
pub mod moves;
pub mod notation;
pub mod orthodox;
pub mod pawns;
pub mod perft;
pub mod piece;
pub mod pieces;
pub mod position;
pub mod pseudo;
pub mod random;
pub mod reserve;
pub mod rules;
pub mod shape;
pub mod sliders;
pub mod tables;
pub mod variant;
pub mod variants;
pub mod xbetza;
pub mod zobrist;

pub use any::{AnyPosition, Variant};
pub use description::{MoveDescription, PieceInfo, Removal, Removed, SquareChange, Step};
pub use fen::FenError;
pub use game::Game;
pub use moves::{Move, MoveKind, MoveList};
pub use position::Position;
pub use rules::{Outcome, RepetitionRule, Rules, Setup, Symmetry};
