//! Terms a particular game needs beyond the generic ones, chosen by the variant's name once
//! when the evaluator is built. Each game's weights sit in its own table below.

use crate::phased::{ph, Phased};
use crate::tables::Tables;
use crate::weights::{PieceWeights, UC40_VALUES};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Color;
use sissa_movegen::piece::Kind;
use sissa_movegen::pieces::ultima::immobilizer::frozen;
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::shape::Shape;
use sissa_movegen::variants::rollingkings::king_line;
use sissa_movegen::Position;

/// The variant-specific part of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantTerms {
    /// Nothing beyond the generic terms (chess, Lions and Unicorns, and any new variant).
    Generic,
    /// Rolling Kings: the squares each King will step onto.
    RollingKings,
    /// Rococo: frozen pieces, by the type indices of its Immobilizer and Chameleon.
    Rococo { immobilizer: Kind, chameleon: Kind },
    /// UC-40: its forty piece types' values (`weights::UC40_VALUES`), as in Rococo frozen
    /// pieces, and the reserve: drop credits and what promotions would bring.
    Uc40 { immobilizer: Kind, chameleon: Kind },
}

// ----- Rolling Kings -----

/// Rolling Kings piece values: the Mock King steps like a king and slides along the King-line
/// (mostly along ranks), and it may capture the enemy King.
const ROLLING_KINGS_VALUES: &[(&str, PieceWeights)] = &[(
    "Mock King",
    PieceWeights { value: ph(420, 450), phase: 2, mobility: ph(0, 0), centre: ph(2, 2) },
)];

/// How many of its next squares a King's walk is looked along.
const KING_LINE_LOOKAHEAD: usize = 8;
/// Per mille of an own piece's value counted as lost when it stands `d` squares ahead of its
/// King on the King-line (index `d`): the King will take it unless a move is spent on it, and
/// the side has one move per turn for everything.
const OWN_PIECE_AHEAD: [i32; KING_LINE_LOOKAHEAD + 1] = [0, 600, 350, 220, 150, 100, 70, 50, 30];
/// Per mille of an enemy piece's value gained when it stands `d` squares ahead of one's King:
/// the King will take it unless the enemy spends a move on it.
const ENEMY_PIECE_AHEAD: [i32; KING_LINE_LOOKAHEAD + 1] = [0, 300, 180, 120, 80, 50, 30, 20, 10];

// ----- Rococo -----

/// Rococo piece values. The Immobilizer is the strongest piece of the Ultima family (it takes
/// whole groups out of play and cannot be captured by most pieces while it freezes them); the
/// Pushme-Pullyu combines two capture ways; the Swapper trades itself for anything; the Cannon
/// Pawn steps in eight directions and hops.
const ROCOCO_VALUES: &[(&str, PieceWeights)] = &[
    ("Cannon Pawn", weights(130, 160, 0, 1, 2)),
    ("Pushme-Pullyu", weights(500, 460, 2, 2, 3)),
    ("Long Leaper", weights(550, 520, 2, 2, 3)),
    ("Chameleon", weights(480, 440, 2, 2, 3)),
    ("Swapper", weights(350, 320, 1, 1, 2)),
    ("Immobilizer", weights(700, 620, 3, 1, 6)),
];

const fn weights(mg: i32, eg: i32, phase: i32, mobility: i32, centre: i32) -> PieceWeights {
    PieceWeights {
        value: ph(mg, eg),
        phase,
        mobility: ph(mobility, mobility),
        centre: ph(centre, centre),
    }
}

/// Per mille of a frozen piece's value counted as lost: it cannot move or capture until the
/// Immobilizer leaves or is taken, though it still blocks (and may remove itself).
const FROZEN_PERMILLE: i32 = 400;
/// A frozen King cannot step away from anything.
const FROZEN_KING: Phased = ph(120, 80);

// ----- UC-40 -----

/// Per mille of a reserve piece's value that a drop credit is worth, by the credit's place in
/// the queue (the first credit brings the next piece of the drop order, the second the one
/// after it; later credits count as the last entry). A credit is material on its way: the
/// drop comes with a move instead of costing one, but only one per turn, and onto the first
/// rank, where the piece starts out of play.
const CREDIT_PERMILLE: [i32; 4] = [800, 650, 500, 400];
/// The share of a credit's worth that counts while the first rank has no empty square: the
/// drop must wait until a square is cleared.
const BLOCKED_DROP_PERMILLE: i32 = 500;
/// Per mille of the value of the piece a promotion brings (the back of the drop order)
/// added for a pawn one step (index 0) or two steps (index 1) from the last rank. The
/// generic passed-pawn bonus knows nothing of what the pawn becomes, which in UC-40 ranges
/// from a Fad to an Amazon.
const PROMOTION_PROSPECT_PERMILLE: [i32; 2] = [150, 50];
/// A pawn one step from the last rank with an empty reserve cannot move onto it at all: it
/// is stuck there (its passed-pawn bonus is taken back, and more, since it only blocks).
const STUCK_PAWN: Phased = ph(-70, -150);

impl VariantTerms {
    pub fn for_variant<R: Rules>() -> VariantTerms {
        let def = R::def();
        let kind =
            |name: &str| def.kinds.iter().position(|k| k.kind.name == name).map(|k| k as Kind);
        match R::NAME {
            "rollingkings" => VariantTerms::RollingKings,
            "rococo" => match (kind("Immobilizer"), kind("Chameleon")) {
                (Some(immobilizer), Some(chameleon)) => {
                    VariantTerms::Rococo { immobilizer, chameleon }
                }
                _ => VariantTerms::Generic,
            },
            "uc40" => match (kind("Immobilizer"), kind("Chameleon")) {
                (Some(immobilizer), Some(chameleon)) => {
                    VariantTerms::Uc40 { immobilizer, chameleon }
                }
                _ => VariantTerms::Generic,
            },
            _ => VariantTerms::Generic,
        }
    }

    /// Piece values that differ from the shared table in this variant.
    pub fn value_overrides(&self) -> &'static [(&'static str, PieceWeights)] {
        match self {
            VariantTerms::Generic => &[],
            VariantTerms::RollingKings => ROLLING_KINGS_VALUES,
            VariantTerms::Rococo { .. } => ROCOCO_VALUES,
            VariantTerms::Uc40 { .. } => UC40_VALUES,
        }
    }

    /// Whether passing is never better than moving, often enough for null-move pruning.
    /// Rolling Kings: no. Every turn forces a move and a King step, and being made to step
    /// into danger or onto one's own pieces is what the game is about (zugzwang everywhere).
    pub fn null_move_allowed(&self) -> bool {
        match self {
            VariantTerms::Generic | VariantTerms::Rococo { .. } | VariantTerms::Uc40 { .. } => true,
            VariantTerms::RollingKings => false,
        }
    }

    /// The variant's own terms, from White's view.
    pub fn evaluate<R: Rules>(&self, pos: &Position<R>, tables: &Tables<R>) -> Phased {
        match self {
            VariantTerms::Generic => Phased::ZERO,
            VariantTerms::RollingKings => rolling_kings(pos, tables),
            VariantTerms::Rococo { immobilizer, chameleon } => {
                frozen_pieces(pos, tables, *immobilizer, *chameleon)
            }
            VariantTerms::Uc40 { immobilizer, chameleon } => {
                frozen_pieces(pos, tables, *immobilizer, *chameleon) + reserve_terms(pos, tables)
            }
        }
    }
}

/// The reserve (UC-40): credits as material on its way, and the piece the pawns near the
/// last rank would become.
fn reserve_terms<R: Rules>(pos: &Position<R>, tables: &Tables<R>) -> Phased {
    let mut score = Phased::ZERO;
    for us in Color::BOTH {
        let side = credit_worth(pos, tables, us) + promotion_prospects(pos, tables, us);
        score += if us == Color::White { side } else { -side };
    }
    score
}

/// The rank `steps` ranks before `us`'s last one, as a set.
fn rank_before_last<R: Rules>(us: Color, steps: usize) -> Bb<R> {
    let t = R::S::tables();
    let ranks = R::S::DIMS.ranks as usize;
    match us {
        Color::White => t.rank_masks[ranks - 1 - steps],
        Color::Black => t.rank_masks[steps],
    }
}

/// What `us`'s drop credits will bring: the next pieces of the drop order, one per credit.
fn credit_worth<R: Rules>(pos: &Position<R>, tables: &Tables<R>, us: Color) -> Phased {
    let reserve = R::reserve(pos, us);
    let credits = (R::drop_credits(pos, us) as usize).min(reserve.len());
    let mut worth = Phased::ZERO;
    for (place, &kind) in reserve[..credits].iter().enumerate() {
        let share = CREDIT_PERMILLE[place.min(CREDIT_PERMILLE.len() - 1)];
        worth += tables.weights[kind as usize].value.permille(share);
    }
    let first_rank = rank_before_last::<R>(us.flip(), 0);
    if (first_rank & !pos.occupied()).is_empty() {
        worth = worth.permille(BLOCKED_DROP_PERMILLE);
    }
    worth
}

/// Pawns one or two steps from promotion: a share of the piece they would become, or, one
/// step away with nothing left to become, stuck.
fn promotion_prospects<R: Rules>(pos: &Position<R>, tables: &Tables<R>, us: Color) -> Phased {
    let Some(pawn) = R::def().pawn else { return Phased::ZERO };
    let pawns = pos.pieces(pawn, us);
    let near = |steps: usize| (pawns & rank_before_last::<R>(us, steps)).count() as i32;
    match R::reserve(pos, us).last() {
        Some(&kind) => {
            let value = tables.weights[kind as usize].value;
            let [one, two] = PROMOTION_PROSPECT_PERMILLE;
            value.permille(one) * near(1) + value.permille(two) * near(2)
        }
        None => STUCK_PAWN * near(1),
    }
}

/// Pieces on the squares the Kings will step onto.
fn rolling_kings<R: Rules>(pos: &Position<R>, tables: &Tables<R>) -> Phased {
    let mut score = Phased::ZERO;
    for us in Color::BOTH {
        let Some(mut sq) = pos.king_square(us) else { continue };
        let mut side = Phased::ZERO;
        for d in 1..=KING_LINE_LOOKAHEAD {
            let Some(next) = king_line::next_square(us, sq) else { break };
            sq = next;
            let Some(piece) = pos.piece_at(sq) else { continue };
            if piece.kind() == R::def().king {
                break;
            }
            let value = tables.weights[piece.kind() as usize].value;
            if piece.color() == us {
                side -= value.permille(OWN_PIECE_AHEAD[d]);
            } else {
                side += value.permille(ENEMY_PIECE_AHEAD[d]);
            }
        }
        score += if us == Color::White { side } else { -side };
    }
    score
}

/// Frozen pieces (next to an enemy Immobilizer, or an Immobilizer next to an enemy Chameleon)
/// are worth less; a frozen King is in danger.
fn frozen_pieces<R: Rules>(
    pos: &Position<R>,
    tables: &Tables<R>,
    immobilizer: Kind,
    chameleon: Kind,
) -> Phased {
    let t = R::S::tables();
    let king = R::def().king;
    let mut score = Phased::ZERO;
    for us in Color::BOTH {
        let them = us.flip();
        let stuck: Bb<R> = frozen(
            t,
            pos.color(us),
            pos.pieces(immobilizer, us),
            pos.pieces(immobilizer, them),
            pos.pieces(chameleon, them),
        );
        let mut side = Phased::ZERO;
        for sq in stuck.squares() {
            if let Some(p) = pos.piece_at(sq) {
                side -= if p.kind() == king {
                    FROZEN_KING
                } else {
                    tables.weights[p.kind() as usize].value.permille(FROZEN_PERMILLE)
                };
            }
        }
        score += if us == Color::White { side } else { -side };
    }
    score
}

#[cfg(test)]
mod tests {
    use crate::weights::{PIECE_TABLE, UC40_VALUES};
    use sissa_movegen::bitboard::Bitboard;
    use sissa_movegen::pieces::Role;
    use sissa_movegen::rules::Rules;
    use sissa_movegen::shape::{Board8x8, Shape};
    use sissa_movegen::variants::uc40::Uc40;

    /// Average number of squares a type reaches from the 64 squares of an empty board.
    fn mobility(name: &str) -> f64 {
        let def = Uc40::def();
        let kd = def.kinds.iter().find(|k| k.kind.name == name).expect("UC-40 type");
        let t = Board8x8::tables();
        let total: u32 = (0..64u8).map(|s| kd.mover.attacks(t, s, 0u64).count()).sum();
        total as f64 / 64.0
    }

    fn value(name: &str) -> i32 {
        UC40_VALUES.iter().find(|(n, _)| *n == name).expect("in the table").1.value.mg
    }

    #[test]
    fn every_uc40_type_has_a_value() {
        for kd in &Uc40::def().kinds {
            if matches!(kd.kind.role, Role::King | Role::Pawn) {
                continue;
            }
            let name = kd.kind.name;
            let known = UC40_VALUES.iter().chain(PIECE_TABLE).any(|(n, _)| *n == name);
            assert!(known, "{name} has no value");
        }
    }

    #[test]
    fn uc40_values_follow_their_mobility() {
        // The line through the Knight (5.25 squares, 320) and the Queen (22.75, 950).
        let line = |name: &str| 131.0 + 36.0 * mobility(name);
        assert!(
            (mobility("Knight") - 5.25).abs() < 1e-9 && (mobility("Queen") - 22.75).abs() < 1e-9
        );
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
        use crate::Evaluator;
        use sissa_movegen::Position;
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
}
