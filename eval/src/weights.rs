//! Every number the evaluation uses, in tables: piece values by piece name, the weights of the
//! positional terms, and the per-variant overrides. Nothing else in the crate holds a weight.
//!
//! Piece values are in centipawns as (middlegame, endgame). Pieces are found by their
//! catalogue name, so a piece shared by several variants (the Chancellor of Lions and Unicorns
//! and Sea Horses) has one value unless a variant overrides it. A piece missing from the table
//! gets a value derived from its mobility on the empty board (see `tables::derived_value`), so a
//! new variant plays at once.

use crate::phased::{ph, Phased};

/// What a piece type is worth and how much it counts for the game phase.
#[derive(Clone, Copy, Debug)]
pub struct PieceWeights {
    pub value: Phased,
    /// Weight in the game phase (0 for pawns and kings).
    pub phase: i32,
    /// Bonus per square the piece attacks, beyond `MOBILITY_BASELINE` of its average.
    pub mobility: Phased,
    /// Pull towards the centre, per step of distance from the edge.
    pub centre: Phased,
}

const fn piece(mg: i32, eg: i32, phase: i32, mob: Phased, centre: Phased) -> PieceWeights {
    PieceWeights { value: ph(mg, eg), phase, mobility: mob, centre }
}

/// Values of the catalogue pieces by name (chess values from common engine practice; the
/// fairy pieces by their known relation to them: Chancellor and Archbishop a little under a
/// queen, the Unicorn (B+NN) near a queen on 10x8, the Lion (HFD) about a knight).
pub const PIECE_TABLE: &[(&str, PieceWeights)] = &[
    ("Pawn", piece(90, 120, 0, ph(0, 0), ph(0, 0))),
    ("Knight", piece(320, 300, 1, ph(4, 4), ph(8, 6))),
    ("Bishop", piece(335, 330, 1, ph(5, 5), ph(4, 4))),
    ("Rook", piece(480, 540, 2, ph(2, 5), ph(1, 2))),
    ("Queen", piece(950, 1000, 4, ph(1, 2), ph(1, 3))),
    ("King", piece(0, 0, 0, ph(0, 0), ph(0, 0))),
    ("Chancellor", piece(850, 900, 4, ph(2, 3), ph(2, 3))),
    ("Archbishop", piece(820, 850, 4, ph(2, 3), ph(3, 3))),
    ("Unicorn", piece(800, 850, 4, ph(2, 3), ph(3, 3))),
    ("Lion", piece(320, 320, 1, ph(4, 4), ph(6, 5))),
    ("Dragon Horse", piece(520, 560, 2, ph(3, 4), ph(3, 3))),
];

/// Mobility below this many attacked squares earns a penalty, above it a bonus.
pub const MOBILITY_BASELINE: i32 = 4;

/// Weights for a piece that the table does not know: its value follows its average number of
/// target squares on the empty board (`DERIVED_BASE + DERIVED_PER_SQUARE * avg`), rounded.
pub const DERIVED_BASE: i32 = 150;
pub const DERIVED_PER_SQUARE: i32 = 30;
/// Phase weight of a derived piece per 250 centipawns of value.
pub const DERIVED_PHASE_UNIT: i32 = 250;
pub const DERIVED_MOBILITY: Phased = ph(2, 3);
pub const DERIVED_CENTRE: Phased = ph(3, 3);

/// Pawn advance bonus by ranks advanced from the start rank, and passed pawn bonus by the same.
pub const PAWN_ADVANCE: [Phased; 10] = [
    ph(0, 0),
    ph(0, 5),
    ph(3, 10),
    ph(6, 18),
    ph(10, 30),
    ph(15, 45),
    ph(20, 60),
    ph(25, 70),
    ph(30, 80),
    ph(30, 80),
];
pub const PASSED_PAWN: [Phased; 10] = [
    ph(0, 0),
    ph(5, 10),
    ph(8, 15),
    ph(12, 25),
    ph(20, 45),
    ph(35, 75),
    ph(55, 120),
    ph(70, 150),
    ph(80, 170),
    ph(80, 170),
];
/// Pawns in the centre files are worth a little more in the middlegame.
pub const PAWN_CENTRE: Phased = ph(4, 0);
pub const DOUBLED_PAWN: Phased = ph(-10, -20);
pub const ISOLATED_PAWN: Phased = ph(-8, -12);

/// King placement where there is check: the middlegame king stays on its back rank, away
/// from the centre files; the endgame king walks to the centre.
pub const KING_BACK_RANK: Phased = ph(25, 0);
pub const KING_PER_RANK_ADVANCED: Phased = ph(-12, 0);
pub const KING_CENTRE: Phased = ph(-6, 10);
/// Own pawns on the three squares in front of the king (middlegame shelter).
pub const KING_SHELTER_PAWN: Phased = ph(12, 0);
/// Danger from enemy attacks on the king's neighbourhood, by number of attacked squares
/// counted over all attackers (a quadratic-looking curve, capped).
pub const KING_ATTACK: [i32; 16] =
    [0, 2, 6, 12, 20, 30, 42, 56, 72, 90, 110, 130, 150, 170, 190, 210];
/// How much of the king danger counts in the endgame (percent).
pub const KING_ATTACK_EG_PERCENT: i32 = 20;

/// Two bishops (or two pieces of the "Bishop" name) together.
pub const BISHOP_PAIR: Phased = ph(30, 50);
/// A rook on a file without own pawns.
pub const ROOK_OPEN_FILE: Phased = ph(20, 10);

/// For the side to move.
pub const TEMPO: i32 = 15;
