//! Board grid, piece codes, squares and FEN piece placement shared by the reference games.
//! Everything here favours plainness over speed.

/// A piece: its colour and its code (upper-case letter plus an optional suffix `'` or `!`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub white: bool,
    /// Upper-case ASCII letter.
    pub letter: u8,
    /// 0 for none, otherwise `b'\''` or `b'!'`.
    pub suffix: u8,
}

impl Piece {
    pub fn new(white: bool, letter: u8, suffix: u8) -> Piece {
        Piece { white, letter: letter.to_ascii_uppercase(), suffix }
    }

    /// The piece a code stands for, its case giving the colour ("Q'" White, "d!" Black).
    pub fn from_code(code: &str) -> Option<Piece> {
        match code.as_bytes() {
            [letter] if letter.is_ascii_alphabetic() => {
                Some(Piece::new(letter.is_ascii_uppercase(), *letter, 0))
            }
            [letter, suffix @ (b'\'' | b'!')] if letter.is_ascii_alphabetic() => {
                Some(Piece::new(letter.is_ascii_uppercase(), *letter, *suffix))
            }
            _ => None,
        }
    }

    /// The code as written in FEN and in notation, in this piece's colour case.
    pub fn code(&self) -> String {
        let mut s = String::new();
        let letter = if self.white { self.letter } else { self.letter.to_ascii_lowercase() };
        s.push(letter as char);
        if self.suffix != 0 {
            s.push(self.suffix as char);
        }
        s
    }

    /// Is this the piece with upper-case code `code` ("K", "Q'", "D!")?
    pub fn is(&self, code: &str) -> bool {
        let b = code.as_bytes();
        b[0] == self.letter && (if b.len() > 1 { b[1] == self.suffix } else { self.suffix == 0 })
    }
}

/// A rectangular board; cells indexed `rank * files + file`, file and rank from 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub files: usize,
    pub ranks: usize,
    pub cells: Vec<Option<Piece>>,
}

impl Grid {
    pub fn empty(files: usize, ranks: usize) -> Grid {
        Grid { files, ranks, cells: vec![None; files * ranks] }
    }

    pub fn get(&self, file: i32, rank: i32) -> Option<Piece> {
        if self.on_board(file, rank) {
            self.cells[rank as usize * self.files + file as usize]
        } else {
            None
        }
    }

    pub fn set(&mut self, file: i32, rank: i32, piece: Option<Piece>) {
        let i = rank as usize * self.files + file as usize;
        self.cells[i] = piece;
    }

    pub fn on_board(&self, file: i32, rank: i32) -> bool {
        file >= 0 && rank >= 0 && (file as usize) < self.files && (rank as usize) < self.ranks
    }

    pub fn is_empty(&self, file: i32, rank: i32) -> bool {
        self.on_board(file, rank) && self.get(file, rank).is_none()
    }

    /// Parses the FEN placement field (highest rank first, digits may be two long).
    pub fn parse_placement(text: &str, files: usize, ranks: usize) -> Result<Grid, String> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != ranks {
            return Err(format!("placement has {} ranks, expected {}", rows.len(), ranks));
        }
        let mut grid = Grid::empty(files, ranks);
        for (i, row) in rows.iter().enumerate() {
            let rank = (ranks - 1 - i) as i32;
            let bytes = row.as_bytes();
            let mut file = 0usize;
            let mut j = 0;
            while j < bytes.len() {
                let c = bytes[j];
                if c.is_ascii_digit() {
                    let mut n = (c - b'0') as usize;
                    if j + 1 < bytes.len() && bytes[j + 1].is_ascii_digit() {
                        n = n * 10 + (bytes[j + 1] - b'0') as usize;
                        j += 1;
                    }
                    file += n;
                } else if c.is_ascii_alphabetic() {
                    let mut suffix = 0;
                    if j + 1 < bytes.len() && (bytes[j + 1] == b'\'' || bytes[j + 1] == b'!') {
                        suffix = bytes[j + 1];
                        j += 1;
                    }
                    if file >= files {
                        return Err(format!("rank {} is too long", rank + 1));
                    }
                    grid.set(
                        file as i32,
                        rank,
                        Some(Piece::new(c.is_ascii_uppercase(), c, suffix)),
                    );
                    file += 1;
                } else {
                    return Err(format!("bad character {:?} in placement", c as char));
                }
                j += 1;
            }
            if file != files {
                return Err(format!("rank {} has {} files, expected {}", rank + 1, file, files));
            }
        }
        Ok(grid)
    }

    pub fn placement(&self) -> String {
        let mut out = String::new();
        for rank in (0..self.ranks as i32).rev() {
            let mut empty = 0;
            for file in 0..self.files as i32 {
                match self.get(file, rank) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(&p.code());
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
}

/// Square name with 1-based ranks (`a1`, `j10`).
pub fn square_name(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Parses a square name with 1-based ranks; returns (file, rank) from 0.
pub fn parse_square(text: &str) -> Result<(i32, i32), String> {
    let b = text.as_bytes();
    if b.len() < 2 || !b[0].is_ascii_lowercase() {
        return Err(format!("bad square {:?}", text));
    }
    let rank: i32 = text[1..].parse().map_err(|_| format!("bad square {:?}", text))?;
    if rank < 1 {
        return Err(format!("bad square {:?}", text));
    }
    Ok(((b[0] - b'a') as i32, rank - 1))
}
