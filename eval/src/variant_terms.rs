//! Terms a particular game needs beyond the generic ones, chosen by the variant's name once
//! when the evaluator is built. Each game's weights sit in its own table below.

use crate::phased::{ph, Phased};
use crate::tables::Tables;
use crate::weights::PieceWeights;
use sissa_movegen::geometry::Color;
use sissa_movegen::rules::Rules;
use sissa_movegen::variants::rollingkings::king_line;
use sissa_movegen::Position;

/// The variant-specific part of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantTerms {
    /// Nothing beyond the generic terms (chess, Lions and Unicorns, and any new variant).
    Generic,
    /// Rolling Kings: the squares each King will step onto.
    RollingKings,
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

impl VariantTerms {
    pub fn for_variant(name: &str) -> VariantTerms {
        match name {
            "rollingkings" => VariantTerms::RollingKings,
            _ => VariantTerms::Generic,
        }
    }

    /// Piece values that differ from the shared table in this variant.
    pub fn value_overrides(&self) -> &'static [(&'static str, PieceWeights)] {
        match self {
            VariantTerms::Generic => &[],
            VariantTerms::RollingKings => ROLLING_KINGS_VALUES,
        }
    }

    /// Whether passing is never better than moving, often enough for null-move pruning.
    /// Rolling Kings: no. Every turn forces a move and a King step, and being made to step
    /// into danger or onto one's own pieces is what the game is about (zugzwang everywhere).
    pub fn null_move_allowed(&self) -> bool {
        match self {
            VariantTerms::Generic => true,
            VariantTerms::RollingKings => false,
        }
    }

    /// The variant's own terms, from White's view.
    pub fn evaluate<R: Rules>(&self, pos: &Position<R>, tables: &Tables<R>) -> Phased {
        match self {
            VariantTerms::Generic => Phased::ZERO,
            VariantTerms::RollingKings => rolling_kings(pos, tables),
        }
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
