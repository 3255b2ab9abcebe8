//! Parameters for a variant that has no parameter file (a variant read from a variants file):
//! every line of its layout is filled from the built-in variants' files where they know the
//! same piece or term, and from the piece's mobility on the empty board where none does.
//!
//! A piece found in a built-in file keeps its value, phase weight, mobility, pair and
//! open-file weights, and its pull towards the centre (read off the built-in piece-square
//! table). A piece no file knows is valued by the squares it reaches: `150 + 30 * average`,
//! with one phase unit per 250 centipawns. A piece that does not capture by landing on what
//! it takes (the Ultima family) is worth only a share of that, its capture power: the price of
//! the queen mover capturing its way over the Queen's, in the table of [`CAPTURE_PRICES`].
//! Pawn and King tables are the chess ones, read by rank from the owner's side and by
//! distance from the edge, so they fit any board size.

use super::file::Line;
use super::layout::{generic, kind_name, square_name};
use super::layout::{Arity, Spec};
use super::Params;
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Square;
use sissa_movegen::piece::Kind;
use sissa_movegen::pieces::{catalogue, Captures, PieceKind, Role};
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::shape::Shape;

/// Value of a piece no file knows: a base plus so much per square it reaches on average.
const DERIVED_BASE: i32 = 150;
const DERIVED_PER_SQUARE: i32 = 30;
/// Centipawns of value per unit of game-phase weight.
const DERIVED_PHASE_UNIT: i32 = 250;
const DERIVED_MOBILITY: [i32; 2] = [2, 3];
/// Centre pull per step from the edge of a piece no file knows.
const DERIVED_CENTRE: [i32; 2] = [3, 3];

/// Per mille of its value a piece in hand is worth (variants with drops): as much as on the
/// board, where a drop puts it in one turn.
const DERIVED_HAND_SHARE: i32 = 1000;
/// Capture power of a way of capturing no built-in table prices (custodianship, the
/// Coordinator's, the Cannon Pawn's hop): half of what landing on the victim is worth.
const UNPRICED_POWER: f64 = 0.5;

/// The queen movers that capture in one way other than landing, with their prices in
/// centipawns; over [`QUEEN_PRICE`] they price those ways. These are UC-40's hand-set values,
/// checked by play there (docs/strength.md, "UC-40 piece values"). They are fixed here rather
/// than read from UC-40's parameter file, so that fitting UC-40 does not change, unmeasured,
/// the values of every variant read from a file.
const CAPTURE_PRICES: [(PieceKind, i32); 7] = [
    (catalogue::ADVANCER, 450),
    (catalogue::WITHDRAWER, 400),
    (catalogue::LONG_LEAPER, 500),
    (catalogue::SWAPPER, 350),
    (catalogue::IMMOBILIZER, 650),
    (catalogue::CHAMELEON, 550),
    (catalogue::PAOVAO, 450),
];
/// The price of the Queen, which captures by landing, in the same table.
const QUEEN_PRICE: i32 = 950;

/// The built-in parameter sets to take known pieces and terms from, in order of preference.
pub type References<'a> = &'a [&'a Params];

/// The parameters of `R`, derived as the module says: its generic layout, then `terms` (the
/// specs of the variant's own terms).
pub fn derived_params<R: Rules>(references: References, terms: Vec<Spec>) -> Params {
    let chess = references.first().copied();
    let mut lines = Vec::new();
    let mut layout = generic::<R>();
    layout.extend(terms);
    for spec in layout.iter().cloned() {
        let values = match spec.arity {
            Arity::Phased => derived_phased::<R>(&spec.name, references, chess).to_vec(),
            Arity::Single => vec![derived_single::<R>(&spec.name, references)],
        };
        lines.push(Line { name: spec.name, values });
    }
    match Params::new(&layout, lines) {
        Ok(p) => p,
        Err(e) => unreachable!("derived parameters do not fit their own layout: {e}"),
    }
}

fn lookup(references: References, name: &str) -> Option<Vec<i32>> {
    references
        .iter()
        .find_map(|p| p.lines().iter().find(|l| l.name == name).map(|l| l.values.clone()))
}

fn kind_by_name<R: Rules>(name: &str) -> Option<Kind> {
    (0..R::def().kinds.len() as Kind).find(|&k| kind_name::<R>(k) == name)
}

fn derived_value<R: Rules>(kind: Kind) -> i32 {
    let piece = R::def().kinds[kind as usize].kind;
    if piece.role == Role::King {
        return 0;
    }
    let movement = DERIVED_BASE + DERIVED_PER_SQUARE * average_mobility::<R>(kind);
    if piece.captures.has(Captures::LANDING) {
        return movement;
    }
    (movement as f64 * capture_power(piece.captures)).round() as i32
}

/// The share of its movement's value a piece is worth that captures in `ways` and not by
/// landing: for each way, the value the priced capturer of that way has over the Queen's (a
/// queen mover that captures less often than a queen); the strongest way counts.
fn capture_power(ways: Captures) -> f64 {
    let mut power: Option<f64> = None;
    let mut priced_ways = Captures::NONE;
    for (capturer, price) in CAPTURE_PRICES {
        priced_ways = priced_ways.with(capturer.captures);
        if ways.has(capturer.captures) {
            let share = f64::from(price) / f64::from(QUEEN_PRICE);
            power = Some(power.map_or(share, |p: f64| p.max(share)));
        }
    }
    // A way none of the priced capturers has (custodianship, coordination, mount hops).
    if ways.with(priced_ways) != priced_ways {
        power = Some(power.map_or(UNPRICED_POWER, |p| p.max(UNPRICED_POWER)));
    }
    power.unwrap_or(0.0)
}

/// Average number of target squares of a piece on the empty board.
fn average_mobility<R: Rules>(kind: Kind) -> i32 {
    let tables = R::S::tables();
    let n = R::S::DIMS.squares();
    let mover = &R::def().kinds[kind as usize].mover;
    let total: u32 =
        (0..n as Square).map(|sq| mover.attacks(tables, sq, Bb::<R>::EMPTY).count()).sum();
    (total as f64 / n.max(1) as f64).round() as i32
}

fn derived_single<R: Rules>(name: &str, references: References) -> i32 {
    if let Some(v) = lookup(references, name) {
        return v[0];
    }
    match name.split_once('.') {
        Some(("phase", piece)) => match kind_by_name::<R>(piece) {
            Some(k) => {
                let value = derived_value::<R>(k);
                (value + DERIVED_PHASE_UNIT / 2) / DERIVED_PHASE_UNIT
            }
            None => 0,
        },
        _ if name == "hand.share" => DERIVED_HAND_SHARE,
        _ => 0,
    }
}

fn derived_phased<R: Rules>(
    name: &str,
    references: References,
    chess: Option<&Params>,
) -> [i32; 2] {
    if !name.starts_with("pst.") {
        if let Some(v) = lookup(references, name) {
            return [v[0], v[1]];
        }
    }
    let (term, rest) = name.split_once('.').unwrap_or((name, ""));
    match term {
        "value" => match kind_by_name::<R>(rest) {
            Some(k) => [derived_value::<R>(k); 2],
            None => [0, 0],
        },
        "mobility" => DERIVED_MOBILITY,
        // A pawn's attack on a piece no file knows: the chess knight's weight, the threat to
        // the cheapest piece a pawn can win.
        "threat_by_pawn" => {
            lookup(references, "threat_by_pawn.Knight").map_or([0, 0], |v| [v[0], v[1]])
        }
        // A lesser piece's attack on a piece no file knows: the chess rook's weight, the
        // threat of a minor piece to a major one.
        "threat_by_lesser" => {
            lookup(references, "threat_by_lesser.Rook").map_or([0, 0], |v| [v[0], v[1]])
        }
        "pst" => derived_pst::<R>(rest, references, chess),
        _ => [0, 0],
    }
}

/// `rest` is `<piece>.<square>`.
fn derived_pst<R: Rules>(rest: &str, references: References, chess: Option<&Params>) -> [i32; 2] {
    let Some((piece, square)) = rest.rsplit_once('.') else { return [0, 0] };
    let Some(kind) = kind_by_name::<R>(piece) else { return [0, 0] };
    let dims = R::S::DIMS;
    let Some(sq) = (0..dims.squares() as Square).find(|&s| square_name::<R>(s) == square) else {
        return [0, 0];
    };
    let (files, ranks) = (dims.files as i32, dims.ranks as i32);
    let (file, rank) = (dims.file(sq), dims.rank(sq));
    let edge = edge_distance(files, ranks, file, rank);
    let role = R::def().kinds[kind as usize].kind.role;
    let from_chess = |name: String| chess.and_then(|c| lookup(&[c], &name));
    match role {
        Role::Pawn => {
            // Advancement by rank from the pawn's side, on a central or an outer file.
            let chess_rank = rank.clamp(0, 7);
            let central = files / 2 - 1 <= file && file <= files / 2;
            let chess_file = if central { 'e' } else { 'a' };
            from_chess(format!("pst.Pawn.{chess_file}{}", chess_rank + 1))
                .map_or([0, 0], |v| [v[0], v[1]])
        }
        Role::King if R::HAS_CHECK => {
            let chess_rank = rank.clamp(0, 7);
            let chess_file = (b'a' + file.min(files - 1 - file).clamp(0, 3) as u8) as char;
            from_chess(format!("pst.King.{chess_file}{}", chess_rank + 1))
                .map_or([0, 0], |v| [v[0], v[1]])
        }
        Role::King => [0, 0],
        _ => {
            let centre = known_centre(piece, references).unwrap_or(DERIVED_CENTRE);
            [centre[0] * edge, centre[1] * edge]
        }
    }
}

/// A known piece's pull per step from the edge: its table on c3 (two steps in) halved.
fn known_centre(piece: &str, references: References) -> Option<[i32; 2]> {
    lookup(references, &format!("pst.{piece}.c3")).map(|v| [v[0] / 2, v[1] / 2])
}

/// Distance of a square from the nearest edge, in steps (0 on the edge).
fn edge_distance(files: i32, ranks: i32, file: i32, rank: i32) -> i32 {
    let df = file.min(files - 1 - file);
    let dr = rank.min(ranks - 1 - rank);
    df.min(dr) + (df.max(dr) - df.min(dr)).min(1)
}
