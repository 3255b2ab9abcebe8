//! The reserve (UC-40): drop credits as material on its way, and the piece the pawns near
//! the last rank would become.
//!
//! A credit brings the next piece of the drop order; it is worth a share of that piece (the
//! drop comes with a move instead of costing one, but only one per turn, and onto the first
//! rank, where the piece starts out of play), less while the first rank has no empty square.
//! A pawn one or two steps from promotion counts a share of the piece it would become (the
//! back of the drop order), which the generic passed-pawn bonus knows nothing of; one step
//! away with an empty reserve it cannot move onto the last rank at all and only blocks.

use super::VariantTerms;
use crate::params::{Params, Spec};
use crate::phased::Phased;
use crate::sink::{Sink, Term, Weight};
use crate::tables::Tables;
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Color;
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;

/// Credits beyond the last entry count as the last entry.
const CREDIT_PLACES: usize = 4;

pub struct Reserve {
    /// Per mille of a reserve piece's value a credit is worth, by its place in the queue.
    credit: [i32; CREDIT_PLACES],
    /// Per mille of the credits' worth kept while the first rank is full.
    blocked_drop: i32,
    /// Per mille of the promotion piece's value for a pawn one and two steps away.
    prospect: [i32; 2],
    stuck_pawn: Weight,
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

impl<R: Rules> VariantTerms<R> for Reserve {
    fn specs() -> Vec<Spec> {
        let mut specs: Vec<Spec> =
            (0..CREDIT_PLACES).map(|i| Spec::single(format!("credit.{i}"))).collect();
        specs.push(Spec::single("blocked_drop"));
        specs.push(Spec::single("promotion_prospect.1"));
        specs.push(Spec::single("promotion_prospect.2"));
        specs.push(Spec::phased("stuck_pawn"));
        specs
    }

    fn new(params: &Params) -> Self {
        Reserve {
            credit: std::array::from_fn(|i| params.single(&format!("credit.{i}"))),
            blocked_drop: params.single("blocked_drop"),
            prospect: [
                params.single("promotion_prospect.1"),
                params.single("promotion_prospect.2"),
            ],
            stuck_pawn: params.phased("stuck_pawn"),
        }
    }

    fn evaluate<K: Sink>(&self, pos: &Position<R>, tables: &Tables<R>, sink: &mut K) {
        for us in Color::BOTH {
            sink.side(us);
            let sign = us.sign();
            sink.fixed(Term::Variant, self.credit_worth(pos, tables, us) * sign);
            self.promotion_prospects(pos, tables, us, sign, sink);
        }
    }
}

impl Reserve {
    /// What `us`'s drop credits will bring: the next pieces of the drop order, one per credit.
    fn credit_worth<R: Rules>(&self, pos: &Position<R>, tables: &Tables<R>, us: Color) -> Phased {
        let reserve = R::reserve(pos, us);
        let credits = (R::drop_credits(pos, us) as usize).min(reserve.len());
        let mut worth = Phased::ZERO;
        for (place, &kind) in reserve[..credits].iter().enumerate() {
            let share = self.credit[place.min(CREDIT_PLACES - 1)];
            worth += tables.value[kind as usize].1.permille(share);
        }
        let first_rank = rank_before_last::<R>(us.flip(), 0);
        if (first_rank & !pos.occupied()).is_empty() {
            worth = worth.permille(self.blocked_drop);
        }
        worth
    }

    /// Pawns one or two steps from promotion: a share of the piece they would become, or, one
    /// step away with nothing left to become, stuck.
    fn promotion_prospects<R: Rules, K: Sink>(
        &self,
        pos: &Position<R>,
        tables: &Tables<R>,
        us: Color,
        sign: i32,
        sink: &mut K,
    ) {
        let Some(pawn) = R::def().pawn else { return };
        let pawns = pos.pieces(pawn, us);
        let near = |steps: usize| (pawns & rank_before_last::<R>(us, steps)).count() as i32;
        match R::reserve(pos, us).last() {
            Some(&kind) => {
                let value = tables.value[kind as usize].1;
                let [one, two] = self.prospect;
                let prospects = value.permille(one) * near(1) + value.permille(two) * near(2);
                sink.fixed(Term::Variant, prospects * sign);
            }
            None => sink.feature(Term::Variant, self.stuck_pawn, near(1) * sign),
        }
    }
}
