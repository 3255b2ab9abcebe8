//! Reference rules for `uc40`: UC-40 (Carlos Cetina), RULES.md section 6.
//!
//! A turn is a move, optionally followed by one drop of the mover's next reserve piece when
//! it holds a drop credit; the whole turn is one entry of the move list (`d2d4,Q'@c1`), and
//! legality is judged after the whole turn.

mod captures;
mod check;
mod exchanges;
mod fen;
mod pieces;
#[cfg(test)]
mod tests;

use crate::common::{square_name, Grid, Piece};
use crate::Game;
use captures::{piece_actions, Action, ActionKind, Ctx};
use check::{all_squares, in_check, is_frozen, king_square};
use exchanges::{drops, settle_exchange, take_promotion_piece};
use pieces::{at, kind, Kind, Sq};

pub struct Uc40;

/// A UC-40 position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    pub board: Grid,
    /// White's and Black's reserves, each in drop order (the next piece to drop first).
    pub reserves: [Vec<Piece>; 2],
    pub white_to_move: bool,
    /// The square a pawn passed over on the last ply's double step.
    pub ep: Option<Sq>,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Drop credits of White and Black.
    pub credits: [u32; 2],
    /// The last ply's capture, if it can still be answered by a recapture: the square of the
    /// piece that made it and the number of non-pawn pieces it took.
    pub pending: Option<(Sq, u32)>,
    /// The swap (from, to) that forbids the same pair to swap back on this ply.
    pub ban: Option<(Sq, Sq)>,
}

fn side(white: bool) -> usize {
    if white {
        0
    } else {
        1
    }
}

impl Game for Uc40 {
    type Pos = Pos;

    fn from_fen(fen: &str) -> Result<Pos, String> {
        fen::read(fen)
    }

    fn to_fen(pos: &Pos) -> String {
        fen::write(pos)
    }

    fn moves(pos: &Pos) -> Vec<(String, Pos)> {
        legal_turns(pos)
    }
}

/// Every legal turn: each move alone, and each move followed by each possible drop, kept when
/// the mover's King is not in check after the whole turn.
fn legal_turns(pos: &Pos) -> Vec<(String, Pos)> {
    let me = pos.white_to_move;
    if king_square(&pos.board, me).is_none() || king_square(&pos.board, !me).is_none() {
        return Vec::new();
    }
    let ctx = Ctx {
        board: &pos.board,
        ep: pos.ep,
        ban: pos.ban,
        reserve_empty: pos.reserves[side(me)].is_empty(),
        for_check: false,
    };
    let mut out: Vec<(String, Pos)> = Vec::new();
    for s in all_squares() {
        let Some(p) = at(&pos.board, s) else { continue };
        if p.white != me {
            continue;
        }
        let actions = if is_frozen(&pos.board, s) {
            // A frozen piece cannot move; any but the King may remove itself.
            if kind(p) == Kind::King {
                Vec::new()
            } else {
                vec![Action {
                    kind: ActionKind::Suicide,
                    from: s,
                    to: s,
                    captures: vec![],
                    promotes: false,
                }]
            }
        } else {
            piece_actions(&ctx, s)
        };
        // Several paths (a Rose's, a Sissa's, a Dancing Horse's) may lead to one move.
        let mut unique: Vec<Action> = Vec::new();
        for action in actions {
            if !unique.contains(&action) {
                unique.push(action);
            }
        }
        for action in unique {
            let (notation, after) = apply(pos, &action);
            let dropped: Vec<(String, Pos)> = drops(&after, me)
                .into_iter()
                .map(|(suffix, child)| (format!("{notation}{suffix}"), child))
                .collect();
            for (n, child) in std::iter::once((notation, after)).chain(dropped) {
                if !in_check(&child.board, me) {
                    out.push((n, child));
                }
            }
        }
    }
    // Two different actions must never share a notation (RULES.md section 0: one move per
    // notation string).
    debug_assert!(
        {
            let mut names: Vec<&String> = out.iter().map(|(n, _)| n).collect();
            names.sort();
            names.windows(2).all(|w| w[0] != w[1])
        },
        "a notation names two different moves"
    );
    out
}

/// Plays one action (without a drop): returns its notation and the position after it, with
/// the side to move switched and every counter updated.
fn apply(pos: &Pos, action: &Action) -> (String, Pos) {
    let me = pos.white_to_move;
    let mut p = pos.clone();
    let (from, to) = (action.from, action.to);
    let mover = at(&pos.board, from).expect("an action starts on its piece");
    let mover_kind = kind(mover);
    let captured: Vec<Piece> = action
        .captures
        .iter()
        .map(|s| at(&pos.board, *s).expect("an action captures only occupied squares"))
        .collect();
    let set = |p: &mut Pos, s: Sq, piece: Option<Piece>| p.board.set(s.0, s.1, piece);
    let mut notation = format!("{}{}", square_name(from.0, from.1), square_name(to.0, to.1));
    let mut ban = None;
    match action.kind {
        ActionKind::Move => {
            for s in &action.captures {
                set(&mut p, *s, None);
            }
            set(&mut p, from, None);
            let placed = if action.promotes {
                let promoted = take_promotion_piece(&mut p, me);
                notation.push_str(&promoted.code().to_ascii_lowercase());
                promoted
            } else {
                mover
            };
            set(&mut p, to, Some(placed));
        }
        ActionKind::Swap => {
            let other = at(&pos.board, to).expect("a swap has a partner");
            for s in &action.captures {
                set(&mut p, *s, None);
            }
            set(&mut p, from, Some(other));
            set(&mut p, to, Some(mover));
            // A swap between a Swapper and an opposing Swapper or Chameleon may not be
            // undone by the same pair on the next ply.
            let pair = [mover_kind, kind(other)];
            if other.white != mover.white
                && pair.contains(&Kind::Swapper)
                && pair.iter().all(|k| *k == Kind::Swapper || *k == Kind::Chameleon)
            {
                ban = Some((from, to));
            }
        }
        ActionKind::Destroy => {
            set(&mut p, from, None);
            set(&mut p, to, None);
            notation = format!("{}x{}", square_name(from.0, from.1), square_name(to.0, to.1));
        }
        ActionKind::Suicide => set(&mut p, from, None),
    }
    let double_step =
        action.kind == ActionKind::Move && mover_kind == Kind::Pawn && (to.1 - from.1).abs() == 2;
    p.ep = if double_step { Some((from.0, (from.1 + to.1) / 2)) } else { None };
    p.halfmove = if !captured.is_empty() || mover_kind == Kind::Pawn {
        0
    } else {
        pos.halfmove.saturating_add(1)
    };
    p.pending = settle_exchange(pos.pending, action, &captured, me, &mut p.credits);
    p.ban = ban;
    p.white_to_move = !me;
    if !me {
        p.fullmove = p.fullmove.saturating_add(1);
    }
    (notation, p)
}
