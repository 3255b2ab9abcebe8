//! What a variant is made of: its board shape, its pieces and their letters, pawn and
//! castling rules, its start position, and the attack groups derived from its pieces.

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Dims, Square};
use crate::piece::{Kind, MAX_KINDS};
use crate::pieces::{Mover, PieceKind, Role};
use crate::shape::Shape;
use crate::tables::{leaper_table, SquareTable, Tables};

/// A piece type of a variant: its letter code and how it moves.
pub struct KindDef<S: Shape> {
    /// Upper-case code with optional suffix (`Q`, `Q'`, `D!`); Black's is the lower-case letter.
    pub code: &'static str,
    pub kind: PieceKind,
    pub mover: Mover<S>,
}

/// How the orthodox pawn behaves in a variant.
#[derive(Clone, Debug, Default)]
pub struct PawnRules {
    pub double_step: bool,
    pub en_passant: bool,
    /// Piece types a pawn may promote to on the last rank (compulsory).
    pub promotion: Vec<Kind>,
}

/// Castling: the king moves two squares toward a rook, which lands on the square the king
/// crossed. Files are counted from 0 (file a).
#[derive(Clone, Copy, Debug)]
pub struct CastlingRules {
    pub king_file: u8,
    /// King destination files: kingside (towards the high files), queenside.
    pub king_to: [u8; 2],
    /// Rook destination files: kingside, queenside.
    pub rook_to: [u8; 2],
    /// Piece type that castles with the king.
    pub rook: Kind,
}

/// A leap table and the piece types that leap by it.
pub type LeaperGroup<S> = (Box<SquareTable<<S as Shape>::B>>, Vec<Kind>);

/// Pieces of which kinds attack a square by which means; built once per variant so the
/// check test is a few table lookups.
pub struct AttackGroups<S: Shape> {
    /// Kinds with identical leap tables share one entry.
    pub leapers: Vec<LeaperGroup<S>>,
    pub orthogonal: Vec<Kind>,
    pub diagonal: Vec<Kind>,
    pub nightrider: Vec<Kind>,
    /// Kinds with bent paths (their tables are in their movers).
    pub bent: Vec<Kind>,
}

pub struct VariantDef<S: Shape> {
    pub name: &'static str,
    pub kinds: Vec<KindDef<S>>,
    pub king: Kind,
    pub pawn: Option<Kind>,
    pub pawn_rules: PawnRules,
    pub castling: Option<CastlingRules>,
    pub start_fen: String,
    /// Kinds that are neither king nor pawn, in list order (their moves come from parts).
    pub plain_kinds: Vec<Kind>,
    pub attack_groups: AttackGroups<S>,
    /// `pawn_attacks[colour][sq]`: squares a pawn of that colour on `sq` captures on.
    pub pawn_attacks: [Box<SquareTable<S::B>>; 2],
}

impl<S: Shape> VariantDef<S> {
    /// Builds a variant from its pieces (code, kind) in the order that fixes their type index.
    pub fn new(
        name: &'static str,
        pieces: &[(&'static str, PieceKind)],
        pawn_rules: PawnRules,
        castling: Option<CastlingRules>,
        start_fen: &str,
    ) -> VariantDef<S> {
        assert!(pieces.len() <= MAX_KINDS);
        let kinds: Vec<KindDef<S>> = pieces
            .iter()
            .map(|&(code, kind)| KindDef { code, kind, mover: Mover::compile(&kind) })
            .collect();
        let find = |role: Role| kinds.iter().position(|k| k.kind.role == role).map(|i| i as Kind);
        let king = find(Role::King).expect("every variant has a king");
        let pawn = find(Role::Pawn);
        let plain_kinds = (0..kinds.len() as Kind)
            .filter(|&k| kinds[k as usize].kind.role == Role::Plain)
            .collect();
        let attack_groups = AttackGroups::build(&kinds);
        let dims = S::DIMS;
        let pawn_attacks = [
            Box::new(leaper_table::<S::B>(dims, &[(-1, 1), (1, 1)])),
            Box::new(leaper_table::<S::B>(dims, &[(-1, -1), (1, -1)])),
        ];
        VariantDef {
            name,
            kinds,
            king,
            pawn,
            pawn_rules,
            castling,
            start_fen: start_fen.to_string(),
            plain_kinds,
            attack_groups,
            pawn_attacks,
        }
    }

    pub fn dims(&self) -> Dims {
        S::DIMS
    }

    /// The type whose code is `code` (upper-case letter plus optional suffix).
    pub fn kind_of_code(&self, code: &str) -> Option<Kind> {
        self.kinds.iter().position(|k| k.code == code).map(|i| i as Kind)
    }

    /// The code of a piece as written in FEN: upper case for White, lower case for Black.
    pub fn piece_code(&self, kind: Kind, color: Color) -> String {
        let code = self.kinds[kind as usize].code;
        match color {
            Color::White => code.to_string(),
            Color::Black => code.to_ascii_lowercase(),
        }
    }

    /// Squares of the rank where `color`'s pawns promote.
    pub fn promotion_rank(&self, tables: &Tables<S>, color: Color) -> S::B {
        match color {
            Color::White => tables.rank_masks[S::DIMS.ranks as usize - 1],
            Color::Black => tables.rank_masks[0],
        }
    }

    /// The square at `file` on `color`'s first rank.
    pub fn back_rank_square(&self, color: Color, file: u8) -> Square {
        let rank = match color {
            Color::White => 0,
            Color::Black => S::DIMS.ranks as i32 - 1,
        };
        (rank * S::DIMS.files as i32 + file as i32) as Square
    }
}

impl<S: Shape> AttackGroups<S> {
    fn build(kinds: &[KindDef<S>]) -> AttackGroups<S> {
        let mut groups = AttackGroups {
            leapers: Vec::new(),
            orthogonal: Vec::new(),
            diagonal: Vec::new(),
            nightrider: Vec::new(),
            bent: Vec::new(),
        };
        for (k, def) in kinds.iter().enumerate() {
            let k = k as Kind;
            // The groups are captures by landing on the victim. Pawns attack by their own
            // table; the Ultima family moves like queens but captures in its own ways
            // (approach, withdrawal, leaps, hops, mimicry), which its variant tests itself.
            if def.kind.role == Role::Pawn || !def.kind.lands_only() {
                continue;
            }
            let m = &def.mover;
            if m.leaps.iter().any(|b| b.any()) {
                match groups.leapers.iter_mut().find(|(table, _)| **table == *m.leaps) {
                    Some((_, members)) => members.push(k),
                    None => groups.leapers.push((m.leaps.clone(), vec![k])),
                }
            }
            if m.orthogonal {
                groups.orthogonal.push(k);
            }
            if m.diagonal {
                groups.diagonal.push(k);
            }
            if m.nightrider {
                groups.nightrider.push(k);
            }
            if m.bent.is_some() {
                groups.bent.push(k);
            }
        }
        groups
    }
}
