//! Reference rules for `rollingkings` (RULES.md section 4): Peter Aronson's Rolling Kings.
//!
//! 8x8. A turn is a move of any piece but the King, then the mover's King steps
//! automatically to its next square on the King-line, capturing whatever stands there.
//! There is no check: the game is won by capturing the enemy King.

use crate::common::{square_name, Grid, Piece};
use crate::Game;

pub struct RollingKings;

/// A square as (file, rank), both from 0.
type Sq = (i32, i32);

const FILES: usize = 8;
const RANKS: usize = 8;
/// Number of squares on the King-line (every square of the board).
const LINE_LENGTH: usize = FILES * RANKS;

const ORTHOGONAL: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KING: [Sq; 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [Sq; 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// The piece letters of the game (`U` is the Mock King).
const LETTERS: &[u8] = b"KUQRBNP";
/// Promotion choices, in the order their moves are listed: U, Q, R, B, N.
const PROMOTIONS: &[u8] = b"UQRBN";

/// A Rolling Kings position. Castling and en passant do not exist: both FEN fields are `-`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub grid: Grid,
    pub white_to_move: bool,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// A move of a piece other than the King, before its legality is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Move {
    from: Sq,
    to: Sq,
    /// Upper-case letter of the promotion piece.
    promotion: Option<u8>,
}

impl Move {
    fn notation(&self) -> String {
        let mut s = square_name(self.from.0, self.from.1) + &square_name(self.to.0, self.to.1);
        if let Some(p) = self.promotion {
            s.push(p.to_ascii_lowercase() as char);
        }
        s
    }
}

/// Square number `index` of the King-line: h1,g1,..,a1, a2,..,h2, h3,..,a3, ..., a8,..,h8.
/// Ranks 1, 3, 5, 7 run from h to a; ranks 2, 4, 6, 8 from a to h.
fn king_line_square(index: usize) -> Sq {
    let rank = index / FILES;
    let along = (index % FILES) as i32;
    // Ranks 1, 3, .. (rank index even) run from the h-file to the a-file.
    let file = if rank.is_multiple_of(2) { FILES as i32 - 1 - along } else { along };
    (file, rank as i32)
}

/// The position of `sq` on the King-line (inverse of `king_line_square`).
fn king_line_index(sq: Sq) -> usize {
    let rank = sq.1 as usize;
    let along = if rank.is_multiple_of(2) { FILES - 1 - sq.0 as usize } else { sq.0 as usize };
    rank * FILES + along
}

/// The square a King of colour `white` standing on `sq` steps to next: White walks the
/// King-line forward, Black backward. None at the end of its walk.
fn next_king_square(white: bool, sq: Sq) -> Option<Sq> {
    let index = king_line_index(sq);
    if white {
        (index + 1 < LINE_LENGTH).then(|| king_line_square(index + 1))
    } else {
        index.checked_sub(1).map(king_line_square)
    }
}

fn at(grid: &Grid, sq: Sq) -> Option<Piece> {
    grid.get(sq.0, sq.1)
}

fn step(sq: Sq, dir: Sq) -> Sq {
    (sq.0 + dir.0, sq.1 + dir.1)
}

/// A piece of colour `white` may end its move on `sq`: on the board, and empty or enemy
/// (the enemy King included).
fn can_land(grid: &Grid, sq: Sq, white: bool) -> bool {
    grid.on_board(sq.0, sq.1) && at(grid, sq).is_none_or(|p| p.white != white)
}

/// Single leaps (king steps, knight leaps).
fn leaps(grid: &Grid, from: Sq, white: bool, offsets: &[Sq], out: &mut Vec<Sq>) {
    for &d in offsets {
        let to = step(from, d);
        if can_land(grid, to, white) {
            out.push(to);
        }
    }
}

/// Rider moves along board lines: over empty squares, stopping at the first piece, which
/// may be captured if it is an enemy.
fn slides(grid: &Grid, from: Sq, white: bool, dirs: &[Sq], out: &mut Vec<Sq>) {
    for &d in dirs {
        let mut to = step(from, d);
        while grid.on_board(to.0, to.1) {
            match at(grid, to) {
                None => out.push(to),
                Some(p) => {
                    if p.white != white {
                        out.push(to);
                    }
                    break;
                }
            }
            to = step(to, d);
        }
    }
}

/// The Mock King's slide along the King-line, in both directions: over empty squares, each
/// one a destination, stopping at the first piece, captured if it is an enemy.
fn king_line_slides(grid: &Grid, from: Sq, white: bool, out: &mut Vec<Sq>) {
    let start = king_line_index(from) as i32;
    for dir in [1, -1] {
        let mut index = start + dir;
        while (0..LINE_LENGTH as i32).contains(&index) {
            let to = king_line_square(index as usize);
            match at(grid, to) {
                None => out.push(to),
                Some(p) => {
                    if p.white != white {
                        out.push(to);
                    }
                    break;
                }
            }
            index += dir;
        }
    }
}

/// Pawn moves: one step forward onto an empty square, or a diagonal capture; no double
/// step, no en passant. Reaching the last rank is one move per promotion piece.
fn pawn_moves(grid: &Grid, from: Sq, white: bool, out: &mut Vec<Move>) {
    let forward = if white { 1 } else { -1 };
    let last_rank = if white { RANKS as i32 - 1 } else { 0 };
    let mut targets = Vec::new();
    let ahead = (from.0, from.1 + forward);
    if grid.is_empty(ahead.0, ahead.1) {
        targets.push(ahead);
    }
    for df in [-1, 1] {
        let to = (from.0 + df, from.1 + forward);
        if at(grid, to).is_some_and(|p| p.white != white) {
            targets.push(to);
        }
    }
    for to in targets {
        if to.1 == last_rank {
            for &p in PROMOTIONS {
                out.push(Move { from, to, promotion: Some(p) });
            }
        } else {
            out.push(Move { from, to, promotion: None });
        }
    }
}

/// Destinations of a piece other than a pawn or the King.
fn piece_destinations(grid: &Grid, from: Sq, piece: Piece) -> Vec<Sq> {
    let white = piece.white;
    let mut out = Vec::new();
    match piece.letter {
        b'Q' => slides(grid, from, white, &KING, &mut out),
        b'R' => slides(grid, from, white, &ORTHOGONAL, &mut out),
        b'B' => slides(grid, from, white, &DIAGONAL, &mut out),
        b'N' => leaps(grid, from, white, &KNIGHT, &mut out),
        // Mock King: a king step, or a slide along the King-line either way.
        b'U' => {
            leaps(grid, from, white, &KING, &mut out);
            king_line_slides(grid, from, white, &mut out);
        }
        _ => {}
    }
    // A king step and a King-line slide often reach the same square: one move.
    out.sort();
    out.dedup();
    out
}

/// Every move of the side's pieces other than its King, before the King's step is judged.
fn candidate_moves(grid: &Grid, white: bool) -> Vec<Move> {
    let mut out = Vec::new();
    for rank in 0..RANKS as i32 {
        for file in 0..FILES as i32 {
            let from = (file, rank);
            let Some(piece) = at(grid, from) else { continue };
            if piece.white != white || piece.letter == b'K' {
                continue;
            }
            if piece.letter == b'P' {
                pawn_moves(grid, from, white, &mut out);
            } else {
                for to in piece_destinations(grid, from, piece) {
                    out.push(Move { from, to, promotion: None });
                }
            }
        }
    }
    out
}

fn find_king(grid: &Grid, white: bool) -> Option<Sq> {
    for rank in 0..RANKS as i32 {
        for file in 0..FILES as i32 {
            if at(grid, (file, rank)).is_some_and(|p| p.white == white && p.letter == b'K') {
                return Some((file, rank));
            }
        }
    }
    None
}

/// Plays `m` and then the mover's King step. None when the move is illegal: the King cannot
/// step because its next square holds the enemy King or its walk is over. A move that
/// captures the enemy King is always legal and ends the game at once, with no step.
fn play_move(pos: &Position, m: &Move) -> Option<Position> {
    let white = pos.white_to_move;
    let mut grid = pos.grid.clone();
    let piece = at(&grid, m.from).expect("a move starts on a piece");
    let captured = at(&grid, m.to);
    let placed = match m.promotion {
        Some(letter) => Piece::new(white, letter, 0),
        None => piece,
    };
    grid.set(m.from.0, m.from.1, None);
    grid.set(m.to.0, m.to.1, Some(placed));

    let captured_king = captured.is_some_and(|p| p.letter == b'K');
    let mut king_captured_something = false;
    if !captured_king {
        let king = find_king(&grid, white).expect("a side that moves has its King");
        let next = next_king_square(white, king)?;
        let victim = at(&grid, next);
        if victim.is_some_and(|p| p.letter == b'K') {
            // The King never captures the enemy King.
            return None;
        }
        king_captured_something = victim.is_some();
        grid.set(king.0, king.1, None);
        grid.set(next.0, next.1, Some(Piece::new(white, b'K', 0)));
    }

    let reset = piece.letter == b'P' || captured.is_some() || king_captured_something;
    Some(Position {
        grid,
        white_to_move: !white,
        halfmove: if reset { 0 } else { pos.halfmove + 1 },
        fullmove: if white { pos.fullmove } else { pos.fullmove + 1 },
    })
}

/// Only the game's pieces, at most one King each (a missing King has been captured: the
/// game is over), no pawn on the first or last rank.
fn check_board(grid: &Grid) -> Result<(), String> {
    let mut kings = [0, 0];
    for rank in 0..RANKS as i32 {
        for file in 0..FILES as i32 {
            let Some(p) = at(grid, (file, rank)) else { continue };
            if p.suffix != 0 || !LETTERS.contains(&p.letter) {
                return Err(format!("no piece {} in Rolling Kings", p.code()));
            }
            if p.letter == b'K' {
                kings[p.white as usize] += 1;
            }
            if p.letter == b'P' && (rank == 0 || rank == RANKS as i32 - 1) {
                return Err(format!("pawn on {}", square_name(file, rank)));
            }
        }
    }
    if kings.iter().any(|&k| k > 1) {
        return Err("a side has more than one King".into());
    }
    Ok(())
}

impl Game for RollingKings {
    type Pos = Position;

    /// `<placement> <w|b> - - [halfmove fullmove]`; the two counters default to 0 and 1.
    fn from_fen(fen: &str) -> Result<Position, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 4 && fields.len() != 6 {
            return Err(format!("expected 4 or 6 FEN fields, found {}", fields.len()));
        }
        let grid = Grid::parse_placement(fields[0], FILES, RANKS)?;
        check_board(&grid)?;
        let white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            other => return Err(format!("bad side to move {other:?}")),
        };
        if fields[2] != "-" {
            return Err(format!("Rolling Kings has no castling, found {:?}", fields[2]));
        }
        if fields[3] != "-" {
            return Err(format!("Rolling Kings has no en passant, found {:?}", fields[3]));
        }
        let (halfmove, fullmove) = if fields.len() == 6 {
            let h = fields[4].parse::<u32>().map_err(|_| "bad halfmove clock".to_string())?;
            let f = fields[5].parse::<u32>().map_err(|_| "bad fullmove number".to_string())?;
            if f == 0 {
                return Err("fullmove number starts at 1".into());
            }
            (h, f)
        } else {
            (0, 1)
        };
        Ok(Position { grid, white_to_move, halfmove, fullmove })
    }

    fn to_fen(pos: &Position) -> String {
        format!(
            "{} {} - - {} {}",
            pos.grid.placement(),
            if pos.white_to_move { "w" } else { "b" },
            pos.halfmove,
            pos.fullmove
        )
    }

    /// Legal moves; none when a King has been captured or the side to move is stalemated.
    fn moves(pos: &Position) -> Vec<(String, Position)> {
        let white = pos.white_to_move;
        if find_king(&pos.grid, true).is_none() || find_king(&pos.grid, false).is_none() {
            return Vec::new();
        }
        candidate_moves(&pos.grid, white)
            .iter()
            .filter_map(|m| play_move(pos, m).map(|after| (m.notation(), after)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::parse_square;

    const START: &str = "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w - - 0 1";

    fn legal(fen: &str) -> Vec<String> {
        let pos = RollingKings::from_fen(fen).unwrap();
        let mut v: Vec<String> = RollingKings::moves(&pos).into_iter().map(|(m, _)| m).collect();
        v.sort();
        v
    }

    fn sorted(list: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    fn play(fen: &str, mv: &str) -> String {
        crate::play("rollingkings", fen, mv).unwrap()
    }

    fn perft(fen: &str, depth: u32) -> u64 {
        crate::perft("rollingkings", fen, depth).unwrap()
    }

    #[test]
    fn king_line_order() {
        // The rules' list: h1,g1,..,a1, a2,..,h2, h3,..,a3, a4,..,h4, h5,..,a5, a6,..,h6,
        // h7,..,a7, a8,..,h8.
        let mut expected = Vec::new();
        for rank in 1..=8 {
            let files: Vec<char> = if rank % 2 == 1 {
                "hgfedcba".chars().collect()
            } else {
                "abcdefgh".chars().collect()
            };
            for f in files {
                expected.push(format!("{f}{rank}"));
            }
        }
        let line: Vec<String> =
            (0..LINE_LENGTH).map(king_line_square).map(|(f, r)| square_name(f, r)).collect();
        assert_eq!(line, expected);
        for (i, name) in expected.iter().enumerate() {
            assert_eq!(king_line_index(parse_square(name).unwrap()), i);
        }
        // The seed: White's King goes h1, g1, .., a1, a2, b2, c2; Black's h8, g8, .., a8,
        // a7, b7, c7.
        let sq = |s: &str| parse_square(s).unwrap();
        assert_eq!(next_king_square(true, sq("h1")), Some(sq("g1")));
        assert_eq!(next_king_square(true, sq("a1")), Some(sq("a2")));
        assert_eq!(next_king_square(true, sq("b2")), Some(sq("c2")));
        assert_eq!(next_king_square(false, sq("h8")), Some(sq("g8")));
        assert_eq!(next_king_square(false, sq("a8")), Some(sq("a7")));
        assert_eq!(next_king_square(false, sq("a7")), Some(sq("b7")));
        assert_eq!(next_king_square(true, sq("h4")), Some(sq("h5")));
        assert_eq!(next_king_square(false, sq("h5")), Some(sq("h4")));
        // The ends of the walks.
        assert_eq!(next_king_square(true, sq("h8")), None);
        assert_eq!(next_king_square(false, sq("h1")), None);
    }

    #[test]
    fn start_position() {
        // White: 8 single pawn steps; Nb2 a4 c4 d1, Ng2 e1 f4 h4; Ra2 a1; Rh2 none (h1 is the
        // King, h3 a pawn); Bc2 b1 d1; Bf2 e1 g1; Qd2 c1 d1 e1; Ue2 d1 e1 f1 (its King-line
        // neighbours d2 and f2 hold own pieces). 25, all legal (the King steps to g1).
        assert_eq!(perft(START, 1), 25);
        // Black's 25 mirror moves, behind its own pawns, are untouched by White's move.
        assert_eq!(perft(START, 2), 25 * 25);
        let after = play(START, "a3a4");
        // The pawn move, then White's King h1-g1; a pawn move resets the clock.
        assert_eq!(after, "7k/rnbqubnr/pppppppp/8/P7/1PPPPPPP/RNBQUBNR/6K1 b - - 0 1");
    }

    #[test]
    fn king_captures_own_piece_on_its_next_square() {
        // The bishop moves to g1, White's King steps there and takes it.
        let after = play(START, "f2g1");
        assert_eq!(after, "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQU1NR/6K1 b - - 0 1");
        // A piece already on the next square: a knight on g1 is taken by any White move
        // except its own; the clock resets for that capture.
        let fen = "7k/p7/8/8/8/P7/8/6NK w - - 3 9";
        assert_eq!(legal(fen), sorted(&["a3a4", "g1e2", "g1f3", "g1h3"]));
        assert_eq!(play(fen, "a3a4"), "7k/p7/8/8/P7/8/8/6K1 b - - 0 9");
        assert_eq!(play(fen, "g1h3"), "7k/p7/8/8/8/P6N/8/6K1 b - - 4 9");
        // Black then has only a7a6 (its King steps h8-g8) in each case.
        assert_eq!(perft(fen, 2), 4);
    }

    #[test]
    fn king_captures_enemy_piece_on_its_next_square() {
        // Black's rook on g1 is taken by White's King whatever White plays.
        let fen = "7k/8/8/8/8/P7/8/6rK w - - 5 20";
        assert_eq!(legal(fen), ["a3a4"]);
        assert_eq!(play(fen, "a3a4"), "7k/8/8/8/P7/8/8/6K1 b - - 0 20");
    }

    #[test]
    fn a_side_with_only_its_king_cannot_move() {
        // The player must move a piece other than the King: Black has none.
        let fen = "7k/8/8/8/8/P7/8/7K b - - 0 1";
        assert!(legal(fen).is_empty());
    }

    #[test]
    fn seed_mock_king_slide_captures_the_king() {
        // "A white Mock King on b3 could capture a black King on c6 by moving along the path
        // a3, a4, b4, ..., a6, b6, c6": forward along the King-line, every square empty, the
        // slide ends capturing the King. Backward it runs c3, d3, .., h3, h2, .., a2, a1, ..,
        // g1, stopping before White's own King on h1. Its king steps (a2 b2 c2 a3 c3 a4 b4
        // c4) all lie on those two runs, so each is one move.
        let fen = "8/8/2k5/8/8/1U6/8/7K w - - 0 1";
        let forward = [
            "a3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4", "h5", "g5", "f5", "e5", "d5",
            "c5", "b5", "a5", "a6", "b6", "c6",
        ];
        let backward = [
            "c3", "d3", "e3", "f3", "g3", "h3", "h2", "g2", "f2", "e2", "d2", "c2", "b2", "a2",
            "a1", "b1", "c1", "d1", "e1", "f1", "g1",
        ];
        let mut expected: Vec<String> =
            forward.iter().chain(backward.iter()).map(|s| format!("b3{s}")).collect();
        expected.sort();
        assert_eq!(legal(fen), expected);
        // The capture ends the game at once: no King step for White (still on h1), no moves.
        let after = play(fen, "b3c6");
        assert_eq!(after, "8/8/2U5/8/8/8/8/7K b - - 0 1");
        assert!(legal(&after).is_empty());
        // Landing on g1, the next square of White's King, gets the Mock King taken by it.
        assert_eq!(play(fen, "b3g1"), "8/8/2k5/8/8/8/8/6K1 b - - 0 1");
        // A quiet slide: the clock counts up.
        assert_eq!(play(fen, "b3h5"), "8/8/2k5/7U/8/8/8/6K1 b - - 1 1");
    }

    #[test]
    fn mock_king_slide_stops_at_pieces() {
        // White Mock King d4: forward along the King-line e4, f4, then g4 holds a black
        // knight (captured, the slide stops). Backward c4, b4, a4, then a3 holds a white pawn
        // (the slide stops before it). King steps: c3 d3 e3 c5 d5 e5, and c4 e4 again.
        let fen = "k7/8/8/8/3U2n1/P7/8/7K w - - 0 1";
        let u: Vec<String> = legal(fen).into_iter().filter(|m| m.starts_with("d4")).collect();
        let expected = sorted(&[
            "d4e4", "d4f4", "d4g4", "d4c4", "d4b4", "d4a4", "d4c3", "d4d3", "d4e3", "d4c5", "d4d5",
            "d4e5",
        ]);
        assert_eq!(u, expected);
    }

    #[test]
    fn seed_h4_h5_stalemate() {
        // White's King on h4 must step to h5, where Black's King stands: White has no move.
        assert!(legal("8/8/8/7k/7K/8/P7/8 w - - 0 1").is_empty());
        // Black's King on h5 must step back to h4: Black is stalemated likewise.
        assert!(legal("8/8/8/7k/7K/8/p7/8 b - - 0 1").is_empty());
        // A move that would leave the King unable to step is illegal, but capturing the
        // enemy King needs no step: the rook on a5 may only take on h5 (a5b5..a5g5, the
        // a-file moves and a2a3 would all leave White's King facing h5).
        let fen = "8/8/8/R6k/7K/8/P7/8 w - - 0 1";
        assert_eq!(legal(fen), ["a5h5"]);
        assert_eq!(play(fen, "a5h5"), "8/8/8/7R/7K/8/P7/8 b - - 0 1");
    }

    #[test]
    fn king_at_the_end_of_its_walk() {
        // White's King on h8 has no next square: only the capture of Black's King is legal.
        let fen = "7K/8/8/8/8/8/P7/kR6 w - - 0 1";
        assert_eq!(legal(fen), ["b1a1"]);
    }

    #[test]
    fn promotion_and_pawn_moves() {
        // e7e8 with U, Q, R, B, N; the pawn on b3 goes to b4 (no double step) or takes c4.
        let fen = "k7/4P3/8/8/2n5/1P6/8/7K w - - 0 1";
        let expected = sorted(&["e7e8u", "e7e8q", "e7e8r", "e7e8b", "e7e8n", "b3b4", "b3c4"]);
        assert_eq!(legal(fen), expected);
        assert_eq!(play(fen, "e7e8u"), "k3U3/8/8/8/2n5/1P6/8/6K1 b - - 0 1");
        // Black pawns move down the board; a7 is Black's second rank, but there is no double
        // step: a7a6 only. d2d1 promotes (Black's King steps h8-g8).
        let fen = "7k/p7/8/8/8/8/3p4/K7 b - - 0 1";
        let expected = sorted(&["a7a6", "d2d1u", "d2d1q", "d2d1r", "d2d1b", "d2d1n"]);
        assert_eq!(legal(fen), expected);
    }

    #[test]
    fn no_check_in_rolling_kings() {
        // The black rook on h7 attacks White's King on h1: there is no check, White's only
        // piece moves as usual and the King steps to g1.
        let fen = "7k/7r/8/8/8/P7/8/7K w - - 0 1";
        assert_eq!(legal(fen), ["a3a4"]);
        let after = play(fen, "a3a4");
        assert_eq!(after, "7k/7r/8/8/P7/8/8/6K1 b - - 0 1");
        // Any piece may capture the King, ending the game: the rook goes g7-g1; Black's King
        // makes no step and White has no move.
        let fen = "7k/6r1/8/8/8/P7/8/6K1 b - - 0 1";
        let m = legal(fen);
        assert!(m.contains(&"g7g1".to_string()));
        let after = play(fen, "g7g1");
        assert_eq!(after, "7k/8/8/8/8/P7/8/6r1 w - - 0 2");
        assert!(legal(&after).is_empty());
    }

    #[test]
    fn fen_round_trip_and_errors() {
        let pos = RollingKings::from_fen(START).unwrap();
        assert_eq!(RollingKings::to_fen(&pos), START);
        // A missing King is accepted: the game is over, no moves.
        assert!(legal("8/8/8/8/8/8/P7/7K w - - 0 1").is_empty());
        for bad in [
            "",
            "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR w - - 0 1",
            "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K x - - 0 1",
            "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w KQ - 0 1",
            "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w - e3 0 1",
            "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQSBNR/7K w - - 0 1",
            "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/6KK w - - 0 1",
            "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/6PK w - - 0 1",
            "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w - - -1 1",
            "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w - - 0 0",
        ] {
            assert!(RollingKings::from_fen(bad).is_err(), "{bad}");
        }
    }
}
