//! A file piece as a catalogue [`PieceKind`]: its moves stated with the shared parts where
//! they can be, so that the shared legal generator and the evaluation read it like any
//! built-in piece; a piece the catalogue already has keeps the catalogue's name (and so its
//! tuned values).

use super::betza::{BetzaMove, Modality, Travel};
use super::definition::PieceDef;
use super::extensions::bent::{catalogue_bent, BentAtom};
use crate::pieces::catalogue;
use crate::pieces::{Lines, Part, PieceKind, Role};
use crate::tables::symmetric_steps;

/// Catalogue pieces a file piece may turn out to be.
const KNOWN: [PieceKind; 15] = [
    catalogue::KING,
    catalogue::QUEEN,
    catalogue::ROOK,
    catalogue::BISHOP,
    catalogue::KNIGHT,
    catalogue::CHANCELLOR,
    catalogue::ARCHBISHOP,
    catalogue::UNICORN,
    catalogue::LION,
    catalogue::DRAGON_HORSE,
    catalogue::AMAZON,
    catalogue::NIGHTRIDER,
    catalogue::DRAGON_KING,
    catalogue::SISSA,
    catalogue::ROSE,
];

/// The moves as shared parts, if every move is one of them exactly: symmetric leaps, rook
/// and bishop slides, the nightrider, the catalogue's bent riders (the Sissa, the Rose),
/// each moving and capturing alike.
pub fn plain_parts(moves: &[BetzaMove]) -> Option<Vec<Part>> {
    let mut parts: Vec<Part> = Vec::new();
    let mut bent: Vec<BentAtom> = Vec::new();
    for mv in moves {
        if mv.modality != Modality::Both {
            return None;
        }
        if let Travel::Bent(atom) = mv.travel {
            bent.push(atom);
            continue;
        }
        let (dx, dy) = (mv.step.0.abs(), mv.step.1.abs());
        let part = match mv.travel {
            Travel::Leap => Part::Leap(dx.max(dy), dx.min(dy)),
            Travel::Ride { range: 0 } => match (dx.max(dy), dx.min(dy)) {
                (1, 0) => Part::Slide(Lines::Orthogonal),
                (1, 1) => Part::Slide(Lines::Diagonal),
                (2, 1) => Part::Nightride,
                _ => return None,
            },
            _ => return None,
        };
        if !parts.contains(&part) {
            parts.push(part);
        }
    }
    // Every image of each part must be there, or the piece is not symmetric.
    let images = |part: &Part| -> Vec<(i32, i32)> {
        match *part {
            Part::Leap(a, b) => symmetric_steps(a, b),
            Part::Slide(Lines::Orthogonal) => symmetric_steps(1, 0),
            Part::Slide(Lines::Diagonal) => symmetric_steps(1, 1),
            _ => symmetric_steps(2, 1),
        }
    };
    let complete = parts.iter().all(|part| {
        images(part)
            .iter()
            .all(|&step| moves.iter().any(|m| m.step == step && same_travel(part, m.travel)))
    });
    if !complete {
        return None;
    }
    if !bent.is_empty() {
        parts.push(Part::Bent(catalogue_bent(&bent)?));
    }
    Some(parts)
}

fn same_travel(part: &Part, travel: Travel) -> bool {
    match part {
        Part::Leap(..) => travel == Travel::Leap,
        _ => travel == Travel::Ride { range: 0 },
    }
}

/// Shared parts near the moves, for a piece [`plain_parts`] cannot state exactly: what the
/// evaluation reads of it (its mobility), never how it moves. A bent rider the catalogue
/// does not have counts as a nightrider; a slide along the King-line adds nothing.
pub fn approximate_parts(moves: &[BetzaMove]) -> Vec<Part> {
    let mut parts: Vec<Part> = Vec::new();
    for mv in moves {
        let (dx, dy) = (mv.step.0.abs(), mv.step.1.abs());
        let part = match mv.travel {
            Travel::Bent(_) => Part::Nightride,
            Travel::KingLine => continue,
            Travel::Leap | Travel::Lame => Part::Leap(dx.max(dy), dx.min(dy)),
            Travel::Ride { .. } | Travel::Hop { .. } => match (dx.max(dy), dx.min(dy)) {
                (1, 0) => Part::Slide(Lines::Orthogonal),
                (1, 1) => Part::Slide(Lines::Diagonal),
                _ => Part::Nightride,
            },
        };
        if !parts.contains(&part) {
            parts.push(part);
        }
    }
    parts
}

fn same_parts(a: &[Part], b: &[Part]) -> bool {
    // The catalogue writes leaps in either order of their components.
    let normal = |p: &Part| match *p {
        Part::Leap(x, y) => Part::Leap(x.max(y), x.min(y)),
        other => other,
    };
    a.len() == b.len() && a.iter().all(|p| b.iter().any(|q| normal(q) == normal(p)))
}

/// The catalogue kind of a file piece: the catalogue's own if its moves are one's, else a
/// kind named after its key with its parts.
pub fn piece_kind(piece: &PieceDef, role: Role) -> PieceKind {
    if role == Role::Pawn {
        return catalogue::PAWN;
    }
    let exact = plain_parts(&piece.moves);
    if let Some(parts) = &exact {
        if let Some(known) = KNOWN.iter().find(|k| same_parts(k.parts, parts)) {
            return PieceKind { role, ..*known };
        }
    }
    let parts = exact.unwrap_or_else(|| approximate_parts(&piece.moves));
    let name: &'static str = Box::leak(piece.key.clone().into_boxed_str());
    PieceKind {
        name,
        role,
        parts: Box::leak(parts.into_boxed_slice()),
        captures: crate::pieces::Captures::LANDING,
    }
}

#[cfg(test)]
mod tests {
    use super::super::betza::parse_betza;
    use super::*;

    fn parts(betza: &str) -> Option<Vec<Part>> {
        plain_parts(&parse_betza(betza).unwrap_or_default())
    }

    #[test]
    fn symmetric_pieces_have_plain_parts() {
        assert_eq!(parts("N"), Some(vec![Part::Leap(2, 1)]));
        assert_eq!(parts("R"), Some(vec![Part::Slide(Lines::Orthogonal)]));
        assert_eq!(parts("BNN"), Some(vec![Part::Slide(Lines::Diagonal), Part::Nightride]));
        assert_eq!(parts("FDH"), Some(vec![Part::Leap(1, 1), Part::Leap(2, 0), Part::Leap(3, 0)]));
    }

    #[test]
    fn other_pieces_do_not() {
        for betza in ["fN", "mRcpR", "R4", "nN", "mNcB", "fmWfceF", "WfF"] {
            assert_eq!(parts(betza), None, "{betza}");
        }
    }

    #[test]
    fn catalogue_names_are_found_for_known_moves() {
        let piece = |betza: &str| PieceDef {
            letter: 'X',
            key: "customPiece1".into(),
            betza: betza.into(),
            moves: parse_betza(betza).unwrap_or_default(),
        };
        assert_eq!(piece_kind(&piece("HFD"), Role::Plain).name, "Lion");
        assert_eq!(piece_kind(&piece("BN0"), Role::Plain).name, "Unicorn");
        assert_eq!(piece_kind(&piece("NR"), Role::Plain).name, "Chancellor");
        assert_eq!(piece_kind(&piece("fN"), Role::Plain).name, "customPiece1");
        assert_eq!(piece_kind(&piece("{W*F=}{F*W=}"), Role::Plain).name, "Sissa");
        assert_eq!(piece_kind(&piece("{N~}"), Role::Plain).name, "Rose");
        assert_eq!(piece_kind(&piece("m{N~}c{N~}"), Role::Plain).name, "customPiece1");
    }
}
