//! A variant read from a variants file is evaluated with parameters derived from the
//! built-in files (for the pieces they know) and from mobility (for the others), and for the
//! pieces that do not capture by landing from their capture power.

use sissa_eval::params::derived::derived_params;
use sissa_eval::params::Params;
use sissa_eval::{layout, Evaluated};
use sissa_movegen::ini::rules::load_definition;
use sissa_movegen::ini::{choose, parse, FileRules};
use sissa_movegen::shape::Board8x8;
use sissa_movegen::variants::chess::Chess;
use sissa_movegen::variants::rococo::Rococo;
use sissa_movegen::variants::uc40::Uc40;

type File8 = FileRules<Board8x8>;

/// Loads a section and makes it the active 8x8 file variant.
fn load(text: &str, name: &str) {
    let (definitions, errors) = parse(text);
    assert!(errors.is_empty(), "{errors:?}");
    for d in definitions {
        load_definition(d).expect("the section loads");
    }
    choose(name).expect("the variant was loaded");
}

fn phased(params: &Params, name: &str) -> (i32, i32) {
    let (_, p) = params.phased(name);
    (p.mg, p.eg)
}

#[test]
fn a_file_variant_is_valued_from_the_built_in_files_and_from_mobility() {
    // Chess with the queens replaced by wazirs (one orthogonal step), a piece no built-in
    // file knows.
    load(
        "[wazirchess:chess]\ncustomPiece1 = w:W\n\
         startFen = rnbwkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWKBNR w KQkq - 0 1\n",
        "wazirchess",
    );
    let params = File8::params();
    assert_eq!(params.lines().len(), layout::<File8>().len());
    let chess = Chess::params();
    for piece in ["Knight", "Bishop", "Rook", "Pawn"] {
        for term in ["value", "mobility"] {
            let name = format!("{term}.{piece}");
            if piece == "Pawn" && term == "mobility" {
                continue;
            }
            assert_eq!(phased(params, &name), phased(chess, &name), "{name}");
        }
    }
    // A wazir reaches 2 squares from a corner, 3 from another edge square, 4 inside:
    // (4 * 2 + 24 * 3 + 36 * 4) / 64 = 3.5, rounded to 4, so 150 + 30 * 4 = 270, and one
    // phase unit per 250 (rounded).
    let values: Vec<_> = params.lines().iter().filter(|l| l.name.starts_with("value.")).collect();
    let wazir = values.iter().find(|l| l.values == [270, 270]);
    let Some(wazir) = wazir else { panic!("no piece valued 270: {values:?}") };
    let name = wazir.name.trim_start_matches("value.");
    assert_eq!(params.single(&format!("phase.{name}")), 1);
    // Threatened by a lesser piece or a pawn, the wazir weighs what chess gives a rook and a
    // knight: the threats of a minor piece to a major one and of a pawn to a minor one.
    let rook = phased(chess, "threat_by_lesser.Rook");
    assert_eq!(phased(params, &format!("threat_by_lesser.{name}")), rook);
    let knight = phased(chess, "threat_by_pawn.Knight");
    assert_eq!(phased(params, &format!("threat_by_pawn.{name}")), knight);
}

/// A piece that does not capture by landing is valued by its capture power: the share of a
/// landing capturer's value that the table of capture prices (UC-40's hand-set values) gives
/// the queen mover capturing its way. Derived here for the built-in UC-40 and Rococo armies
/// with only chess as reference, so that every Ultima piece is derived.
#[test]
fn pieces_that_do_not_capture_by_landing_are_valued_by_their_capture_power() {
    let chess = [Chess::params()];
    let uc40 = derived_params::<Uc40>(&chess, Vec::new());
    let value = |params: &Params, piece: &str| phased(params, &format!("value.{piece}")).0;
    // A queen reaches 14 rook squares from every square and 560 bishop squares in all on the
    // empty 8x8 board: (896 + 560) / 64 = 22.75, rounded to 23, so 150 + 30 * 23 = 840 for
    // its moves. The table prices the Advancer at 450 of the Queen's 950, the Long Leaper
    // at 500: 840 * 450 / 950 = 397.9 and 840 * 500 / 950 = 442.1. (UC-40's fitted
    // parameter file has other values; the derivation does not read it.)
    assert_eq!(value(&uc40, "Advancer"), 398);
    assert_eq!(value(&uc40, "Long_Leaper"), 442);
    // The Gnu (knight and camel leaps) captures by landing: its moves alone. On the empty
    // board a knight has 336 leaps in all and a camel 8 * 7 * 5 = 280: 616 / 64 = 9.6,
    // rounded to 10, so 150 + 30 * 10 = 450.
    assert_eq!(value(&uc40, "Gnu"), 450);
    // Rococo on 10x10: a queen has 18 rook squares from each square and 1140 bishop squares
    // in all, (1800 + 1140) / 100 = 29.4, so 150 + 30 * 29 = 1020. The Pushme-Pullyu takes by
    // approach (450) or withdrawal (400): the stronger counts, 1020 * 450 / 950 = 483.2.
    let rococo = derived_params::<Rococo>(&chess, Vec::new());
    assert_eq!(value(&rococo, "Pushme-Pullyu"), 483);
    // The Cannon Pawn's hop is priced by no table: half of its king steps' value. A king
    // step reaches (4 * 3 + 32 * 5 + 64 * 8) / 100 = 6.84 squares, 7: (150 + 210) / 2.
    assert_eq!(value(&rococo, "Cannon_Pawn"), 180);
}
