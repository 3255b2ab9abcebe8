//! The board of a FEN as a grid of piece codes, and what a move changed on it. The XBoard
//! side uses it to show side effects the move text leaves implicit (victims elsewhere than
//! the destination, the Rolling Kings king step) and to colour `highlight` squares.

use sissa_movegen::{Game, SquareChange};

/// Piece codes by square, `[rank * files + file]`, rank 0 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub files: usize,
    pub ranks: usize,
    cells: Vec<Option<String>>,
}

/// A square as (file, 0-based rank).
pub type Square = (u8, u8);

impl Board {
    /// Reads the placement field of `fen` (rank with the highest number first; digits count
    /// empty squares; a code may carry a `'` or `!` suffix; reserves in brackets ignored).
    pub fn from_fen(fen: &str, files: usize, ranks: usize) -> Board {
        let mut board = Board { files, ranks, cells: vec![None; files * ranks] };
        let placement = fen.split([' ', '[']).next().unwrap_or("");
        for (row, text) in placement.split('/').enumerate().take(ranks) {
            let rank = ranks - 1 - row;
            let mut file = 0usize;
            let mut digits = String::new();
            let mut chars = text.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                file += digits.parse::<usize>().unwrap_or(0);
                digits.clear();
                if c.is_ascii_alphabetic() {
                    let mut code = c.to_string();
                    if let Some(&suffix) = chars.peek().filter(|s| **s == '\'' || **s == '!') {
                        code.push(suffix);
                        chars.next();
                    }
                    if file < files {
                        board.cells[rank * files + file] = Some(code);
                    }
                    file += 1;
                }
            }
        }
        board
    }

    /// The game's board, read square by square from the position.
    pub fn of_game(game: &Game) -> Board {
        let dims = game.variant().dims();
        let cells = game.position().board().into_iter().map(|p| p.map(|p| p.code)).collect();
        Board { files: dims.files as usize, ranks: dims.ranks as usize, cells }
    }

    /// This board with a move's changes made.
    pub fn after(&self, changes: &[SquareChange]) -> Board {
        let mut board = self.clone();
        for change in changes {
            if let Some(cell) = board.cells.get_mut(usize::from(change.square)) {
                *cell = change.after.as_ref().map(|p| p.code.clone());
            }
        }
        board
    }

    /// The (file, rank) of a square index.
    pub fn square(&self, index: u8) -> Square {
        let index = usize::from(index);
        ((index % self.files) as u8, (index / self.files) as u8)
    }

    pub fn at(&self, (file, rank): Square) -> Option<&str> {
        let (f, r) = (usize::from(file), usize::from(rank));
        if f >= self.files || r >= self.ranks {
            return None;
        }
        self.cells[r * self.files + f].as_deref()
    }

    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        let files = self.files;
        (0..self.cells.len()).map(move |i| ((i % files) as u8, (i / files) as u8))
    }

    /// Puts `code` on `square`, or empties it.
    pub fn set(&mut self, (file, rank): Square, code: Option<String>) {
        let (f, r) = (usize::from(file), usize::from(rank));
        if f < self.files && r < self.ranks {
            self.cells[r * self.files + f] = code;
        }
    }

    /// The square's place in [`Board::squares`] order.
    pub fn index(&self, (file, rank): Square) -> usize {
        usize::from(rank) * self.files + usize::from(file)
    }

    pub fn square_count(&self) -> usize {
        self.cells.len()
    }

    /// The placement field of a FEN for this board (codes keep their suffixes).
    pub fn placement(&self) -> String {
        let rows: Vec<String> = (0..self.ranks)
            .rev()
            .map(|rank| {
                let mut row = String::new();
                let mut empty = 0;
                for cell in &self.cells[rank * self.files..(rank + 1) * self.files] {
                    match cell {
                        None => empty += 1,
                        Some(code) => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push_str(code);
                        }
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect();
        rows.join("/")
    }

    /// Where the piece with exactly this code stands, if it is on the board once.
    pub fn find(&self, code: &str) -> Option<Square> {
        let mut found = self.squares().filter(|&sq| self.at(sq) == Some(code));
        let first = found.next();
        first.filter(|_| found.next().is_none())
    }
}

/// Is the piece code White's (upper case)?
pub fn is_white(code: &str) -> bool {
    code.starts_with(|c: char| c.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_two_digit_counts_and_suffixes() {
        let board = Board::from_fen("l8k/10/10/10/10/10/1p8/LK8 w - - 0 1", 10, 8);
        assert_eq!(board.at((0, 0)), Some("L"));
        assert_eq!(board.at((1, 1)), Some("p"));
        assert_eq!(board.at((9, 7)), Some("k"));
        assert_eq!(board.at((5, 5)), None);
        let board = Board::from_fen("Q'D!6/8/8/8/8/8/8/7k[QR/qr] w - - 0 1", 8, 8);
        assert_eq!(board.at((0, 7)), Some("Q'"));
        assert_eq!(board.at((1, 7)), Some("D!"));
        assert_eq!(board.find("k"), Some((7, 0)));
    }

    #[test]
    fn placement_writes_back_what_was_read() {
        for fen in ["l8k/10/10/10/10/10/1p8/LK8", "Q'D!6/8/8/8/8/8/8/7k", "8/8/8/8/8/8/8/8"] {
            let files = if fen.starts_with('l') { 10 } else { 8 };
            let board = Board::from_fen(fen, files, 8);
            assert_eq!(board.placement(), fen);
        }
        let mut board = Board::from_fen("8/8/8/8/8/8/8/8", 8, 8);
        board.set((4, 3), Some("Z".into()));
        assert_eq!(board.placement(), "8/8/8/8/4Z3/8/8/8");
        assert_eq!(board.index((4, 3)), 28);
    }
}
