//! Orthodox chess: the baseline that proves the shared machinery against published numbers.

use super::{kind_index, kinds_by_code, orthodox_rules};
use crate::pieces::catalogue::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::pieces::PieceKind;
use crate::shape::Board8x8;
use crate::variant::{CastlingRules, PawnRules, VariantDef};
use std::sync::LazyLock;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chess;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const PIECES: [(&str, PieceKind); 6] =
    [("K", KING), ("Q", QUEEN), ("R", ROOK), ("B", BISHOP), ("N", KNIGHT), ("P", PAWN)];

static DEF: LazyLock<VariantDef<Board8x8>> = LazyLock::new(|| {
    VariantDef::new(
        "chess",
        &PIECES,
        PawnRules {
            double_step: true,
            en_passant: true,
            promotion: kinds_by_code(&PIECES, &["Q", "R", "B", "N"]),
        },
        // King e -> g with rook h -> f, or king e -> c with rook a -> d.
        Some(CastlingRules {
            king_file: 4,
            king_to: [6, 2],
            rook_to: [5, 3],
            rook: kind_index(&PIECES, "R"),
        }),
        START_FEN,
    )
});

orthodox_rules!(Chess, Board8x8, "chess", DEF);
