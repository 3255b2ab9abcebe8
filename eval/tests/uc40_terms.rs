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

#[test]
fn uc40_values_follow_their_mobility() {
    // The line through the Knight (5.25 squares, 320) and the Queen (22.75, 950).
    let line = |name: &str| 131.0 + 36.0 * mobility(name);
    assert!((mobility("Knight") - 5.25).abs() < 1e-9 && (mobility("Queen") - 22.75).abs() < 1e-9);
    let close = |name: &str, factor: f64| {
        let expected = line(name) * factor;
        assert!(
            (value(name) as f64 - expected).abs() <= 2.0,
            "{name}: {} against {expected:.0}",
            value(name)
        );
    };
    for name in [
        "Archbishoprider",
        "Nightrider",
        "Buffalo",
        "Gnu",
        "Elephant/Siege Engine",
        "Siege Engine",
        "ND",
        "NE",
        "NG",
        "NW",
        "NF",
        "Woody Rook",
        "Waffle",
    ] {
        close(name, 1.0);
    }
    for name in ["Sissa", "Rose", "Dancing Horse", "Gryphon", "Aanca", "Harvestman"] {
        close(name, 0.8);
    }
    for name in ["Fad", "Warmachine/Ferz", "Elephant/Ferz"] {
        close(name, 0.85);
    }
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
