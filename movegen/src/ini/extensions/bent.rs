//! Sissa's extension of Betza's notation for bent and circular riders: an atom in braces.
//!
//! - `{XY}`: a leap of atom `X`, then, from that empty square, a leap of atom `Y` turned
//!   away from `X`'s line (never straight on or straight back);
//! - a `*` after a leg's atom makes the leg one or more leaps in one direction: the first
//!   leg may turn after any of them, the second may stop on any landing;
//! - a `=` after the second atom makes the second leg as many leaps as the first (the
//!   Sissa: `{W*F=}` and `{F*W=}`, n orthogonal then n diagonal or the reverse);
//! - an `o` before the second atom keeps only the turns of less than 90 degrees, away from
//!   the start (the Gryphon's continuation `{FoW*}`);
//! - `{X~}`: the circular rider of atom `X`, each leap one image further round the same way,
//!   stopping on any landing, at most one leap fewer than the atom has images (the Rose:
//!   `{N~}`);
//! - `{kingLine}`: a slide along the variant's King-line either way (the Mock King of
//!   Rolling Kings is `K{kingLine}`).
//!
//! Every landing passed must be empty; the destination is empty or an enemy. `X` and `Y` are
//! the leap atoms `W F D N A H C L Z J G`. Anything else inside braces, a direction letter, a
//! range or a hopper or lame prefix before them, is an error naming what it is: a bent rider
//! takes all the directions of its atoms.

use crate::geometry::{Dims, Square};
use crate::pieces::bent::BentPath;
use crate::pieces::bent_legs::{atom_circle, circular_paths, two_leg_paths, LegLength, TwoLegs};

/// A bent or circular rider stated in braces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BentAtom {
    TwoLegs(TwoLegs),
    /// The circular rider of an atom, as (larger, smaller) component.
    Circular((i32, i32)),
}

impl BentAtom {
    /// Every path of this rider from `from` on a board of `dims`.
    pub fn paths(&self, dims: Dims, from: Square) -> Vec<BentPath> {
        match self {
            BentAtom::TwoLegs(legs) => two_leg_paths(dims, from, legs),
            BentAtom::Circular(atom) => circular_paths(dims, from, &atom_circle(*atom)),
        }
    }
}

/// What an atom in braces states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BracedAtom {
    Bent(BentAtom),
    /// A slide along the King-line either way.
    KingLine,
}

/// The leap of a one-letter atom, as (larger, smaller) component.
fn leap(c: char) -> Option<(i32, i32)> {
    Some(match c {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (2, 1),
        'A' => (2, 2),
        'H' => (3, 0),
        'L' | 'C' => (3, 1),
        'J' | 'Z' => (3, 2),
        'G' => (3, 3),
        _ => return None,
    })
}

/// Reads the text between the braces (without them).
pub fn parse_braced(inner: &str) -> Result<BracedAtom, String> {
    if inner == "kingLine" {
        return Ok(BracedAtom::KingLine);
    }
    let chars: Vec<char> = inner.chars().collect();
    let atom = |i: usize| -> Result<(i32, i32), String> {
        match chars.get(i) {
            Some(&c) => leap(c).ok_or_else(|| {
                format!("{{{inner}}}: {c:?} is not a leap atom (W F D N A H C L Z J G)")
            }),
            None => Err(format!("{{{inner}}}: a bent rider needs two legs or a ~")),
        }
    };
    let first = atom(0)?;
    if chars.get(1) == Some(&'~') {
        if chars.len() > 2 {
            return Err(format!("{{{inner}}}: nothing may follow ~"));
        }
        return Ok(BracedAtom::Bent(BentAtom::Circular(first)));
    }
    let mut i = 1;
    let first_length = if chars.get(i) == Some(&'*') {
        i += 1;
        LegLength::Any
    } else {
        LegLength::One
    };
    let outward_only = chars.get(i) == Some(&'o');
    if outward_only {
        i += 1;
    }
    let second = atom(i)?;
    i += 1;
    let second_length = match chars.get(i) {
        None => LegLength::One,
        Some('*') => LegLength::Any,
        Some('=') if first_length == LegLength::Any => LegLength::SameAsFirst,
        Some('=') => return Err(format!("{{{inner}}}: = needs a first leg of several leaps (*)")),
        Some(c) => return Err(format!("{{{inner}}}: unexpected {c:?}")),
    };
    if chars.len() > i + 1 {
        return Err(format!("{{{inner}}}: unexpected {:?} after the second leg", chars[i + 1]));
    }
    Ok(BracedAtom::Bent(BentAtom::TwoLegs(TwoLegs {
        first,
        first_length,
        second,
        second_length,
        outward_only,
    })))
}

/// The catalogue's bent rider that `atoms` (the bent moves of one piece) make together, if
/// they are exactly one: `{W*F=}` with `{F*W=}` is the Sissa, `{N~}` the Rose.
pub fn catalogue_bent(atoms: &[BentAtom]) -> Option<crate::pieces::Bent> {
    use crate::pieces::sissa::SISSA_HALVES;
    use crate::pieces::Bent;
    let sissa = SISSA_HALVES.map(BentAtom::TwoLegs);
    match atoms {
        [a, b] if sissa.contains(a) && sissa.contains(b) && a != b => Some(Bent::Sissa),
        [BentAtom::Circular((2, 1))] => Some(Bent::Rose),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legs(text: &str) -> TwoLegs {
        match parse_braced(text) {
            Ok(BracedAtom::Bent(BentAtom::TwoLegs(legs))) => legs,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn the_sissa_halves_and_the_gryphon() {
        assert_eq!(legs("W*F="), crate::pieces::sissa::SISSA_HALVES[0]);
        assert_eq!(legs("F*W="), crate::pieces::sissa::SISSA_HALVES[1]);
        let gryphon = legs("FoW*");
        assert_eq!((gryphon.first, gryphon.first_length), ((1, 1), LegLength::One));
        assert_eq!((gryphon.second, gryphon.second_length), ((1, 0), LegLength::Any));
        assert!(gryphon.outward_only);
        assert_eq!(parse_braced("N~"), Ok(BracedAtom::Bent(BentAtom::Circular((2, 1)))));
        assert_eq!(parse_braced("kingLine"), Ok(BracedAtom::KingLine));
    }

    #[test]
    fn ambiguous_or_unknown_braces_are_errors() {
        for bad in ["", "W", "K~", "R*F", "WF=", "W*F=*", "N~*", "W*", "WxF", "w*f=", "W3F", "WoF~"]
        {
            assert!(parse_braced(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_catalogue_riders_are_recognised() {
        let bent = |texts: &[&str]| -> Vec<BentAtom> {
            texts
                .iter()
                .map(|t| match parse_braced(t) {
                    Ok(BracedAtom::Bent(b)) => b,
                    other => panic!("{t}: {other:?}"),
                })
                .collect()
        };
        use crate::pieces::Bent;
        assert_eq!(catalogue_bent(&bent(&["W*F=", "F*W="])), Some(Bent::Sissa));
        assert_eq!(catalogue_bent(&bent(&["F*W=", "W*F="])), Some(Bent::Sissa));
        assert_eq!(catalogue_bent(&bent(&["W*F="])), None);
        assert_eq!(catalogue_bent(&bent(&["N~"])), Some(Bent::Rose));
        assert_eq!(catalogue_bent(&bent(&["W~"])), None);
    }
}
