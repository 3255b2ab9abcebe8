//! The moves of every piece of the side to move, before the King-safety test.
//!
//! Frozen pieces other than the King may only remove themselves; a frozen King has no move.
//! Ordinary pieces move and capture along the paths of their catalogue entry; the pawn, the
//! PaoVao and the six Rococo pieces move by their own rules. A move is recorded by its
//! squares and kind only: what it captures follows from the position (see `captures`).

use super::board::Board;
use super::captures::{landing_captures, paovao_hops, step};
use super::check::frozen;
use super::state::State;
use super::{is_special, kinds, tables, DEF};
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind, MoveList, MoveSink};
use crate::piece::Kind;
use crate::pieces::ultima::swapper::SwapBan;

/// Every move of side `us` that the rules allow before the King-safety test. `ep` is the en
/// passant square.
pub fn pseudo_moves(
    board: &Board,
    state: &State,
    ep: Option<Square>,
    us: Color,
    out: &mut MoveList,
) {
    let own = board.color(us);
    let ice = frozen(board, us);
    for s in (own & ice).squares() {
        if board.kind_at(s) != Some(kinds::KING) {
            add(out, Move::new(s, s, MoveKind::Suicide));
        }
    }
    let cx = Cx { board, state, ep, us, occ: board.occupied(), enemy: board.color(us.flip()) };
    for k in 0..kinds::COUNT as Kind {
        let pieces = board.pieces(k, us) & !ice;
        for s in pieces.squares() {
            match k {
                kinds::PAWN => cx.pawn(s, out),
                kinds::PAOVAO => {
                    cx.slides(s, out);
                    out.push_targets(s, paovao_hops(s, cx.occ) & cx.enemy);
                }
                kinds::ADVANCER | kinds::WITHDRAWER | kinds::IMMOBILIZER => cx.slides(s, out),
                kinds::LONG_LEAPER => cx.long_leaper(s, out),
                kinds::SWAPPER => cx.swapper(s, out),
                kinds::CHAMELEON => cx.chameleon(s, out),
                k => {
                    let mover = &DEF.kinds[k as usize].mover;
                    out.push_targets(s, mover.attacks(tables(), s, cx.occ) & !own);
                }
            }
        }
    }
}

struct Cx<'a> {
    board: &'a Board,
    state: &'a State,
    ep: Option<Square>,
    us: Color,
    occ: u64,
    enemy: u64,
}

impl Cx<'_> {
    fn queen(&self, s: Square) -> u64 {
        let t = tables();
        t.rook(s, self.occ) | t.bishop(s, self.occ)
    }

    /// Queen moves to empty squares.
    fn slides(&self, s: Square, out: &mut MoveList) {
        out.push_targets(s, self.queen(s) & !self.occ);
    }

    fn pawn(&self, s: Square, out: &mut MoveList) {
        let us = self.us;
        let fwd = us.forward();
        let dims = tables().dims;
        let rank = dims.rank(s);
        let (second, last) = match us {
            Color::White => (1, 7),
            Color::Black => (6, 0),
        };
        let reserve = &self.state.reserves[us.index()];
        let push = |out: &mut MoveList, to: Square, kind: MoveKind| {
            if dims.rank(to) == last {
                // Promotion to the last piece of the drop order; none with an empty reserve.
                if let Some(k) = reserve.back() {
                    add(out, Move::new(s, to, kind).with_promotion(k));
                }
            } else {
                add(out, Move::new(s, to, kind));
            }
        };
        if let Some(one) = dims.offset(s, (0, fwd)) {
            if !self.occ.has(one) {
                push(out, one, MoveKind::Normal);
                if rank == second {
                    if let Some(two) = dims.offset(one, (0, fwd)) {
                        if !self.occ.has(two) {
                            add(out, Move::new(s, two, MoveKind::DoubleStep));
                        }
                    }
                }
            }
        }
        let attacks = DEF.pawn_attacks[us.index()][s as usize];
        for to in (attacks & self.enemy).squares() {
            push(out, to, MoveKind::Normal);
        }
        if let Some(ep) = self.ep.filter(|&e| attacks.has(e)) {
            let victim = dims.offset(ep, (0, -fwd));
            if victim.is_some_and(|v| self.board.has(v, kinds::PAWN, us.flip())) {
                add(out, Move::new(s, ep, MoveKind::EnPassant));
            }
        }
    }

    /// Along each queen line: empty squares, and enemy pieces each followed by an empty
    /// square (jumped and captured); `jumpable` are the pieces it may overtake. With
    /// `only_jumps`, only landings after at least one jump.
    fn overtakes(&self, s: Square, jumpable: u64, only_jumps: bool, out: &mut MoveList) {
        for d in 0..8 {
            let mut cur = s;
            let mut jumped = false;
            while let Some(next) = step(cur, d) {
                if !self.occ.has(next) {
                    if jumped || !only_jumps {
                        add(out, Move::normal(s, next));
                    }
                    cur = next;
                } else if jumpable.has(next)
                    && step(next, d).is_some_and(|after| !self.occ.has(after))
                {
                    jumped = true;
                    cur = next;
                } else {
                    break;
                }
            }
        }
    }

    fn long_leaper(&self, s: Square, out: &mut MoveList) {
        self.overtakes(s, self.enemy, false, out);
    }

    fn swaps(&self, s: Square, partners: u64, out: &mut MoveList) {
        let banned: u64 = SwapBan(self.state.ban).banned_partner(s);
        for t in (partners & !banned).squares() {
            add(out, Move::new(s, t, MoveKind::Swap));
        }
    }

    fn destructions(&self, s: Square, victims: u64, out: &mut MoveList) {
        for t in (tables().king[s as usize] & victims).squares() {
            add(out, Move::new(s, t, MoveKind::MutualDestruction));
        }
    }

    fn swapper(&self, s: Square, out: &mut MoveList) {
        let queen = self.queen(s);
        out.push_targets(s, queen & !self.occ);
        self.swaps(s, queen & self.occ, out);
        self.destructions(s, self.enemy, out);
    }

    /// The Chameleon moves as a queen and captures each enemy type only as that type
    /// captures; never Chameleons or Immobilizers.
    fn chameleon(&self, s: Square, out: &mut MoveList) {
        let them = self.us.flip();
        let queen = self.queen(s);
        out.push_targets(s, queen & !self.occ);
        let leapers = self.board.pieces(kinds::LONG_LEAPER, them);
        if leapers != 0 {
            self.overtakes(s, leapers, true, out);
        }
        let mut targets = 0u64;
        for k in 0..kinds::COUNT as Kind {
            let victims = self.board.pieces(k, them);
            if victims == 0 || (is_special(k) && k != kinds::PAOVAO) {
                continue;
            }
            targets |= landing_captures(self.board, k, self.us, s) & victims;
        }
        out.push_targets(s, targets);
        let swappers = self.board.pieces(kinds::SWAPPER, them);
        if swappers != 0 {
            self.swaps(s, queen & swappers, out);
            self.destructions(s, swappers, out);
        }
    }
}

#[inline(always)]
fn add(out: &mut MoveList, mv: Move) {
    MoveSink::<u64>::push(out, mv);
}
