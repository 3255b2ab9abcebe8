//! The 40 piece types of UC-40 (plus the pawn), their codes, and the squares the ordinary
//! pieces reach (RULES.md section 6, table and rulings on the unusual movers).
//!
//! An "ordinary" piece captures by landing on its victim, along the same paths it moves by.
//! Its paths are listed here as (destination, straight): the destination may be empty or
//! occupied (the caller decides between a move and a capture), every square before it on the
//! path satisfies the piece's rule, and `straight` tells whether the path runs along one queen
//! line (a slide, or a step or straight leap along one), which matters for the Chameleon's
//! combined captures.

use std::sync::OnceLock;

use crate::common::{Grid, Piece};

/// A square as (file, rank), both from 0.
pub type Sq = (i32, i32);

pub fn add(s: Sq, d: Sq) -> Sq {
    (s.0 + d.0, s.1 + d.1)
}

pub fn on_board(s: Sq) -> bool {
    (0..8).contains(&s.0) && (0..8).contains(&s.1)
}

pub fn at(board: &Grid, s: Sq) -> Option<Piece> {
    board.get(s.0, s.1)
}

pub fn is_empty(board: &Grid, s: Sq) -> bool {
    on_board(s) && at(board, s).is_none()
}

pub const ORTHO: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
pub const DIAG: [Sq; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
pub const QUEEN: [Sq; 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
/// The knight directions in circular order (each one turns the same way as the last): the
/// order the Rose follows.
pub const KNIGHT: [Sq; 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const CAMEL: [Sq; 8] = [(1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)];
const ZEBRA: [Sq; 8] = [(2, 3), (3, 2), (3, -2), (2, -3), (-2, -3), (-3, -2), (-3, 2), (-2, 3)];
const DABBABA: [Sq; 4] = [(0, 2), (2, 0), (0, -2), (-2, 0)];
const ALFIL: [Sq; 4] = [(2, 2), (2, -2), (-2, -2), (-2, 2)];
const THREE: [Sq; 4] = [(0, 3), (3, 0), (0, -3), (-3, 0)];

/// The piece types, in the order of the RULES.md table, and the pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Knight,
    Amazon,
    CamelQueen,
    Sissa,
    Rose,
    DancingHorse,
    Dragon,
    Archbishoprider,
    Nightrider,
    Gryphon,
    Aanca,
    Marshall,
    Cardinal,
    DragonKing,
    DragonHorse,
    Buffalo,
    Gnu,
    ElephantSiege,
    SiegeEngine,
    KnightDabbaba,
    KnightAlfil,
    KnightGuard,
    KnightWazir,
    KnightFerz,
    WoodyRook,
    WarmachineFerz,
    Waffle,
    ElephantFerz,
    Fad,
    Harvestman,
    PaoVao,
    Advancer,
    Withdrawer,
    Chameleon,
    Immobilizer,
    LongLeaper,
    Swapper,
    Pawn,
}

/// Every type with its upper-case code, in table order.
pub const KINDS: [(Kind, &str); 41] = [
    (Kind::King, "K"),
    (Kind::Queen, "Q"),
    (Kind::Rook, "R"),
    (Kind::Knight, "N"),
    (Kind::Amazon, "A"),
    (Kind::CamelQueen, "Q'"),
    (Kind::Sissa, "S"),
    (Kind::Rose, "O"),
    (Kind::DancingHorse, "D"),
    (Kind::Dragon, "D'"),
    (Kind::Archbishoprider, "U"),
    (Kind::Nightrider, "N'"),
    (Kind::Gryphon, "G"),
    (Kind::Aanca, "J"),
    (Kind::Marshall, "M"),
    (Kind::Cardinal, "C"),
    (Kind::DragonKing, "R'"),
    (Kind::DragonHorse, "B"),
    (Kind::Buffalo, "B'"),
    (Kind::Gnu, "G'"),
    (Kind::ElephantSiege, "E"),
    (Kind::SiegeEngine, "T"),
    (Kind::KnightDabbaba, "D!"),
    (Kind::KnightAlfil, "E!"),
    (Kind::KnightGuard, "G!"),
    (Kind::KnightWazir, "W!"),
    (Kind::KnightFerz, "F!"),
    (Kind::WoodyRook, "O'"),
    (Kind::WarmachineFerz, "F'"),
    (Kind::Waffle, "W'"),
    (Kind::ElephantFerz, "E'"),
    (Kind::Fad, "F"),
    (Kind::Harvestman, "H"),
    (Kind::PaoVao, "V"),
    (Kind::Advancer, "Y"),
    (Kind::Withdrawer, "W"),
    (Kind::Chameleon, "X"),
    (Kind::Immobilizer, "I"),
    (Kind::LongLeaper, "L"),
    (Kind::Swapper, "Z"),
    (Kind::Pawn, "P"),
];

/// The type of a piece code (letter in either case, suffix 0, `'` or `!`), or None for a
/// code UC-40 does not have. A table built once from [`KINDS`]: this is called very often.
pub fn kind_of_code(letter: u8, suffix: u8) -> Option<Kind> {
    static TABLE: OnceLock<[[Option<Kind>; 3]; 26]> = OnceLock::new();
    fn suffix_index(suffix: u8) -> Option<usize> {
        match suffix {
            0 => Some(0),
            b'\'' => Some(1),
            b'!' => Some(2),
            _ => None,
        }
    }
    let table = TABLE.get_or_init(|| {
        let mut table = [[None; 3]; 26];
        for (k, code) in KINDS {
            let b = code.as_bytes();
            let suffix = suffix_index(b.get(1).copied().unwrap_or(0));
            if let Some(i) = suffix {
                table[(b[0] - b'A') as usize][i] = Some(k);
            }
        }
        table
    });
    let letter = letter.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() {
        return None;
    }
    table[(letter - b'A') as usize][suffix_index(suffix)?]
}

/// The type of a piece on the board (its code was checked when the FEN was read).
pub fn kind(p: Piece) -> Kind {
    kind_of_code(p.letter, p.suffix).expect("piece codes are checked when the FEN is read")
}

/// The parts an ordinary piece's movement is made of.
enum Part {
    /// Any number of steps in one direction over empty squares.
    Slide(&'static [Sq]),
    /// A single leap (a step is a leap of one square), never blocked.
    Leap(&'static [Sq]),
    /// Repeated knight leaps in one direction, each landing before the last empty.
    Nightrider,
    Sissa,
    Rose,
    DancingHorse,
    SpottedGryphon,
    Gryphon,
    Aanca,
    Harvestman,
}

/// The movement of each ordinary piece type (RULES.md section 6 table); None for the types
/// that do not capture by landing on their victim along their moving paths (pawn, PaoVao and
/// the six Rococo pieces).
fn parts(k: Kind) -> Option<&'static [Part]> {
    use Part::*;
    let p: &'static [Part] = match k {
        Kind::King => &[Leap(&QUEEN)],
        Kind::Queen => &[Slide(&ORTHO), Slide(&DIAG)],
        Kind::Rook => &[Slide(&ORTHO)],
        Kind::Knight => &[Leap(&KNIGHT)],
        Kind::Amazon => &[Slide(&ORTHO), Slide(&DIAG), Leap(&KNIGHT)],
        Kind::CamelQueen => &[Slide(&ORTHO), Slide(&DIAG), Leap(&CAMEL)],
        Kind::Sissa => &[Sissa],
        Kind::Rose => &[Rose],
        Kind::DancingHorse => &[DancingHorse],
        Kind::Dragon => &[Slide(&ORTHO), SpottedGryphon],
        Kind::Archbishoprider => &[Slide(&DIAG), Nightrider],
        Kind::Nightrider => &[Nightrider],
        Kind::Gryphon => &[Gryphon],
        Kind::Aanca => &[Aanca],
        Kind::Marshall => &[Slide(&ORTHO), Leap(&KNIGHT)],
        Kind::Cardinal => &[Slide(&DIAG), Leap(&KNIGHT)],
        Kind::DragonKing => &[Slide(&ORTHO), Leap(&DIAG)],
        Kind::DragonHorse => &[Slide(&DIAG), Leap(&ORTHO)],
        Kind::Buffalo => &[Leap(&KNIGHT), Leap(&CAMEL), Leap(&ZEBRA)],
        Kind::Gnu => &[Leap(&KNIGHT), Leap(&CAMEL)],
        Kind::ElephantSiege => &[Leap(&ORTHO), Leap(&THREE), Leap(&ALFIL)],
        Kind::SiegeEngine => &[Leap(&ORTHO), Leap(&THREE)],
        Kind::KnightDabbaba => &[Leap(&KNIGHT), Leap(&DABBABA)],
        Kind::KnightAlfil => &[Leap(&KNIGHT), Leap(&ALFIL)],
        Kind::KnightGuard => &[Leap(&KNIGHT), Leap(&QUEEN)],
        Kind::KnightWazir => &[Leap(&KNIGHT), Leap(&ORTHO)],
        Kind::KnightFerz => &[Leap(&KNIGHT), Leap(&DIAG)],
        Kind::WoodyRook => &[Leap(&ORTHO), Leap(&DABBABA)],
        Kind::WarmachineFerz => &[Leap(&DIAG), Leap(&DABBABA)],
        Kind::Waffle => &[Leap(&ORTHO), Leap(&ALFIL)],
        Kind::ElephantFerz => &[Leap(&DIAG), Leap(&ALFIL)],
        Kind::Fad => &[Leap(&DIAG), Leap(&ALFIL), Leap(&DABBABA)],
        Kind::Harvestman => &[Harvestman],
        Kind::PaoVao
        | Kind::Advancer
        | Kind::Withdrawer
        | Kind::Chameleon
        | Kind::Immobilizer
        | Kind::LongLeaper
        | Kind::Swapper
        | Kind::Pawn => return None,
    };
    Some(p)
}

/// Does this type capture by landing on its victim (so that a Chameleon may take it the same
/// way)? Pawns and PaoVaos do, by their own capturing moves.
pub fn captures_by_landing(k: Kind) -> bool {
    parts(k).is_some() || k == Kind::Pawn || k == Kind::PaoVao
}

fn is_straight_vector(d: Sq) -> bool {
    d.0 == 0 || d.1 == 0 || d.0.abs() == d.1.abs()
}

/// Squares an ordinary piece of type `k` on `s` reaches: (destination, straight path).
pub fn reach(k: Kind, s: Sq, board: &Grid) -> Vec<(Sq, bool)> {
    let mut out = Vec::new();
    for part in parts(k).unwrap_or_default() {
        match part {
            Part::Slide(dirs) => {
                for &d in dirs.iter() {
                    slide_from(s, d, board, true, &mut out);
                }
            }
            Part::Leap(vectors) => {
                for &v in vectors.iter() {
                    let t = add(s, v);
                    if on_board(t) {
                        out.push((t, is_straight_vector(v)));
                    }
                }
            }
            Part::Nightrider => {
                for &v in &KNIGHT {
                    slide_from(s, v, board, false, &mut out);
                }
            }
            Part::Sissa => sissa(s, board, &mut out),
            Part::Rose => rose(s, board, &mut out),
            Part::DancingHorse => dancing_horse(s, board, &mut out),
            Part::SpottedGryphon => spotted_gryphon(s, board, &mut out),
            Part::Gryphon => gryphon(s, board, &mut out),
            Part::Aanca => aanca(s, board, &mut out),
            Part::Harvestman => harvestman(s, board, &mut out),
        }
    }
    out
}

/// Repeats the vector `d` from `s` (not including `s`), over empty squares, ending on the
/// first occupied square or at the edge.
fn slide_from(s: Sq, d: Sq, board: &Grid, straight: bool, out: &mut Vec<(Sq, bool)>) {
    let mut t = add(s, d);
    while on_board(t) {
        out.push((t, straight));
        if at(board, t).is_some() {
            break;
        }
        t = add(t, d);
    }
}

/// Sissa (RULES.md section 3): n squares along one line kind, then exactly n along any of the
/// four directions of the other kind; every passed square, the turning square included, empty.
fn sissa(s: Sq, board: &Grid, out: &mut Vec<(Sq, bool)>) {
    for first in QUEEN {
        let second_dirs: &[Sq; 4] = if is_ortho(first) { &DIAG } else { &ORTHO };
        for n in 1..8 {
            // The first leg, turning square included, must be empty; a longer first leg
            // passes the same squares, so a block ends this direction.
            let turn = (s.0 + n * first.0, s.1 + n * first.1);
            if !is_empty(board, turn) {
                break;
            }
            for &second in second_dirs {
                let mut free = true;
                for j in 1..n {
                    if !is_empty(board, (turn.0 + j * second.0, turn.1 + j * second.1)) {
                        free = false;
                        break;
                    }
                }
                let t = (turn.0 + n * second.0, turn.1 + n * second.1);
                if free && on_board(t) {
                    out.push((t, false));
                }
            }
        }
    }
}

fn is_ortho(d: Sq) -> bool {
    d.0 == 0 || d.1 == 0
}

/// Rose: 1 to 7 knight leaps, each turning one place further round the knight circle, in
/// either sense; every square landed on before the last empty.
fn rose(s: Sq, board: &Grid, out: &mut Vec<(Sq, bool)>) {
    for start in 0..8usize {
        for sense in [1usize, 7] {
            let mut t = s;
            for step in 0..7usize {
                t = add(t, KNIGHT[(start + sense * step) % 8]);
                if !on_board(t) {
                    break;
                }
                out.push((t, false));
                if at(board, t).is_some() {
                    break;
                }
            }
        }
    }
}

/// Dancing Horse: one knight leap, or two, the first onto an empty square; never back to the
/// start.
fn dancing_horse(s: Sq, board: &Grid, out: &mut Vec<(Sq, bool)>) {
    for v1 in KNIGHT {
        let m = add(s, v1);
        if !on_board(m) {
            continue;
        }
        out.push((m, false));
        if at(board, m).is_none() {
            for v2 in KNIGHT {
                let t = add(m, v2);
                if on_board(t) && t != s {
                    out.push((t, false));
                }
            }
        }
    }
}

/// The Dragon's spotted gryphon: a diagonal step (it may stop there); from that square, if
/// empty, leaps of exactly two squares in one of the two orthogonal directions pointing away
/// from the start, each landing square before the last empty.
fn spotted_gryphon(s: Sq, board: &Grid, out: &mut Vec<(Sq, bool)>) {
    for d in DIAG {
        let m = add(s, d);
        if !on_board(m) {
            continue;
        }
        out.push((m, true));
        if at(board, m).is_none() {
            for e in [(2 * d.0, 0), (0, 2 * d.1)] {
                slide_from(m, e, board, false, out);
            }
        }
    }
}

/// Gryphon: a diagonal step (it may stop there); from that square, if empty, a rook slide in
/// one of the two orthogonal directions pointing away from the start.
fn gryphon(s: Sq, board: &Grid, out: &mut Vec<(Sq, bool)>) {
    for d in DIAG {
        let m = add(s, d);
        if !on_board(m) {
            continue;
        }
        out.push((m, true));
        if at(board, m).is_none() {
            for e in [(d.0, 0), (0, d.1)] {
                slide_from(m, e, board, false, out);
            }
        }
    }
}

/// Aanca: an orthogonal step (it may stop there); from that square, if empty, a bishop slide
/// in one of the two diagonal directions pointing away from the start.
fn aanca(s: Sq, board: &Grid, out: &mut Vec<(Sq, bool)>) {
    for d in ORTHO {
        let m = add(s, d);
        if !on_board(m) {
            continue;
        }
        out.push((m, true));
        if at(board, m).is_none() {
            let away = if d.0 == 0 { [(1, d.1), (-1, d.1)] } else { [(d.0, 1), (d.0, -1)] };
            for e in away {
                slide_from(m, e, board, false, out);
            }
        }
    }
}

/// Harvestman: an orthogonal step (it may stop there); from that square, if empty, a zigzag
/// of diagonal steps, first forward-left or forward-right, then alternating, so that it keeps
/// advancing in the direction of the orthogonal step; every square before the last empty.
fn harvestman(s: Sq, board: &Grid, out: &mut Vec<(Sq, bool)>) {
    for d in ORTHO {
        let m = add(s, d);
        if !on_board(m) {
            continue;
        }
        out.push((m, true));
        if at(board, m).is_some() {
            continue;
        }
        for first_side in [-1, 1] {
            let mut t = m;
            let mut side = first_side;
            loop {
                let v = if d.0 == 0 { (side, d.1) } else { (d.0, side) };
                t = add(t, v);
                if !on_board(t) {
                    break;
                }
                out.push((t, false));
                if at(board, t).is_some() {
                    break;
                }
                side = -side;
            }
        }
    }
}

/// The squares a pawn of colour `white` on `s` attacks: one diagonal step forward.
pub fn pawn_attacks(s: Sq, white: bool) -> Vec<(Sq, bool)> {
    let fwd = if white { 1 } else { -1 };
    [(s.0 - 1, s.1 + fwd), (s.0 + 1, s.1 + fwd)]
        .into_iter()
        .filter(|t| on_board(*t))
        .map(|t| (t, true))
        .collect()
}

/// The squares a PaoVao on `s` captures on (if an enemy stands there): along a queen line,
/// over exactly one piece of either colour, onto the first piece beyond it.
pub fn paovao_targets(s: Sq, board: &Grid) -> Vec<(Sq, bool)> {
    let mut out = Vec::new();
    for d in QUEEN {
        let mut t = add(s, d);
        let mut screens = 0;
        while on_board(t) {
            if at(board, t).is_some() {
                screens += 1;
                if screens == 2 {
                    out.push((t, true));
                    break;
                }
            }
            t = add(t, d);
        }
    }
    out
}

/// The squares a piece of type `k` and colour `white` on `s` could capture on by landing
/// there (the caller checks an enemy is there); empty for the types that capture otherwise.
pub fn landing_captures(k: Kind, white: bool, s: Sq, board: &Grid) -> Vec<(Sq, bool)> {
    match k {
        Kind::Pawn => pawn_attacks(s, white),
        Kind::PaoVao => paovao_targets(s, board),
        _ => reach(k, s, board),
    }
}
