//! Reference rules for `rococo`: Rococo with Pushme-Pullyus (RULES.md section 5).
//!
//! A 10x10 board whose outer ring of 36 squares is the edge. Pieces: `K` King, `C` Chameleon,
//! `U` Pushme-Pullyu, `I` Immobilizer, `L` Long Leaper, `S` Swapper, `P` Cannon Pawn. The goal
//! is to capture the enemy King; there is no check. This file holds the position and its FEN;
//! `generate.rs` holds the moves.

use crate::common::{parse_square, square_name, Grid};
use crate::Game;

mod generate;
#[cfg(test)]
mod tests;

/// Files and ranks of the board.
pub const SIZE: i32 = 10;

/// (file, rank), both from 0.
pub type Square = (i32, i32);

/// The piece letters of the game.
const PIECE_LETTERS: &[u8] = b"KCUILSP";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub grid: Grid,
    pub white_to_move: bool,
    pub halfmove: u32,
    pub fullmove: u32,
    /// The swap that created a swap-back ban, as (from, to) of the swapping piece. Present only
    /// in the position right after a swap between a Swapper and an opposing Swapper or
    /// Chameleon; it forbids a swap between those two squares on this ply.
    pub swap_ban: Option<(Square, Square)>,
}

pub struct Rococo;

impl Game for Rococo {
    type Pos = Position;

    fn from_fen(fen: &str) -> Result<Position, String> {
        parse_fen(fen)
    }

    fn to_fen(pos: &Position) -> String {
        write_fen(pos)
    }

    fn moves(pos: &Position) -> Vec<(String, Position)> {
        generate::legal_moves(pos)
    }
}

/// Parses `placement side castling en-passant [halfmove fullmove [swap-ban]]`.
/// Castling and en passant do not exist in Rococo, so those fields must be `-`.
pub fn parse_fen(fen: &str) -> Result<Position, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !matches!(fields.len(), 4 | 6 | 7) {
        return Err(format!(
            "a Rococo FEN has 6 or 7 fields (4 without the clocks), found {}",
            fields.len()
        ));
    }
    let grid = Grid::parse_placement(fields[0], SIZE as usize, SIZE as usize)?;
    for piece in grid.cells.iter().flatten() {
        if piece.suffix != 0 || !PIECE_LETTERS.contains(&piece.letter) {
            return Err(format!("{} is not a Rococo piece", piece.code()));
        }
    }
    let white_to_move = match fields[1] {
        "w" => true,
        "b" => false,
        other => return Err(format!("bad side to move {other:?}")),
    };
    if fields[2] != "-" {
        return Err(format!("Rococo has no castling, castling field {:?}", fields[2]));
    }
    if fields[3] != "-" {
        return Err(format!("Rococo has no en passant, en passant field {:?}", fields[3]));
    }
    let (halfmove, fullmove) = if fields.len() >= 6 {
        let half = fields[4].parse().map_err(|_| format!("bad halfmove clock {:?}", fields[4]))?;
        let full = fields[5].parse().map_err(|_| format!("bad fullmove number {:?}", fields[5]))?;
        (half, full)
    } else {
        (0, 1)
    };
    let swap_ban = if fields.len() == 7 { parse_swap_ban(fields[6])? } else { None };
    Ok(Position { grid, white_to_move, halfmove, fullmove, swap_ban })
}

/// The seventh field: `-`, or two squares such as `e5e9` (either order).
fn parse_swap_ban(text: &str) -> Result<Option<(Square, Square)>, String> {
    if text == "-" {
        return Ok(None);
    }
    let bad = || format!("bad swap-back ban {text:?}");
    // The second square starts at the first letter after the first character.
    let split = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())
        .map(|(i, _)| i)
        .ok_or_else(bad)?;
    let a = parse_board_square(&text[..split]).map_err(|_| bad())?;
    let b = parse_board_square(&text[split..]).map_err(|_| bad())?;
    if a == b {
        return Err(bad());
    }
    Ok(Some((a, b)))
}

/// A square name that must lie on the 10x10 board.
fn parse_board_square(text: &str) -> Result<Square, String> {
    // A file letter and nothing but digits after it (no sign, no other characters).
    let bytes = text.as_bytes();
    if bytes.len() < 2
        || !bytes[0].is_ascii_lowercase()
        || !bytes[1..].iter().all(u8::is_ascii_digit)
    {
        return Err(format!("bad square {text:?}"));
    }
    let (file, rank) = parse_square(text)?;
    if file < SIZE && rank < SIZE {
        Ok((file, rank))
    } else {
        Err(format!("square {text:?} is off the board"))
    }
}

pub fn write_fen(pos: &Position) -> String {
    let mut fen = format!(
        "{} {} - - {} {}",
        pos.grid.placement(),
        if pos.white_to_move { "w" } else { "b" },
        pos.halfmove,
        pos.fullmove
    );
    if let Some((from, to)) = pos.swap_ban {
        fen.push(' ');
        fen.push_str(&square_name(from.0, from.1));
        fen.push_str(&square_name(to.0, to.1));
    }
    fen
}
