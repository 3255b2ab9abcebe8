//! Which enemy pieces a move removes, and which mechanism each piece captures by. A move
//! records only its squares and kind; the captures follow from the position (RULES.md
//! section 0), and are worked out here for the generator's legality test, for `make`, for
//! the exchange account and for the search's `is_capture`.
//!
//! - the King, the pawn, the PaoVao and the ordinary pieces take the piece they land on;
//!   en passant takes the pawn beside;
//! - the Advancer captures by approach, the Withdrawer by withdrawal, the Long Leaper by
//!   overtaking, all through the shared line mechanism ([`crate::pieces::ultima::line`]);
//! - the Chameleon takes each enemy piece as that piece captures, all at once along a queen
//!   line (RULES.md section 6, Chameleon ruling; [`crate::pieces::ultima::chameleon`]);
//! - mutual destruction takes the adjacent enemy; swaps and slides of the Swapper and the
//!   Immobilizer take nothing.

use super::{is_special, kinds, tables, Uc40, DEF};
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};
use crate::pieces::ultima::chameleon::{chameleon_captures, Mimicry};
use crate::pieces::ultima::line::{line_captures, LinePrey};
use crate::pieces::ultima::paovao;
use crate::position::Position;

/// How the moves of one piece capture.
#[derive(Clone, Copy, Debug)]
pub enum Capturer {
    /// By landing on the victim (the King, pawns, the PaoVao, the ordinary pieces; the
    /// Swapper's and Immobilizer's slides, which never land on a piece).
    Landing,
    /// By a queen-line movement, taking its line prey: the Advancer, Withdrawer, Long Leaper.
    Line(LinePrey<u64>),
    /// By mimicry.
    Chameleon(Mimicry<u64>),
}

impl Capturer {
    /// The mechanism of the piece on `from` (of the side to move); `ep` is the en passant
    /// square. A Chameleon's landing prey is worked out only among `landing_interest` (the
    /// destination, when one move is asked about; every enemy piece, for generation).
    #[inline]
    pub fn of(
        pos: &Position<Uc40>,
        from: Square,
        ep: Option<Square>,
        landing_interest: u64,
    ) -> Capturer {
        let Some(mover) = pos.piece_at(from) else { return Capturer::Landing };
        let enemy = pos.color(mover.color().flip());
        match mover.kind() {
            kinds::ADVANCER => Capturer::Line(LinePrey { approach: enemy, ..LinePrey::NONE }),
            kinds::WITHDRAWER => Capturer::Line(LinePrey { withdraw: enemy, ..LinePrey::NONE }),
            kinds::LONG_LEAPER => Capturer::Line(LinePrey { overtake: enemy, ..LinePrey::NONE }),
            kinds::CHAMELEON => {
                Capturer::Chameleon(mimicry(pos, from, mover.color(), ep, landing_interest))
            }
            _ => Capturer::Landing,
        }
    }

    /// The enemy pieces the generated move `mv` of this piece removes (for mutual
    /// destruction, the destroyed piece), with `occ` and `enemy` the board before it.
    #[inline]
    pub fn captured(&self, mv: Move, occ: u64, enemy: u64) -> u64 {
        let t = tables();
        let (from, to) = (mv.from(), mv.to());
        let to_bit = 1u64 << to;
        match (mv.kind(), self) {
            (MoveKind::Suicide | MoveKind::DoubleStep | MoveKind::Castle, _) => 0,
            (MoveKind::EnPassant, _) => en_passant_victim(from, to) & enemy,
            (MoveKind::MutualDestruction, _) => to_bit & enemy,
            (_, Capturer::Chameleon(mimic)) => {
                chameleon_captures(t, from, to, mv.kind(), occ, mimic)
            }
            (MoveKind::Swap, _) => 0,
            (_, Capturer::Line(prey)) => line_captures(t, from, to, occ, prey),
            (_, Capturer::Landing) => to_bit & enemy,
        }
    }

    /// Enemy pieces the moves of this piece from `from` may capture other than on their
    /// destination (approach, withdrawal, overtaking, en passant victims), as a set that holds
    /// them all.
    #[inline]
    pub fn side_victims(&self, from: Square) -> u64 {
        match self {
            Capturer::Landing => 0,
            Capturer::Line(prey) => prey.side_victims(tables(), from),
            Capturer::Chameleon(mimic) => mimic.side_victims(tables(), from),
        }
    }
}

/// The pawn an en passant capture from `from` to `to` takes: beside the start, on the file of
/// the destination.
#[inline(always)]
pub fn en_passant_victim(from: Square, to: Square) -> u64 {
    1u64 << ((from & !7) | (to & 7))
}

/// The enemy pieces `mv` of the side to move removes (for mutual destruction, the destroyed
/// enemy). `ep` is the en passant square of the position the move is made in.
#[inline]
pub fn captured_by(pos: &Position<Uc40>, ep: Option<Square>, mv: Move) -> u64 {
    let Some(mover) = pos.piece_at(mv.from()) else { return 0 };
    let enemy = pos.color(mover.color().flip());
    let capturer = Capturer::of(pos, mv.from(), ep, 1u64 << mv.to());
    capturer.captured(mv, pos.occupied(), enemy)
}

/// What a Chameleon of colour `us` on `from` may capture: each enemy type as it captures
/// (RULES.md section 6). Its landing prey is looked for only among `landing_interest`.
pub fn mimicry(
    pos: &Position<Uc40>,
    from: Square,
    us: Color,
    ep: Option<Square>,
    landing_interest: u64,
) -> Mimicry<u64> {
    let t = tables();
    let them = us.flip();
    let occ = pos.occupied();
    // Pawns by their diagonal step forward in the Chameleon's own direction.
    let pawn_step = DEF.pawn_attacks[us.index()][from as usize];
    let enemy_pawns = pos.pieces(kinds::PAWN, them);
    let mut landing = pawn_step & enemy_pawns & landing_interest;
    let mut straight = landing;
    // The King and the ordinary pieces by their own moves.
    let landers = pos.color(them) & !pos.kind(kinds::PAWN) & landing_interest;
    for victim in landers.squares() {
        let Some(kind) = pos.piece_at(victim).map(|p| p.kind()).filter(|&k| !is_special(k)) else {
            continue;
        };
        let mover = &DEF.kinds[kind as usize].mover;
        if mover.attacks_square(t, from, victim, occ) {
            landing |= 1u64 << victim;
            if mover.attacks_square_straight(t, from, victim, occ) {
                straight |= 1u64 << victim;
            }
        }
    }
    // PaoVaos by a hop along a queen line.
    let paovaos = pos.pieces(kinds::PAOVAO, them) & landing_interest;
    if paovaos != 0 {
        let hops = paovao::hop_landings(t, from, occ) & paovaos;
        landing |= hops;
        straight |= hops;
    }
    let en_passant = ep.filter(|&e| pawn_step.has(e)).and_then(|e| {
        let victim = en_passant_victim(from, e);
        (victim & enemy_pawns).any().then(|| (e, victim.lowest()))
    });
    Mimicry {
        line: LinePrey {
            overtake: pos.pieces(kinds::LONG_LEAPER, them),
            withdraw: pos.pieces(kinds::WITHDRAWER, them),
            approach: pos.pieces(kinds::ADVANCER, them),
        },
        swap: pos.pieces(kinds::SWAPPER, them),
        landing,
        straight,
        en_passant,
    }
}
