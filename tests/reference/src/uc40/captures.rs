//! Every move a piece can make, as an [`Action`]: what moves where and which squares are
//! emptied by capture. The ordinary pieces capture by landing; the six Rococo pieces and the
//! Chameleon capture in their own ways (RULES.md sections 5 and 6).

use super::pieces::{
    add, at, captures_by_landing, is_empty, kind, landing_captures, on_board, pawn_attacks, reach,
    Kind, Sq, QUEEN,
};
use crate::common::Grid;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// The piece goes from `from` to `to` (an empty square, or its victim's square).
    Move,
    /// The pieces on `from` and `to` exchange places (Swapper, or Chameleon with a Swapper).
    Swap,
    /// Mutual destruction: the pieces on `from` and `to` both leave the board.
    Destroy,
    /// A frozen piece removes itself (`from` = `to`).
    Suicide,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub kind: ActionKind,
    pub from: Sq,
    pub to: Sq,
    /// Squares of the enemy pieces this action captures (for `Destroy`, the enemy's square).
    pub captures: Vec<Sq>,
    /// A pawn reaching its last rank by its own move.
    pub promotes: bool,
}

impl Action {
    fn moving(from: Sq, to: Sq, captures: Vec<Sq>) -> Action {
        Action { kind: ActionKind::Move, from, to, captures, promotes: false }
    }
}

/// What the generator needs to know besides the board.
pub struct Ctx<'a> {
    pub board: &'a Grid,
    /// The en passant square (the square a pawn passed over on the last ply's double step).
    pub ep: Option<Sq>,
    /// The swap forbidden on this ply, as an unordered pair of squares.
    pub ban: Option<(Sq, Sq)>,
    /// The mover's reserve is empty, so its pawns may not enter the last rank.
    pub reserve_empty: bool,
    /// Generating for the check test: captures only, ignoring the swap-back ban and the
    /// empty-reserve promotion ban (RULES.md section 6, Check).
    pub for_check: bool,
}

impl Ctx<'_> {
    fn enemy_at(&self, s: Sq, white: bool) -> bool {
        at(self.board, s).is_some_and(|p| p.white != white)
    }

    fn enemy_kind_at(&self, s: Sq, white: bool, k: Kind) -> bool {
        at(self.board, s).is_some_and(|p| p.white != white && kind(p) == k)
    }

    fn banned(&self, a: Sq, b: Sq) -> bool {
        !self.for_check && self.ban.is_some_and(|(x, y)| (x == a && y == b) || (x == b && y == a))
    }
}

/// All actions of the (unfrozen) piece on `from`.
pub fn piece_actions(ctx: &Ctx, from: Sq) -> Vec<Action> {
    let piece = at(ctx.board, from).expect("piece_actions is called on an occupied square");
    let white = piece.white;
    let mut out = Vec::new();
    match kind(piece) {
        Kind::Pawn => pawn(ctx, from, white, &mut out),
        Kind::PaoVao => paovao(ctx, from, white, &mut out),
        Kind::Advancer => advancer(ctx, from, white, &mut out),
        Kind::Withdrawer => withdrawer(ctx, from, white, &mut out),
        Kind::LongLeaper => long_leaper(ctx, from, white, &mut out),
        Kind::Immobilizer => {
            if !ctx.for_check {
                for t in queen_slides(ctx.board, from) {
                    out.push(Action::moving(from, t, vec![]));
                }
            }
        }
        Kind::Swapper => swapper(ctx, from, white, &mut out),
        Kind::Chameleon => chameleon(ctx, from, white, &mut out),
        k => ordinary(ctx, from, white, k, &mut out),
    }
    out
}

/// The empty squares a queen on `from` slides to.
fn queen_slides(board: &Grid, from: Sq) -> Vec<Sq> {
    let mut out = Vec::new();
    for d in QUEEN {
        let mut t = add(from, d);
        while is_empty(board, t) {
            out.push(t);
            t = add(t, d);
        }
    }
    out
}

/// Pieces that move and capture along the same paths, capturing by landing on the victim.
fn ordinary(ctx: &Ctx, from: Sq, white: bool, k: Kind, out: &mut Vec<Action>) {
    for (t, _) in reach(k, from, ctx.board) {
        match at(ctx.board, t) {
            None if !ctx.for_check => out.push(Action::moving(from, t, vec![])),
            Some(p) if p.white != white => out.push(Action::moving(from, t, vec![t])),
            _ => {}
        }
    }
}

/// FIDE pawn: step, double step from its second rank, diagonal capture, en passant.
/// Reaching the last rank by its own move it promotes, which it may not do while its
/// side's reserve is empty.
fn pawn(ctx: &Ctx, from: Sq, white: bool, out: &mut Vec<Action>) {
    let fwd = if white { 1 } else { -1 };
    let last = if white { 7 } else { 0 };
    let second = if white { 1 } else { 6 };
    let mut push = |mut a: Action| {
        if a.to.1 == last {
            if ctx.reserve_empty && !ctx.for_check {
                return;
            }
            a.promotes = true;
        }
        out.push(a);
    };
    if !ctx.for_check {
        let one = (from.0, from.1 + fwd);
        if is_empty(ctx.board, one) {
            push(Action::moving(from, one, vec![]));
            let two = (from.0, from.1 + 2 * fwd);
            if from.1 == second && is_empty(ctx.board, two) {
                push(Action::moving(from, two, vec![]));
            }
        }
    }
    for (t, _) in pawn_attacks(from, white) {
        if ctx.enemy_at(t, white) {
            push(Action::moving(from, t, vec![t]));
        }
        if let Some(victim) = en_passant_victim(ctx, from, t, white) {
            push(Action::moving(from, t, vec![victim]));
        }
    }
}

/// If a pawn of colour `white` on `from` stepping diagonally forward to `to` captures en
/// passant, the square of the pawn it takes (the one that just passed over `to`).
fn en_passant_victim(ctx: &Ctx, from: Sq, to: Sq, white: bool) -> Option<Sq> {
    let fwd = if white { 1 } else { -1 };
    let victim = (to.0, from.1);
    let is_step = to.1 == from.1 + fwd && (to.0 - from.0).abs() == 1;
    if ctx.ep == Some(to) && is_step && ctx.enemy_kind_at(victim, white, Kind::Pawn) {
        Some(victim)
    } else {
        None
    }
}

/// PaoVao: queen slides without capturing; captures by jumping exactly one piece.
fn paovao(ctx: &Ctx, from: Sq, white: bool, out: &mut Vec<Action>) {
    if !ctx.for_check {
        for t in queen_slides(ctx.board, from) {
            out.push(Action::moving(from, t, vec![]));
        }
    }
    for (t, _) in landing_captures(Kind::PaoVao, white, from, ctx.board) {
        if ctx.enemy_at(t, white) {
            out.push(Action::moving(from, t, vec![t]));
        }
    }
}

/// Advancer: queen slides to empty squares; if the next square in the direction of travel
/// holds an enemy, that enemy is captured (approach, compulsory).
fn advancer(ctx: &Ctx, from: Sq, white: bool, out: &mut Vec<Action>) {
    for d in QUEEN {
        let mut t = add(from, d);
        while is_empty(ctx.board, t) {
            let beyond = add(t, d);
            if ctx.enemy_at(beyond, white) {
                out.push(Action::moving(from, t, vec![beyond]));
            } else if !ctx.for_check {
                out.push(Action::moving(from, t, vec![]));
            }
            t = add(t, d);
        }
    }
}

/// Withdrawer: queen slides to empty squares; moving directly away from an adjacent enemy
/// captures it (withdrawal, compulsory).
fn withdrawer(ctx: &Ctx, from: Sq, white: bool, out: &mut Vec<Action>) {
    for d in QUEEN {
        let behind = (from.0 - d.0, from.1 - d.1);
        let captures = if ctx.enemy_at(behind, white) { vec![behind] } else { vec![] };
        if ctx.for_check && captures.is_empty() {
            continue;
        }
        let mut t = add(from, d);
        while is_empty(ctx.board, t) {
            out.push(Action::moving(from, t, captures.clone()));
            t = add(t, d);
        }
    }
}

/// Long Leaper: along a queen line over empty squares and over enemy pieces each followed by
/// an empty square (capturing them), landing on an empty square; never over a friendly piece
/// or two pieces in a row.
fn long_leaper(ctx: &Ctx, from: Sq, white: bool, out: &mut Vec<Action>) {
    for d in QUEEN {
        let mut captured: Vec<Sq> = Vec::new();
        let mut t = add(from, d);
        while on_board(t) {
            match at(ctx.board, t) {
                None => {
                    if !(ctx.for_check && captured.is_empty()) {
                        out.push(Action::moving(from, t, captured.clone()));
                    }
                    t = add(t, d);
                }
                Some(p) if p.white != white && is_empty(ctx.board, add(t, d)) => {
                    captured.push(t);
                    t = add(t, d);
                }
                Some(_) => break,
            }
        }
    }
}

/// Swapper: queen slides to empty squares; swap with the first piece of either colour along
/// a queen line (not the swap the swap-back ban forbids); mutual destruction with an
/// adjacent enemy.
fn swapper(ctx: &Ctx, from: Sq, white: bool, out: &mut Vec<Action>) {
    for d in QUEEN {
        let mut t = add(from, d);
        while is_empty(ctx.board, t) {
            if !ctx.for_check {
                out.push(Action::moving(from, t, vec![]));
            }
            t = add(t, d);
        }
        // A swap captures nothing, so the check test does not need it.
        if on_board(t) && !ctx.for_check && !ctx.banned(from, t) {
            out.push(Action {
                kind: ActionKind::Swap,
                from,
                to: t,
                captures: vec![],
                promotes: false,
            });
        }
    }
    for d in QUEEN {
        let t = add(from, d);
        if ctx.enemy_at(t, white) {
            out.push(Action {
                kind: ActionKind::Destroy,
                from,
                to: t,
                captures: vec![t],
                promotes: false,
            });
        }
    }
}

/// Chameleon (RULES.md section 6 ruling): it moves as a queen and captures an enemy piece of
/// type T only as a piece of type T of its own colour on its square could capture it. A
/// movement along one queen line makes every mimic capture it realises at once: overtaking
/// of enemy Long Leapers, approach of enemy Advancers, withdrawal from enemy Withdrawers, en
/// passant, a landing capture along the line, a swap with an enemy Swapper. A capture along a
/// bent or knight-like path takes only its victim. Mutual destruction with an adjacent enemy
/// Swapper combines with nothing. It never captures Chameleons or Immobilizers.
fn chameleon(ctx: &Ctx, from: Sq, white: bool, out: &mut Vec<Action>) {
    if ctx.for_check {
        // The check test asks only whether the King can be taken, and a Chameleon takes a
        // King only as a King would, by one step (a King is no Advancer, Withdrawer, Long
        // Leaper or Swapper, so no other mimic capture can include it).
        for d in QUEEN {
            let t = add(from, d);
            if ctx.enemy_kind_at(t, white, Kind::King) {
                out.push(Action::moving(from, t, vec![t]));
            }
        }
        return;
    }
    // The landing captures each enemy type allows from here, computed once per type.
    let mut landing: Vec<(Kind, Vec<(Sq, bool)>)> = Vec::new();
    let mut landing_of = |k: Kind| -> Vec<(Sq, bool)> {
        if let Some((_, v)) = landing.iter().find(|(kk, _)| *kk == k) {
            return v.clone();
        }
        let v = landing_captures(k, white, from, ctx.board);
        landing.push((k, v.clone()));
        v
    };

    // Movements along a queen line.
    for d in QUEEN {
        for n in 1..8 {
            let t = (from.0 + n * d.0, from.1 + n * d.1);
            if !on_board(t) {
                break;
            }
            let between: Vec<Sq> = (1..n).map(|j| (from.0 + j * d.0, from.1 + j * d.1)).collect();
            let occupied: Vec<Sq> =
                between.iter().copied().filter(|s| at(ctx.board, *s).is_some()).collect();
            match at(ctx.board, t) {
                None => {
                    // A slide, or an overtaking of enemy Long Leapers.
                    if !occupied.is_empty() && !overtakes_long_leapers(ctx, &between, white) {
                        continue;
                    }
                    let mut captures = occupied;
                    if n == 1 {
                        captures.extend(en_passant_victim(ctx, from, t, white));
                    }
                    add_line_captures(ctx, from, t, d, white, &mut captures);
                    if !(ctx.for_check && captures.is_empty()) {
                        out.push(Action::moving(from, t, captures));
                    }
                }
                Some(p) if p.white != white => {
                    let k = kind(p);
                    if k == Kind::Swapper
                        && occupied.is_empty()
                        && !ctx.for_check
                        && !ctx.banned(from, t)
                    {
                        let mut captures = Vec::new();
                        add_line_captures(ctx, from, t, d, white, &mut captures);
                        out.push(Action {
                            kind: ActionKind::Swap,
                            from,
                            to: t,
                            captures,
                            promotes: false,
                        });
                    }
                    if captures_by_landing(k) && landing_of(k).contains(&(t, true)) {
                        let mut captures = vec![t];
                        add_line_captures(ctx, from, t, d, white, &mut captures);
                        out.push(Action::moving(from, t, captures));
                    }
                }
                Some(_) => {}
            }
        }
    }

    // Landing captures along bent or knight-like paths: the victim only.
    for file in 0..8 {
        for rank in 0..8 {
            let t = (file, rank);
            let Some(p) = at(ctx.board, t) else { continue };
            let k = kind(p);
            if p.white == white || !captures_by_landing(k) {
                continue;
            }
            let paths = landing_of(k);
            if paths.contains(&(t, false)) && !paths.contains(&(t, true)) {
                out.push(Action::moving(from, t, vec![t]));
            }
        }
    }

    // Mutual destruction with an adjacent enemy Swapper.
    for d in QUEEN {
        let t = add(from, d);
        if ctx.enemy_kind_at(t, white, Kind::Swapper) {
            out.push(Action {
                kind: ActionKind::Destroy,
                from,
                to: t,
                captures: vec![t],
                promotes: false,
            });
        }
    }
}

/// Are the squares strictly between a Chameleon and an empty landing square a valid
/// overtaking for it: at least one piece, every piece an enemy Long Leaper, and each followed
/// by an empty square (the landing square is empty)?
fn overtakes_long_leapers(ctx: &Ctx, between: &[Sq], white: bool) -> bool {
    let mut any = false;
    for (i, s) in between.iter().enumerate() {
        if at(ctx.board, *s).is_some() {
            any = true;
            if !ctx.enemy_kind_at(*s, white, Kind::LongLeaper) {
                return false;
            }
            if i + 1 < between.len() && at(ctx.board, between[i + 1]).is_some() {
                return false;
            }
        }
    }
    any
}

/// The captures a Chameleon's movement from `from` to `to` along direction `d` makes besides
/// its main one: withdrawal from an enemy Withdrawer just behind its start, approach of an
/// enemy Advancer just beyond its destination.
fn add_line_captures(ctx: &Ctx, from: Sq, to: Sq, d: Sq, white: bool, captures: &mut Vec<Sq>) {
    let behind = (from.0 - d.0, from.1 - d.1);
    if ctx.enemy_kind_at(behind, white, Kind::Withdrawer) {
        captures.push(behind);
    }
    let beyond = add(to, d);
    if ctx.enemy_kind_at(beyond, white, Kind::Advancer) {
        captures.push(beyond);
    }
}
