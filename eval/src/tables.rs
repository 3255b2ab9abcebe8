//! The per-variant tables the evaluation reads: a weight entry per piece type and
//! piece-square tables per piece, built once per search from the variant definition and the
//! weight tables.

use crate::phased::{ph, Phased};
use crate::weights::*;
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::{Color, Square};
use sissa_movegen::piece::{Kind, MAX_KINDS};
use sissa_movegen::pieces::Role;
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::shape::Shape;

/// Everything per piece type and square, for one variant.
pub struct Tables<R: Rules> {
    pub weights: [PieceWeights; MAX_KINDS],
    /// `pst[piece index][square]`: value plus placement of a piece (colour in the index).
    pub pst: Box<[[Phased; 128]; MAX_KINDS * 2]>,
    /// Squares in front of a pawn on its file and the two next to it, per colour: if no enemy
    /// pawn stands there the pawn is passed.
    pub passed_span: Box<[[Bb<R>; 128]; 2]>,
    /// Files next to each file.
    pub adjacent_files: [Bb<R>; 16],
    /// Phase total of the start position (the phase weight of a full army, both sides).
    pub phase_total: i32,
    /// Does the variant play with kings that hide (it has check)?
    pub royal_check: bool,
}

/// Average number of target squares of a piece on the empty board.
fn average_mobility<R: Rules>(kind: Kind) -> i32 {
    let def = R::def();
    let t = R::S::tables();
    let n = R::S::DIMS.squares();
    let mover = &def.kinds[kind as usize].mover;
    let total: u32 = (0..n as Square).map(|sq| mover.attacks(t, sq, Bb::<R>::EMPTY).count()).sum();
    (total as f64 / n as f64).round() as i32
}

/// Weights for a piece the table does not name: from its mobility.
pub fn derived_weights<R: Rules>(kind: Kind) -> PieceWeights {
    let value = DERIVED_BASE + DERIVED_PER_SQUARE * average_mobility::<R>(kind);
    PieceWeights {
        value: ph(value, value),
        phase: (value + DERIVED_PHASE_UNIT / 2) / DERIVED_PHASE_UNIT,
        mobility: DERIVED_MOBILITY,
        centre: DERIVED_CENTRE,
    }
}

/// The weights of every piece type of `R`: the variant's overrides, then the shared table,
/// then derived from mobility.
fn piece_weights<R: Rules>(overrides: &[(&str, PieceWeights)]) -> [PieceWeights; MAX_KINDS] {
    let mut out = [PieceWeights {
        value: Phased::ZERO,
        phase: 0,
        mobility: Phased::ZERO,
        centre: Phased::ZERO,
    }; MAX_KINDS];
    for (k, def) in R::def().kinds.iter().enumerate() {
        let name = def.kind.name;
        let find = |table: &[(&str, PieceWeights)]| {
            table.iter().find(|(n, _)| *n == name).map(|&(_, w)| w)
        };
        out[k] = find(overrides)
            .or_else(|| find(PIECE_TABLE))
            .unwrap_or_else(|| derived_weights::<R>(k as Kind));
        if def.kind.role == Role::King {
            out[k].value = Phased::ZERO;
            out[k].phase = 0;
        }
    }
    out
}

/// Distance of a square from the nearest edge, counted in steps (0 on the edge).
fn edge_distance(files: i32, ranks: i32, file: i32, rank: i32) -> i32 {
    let df = file.min(files - 1 - file);
    let dr = rank.min(ranks - 1 - rank);
    df.min(dr) + (df.max(dr) - df.min(dr)).min(1)
}

impl<R: Rules> Tables<R> {
    pub fn build(overrides: &[(&str, PieceWeights)]) -> Tables<R> {
        let def = R::def();
        let weights = piece_weights::<R>(overrides);
        let dims = R::S::DIMS;
        let (files, ranks) = (dims.files as i32, dims.ranks as i32);
        let mut pst = Box::new([[Phased::ZERO; 128]; MAX_KINDS * 2]);
        let royal_check = R::HAS_CHECK;
        for (k, kdef) in def.kinds.iter().enumerate() {
            let w = &weights[k];
            for color in Color::BOTH {
                let index = k * 2 + color.index();
                for sq in 0..dims.squares() as Square {
                    let file = dims.file(sq);
                    let rank = dims.rank(sq);
                    // Ranks counted from the owner's side.
                    let own_rank = if color == Color::White { rank } else { ranks - 1 - rank };
                    let centre = edge_distance(files, ranks, file, rank);
                    let place = match kdef.kind.role {
                        Role::Pawn => {
                            let advanced = (own_rank - 1).clamp(0, 9) as usize;
                            let central = files / 2 - 1 <= file && file <= files / 2;
                            PAWN_ADVANCE[advanced] + if central { PAWN_CENTRE } else { ph(0, 0) }
                        }
                        Role::King if royal_check => {
                            let back = if own_rank == 0 { KING_BACK_RANK } else { Phased::ZERO };
                            let file_centre = file.min(files - 1 - file);
                            back + KING_PER_RANK_ADVANCED * own_rank
                                + ph(KING_CENTRE.mg * file_centre, KING_CENTRE.eg * centre)
                        }
                        _ => w.centre * centre,
                    };
                    pst[index][sq as usize] = w.value + place;
                }
            }
        }
        let t = R::S::tables();
        let mut adjacent_files = [Bb::<R>::EMPTY; 16];
        for (f, adjacent) in adjacent_files.iter_mut().enumerate().take(files as usize) {
            if f > 0 {
                *adjacent |= t.file_masks[f - 1];
            }
            if f + 1 < files as usize {
                *adjacent |= t.file_masks[f + 1];
            }
        }
        let mut passed_span = Box::new([[Bb::<R>::EMPTY; 128]; 2]);
        for sq in 0..dims.squares() as Square {
            let f = dims.file(sq) as usize;
            let r = dims.rank(sq);
            let files_mask = t.file_masks[f] | adjacent_files[f];
            for color in Color::BOTH {
                let mut ahead = Bb::<R>::EMPTY;
                for rr in 0..ranks {
                    let in_front = if color == Color::White { rr > r } else { rr < r };
                    if in_front {
                        ahead |= t.rank_masks[rr as usize];
                    }
                }
                passed_span[color.index()][sq as usize] = ahead & files_mask;
            }
        }
        let phase_total = start_phase::<R>(&weights).max(1);
        Tables { weights, pst, passed_span, adjacent_files, phase_total, royal_check }
    }
}

/// The phase weight of the start position, from its FEN's piece letters.
fn start_phase<R: Rules>(weights: &[PieceWeights; MAX_KINDS]) -> i32 {
    match sissa_movegen::Position::<R>::from_fen(&R::def().start_fen) {
        Ok(pos) => {
            let kinds = R::def().kinds.len();
            weights[..kinds]
                .iter()
                .enumerate()
                .map(|(k, w)| w.phase * pos.kind(k as Kind).count() as i32)
                .sum()
        }
        Err(_) => 1,
    }
}
