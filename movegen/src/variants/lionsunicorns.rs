//! Lions and Unicorns Chess (David Paulowich), 10x8.
//!
//! Chess with a Chancellor (`M`, rook or knight), a Unicorn (`U`, bishop or nightrider) and
//! two corner Lions (`L`, Half-Duck: a diagonal step or a leap of exactly two or three along
//! a rank or file). The king starts on f1 and castles two squares either way, its rook landing
//! on the square it crossed: f1h1 with i1-g1, f1d1 with b1-e1. Pawns promote to M, Q or U.

use super::{kind_index, kinds_by_code, orthodox_rules};
use crate::pieces::catalogue::{
    BISHOP, CHANCELLOR, KING, KNIGHT, LION, PAWN, QUEEN, ROOK, UNICORN,
};
use crate::pieces::PieceKind;
use crate::shape::Board10x8;
use crate::variant::{CastlingRules, PawnRules, VariantDef};
use std::sync::LazyLock;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LionsUnicorns;

pub const START_FEN: &str = "lrmbqkburl/nppppppppn/10/10/10/10/NPPPPPPPPN/LRMBQKBURL w KQkq - 0 1";

const PIECES: [(&str, PieceKind); 9] = [
    ("K", KING),
    ("Q", QUEEN),
    ("R", ROOK),
    ("B", BISHOP),
    ("N", KNIGHT),
    ("M", CHANCELLOR),
    ("U", UNICORN),
    ("L", LION),
    ("P", PAWN),
];

static DEF: LazyLock<VariantDef<Board10x8>> = LazyLock::new(|| {
    VariantDef::new(
        "lionsunicorns",
        &PIECES,
        PawnRules {
            double_step: true,
            en_passant: true,
            promotion: kinds_by_code(&PIECES, &["M", "Q", "U"]),
        },
        Some(CastlingRules {
            king_file: 5,
            king_to: [7, 3],
            rook_to: [6, 4],
            rook: kind_index(&PIECES, "R"),
        }),
        START_FEN,
    )
});

orthodox_rules!(LionsUnicorns, Board10x8, "lionsunicorns", DEF);
