//! Betza's notation for piece moves, the subset that variants.ini files use.
//!
//! A Betza string is a sequence of atoms, each with optional prefixes:
//! - atoms: the leaps `W` (1,0), `F` (1,1), `D` (2,0), `N` (2,1), `A` (2,2), `H` (3,0),
//!   `C`/`L` (3,1), `Z`/`J` (3,2), `G` (3,3), `K` (`W` and `F`); the riders `R` (`W` repeated),
//!   `B` (`F` repeated), `Q` (both);
//! - a doubled atom (`NN`, `WW`) is its rider, a digit after an atom limits the range (`R4`);
//! - `m` moves only, `c` captures only (neither: both);
//! - `p` hops a rook or bishop line like a cannon (over one piece, then on like a rider),
//!   `g` like a grasshopper (landing just beyond the piece hopped);
//! - `n` makes `N`, `A`, `Z` or `D` a lame leaper, blocked on its path;
//! - direction modifiers `f b l r v s h`, alone (`f`) or paired (`fs`, `ff`, `lb`).
//!
//! The directions follow the meaning variants.ini files are written for (Fairy-Stockfish's):
//! a single `f` on a knight-like atom means the two narrow forward leaps (`fN` is the shogi
//! knight), and Black's moves are White's turned by half a circle. The `e` of the orthodox
//! pawn (`fmWfceF`: en passant) is accepted and left to the pawn rules.
//!
//! Sissa's extension: an atom in braces states a bent or circular rider, or a slide along
//! the King-line ([`super::extensions::bent`]).

use super::extensions::bent::{parse_braced, BentAtom, BracedAtom};
use crate::geometry::Step;

/// When a move may be made: onto an empty square, onto an enemy (capturing it), or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modality {
    Move,
    Capture,
    Both,
}

impl Modality {
    pub fn moves(self) -> bool {
        self != Modality::Capture
    }
    pub fn captures(self) -> bool {
        self != Modality::Move
    }
}

/// How a move travels along its step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Travel {
    /// One leap, never blocked.
    Leap,
    /// One leap, blocked if a square of its path is occupied (`n`).
    Lame,
    /// The step repeated over empty squares, at most `range` times (0: no limit).
    Ride { range: u8 },
    /// Over exactly one piece along the line: then on as a rider (cannon, `p`), or to the
    /// square just beyond it only (grasshopper, `g`).
    Hop { grasshopper: bool },
    /// A bent or circular rider (an atom in braces); the step is (0, 0).
    Bent(BentAtom),
    /// A slide along the King-line either way (`{kingLine}`); the step is (0, 0).
    KingLine,
}

/// One direction of movement of a piece, for White (Black's is the step turned round).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BetzaMove {
    /// (file delta, rank delta) from White's side.
    pub step: Step,
    pub travel: Travel,
    pub modality: Modality,
}

/// The leap of each atom letter as (larger, smaller) component.
fn leap_atom(c: char) -> Option<&'static [(i32, i32)]> {
    Some(match c {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'L' | 'C' => &[(3, 1)],
        'J' | 'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

fn rider_atom(c: char) -> Option<&'static [(i32, i32)]> {
    Some(match c {
        'R' => &[(1, 0)],
        'B' => &[(1, 1)],
        'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// Prefixes gathered before an atom.
#[derive(Default)]
struct Prefixes {
    modalities: Vec<Modality>,
    hop: Option<bool>,
    lame: bool,
    directions: Vec<[char; 2]>,
}

/// Parses a Betza string into its moves. Unknown letters are errors naming them.
pub fn parse_betza(text: &str) -> Result<Vec<BetzaMove>, String> {
    let chars: Vec<char> = text.trim().chars().collect();
    let mut moves: Vec<BetzaMove> = Vec::new();
    let mut pre = Prefixes::default();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' => pre.modalities.push(Modality::Move),
            'c' => pre.modalities.push(Modality::Capture),
            'p' => pre.hop = Some(false),
            'g' => pre.hop = Some(true),
            'n' => pre.lame = true,
            'e' => {}
            '{' => {
                let close = chars[i..].iter().position(|&c| c == '}').map(|k| i + k);
                let Some(close) = close else {
                    return Err(format!("unclosed {{ in {text:?}"));
                };
                let inner: String = chars[i + 1..close].iter().collect();
                add_braced(parse_braced(&inner)?, &pre, &mut moves)?;
                pre = Prefixes::default();
                i = close;
            }
            _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                let next = chars.get(i + 1).copied();
                match next {
                    Some(d) if pairs(c, d) => {
                        pre.directions.push([c, d]);
                        i += 1;
                    }
                    _ => pre.directions.push([c, c]),
                }
            }
            _ if leap_atom(c).is_some() || rider_atom(c).is_some() => {
                let (atoms, mut range) = match rider_atom(c) {
                    Some(a) => (a, Some(0u8)),
                    None => (leap_atom(c).unwrap_or(&[]), None),
                };
                match chars.get(i + 1) {
                    Some(&d) if d.is_ascii_digit() => {
                        range = Some(d as u8 - b'0');
                        i += 1;
                    }
                    Some(&d) if d == c => {
                        range = Some(0);
                        i += 1;
                    }
                    _ => {}
                }
                add_atom(c, atoms, range, &pre, &mut moves)?;
                pre = Prefixes::default();
            }
            _ => return Err(format!("unsupported Betza letter {c:?} in {text:?}")),
        }
        i += 1;
    }
    if !pre.modalities.is_empty() || pre.hop.is_some() || pre.lame || !pre.directions.is_empty() {
        return Err(format!("Betza string {text:?} ends without an atom"));
    }
    Ok(moves)
}

/// Adds the moves of an atom in braces: it takes all its directions, so only `m` and `c`
/// may stand before it.
fn add_braced(atom: BracedAtom, pre: &Prefixes, moves: &mut Vec<BetzaMove>) -> Result<(), String> {
    if pre.hop.is_some() || pre.lame || !pre.directions.is_empty() {
        return Err("only m or c may stand before an atom in braces".to_string());
    }
    let travel = match atom {
        BracedAtom::Bent(bent) => Travel::Bent(bent),
        BracedAtom::KingLine => Travel::KingLine,
    };
    let modality = match pre.modalities.as_slice() {
        [] => Modality::Both,
        m if m.contains(&Modality::Move) && m.contains(&Modality::Capture) => Modality::Both,
        m => m[0],
    };
    let mv = BetzaMove { step: (0, 0), travel, modality };
    if !moves.contains(&mv) {
        moves.push(mv);
    }
    Ok(())
}

/// May direction letters `c` and `d` be read as one pair (`ff`, `fs`, `lb`)?
fn pairs(c: char, d: char) -> bool {
    c == d
        || (VERTICALS.contains(c) && HORIZONTALS.contains(d))
        || (HORIZONTALS.contains(c) && VERTICALS.contains(d))
}

fn add_atom(
    letter: char,
    atoms: &[(i32, i32)],
    range: Option<u8>,
    pre: &Prefixes,
    moves: &mut Vec<BetzaMove>,
) -> Result<(), String> {
    let travel = travel(letter, atoms, range, pre)?;
    let modalities = match pre.modalities.as_slice() {
        [] => vec![Modality::Both],
        m if m.contains(&Modality::Move) && m.contains(&Modality::Capture) => vec![Modality::Both],
        m => vec![m[0]],
    };
    for &atom in atoms {
        // A pair like `fs` on an orthogonal atom means forward and sideways, each alone.
        let mut directions: Vec<[char; 2]> = Vec::new();
        for &d in &pre.directions {
            if atoms.len() == 1 && atom.1 == 0 && d[0] != d[1] {
                directions.push([d[0], d[0]]);
                directions.push([d[1], d[1]]);
            } else {
                directions.push(d);
            }
        }
        for step in atom_steps(atom, &directions) {
            for &modality in &modalities {
                let mv = BetzaMove { step, travel, modality };
                if !moves.contains(&mv) {
                    moves.push(mv);
                }
            }
        }
    }
    Ok(())
}

fn travel(
    letter: char,
    atoms: &[(i32, i32)],
    range: Option<u8>,
    pre: &Prefixes,
) -> Result<Travel, String> {
    let line_atom = atoms.iter().all(|&(a, b)| a == 1 && (b == 0 || b == 1));
    if let Some(grasshopper) = pre.hop {
        if !line_atom {
            return Err(format!("hoppers move along rook or bishop lines only, not {letter}"));
        }
        if range.is_some_and(|r| r > 1) {
            return Err(format!("range-limited hoppers are not supported ({letter})"));
        }
        return Ok(Travel::Hop { grasshopper });
    }
    if pre.lame {
        if range.is_some() {
            return Err(format!("a lame rider ({letter}) is not supported"));
        }
        if !matches!(letter, 'N' | 'A' | 'Z' | 'J' | 'D') {
            return Err(format!("lame leapers are N, A, Z or D, not {letter}"));
        }
        return Ok(Travel::Lame);
    }
    match range {
        None => Ok(Travel::Leap),
        Some(range) => {
            if !(line_atom || atoms == [(2, 1)]) {
                return Err(format!(
                    "riders move along rook, bishop or knight lines, not {letter}"
                ));
            }
            Ok(Travel::Ride { range })
        }
    }
}

/// The steps (file, rank) of atom `(a, b)` (a along the first axis) that the directions keep,
/// all eight images when there are none. The eight images are named as variants.ini files
/// name them: `ff` the two most forward, `rr` the two most to the right, and so on.
fn atom_steps((a, b): (i32, i32), directions: &[[char; 2]]) -> Vec<Step> {
    let has = |names: &[&str]| {
        directions.is_empty()
            || directions
                .iter()
                .any(|d| names.iter().any(|n| n.as_bytes() == [d[0] as u8, d[1] as u8]))
    };
    // (rank delta, file delta) of each image, with the direction names that select it.
    let images: [((i32, i32), &[&str]); 8] = [
        ((a, b), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-a, -b), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((-b, a), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((b, -a), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((b, a), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-b, -a), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((-a, b), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((a, -b), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ];
    let mut out: Vec<Step> = Vec::new();
    for ((rank, file), names) in images {
        if has(names) && !out.contains(&(file, rank)) {
            out.push((file, rank));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(text: &str) -> Vec<(Step, Travel, Modality)> {
        let mut v: Vec<_> = parse_betza(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .into_iter()
            .map(|m| (m.step, m.travel, m.modality))
            .collect();
        v.sort_by_key(|(s, _, _)| *s);
        v
    }

    fn leaps(list: &[Step], modality: Modality) -> Vec<(Step, Travel, Modality)> {
        let mut v: Vec<_> = list.iter().map(|&s| (s, Travel::Leap, modality)).collect();
        v.sort_by_key(|(s, _, _)| *s);
        v
    }

    #[test]
    fn plain_atoms_give_their_eight_images() {
        assert_eq!(steps("W"), leaps(&[(0, 1), (1, 0), (0, -1), (-1, 0)], Modality::Both));
        assert_eq!(steps("F"), leaps(&[(1, 1), (1, -1), (-1, 1), (-1, -1)], Modality::Both));
        let knight = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        assert_eq!(steps("N"), leaps(&knight, Modality::Both));
        assert_eq!(steps("H").len(), 4);
        assert_eq!(steps("G").len(), 4);
        assert_eq!(steps("Z").len(), 8);
        assert_eq!(steps("K").len(), 8);
    }

    #[test]
    fn the_orthodox_pawn_moves_forward_and_captures_diagonally_forward() {
        let mut expected = leaps(&[(0, 1)], Modality::Move);
        expected.extend(leaps(&[(-1, 1), (1, 1)], Modality::Capture));
        expected.sort_by_key(|(s, _, _)| *s);
        assert_eq!(steps("fmWfceF"), expected);
    }

    #[test]
    fn directions_select_images_as_variants_ini_means_them() {
        // The shogi knight: only the two narrow forward leaps.
        assert_eq!(steps("fN"), leaps(&[(-1, 2), (1, 2)], Modality::Both));
        // `fs` on an orthogonal atom: forward and both sideways (the xiangqi soldier).
        assert_eq!(steps("fsW"), leaps(&[(-1, 0), (0, 1), (1, 0)], Modality::Both));
        // `fs` on the knight: the two wide forward leaps.
        assert_eq!(steps("fsN"), leaps(&[(-2, 1), (2, 1)], Modality::Both));
        // The gold general: all wazir steps and the forward ferz steps.
        let gold = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1)];
        assert_eq!(steps("WfF"), leaps(&gold, Modality::Both));
        assert_eq!(steps("rW"), leaps(&[(1, 0)], Modality::Both));
        assert_eq!(steps("vW"), leaps(&[(0, -1), (0, 1)], Modality::Both));
        assert_eq!(steps("bF"), leaps(&[(-1, -1), (1, -1)], Modality::Both));
    }

    #[test]
    fn riders_by_letter_doubling_and_range() {
        let rook = steps("R");
        assert_eq!(rook.len(), 4);
        assert!(rook.iter().all(|(_, t, _)| *t == Travel::Ride { range: 0 }));
        assert_eq!(steps("WW"), rook);
        assert_eq!(steps("NN").len(), 8);
        assert!(steps("N0").iter().all(|(_, t, _)| *t == Travel::Ride { range: 0 }));
        assert!(steps("R4").iter().all(|(_, t, _)| *t == Travel::Ride { range: 4 }));
        assert_eq!(steps("fR"), vec![((0, 1), Travel::Ride { range: 0 }, Modality::Both)]);
        assert_eq!(steps("Q").len(), 8);
    }

    #[test]
    fn modalities_hoppers_and_lame_leapers() {
        let cannon = steps("mRcpR");
        assert_eq!(cannon.len(), 8);
        assert_eq!(
            cannon
                .iter()
                .filter(
                    |(_, t, m)| *t == Travel::Hop { grasshopper: false } && *m == Modality::Capture
                )
                .count(),
            4
        );
        assert!(steps("gQ").iter().all(|(_, t, _)| *t == Travel::Hop { grasshopper: true }));
        assert!(steps("nN").iter().all(|(_, t, _)| *t == Travel::Lame));
        // The two letters of one modality together mean both.
        assert!(steps("mcN").iter().all(|(_, _, m)| *m == Modality::Both));
    }

    #[test]
    fn unsupported_letters_and_shapes_are_errors() {
        assert!(parse_betza("aN").is_err());
        assert!(parse_betza("pN").is_err());
        assert!(parse_betza("nW").is_err());
        assert!(parse_betza("AA").is_err());
        assert!(parse_betza("fm").is_err());
        assert!(parse_betza("X").is_err());
        assert_eq!(parse_betza(""), Ok(vec![]));
    }
}
