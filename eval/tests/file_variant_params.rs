//! A variant read from a variants file is evaluated with parameters derived from the
//! built-in files (for the pieces they know) and from mobility (for the others).

use sissa_eval::params::Params;
use sissa_eval::{layout, Evaluated};
use sissa_movegen::ini::rules::load_definition;
use sissa_movegen::ini::{choose, parse, FileRules};
use sissa_movegen::shape::Board8x8;
use sissa_movegen::variants::chess::Chess;

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
}
