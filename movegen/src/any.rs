//! All variants behind one enum, for the protocols and the command line. The variant is
//! chosen once here; everything below is generic code compiled per variant.

use crate::description::{MoveDescription, PieceInfo};
use crate::fen::FenError;
use crate::geometry::{Color, Dims};
use crate::ini::{self, FileRules, FileShapeId};
use crate::perft;
use crate::piece::Piece;
use crate::pieces::PieceKind;
use crate::position::Position;
use crate::rules::{Outcome, Rules, Setup};
use crate::shape::{Board10x10, Board10x8, Board12x10, Board8x8, Shape};
use crate::variants::chess::Chess;
use crate::variants::lionsunicorns::LionsUnicorns;
use crate::variants::rococo::Rococo;
use crate::variants::rollingkings::RollingKings;
use crate::variants::seahorses::SeaHorses;
use crate::variants::uc40::Uc40;
use std::fmt;
use std::str::FromStr;

/// Declares the variants once: the [`Variant`] enum, its table of constants, and the
/// [`AnyPosition`] enum with the conversions between them. A new variant is one line here and
/// one in [`with_position!`].
macro_rules! declare_variants {
    (built_in: [$($built_in:ident),+ $(,)?], all: { $($name:ident => $rules:ty),+ $(,)? }) => {
        /// The variants Sissa plays, by their protocol names: the built-in ones, and one per
        /// board shape for the variant read from a file that is chosen on that shape.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Variant {
            $($name),+
        }

        impl Variant {
            /// The built-in variants.
            pub const ALL: [Variant; [$(stringify!($built_in)),+].len()] =
                [$(Variant::$built_in),+];

            pub fn name(self) -> &'static str {
                match self { $(Variant::$name => <$rules as Rules>::name()),+ }
            }

            pub fn dims(self) -> Dims {
                match self { $(Variant::$name => <<$rules as Rules>::S as Shape>::DIMS),+ }
            }

            /// The start FEN for `setup`.
            pub fn start_fen(self, setup: &Setup) -> String {
                match self { $(Variant::$name => <$rules as Rules>::start_fen(setup)),+ }
            }

            /// Does this variant draw random setups?
            pub fn random_setup(self) -> bool {
                match self { $(Variant::$name => <$rules as Rules>::RANDOM_SETUP),+ }
            }

            /// The variant's pieces, (code, kind) in type order (a file variant's: the one
            /// chosen on its board shape).
            pub fn pieces(self) -> Vec<(&'static str, PieceKind)> {
                match self {
                    $(Variant::$name => {
                        <$rules as Rules>::def().kinds.iter().map(|k| (k.code, k.kind)).collect()
                    }),+
                }
            }
        }

        /// A position of any variant. Held once per game and never copied in a search, so the
        /// size difference between the 8x8 and the larger boards does not matter.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum AnyPosition {
            $($name(Position<$rules>)),+
        }

        impl AnyPosition {
            /// The variant's start position.
            pub fn start(variant: Variant) -> AnyPosition {
                match variant { $(Variant::$name => AnyPosition::$name(Position::start())),+ }
            }

            pub fn from_fen(variant: Variant, fen: &str) -> Result<AnyPosition, FenError> {
                Ok(match variant {
                    $(Variant::$name => AnyPosition::$name(Position::from_fen(fen)?)),+
                })
            }

            pub fn variant(&self) -> Variant {
                match self { $(AnyPosition::$name(_) => Variant::$name),+ }
            }
        }
    };
}

declare_variants! {
    built_in: [Chess, LionsUnicorns, SeaHorses, RollingKings, Rococo, Uc40],
    all: {
        Chess => Chess,
        LionsUnicorns => LionsUnicorns,
        SeaHorses => SeaHorses,
        RollingKings => RollingKings,
        Rococo => Rococo,
        Uc40 => Uc40,
        File8x8 => FileRules<Board8x8>,
        File10x8 => FileRules<Board10x8>,
        File10x10 => FileRules<Board10x10>,
        File12x10 => FileRules<Board12x10>,
    }
}

impl Variant {
    /// The names of all variants (built-in, then loaded from files), comma separated.
    pub fn names() -> String {
        Variant::all_names().join(", ")
    }

    /// The names of the built-in variants, then of the variants loaded from files.
    pub fn all_names() -> Vec<String> {
        let built_in = Variant::ALL.iter().map(|v| v.name().to_string());
        built_in.chain(ini::loaded_names()).collect()
    }

    /// Was this variant read from a file?
    pub fn is_file(self) -> bool {
        matches!(
            self,
            Variant::File8x8 | Variant::File10x8 | Variant::File10x10 | Variant::File12x10
        )
    }

    fn of_file_shape(shape: FileShapeId) -> Variant {
        match shape {
            FileShapeId::Board8x8 => Variant::File8x8,
            FileShapeId::Board10x8 => Variant::File10x8,
            FileShapeId::Board10x10 => Variant::File10x10,
            FileShapeId::Board12x10 => Variant::File12x10,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Variant, String> {
        let s = s.trim().to_ascii_lowercase();
        // A loaded variant is chosen on its board shape by being named.
        let from_file = || ini::choose(&s).map(Variant::of_file_shape);
        Variant::ALL
            .iter()
            .copied()
            .find(|v| v.name() == s)
            .or_else(from_file)
            .ok_or_else(|| format!("unknown variant {s:?} (known: {})", Variant::names()))
    }
}

/// Runs `$body` with `$p` bound to the concrete position inside an [`AnyPosition`].
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::any::AnyPosition::Chess($p) => $body,
            $crate::any::AnyPosition::LionsUnicorns($p) => $body,
            $crate::any::AnyPosition::SeaHorses($p) => $body,
            $crate::any::AnyPosition::RollingKings($p) => $body,
            $crate::any::AnyPosition::Rococo($p) => $body,
            $crate::any::AnyPosition::Uc40($p) => $body,
            $crate::any::AnyPosition::File8x8($p) => $body,
            $crate::any::AnyPosition::File10x8($p) => $body,
            $crate::any::AnyPosition::File10x10($p) => $body,
            $crate::any::AnyPosition::File12x10($p) => $body,
        }
    };
}

impl AnyPosition {
    /// The start position drawn for `setup` (the fixed start position where there is one).
    pub fn start_with(variant: Variant, setup: &Setup) -> AnyPosition {
        let fen = variant.start_fen(setup);
        match AnyPosition::from_fen(variant, &fen) {
            Ok(p) => p,
            Err(e) => unreachable!("generated start position {fen} is invalid: {e}"),
        }
    }

    pub fn to_fen(&self) -> String {
        with_position!(self, p => p.to_fen())
    }

    pub fn side(&self) -> Color {
        with_position!(self, p => p.side())
    }

    /// The legal moves in notation, in generation order.
    pub fn legal_moves(&self) -> Vec<String> {
        with_position!(self, p => p.legal_moves().iter().map(|&m| p.notation(m)).collect())
    }

    /// Every legal move with what it does, in generation order.
    pub fn legal_move_descriptions(&self) -> Vec<MoveDescription> {
        with_position!(self, p => p.describe_legal_moves())
    }

    /// The board, square by square in index order (`rank * files + file`).
    pub fn board(&self) -> Vec<Option<PieceInfo>> {
        with_position!(self, p => {
            let squares = p.variant_dims().squares() as u8;
            (0..squares).map(|sq| p.piece_at(sq).map(|piece| p.piece_info(piece))).collect()
        })
    }

    /// The pieces `color` holds off the board, in the order they come onto it.
    pub fn reserve(&self, color: Color) -> Vec<PieceInfo> {
        with_position!(self, p => p.reserve_pieces(color))
    }

    /// How many reserve pieces `color` may bring in (UC-40's drop credits).
    pub fn drop_credits(&self, color: Color) -> u32 {
        with_position!(self, p => p.credits(color))
    }

    /// Is the side to move in check? (Always false in the variants without check.)
    pub fn in_check(&self) -> bool {
        with_position!(self, p => p.is_in_check())
    }

    /// The variant's piece types: (code, name), the code as White's.
    pub fn piece_types(&self) -> Vec<(&'static str, &'static str)> {
        with_position!(self, p => p.kind_names())
    }

    /// Plays the move written `text` if it is legal.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        with_position!(self, p => match p.parse_move(text) {
            Some(mv) => {
                p.make(mv);
                Ok(())
            }
            None => Err(format!("illegal move {text}")),
        })
    }

    /// Takes back the last move played; false if there is none.
    pub fn undo(&mut self) -> bool {
        with_position!(self, p => {
            if p.ply() == 0 {
                false
            } else {
                p.unmake();
                true
            }
        })
    }

    pub fn outcome(&self) -> Option<Outcome> {
        with_position!(self, p => p.outcome())
    }

    /// The result by every rule, including repetition and the 50-move rule over the history.
    pub fn game_outcome(&self) -> Option<Outcome> {
        with_position!(self, p => p.game_outcome())
    }

    /// The legal move written `text`, in the engine's own notation; `None` if illegal.
    pub fn canonical_move(&self, text: &str) -> Option<String> {
        with_position!(self, p => p.parse_move(text).map(|mv| p.notation(mv)))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        with_position!(self, p => perft::perft(&mut p.clone(), depth))
    }

    pub fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)> {
        with_position!(self, p => perft::divide(p, depth, threads))
    }

    pub fn hash(&self) -> u64 {
        with_position!(self, p => p.hash())
    }
}

impl<R: Rules> Position<R> {
    /// The result if the game is over by rule.
    pub fn outcome(&self) -> Option<Outcome> {
        R::outcome(self)
    }

    fn variant_dims(&self) -> Dims {
        <R::S as Shape>::DIMS
    }

    fn piece_info(&self, piece: Piece) -> PieceInfo {
        PieceInfo::of::<R>(piece)
    }

    fn reserve_pieces(&self, color: Color) -> Vec<PieceInfo> {
        R::reserve(self, color).iter().map(|&k| PieceInfo::of::<R>(Piece::new(k, color))).collect()
    }

    fn credits(&self, color: Color) -> u32 {
        R::drop_credits(self, color)
    }

    fn is_in_check(&self) -> bool {
        R::in_check(self)
    }

    fn kind_names(&self) -> Vec<(&'static str, &'static str)> {
        R::def().kinds.iter().map(|k| (k.code, k.kind.name)).collect()
    }
}
