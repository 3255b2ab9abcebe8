//! A file variant whose pieces capture in the Ultima family's ways, played by the family's
//! shared capturer ([`crate::pieces::ultima::capturer`]) and generator
//! ([`crate::variants::ultima_family`]), the same code as the built-in Rococo's captures and
//! the internal Ultima: nothing here moves a piece or works out a capture.
//!
//! Two kinds of game: with `kingCapture`, Rococo's (no check; a move may leave the King
//! attacked and capturing it wins); without, Ultima's (RULES.md section 7: check is any
//! capture of the King by any method, a move may not leave its King capturable).

use super::captures::CaptureRules;
use super::edge_ring::inside_ring;
use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::geometry::Color;
use crate::ini::rules::{FileRules, FileShape};
use crate::moves::{Move, MoveSink};
use crate::piece::Kind;
use crate::pieces::ultima::capturer::Army;
use crate::pieces::ultima::swapper::SwapBan;
use crate::pieces::{catalogue, PieceKind};
use crate::position::{Position, Undo};
use crate::rules::Outcome;
use crate::shape::Shape;
use crate::variants::ultima_family::{
    apply_family, ban_key, king_capturable, legal_moves, parse_ban, pseudo_moves, write_ban,
    FamilyRules,
};

type P<S> = Position<FileRules<S>>;

/// The family's rules compiled for a board shape.
pub struct FileFamily<B> {
    army: Army,
    free: B,
    king: Kind,
    king_capture: bool,
    promotion_zone: [B; 2],
    promotion_types: Vec<(Kind, u32)>,
    /// Can a swap-back ban arise (a Swapper, whose swaps with an enemy Swapper or Chameleon
    /// ban the swap back)?
    swaps: bool,
}

/// The catalogue's pieces of the family, whose names (and so values) a file piece with the
/// same movement and captures takes.
const CATALOGUE: [PieceKind; 9] = [
    catalogue::PINCER_PAWN,
    catalogue::WITHDRAWER,
    catalogue::LONG_LEAPER,
    catalogue::COORDINATOR,
    catalogue::CHAMELEON,
    catalogue::IMMOBILIZER,
    catalogue::PUSHME_PULLYU,
    catalogue::SWAPPER,
    catalogue::CANNON_PAWN,
];

/// Gives the listed pieces (by their one-letter codes) their capture kinds, and the
/// catalogue's name where the catalogue has the piece.
pub fn with_captures(pieces: &mut [(&'static str, PieceKind)], rules: &CaptureRules) {
    for (code, kind) in pieces.iter_mut() {
        let letter = code.chars().next();
        let Some((_, captures)) = rules.captures.iter().find(|(l, _)| Some(*l) == letter) else {
            continue;
        };
        kind.captures = *captures;
        let same_parts = |other: &PieceKind| {
            other.parts.len() == kind.parts.len()
                && other.parts.iter().all(|p| kind.parts.contains(p))
        };
        if let Some(known) = CATALOGUE.iter().find(|k| k.captures == *captures && same_parts(k)) {
            kind.name = known.name;
        }
    }
}

impl<B: Bitboard> FileFamily<B> {
    /// `pieces` are the variant's kinds with their captures; `promotion` the file's
    /// promotion types by kind and `zone` its promotion regions.
    pub fn build<S: Shape<B = B>>(
        rules: &CaptureRules,
        pieces: &[(&'static str, PieceKind)],
        letters: &[char],
        king: Kind,
        promotion: &[Kind],
        zone: [B; 2],
    ) -> FileFamily<B> {
        let limit = |kind: Kind| {
            let letter = letters.get(kind as usize).copied();
            rules.promotion_limit.iter().find(|(l, _)| Some(*l) == letter).map_or(u32::MAX, |x| x.1)
        };
        let army = Army::of(pieces);
        FileFamily {
            swaps: !army.swapping.is_empty(),
            army,
            free: if rules.edge_ring { inside_ring::<S>() } else { S::tables().all },
            king,
            king_capture: rules.king_capture,
            promotion_zone: zone,
            promotion_types: promotion.iter().map(|&k| (k, limit(k))).collect(),
        }
    }

    fn rules(&self) -> FamilyRules<'_, B> {
        FamilyRules {
            army: &self.army,
            free: self.free,
            king: self.king,
            promotion_zone: self.promotion_zone,
            promotion_types: &self.promotion_types,
        }
    }
}

/// Every legal move (none once a King is gone).
pub fn generate<S: FileShape, K: MoveSink<S::B>>(
    pos: &P<S>,
    family: &FileFamily<S::B>,
    sink: &mut K,
) {
    let rules = family.rules();
    if !family.king_capture {
        return legal_moves(pos, &rules, pos.extra.ban, sink);
    }
    let us = pos.side();
    if pos.king_square(us).is_some() && pos.king_square(us.flip()).is_some() {
        pseudo_moves(pos, &rules, us, pos.extra.ban, sink);
    }
}

pub fn apply<S: FileShape>(
    pos: &mut P<S>,
    family: &FileFamily<S::B>,
    mv: Move,
    undo: &mut Undo<FileRules<S>>,
) {
    let ban = SwapBan(apply_family(pos, &family.army, mv, undo));
    pos.toggle_hash(ban_key(pos.extra.ban) ^ ban_key(ban));
    pos.extra.ban = ban;
}

/// What `mv` captures, by any method.
pub fn is_capture<S: FileShape>(pos: &P<S>, family: &FileFamily<S::B>, mv: Move) -> bool {
    family.army.captured_by(S::tables(), pos, None, mv).any()
}

/// Is the side to move in check: could its King be captured, by any method?
pub fn in_check<S: FileShape>(pos: &P<S>, family: &FileFamily<S::B>) -> bool {
    !family.king_capture && king_capturable(pos, &family.rules(), pos.side())
}

/// The game's end by a captured King, where Kings are captured.
pub fn king_captured<S: FileShape>(pos: &P<S>, family: &FileFamily<S::B>) -> Option<Outcome> {
    if !family.king_capture {
        return None;
    }
    let us = pos.side();
    if pos.king_square(us).is_none() {
        return Some(Outcome::Win(us.flip(), "king captured"));
    }
    if pos.king_square(us.flip()).is_none() {
        return Some(Outcome::Win(us, "king captured"));
    }
    None
}

/// Kings: at most one each where Kings are captured, else exactly one each and the side not
/// to move not in check.
pub fn validate<S: FileShape>(pos: &P<S>, family: &FileFamily<S::B>) -> Result<(), FenError> {
    for c in Color::BOTH {
        let kings = pos.pieces(family.king, c).count();
        if kings > 1 || (kings == 0 && !family.king_capture) {
            return Err(FenError::new(format!("{c:?} must have exactly one king")));
        }
    }
    if !family.king_capture && king_capturable(pos, &family.rules(), pos.side().flip()) {
        return Err(FenError::new("the side not to move is in check"));
    }
    Ok(())
}

/// Reads the FEN's fields after the sixth: the swap-back ban where Swappers can make one.
pub fn parse_extra<S: FileShape>(
    pos: &mut P<S>,
    family: Option<&FileFamily<S::B>>,
    fields: &[&str],
) -> Result<(), FenError> {
    match (fields, family) {
        ([], _) => Ok(()),
        ([ban], Some(f)) if f.swaps => {
            pos.extra.ban = parse_ban::<S>(ban)?;
            Ok(())
        }
        ([_, extra, ..], Some(f)) if f.swaps => {
            Err(FenError::new(format!("unexpected field {extra:?}")))
        }
        ([first, ..], _) => Err(FenError::new(format!("unexpected field {first:?}"))),
    }
}

/// The FEN's fields after the sixth.
pub fn write_extra<S: FileShape>(pos: &P<S>) -> Vec<String> {
    write_ban::<S>(pos.extra.ban)
}

pub fn extra_hash<S: FileShape>(pos: &P<S>) -> u64 {
    ban_key(pos.extra.ban)
}
