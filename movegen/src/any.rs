//! All variants behind one enum, for the protocols and the command line. The variant is
//! chosen once here; everything below is generic code compiled per variant.

use crate::fen::FenError;
use crate::geometry::{Color, Dims};
use crate::perft;
use crate::position::Position;
use crate::rules::{Outcome, Rules, Setup};
use crate::shape::Shape;
use crate::variants::chess::Chess;
use crate::variants::lionsunicorns::LionsUnicorns;
use crate::variants::uc40::Uc40;
use std::fmt;
use std::str::FromStr;

/// The variants Sissa plays, by their protocol names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Chess,
    LionsUnicorns,
    Uc40,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Chess, Variant::LionsUnicorns, Variant::Uc40];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Chess => Chess::NAME,
            Variant::LionsUnicorns => LionsUnicorns::NAME,
            Variant::Uc40 => Uc40::NAME,
        }
    }

    pub fn dims(self) -> Dims {
        match self {
            Variant::Chess => <Chess as Rules>::S::DIMS,
            Variant::LionsUnicorns => <LionsUnicorns as Rules>::S::DIMS,
            Variant::Uc40 => <Uc40 as Rules>::S::DIMS,
        }
    }

    /// The start FEN for `setup`.
    pub fn start_fen(self, setup: &Setup) -> String {
        match self {
            Variant::Chess => Chess::start_fen(setup),
            Variant::LionsUnicorns => LionsUnicorns::start_fen(setup),
            Variant::Uc40 => Uc40::start_fen(setup),
        }
    }

    /// Does this variant draw random setups?
    pub fn random_setup(self) -> bool {
        match self {
            Variant::Chess => Chess::RANDOM_SETUP,
            Variant::LionsUnicorns => LionsUnicorns::RANDOM_SETUP,
            Variant::Uc40 => Uc40::RANDOM_SETUP,
        }
    }

    /// The names of all variants, comma separated.
    pub fn names() -> String {
        Variant::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(", ")
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
        Variant::ALL
            .iter()
            .copied()
            .find(|v| v.name() == s)
            .ok_or_else(|| format!("unknown variant {s:?} (known: {})", Variant::names()))
    }
}

/// A position of any variant. Held once per game and never copied in a search, so the size
/// difference between the 8x8 and the larger boards does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyPosition {
    Chess(Position<Chess>),
    LionsUnicorns(Position<LionsUnicorns>),
    Uc40(Position<Uc40>),
}

/// Runs `$body` with `$p` bound to the concrete position inside an [`AnyPosition`].
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::any::AnyPosition::Chess($p) => $body,
            $crate::any::AnyPosition::LionsUnicorns($p) => $body,
            $crate::any::AnyPosition::Uc40($p) => $body,
        }
    };
}

impl AnyPosition {
    /// The variant's start position.
    pub fn start(variant: Variant) -> AnyPosition {
        match variant {
            Variant::Chess => AnyPosition::Chess(Position::start()),
            Variant::LionsUnicorns => AnyPosition::LionsUnicorns(Position::start()),
            Variant::Uc40 => AnyPosition::Uc40(Position::start()),
        }
    }

    /// The start position drawn for `setup` (the fixed start position where there is one).
    pub fn start_with(variant: Variant, setup: &Setup) -> AnyPosition {
        let fen = variant.start_fen(setup);
        match AnyPosition::from_fen(variant, &fen) {
            Ok(p) => p,
            Err(e) => unreachable!("generated start position {fen} is invalid: {e}"),
        }
    }

    pub fn from_fen(variant: Variant, fen: &str) -> Result<AnyPosition, FenError> {
        Ok(match variant {
            Variant::Chess => AnyPosition::Chess(Position::from_fen(fen)?),
            Variant::LionsUnicorns => AnyPosition::LionsUnicorns(Position::from_fen(fen)?),
            Variant::Uc40 => AnyPosition::Uc40(Position::from_fen(fen)?),
        })
    }

    pub fn variant(&self) -> Variant {
        match self {
            AnyPosition::Chess(_) => Variant::Chess,
            AnyPosition::LionsUnicorns(_) => Variant::LionsUnicorns,
            AnyPosition::Uc40(_) => Variant::Uc40,
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
}
