//! The UC-40 FEN (RULES.md section 6): `<board>[<White reserve>/<Black reserve>] <side> -
//! <en passant> <halfmove> <fullmove> <credits W,B> <pending exchange> [<swap-back ban>]`.

use super::pieces::{kind_of_code, Kind, Sq};
use super::Pos;
use crate::common::{square_name, Grid, Piece};

pub fn write(pos: &Pos) -> String {
    let reserve = |r: &[Piece]| r.iter().map(|p| p.code()).collect::<String>();
    let ep = pos.ep.map_or("-".to_string(), |s| square_name(s.0, s.1));
    let pending =
        pos.pending.map_or("-".to_string(), |(s, n)| format!("{}:{}", square_name(s.0, s.1), n));
    let ban = pos.ban.map_or(String::new(), |(a, b)| {
        format!(" {}{}", square_name(a.0, a.1), square_name(b.0, b.1))
    });
    format!(
        "{}[{}/{}] {} - {} {} {} {},{} {}{}",
        pos.board.placement(),
        reserve(&pos.reserves[0]),
        reserve(&pos.reserves[1]),
        if pos.white_to_move { "w" } else { "b" },
        ep,
        pos.halfmove,
        pos.fullmove,
        pos.credits[0],
        pos.credits[1],
        pending,
        ban
    )
}

/// Reads a FEN. The fields after the side to move may be left off from any point on; they
/// then take their start-of-game values (`- - 0 1 0,0 -`, no ban).
pub fn read(fen: &str) -> Result<Pos, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 2 {
        return Err("a UC-40 FEN needs at least the board with reserves and the side".into());
    }
    if fields.len() > 9 {
        return Err("too many FEN fields".into());
    }
    let (placement, reserves) = split_reserves(fields[0])?;
    let board = Grid::parse_placement(placement, 8, 8)?;
    for p in board.cells.iter().flatten() {
        if kind_of_code(p.letter, p.suffix).is_none() {
            return Err(format!("unknown piece code {:?}", p.code()));
        }
    }
    for white in [true, false] {
        let kings = board
            .cells
            .iter()
            .flatten()
            .filter(|p| p.white == white && kind_of_code(p.letter, p.suffix) == Some(Kind::King))
            .count();
        if kings > 1 {
            return Err("more than one King of one colour".into());
        }
    }
    let (white_reserve, black_reserve) =
        reserves.split_once('/').ok_or("the reserves need a '/' between White's and Black's")?;
    let reserves = [parse_reserve(white_reserve, true)?, parse_reserve(black_reserve, false)?];
    let white_to_move = match fields[1] {
        "w" => true,
        "b" => false,
        other => return Err(format!("bad side to move {other:?}")),
    };
    if let Some(castling) = fields.get(2) {
        if *castling != "-" {
            return Err("UC-40 has no castling; the castling field must be '-'".into());
        }
    }
    let ep = match fields.get(3) {
        None | Some(&"-") => None,
        Some(s) => Some(en_passant(s, &board, white_to_move)?),
    };
    let halfmove = fields.get(4).map_or(Ok(0), |s| number(s))?;
    let fullmove = fields.get(5).map_or(Ok(1), |s| number(s))?;
    let credits = match fields.get(6) {
        None => [0, 0],
        Some(s) => {
            let (w, b) = s.split_once(',').ok_or(format!("bad credits {s:?}"))?;
            [number(w)?, number(b)?]
        }
    };
    let pending = match fields.get(7) {
        None | Some(&"-") => None,
        Some(s) => {
            let (sq, n) = s.split_once(':').ok_or(format!("bad pending exchange {s:?}"))?;
            let sq = square(sq)?;
            // The piece that made the last capture belongs to the side that just moved.
            if board.get(sq.0, sq.1).is_none_or(|p| p.white == white_to_move) {
                return Err(format!("pending exchange {s:?}: no capturing piece there"));
            }
            Some((sq, number(n)?))
        }
    };
    let ban = match fields.get(8) {
        None | Some(&"-") => None,
        Some(s) if s.len() == 4 && s.is_ascii() => {
            let (a, b) = (square(&s[..2])?, square(&s[2..])?);
            if a == b {
                return Err(format!("bad swap-back ban {s:?}"));
            }
            Some((a, b))
        }
        Some(s) => return Err(format!("bad swap-back ban {s:?}")),
    };
    Ok(Pos { board, reserves, white_to_move, ep, halfmove, fullmove, credits, pending, ban })
}

/// A plain decimal number (digits only).
fn number(text: &str) -> Result<u32, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("bad number {text:?}"));
    }
    text.parse().map_err(|_| format!("bad number {text:?}"))
}

/// The en passant square: the empty square the opponent's pawn has just passed over, so on
/// the opponent's third rank, with that pawn just beyond it.
fn en_passant(text: &str, board: &Grid, white_to_move: bool) -> Result<Sq, String> {
    let sq = square(text)?;
    let (rank, pawn_rank) = if white_to_move { (5, 4) } else { (2, 3) };
    let pawn = board.get(sq.0, pawn_rank);
    let pawn_there = pawn.is_some_and(|p| {
        p.white != white_to_move && kind_of_code(p.letter, p.suffix) == Some(Kind::Pawn)
    });
    if sq.1 != rank || board.get(sq.0, sq.1).is_some() || !pawn_there {
        return Err(format!("en passant square {text:?} does not follow a double step"));
    }
    Ok(sq)
}

/// Splits `<board>[<reserves>]` into the board and the text between the brackets.
fn split_reserves(field: &str) -> Result<(&str, &str), String> {
    let open = field.find('[').ok_or("missing reserves in brackets after the board")?;
    let rest = &field[open + 1..];
    let reserves =
        rest.strip_suffix(']').ok_or("the reserves must end the first field with ']'")?;
    Ok((&field[..open], reserves))
}

/// A square of the 8x8 board: a file letter `a`..`h` and a rank digit `1`..`8`.
fn square(text: &str) -> Result<Sq, String> {
    match text.as_bytes() {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(((f - b'a') as i32, (r - b'1') as i32)),
        _ => Err(format!("bad square {text:?}")),
    }
}

/// A reserve: piece codes in drop order, in the side's case; no King, no pawn.
fn parse_reserve(text: &str, white: bool) -> Result<Vec<Piece>, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if !c.is_ascii_alphabetic() || c.is_ascii_uppercase() != white {
            return Err(format!("bad reserve {text:?}"));
        }
        let mut suffix = 0;
        if i + 1 < bytes.len() && (bytes[i + 1] == b'\'' || bytes[i + 1] == b'!') {
            suffix = bytes[i + 1];
            i += 1;
        }
        match kind_of_code(c, suffix) {
            None | Some(Kind::King) | Some(Kind::Pawn) => {
                return Err(format!("bad reserve piece in {text:?}"));
            }
            Some(_) => out.push(Piece::new(white, c, suffix)),
        }
        i += 1;
    }
    Ok(out)
}
