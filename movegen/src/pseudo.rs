//! The move generator of variants without check: every move of the side to move's plain
//! pieces and pawns, with no king-safety test. Such a variant decides legality by its own
//! rule, usually by narrowing the squares a move may end on (`target`), and generates its
//! king and its special pieces itself.
//!
//! The counting sink gets whole target sets, so perft counts leaves by popcount.

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::moves::MoveSink;
use crate::pawns::pawn_set_moves;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::{Bb, Rules};
use crate::shape::Shape;
use crate::tables::Tables;
use crate::variant::VariantDef;

/// The side to move's view of a position, shared by the generation steps.
pub struct Pseudo<'a, R: Rules> {
    pub pos: &'a Position<R>,
    /// The variant's definition, looked up once per node rather than once per piece type.
    pub def: &'static VariantDef<R::S>,
    pub t: &'static Tables<R::S>,
    pub us: Color,
    pub own: Bb<R>,
    pub enemy: Bb<R>,
    pub occ: Bb<R>,
    /// The squares a move may end on: never an own piece, and within what the caller allowed.
    pub target: Bb<R>,
}

impl<'a, R: Rules> Pseudo<'a, R> {
    /// The generator for the side to move, its moves restricted to end on `allowed`.
    #[inline(always)]
    pub fn new(pos: &'a Position<R>, allowed: Bb<R>) -> Pseudo<'a, R> {
        let t = R::S::tables();
        let us = pos.side();
        let own = pos.color(us);
        let enemy = pos.color(us.flip());
        let def = R::def();
        Pseudo { pos, def, t, us, own, enemy, occ: own | enemy, target: allowed & !own & t.all }
    }

    /// Moves from `from` to each of `reach` that the target allows.
    #[inline(always)]
    pub fn push_reach<K: MoveSink<Bb<R>>>(&self, from: Square, reach: Bb<R>, sink: &mut K) {
        sink.push_targets(from, reach & self.target);
    }

    /// Moves of every piece of `kind` by its parts.
    #[inline(always)]
    pub fn piece_moves<K: MoveSink<Bb<R>>>(&self, kind: Kind, sink: &mut K) {
        let mover = &self.def.kinds[kind as usize].mover;
        for sq in self.pos.pieces(kind, self.us).squares() {
            self.push_reach(sq, mover.attacks(self.t, sq, self.occ), sink);
        }
    }

    /// Moves of every pawn. En passant is not generated: no variant without check has it.
    #[inline(always)]
    pub fn pawn_moves<K: MoveSink<Bb<R>>>(&self, pawn: Kind, sink: &mut K) {
        debug_assert!(!R::def().pawn_rules.en_passant, "{} needs en passant", R::NAME);
        let pawns = self.pos.pieces(pawn, self.us);
        let empty = !self.occ & self.t.all;
        let promo = &self.def.pawn_rules.promotion[..];
        pawn_set_moves::<R, K>(pawns, self.us, empty, self.enemy, self.target, promo, sink);
    }

    /// Moves of all plain pieces and pawns: everything but the king and the special pieces.
    #[inline(always)]
    pub fn plain_and_pawn_moves<K: MoveSink<Bb<R>>>(&self, sink: &mut K) {
        for &k in &self.def.plain_kinds {
            self.piece_moves(k, sink);
        }
        if let Some(pawn) = self.def.pawn {
            self.pawn_moves(pawn, sink);
        }
    }
}
