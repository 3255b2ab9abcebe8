//! Deliberately simple move generators for the variants that have no outside oracle.
//!
//! Each game is written straight from `RULES.md` on a plain grid, with no bitboards and no
//! sharing with the engine's own generator, so that the two can check each other: the perft
//! suites' expected counts come from here, and tests compare the two move lists position by
//! position. Speed is not a goal.

pub mod common;
pub mod rococo;
pub mod rollingkings;
pub mod seahorses;
pub mod uc40;

/// One game's rules over its own position type.
pub trait Game {
    type Pos: Clone;
    /// Parses a FEN in the variant's RULES.md form.
    fn from_fen(fen: &str) -> Result<Self::Pos, String>;
    /// Writes the FEN in the variant's RULES.md form.
    fn to_fen(pos: &Self::Pos) -> String;
    /// Every legal move as (notation, position after it); empty when the game is over.
    fn moves(pos: &Self::Pos) -> Vec<(String, Self::Pos)>;
}

fn perft_of<G: Game>(pos: &G::Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = G::moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|(_, child)| perft_of::<G>(child, depth - 1)).sum()
}

fn divide_of<G: Game>(fen: &str, depth: u32) -> Result<Vec<(String, u64)>, String> {
    let pos = G::from_fen(fen)?;
    let mut out: Vec<(String, u64)> = G::moves(&pos)
        .iter()
        .map(|(m, child)| (m.clone(), perft_of::<G>(child, depth.saturating_sub(1))))
        .collect();
    out.sort();
    Ok(out)
}

fn legal_of<G: Game>(fen: &str) -> Result<Vec<String>, String> {
    let pos = G::from_fen(fen)?;
    let mut out: Vec<String> = G::moves(&pos).into_iter().map(|(m, _)| m).collect();
    out.sort();
    Ok(out)
}

fn play_of<G: Game>(fen: &str, mv: &str) -> Result<String, String> {
    let pos = G::from_fen(fen)?;
    G::moves(&pos)
        .into_iter()
        .find(|(m, _)| m == mv)
        .map(|(_, child)| G::to_fen(&child))
        .ok_or_else(|| format!("illegal move {mv}"))
}

macro_rules! dispatch {
    ($variant:expr, $f:ident ( $($arg:expr),* )) => {
        match $variant {
            "seahorses" => $f::<seahorses::SeaHorses>($($arg),*),
            "rollingkings" => $f::<rollingkings::RollingKings>($($arg),*),
            "rococo" => $f::<rococo::Rococo>($($arg),*),
            "uc40" => $f::<uc40::Uc40>($($arg),*),
            other => Err(format!("unknown variant {other}")),
        }
    };
}

/// Root moves with their subtree counts at `depth` (depth >= 1), sorted by notation.
pub fn divide(variant: &str, fen: &str, depth: u32) -> Result<Vec<(String, u64)>, String> {
    dispatch!(variant, divide_of(fen, depth))
}

/// Number of leaf positions at `depth`.
pub fn perft(variant: &str, fen: &str, depth: u32) -> Result<u64, String> {
    if depth == 0 {
        return Ok(1);
    }
    Ok(divide(variant, fen, depth)?.iter().map(|(_, n)| n).sum())
}

/// The legal moves in RULES.md notation, sorted.
pub fn legal_moves(variant: &str, fen: &str) -> Result<Vec<String>, String> {
    dispatch!(variant, legal_of(fen))
}

/// The FEN after playing `mv`.
pub fn play(variant: &str, fen: &str, mv: &str) -> Result<String, String> {
    dispatch!(variant, play_of(fen, mv))
}
