//! Static exchange evaluation: what a capture wins or loses once every piece that attacks the
//! square has joined in, cheapest first. Used to skip losing captures in quiescence, to
//! order them after the quiet moves that look good, and in the main search to skip captures
//! and quiet moves near the leaves that lose too much material.
//!
//! It relies on the attacker test of the check variants (`attacks::attackers_to`), which
//! knows every piece of those games, so it is used only where the variant has check; for
//! the others it answers "not losing" and the search falls back to victim/attacker order.

use sissa_eval::{Evaluated, Evaluator};
use sissa_movegen::attacks::attackers_to;
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::rules::Bb;
use sissa_movegen::{Move, MoveKind, Position};

/// The King's value in an exchange: so high that taking with it into a defended square never
/// pays (it would be illegal).
const KING_VALUE: i32 = 20_000;
/// Longest exchange followed.
const MAX_EXCHANGE: usize = 32;

fn value<R: Evaluated>(eval: &Evaluator<R>, pos: &Position<R>, sq: u8) -> i32 {
    match pos.piece_at(sq) {
        Some(p) if p.kind() == R::def().king => KING_VALUE,
        Some(p) => eval.piece_value(p.kind()),
        None => 0,
    }
}

/// Does the capture `mv` lose material by exchange? Only plain captures that land on their
/// victim are judged; everything else (en passant, promotions, captures by approach,
/// withdrawal, leaping or hopping, the variants without check) counts as not losing. The
/// Ultima family's pieces take no part in the exchange: they do not capture by landing.
pub fn loses_material<R: Evaluated>(pos: &Position<R>, eval: &Evaluator<R>, mv: Move) -> bool {
    if !R::HAS_CHECK || mv.kind() != MoveKind::Normal || mv.promotion().is_some() {
        return false;
    }
    let (from, to) = (mv.from(), mv.to());
    let lands_on_victim = pos.piece_at(to).is_some_and(|p| p.color() != pos.side());
    let mover_lands =
        pos.piece_at(from).is_some_and(|p| R::def().kinds[p.kind() as usize].kind.lands_only());
    if !lands_on_victim || !mover_lands {
        return false;
    }
    let victim = value(eval, pos, to);
    let attacker = value(eval, pos, from);
    if victim >= attacker {
        return false;
    }
    exchange(pos, eval, from, to, victim, attacker) < 0
}

/// What `mv` wins (or, negative, loses) once the exchange on its destination is played out,
/// or `None` where the exchange cannot be judged exactly: the variants without check, and
/// every move but a plain one that lands on its victim or on an empty square without
/// capturing anything else (castling, en passant, promotions, drops, captures by approach,
/// withdrawal or the Ultima family's other ways, and every move of an Ultima-family piece).
pub fn exchange_gain<R: Evaluated>(
    pos: &Position<R>,
    eval: &Evaluator<R>,
    mv: Move,
) -> Option<i32> {
    let (victim, attacker) = judged_exchange(pos, eval, mv)?;
    Some(exchange(pos, eval, mv.from(), mv.to(), victim, attacker))
}

/// Does `mv` lose more than `margin` (its exchange gain is below `-margin`)? Never where the
/// exchange cannot be judged (`exchange_gain`). The same answer as comparing the gain, found
/// without the exchange where its bounds settle it: the side that moves can always stop after
/// the first recapture, so it never does worse than the victim's value less the mover's.
pub fn loses_more_than<R: Evaluated>(
    pos: &Position<R>,
    eval: &Evaluator<R>,
    mv: Move,
    margin: i32,
) -> bool {
    let Some((victim, attacker)) = judged_exchange(pos, eval, mv) else { return false };
    victim.min(victim - attacker) < -margin
        && exchange(pos, eval, mv.from(), mv.to(), victim, attacker) < -margin
}

/// The values of the victim (0 for a quiet move) and of the moving piece, if the exchange
/// that `mv` starts can be judged exactly (`exchange_gain` says which can).
fn judged_exchange<R: Evaluated>(
    pos: &Position<R>,
    eval: &Evaluator<R>,
    mv: Move,
) -> Option<(i32, i32)> {
    if !R::HAS_CHECK
        || mv.kind() != MoveKind::Normal
        || mv.promotion().is_some()
        || mv.drop_square().is_some()
    {
        return None;
    }
    let (from, to) = (mv.from(), mv.to());
    let mover = pos.piece_at(from)?;
    if !R::def().kinds[mover.kind() as usize].kind.lands_only() {
        return None;
    }
    let victim = match pos.piece_at(to) {
        Some(p) if p.color() != pos.side() => value(eval, pos, to),
        None if !R::is_capture(pos, mv) => 0,
        _ => return None,
    };
    Some((victim, value(eval, pos, from)))
}

/// The swap-list algorithm: gains[d] is what the side making capture d has won if the
/// exchange stops after it; then each side keeps the better of stopping or going on.
fn exchange<R: Evaluated>(
    pos: &Position<R>,
    eval: &Evaluator<R>,
    from: u8,
    to: u8,
    victim: i32,
    attacker: i32,
) -> i32 {
    let mut gains = [0i32; MAX_EXCHANGE];
    gains[0] = victim;
    let mut occ = pos.occupied() & !Bb::<R>::from_square(from);
    let mut on_square = attacker;
    let mut side = pos.side().flip();
    let mut depth = 0;
    while depth + 1 < MAX_EXCHANGE {
        let candidates = pos.color(side) & occ;
        let attackers = attackers_to(pos, to, occ, candidates, side);
        let Some(next) = attackers.squares().min_by_key(|&sq| value(eval, pos, sq)) else { break };
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        if (-gains[depth - 1]).max(gains[depth]) < 0 {
            break;
        }
        on_square = value(eval, pos, next);
        occ &= !Bb::<R>::from_square(next);
        side = side.flip();
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::variants::chess::Chess;

    fn loses(fen: &str, text: &str) -> bool {
        let pos = Position::<Chess>::from_fen(fen).unwrap();
        let mv = pos.parse_move(text).unwrap();
        loses_material(&pos, &Evaluator::new(), mv)
    }

    #[test]
    fn defended_pawns_cost_the_queen_and_free_ones_do_not() {
        // Qxd5 with the pawn defended by the e6 pawn loses the queen for a pawn.
        assert!(loses("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"));
        // Undefended: a free pawn.
        assert!(!loses("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"));
        // Defended once, attacked twice with the rook behind the queen (x-ray): Qxd5 exd5?
        // No: the queen is worth more than pawn + pawn, so taking first with the queen loses.
        assert!(loses("4k3/8/4p3/3p4/8/8/8/3QK2R w - - 0 1", "d1d5"));
        // Rook takes a knight defended by a pawn: rook for knight, losing.
        assert!(loses("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", "d1d5"));
        // Knight takes a rook defended by a pawn: winning.
        assert!(!loses("4k3/8/4p3/3r4/8/4N3/8/4K3 w - - 0 1", "e3d5"));
    }

    /// What `text` gains by exchange in `fen` (Chess), with the values of the piece that
    /// moves and of the piece on its destination.
    fn gain_mover_victim(fen: &str, text: &str) -> (Option<i32>, i32, i32) {
        let pos = Position::<Chess>::from_fen(fen).unwrap();
        let mv = pos.parse_move(text).unwrap();
        let eval = Evaluator::new();
        let gain = exchange_gain(&pos, &eval, mv);
        (gain, value(&eval, &pos, mv.from()), value(&eval, &pos, mv.to()))
    }

    #[test]
    fn quiet_moves_onto_attacked_squares_lose_the_mover() {
        // Nf3-e5 with the d6 pawn guarding e5: the knight is lost for nothing.
        let (gain, knight, _) = gain_mover_victim("4k3/8/3p4/8/8/5N2/8/4K3 w - - 0 1", "f3e5");
        assert!(knight > 0);
        assert_eq!(gain, Some(-knight));
        // Nf3-g5 onto a square nobody attacks: nothing changes hands.
        let (gain, _, _) = gain_mover_victim("4k3/8/3p4/8/8/5N2/8/4K3 w - - 0 1", "f3g5");
        assert_eq!(gain, Some(0));
        // Nxe5 taking a pawn guarded by the d6 pawn: a pawn for the knight.
        let fen = "4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1";
        let (gain, knight, pawn) = gain_mover_victim(fen, "f3e5");
        assert!(pawn > 0 && pawn < knight);
        assert_eq!(gain, Some(pawn - knight));
        // Castling and en passant are not judged.
        assert_eq!(gain_mover_victim("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1").0, None);
        assert_eq!(gain_mover_victim("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6").0, None);
    }

    #[test]
    fn x_ray_attackers_join_the_exchange() {
        // Rxd5 against a knight defended by the rook on d8: alone it would lose the rook for
        // the knight, but the second rook behind the first recaptures: +320 -500 +500.
        assert!(!loses("3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1", "d2d5"));
        assert!(loses("3rk3/8/8/3n4/8/8/3R4/4K3 w - - 0 1", "d2d5"));
        // Bishop takes a pawn defended by a rook, backed by the queen behind it on the diagonal:
        // B takes (+100), R takes B (-330), Q takes R (+500): winning overall.
        assert!(!loses("3rk3/8/8/3p4/8/1B6/Q7/4K3 w - - 0 1", "b3d5"));
    }

    #[test]
    fn the_margin_test_agrees_with_the_exchange_played_out() {
        // Every move of positions full of exchanges, against margins from none to a rook's:
        // the shortcut that skips the exchange must answer as the exchange itself does.
        let fens = [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1",
            "3rk3/8/8/3p4/8/1B6/Q7/4K3 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1",
        ];
        let eval = Evaluator::new();
        let mut judged = 0;
        for fen in fens {
            let pos = Position::<Chess>::from_fen(fen).unwrap();
            for &mv in pos.legal_moves().iter() {
                let gain = exchange_gain(&pos, &eval, mv);
                judged += usize::from(gain.is_some());
                for margin in [0, 20, 80, 100, 180, 320, 500] {
                    let expected = gain.is_some_and(|g| g < -margin);
                    assert_eq!(loses_more_than(&pos, &eval, mv, margin), expected, "{fen} {mv:?}");
                }
            }
        }
        assert!(judged > 50, "only {judged} moves judged");
    }

    fn loses_uc40(fen: &str, text: &str) -> bool {
        use sissa_movegen::variants::uc40::Uc40;
        let pos = Position::<Uc40>::from_fen(fen).unwrap();
        let mv = pos.parse_move(text).unwrap();
        loses_material(&pos, &Evaluator::new(), mv)
    }

    #[test]
    fn pieces_that_do_not_capture_by_landing_take_no_part() {
        // UC-40: the Knight on d5 defended by a Rook is a losing capture for the Rook...
        assert!(loses_uc40("3rk3/8/8/3n4/8/8/8/3RK3[/] w - - 0 1 0,0 -", "d1d5"));
        // ...but an Immobilizer on d8 never captures: the Knight is free.
        assert!(!loses_uc40("3ik3/8/8/3n4/8/8/8/3RK3[/] w - - 0 1 0,0 -", "d1d5"));
        // The Advancer takes the Knight by stopping on c5, which the c8 Rook attacks; what it
        // wins is on d5, not on its destination, so the exchange is not judged.
        assert!(!loses_uc40("2r1k3/8/8/Y2n4/8/8/8/4K3[/] w - - 0 1 0,0 -", "a5c5"));
    }
}
