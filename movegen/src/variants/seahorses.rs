//! Sea Horses (Carlos Cetina), 8x8: FIDE chess without castling, with the army King, Queen,
//! Sissa (`S`), Chancellor (`C`, rook or knight), Archbishop (`A`, bishop or knight), Dragon
//! Horse (`H`, bishop or one orthogonal step), Rook, Knight and eight pawns. The eight pieces
//! stand on the first rank in a random order drawn from a seed; Black's rank mirrors White's,
//! is shuffled on its own, or mirrors it left-right (RULES.md section 3). Pawns promote to
//! Q, S, C, A, H, R or N.

use super::{kinds_by_code, orthodox_rules};
use crate::pieces::catalogue::{
    ARCHBISHOP, CHANCELLOR, DRAGON_HORSE, KING, KNIGHT, PAWN, QUEEN, ROOK, SISSA,
};
use crate::pieces::PieceKind;
use crate::random::shuffled_back_ranks;
use crate::rules::Setup;
use crate::shape::Board8x8;
use crate::variant::{PawnRules, VariantDef};
use std::sync::LazyLock;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeaHorses;

const PIECES: [(&str, PieceKind); 9] = [
    ("K", KING),
    ("Q", QUEEN),
    ("S", SISSA),
    ("C", CHANCELLOR),
    ("A", ARCHBISHOP),
    ("H", DRAGON_HORSE),
    ("R", ROOK),
    ("N", KNIGHT),
    ("P", PAWN),
];

/// The eight pieces shuffled onto the first rank.
const BACK_RANK: [char; 8] = ['K', 'Q', 'S', 'C', 'A', 'H', 'R', 'N'];

/// The start position for `setup`: the shuffled back ranks, pawns on ranks 2 and 7.
pub fn setup_fen(setup: &Setup) -> String {
    let (white, black) = shuffled_back_ranks(&BACK_RANK, setup);
    let white: String = white.into_iter().collect();
    let black: String = black.into_iter().map(|c| c.to_ascii_lowercase()).collect();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w - - 0 1")
}

static DEF: LazyLock<VariantDef<Board8x8>> = LazyLock::new(|| {
    VariantDef::new(
        "seahorses",
        &PIECES,
        PawnRules {
            double_step: true,
            en_passant: true,
            promotion: kinds_by_code(&PIECES, &["Q", "S", "C", "A", "H", "R", "N"]),
        },
        None,
        &setup_fen(&Setup::default()),
    )
});

orthodox_rules!(SeaHorses, Board8x8, "seahorses", DEF, {
    const RANDOM_SETUP: bool = true;
    fn start_fen(setup: &Setup) -> String {
        setup_fen(setup)
    }
});
