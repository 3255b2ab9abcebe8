//! Moves XBetza states as several legs (`a`, "again"): the riders that turn after a first
//! step, and the captures that are not by landing. What XBoard 4.9 reads of them:
//!
//! - a leg's directions are relative to the leg before (`f` on, `b` back, `fs` 45 degrees
//!   either way), and an orthogonal atom turned 45 degrees becomes the diagonal one;
//! - `y` on a leg ends it on an empty square and turns the atom of the legs after it from a
//!   leaper into a slider or back (`W` into `R`, `Q` into `K`);
//! - `c` on a leg that is not the last takes the piece there and goes on (one such capture a
//!   move, XBoard's limit); `p` passes over a piece; a leg without modality letters goes to
//!   an empty square;
//! - all legs share one atom, and XBoard 4.9 turns an oblique atom (`N`) into an orthogonal
//!   or diagonal one after its first leg.

use crate::pieces::{Bent, Captures, Lines, Part, PieceKind};

/// The XBetza of a turning rider's moves beyond its first step (that step, where the piece
/// may stop, is a leap part of its own), or why XBetza cannot state them.
pub fn bent(bent: Bent) -> Result<&'static str, &'static str> {
    match bent {
        // An empty diagonal step, then a rook slide turned 45 degrees either way: away from
        // the start.
        Bent::Gryphon => Ok("yafsF"),
        // An empty orthogonal step, then a bishop slide turned 45 degrees either way.
        Bent::Aanca => Ok("yafsW"),
        Bent::Sissa => Err("the Sissa's two legs of equal length (each leg has its own range)"),
        Bent::Rose | Bent::DancingHorseDouble => {
            Err("a knight leap after a knight leap (XBoard turns the second into another atom)")
        }
        Bent::SpottedGryphon => Err("two-square leaps after a one-square step (one atom a move)"),
        Bent::Harvestman => Err("a zigzag of any length (each turn is one more leg)"),
    }
}

/// What the capture legs of a piece say, and what they cannot.
pub struct CaptureLegs {
    pub text: String,
    pub missing: Vec<&'static str>,
}

/// The slider letters of a piece's slides: `Q`, `R` or `B`, and the leaper of the same
/// lines (`K`, `W`, `F`); `None` if it does not slide.
fn slide_atoms(parts: &[Part]) -> Option<(char, char)> {
    let orthogonal = parts.contains(&Part::Slide(Lines::Orthogonal));
    let diagonal = parts.contains(&Part::Slide(Lines::Diagonal));
    match (orthogonal, diagonal) {
        (true, true) => Some(('Q', 'K')),
        (true, false) => Some(('R', 'W')),
        (false, true) => Some(('B', 'F')),
        (false, false) => None,
    }
}

/// The captures of `kind` that are not by landing, as legs.
pub fn captures(kind: &PieceKind) -> CaptureLegs {
    let ways = kind.captures;
    let mut legs = CaptureLegs { text: String::new(), missing: Vec::new() };
    let line_ways = Captures::LINE.with(Captures::SCREEN_HOP);
    let slides = slide_atoms(kind.parts);
    if ways.any_of(line_ways) && slides.is_none() {
        legs.missing.push("captures along lines it does not slide on");
    }
    if let Some((slider, leaper)) = slides {
        if ways.has(Captures::APPROACH) {
            // Slide to an empty square, take the piece one step on, step back to stop.
            legs.text.push_str(&format!("yafcabm{slider}"));
        }
        if ways.has(Captures::WITHDRAWAL) {
            // Take the adjacent piece, step back to the start, slide on away from it.
            legs.text.push_str(&format!("cabyafm{leaper}"));
        }
        if ways.has(Captures::OVERTAKING) {
            // Slide to the first piece, take it, slide on to an empty square.
            legs.text.push_str(&format!("cafm{slider}"));
            legs.missing.push("overtaking two or more pieces in one move (one capture a move)");
        }
        if ways.has(Captures::SCREEN_HOP) {
            // Hop one piece and take the next along the line: the cannon's `p`.
            legs.text.push_str(&format!("cp{slider}"));
        }
    }
    if ways.has(Captures::APPROACH.with(Captures::WITHDRAWAL)) {
        legs.missing.push("an approach and a withdrawal in the same move (one capture a move)");
    }
    if ways.has(Captures::MOUNT_HOP) {
        // Pass over an adjacent piece, land one step on (empty, or an enemy taken).
        legs.text.push_str("pafK");
    }
    let unwritable = [
        (Captures::SWAPPING, "swapping places or destroying itself with a neighbour"),
        (Captures::FREEZING, "freezing the enemy pieces next to it"),
        (Captures::MIMICRY, "capturing each piece the way that piece captures"),
        (Captures::CUSTODIAN, "capture by custodianship"),
        (Captures::COORDINATION, "capture where its lines cross its King's"),
    ];
    for (way, why) in unwritable {
        if ways.has(way) {
            legs.missing.push(why);
        }
    }
    legs
}
