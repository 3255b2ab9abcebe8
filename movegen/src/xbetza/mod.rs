//! XBetza, the notation XBoard reads in `piece` commands, written from a piece's data: the
//! catalogue parts and capture kinds of a built-in piece, or the Betza moves of a piece read
//! from a variants file. XBoard uses it to test and highlight moves; it is never written by
//! hand, so what XBoard is told cannot drift from what the engine plays.
//!
//! [`of_kind`] says how much of a catalogue piece XBetza can state: all its moves
//! ([`Xbetza::Exact`]), some of them and nothing illegal ([`Xbetza::Partial`], with what is
//! missing), or nothing. [`write_moves`] writes one-leg moves (leaps, lame leaps, riders
//! with a range, hoppers, directions, move or capture only); [`legs`] the moves XBetza
//! states as several legs (the turning riders, the captures that are not by landing).
//! xboard.md ("How XBetza is derived") lists what each piece gets and why.

mod atoms;
mod legs;
#[cfg(test)]
mod tests;

pub use atoms::write_moves;

use crate::ini::betza::{BetzaMove, Modality, Travel};
use crate::pieces::{Captures, Lines, Part, PieceKind, Role};
use crate::tables::symmetric_steps;

/// What XBoard can be told of a piece's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Xbetza {
    /// Every move of the piece, and nothing else.
    Exact(String),
    /// Some of its moves and nothing it cannot do; `missing` says what XBetza cannot state.
    Partial { xbetza: String, missing: Vec<&'static str> },
    /// Nothing XBoard could use, and why.
    Unwritable(Vec<&'static str>),
}

impl Xbetza {
    /// The XBetza if it states the piece's moves exactly.
    pub fn exact(&self) -> Option<&str> {
        match self {
            Xbetza::Exact(text) => Some(text),
            _ => None,
        }
    }
}

/// The XBetza of a catalogue piece.
pub fn of_kind(kind: &PieceKind) -> Xbetza {
    if kind.role == Role::Pawn {
        return Xbetza::Unwritable(vec!["the pawn moves by its variant's pawn rules"]);
    }
    let mut text = String::new();
    let mut missing: Vec<&'static str> = Vec::new();
    // A piece that captures by landing moves and captures alike; the others move by their
    // parts to empty squares only.
    let modality =
        if kind.captures.has(Captures::LANDING) { Modality::Both } else { Modality::Move };
    match write_moves(&part_moves(kind.parts, modality)) {
        Ok(moves) => text.push_str(&moves),
        Err(why) => missing.push(why),
    }
    for part in kind.parts {
        if let Part::Bent(bent) = part {
            match legs::bent(*bent) {
                Ok(legs) => text.push_str(legs),
                Err(why) => missing.push(why),
            }
        }
    }
    // Captures not by landing come after the moves to the same squares (XBoard's rule for
    // moves that take a piece on the way).
    let captures = legs::captures(kind);
    text.push_str(&captures.text);
    missing.extend(captures.missing);
    if kind.role == Role::Special {
        missing.push("the moves only its variant knows (the Mock King's King-line slide)");
    }
    match (text.is_empty(), missing.is_empty()) {
        (_, true) => Xbetza::Exact(text),
        (true, false) => Xbetza::Unwritable(missing),
        (false, false) => Xbetza::Partial { xbetza: text, missing },
    }
}

/// The one-leg moves of a piece's leap, slide and nightrider parts (for White; the parts are
/// symmetric), each with `modality`.
pub fn part_moves(parts: &[Part], modality: Modality) -> Vec<BetzaMove> {
    let mut moves = Vec::new();
    for part in parts {
        let (atom, travel) = match *part {
            Part::Leap(a, b) => ((a, b), Travel::Leap),
            Part::Slide(Lines::Orthogonal) => ((1, 0), Travel::Ride { range: 0 }),
            Part::Slide(Lines::Diagonal) => ((1, 1), Travel::Ride { range: 0 }),
            Part::Nightride => ((2, 1), Travel::Ride { range: 0 }),
            Part::Bent(_) => continue,
        };
        for step in symmetric_steps(atom.0, atom.1) {
            moves.push(BetzaMove { step, travel, modality });
        }
    }
    moves
}
