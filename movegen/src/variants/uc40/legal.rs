//! Legal turns (RULES.md section 6): each move alone, and each move followed by each drop the
//! mover may make, kept when the mover's King cannot be captured after the whole turn.
//!
//! The generator hands its moves to [`Turns`], a move sink that decides. Once per position it
//! works out which enemy pieces could capture the King on its square on some board (their
//! empty-board reach covers it: the *potential* attackers), the *danger* squares whose change
//! could decide whether one of them can (their own squares and their routes: the squares
//! between, a Withdrawer's escape square, a Long Leaper's landing square), the squares next to
//! them (where an own Immobilizer freezes them), and whether the King is in check now.
//!
//! A move that neither moves the King nor swaps (so no enemy piece moves) and touches none of
//! those squares, by its start, its destination or what it captures, leaves every potential
//! attacker as it was: it is legal exactly when the King is not in check. Whole target sets of
//! such moves are passed on at once, so a counting sink counts them by popcount. Every other
//! move is played out on bitboards and tested exactly against the potential attackers, or,
//! when the King moves or a swap moves an enemy piece, against every enemy piece whose reach
//! covers the King's new square. A drop adds one own piece: it matters only on a danger square
//! (a screen for a PaoVao, a piece for a Long Leaper to jump, a block), or as an Immobilizer
//! next to a potential attacker (freezing it).

use super::captures::{captured_by, capturer};
use super::check::{captures_king, reach, route};
use super::generate::{first_rank, pseudo_moves};
use super::{kinds, tables, Uc40};
use crate::bitboard::Bitboard;
use crate::exchange::earns_or_has_credit;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind, MoveSink};
use crate::pawns;
use crate::piece::Kind;
use crate::pieces::ultima::immobilizer::neighbours;
use crate::position::Position;

/// Every legal turn of the side to move (none once a King is missing).
pub fn generate_turns<K: MoveSink<u64>>(pos: &Position<Uc40>, sink: &mut K) {
    let us = pos.side();
    let (Some(king), Some(_)) = (pos.king_square(us), pos.king_square(us.flip())) else {
        return;
    };
    let mut turns = Turns::new(pos, king, sink);
    pseudo_moves(pos, &mut turns);
}

/// Which drops a turn may add.
struct Drops {
    /// The next piece of the reserve, if any.
    piece: Option<Kind>,
    /// How many pieces the reserve holds.
    reserve: usize,
    /// Does the side hold a credit already, so that every move may drop?
    credit: bool,
    /// Without a credit: the square of the pending capture's piece, whose capture may earn one.
    pending: u64,
    /// The side's first rank, where drops go.
    rank: u64,
}

/// The move sink that keeps legal turns and passes them on to `sink`.
pub struct Turns<'a, K> {
    pos: &'a Position<Uc40>,
    sink: &'a mut K,
    us: Color,
    them: Color,
    king: Square,
    own: u64,
    enemy: u64,
    /// Own Immobilizers.
    immobilizers: u64,
    /// Enemy pieces whose empty-board reach covers the King's square.
    potential: u64,
    /// Every square some enemy piece could capture on, on some board.
    enemy_reach: u64,
    /// The potential attackers' squares and routes.
    danger: u64,
    /// The squares next to the potential attackers.
    freeze: u64,
    in_check: bool,
    drops: Drops,
}

/// What decides a move's legality, and so that of its drops.
#[derive(Clone, Copy)]
enum Verdict {
    /// The King stands where no enemy piece could ever capture it: legal with every drop.
    OutOfReach,
    /// Legal or not by the potential attackers; a drop changes that only on a danger square,
    /// or as an Immobilizer next to a potential attacker.
    ByPotential(bool),
    /// The King or an enemy piece moved: every drop is tested again.
    Exact(bool),
}

impl Verdict {
    fn legal(self) -> bool {
        match self {
            Verdict::OutOfReach => true,
            Verdict::ByPotential(legal) | Verdict::Exact(legal) => legal,
        }
    }
}

/// The board after a candidate turn, as the check test sees it.
struct After {
    occ: u64,
    own: u64,
    enemy: u64,
    immobilizers: u64,
    king: Square,
    /// An enemy piece a swap moved: (its new square, its type).
    moved_enemy: Option<(Square, Kind)>,
}

impl<'a, K: MoveSink<u64>> Turns<'a, K> {
    fn new(pos: &'a Position<Uc40>, king: Square, sink: &'a mut K) -> Turns<'a, K> {
        let us = pos.side();
        let them = us.flip();
        let own = pos.color(us);
        let enemy = pos.color(them);
        let occ = own | enemy;
        let immobilizers = pos.pieces(kinds::IMMOBILIZER, us);
        let state = &pos.extra;
        let reserve = &state.reserves[us.index()];
        let credit = state.credits[us.index()] > 0;
        let pending = match state.pending {
            Some(p) if !credit && !reserve.is_empty() => 1u64 << p.square,
            _ => 0,
        };
        let mut turns = Turns {
            pos,
            sink,
            us,
            them,
            king,
            own,
            enemy,
            immobilizers,
            potential: 0,
            enemy_reach: 0,
            danger: 0,
            freeze: 0,
            in_check: false,
            drops: Drops {
                piece: reserve.front(),
                reserve: reserve.len(),
                credit: credit && !reserve.is_empty(),
                pending,
                rank: first_rank(us),
            },
        };
        turns.find_potential_attackers();
        // In check: the King is not safe on the board as it stands.
        let here = After { occ, own, enemy, immobilizers, king, moved_enemy: None };
        turns.in_check = !turns.safe(&here);
        turns
    }

    /// Fills in `potential`, `enemy_reach`, `danger` and `freeze`.
    fn find_potential_attackers(&mut self) {
        let t = tables();
        let pawns = self.pos.pieces(kinds::PAWN, self.them);
        let (left, right) = (t.file_masks[0], t.file_masks[7]);
        self.enemy_reach = pawns::shift(pawns & !left, self.them, -1, 8)
            | pawns::shift(pawns & !right, self.them, 1, 8);
        self.potential = reach(kinds::PAWN, self.us, self.king) & pawns;
        self.danger = self.potential;
        for from in (self.enemy & !pawns).squares() {
            let Some(kind) = self.kind_at(from) else { continue };
            let covers = reach(kind, self.them, from);
            self.enemy_reach |= covers;
            if covers.has(self.king) {
                self.potential |= 1u64 << from;
                self.danger |= (1u64 << from) | route(kind, from, self.king);
            }
        }
        self.freeze = neighbours(t, self.potential);
    }

    #[inline(always)]
    fn kind_at(&self, sq: Square) -> Option<Kind> {
        self.pos.piece_at(sq).map(|p| p.kind())
    }

    /// Can the enemy piece of type `kind` on `from` capture the King on `king`?
    #[inline(always)]
    fn captures(&self, kind: Kind, from: Square, king: Square, occ: u64, own: u64) -> bool {
        reach(kind, self.them, from).has(king)
            && captures_king(kind, self.them, from, king, occ, own)
    }

    /// The squares whose change matters to a move of a piece of type `kind` (or promoting to
    /// it): the danger squares, and for an Immobilizer the squares where it freezes or frees
    /// a potential attacker.
    #[inline(always)]
    fn sensitive(&self, kind: Kind) -> u64 {
        if kind == kinds::IMMOBILIZER {
            self.danger | self.freeze
        } else {
            self.danger
        }
    }

    /// Normal moves of the piece on `from` (not the King) to each of `targets`.
    #[inline]
    fn piece_targets(&mut self, from: Square, targets: u64) {
        let Some(kind) = self.kind_at(from) else { return };
        let sensitive = self.sensitive(kind);
        let watched = sensitive | self.drops.pending;
        // The destination stays the only square in question unless the piece captures
        // elsewhere too, near what is watched.
        let side_victims_watched = || {
            let capturer = capturer(self.pos, from, self.pos.ep_square(), 0);
            (capturer.side_victims(tables(), from) & watched).any()
        };
        let one_by_one =
            self.drops.credit || sensitive.has(from) || (watched != 0 && side_victims_watched());
        let careful = if one_by_one { targets } else { targets & watched };
        if !self.in_check {
            self.sink.push_targets(from, targets & !careful);
        }
        for to in careful.squares() {
            self.one(Move::normal(from, to));
        }
    }

    /// King moves to each of `targets`: those no enemy piece can ever capture on are legal.
    #[inline]
    fn king_targets(&mut self, targets: u64) {
        let careful = if self.drops.credit {
            targets
        } else {
            targets & (self.enemy_reach | self.drops.pending)
        };
        self.sink.push_targets(self.king, targets & !careful);
        for to in careful.squares() {
            self.one(Move::normal(self.king, to));
        }
    }

    /// One move, with its captures worked out.
    #[inline]
    fn one(&mut self, mv: Move) {
        let captured = captured_by(self.pos, self.pos.ep_square(), mv);
        self.turn(mv, captured);
    }

    /// One move that removes the enemy pieces `captured`, alone and with each drop it allows.
    fn turn(&mut self, mv: Move, captured: u64) {
        let Some(kind) = self.kind_at(mv.from()) else { return };
        let after = self.after(mv, kind, captured);
        let verdict = self.judge(mv, kind, captured, &after);
        if verdict.legal() {
            self.sink.push(mv);
        }
        if self.may_drop(mv, captured) {
            self.drops_after(mv, &after, verdict);
        }
    }

    /// Is the move that leads to `after` legal, and what decides for its drops?
    fn judge(&self, mv: Move, kind: Kind, captured: u64, after: &After) -> Verdict {
        if after.moved_enemy.is_none() && !self.enemy_reach.has(after.king) {
            return Verdict::OutOfReach;
        }
        if after.king != self.king || after.moved_enemy.is_some() {
            return Verdict::Exact(self.safe(after));
        }
        let mut sensitive = self.sensitive(kind);
        if mv.promotion() == Some(kinds::IMMOBILIZER) {
            sensitive |= self.freeze;
        }
        // A swap may also carry an own Immobilizer away from a potential attacker.
        let touched = ((1u64 << mv.from()) | (1u64 << mv.to()) | captured) & sensitive != 0
            || mv.kind() == MoveKind::Swap;
        let legal = if touched { self.safe(after) } else { !self.in_check };
        Verdict::ByPotential(legal)
    }

    /// The move `mv`, leading to `after`, with each drop on an empty square of the first rank.
    fn drops_after(&mut self, mv: Move, after: &After, verdict: Verdict) {
        let Some(piece) = self.drops.piece else { return };
        let matters = self.sensitive(piece);
        for sq in (self.drops.rank & !after.occ).squares() {
            let legal = match verdict {
                Verdict::OutOfReach => true,
                Verdict::ByPotential(alone) if !matters.has(sq) => alone,
                _ => self.safe(&after.with_drop(sq, piece)),
            };
            if legal {
                self.sink.push(mv.with_drop(sq));
            }
        }
    }

    /// May this move be followed by a drop: a piece left in the reserve (after a promotion
    /// takes the last one) and a credit, held or earned by the move?
    #[inline]
    fn may_drop(&self, mv: Move, captured: u64) -> bool {
        let needed = 1 + usize::from(mv.promotion().is_some());
        if self.drops.reserve < needed {
            return false;
        }
        if self.drops.credit {
            return true;
        }
        let state = &self.pos.extra;
        let pawns = self.pos.kind(kinds::PAWN);
        earns_or_has_credit(pawns, state.credits, state.pending, self.us, mv, captured)
    }

    /// The board after `mv` of a piece of type `kind`, which removes `captured`.
    fn after(&self, mv: Move, kind: Kind, captured: u64) -> After {
        let (from, to) = (mv.from(), mv.to());
        let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
        let mut after = After {
            occ: 0,
            own: self.own,
            enemy: self.enemy & !captured,
            immobilizers: self.immobilizers,
            king: self.king,
            moved_enemy: None,
        };
        match mv.kind() {
            MoveKind::Suicide => {
                after.own &= !from_bit;
                after.immobilizers &= !from_bit;
            }
            MoveKind::MutualDestruction => after.own &= !from_bit,
            MoveKind::Swap => {
                let partner = self.pos.piece_at(to);
                match partner {
                    Some(p) if p.color() == self.us => {
                        // Two own pieces change places: only the partner's type matters.
                        if p.kind() == kinds::KING {
                            after.king = from;
                        }
                        if p.kind() == kinds::IMMOBILIZER {
                            after.immobilizers ^= from_bit | to_bit;
                        }
                    }
                    Some(p) => {
                        after.own ^= from_bit | to_bit;
                        after.enemy ^= from_bit | to_bit;
                        after.moved_enemy = Some((from, p.kind()));
                    }
                    None => {}
                }
            }
            _ => {
                after.own = (after.own & !from_bit) | to_bit;
                if kind == kinds::KING {
                    after.king = to;
                }
                if kind == kinds::IMMOBILIZER {
                    after.immobilizers &= !from_bit;
                }
                let placed = mv.promotion().unwrap_or(kind);
                if placed == kinds::IMMOBILIZER {
                    after.immobilizers |= to_bit;
                }
            }
        }
        after.occ = after.own | after.enemy;
        after
    }

    /// Is the King safe on the board `after`: can no unfrozen enemy piece capture it? Only the
    /// potential attackers are asked unless the King or an enemy piece moved.
    fn safe(&self, after: &After) -> bool {
        let frozen = neighbours(tables(), after.immobilizers);
        let candidates = if after.king != self.king || after.moved_enemy.is_some() {
            after.enemy
        } else {
            self.potential & after.enemy
        };
        for from in (candidates & !frozen).squares() {
            let kind = match after.moved_enemy {
                Some((sq, kind)) if sq == from => Some(kind),
                _ => self.kind_at(from),
            };
            let Some(kind) = kind else { continue };
            if self.captures(kind, from, after.king, after.occ, after.own) {
                return false;
            }
        }
        true
    }
}

impl After {
    /// This board with an own piece of type `piece` dropped on `sq`.
    fn with_drop(&self, sq: Square, piece: Kind) -> After {
        let bit = 1u64 << sq;
        let immobilizers =
            if piece == kinds::IMMOBILIZER { self.immobilizers | bit } else { self.immobilizers };
        After { occ: self.occ | bit, own: self.own | bit, immobilizers, ..*self }
    }
}

impl<K: MoveSink<u64>> MoveSink<u64> for Turns<'_, K> {
    #[inline]
    fn push(&mut self, mv: Move) {
        self.one(mv);
    }

    #[inline]
    fn push_targets(&mut self, from: Square, targets: u64) {
        if from == self.king {
            self.king_targets(targets);
        } else {
            self.piece_targets(from, targets);
        }
    }

    #[inline]
    fn push_kind_targets(&mut self, from: Square, targets: u64, kind: MoveKind) {
        for to in targets.squares() {
            self.one(Move::new(from, to, kind));
        }
    }

    #[inline]
    fn push_promotions(&mut self, from: Square, targets: u64, types: &[u8]) {
        for to in targets.squares() {
            for &t in types {
                self.one(Move::normal(from, to).with_promotion(t));
            }
        }
    }

    #[inline]
    fn push_pawn_moves(&mut self, targets: u64, back: i32, kind: MoveKind) {
        // The destinations whose pawn starts on a danger square.
        let from_danger =
            if back >= 0 { self.danger << back as u32 } else { self.danger >> (-back) as u32 };
        let careful = if self.drops.credit {
            targets
        } else {
            targets & (self.danger | from_danger | self.drops.pending)
        };
        if !self.in_check {
            self.sink.push_pawn_moves(targets & !careful, back, kind);
        }
        for to in careful.squares() {
            let mv = Move::new((to as i32 - back) as Square, to, kind);
            let captured = if kind == MoveKind::Normal { (1u64 << to) & self.enemy } else { 0 };
            self.turn(mv, captured);
        }
    }

    #[inline]
    fn push_pawn_promotions(&mut self, targets: u64, back: i32, types: &[u8]) {
        for to in targets.squares() {
            let from = (to as i32 - back) as Square;
            for &t in types {
                self.one(Move::normal(from, to).with_promotion(t));
            }
        }
    }
}
