//! The engine's side of each comparison: the game replayed with `sissa-movegen`, and its
//! board read from the FEN it writes (so the expected board does not come from the state the
//! page is drawn from).

use std::collections::BTreeMap;

/// The pieces of a FEN's board field by square name (`e4`, `j10`).
pub fn fen_board(fen: &str, files: u8, ranks: u8) -> BTreeMap<String, String> {
    let field = fen.split(['[', ' ']).next().unwrap_or("");
    let rows: Vec<&str> = field.split('/').collect();
    assert_eq!(rows.len(), ranks as usize, "{fen}: {} ranks, not {ranks}", rows.len());
    let mut board = BTreeMap::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks as usize - i;
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(digit) = c.to_digit(10) {
                let mut empty = digit as usize;
                while let Some(more) = chars.peek().and_then(|d| d.to_digit(10)) {
                    empty = empty * 10 + more as usize;
                    chars.next();
                }
                file += empty;
                continue;
            }
            let mut code = c.to_string();
            if let Some(&suffix) = chars.peek().filter(|s| **s == '\'' || **s == '!') {
                code.push(suffix);
                chars.next();
            }
            board.insert(square(file, rank), code);
            file += 1;
        }
        assert_eq!(file, files as usize, "{fen}: rank {rank} has {file} files, not {files}");
    }
    board
}

/// The reserves of a UC-40 FEN (`[QR'/qr']`), White's then Black's, in drop order.
pub fn fen_reserves(fen: &str) -> (Vec<String>, Vec<String>) {
    let inside = fen.split_once('[').and_then(|(_, rest)| rest.split_once(']')).map(|(r, _)| r);
    let (white, black) =
        inside.and_then(|r| r.split_once('/')).unwrap_or_else(|| panic!("no reserves in {fen}"));
    (codes(white), codes(black))
}

fn codes(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in text.chars() {
        match (c, out.last_mut()) {
            ('\'' | '!', Some(last)) => last.push(c),
            _ => out.push(c.to_string()),
        }
    }
    out
}

pub fn square(file: usize, rank: usize) -> String {
    format!("{}{rank}", (b'a' + file as u8) as char)
}

#[test]
fn fen_boards_are_read_square_by_square() {
    let board = fen_board(
        "10/1iulkclus1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1IULKCLUS1/10 w - - 0 1",
        10,
        10,
    );
    assert_eq!(board.len(), 32);
    assert_eq!(board.get("b2").map(String::as_str), Some("I"));
    assert_eq!(board.get("i9").map(String::as_str), Some("s"));
    assert_eq!(board.get("j10"), None);
    let uc40 = fen_board("zyq'd!so'kg!/8/8/8/8/8/8/ZYQ'D!SO'KG![Q'R/q'r] w - - 0 1 0,0 -", 8, 8);
    assert_eq!(uc40.get("c8").map(String::as_str), Some("q'"));
    assert_eq!(uc40.get("d1").map(String::as_str), Some("D!"));
    let (white, black) =
        fen_reserves("zyq'd!so'kg!/8/8/8/8/8/8/ZYQ'D!SO'KG![Q'R/q'r] w - - 0 1 0,0 -");
    assert_eq!(
        (white, black),
        (vec!["Q'".to_string(), "R".to_string()], vec!["q'".to_string(), "r".to_string()])
    );
}
