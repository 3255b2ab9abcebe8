//! The UC-40 FEN (RULES.md section 6): `<board>[<White reserve>/<Black reserve>] <side> -
//! <en passant> <halfmove> <fullmove> <credits W,B> <pending exchange> [<swap-back ban>]`.
//! The fields after the side may be left off from any point on; they then take their
//! start-of-game values.

use super::state::{Reserve, State};
use super::{kinds, Uc40, DEF};
use crate::bitboard::Bitboard;
use crate::exchange;
use crate::fen::FenError;
use crate::geometry::{Color, Square};
use crate::piece::Kind;
use crate::position::Position;
use crate::shape::{Board8x8, Shape};

pub fn parse_extra(
    pos: &mut Position<Uc40>,
    holdings: Option<&str>,
    fields: &[&str],
) -> Result<(), FenError> {
    let holdings = holdings.ok_or_else(|| {
        FenError::new("a UC-40 FEN needs the reserves in brackets after the board ([QR/qr])")
    })?;
    let (white, black) = holdings
        .split_once('/')
        .ok_or_else(|| FenError::new("the reserves need a '/' between White's and Black's"))?;
    let mut state = State {
        reserves: [parse_reserve(white, Color::White)?, parse_reserve(black, Color::Black)?],
        ..State::default()
    };
    if fields.len() > 3 {
        return Err(FenError::new(format!("unexpected field {:?}", fields[3])));
    }
    if let Some(credits) = fields.first() {
        state.credits = exchange::parse_credits(credits)?;
    }
    if let Some(text) = fields.get(1) {
        let mover = pos.side().flip();
        let moved_piece_on = |sq| pos.piece_at(sq).is_some_and(|p| p.color() == mover);
        state.pending = exchange::parse_pending(text, Board8x8::DIMS, moved_piece_on)?;
    }
    if let Some(&text) = fields.get(2).filter(|&&f| f != "-") {
        let bad = || FenError::new(format!("bad swap-back ban {text:?}"));
        let dims = Board8x8::DIMS;
        if text.len() != 4 || !text.is_ascii() {
            return Err(bad());
        }
        let a = dims.parse_square(&text[..2]).ok_or_else(bad)?;
        let b = dims.parse_square(&text[2..]).ok_or_else(bad)?;
        if a == b {
            return Err(bad());
        }
        state.ban = Some((a, b));
    }
    pos.extra = state;
    Ok(())
}

/// A reserve: piece codes in drop order, in the side's case; no King, no pawn.
fn parse_reserve(text: &str, color: Color) -> Result<Reserve, FenError> {
    let bad = |why: &str| FenError::new(format!("bad reserve {text:?}: {why}"));
    let bytes = text.as_bytes();
    let mut kinds_found: Vec<Kind> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if !c.is_ascii_alphabetic() {
            return Err(bad("piece codes only"));
        }
        if c.is_ascii_uppercase() != (color == Color::White) {
            return Err(bad("White's reserve is upper case, Black's lower case"));
        }
        let mut code = (c.to_ascii_uppercase() as char).to_string();
        if let Some(&s) = bytes.get(i + 1).filter(|&&s| s == b'\'' || s == b'!') {
            code.push(s as char);
            i += 1;
        }
        match DEF.kind_of_code(&code) {
            None => return Err(bad(&format!("no piece {code}"))),
            Some(kinds::KING) | Some(kinds::PAWN) => return Err(bad("no King or pawn in reserve")),
            Some(k) => kinds_found.push(k),
        }
        i += 1;
    }
    Reserve::from_kinds(&kinds_found).ok_or_else(|| bad("too many pieces"))
}

pub fn write_extra(pos: &Position<Uc40>) -> (Option<String>, Vec<String>) {
    let state = &pos.extra;
    let reserve = |c: Color| -> String {
        state.reserves[c.index()].as_slice().iter().map(|&k| DEF.piece_code(k, c)).collect()
    };
    let holdings = format!("{}/{}", reserve(Color::White), reserve(Color::Black));
    let name = |s: Square| Board8x8::DIMS.square_name(s);
    let mut fields = exchange::write_fields(state.credits, state.pending, Board8x8::DIMS).to_vec();
    if let Some((a, b)) = state.ban {
        fields.push(format!("{}{}", name(a), name(b)));
    }
    (Some(holdings), fields)
}

/// One King a side, and the side not to move not in check.
pub fn validate(pos: &Position<Uc40>) -> Result<(), FenError> {
    for c in Color::BOTH {
        if pos.pieces(kinds::KING, c).count() != 1 {
            return Err(FenError::new(format!("{c:?} must have exactly one King")));
        }
    }
    if super::check::king_attacked(pos, pos.side().flip()) {
        return Err(FenError::new("the side not to move is in check"));
    }
    Ok(())
}
