//! FEN reading and writing for every variant.
//!
//! The common part (placement with two-digit empty counts and suffixed codes, side, castling
//! in `KQkq` or Shredder letters, en passant, clocks) is here; a variant's own parts (UC-40's
//! bracketed reserves, extra fields) go through [`Rules::parse_extra`] and
//! [`Rules::write_extra`].

use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::piece::Piece;
use crate::position::{Position, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use crate::rules::Rules;
use crate::shape::Shape;
use std::fmt;

/// Why a FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl FenError {
    pub fn new(msg: impl Into<String>) -> FenError {
        FenError(msg.into())
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for FenError {}

impl<R: Rules> Position<R> {
    /// Parses a FEN of this variant. Missing clocks default to `0 1`.
    pub fn from_fen(fen: &str) -> Result<Position<R>, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let Some(&placement) = fields.first() else {
            return Err(FenError::new("empty FEN"));
        };
        let mut pos = Position::<R>::empty();
        let (board, holdings) = split_holdings(placement)?;
        parse_board(&mut pos, board)?;
        let side = match fields.get(1).copied().unwrap_or("w") {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(FenError::new(format!("side to move must be w or b, not {s:?}"))),
        };
        pos.set_side(side);
        parse_castling(&mut pos, fields.get(2).copied().unwrap_or("-"))?;
        parse_ep(&mut pos, fields.get(3).copied().unwrap_or("-"))?;
        let number = |i: usize, default: u16, name: &str| -> Result<u16, FenError> {
            match fields.get(i) {
                None => Ok(default),
                Some(s) => s.parse().map_err(|_| FenError::new(format!("bad {name} {s:?}"))),
            }
        };
        let halfmove = number(4, 0, "halfmove clock")?;
        let fullmove = number(5, 1, "fullmove number")?.max(1);
        pos.set_clocks(halfmove, fullmove);
        let rest = if fields.len() > 6 { &fields[6..] } else { &[][..] };
        R::parse_extra(&mut pos, holdings, rest)?;
        pos.refresh_hash();
        R::validate(&pos)?;
        Ok(pos)
    }

    /// Writes the position as FEN.
    pub fn to_fen(&self) -> String {
        let (holdings, extra) = R::write_extra(self);
        let mut out = write_board(self);
        if let Some(h) = holdings {
            out.push('[');
            out.push_str(&h);
            out.push(']');
        }
        out.push_str(if self.side() == Color::White { " w " } else { " b " });
        out.push_str(&write_castling(self));
        out.push(' ');
        match self.ep_square() {
            Some(sq) => out.push_str(&R::S::DIMS.square_name(sq)),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove(), self.fullmove()));
        for f in extra {
            out.push(' ');
            out.push_str(&f);
        }
        out
    }
}

fn split_holdings(placement: &str) -> Result<(&str, Option<&str>), FenError> {
    match placement.find('[') {
        None => Ok((placement, None)),
        Some(i) => {
            let inner = placement[i + 1..]
                .strip_suffix(']')
                .ok_or_else(|| FenError::new("holdings must end with ]"))?;
            Ok((&placement[..i], Some(inner)))
        }
    }
}

fn parse_board<R: Rules>(pos: &mut Position<R>, board: &str) -> Result<(), FenError> {
    let dims = R::S::DIMS;
    let def = R::def();
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != dims.ranks as usize {
        return Err(FenError::new(format!(
            "placement has {} ranks, {} needs {}",
            rows.len(),
            R::NAME,
            dims.ranks
        )));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = dims.ranks as i32 - 1 - i as i32;
        let bytes = row.as_bytes();
        let mut file = 0i32;
        let mut j = 0;
        while j < bytes.len() {
            let c = bytes[j];
            if c.is_ascii_digit() {
                let mut n = (c - b'0') as i32;
                if j + 1 < bytes.len() && bytes[j + 1].is_ascii_digit() {
                    n = n * 10 + (bytes[j + 1] - b'0') as i32;
                    j += 1;
                }
                if n == 0 {
                    return Err(FenError::new("empty-square count 0 in placement"));
                }
                file += n;
            } else if c.is_ascii_alphabetic() {
                let mut code = (c.to_ascii_uppercase() as char).to_string();
                if let Some(&s) = bytes.get(j + 1) {
                    if s == b'\'' || s == b'!' {
                        code.push(s as char);
                        j += 1;
                    }
                }
                let kind = def.kind_of_code(&code).ok_or_else(|| {
                    FenError::new(format!("unknown piece {:?} in {}", code, R::NAME))
                })?;
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let sq = dims.square(file, rank).ok_or_else(|| {
                    FenError::new(format!("rank {} has more than {} files", rank + 1, dims.files))
                })?;
                pos.put_piece(sq, Some(Piece::new(kind, color)));
                if bytes.get(j + 1) == Some(&b'~') {
                    R::mark_promoted(pos, sq)?;
                    j += 1;
                }
                file += 1;
            } else {
                return Err(FenError::new(format!("bad character {:?} in placement", c as char)));
            }
            j += 1;
        }
        if file != dims.files as i32 {
            return Err(FenError::new(format!(
                "rank {} has {} files, {} needs {}",
                rank + 1,
                file,
                R::NAME,
                dims.files
            )));
        }
    }
    Ok(())
}

fn write_board<R: Rules>(pos: &Position<R>) -> String {
    let dims = R::S::DIMS;
    let def = R::def();
    let mut out = String::new();
    for rank in (0..dims.ranks as i32).rev() {
        let mut empty = 0;
        for file in 0..dims.files as i32 {
            let sq = (rank * dims.files as i32 + file) as Square;
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(&def.piece_code(p.kind(), p.color()));
                    if R::promoted_mark(pos, sq) {
                        out.push('~');
                    }
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Castling right bit for (colour, kingside?).
fn right_bit(color: Color, kingside: bool) -> (u8, usize) {
    match (color, kingside) {
        (Color::White, true) => (CASTLE_WK, 0),
        (Color::White, false) => (CASTLE_WQ, 1),
        (Color::Black, true) => (CASTLE_BK, 2),
        (Color::Black, false) => (CASTLE_BQ, 3),
    }
}

fn parse_castling<R: Rules>(pos: &mut Position<R>, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let def = R::def();
    let Some(rules) = def.castling else {
        return Err(FenError::new(format!("{} has no castling; the field must be -", R::NAME)));
    };
    let dims = R::S::DIMS;
    let mut rights = 0u8;
    let mut rooks = [0 as Square; 4];
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let king_sq = def.back_rank_square(color, rules.king_file);
        if pos.piece_at(king_sq) != Some(Piece::new(def.king, color)) {
            return Err(FenError::new(format!(
                "castling right {c} but no king on its start square"
            )));
        }
        let is_rook = |file: i32| {
            pos.piece_at(def.back_rank_square(color, file as u8))
                == Some(Piece::new(rules.rook, color))
        };
        let file = match c.to_ascii_uppercase() {
            // The outermost castling rook on that side of the king.
            'K' => (rules.king_file as i32 + 1..dims.files as i32).rev().find(|&f| is_rook(f)),
            'Q' => (0..rules.king_file as i32).find(|&f| is_rook(f)),
            l if l.is_ascii_uppercase() && ((l as u8 - b'A') as i32) < dims.files as i32 => {
                Some((l as u8 - b'A') as i32).filter(|&f| is_rook(f))
            }
            _ => return Err(FenError::new(format!("bad castling character {c:?}"))),
        };
        let Some(file) = file.filter(|&f| f != rules.king_file as i32) else {
            return Err(FenError::new(format!("castling right {c} but no rook to castle with")));
        };
        let (bit, idx) = right_bit(color, file > rules.king_file as i32);
        rights |= bit;
        rooks[idx] = def.back_rank_square(color, file as u8);
    }
    pos.set_castling(rights, rooks);
    Ok(())
}

fn write_castling<R: Rules>(pos: &Position<R>) -> String {
    let rights = pos.castling();
    if rights == 0 {
        return "-".to_string();
    }
    let def = R::def();
    let dims = R::S::DIMS;
    let mut out = String::new();
    for (bit, idx, color, kingside) in [
        (CASTLE_WK, 0, Color::White, true),
        (CASTLE_WQ, 1, Color::White, false),
        (CASTLE_BK, 2, Color::Black, true),
        (CASTLE_BQ, 3, Color::Black, false),
    ] {
        if rights & bit == 0 {
            continue;
        }
        let rook_sq = pos.castle_rook(idx);
        let file = dims.file(rook_sq);
        // KQkq when the right's rook is the outermost rook on its side, else the file letter.
        let outer = def.castling.is_some_and(|rules| {
            let range: Vec<i32> = if kingside {
                (file + 1..dims.files as i32).collect()
            } else {
                (0..file).collect()
            };
            range.iter().all(|&f| {
                pos.piece_at(def.back_rank_square(color, f as u8))
                    != Some(Piece::new(rules.rook, color))
            })
        });
        let letter = if outer {
            if kingside {
                'K'
            } else {
                'Q'
            }
        } else {
            (b'A' + file as u8) as char
        };
        out.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
    }
    out
}

fn parse_ep<R: Rules>(pos: &mut Position<R>, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let dims = R::S::DIMS;
    let def = R::def();
    let sq = dims
        .parse_square(field)
        .ok_or_else(|| FenError::new(format!("bad en passant square {field:?}")))?;
    let (Some(pawn), true) = (def.pawn, def.pawn_rules.en_passant) else {
        return Err(FenError::new(format!("{} has no en passant; the field must be -", R::NAME)));
    };
    // The square a pawn of the side not to move passed over: empty, with that pawn in front.
    let mover = pos.side().flip();
    let expected_rank = match mover {
        Color::White => 2,
        Color::Black => dims.ranks as i32 - 3,
    };
    let pawn_sq = dims.offset(sq, (0, mover.forward()));
    let ok = dims.rank(sq) == expected_rank
        && pos.piece_at(sq).is_none()
        && pawn_sq.is_some_and(|p| pos.piece_at(p) == Some(Piece::new(pawn, mover)));
    if !ok {
        return Err(FenError::new(format!("en passant square {field} does not fit the position")));
    }
    pos.set_ep(Some(sq));
    Ok(())
}

/// Checks common to the checkmate variants: one king each, the side not to move not in
/// check, no pawn on a first or last rank.
pub fn validate_orthodox<R: Rules>(pos: &Position<R>) -> Result<(), FenError> {
    let def = R::def();
    for c in Color::BOTH {
        if pos.pieces(def.king, c).count() != 1 {
            return Err(FenError::new(format!("{c:?} must have exactly one king")));
        }
    }
    if let Some(pawn) = def.pawn {
        let t = R::S::tables();
        let edge = t.rank_masks[0] | t.rank_masks[R::S::DIMS.ranks as usize - 1];
        if (pos.kind(pawn) & edge).any() {
            return Err(FenError::new("a pawn stands on the first or last rank"));
        }
    }
    if crate::attacks::king_attacked::<R>(pos, pos.side().flip()) {
        return Err(FenError::new("the side not to move is in check"));
    }
    Ok(())
}
