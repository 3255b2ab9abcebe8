//! One-leg moves written as XBetza atoms: leaps, lame leaps, riders with their range and
//! hoppers, each with the directions and the modality (move only, capture only) it has.
//!
//! Moves are grouped by atom, travel and modality in the order they first appear; a group
//! that has every image of its atom gets no direction letters, and the wazir and ferz (rook
//! and bishop) groups that are alike in everything merge into `K` (`Q`). Direction letters
//! are written in the forms XBoard 4.9 and variants.ini files read alike (xboard.md,
//! "How XBetza is derived"): one letter for an orthogonal direction (`f`, `s`), one for a
//! pair of diagonal ones (`f` is both forward diagonals), two for a single diagonal (`fr`),
//! and always two for oblique atoms (`ff` the narrow forward pair, `fs` the wide one, `fr`
//! one leap), so that no two neighbouring letters are read as one direction by mistake.

use crate::geometry::Step;
use crate::ini::betza::{BetzaMove, Modality, Travel};
use crate::tables::symmetric_steps;

/// The atom letter of a leap, as (larger, smaller) component. XBoard reads `L` and `J` as
/// other leaps than variants.ini files do, so the camel is always `C` and the zebra `Z`.
fn leap_letter(atom: (i32, i32)) -> Option<char> {
    Some(match atom {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// (larger, smaller) absolute component of a step: its atom.
fn atom_of((dx, dy): Step) -> (i32, i32) {
    let (x, y) = (dx.abs(), dy.abs());
    (x.max(y), x.min(y))
}

/// The moves of one atom that travel and capture alike.
#[derive(Clone, Debug)]
struct Group {
    atom: (i32, i32),
    travel: Travel,
    modality: Modality,
    steps: Vec<Step>,
}

impl Group {
    fn complete(&self) -> bool {
        symmetric_steps(self.atom.0, self.atom.1).iter().all(|s| self.steps.contains(s))
    }

    fn alike(&self, other: &Group) -> bool {
        self.travel == other.travel && self.modality == other.modality
    }
}

/// The moves grouped as the module says: a step that both moves and captures in two entries
/// (`mN` and `cN`) is one move that does both.
fn groups(moves: &[BetzaMove]) -> Vec<Group> {
    let mut merged: Vec<(Step, Travel, Modality)> = Vec::new();
    for mv in moves {
        match merged.iter_mut().find(|(s, t, _)| *s == mv.step && *t == mv.travel) {
            Some(entry) if entry.2 != mv.modality => entry.2 = Modality::Both,
            Some(_) => {}
            None => merged.push((mv.step, mv.travel, mv.modality)),
        }
    }
    let mut out: Vec<Group> = Vec::new();
    for (step, travel, modality) in merged {
        let atom = atom_of(step);
        match out
            .iter_mut()
            .find(|g| g.atom == atom && g.travel == travel && g.modality == modality)
        {
            Some(group) => group.steps.push(step),
            None => out.push(Group { atom, travel, modality, steps: vec![step] }),
        }
    }
    out
}

/// The XBetza of one-leg moves (White's), or why XBoard cannot be told them.
pub fn write_moves(moves: &[BetzaMove]) -> Result<String, &'static str> {
    let mut groups = groups(moves);
    let mut out = String::new();
    while !groups.is_empty() {
        let group = groups.remove(0);
        // The wazir or rook group with the ferz or bishop group just like it: `K` or `Q`.
        let partner = match group.atom {
            (1, 0) => Some((1, 1)),
            (1, 1) => Some((1, 0)),
            _ => None,
        };
        let merged = partner.and_then(|atom| {
            groups.iter().position(|g| g.atom == atom && g.alike(&group) && g.complete())
        });
        match merged {
            Some(i) if group.complete() => {
                groups.remove(i);
                out.push_str(&write_merged(&group)?);
            }
            _ => out.push_str(&write_group(&group)?),
        }
    }
    Ok(out)
}

fn modality_letters(modality: Modality) -> &'static str {
    match modality {
        Modality::Move => "m",
        Modality::Capture => "c",
        Modality::Both => "",
    }
}

/// The modifiers that say how a move travels, after the modality ones (XBoard's order).
fn travel_letters(travel: Travel) -> &'static str {
    match travel {
        Travel::Hop { grasshopper: false } => "p",
        Travel::Hop { grasshopper: true } => "g",
        Travel::Lame => "n",
        Travel::Leap | Travel::Ride { .. } | Travel::Bent(_) | Travel::KingLine => "",
    }
}

/// A complete wazir-and-ferz (rook-and-bishop) pair as `K` or `Q`.
fn write_merged(group: &Group) -> Result<String, &'static str> {
    let atom = match group.travel {
        Travel::Leap => "K".to_string(),
        Travel::Ride { range } => range_suffix('Q', range),
        Travel::Hop { .. } => "Q".to_string(),
        Travel::Lame => return Err("a lame wazir or ferz has no path to block"),
        Travel::Bent(_) | Travel::KingLine => return Err("XBetza has no bent rider or King-line"),
    };
    Ok(format!("{}{}{atom}", modality_letters(group.modality), travel_letters(group.travel)))
}

fn range_suffix(letter: char, range: u8) -> String {
    if range == 0 {
        letter.to_string()
    } else {
        format!("{letter}{range}")
    }
}

fn write_group(group: &Group) -> Result<String, &'static str> {
    let leap = leap_letter(group.atom).ok_or("a leap no XBetza atom names")?;
    let atom = match group.travel {
        Travel::Leap => leap.to_string(),
        Travel::Lame => match group.atom {
            (2, 1) | (2, 2) | (2, 0) => leap.to_string(),
            // XBoard's `n` tests only the square half-way, which a (3,2) leap does not have:
            // its path, an orthogonal step and two diagonal ones, is written as three legs.
            (3, 2) if group.complete() => {
                let last = modality_letters(group.modality);
                return Ok(format!("mafsmaf{last}W"));
            }
            _ => return Err("a lame leap XBoard tests on another path"),
        },
        Travel::Ride { range } => match group.atom {
            (1, 0) => range_suffix('R', range),
            (1, 1) => range_suffix('B', range),
            _ => format!("{leap}{range}"),
        },
        Travel::Hop { .. } => match group.atom {
            (1, 0) => "R".to_string(),
            (1, 1) => "B".to_string(),
            _ => return Err("a hopper off the rook and bishop lines"),
        },
        Travel::Bent(_) | Travel::KingLine => return Err("XBetza has no bent rider or King-line"),
    };
    let directions = if group.complete() { String::new() } else { directions(group)? };
    Ok(format!(
        "{directions}{}{}{atom}",
        modality_letters(group.modality),
        travel_letters(group.travel)
    ))
}

/// The direction letters that select exactly the group's steps among its atom's images.
fn directions(group: &Group) -> Result<String, &'static str> {
    let (a, b) = group.atom;
    let has = |s: Step| group.steps.contains(&s);
    if b == 0 {
        // One letter a direction; `v` and `s` for both of a line.
        let pick = |pair: &str, one: &str, other: &str, x: Step, y: Step| match (has(x), has(y)) {
            (true, true) => pair.to_string(),
            (true, false) => one.to_string(),
            (false, true) => other.to_string(),
            (false, false) => String::new(),
        };
        let vertical = pick("v", "f", "b", (0, a), (0, -a));
        let sideways = pick("s", "r", "l", (a, 0), (-a, 0));
        return Ok(vertical + &sideways);
    }
    if a == b {
        return Ok(diagonal_directions([has((a, a)), has((-a, a)), has((a, -a)), has((-a, -a))]));
    }
    Ok(oblique_directions(group.atom, &has))
}

/// Diagonal directions from which of (forward-right, forward-left, back-right, back-left)
/// are there. Single letters are pairs (`f`: both forward); every string here reads the same
/// in XBoard and in variants.ini files (a pair letter never stands before a letter it would
/// combine with).
fn diagonal_directions(present: [bool; 4]) -> String {
    let text = match present {
        [true, true, true, false] => "fbr",
        [true, true, false, true] => "fbl",
        [true, false, true, true] => "bfr",
        [false, true, true, true] => "bfl",
        [true, true, false, false] => "f",
        [false, false, true, true] => "b",
        [true, false, true, false] => "r",
        [false, true, false, true] => "l",
        [true, false, false, true] => "frbl",
        [false, true, true, false] => "flbr",
        [true, false, false, false] => "fr",
        [false, true, false, false] => "fl",
        [false, false, true, false] => "br",
        [false, false, false, true] => "bl",
        [true, true, true, true] | [false, false, false, false] => "",
    };
    text.to_string()
}

/// Oblique directions in two-letter names only: the pairs a group holds whole (narrow `ff`,
/// `bb`, `rr`, `ll`, then wide `fs`, `bs`, `rv`, `lv`), then single leaps (`rf` is the leap
/// (b, a) of a (a, b) atom: right one file, forward the long way).
fn oblique_directions((a, b): (i32, i32), has: &dyn Fn(Step) -> bool) -> String {
    let singles: [(&str, Step); 8] = [
        ("rf", (b, a)),
        ("lf", (-b, a)),
        ("fr", (a, b)),
        ("fl", (-a, b)),
        ("br", (a, -b)),
        ("bl", (-a, -b)),
        ("rb", (b, -a)),
        ("lb", (-b, -a)),
    ];
    let pairs: [(&str, [&str; 2]); 8] = [
        ("ff", ["rf", "lf"]),
        ("bb", ["rb", "lb"]),
        ("rr", ["fr", "br"]),
        ("ll", ["fl", "bl"]),
        ("fs", ["fr", "fl"]),
        ("bs", ["br", "bl"]),
        ("rv", ["rf", "rb"]),
        ("lv", ["lf", "lb"]),
    ];
    let mut left: Vec<&str> =
        singles.iter().filter(|&&(_, s)| has(s)).map(|&(name, _)| name).collect();
    let mut out = String::new();
    for (pair, members) in pairs {
        if members.iter().all(|m| left.contains(m)) {
            out.push_str(pair);
            left.retain(|m| !members.contains(m));
        }
    }
    out.extend(left);
    out
}
