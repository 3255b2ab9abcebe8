//! UC-40's values and reserve terms: the piece values follow the types' mobility, and drop
//! credits and pawns near promotion count what they bring.

use sissa_eval::{Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::pieces::Role;
use sissa_movegen::rules::Rules;
use sissa_movegen::shape::{Board8x8, Shape};
use sissa_movegen::variants::uc40::Uc40;
use sissa_movegen::Position;

/// Average number of squares a type reaches from the 64 squares of an empty board.
fn mobility(name: &str) -> f64 {
    let def = Uc40::def();
    let kd = def.kinds.iter().find(|k| k.kind.name == name).expect("UC-40 type");
    let t = Board8x8::tables();
    let total: u32 = (0..64u8).map(|s| kd.mover.attacks(t, s, 0u64).count()).sum();
    total as f64 / 64.0
}

/// A type's middlegame value in UC-40's parameter file.
fn value(name: &str) -> i32 {
    Uc40::params().phased(&format!("value.{}", name.replace(' ', "_"))).1.mg
}

#[test]
fn every_uc40_type_has_a_value() {
    for kd in &Uc40::def().kinds {
        if matches!(kd.kind.role, Role::King | Role::Pawn) {
            continue;
        }
        assert!(value(kd.kind.name) >= 250, "{} has no value", kd.kind.name);
    }
}

/// A type's value in UC-40's parameter file, the mean of its middlegame and endgame values.
fn mean_value(name: &str) -> f64 {
    let (_, v) = Uc40::params().phased(&format!("value.{}", name.replace(' ', "_")));
    f64::from(v.mg + v.eg) / 2.0
}

/// Ranks of `xs`, 0 for the smallest (ties in order of appearance).
fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let mut r = vec![0.0; xs.len()];
    for (rank, &i) in order.iter().enumerate() {
        r[i] = rank as f64;
    }
    r
}

/// The values were set on a line through the Knight (5.25 squares, 320) and the Queen
/// (22.75, 950), scaled down for the pieces whose moves are hard to use (bent riders, the
/// Rose, the short leapers); a fit moves them, but the squares a piece reaches must still
/// order the values and stay near that line.
#[test]
fn uc40_values_follow_their_mobility() {
    let line = |name: &str| 131.0 + 36.0 * mobility(name);
    assert!((mobility("Knight") - 5.25).abs() < 1e-9 && (mobility("Queen") - 22.75).abs() < 1e-9);
    let types: [(&str, f64); 22] = [
        ("Archbishoprider", 1.0),
        ("Nightrider", 1.0),
        ("Buffalo", 1.0),
        ("Gnu", 1.0),
        ("Elephant/Siege Engine", 1.0),
        ("Siege Engine", 1.0),
        ("ND", 1.0),
        ("NE", 1.0),
        ("NG", 1.0),
        ("NW", 1.0),
        ("NF", 1.0),
        ("Woody Rook", 1.0),
        ("Waffle", 1.0),
        ("Sissa", 0.8),
        ("Rose", 0.8),
        ("Dancing Horse", 0.8),
        ("Gryphon", 0.8),
        ("Aanca", 0.8),
        ("Harvestman", 0.8),
        ("Fad", 0.85),
        ("Warmachine/Ferz", 0.85),
        ("Elephant/Ferz", 0.85),
    ];
    for (name, factor) in types {
        let expected = line(name) * factor;
        let value = mean_value(name);
        assert!((value / expected - 1.0).abs() <= 0.25, "{name}: {value} against {expected:.0}");
    }
    // Spearman's rank correlation of mobility and value: 1 for the same order, about 0 for
    // values that ignore mobility.
    let mobilities: Vec<f64> = types.iter().map(|(n, _)| mobility(n)).collect();
    let values: Vec<f64> = types.iter().map(|(n, _)| mean_value(n)).collect();
    let (rm, rv) = (ranks(&mobilities), ranks(&values));
    let n = types.len() as f64;
    let d2: f64 = rm.iter().zip(&rv).map(|(a, b)| (a - b) * (a - b)).sum();
    let rho = 1.0 - 6.0 * d2 / (n * (n * n - 1.0));
    assert!(rho >= 0.8, "rank correlation {rho:.2}");
}

fn uc40_eval(fen: &str) -> i32 {
    let pos = Position::<Uc40>::from_fen(fen).expect("valid UC-40 FEN");
    Evaluator::<Uc40>::new().evaluate(&pos)
}

#[test]
fn a_drop_credit_counts_as_most_of_the_piece_it_brings() {
    // The same board with White holding a credit or not; the reserve's front is an
    // Amazon in one pair of positions and a Fad in the other.
    let board = "6k1/8/8/8/8/8/8/6K1";
    let gain = |reserve: &str| {
        let with = uc40_eval(&format!("{board}[{reserve}] w - - 0 1 1,0 -"));
        let without = uc40_eval(&format!("{board}[{reserve}] w - - 0 1 0,0 -"));
        with - without
    };
    let amazon = gain("AF/af");
    let fad = gain("FA/fa");
    assert!(amazon > value("Amazon") / 2 && amazon < value("Amazon"), "{amazon}");
    assert!(fad > value("Fad") / 2 && fad < value("Fad"), "{fad}");
    // A credit with an empty reserve brings nothing.
    let empty = uc40_eval(&format!("{board}[/] w - - 0 1 1,0 -"))
        - uc40_eval(&format!("{board}[/] w - - 0 1 0,0 -"));
    assert_eq!(empty, 0);
}

#[test]
fn a_credit_is_worth_less_while_the_first_rank_is_full() {
    let full = "6k1/8/8/8/8/8/8/QQQQQQKQ";
    let open = "6k1/8/8/8/8/8/8/QQQQQ1KQ";
    let gain = |board: &str| {
        uc40_eval(&format!("{board}[A/a] w - - 0 1 1,0 -"))
            - uc40_eval(&format!("{board}[A/a] w - - 0 1 0,0 -"))
    };
    assert!(gain(full) < gain(open), "{} {}", gain(full), gain(open));
    assert!(gain(full) > 0);
}

#[test]
fn a_pawn_near_promotion_is_worth_what_it_becomes() {
    // A pawn on the seventh rank: it promotes to the back of the drop order, an Amazon
    // or a Fad; with an empty reserve it may not move onto the last rank at all.
    let eval =
        |reserve: &str| uc40_eval(&format!("6k1/P7/8/8/8/8/8/6K1[{reserve}] w - - 0 1 0,0 -"));
    let (amazon, fad, none) = (eval("FA/fa"), eval("AF/af"), eval("/"));
    assert!(amazon > fad && fad > none, "{amazon} {fad} {none}");
}
