//! Rolling Kings: the pieces on the squares each King will step onto. The King must step
//! along its line every turn, so an own piece ahead will be taken unless a move is spent on
//! it, and an enemy piece ahead will be taken unless the enemy spends one.

use super::VariantTerms;
use crate::params::{Params, Spec};
use crate::sink::{Sink, Term};
use crate::tables::Tables;
use sissa_movegen::geometry::Color;
use sissa_movegen::rules::Rules;
use sissa_movegen::variants::rollingkings::king_line;
use sissa_movegen::Position;

/// How many of its next squares a King's walk is looked along.
const LOOKAHEAD: usize = 8;

/// Per mille of a piece's value counted as lost (own piece) or won (enemy piece) when it
/// stands `d` squares ahead of a King (index `d - 1`).
pub struct KingLine {
    own_ahead: [i32; LOOKAHEAD],
    enemy_ahead: [i32; LOOKAHEAD],
}

impl<R: Rules> VariantTerms<R> for KingLine {
    /// Every turn forces a move and a King step, and being made to step into danger or onto
    /// one's own pieces is what the game is about: zugzwang everywhere.
    const NULL_MOVE_ALLOWED: bool = false;

    fn specs() -> Vec<Spec> {
        let own = (1..=LOOKAHEAD).map(|d| Spec::single(format!("own_ahead.{d}")));
        let enemy = (1..=LOOKAHEAD).map(|d| Spec::single(format!("enemy_ahead.{d}")));
        own.chain(enemy).collect()
    }

    fn new(params: &Params) -> Self {
        let table =
            |prefix: &str| std::array::from_fn(|i| params.single(&format!("{prefix}.{}", i + 1)));
        KingLine { own_ahead: table("own_ahead"), enemy_ahead: table("enemy_ahead") }
    }

    fn evaluate<K: Sink>(&self, pos: &Position<R>, tables: &Tables<R>, sink: &mut K) {
        for us in Color::BOTH {
            sink.side(us);
            let Some(mut sq) = pos.king_square(us) else { continue };
            let mut side = crate::phased::Phased::ZERO;
            for d in 0..LOOKAHEAD {
                let Some(next) = king_line::next_square(us, sq) else { break };
                sq = next;
                let Some(piece) = pos.piece_at(sq) else { continue };
                if piece.kind() == R::def().king {
                    break;
                }
                let value = tables.value[piece.kind() as usize].1;
                if piece.color() == us {
                    side -= value.permille(self.own_ahead[d]);
                } else {
                    side += value.permille(self.enemy_ahead[d]);
                }
            }
            sink.fixed(Term::Variant, if us == Color::White { side } else { -side });
        }
    }
}
