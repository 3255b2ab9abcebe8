//! Squares, colours, directions and coordinates on boards of up to 16 files and 16 ranks.
//!
//! A square is the index `rank * files + file`, file and rank counted from 0 at White's
//! lower left. Board shapes (the number of files and ranks) are fixed per variant by
//! [`crate::shape::Shape`]; the functions here take the dimensions explicitly and are used
//! while building tables, parsing and printing, not in the hot paths.

/// A square index, `rank * files + file`.
pub type Square = u8;

/// Side to move / owner of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline(always)]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// +1 for White (ranks grow towards Black), -1 for Black.
    #[inline(always)]
    pub fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The sign of this side's terms in a score from White's view: +1 for White, -1 for
    /// Black.
    #[inline(always)]
    pub fn sign(self) -> i32 {
        self.forward()
    }
}

/// A step on the board as (file delta, rank delta).
pub type Step = (i32, i32);

/// The eight queen directions, then the eight knight directions. Ray tables use this order.
pub const DIRECTIONS: [Step; 16] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
pub const ORTHOGONAL_DIRS: [usize; 4] = [0, 2, 4, 6];
pub const DIAGONAL_DIRS: [usize; 4] = [1, 3, 5, 7];
pub const QUEEN_DIRS: std::ops::Range<usize> = 0..8;
pub const KNIGHT_DIRS: std::ops::Range<usize> = 8..16;

/// Index of the direction opposite to `dir` (same family).
pub const fn opposite(dir: usize) -> usize {
    if dir < 8 {
        (dir + 4) % 8
    } else {
        8 + (dir - 8 + 4) % 8
    }
}

/// Width and height of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dims {
    pub files: u8,
    pub ranks: u8,
}

impl Dims {
    pub const fn new(files: u8, ranks: u8) -> Dims {
        Dims { files, ranks }
    }

    pub const fn squares(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    #[inline]
    pub const fn file(self, sq: Square) -> i32 {
        (sq % self.files) as i32
    }

    #[inline]
    pub const fn rank(self, sq: Square) -> i32 {
        (sq / self.files) as i32
    }

    /// The rank of `sq` counted from `color`'s side: 0 on its first rank.
    #[inline]
    pub fn relative_rank(self, color: Color, sq: Square) -> i32 {
        match color {
            Color::White => self.rank(sq),
            Color::Black => self.ranks as i32 - 1 - self.rank(sq),
        }
    }

    /// The steps a king needs from `a` to `b` on an empty board.
    #[inline]
    pub fn king_distance(self, a: Square, b: Square) -> i32 {
        let df = (self.file(a) - self.file(b)).abs();
        let dr = (self.rank(a) - self.rank(b)).abs();
        df.max(dr)
    }

    /// The square at (file, rank), if on the board.
    #[inline]
    pub fn square(self, file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && rank >= 0 && file < self.files as i32 && rank < self.ranks as i32 {
            Some((rank * self.files as i32 + file) as Square)
        } else {
            None
        }
    }

    /// The square reached from `sq` by `step`, if on the board.
    #[inline]
    pub fn offset(self, sq: Square, step: Step) -> Option<Square> {
        self.square(self.file(sq) + step.0, self.rank(sq) + step.1)
    }

    /// Square name with 1-based ranks (`a1`, `j10`): the notation of RULES.md.
    pub fn square_name(self, sq: Square) -> String {
        self.square_name_based(sq, 1)
    }

    /// Square name with ranks counted from `base` (XBoard numbers 10-rank boards from 0).
    pub fn square_name_based(self, sq: Square, base: i32) -> String {
        let file = (b'a' + self.file(sq) as u8) as char;
        format!("{}{}", file, self.rank(sq) + base)
    }

    /// Parses a square name with ranks counted from `base`; `None` if malformed or off board.
    pub fn parse_square_based(self, text: &str, base: i32) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        self.square(file as i32 - 'a' as i32, rank - base)
    }

    /// Parses a square name with 1-based ranks.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        self.parse_square_based(text, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_on_ten_by_ten() {
        let d = Dims::new(10, 10);
        assert_eq!(d.square_name(0), "a1");
        assert_eq!(d.square_name(99), "j10");
        assert_eq!(d.parse_square("j10"), Some(99));
        assert_eq!(d.parse_square("e5"), Some(44));
        assert_eq!(d.parse_square_based("j9", 0), Some(99));
        assert_eq!(d.parse_square("k1"), None);
        assert_eq!(d.parse_square("a11"), None);
        assert_eq!(d.parse_square("a0"), None);
        assert_eq!(d.parse_square("a"), None);
        assert_eq!(d.parse_square("a1x"), None);
    }

    #[test]
    fn opposite_directions_are_negations() {
        for d in 0..16 {
            let (a, b) = DIRECTIONS[d];
            assert_eq!(DIRECTIONS[opposite(d)], (-a, -b));
        }
    }
}
