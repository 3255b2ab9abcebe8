//! Pieces in hand (variants with drops read from a variants file): each is material that one
//! turn puts on any free square, worth a share of its value on the board.
//!
//! Without this term a capture would look like a plain gain and a drop like a gain out of
//! nothing, so the search would drop everything at once; with it a drop is judged by where
//! the piece lands. The share is per mille of the piece's value (`hand.share`).

use super::VariantTerms;
use crate::params::{Params, Spec};
use crate::phased::Phased;
use crate::sink::{Sink, Term};
use crate::tables::Tables;
use sissa_movegen::geometry::Color;
use sissa_movegen::rules::Rules;
use sissa_movegen::Position;

pub struct Hand {
    /// Per mille of a piece's value it is worth in hand.
    share: i32,
}

impl<R: Rules> VariantTerms<R> for Hand {
    fn specs() -> Vec<Spec> {
        vec![Spec::single("hand.share")]
    }

    fn new(params: &Params) -> Self {
        Hand { share: params.single("hand.share") }
    }

    #[inline]
    fn evaluate<K: Sink>(&self, pos: &Position<R>, tables: &Tables<R>, sink: &mut K) {
        for us in Color::BOTH {
            let held = R::reserve(pos, us);
            if held.is_empty() {
                continue;
            }
            sink.side(us);
            let sign = us.sign();
            let worth = held.iter().fold(Phased::ZERO, |w, &kind| {
                w + tables.value[kind as usize].1.permille(self.share)
            });
            sink.fixed(Term::Variant, worth * sign);
        }
    }
}

#[cfg(test)]
mod tests {
    use sissa_movegen::ini;
    use sissa_movegen::ini::FileRules;
    use sissa_movegen::shape::Board8x8;
    use sissa_movegen::Position;

    /// A knight in hand is worth a knight: the evaluation of a position with White's knight
    /// in hand equals the one with that knight on the board less what its square adds, and
    /// exceeds the same position without it by about a knight.
    #[test]
    fn a_piece_in_hand_is_worth_about_its_value() {
        let text = "[hand-eval:chess]\npieceDrops = true\ncapturesToHand = true\n";
        let report = ini::load_text(text);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        ini::choose("hand-eval");
        type R = FileRules<Board8x8>;
        let eval = crate::Evaluator::<R>::new();
        let score = |fen: &str| {
            let pos = Position::<R>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            eval.evaluate(&pos)
        };
        let bare = score("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[] w - - 0 1");
        let held = score("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[N] w - - 0 1");
        let black_held = score("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[n] w - - 0 1");
        let gain = held - bare;
        assert!((200..=500).contains(&gain), "a knight in hand adds {gain}");
        assert_eq!(black_held - bare, -gain, "the same for Black");
    }
}
