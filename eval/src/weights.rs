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
/// queen, the Unicorn (B+NN) near a queen on 10x8, the Lion (HFD) about a knight, the Dragon
/// Horse (BW) a bishop and a half).
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
    // Reaches as many squares as a queen on the empty board, but each path needs its corner
    // and the squares before it empty, so it is blocked far more often than a queen.
    ("Sissa", piece(700, 760, 3, ph(2, 3), ph(3, 3))),
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

/// UC-40 piece values (RULES.md section 6), by catalogue name. Derived from the average
/// number of squares each type reaches from the 64 squares of an empty board (`mob`, in the
/// comments), by the line through the Knight (5.25 squares, 320) and the Queen (22.75, 950):
/// `131 + 36 * mob`. Then, with the reason beside each:
/// - the chess pieces and their compounds keep the shared table's values;
/// - bent riders (Sissa, Rose, Dancing Horse, Gryphon, Aanca, Harvestman) lose a fifth:
///   their paths need several empty squares, which the empty board overstates;
/// - colour-bound leapers (Fad, Warmachine/Ferz, Elephant/Ferz) lose 15%;
/// - the PaoVao and the six Rococo pieces reach a queen's squares but capture far less
///   often than a queen: values by their capture power instead (the Immobilizer, which never
///   captures but freezes, highest; the Swapper, whose captures cost itself, lowest).
///
/// Checked by play: this table against the plain line for every type won 64-32-4 over 100
/// games (+115 +/- 72 Elo, `docs/strength.md`).
pub const UC40_VALUES: &[(&str, PieceWeights)] = &[
    ("Amazon", fairy(1150)),               // mob 28.00 -> 1139
    ("Camel/Queen", fairy(1100)),          // mob 27.12 -> 1107
    ("Sissa", fairy(745)),                 // mob 22.25 -> 932, bent
    ("Rose", fairy(478)),                  // mob 12.94 -> 597, bent
    ("Dancing Horse", fairy(742)),         // mob 22.12 -> 927, bent
    ("Dragon", fairy(926)),                // mob 24.94 -> 1029, the spotted gryphon bent: 0.9
    ("Archbishoprider", fairy(788)),       // mob 18.25 -> 788
    ("Nightrider", fairy(473)),            // mob 9.50 -> 473
    ("Gryphon", fairy(722)),               // mob 21.44 -> 903, bent
    ("Aanca", fairy(609)),                 // mob 17.50 -> 761, bent
    ("Dragon King", fairy(700)),           // mob 17.06 -> 745; a rook and a ferz: 480 + 220
    ("Buffalo", fairy(613)),               // mob 13.38 -> 613
    ("Gnu", fairy(477)),                   // mob 9.62 -> 477
    ("Elephant/Siege Engine", fairy(428)), // mob 8.25 -> 428
    ("Siege Engine", fairy(347)),          // mob 6.00 -> 347
    ("ND", fairy(428)),                    // mob 8.25 -> 428
    ("NE", fairy(401)),                    // mob 7.50 -> 401
    ("NG", fairy(556)),                    // mob 11.81 -> 556
    ("NW", fairy(446)),                    // mob 8.75 -> 446
    ("NF", fairy(430)),                    // mob 8.31 -> 430
    ("Woody Rook", fairy(365)),            // mob 6.50 -> 365
    ("Warmachine/Ferz", fairy(297)),       // mob 6.06 -> 349, colour-bound
    ("Waffle", fairy(338)),                // mob 5.75 -> 338
    ("Elephant/Ferz", fairy(274)),         // mob 5.31 -> 322, colour-bound
    ("Fad", fairy(365)),                   // mob 8.31 -> 430, colour-bound
    ("Harvestman", fairy(638)),            // mob 18.50 -> 797, bent
    ("PaoVao", fairy(450)),                // hops to capture, like a cannon on both line kinds
    ("Advancer", fairy(450)),              // captures by approach only
    ("Withdrawer", fairy(400)),            // captures by withdrawal only
    ("Chameleon", fairy(550)),             // captures each type its own way
    ("Immobilizer", fairy(650)),           // never captures, freezes its neighbours
    ("Long Leaper", fairy(500)),           // captures by overtaking, several at once
    ("Swapper", fairy(350)),               // its captures destroy itself too
];

/// Weights of a UC-40 fairy piece of value `v`: phase weight per 250 centipawns, the
/// derived mobility and centre weights.
const fn fairy(v: i32) -> PieceWeights {
    PieceWeights {
        value: ph(v, v),
        phase: (v + DERIVED_PHASE_UNIT / 2) / DERIVED_PHASE_UNIT,
        mobility: DERIVED_MOBILITY,
        centre: DERIVED_CENTRE,
    }
}
