//! Sea Horses: the Sissa's paths, the seed's worked examples, checks and pins by the Sissa,
//! the compound pieces, promotion and the seeded setups.

use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::{Dims, Square};
use sissa_movegen::pieces::bent::BentTables;
use sissa_movegen::pieces::sissa::sissa_paths;
use sissa_movegen::variants::seahorses::SeaHorses;
use sissa_movegen::{Position, Setup, Symmetry, Variant};

fn legal(fen: &str) -> Vec<String> {
    let pos = Position::<SeaHorses>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| pos.notation(m)).collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The Sissa's path tables on a board of `dims`, over 128-bit boards so any shape fits.
fn tables(dims: Dims) -> BentTables<u128> {
    BentTables::build(dims, &sissa_paths)
}

struct Board {
    dims: Dims,
    occ: u128,
}

impl Board {
    fn new(dims: Dims, pieces: &[&str]) -> Board {
        let mut b = Board { dims, occ: 0 };
        for p in pieces {
            b.occ |= 1 << b.sq(p);
        }
        b
    }
    fn sq(&self, name: &str) -> Square {
        self.dims.parse_square(name).unwrap()
    }
    fn mask(&self, names: &[&str]) -> u128 {
        names.iter().fold(0, |m, n| m | 1 << self.sq(n))
    }
    fn names(&self, b: u128) -> Vec<String> {
        let mut v: Vec<String> = b.squares().map(|s| self.dims.square_name(s)).collect();
        v.sort();
        v
    }
    /// The free paths from `from` to `to`, each as the sorted squares it passes.
    fn free_paths(&self, t: &BentTables<u128>, from: &str, to: &str) -> Vec<Vec<String>> {
        let mut v: Vec<Vec<String>> = t
            .paths_between(self.sq(from), self.sq(to))
            .iter()
            .filter(|&&m| m & self.occ == 0)
            .map(|&m| self.names(m))
            .collect();
        v.sort();
        v
    }
    /// The same, expected: each path given by the squares it passes.
    fn paths(&self, list: &[&[&str]]) -> Vec<Vec<String>> {
        let mut v: Vec<Vec<String>> = list.iter().map(|p| self.names(self.mask(p))).collect();
        v.sort();
        v
    }
}

/// The seed's diagram names i6 and f9, so it is at least 9 files by 9 ranks; the 10x10
/// tables hold it. Sissa c3; from the text: White's King c2 ("b1 only like Moa", "d1
/// inaccessible due to White's King and d2-Pawn": the Mao paths to b1 and d1 pass c2), a pawn
/// d2, Blue's King on g6 (it blocks c3-f6-i6 but not c3-f6-f9), a Bishop c5, a pawn g8 and
/// the Queen e7. The colours of the pieces the Sissa does not land on do not matter for the
/// paths.
#[test]
fn seed_diagram_paths_square_by_square() {
    let b = Board::new(Dims::new(10, 10), &["c3", "c2", "d2", "g6", "c5", "g8", "e7"]);
    let t = tables(b.dims);
    // "The i6 square is reached by c3-f3-i6. The c3-f6-i6 path is obstructed by the Blue's King."
    assert_eq!(b.free_paths(&t, "c3", "i6"), b.paths(&[&["d3", "e3", "f3", "g4", "h5"]]));
    assert_eq!(t.paths_between(b.sq("c3"), b.sq("i6")).len(), 2);
    // "f9 is reached via c3-f6-f9, not by c3-c6-f9 that is obstructed by the Bishop."
    assert_eq!(b.free_paths(&t, "c3", "f9"), b.paths(&[&["d4", "e5", "f6", "f7", "f8"]]));
    // "c8 is reached via c3-h3-c8, not via c3-h8-c8 that is obstructed by the g8-Pawn."
    // On the 10x10 board the paths turning on a-file squares run off it (c3-a3 is only
    // 2 squares); the text's board has no j-file path either (c3-h3 needs n = 5).
    assert_eq!(
        b.free_paths(&t, "c3", "c8"),
        b.paths(&[&["d3", "e3", "f3", "g3", "h3", "g4", "f5", "e6", "d7"]])
    );
    // "c1 is reached via c3-a1-c1 or via c3-a3-c1 but not by c3-e3-c1 nor c3-e1-c1 that are
    // both obstructed by the d2-Pawn."
    assert_eq!(b.free_paths(&t, "c3", "c1"), b.paths(&[&["b2", "a1", "b1"], &["b3", "a3", "b2"]]));
    assert_eq!(t.paths_between(b.sq("c3"), b.sq("c1")).len(), 4);
    // "a2, a4, b5, d5 and e4 can be reached by moving either like Mao or like Moa."
    assert_eq!(b.free_paths(&t, "c3", "a2"), b.paths(&[&["b3"], &["b2"]]));
    assert_eq!(b.free_paths(&t, "c3", "a4"), b.paths(&[&["b3"], &["b4"]]));
    assert_eq!(b.free_paths(&t, "c3", "b5"), b.paths(&[&["c4"], &["b4"]]));
    assert_eq!(b.free_paths(&t, "c3", "d5"), b.paths(&[&["c4"], &["d4"]]));
    assert_eq!(b.free_paths(&t, "c3", "e4"), b.paths(&[&["d3"], &["d4"]]));
    // "b1 only like Moa; d1 is inaccessible due to the obstruction of White's King and
    // d2-Pawn."
    assert_eq!(b.free_paths(&t, "c3", "b1"), b.paths(&[&["b2"]]));
    assert!(b.free_paths(&t, "c3", "d1").is_empty());
    assert_eq!(t.paths_between(b.sq("c3"), b.sq("d1")), &[b.mask(&["c2"]), b.mask(&["d2"])]);
    // "The Bishop can be captured by 4 paths: c3-e3-c5 or c3-e5-c5 or c3-a3-c5 or c3-a5-c5."
    assert_eq!(
        b.free_paths(&t, "c3", "c5"),
        b.paths(&[
            &["d3", "e3", "d4"],
            &["d4", "e5", "d5"],
            &["b3", "a3", "b4"],
            &["b4", "a5", "b5"]
        ])
    );
    // "The Queen can only be captured by c3-e5-e7 since c3-c5-e7 is obstructed by the Bishop."
    assert_eq!(b.free_paths(&t, "c3", "e7"), b.paths(&[&["d4", "e5", "e6"]]));
    assert_eq!(t.paths_between(b.sq("c3"), b.sq("e7")).len(), 2);
}

/// Every destination of the diagram's Sissa, square by square. Nightrider-type squares
/// c3 + n*(2,1) in the eight directions (two paths each: orthogonal leg first, or diagonal
/// first) and squares n away along the c-file and the third rank (four paths each, by
/// 135-degree turns):
/// - n = 1: a2 a4 b5 d5 e4 (both paths), b1 (via b2), e2 (via d3); d1 none (c2, d2);
///   c4 b3 d3 (c2 holds a piece; it is attacked too, via b3 or d3);
/// - n = 2: g5 (d3 e3 f4), g1 (d3 e3 f2), e7 (d4 e5 e6), a7 (b4 a5 a6); c5 (four paths),
///   c1 (via a1, a3), a3 (via a5, a1), e3 (via e5);
/// - n = 3: i6 (via f3), f9 (via f6); c6 (via f3), f3 (via f6);
/// - further along the file: c7 (via g3), c8 (via h3), c9 and c10 (via i9, j10: the paths
///   east along the third rank meet e7 and g6); along the rank: g3 is not reached (its two
///   paths on the board turn on g7, meeting the King on g6, and on c7, passing c5), h3 (via
///   h8), i3 (via i9), j3 (via j10).
#[test]
fn seed_diagram_destinations() {
    let b = Board::new(Dims::new(10, 10), &["c3", "c2", "d2", "g6", "c5", "g8", "e7"]);
    let t = tables(b.dims);
    let want = sorted(&[
        "a2", "a4", "b5", "d5", "e4", "b1", "e2", "c4", "b3", "d3", "c2", "g5", "g1", "e7", "a7",
        "c5", "c1", "a3", "e3", "i6", "f9", "c6", "f3", "c7", "c8", "c9", "c10", "h3", "i3", "j3",
    ]);
    // Each square is a destination exactly when one of its paths is free.
    for to in 0..b.dims.squares() as Square {
        let name = b.dims.square_name(to);
        let free = !b.free_paths(&t, "c3", &name).is_empty();
        assert_eq!(free, want.contains(&name), "{name}: free path {free}");
    }
    assert_eq!(b.names(t.attacks(b.sq("c3"), b.occ)), want);
    assert!(b.free_paths(&t, "c3", "g3").is_empty());
    assert_eq!(t.paths_between(b.sq("c3"), b.sq("g3")).len(), 2);
}

/// The seed's diagram on the real 8x8 board (i6 and f9 fall off it): a White Sissa c3, White
/// King c2 and pawn d2; Black King g6, Queen e7, Knights c5 (for the diagram's Bishop) and g8
/// (for its pawn: no pawn may stand on the last rank).
#[test]
fn seed_diagram_on_the_sea_horses_board() {
    let fen = "6n1/4q3/6k1/2n5/8/2S5/2KP4/8 w - - 0 1";
    let sissa: Vec<String> =
        legal(fen).into_iter().filter(|m| m.starts_with("c3")).map(|m| m[2..].into()).collect();
    // As on the larger board, without i6, f9 and the squares beyond h and 8; c2 is White's
    // own King.
    let want = sorted(&[
        "a2", "a4", "b5", "d5", "e4", "b1", "e2", "c4", "b3", "d3", "g5", "g1", "e7", "a7", "c5",
        "c1", "a3", "e3", "f3", "c6", "c7", "h3", "c8",
    ]);
    assert_eq!(sissa, want);
}

#[test]
fn sissa_on_an_empty_board() {
    // d4: nightrider-type squares f5 h6 f3 h2 b5 b3 e6 f8 e2 c6 b8 c2 (the others fall off
    // the board) and every square of the d-file and the fourth rank: each has a turning
    // square on the board.
    let b = Board::new(Dims::new(8, 8), &[]);
    let t = tables(b.dims);
    let want = sorted(&[
        "f5", "h6", "f3", "h2", "b5", "b3", "e6", "f8", "e2", "c6", "b8", "c2", "d5", "d6", "d7",
        "d8", "d3", "d2", "d1", "c4", "b4", "a4", "e4", "f4", "g4", "h4",
    ]);
    assert_eq!(b.names(t.attacks(b.sq("d4"), 0)), want);
    // a1 to a8: only by the long way round, turning on h1 or h8.
    assert_eq!(
        b.free_paths(&t, "a1", "a8"),
        b.paths(&[
            &["b1", "c1", "d1", "e1", "f1", "g1", "h1", "g2", "f3", "e4", "d5", "c6", "b7"],
            &["b2", "c3", "d4", "e5", "f6", "g7", "h8", "g8", "f8", "e8", "d8", "c8", "b8"],
        ])
    );
}

#[test]
fn the_straight_path_is_no_sissa_path() {
    // Black Sissa c3, White King c1 with pawns b2 and d2: all four paths to c1 are closed and
    // c3-c2-c1 is none, so White is not in check and the rook moves freely. The King's
    // squares b1, d1 (Mao through c2) and c2 (turns on b3, d3) are attacked; a pawn that
    // moves opens a path (b2b3, b2b4, d2d3, d2d4 are illegal) unless it takes the Sissa.
    let fen = "k7/8/8/8/8/2s5/1P1P4/2K4R w - - 0 1";
    let want = sorted(&[
        "b2c3", "d2c3", "h1g1", "h1f1", "h1e1", "h1d1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6",
        "h1h7", "h1h8",
    ]);
    assert_eq!(legal(fen), want);
}

#[test]
fn a_piece_closing_several_sissa_paths_is_pinned_to_all_of_them() {
    // Black Sissa c3, White King c1. The knight on b2 closes the paths via a1 and a3, the
    // pawn on d2 those via e1 and e3. Any knight move opens two paths, so does a pawn push;
    // the King's squares b1, d1 (Mao through c2) and c2 (turns on b3, d3) are attacked. Only
    // the capture d2xc3 is legal.
    assert_eq!(legal("7k/8/8/8/8/2s5/1N1P4/2K5 w - - 0 1"), ["d2c3"]);
    // A rook on b3 closes the path via a3 only; those via a1 (b2 a1 b1), e1 (d2 e1 d1) and
    // e3 (d3 e3 d2) are free, so White is in check, and no square lies on all three: the
    // rook may only take the Sissa, the King goes to b2 or d2 (a diagonal step is no Sissa
    // move; b1, d1 and c2 are attacked).
    assert_eq!(legal("7k/8/8/8/8/1Rs5/8/2K5 w - - 0 1"), sorted(&["b3c3", "c1b2", "c1d2"]));
}

#[test]
fn a_piece_alone_on_a_sissa_path_stays_on_it() {
    // White Sissa c3, Black King c1; Black's pawn b2 alone closes the paths via a1 and a3,
    // the knight d2 alone the path via e1 (with the pawn e3 it also closes the path via e3).
    // The knight has no move onto d2-e1-d1 and may not leave; b2b1 in any form opens the
    // path via a3; the King's b1, d1 and c2 are attacked. e3e2 keeps every path closed.
    assert_eq!(legal("K7/8/8/8/8/2S1p3/1p1n4/2k5 b - - 0 1"), ["e3e2"]);
}

#[test]
fn one_move_can_answer_a_double_check_by_sissa_and_rook() {
    // White King c1 is checked by the Rook h1 along the first rank and by the Sissa c3 along
    // c3-d2-e1-d1-c1 (the other paths are closed by b2 and e3). d1 and e1 lie on both: the
    // knight's f3e1 closes both checks at once. f3d2 closes the Sissa only, f3g1 the rook
    // only. The King escapes to d2 (no Sissa path ends on a diagonal neighbour).
    assert_eq!(legal("7k/8/8/8/8/2s1PN2/1P6/2K4r w - - 0 1"), sorted(&["c1d2", "f3e1"]));
    // Without the pawn e3 the path c3-d3-e3-d2-c1 is free too; the only square common to the
    // two free Sissa paths, d2, is not on the rook's line, so only the King moves.
    assert_eq!(legal("7k/8/8/8/8/2s2N2/1P6/2K4r w - - 0 1"), ["c1d2"]);
}

#[test]
fn a_sissa_check_is_blocked_on_its_free_path() {
    // The Sissa a1 checks the King a8 only along a1-h8-b8 (its path along the first rank
    // turns on h1, where White's rook stands). The black rook c4 may close it on c3, d4 or
    // c8; the King goes to b7 or b8 (no Sissa move from a1 ends there), not to a7 (a1-g1-a7).
    let fen = "k7/8/8/8/2r5/8/7K/S6R b - - 0 1";
    assert_eq!(legal(fen), sorted(&["a8b7", "a8b8", "c4c3", "c4d4", "c4c8"]));
}

#[test]
fn compound_pieces_and_promotion() {
    // Dragon Horse d4 on an otherwise empty middle: 13 bishop squares and 4 wazir steps.
    let moves = legal("k7/8/8/8/3H4/8/8/7K w - - 0 1");
    assert_eq!(moves.iter().filter(|m| m.starts_with("d4")).count(), 13 + 4);
    // Chancellor d4: 14 rook squares and 8 knight leaps; Archbishop d4: 13 and 8.
    let moves = legal("k7/8/8/8/3C4/8/8/7K w - - 0 1");
    assert_eq!(moves.iter().filter(|m| m.starts_with("d4")).count(), 14 + 8);
    let moves = legal("k7/8/8/8/3A4/8/8/7K w - - 0 1");
    assert_eq!(moves.iter().filter(|m| m.starts_with("d4")).count(), 13 + 8);
    // Promotion to each of Q S C A H R N; the King h1 has g1, g2, h2.
    let want = sorted(&[
        "e7e8q", "e7e8s", "e7e8c", "e7e8a", "e7e8h", "e7e8r", "e7e8n", "h1g1", "h1g2", "h1h2",
    ]);
    assert_eq!(legal("k7/4P3/8/8/8/8/8/7K w - - 0 1"), want);
    // No castling: a castling field is refused.
    assert!(Position::<SeaHorses>::from_fen("k7/8/8/8/8/8/8/R3K2R w KQ - 0 1").is_err());
}

#[test]
fn setups_follow_seed_and_symmetry() {
    let setup = |seed, symmetry| Setup { seed, symmetry };
    let fen = |s| Variant::SeaHorses.start_fen(&s);
    let back = |fen: &str| -> (String, String) {
        let fields: Vec<&str> = fen.split(['/', ' ']).collect();
        (fields[7].to_string(), fields[0].to_string())
    };
    let mut distinct = std::collections::HashSet::new();
    for seed in 0..200 {
        let m = fen(setup(seed, Symmetry::Mirror));
        assert_eq!(m, fen(setup(seed, Symmetry::Mirror)), "reproducible");
        let (white, black) = back(&m);
        let mut letters: Vec<char> = white.chars().collect();
        letters.sort();
        assert_eq!(letters.iter().collect::<String>(), "ACHKNQRS");
        assert_eq!(black, white.to_lowercase());
        let (w, b) = back(&fen(setup(seed, Symmetry::Central)));
        assert_eq!(w, white);
        assert_eq!(b, white.to_lowercase().chars().rev().collect::<String>());
        let (w, b) = back(&fen(setup(seed, Symmetry::Asymmetric)));
        assert_eq!(w, white);
        let mut letters: Vec<char> = b.to_uppercase().chars().collect();
        letters.sort();
        assert_eq!(letters.iter().collect::<String>(), "ACHKNQRS");
        assert!(m.ends_with(&format!("/pppppppp/8/8/8/8/PPPPPPPP/{white} w - - 0 1")));
        distinct.insert(white);
        // Every setup is a valid position.
        for s in [Symmetry::Mirror, Symmetry::Asymmetric, Symmetry::Central] {
            assert!(Position::<SeaHorses>::from_fen(&fen(setup(seed, s))).is_ok());
        }
    }
    // 8! = 40320 orders: 200 seeds give (almost) all different ones.
    assert!(distinct.len() >= 195);
    // The default start position is seed 0, mirror.
    assert_eq!(Position::<SeaHorses>::start().to_fen(), fen(Setup::default()));
    assert!(Variant::SeaHorses.random_setup());
}
