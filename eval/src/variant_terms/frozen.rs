//! Frozen pieces (Rococo, UC-40): a piece next to an enemy Immobilizer, or an Immobilizer
//! next to an enemy Chameleon, cannot move or capture until the freezer leaves or is taken,
//! though it still blocks (and may remove itself). A frozen King cannot step away from
//! anything.

use super::VariantTerms;
use crate::params::{Params, Spec};
use crate::sink::{Sink, Term, Weight};
use crate::tables::Tables;
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Color;
use sissa_movegen::piece::Kind;
use sissa_movegen::pieces::ultima::immobilizer::frozen;
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;

/// A variant with the Immobilizer and the Chameleon, by their type indices.
pub trait Freezers: Rules {
    const IMMOBILIZER: Kind;
    const CHAMELEON: Kind;
}

pub struct Frozen {
    /// Per mille of a frozen piece's value counted as lost.
    share: i32,
    king: Weight,
}

impl<R: Freezers> VariantTerms<R> for Frozen {
    fn specs() -> Vec<Spec> {
        vec![Spec::single("frozen_share"), Spec::phased("frozen_king")]
    }

    fn new(params: &Params) -> Self {
        Frozen { share: params.single("frozen_share"), king: params.phased("frozen_king") }
    }

    fn evaluate<K: Sink>(&self, pos: &Position<R>, tables: &Tables<R>, sink: &mut K) {
        let t = R::S::tables();
        let king = R::def().king;
        for us in Color::BOTH {
            sink.side(us);
            let them = us.flip();
            let sign = us.sign();
            let stuck: Bb<R> = frozen(
                t,
                pos.color(us),
                pos.pieces(R::IMMOBILIZER, us),
                pos.pieces(R::IMMOBILIZER, them),
                pos.pieces(R::CHAMELEON, them),
            );
            for sq in stuck.squares() {
                let Some(p) = pos.piece_at(sq) else { continue };
                if p.kind() == king {
                    sink.feature(Term::Variant, self.king, -sign);
                } else {
                    let value = tables.value[p.kind() as usize].1;
                    sink.fixed(Term::Variant, -value.permille(self.share) * sign);
                }
            }
        }
    }
}
