//! UC-40 rules tests. Every expectation is reasoned from RULES.md sections 0, 3, 5 and 6 (and
//! the seed's examples where RULES.md keeps them); the reasoning is written next to each
//! assertion. Squares are written (file, rank) from a1.

use super::captures::{piece_actions, Ctx};
use super::check::in_check;
use super::*;
use crate::common::{parse_square, Grid, Piece};

// ------------------------------------------------------------------------------ helpers

/// The placement field for pieces given as `Ke1 q'd8 N!c3` (upper case White, lower case
/// Black, optional suffix, then the square).
fn placement(pieces: &str) -> String {
    let mut grid = Grid::empty(8, 8);
    for token in pieces.split_whitespace() {
        let b = token.as_bytes();
        let suffix = if b[1] == b'\'' || b[1] == b'!' { b[1] } else { 0 };
        let square = &token[if suffix == 0 { 1 } else { 2 }..];
        let (file, rank) = parse_square(square).expect("test square");
        assert!(grid.get(file, rank).is_none(), "{token} placed twice");
        grid.set(file, rank, Some(Piece::new(b[0].is_ascii_uppercase(), b[0], suffix)));
    }
    grid.placement()
}

/// A FEN with those pieces and reserves (`QR/qr`), `side` to move, no en passant, clocks
/// `0 1`, no credits, nothing pending.
fn fen(pieces: &str, reserves: &str, side: char) -> String {
    format!("{}[{reserves}] {side} - - 0 1 0,0 -", placement(pieces))
}

/// A FEN with every field after the reserves given (`w - - 0 1 1,0 e5:1`).
fn fen_with(pieces: &str, reserves: &str, rest: &str) -> String {
    format!("{}[{reserves}] {rest}", placement(pieces))
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn legal(fen: &str) -> Vec<String> {
    crate::legal_moves("uc40", fen).expect("test FEN parses")
}

/// The legal moves starting on `from` (drops included), sorted.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    legal(fen).into_iter().filter(|m| m.starts_with(from)).collect()
}

/// `from` followed by each destination, sorted: the expected plain moves of one piece.
fn from_to(from: &str, to: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = to.iter().map(|t| format!("{from}{t}")).collect();
    v.sort();
    v
}

fn after(fen: &str, mv: &str) -> String {
    crate::play("uc40", fen, mv).expect("legal test move")
}

fn perft(fen: &str, depth: u32) -> u64 {
    crate::perft("uc40", fen, depth).expect("test FEN parses")
}

/// The FEN fields after the reserves: side, castling, ep, halfmove, fullmove, credits,
/// pending (and the ban if any).
fn tail(fen: &str) -> String {
    fen.split_once(' ').map(|(_, t)| t.to_string()).unwrap_or_default()
}

/// The board-and-reserves field.
fn board_field(fen: &str) -> String {
    fen.split(' ').next().unwrap_or_default().to_string()
}

fn is_in_check(fen: &str, white: bool) -> bool {
    let pos = Uc40::from_fen(fen).expect("test FEN parses");
    in_check(&pos.board, white)
}

/// The destinations of a lone White piece `code` (`"Q'"`) on `square` of an empty board.
fn lone(code: &str, square: &str) -> Vec<String> {
    let b = code.as_bytes();
    let mut board = Grid::empty(8, 8);
    let s = parse_square(square).expect("test square");
    board.set(s.0, s.1, Some(Piece::new(true, b[0], if b.len() > 1 { b[1] } else { 0 })));
    let ctx = Ctx { board: &board, ep: None, ban: None, reserve_empty: false, for_check: false };
    let mut out: Vec<String> =
        piece_actions(&ctx, s).iter().map(|a| square_name(a.to.0, a.to.1)).collect();
    out.sort();
    out.dedup();
    out
}

// ------------------------------------------------------------------------------ FEN

/// Setup 1 (RULES.md setup ruling, made by hand): rank 1 Rook, Gnu, Amazon, King, Dragon,
/// Sissa, Harvestman, Chameleon; the other 32 types in a shuffled drop order; Black mirrors
/// file by file and in the reserve.
const SETUP1: &str = "rg'akd'shx/pppppppp/8/8/8/8/PPPPPPPP/RG'AKD'SHX\
    [ZN'QE!O'VFCIDTW'GR'YNF!JB'UE'LW!MOQ'BF'D!WG!E/zn'qe!o'vfcidtw'gr'ynf!jb'ue'lw!moq'bf'd!wg!e] \
    w - - 0 1 0,0 -";

/// Setup 2: Long Leaper, Cardinal, Immobilizer, Swapper, King, Advancer, Withdrawer, Woody
/// Rook.
const SETUP2: &str = "lcizkywo'/pppppppp/8/8/8/8/PPPPPPPP/LCIZKYWO'\
    [XG'D!QAW'SJE'VB'F'R'TOG!FEHNRN'UW!GE!BF!DD'Q'M/xg'd!qaw'sje'vb'f'r'tog!fehnrn'uw!ge!bf!dd'q'm] \
    w - - 0 1 0,0 -";

/// Setup 3: King, Rose, Dancing Horse, Aanca, Buffalo, Elephant/Siege Engine, Gryphon, NF.
/// (With the King on e1 and the Rose or the Dancing Horse able to reach e4, the setup would
/// be drawn again: on e4 either reaches e8 through both d6 and f6, and one black move cannot
/// close both: mate.)
const SETUP3: &str = "kodjb'egf!/pppppppp/8/8/8/8/PPPPPPPP/KODJB'EGF!\
    [VLQ'MW!HCZAF'XE!D'ITBR'WNYRSW'D!N'QE'FUG!G'O'/vlq'mw!hczaf'xe!d'itbr'wnyrsw'd!n'qe'fug!g'o'] \
    w - - 0 1 0,0 -";

#[test]
fn setups_follow_the_setup_ruling() {
    // Each made-up setup: King plus 7 other types on rank 1, the other 32 types in the
    // reserve, 40 distinct types in all; pawns on ranks 2 and 7; Black mirrors White file by
    // file and reserve order too.
    for fen in [SETUP1, SETUP2, SETUP3] {
        let pos = Uc40::from_fen(fen).expect("setup parses");
        let rank1: Vec<Piece> = (0..8).filter_map(|f| pos.board.get(f, 0)).collect();
        let mut types: Vec<Kind> = rank1.iter().map(|p| kind(*p)).collect();
        types.extend(pos.reserves[0].iter().map(|p| kind(*p)));
        let mut distinct = types.clone();
        distinct.sort_by_key(|k| format!("{k:?}"));
        distinct.dedup();
        assert_eq!(types.len(), 40, "{fen}");
        assert_eq!(distinct.len(), 40, "{fen}");
        assert!(types.contains(&Kind::King) && !types.contains(&Kind::Pawn));
        for f in 0..8 {
            let (w, b) = (pos.board.get(f, 0), pos.board.get(f, 7));
            let (w, b) = (w.expect("rank 1 full"), b.expect("rank 8 full"));
            assert!(w.white && !b.white && w.letter == b.letter && w.suffix == b.suffix);
            assert_eq!(pos.board.get(f, 1).map(kind), Some(Kind::Pawn));
            assert_eq!(pos.board.get(f, 6).map(kind), Some(Kind::Pawn));
        }
        for (w, b) in pos.reserves[0].iter().zip(&pos.reserves[1]) {
            assert!(w.white && !b.white && w.letter == b.letter && w.suffix == b.suffix);
        }
        // "Drawn again" if White can capture anything, or mate, on the first move.
        let black_pieces = |p: &Pos| p.board.cells.iter().flatten().filter(|q| !q.white).count();
        for (m, child) in Uc40::moves(&pos) {
            assert_eq!(black_pieces(&child), 16, "{m} captures in {fen}");
            assert!(!Uc40::moves(&child).is_empty(), "{m} mates in {fen}");
        }
    }
}

#[test]
fn fen_round_trips() {
    for fen in [
        SETUP1,
        SETUP2,
        // Black to move after a double step; credits; a pending exchange.
        "4k3/8/8/8/4P3/8/8/4K3[QR/] b - e3 0 7 2,1 -",
        "4k3/8/8/3N4/8/8/8/4K3[QR/] b - - 0 7 2,1 d5:1",
        // A swap-back ban, an empty reserve on one side.
        "3Zk3/8/8/8/3z4/8/8/4K3[/q'n] b - - 3 9 0,0 - d4d8",
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 -",
    ] {
        let pos = Uc40::from_fen(fen).expect("valid FEN");
        assert_eq!(Uc40::to_fen(&pos), fen);
    }
}

#[test]
fn fen_fields_after_the_side_may_be_left_off_and_the_ban_may_be_a_dash() {
    let full = "4k3/8/8/8/8/8/8/4K3[Q/q] w - - 0 1 0,0 -";
    for short in [
        "4k3/8/8/8/8/8/8/4K3[Q/q] w",
        "4k3/8/8/8/8/8/8/4K3[Q/q] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[Q/q] w - - 0 1 0,0 - -",
    ] {
        assert_eq!(Uc40::to_fen(&Uc40::from_fen(short).expect("valid FEN")), full);
    }
}

#[test]
fn malformed_fens_are_rejected_without_panicking() {
    let good = "4k3/8/8/8/8/8/8/4K3[Q/q] w - - 0 1 0,0 -";
    assert!(Uc40::from_fen(good).is_ok());
    for bad in [
        "",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",               // no reserves
        "4k3/8/8/8/8/8/8/4K3[Q/q w - - 0 1",           // no closing bracket
        "4k3/8/8/8/8/8/8/4K3[Qq] w",                   // no '/' between the reserves
        "4k3/8/8/8/8/8/8/4K3[Q/q/] w",                 // two '/'
        "4k3/8/8/8/8/8/8/4K3[q/Q] w",                  // reserves in the wrong case
        "4k3/8/8/8/8/8/8/4K3[K/] w",                   // a King in reserve
        "4k3/8/8/8/8/8/8/4K3[P/] w",                   // a pawn in reserve
        "4k3/8/8/8/8/8/8/4K3[Q!/] w",                  // no such code
        "4k3/8/8/8/8/8/8/4KP'2[/] w",                  // no such code on the board
        "4k3/8/8/8/8/8/8/4K3[/][/] w",                 // garbage after the reserves
        "4k3/8/8/8/8/8/4K3[/] w",                      // 7 ranks
        "4k3/8/8/8/8/8/8/4K4[/] w",                    // 9 files
        "4k3/8/8/8/8/8/8/3KK3[/] w",                   // two White Kings
        "4k3/8/8/8/8/8/8/4K3[/] x",                    // bad side
        "4k3/8/8/8/8/8/8/4K3[/] w KQ",                 // castling
        "4k3/8/8/8/8/8/8/4K3[/] w - e9",               // off the board
        "4k3/8/8/8/8/8/8/4K3[/] w - e+6",              // not a square
        "4k3/8/8/8/4p3/8/8/4K3[/] w - e3",             // e.p. square on the wrong rank
        "4k3/8/8/8/8/8/8/4K3[/] w - e6",               // e.p. without the pawn that passed
        "4k3/8/4N3/4p3/8/8/8/4K3[/] w - e6",           // e.p. square occupied
        "4k3/8/8/8/8/8/8/4K3[/] w - - -1 1",           // negative clock
        "4k3/8/8/8/8/8/8/4K3[/] w - - +1 1",           // signed clock
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 1",          // credits need "W,B"
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 1,x",        // bad credit
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 e5",     // pending without count
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 e5:1",   // pending on an empty square
        "4k3/8/8/8/4N3/8/8/4K3[/] w - - 0 1 0,0 e4:1", // pending piece of the side to move
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 - e4",   // bad ban
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 - e4e4", // ban of one square
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 - - x",  // too many fields
    ] {
        assert!(Uc40::from_fen(bad).is_err(), "accepted {bad:?}");
    }
}

#[test]
fn a_position_without_a_king_has_no_moves() {
    assert!(legal("8/8/8/8/8/8/8/4K2Q[/] w").is_empty());
}

// ------------------------------------------------------------------------------ lone pieces

#[test]
fn every_type_on_an_empty_board_from_d4_and_a1() {
    // From d4 there are 3 squares to the left, 4 to the right, 3 below, 4 above; diagonals
    // 4 (NE), 3, 3, 3: rook 14, bishop 13, queen 27. From a1: rook 14, bishop 7, queen 21.
    // Leaps from d4 all land on the board (knight 8, camel 8, zebra 8, dabbaba 4, alfil 4,
    // three-square 4, wazir 4, ferz 4); from a1 only the ones pointing up-right: knight b3
    // c2, camel b4 d2, zebra c4 d3, dabbaba a3 c1, alfil c3, three a4 d1, wazir a2 b1, ferz
    // b2.
    let table: [(&str, usize, usize); 40] = [
        ("K", 8, 3),
        ("Q", 27, 21),
        ("R", 14, 14),
        ("N", 8, 2),
        ("A", 27 + 8, 21 + 2),
        ("Q'", 27 + 8, 21 + 2),
        // Sissa: see sissa_from_d4_on_an_empty_board; from a1 the nightrider-type c2 e3 g4
        // b3 c5 d7 (turns on the board) and the rook-type a2..a8, b1..h1.
        ("S", 26, 6 + 14),
        // Rose: see rose_from_d4_and_a1.
        ("O", 14, 9),
        // Dancing Horse: see dancing_horse_from_d4_and_a1.
        ("D", 34, 11),
        // Dragon: rook, plus spotted gryphon: from d4 the steps e5 c5 e3 c3 and two leaps
        // each (g5 e7, a5 c7, g3 e1, a3 c1); from a1 b2, then d2 f2 h2 and b4 b6 b8.
        ("D'", 14 + 4 + 8, 14 + 1 + 6),
        // Archbishoprider: bishop plus nightrider (12 from d4: e6 f8, f5 h6, f3 h2, e2, c2,
        // b3, b5, c6 b8; 6 from a1: b3 c5 d7, c2 e3 g4).
        ("U", 13 + 12, 7 + 6),
        ("N'", 12, 6),
        // Gryphon from d4: e5 then f5..h5 and e6..e8; c5 then b5 a5 and c6..c8; e3 then
        // f3..h3 and e2 e1; c3 then b3 a3 and c2 c1. From a1: b2 then c2..h2 and b3..b8.
        ("G", 4 + 6 + 5 + 5 + 4, 1 + 6 + 6),
        // Aanca from d4: d5 then e6 f7 g8 and c6 b7 a8; e4 then f5 g6 h7 and f3 g2 h1; d3
        // then e2 f1 and c2 b1; c4 then b5 a6 and b3 a2. From a1: a2 then b3..g8; b1 then
        // c2..h7.
        ("J", 4 + 6 + 6 + 4 + 4, 2 + 6 + 6),
        ("M", 14 + 8, 14 + 2),
        ("C", 13 + 8, 7 + 2),
        ("R'", 14 + 4, 14 + 1),
        ("B", 13 + 4, 7 + 2),
        ("B'", 24, 6),
        ("G'", 16, 4),
        ("E", 4 + 4 + 4, 2 + 2 + 1),
        ("T", 4 + 4, 2 + 2),
        ("D!", 8 + 4, 2 + 2),
        ("E!", 8 + 4, 2 + 1),
        ("G!", 8 + 8, 2 + 3),
        ("W!", 8 + 4, 2 + 2),
        ("F!", 8 + 4, 2 + 1),
        ("O'", 4 + 4, 2 + 2),
        ("F'", 4 + 4, 1 + 2),
        ("W'", 4 + 4, 2 + 1),
        ("E'", 4 + 4, 1 + 1),
        ("F", 4 + 4 + 4, 1 + 1 + 2),
        // Harvestman from d4: d5 then c6 d7 c8 / e6 d7 e8; d3 then c2 d1 / e2 d1; e4 then
        // f5 g4 h5 / f3 g4 h3; c4 then b5 a4 / b3 a4. From a1: a2 then b3 a4 b5 a6 b7 a8;
        // b1 then c2 d1 e2 f1 g2 h1.
        ("H", 4 + 5 + 3 + 5 + 3, 2 + 6 + 6),
        // The six Rococo pieces and the PaoVao move as queens; alone they capture nothing.
        ("V", 27, 21),
        ("Y", 27, 21),
        ("W", 27, 21),
        ("X", 27, 21),
        ("I", 27, 21),
        ("L", 27, 21),
        ("Z", 27, 21),
    ];
    let mut codes: Vec<&str> = table.iter().map(|(c, _, _)| *c).collect();
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), 40, "each type once");
    for (code, d4, a1) in table {
        assert_eq!(lone(code, "d4").len(), d4, "{code} from d4: {:?}", lone(code, "d4"));
        assert_eq!(lone(code, "a1").len(), a1, "{code} from a1: {:?}", lone(code, "a1"));
    }
}

#[test]
fn sissa_from_d4_on_an_empty_board() {
    // Nightrider-type squares n*(2,1) with the turning square on the board: f5 h6, f3 h2,
    // b5, b3, e6 f8, e2, c6 b8, c2. Rook-type squares at distance n (a 135-degree turn),
    // reachable while one of the four turning squares is on the board: d5..d8, d3..d1,
    // c4..a4, e4..h4. No diagonal square is ever a Sissa destination.
    let expected = sorted(&[
        "f5", "h6", "f3", "h2", "b5", "b3", "e6", "f8", "e2", "c6", "b8", "c2", "d5", "d6", "d7",
        "d8", "d3", "d2", "d1", "c4", "b4", "a4", "e4", "f4", "g4", "h4",
    ]);
    assert_eq!(lone("S", "d4"), expected);
}

#[test]
fn rose_from_d4_and_a1() {
    // The Rose's circle is an octagon whose vertices lie at its centre plus (+-3,0),
    // (0,+-3), (+-2,+-2); consecutive vertices are a knight leap apart. The eight circles
    // through d4 have their centres at d4 minus each vertex offset; along each, the Rose goes
    // either way until it would leave the board:
    // centre g4: e6 g7 | e2 g1;  f2: f5 h4 | c2;  d1: f3 g1 | b3 a1;  b2: e2 | b5;
    // a4: c2 a1 | c6 a7;  b6: b3 | e6 d8;  d7: b5 a7 | f5 g7;  f6: c6 d8 | f3 h4.
    let expected = sorted(&[
        "e6", "g7", "e2", "g1", "f5", "h4", "c2", "f3", "b3", "a1", "b5", "c6", "a7", "d8",
    ]);
    assert_eq!(lone("O", "d4"), expected);
    // From a1 only four circles have a neighbour of a1 on the board: centre d1 gives b3 d4
    // f3 g1, centre c-1 gives c2 e1, centre a4 gives c2 d4 c6 a7, centre -1,3 gives b3 a5.
    assert_eq!(lone("O", "a1"), sorted(&["b3", "d4", "f3", "g1", "c2", "e1", "c6", "a7", "a5"]));
}

#[test]
fn dancing_horse_from_d4_and_a1() {
    // Two knight leaps add up to (+-1,+-1), (+-1,+-3), (+-3,+-1), (+-3,+-3) (16), (+-2,0),
    // (0,+-2), (+-4,0), (0,+-4), (+-2,+-4), (+-4,+-2) (16) or (0,0), which is excluded.
    // From d4 (3 to the left and below, 4 to the right and above) the 16 odd ones all land on
    // the board, of the even ones (0,-4) (-4,0) (2,-4) (-2,-4) (-4,2) (-4,-2) do not: 26,
    // plus the 8 single leaps.
    assert_eq!(lone("D", "d4").len(), 34);
    // From a1: the single leaps b3 c2, then from b3: c5 d4 d2 c1 a5, from c2: d4 e3 e1 b4 a3.
    assert_eq!(
        lone("D", "a1"),
        sorted(&["b3", "c2", "c5", "d4", "d2", "c1", "a5", "e3", "e1", "b4", "a3"])
    );
}

#[test]
fn harvestman_example_of_the_rules() {
    // RULES.md: from e4, e5; e5-d6-e7-d8 and e5-f6-e7-f8, stopping anywhere. The same for
    // the other three orthogonal steps: e3 d2 e1 f2; f4 g5 h4 g3; d4 c5 b4 a5 c3 a3.
    assert_eq!(
        lone("H", "e4"),
        sorted(&[
            "e5", "d6", "e7", "d8", "f6", "f8", "e3", "d2", "e1", "f2", "f4", "g5", "h4", "g3",
            "d4", "c5", "b4", "a5", "c3", "a3",
        ])
    );
}

#[test]
fn pawns_step_double_step_and_capture_forward_only() {
    // White e2: e3 and the double step e4. A pawn standing on its first rank (only possible
    // after a swap) steps one square: the double step belongs to pawns on the second rank.
    let f = fen("Ke1 Pc2 Pd1 Pg3 kh8 pf4", "Q/q", 'w');
    assert_eq!(moves_from(&f, "c2"), from_to("c2", &["c3", "c4"]));
    assert_eq!(moves_from(&f, "d1"), from_to("d1", &["d2"]));
    // g3: step g4, capture f4 (diagonally forward).
    assert_eq!(moves_from(&f, "g3"), from_to("g3", &["g4", "f4"]));
}

// ------------------------------------------------------------------------------ blocking

#[test]
fn sissa_local_diagram_of_the_seed() {
    // The seed's diagram around c3: White Sissa c3, White King c2, White pawn d2. d1 is
    // inaccessible (via c2 or d2), b1 only via b2 ("Moa"), c1 via a1 or a3 but not via e1
    // or e3 (both pass d2). Everything else as on an empty board, clipped to 8x8:
    // n = 1: d5 b5 b1 e4 e2 a4 a2; n = 2: e7 a7 g5 g1 (turns on e3 and c5/a5 free);
    // rook-type: c4..c8, c1 (c2 is the own King), d3..h3, b3 a3.
    let f = fen("Sc3 Kc2 Pd2 kh8", "/", 'w');
    assert_eq!(
        moves_from(&f, "c3"),
        from_to(
            "c3",
            &[
                "d5", "b5", "b1", "e4", "e2", "a4", "a2", "e7", "a7", "g5", "g1", "c4", "c5", "c6",
                "c7", "c8", "c1", "d3", "e3", "f3", "g3", "h3", "b3", "a3",
            ]
        )
    );
}

#[test]
fn rose_is_stopped_by_an_occupied_square() {
    // Rose a1 (see rose_from_d4_and_a1). A piece on b3 ends the circles through b3: with
    // an own pawn there, b3 d4 f3 g1 (centre d1) and b3 a5 are lost except d4, still reached
    // via c2; left: c2 e1, c2 d4 c6 a7.
    let own = fen("Oa1 Pb3 Kh1 kh8", "/", 'w');
    assert_eq!(moves_from(&own, "a1"), from_to("a1", &["c2", "e1", "d4", "c6", "a7"]));
    // An enemy there is captured, and still ends those circles.
    let enemy = fen("Oa1 pb3 Kh1 kh8", "/", 'w');
    assert_eq!(moves_from(&enemy, "a1"), from_to("a1", &["b3", "c2", "e1", "d4", "c6", "a7"]));
}

#[test]
fn dancing_horse_continues_only_from_an_empty_square() {
    // Dancing Horse a1: single leaps b3 c2; second leaps from b3 (c5 d4 d2 c1 a5) and from
    // c2 (d4 e3 e1 b4 a3). An own pawn on b3: only c2 and the leaps from c2.
    let own = fen("Da1 Pb3 Kh1 kh8", "/", 'w');
    assert_eq!(moves_from(&own, "a1"), from_to("a1", &["c2", "d4", "e3", "e1", "b4", "a3"]));
    // An enemy pawn on b3 may be captured by the first leap, but the horse cannot leap on
    // from an occupied square.
    let enemy = fen("Da1 pb3 Kh1 kh8", "/", 'w');
    assert_eq!(
        moves_from(&enemy, "a1"),
        from_to("a1", &["b3", "c2", "d4", "e3", "e1", "b4", "a3"])
    );
    // The second leap may capture, and may not return to the start.
    let second = fen("Dd4 ne6 Kh1 kh8", "/", 'w');
    let ds = moves_from(&second, "d4");
    assert!(ds.contains(&"d4e6".to_string()), "{ds:?}");
    assert!(!ds.contains(&"d4d4".to_string()));
}

#[test]
fn dragon_spotted_gryphon_skips_squares_and_stops_on_pieces() {
    // Dragon a1: rook a2..a8 and b1..h1 (14). Spotted gryphon: b2; then to the right by
    // leaps of two: d2 (c2 is skipped, an own pawn there does not matter), f2 takes a black
    // pawn and ends the line (no h2); upward: b4 holds an own pawn, so nothing (no b6 b8).
    let f = fen("D'a1 Pc2 Pb4 pf2 Kh7 ke8", "/", 'w');
    let mut expected: Vec<&str> =
        vec!["a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1", "e1", "f1", "g1", "h1"];
    expected.extend(["b2", "d2", "f2"]);
    assert_eq!(moves_from(&f, "a1"), from_to("a1", &expected));
    // With the diagonal step square occupied by an own piece, no spotted move at all.
    let g = fen("D'a1 Pb2 Ph2 Ph1 Pa3 Kh7 ke8", "/", 'w');
    assert_eq!(moves_from(&g, "a1"), from_to("a1", &["a2", "b1", "c1", "d1", "e1", "f1", "g1"]));
}

#[test]
fn gryphon_and_aanca_bend_after_an_empty_step() {
    // Gryphon d4 with an own pawn on e5 (that step and its two rook lines are lost) and a
    // black pawn on c7 (the slide c5-c6-c7 captures it and stops): c5 b5 a5 c6 c7, e3 f3 g3
    // h3 e2 e1, c3 b3 a3 c2 c1.
    let g = fen("Gd4 Pe5 pc7 Ka8 kh5", "/", 'w');
    assert_eq!(
        moves_from(&g, "d4"),
        from_to(
            "d4",
            &[
                "c5", "b5", "a5", "c6", "c7", "e3", "f3", "g3", "h3", "e2", "e1", "c3", "b3", "a3",
                "c2", "c1"
            ]
        )
    );
    // Aanca d4 with a black pawn on d5 (captured by the step, no continuation: c6.., e6..
    // lost) and an own pawn on f3 (ends e4-f3-g2-h1): e4 f5 g6 h7, d3 e2 f1 c2 b1, c4 b5 a6
    // b3 a2, d5.
    let j = fen("Jd4 pd5 Pf3 Ka8 kh5", "/", 'w');
    assert_eq!(
        moves_from(&j, "d4"),
        from_to(
            "d4",
            &[
                "d5", "e4", "f5", "g6", "h7", "d3", "e2", "f1", "c2", "b1", "c4", "b5", "a6", "b3",
                "a2"
            ]
        )
    );
}

#[test]
fn harvestman_zigzag_is_stopped_by_pieces() {
    // Harvestman e4 (see harvestman_example_of_the_rules) with an own pawn on d6 (d8 is
    // reached only through d6; e7 and f8 still through f6) and a black knight on e3
    // (captured by the step; d2 e1 f2 lost).
    let f = fen("He4 Pd6 ne3 Kh8 ka8", "/", 'w');
    assert_eq!(
        moves_from(&f, "e4"),
        from_to(
            "e4",
            &[
                "e5", "f6", "e7", "f8", "e3", "f4", "g5", "h4", "g3", "d4", "c5", "b4", "a5", "c3",
                "a3"
            ]
        )
    );
}

#[test]
fn nightrider_lines_stop_on_the_first_piece() {
    // Nightrider a1: b3 c5 d7 and c2 e3 g4; a black pawn on c5 is captured and ends the
    // line (no d7).
    let f = fen("N'a1 pc5 Kh1 kh8", "/", 'w');
    assert_eq!(moves_from(&f, "a1"), from_to("a1", &["b3", "c5", "c2", "e3", "g4"]));
    // The Archbishoprider adds the bishop line b2..f6 and the capture of the pawn g7.
    let u = fen("Ua1 pc5 pg7 Kh1 ka8", "/", 'w');
    assert_eq!(
        moves_from(&u, "a1"),
        from_to("a1", &["b3", "c5", "c2", "e3", "g4", "b2", "c3", "d4", "e5", "f6", "g7"])
    );
}

#[test]
fn leaps_are_never_blocked() {
    // Buffalo d4 walled in by its own pawns on all eight neighbours: its 24 leaps (knight,
    // camel, zebra) never pass a neighbour, so all 24 remain.
    let walls = "Pc3 Pc4 Pc5 Pd3 Pd5 Pe3 Pe4 Pe5";
    let f = fen(&format!("B'd4 {walls} Ka1 kh8"), "/", 'w');
    assert_eq!(moves_from(&f, "d4").len(), 24);
    // Elephant/Siege Engine d4, same wall: the four one-square steps are lost, the leaps of
    // three (d7 d1 g4 a4) and of two diagonally (f6 b6 f2 b2) remain.
    let f = fen(&format!("Ed4 {walls} Ka1 kh8"), "/", 'w');
    assert_eq!(
        moves_from(&f, "d4"),
        from_to("d4", &["d7", "d1", "g4", "a4", "f6", "b6", "f2", "b2"])
    );
}

#[test]
fn slides_stop_at_the_first_piece_but_leaps_do_not() {
    // Camel/Queen d4 with own pawns on d5 e5 e4 (its up, up-right and right lines end at
    // once) and a black pawn on c5 (taken, ending the up-left line). Queen: c5; d3 d2 d1;
    // c4 b4 a4; c3 b2 a1; e3 f2 g1 (11). Camel leaps, never blocked: e7 c7 e1 c1 g5 g3 a5
    // a3 (8).
    let f = fen("Q'd4 Pd5 Pe5 Pe4 pc5 Kh8 kh6", "/", 'w');
    assert_eq!(
        moves_from(&f, "d4"),
        from_to(
            "d4",
            &[
                "c5", "d3", "d2", "d1", "c4", "b4", "a4", "c3", "b2", "a1", "e3", "f2", "g1", "e7",
                "c7", "e1", "c1", "g5", "g3", "a5", "a3"
            ]
        )
    );
}

#[test]
fn paovao_moves_as_a_queen_and_captures_over_exactly_one_piece() {
    // PaoVao a1, own pawn a3, black knight a6, black pawn b2, black rook f6, White King h1.
    // File: a2, then a3 is the screen, a4 a5 are empty, a6 is the first piece beyond: take.
    // Diagonal: b2 is the screen (not capturable without one), c3 d4 e5 empty, f6: take.
    // Rank 1: b1..g1, the own King h1 ends it (and is never a target).
    let f = fen("Va1 Pa3 na6 pb2 rf6 Kh1 kh8", "/", 'w');
    assert_eq!(
        moves_from(&f, "a1"),
        from_to("a1", &["a2", "a6", "f6", "b1", "c1", "d1", "e1", "f1", "g1"])
    );
}

// ------------------------------------------------------------------------------ Rococo pieces

#[test]
fn advancer_captures_by_approach() {
    // Advancer d1; black knight d6, black pawn h5. Up: d2 d3 d4, and d5 takes d6 (the next
    // square in the direction of travel). Up-right: e2 f3, and g4 takes h5. Up-left: c2 b3
    // a4. Rank 1: a1 b1 c1, e1..h1.
    let f = fen("Yd1 nd6 ph5 Ka8 kh8", "/", 'w');
    assert_eq!(
        moves_from(&f, "d1"),
        from_to(
            "d1",
            &[
                "d2", "d3", "d4", "d5", "e2", "f3", "g4", "c2", "b3", "a4", "a1", "b1", "c1", "e1",
                "f1", "g1", "h1"
            ]
        )
    );
    assert_eq!(board_field(&after(&f, "d1d5")), format!("{}[/]", placement("Yd5 ph5 Ka8 kh8")));
    assert_eq!(board_field(&after(&f, "d1g4")), format!("{}[/]", placement("Yg4 nd6 Ka8 kh8")));
    // Stopping short of the victim captures nothing.
    assert_eq!(board_field(&after(&f, "d1d4")), format!("{}[/]", placement("Yd4 nd6 ph5 Ka8 kh8")));
}

#[test]
fn withdrawer_captures_by_moving_directly_away() {
    // Withdrawer d4; black pawn d3 (moving up d5..d8 takes it), black knight e5 (moving
    // down-left c3 b2 a1 takes it), own pawn c4 (moving right takes nothing). Up-left and
    // down-right have empty squares behind: no capture.
    let f = fen("Wd4 pd3 ne5 Pc4 Kh8 kh1", "/", 'w');
    assert_eq!(
        moves_from(&f, "d4"),
        from_to(
            "d4",
            &[
                "d5", "d6", "d7", "d8", "c3", "b2", "a1", "e4", "f4", "g4", "h4", "c5", "b6", "a7",
                "e3", "f2", "g1"
            ]
        )
    );
    assert_eq!(board_field(&after(&f, "d4d8")), format!("{}[/]", placement("Wd8 ne5 Pc4 Kh8 kh1")));
    assert_eq!(board_field(&after(&f, "d4a1")), format!("{}[/]", placement("Wa1 pd3 Pc4 Kh8 kh1")));
    assert_eq!(
        board_field(&after(&f, "d4h4")),
        format!("{}[/]", placement("Wh4 pd3 ne5 Pc4 Kh8 kh1"))
    );
}

#[test]
fn long_leaper_overtakes_enemies_each_followed_by_an_empty_square() {
    // Long Leaper a1. File: a2 empty; a3 black pawn then a4 empty: land a4 taking a3; a5
    // black knight then a6 empty: land a6 taking both; a7 black pawn is followed by the black
    // rook a8 (two in a row): no further. Diagonal: b2 own pawn, never jumped. Rank 1: b1,
    // then c1 d1 two black knights in a row: no jump.
    let f = fen("La1 pa3 na5 pa7 ra8 Pb2 nc1 nd1 Kh6 kh1", "/", 'w');
    assert_eq!(moves_from(&f, "a1"), from_to("a1", &["a2", "a4", "a6", "b1"]));
    assert_eq!(
        board_field(&after(&f, "a1a6")),
        format!("{}[/]", placement("La6 pa7 ra8 Pb2 nc1 nd1 Kh6 kh1"))
    );
}

#[test]
fn immobilizer_freezes_and_frozen_pieces_may_only_commit_suicide() {
    // Black to move. White Immobilizer d4 freezes the black rook d5 and knight e3 (both
    // next to it): each may only remove itself (d5d5, e3e3). The black dragon horse a1 is not
    // next to it: b2 c3, takes the Immobilizer d4 (an Immobilizer can be captured), a2 b1.
    // Black King h8: g8 g7 h7.
    let f = fen("Id4 Ka8 kh8 rd5 ne3 ba1", "/", 'b');
    assert_eq!(
        legal(&f),
        sorted(&["d5d5", "e3e3", "a1b2", "a1c3", "a1d4", "a1a2", "a1b1", "h8g8", "h8g7", "h8h7"])
    );
    // Suicide is a move: the piece leaves the board, the turn passes.
    assert_eq!(
        after(&f, "d5d5"),
        format!("{}[/] w - - 1 2 0,0 -", placement("Id4 Ka8 kh8 ne3 ba1"))
    );
}

#[test]
fn immobilizer_never_captures() {
    // Immobilizer d4 next to nothing: queen slides to empty squares only; the black rook d6
    // ends the file at d5 and is not taken.
    let f = fen("Id4 rd6 Ka1 kh8", "/", 'w');
    let ds = moves_from(&f, "d4");
    assert!(ds.contains(&"d4d5".to_string()) && !ds.contains(&"d4d6".to_string()), "{ds:?}");
}

#[test]
fn opposing_immobilizers_freeze_each_other_and_still_freeze() {
    // White Immobilizer d4, black Immobilizer d5: both frozen. The black one still freezes
    // the White knight c6 next to it. White's moves: d4d4, c6c6 (suicides), King a1: a2 b1
    // b2.
    let f = fen("Id4 Nc6 Ka1 id5 kh8", "/", 'w');
    assert_eq!(legal(&f), sorted(&["d4d4", "c6c6", "a1a2", "a1b1", "a1b2"]));
}

#[test]
fn a_frozen_king_has_no_move() {
    // White King a1 next to the black Immobilizer b2, nothing else White: no move (the King
    // never commits suicide), and it is not in check: stalemate, no moves.
    let f = fen("Ka1 ib2 kh8", "/", 'w');
    assert!(legal(&f).is_empty());
    assert!(!is_in_check(&f, true));
}

#[test]
fn swapper_slides_swaps_and_destroys() {
    // Swapper d4. White King a1, own pawn d6; black knight e5, black rook b4, black King h8.
    // Slides: d5; e4 f4 g4 h4; e3 f2 g1; d3 d2 d1; c3 b2; c4; c5 b6 a7 (17).
    // Swaps with the first piece on each line: d6 (own pawn), e5 (enemy), b4 (enemy), a1
    // (own King, but the King on d4 would stand on the rook's rank: illegal).
    // Mutual destruction with the adjacent enemy e5: d4xe5.
    let f = fen("Zd4 Ka1 Pd6 ne5 rb4 kh8", "/", 'w');
    let mut expected = from_to(
        "d4",
        &[
            "d5", "e4", "f4", "g4", "h4", "e3", "f2", "g1", "d3", "d2", "d1", "c3", "b2", "c4",
            "c5", "b6", "a7", "d6", "e5", "b4",
        ],
    );
    expected.push("d4xe5".to_string());
    expected.sort();
    assert_eq!(moves_from(&f, "d4"), expected);
    // The swap puts each piece on the other's square and captures nothing.
    assert_eq!(
        after(&f, "d4e5"),
        format!("{}[/] b - - 1 1 0,0 -", placement("Ze5 Ka1 Pd6 nd4 rb4 kh8"))
    );
    // Mutual destruction removes both.
    assert_eq!(board_field(&after(&f, "d4xe5")), format!("{}[/]", placement("Ka1 Pd6 rb4 kh8")));
}

#[test]
fn frozen_swapper_cannot_destroy() {
    // White Swapper d4 next to the black Immobilizer e5: frozen, so only d4d4.
    let f = fen("Zd4 ie5 Ka1 kh8", "/", 'w');
    assert_eq!(moves_from(&f, "d4"), ["d4d4"]);
}

#[test]
fn swap_back_ban_between_swappers() {
    // White Swapper d4 swaps with the black Swapper d8: the ban d4d8 is written and Black's
    // Swapper (now on d4) may not swap back with d8 on this ply; it may swap with others
    // (the White King a1 along the diagonal c3 b2).
    let f = fen("Zd4 Ka1 zd8 kh8", "/", 'w');
    let next = after(&f, "d4d8");
    assert_eq!(next, format!("{}[/] b - - 1 1 0,0 - d4d8", placement("Zd8 Ka1 zd4 kh8")));
    let black = moves_from(&next, "d4");
    assert!(!black.contains(&"d4d8".to_string()), "{black:?}");
    assert!(black.contains(&"d4a1".to_string()), "{black:?}");
    // The ban lives one ply: after a King move, White may swap d8 with d4 again.
    let later = after(&next, "h8g8");
    assert!(!later.ends_with("d4d8"), "{later}");
    assert!(legal(&later).contains(&"d8d4".to_string()));
}

#[test]
fn swap_back_ban_does_not_forbid_mutual_destruction() {
    // Adjacent Swappers: after d4d5 Black's Swapper on d4 may not swap back, but may
    // destroy: d4xd5.
    let f = fen("Zd4 Ka1 zd5 kh8", "/", 'w');
    let next = after(&f, "d4d5");
    let black = moves_from(&next, "d4");
    assert!(!black.contains(&"d4d5".to_string()), "{black:?}");
    assert!(black.contains(&"d4xd5".to_string()), "{black:?}");
}

#[test]
fn a_swap_with_another_piece_creates_no_ban() {
    // Only a Swapper with an opposing Swapper or Chameleon is banned from swapping back.
    let f = fen("Zd4 Ka1 nd8 kh8", "/", 'w');
    assert_eq!(tail(&after(&f, "d4d8")), "b - - 1 1 0,0 -");
}

// ------------------------------------------------------------------------------ Chameleon

#[test]
fn chameleon_takes_pawns_as_a_pawn_including_en_passant() {
    // White Chameleon d5, black pawns c6 (diagonally forward for a White pawn: takeable), e4
    // (backward: not takeable), e5 (just double-stepped, e.p. square e6: d5e6 takes it). A
    // pawn never captures straight ahead, so d5d6 is only possible as a slide to an empty
    // square (d6 is empty) and d5e5 is no move.
    let f = fen_with("Xd5 pc6 pe4 pe5 Ka1 kh8", "/", "w - e6 0 1 0,0 -");
    let ds = moves_from(&f, "d5");
    for m in ["d5c6", "d5e6", "d5d6"] {
        assert!(ds.contains(&m.to_string()), "{m} missing from {ds:?}");
    }
    for m in ["d5e4", "d5e5"] {
        assert!(!ds.contains(&m.to_string()), "{m} in {ds:?}");
    }
    assert_eq!(board_field(&after(&f, "d5e6")), format!("{}[/]", placement("Xe6 pc6 pe4 Ka1 kh8")));
    // A black Chameleon takes White pawns diagonally forward for Black (downward).
    let g = fen("xe4 Pd3 Pd5 Ka1 kh8", "/", 'b');
    let ds = moves_from(&g, "e4");
    assert!(ds.contains(&"e4d3".to_string()) && !ds.contains(&"e4d5".to_string()), "{ds:?}");
}

#[test]
fn chameleon_takes_knights_and_rooks_only_as_they_move() {
    // Chameleon d4; black knight f5 (a knight leap away: take), black rook d7 (on the file,
    // d5 d6 empty: take as a rook), black rook f6 (on a diagonal: a rook cannot go there).
    let f = fen("Xd4 nf5 rd7 rf6 Ka1 kh8", "/", 'w');
    let ds = moves_from(&f, "d4");
    assert!(ds.contains(&"d4f5".to_string()) && ds.contains(&"d4d7".to_string()), "{ds:?}");
    assert!(!ds.contains(&"d4f6".to_string()), "{ds:?}");
}

#[test]
fn chameleon_bent_capture_takes_only_its_victim() {
    // Chameleon a1, black Rose a7, black Advancer a8, a2..a6 empty. The Rose reaches a7 from
    // a1 only by its circle c2-d4-c6-a7: a bent path, so a1a7 takes the Rose but makes no
    // approach capture of the Advancer beyond it.
    let f = fen("Xa1 oa7 ya8 Kh3 kh8", "/", 'w');
    assert!(legal(&f).contains(&"a1a7".to_string()));
    assert_eq!(board_field(&after(&f, "a1a7")), format!("{}[/]", placement("Xa7 ya8 Kh3 kh8")));
    // A Sissa is taken along a Sissa path only: from d4, f5 (n = 1) yes, f6 (diagonal) no.
    let g = fen("Xd4 sf5 Ka1 kh8", "/", 'w');
    assert!(moves_from(&g, "d4").contains(&"d4f5".to_string()));
    let h = fen("Xd4 sf6 Ka1 kh8", "/", 'w');
    assert!(!moves_from(&h, "d4").contains(&"d4f6".to_string()));
}

#[test]
fn chameleon_paovao_hop_with_approach() {
    // Chameleon a1, own pawn a3 (screen), black PaoVao a6, black Advancer a7. The hop
    // a1-a6 is a movement along the file, so it also approaches the Advancer: both taken.
    let f = fen("Xa1 Pa3 va6 ya7 Kh1 kh8", "/", 'w');
    assert_eq!(board_field(&after(&f, "a1a6")), format!("{}[/]", placement("Xa6 Pa3 Kh1 kh8")));
    // Without a screen the PaoVao is not takeable (a PaoVao needs exactly one piece).
    let g = fen("Xa1 va6 Kh1 kh8", "/", 'w');
    assert!(!moves_from(&g, "a1").contains(&"a1a6".to_string()));
}

#[test]
fn chameleon_approaches_only_advancers_and_withdraws_only_from_withdrawers() {
    // Chameleon d1, black Advancer d6: d1d5 takes it by approach. The black knight h5 beyond
    // g4 is no Advancer: d1g4 takes nothing.
    let f = fen("Xd1 yd6 nh5 Ka8 kh8", "/", 'w');
    assert_eq!(board_field(&after(&f, "d1d5")), format!("{}[/]", placement("Xd5 nh5 Ka8 kh8")));
    assert_eq!(board_field(&after(&f, "d1g4")), format!("{}[/]", placement("Xg4 yd6 nh5 Ka8 kh8")));
    // Chameleon d4, black Withdrawer d3, black knight e5: moving up takes the Withdrawer;
    // moving away from the knight (c3) takes nothing.
    let g = fen("Xd4 wd3 ne5 Ka8 kh1", "/", 'w');
    assert_eq!(board_field(&after(&g, "d4d7")), format!("{}[/]", placement("Xd7 ne5 Ka8 kh1")));
    assert_eq!(board_field(&after(&g, "d4c3")), format!("{}[/]", placement("Xc3 wd3 ne5 Ka8 kh1")));
}

#[test]
fn chameleon_overtakes_only_long_leapers() {
    // Chameleon a1, black Long Leaper a3, black knight a5: a1a4 takes a3; the knight cannot
    // be leapt (a Chameleon jumps only enemy Long Leapers), so nothing beyond a4 on the file.
    let f = fen("Xa1 la3 na5 Kh1 kh8", "/", 'w');
    let ds = moves_from(&f, "a1");
    assert!(ds.contains(&"a1a4".to_string()) && !ds.contains(&"a1a6".to_string()), "{ds:?}");
    assert_eq!(board_field(&after(&f, "a1a4")), format!("{}[/]", placement("Xa4 na5 Kh1 kh8")));
}

#[test]
fn chameleon_example_of_the_seed() {
    // The seed: White Withdrawer a1, black Chameleon a2, White Long Leaper a3, White
    // Advancer a5. The Chameleon leaping over the Long Leaper to a4 also withdraws from the
    // Withdrawer and approaches the Advancer: all three are taken. The pending exchange
    // counts three non-pawn pieces.
    let f = fen("Wa1 xa2 La3 Ya5 Kb4 kh8", "/", 'b');
    assert_eq!(after(&f, "a2a4"), format!("{}[/] w - - 0 2 0,0 a4:3", placement("xa4 Kb4 kh8")));
}

#[test]
fn chameleon_swaps_with_swappers_and_destroys_them() {
    // Chameleon d4 next to the black Swapper e5: the swap d4e5 (not a capture: nothing
    // leaves the board, the halfmove clock goes on, the pair may not swap back next ply) and
    // the mutual destruction d4xe5 (an exchange by itself: one credit each).
    let f = fen("Xd4 ze5 Ka1 kh8", "Q/q", 'w');
    assert_eq!(
        after(&f, "d4e5"),
        format!("{}[Q/q] b - - 1 1 0,0 - d4e5", placement("Xe5 zd4 Ka1 kh8"))
    );
    assert_eq!(after(&f, "d4xe5"), format!("{}[Q/q] b - - 0 1 1,1 -", placement("Ka1 kh8")));
    // A swap along a line also withdraws from a Withdrawer behind the start: Chameleon d4,
    // black Withdrawer d3, black Swapper d7 (d5 d6 empty): d4d7 swaps and takes d3.
    let g = fen("Xd4 wd3 zd7 Ka1 kh8", "/", 'w');
    assert_eq!(
        after(&g, "d4d7"),
        format!("{}[/] b - - 0 1 0,0 d7:1 d4d7", placement("Xd7 zd4 Ka1 kh8"))
    );
}

#[test]
fn chameleon_straight_leap_and_king_step_combine_with_withdrawal() {
    // Chameleon d4, black Woody Rook d6 (a dabbaba leap over the own pawn d5 takes it: a
    // straight leap along the file), black Withdrawer d3 behind: both taken.
    let f = fen("Xd4 Pd5 o'd6 wd3 Ka1 kh8", "/", 'w');
    assert_eq!(board_field(&after(&f, "d4d6")), format!("{}[/]", placement("Xd6 Pd5 Ka1 kh8")));
    // Chameleon a1 takes a black Dragon on f2 by its spotted-gryphon path b2-d2-f2 (c2 is
    // skipped; a bent path).
    let g = fen("Xa1 Pc2 d'f2 Kh3 kh8", "/", 'w');
    assert!(moves_from(&g, "a1").contains(&"a1f2".to_string()));
    // Chameleon a1 takes a black Nightrider on c5 through the empty b3, not through an
    // occupied one.
    let h = fen("Xa1 n'c5 Kh3 kh8", "/", 'w');
    assert!(moves_from(&h, "a1").contains(&"a1c5".to_string()));
    let i = fen("Xa1 Pb3 n'c5 Kh3 kh8", "/", 'w');
    assert!(!moves_from(&i, "a1").contains(&"a1c5".to_string()));
}

#[test]
fn chameleon_never_captures_chameleons_or_immobilizers() {
    // Chameleon d4, black Chameleon d6 (d5 empty), black Immobilizer f4 (e4 empty; not next
    // to d4): neither can be taken by any means; the slides stop before them.
    let f = fen("Xd4 xd6 if4 Ka1 kh8", "/", 'w');
    let ds = moves_from(&f, "d4");
    assert!(ds.contains(&"d4d5".to_string()) && ds.contains(&"d4e4".to_string()), "{ds:?}");
    assert!(!ds.contains(&"d4d6".to_string()) && !ds.contains(&"d4f4".to_string()), "{ds:?}");
}

#[test]
fn chameleon_and_enemy_immobilizer_freeze_each_other_only() {
    // White Chameleon d4 next to the black Immobilizer e5: both frozen. The Chameleon
    // freezes nothing else: the black rook c5 next to it moves freely. The frozen black
    // Immobilizer still freezes the White knight f6 next to it.
    let f = fen("Xd4 Nf6 ie5 rc5 Ka1 kh8", "/", 'w');
    assert_eq!(moves_from(&f, "d4"), ["d4d4"]);
    assert_eq!(moves_from(&f, "f6"), ["f6f6"]);
    let g = fen("Xd4 Nf6 ie5 rc5 Ka1 kh8", "/", 'b');
    assert_eq!(moves_from(&g, "e5"), ["e5e5"]);
    assert!(moves_from(&g, "c5").len() > 1);
}

#[test]
fn chameleon_takes_a_king_by_a_king_step_so_it_checks() {
    // Chameleon d5 next to the black King e6: check. A Chameleon two squares away (d4) is
    // no King-step away: no check.
    assert!(is_in_check(&fen("Xd5 ke6 Ka1", "/", 'b'), false));
    assert!(!is_in_check(&fen("Xd4 ke6 Ka1", "/", 'b'), false));
    // So the black King may not step next to an unfrozen White Chameleon: from h8 with the
    // Chameleon on f6, of g8 g7 h7 only g7 is next to f6.
    let f = fen("Xf6 kh8 Ka1", "/", 'b');
    assert_eq!(legal(&f), sorted(&["h8g8", "h8h7"]));
}

// ------------------------------------------------------------------------------ check

#[test]
fn check_by_approach() {
    // Black Advancer e5, White King e1, e2..e4 empty: moving to e2 would take e1.
    assert!(is_in_check(&fen("Ke1 ye5 kh8", "/", 'w'), true));
    // A White pawn on e2 stops the approach on e3 (which would take the pawn, not the King).
    assert!(!is_in_check(&fen("Ke1 Pe2 ye5 kh8", "/", 'w'), true));
}

#[test]
fn check_by_withdrawal() {
    // Black Withdrawer e2 next to the White King e1, e3 empty: withdrawing takes the King.
    assert!(is_in_check(&fen("Ke1 we2 kh8", "/", 'w'), true));
    // With e3 blocked it cannot move directly away: no check.
    assert!(!is_in_check(&fen("Ke1 we2 pe3 kh8", "/", 'w'), true));
}

#[test]
fn check_by_overtaking() {
    // Black Long Leaper e5, White King e2, e1 empty behind it: check.
    assert!(is_in_check(&fen("Ke2 le5 kh8", "/", 'w'), true));
    // With a White rook on e1 there is no landing square: no check.
    assert!(!is_in_check(&fen("Ke2 Re1 le5 kh8", "/", 'w'), true));
}

#[test]
fn check_by_paovao_hop() {
    // Black PaoVao e8, White King e1: a screen on e5 (any colour) gives check; no screen or
    // two screens do not.
    assert!(is_in_check(&fen("Ke1 ve8 pe5 kh8", "/", 'w'), true));
    assert!(is_in_check(&fen("Ke1 ve8 Pe5 kh8", "/", 'w'), true));
    assert!(!is_in_check(&fen("Ke1 ve8 kh8", "/", 'w'), true));
    assert!(!is_in_check(&fen("Ke1 ve8 pe5 Pe3 kh8", "/", 'w'), true));
}

#[test]
fn check_by_sissa() {
    // Black Sissa c3, White King d1 (a Mao/Moa step away: via c2 or d2): check; with both
    // c2 and d2 occupied, no check (the seed's case).
    assert!(is_in_check(&fen("Kd1 sc3 kh8", "/", 'w'), true));
    assert!(is_in_check(&fen("Kd1 Pc2 sc3 kh8", "/", 'w'), true));
    assert!(!is_in_check(&fen("Kd1 Pc2 Pd2 sc3 kh8", "/", 'w'), true));
}

#[test]
fn check_by_mutual_destruction_but_not_by_swap() {
    // A Swapper next to the King can destroy it with itself: check.
    assert!(is_in_check(&fen("Ke1 ze2 kh8", "/", 'w'), true));
    // A Swapper farther away could only swap with the King, which is no capture.
    assert!(!is_in_check(&fen("Ke1 ze8 kh8", "/", 'w'), true));
}

#[test]
fn a_frozen_piece_gives_no_check() {
    // Black rook e8 on the open file checks the King e1 ...
    assert!(is_in_check(&fen("Ke1 re8 kh8", "/", 'w'), true));
    // ... unless a White Immobilizer next to it (d8) freezes it.
    assert!(!is_in_check(&fen("Ke1 Id8 re8 kh8", "/", 'w'), true));
    // The same for the Swapper next to the King and a Chameleon next to it.
    assert!(!is_in_check(&fen("Ke1 If3 ze2 kh8", "/", 'w'), true));
    assert!(!is_in_check(&fen("Ke1 If3 xe2 kh8", "/", 'w'), true));
    // So the King may step next to a frozen enemy King: White King e6 to e7 next to the
    // black King d8, frozen by the White Immobilizer c7.
    let f = fen("Ke6 Ic7 kd8", "/", 'w');
    assert!(moves_from(&f, "e6").contains(&"e6e7".to_string()));
}

#[test]
fn check_ignores_the_attackers_own_king_safety() {
    // The black rook e5 is pinned to its King h5 by the White rook a5, yet it checks e1.
    let f = fen("Ke1 Ra5 re5 kh5", "/", 'w');
    assert!(is_in_check(&f, true));
    // So White may not play a King move along the e-file (e2), only off it.
    let ds = moves_from(&f, "e1");
    assert!(!ds.contains(&"e1e2".to_string()) && ds.contains(&"e1d1".to_string()), "{ds:?}");
}

#[test]
fn checkmate_and_stalemate_have_no_moves() {
    // Mate: White King a1, black Queen b2 guarded by the black King c3.
    let mate = fen("Ka1 qb2 kc3", "/", 'w');
    assert!(is_in_check(&mate, true) && legal(&mate).is_empty());
    // Stalemate: White King a1, black Queen c2 covers a2 b1 b2 but not a1.
    let stale = fen("Ka1 qc2 kh8", "/", 'w');
    assert!(!is_in_check(&stale, true) && legal(&stale).is_empty());
    assert_eq!(perft(&stale, 2), 0);
}

// ------------------------------------------------------------------------------ pawns

#[test]
fn double_step_writes_en_passant_and_resets_the_clock() {
    // After every double step the e.p. square is written, capture possible or not; the
    // halfmove clock resets on a pawn move; the fullmove number grows after Black's move.
    let f = fen_with("Ke1 Pe2 ke8 pd7", "/", "w - - 5 3 0,0 -");
    assert_eq!(tail(&after(&f, "e2e4")), "b - e3 0 3 0,0 -");
    let g = after(&f, "e1d1");
    assert_eq!(tail(&g), "b - - 6 3 0,0 -");
    assert_eq!(tail(&after(&g, "d7d5")), "w - d6 0 4 0,0 -");
}

#[test]
fn en_passant_capture() {
    // White pawn d5, black pawn e7 double-steps to e5: d5e6 takes it, e.p. only right away.
    let f = fen("Ke1 Pd5 ke8 pe7", "/", 'b');
    let g = after(&f, "e7e5");
    assert!(legal(&g).contains(&"d5e6".to_string()));
    assert_eq!(board_field(&after(&g, "d5e6")), format!("{}[/]", placement("Ke1 Pe6 ke8")));
    let h = after(&after(&g, "e1d1"), "e8d8");
    assert!(!legal(&h).contains(&"d5e6".to_string()));
}

#[test]
fn promotion_takes_the_last_piece_of_the_drop_order() {
    // White reserve in drop order Q', R, N: the first promotion gives the N (the last
    // piece), which leaves the reserve; notation e7e8n. The next promotion gives the R.
    let f = fen("Ka1 Pe7 Pg7 kh1", "Q'RN/q'", 'w');
    assert_eq!(moves_from(&f, "e7"), ["e7e8n"]);
    let g = after(&f, "e7e8n");
    assert_eq!(board_field(&g), format!("{}[Q'R/q']", placement("Ka1 Ne8 Pg7 kh1")));
    let h = after(&g, "h1h2");
    assert_eq!(moves_from(&h, "g7"), ["g7g8r"]);
    assert_eq!(
        board_field(&after(&h, "g7g8r")),
        format!("{}[Q'/q']", placement("Ka1 Ne8 Rg8 kh2"))
    );
    // Black promotes on rank 1 the same way, with the code in lower case (d2d1q').
    let b = fen("Ka8 kh8 pd2", "/q'", 'b');
    assert_eq!(moves_from(&b, "d2"), ["d2d1q'"]);
    assert_eq!(board_field(&after(&b, "d2d1q'")), format!("{}[/]", placement("Ka8 kh8 q'd1")));
}

#[test]
fn no_promotion_with_an_empty_reserve_but_the_pawn_still_checks() {
    // White pawn e7 with an empty White reserve: neither e7e8 nor e7xd8 (a black rook d8).
    let f = fen("Ka1 Pe7 rd8 kh6", "/q", 'w');
    assert!(moves_from(&f, "e7").is_empty());
    // The same pawn attacks f8: the black King may not go there, and standing there would
    // be in check.
    assert!(is_in_check(&fen("Ka1 Pe7 kf8", "/q", 'b'), false));
    let g = fen("Ka1 Pe7 kg7", "/q", 'b');
    assert!(!moves_from(&g, "g7").contains(&"g7f8".to_string()));
}

#[test]
fn a_pawn_swapped_to_the_last_rank_does_not_promote() {
    // White Swapper e8 swaps with its own pawn e7: the pawn stands on e8 unpromoted, the
    // reserve is untouched, and that pawn has no move.
    let f = fen("Ka1 Ze8 Pe7 kh1", "QR/", 'w');
    let g = after(&f, "e8e7");
    assert_eq!(board_field(&g), format!("{}[QR/]", placement("Ka1 Pe8 Ze7 kh1")));
    let h = after(&g, "h1h2");
    assert!(moves_from(&h, "e8").is_empty());
}

#[test]
fn halfmove_clock_counts_pawn_suicide_as_a_pawn_move_and_a_swap_as_a_swapper_move() {
    // The clock resets on any capture or pawn move. A frozen pawn removing itself is a move
    // of that pawn (RULES.md: suicide "counts as a move"), so it resets the clock; a Swapper
    // exchanging places with a pawn is a move of the Swapper and captures nothing, so the
    // clock goes on.
    let f = fen_with("Ka1 Pd4 Zb1 id5 kh8", "/", "w - - 7 5 0,0 -");
    assert_eq!(tail(&after(&f, "d4d4")), "b - - 0 5 0,0 -");
    let g = fen_with("Ka1 Pb2 Zb1 kh8", "/", "w - - 7 5 0,0 -");
    assert_eq!(tail(&after(&g, "b1b2")), "b - - 8 5 0,0 -");
}

// ------------------------------------------------------------------------------ exchanges

#[test]
fn a_multi_capture_recaptured_gives_credits_to_both_and_the_recapturer_drops_at_once() {
    // White Long Leaper a1 takes the black knights a3 and a5 landing on a6: pending a6:2.
    let f = fen("La1 na3 na5 ra8 Kh1 kh8", "QR/q'r", 'w');
    let g = after(&f, "a1a6");
    assert_eq!(tail(&g), "b - - 0 1 0,0 a6:2");
    // The black rook a8 recaptures: Black lost two non-pawn pieces, White one; both lost at
    // least one, so White earns 1 credit and Black 2; the pair is complete, nothing pending.
    let h = after(&g, "a8a6");
    assert_eq!(tail(&h), "w - - 0 2 1,2 -");
    // Black may drop in that same turn: the first piece of its drop order (q') on any empty
    // square of rank 8 (a8..g8 after the rook left a8; h8 holds the King).
    let with_drop: Vec<String> =
        moves_from(&g, "a8a6").into_iter().filter(|m| m.contains(',')).collect();
    assert_eq!(
        with_drop,
        sorted(&[
            "a8a6,q'@a8",
            "a8a6,q'@b8",
            "a8a6,q'@c8",
            "a8a6,q'@d8",
            "a8a6,q'@e8",
            "a8a6,q'@f8",
            "a8a6,q'@g8"
        ])
    );
    // The drop spends one credit and takes the piece out of the reserve.
    let d = after(&g, "a8a6,q'@c8");
    assert_eq!(board_field(&d), format!("{}[QR/r]", placement("q'c8 ra6 Kh1 kh8")));
    assert_eq!(tail(&d), "w - - 0 2 1,1 -");
    // White, with its credit, may drop its Q after any move, e.g. on a1.
    assert!(legal(&d).contains(&"h1g1,Q@a1".to_string()));
}

#[test]
fn a_capture_not_recaptured_earns_nothing() {
    // White Queen d1 takes the black knight d5 (pending d5:1); Black moves its King (h7;
    // g8 is on the Queen's diagonal) instead of recapturing: nothing pending, no credits,
    // so White has no drop.
    let f = fen("Qd1 nd5 Kh1 kh8", "R/r", 'w');
    let g = after(&f, "d1d5");
    assert_eq!(tail(&g), "b - - 0 1 0,0 d5:1");
    let h = after(&g, "h8h7");
    assert_eq!(tail(&h), "w - - 1 2 0,0 -");
    assert!(legal(&h).iter().all(|m| !m.contains(',')));
}

#[test]
fn an_exchange_for_a_pawn_earns_nothing() {
    // White knight c3 takes the pawn d5 (pending d5:0); the black rook d8 recaptures: Black
    // lost no non-pawn piece, so nobody earns a credit.
    let f = fen("Nc3 pd5 rd8 Kh1 kh8", "R/r", 'w');
    let g = after(&f, "c3d5");
    assert_eq!(tail(&g), "b - - 0 1 0,0 d5:0");
    assert_eq!(tail(&after(&g, "d8d5")), "w - - 0 2 0,0 -");
}

#[test]
fn knight_takes_pawn_queen_takes_knight_rook_takes_queen() {
    // RULES.md's example. N takes pawn: pending d5:0. Q takes N: that completes the pair
    // (White lost a knight, Black only a pawn): no credits, nothing pending. R takes Q: a
    // recapture never starts a pair, so this is a new capture, pending d5:1. The pawn e6
    // takes the rook: that pair is Queen for Rook, one credit each, and Black drops at once.
    let f = fen("Nc3 Rd1 Kh1 pd5 pe6 qd8 kh8", "B/b", 'w');
    let f1 = after(&f, "c3d5");
    assert_eq!(tail(&f1), "b - - 0 1 0,0 d5:0");
    let f2 = after(&f1, "d8d5");
    assert_eq!(tail(&f2), "w - - 0 2 0,0 -");
    let f3 = after(&f2, "d1d5");
    assert_eq!(tail(&f3), "b - - 0 2 0,0 d5:1");
    let f4 = after(&f3, "e6d5");
    assert_eq!(tail(&f4), "w - - 0 3 1,1 -");
    assert!(legal(&f3).contains(&"e6d5,b@d8".to_string()));
}

#[test]
fn mutual_destruction_is_an_exchange_by_itself() {
    // Swapper d4 destroys the adjacent black knight e5 and itself: each side lost a non-pawn
    // piece: one credit each; White drops at once (its first reserve piece, Q, on any empty
    // square of rank 1: a1..g1, h1 holds the King).
    let f = fen("Zd4 ne5 Kh1 kh8", "QR/qr", 'w');
    assert_eq!(tail(&after(&f, "d4xe5")), "b - - 0 1 1,1 -");
    let drops: Vec<String> = moves_from(&f, "d4xe5");
    assert_eq!(drops.len(), 1 + 7);
    assert!(drops.contains(&"d4xe5,Q@a1".to_string()));
    // Destroying a pawn: the pawn side lost no non-pawn piece, so no credits.
    let g = fen("Zd4 pe5 Kh1 kh8", "QR/qr", 'w');
    assert_eq!(tail(&after(&g, "d4xe5")), "b - - 0 1 0,0 -");
}

#[test]
fn mutual_destruction_of_the_capturer_completes_the_pending_pair() {
    // The black knight on e5 has just taken a White pawn (pending e5:0). The Swapper d4
    // destroys it: White lost the pawn and the Swapper (one non-pawn), Black the knight:
    // one credit each.
    let f = fen_with("Zd4 ne5 Kh1 kh8", "Q/q", "w - - 0 1 0,0 e5:0");
    assert_eq!(tail(&after(&f, "d4xe5")), "b - - 0 1 1,1 -");
    // Had it taken a non-pawn piece (e5:1), White lost two non-pawn pieces: 2 credits.
    let g = fen_with("Zd4 ne5 Kh1 kh8", "Q/q", "w - - 0 1 0,0 e5:1");
    assert_eq!(tail(&after(&g, "d4xe5")), "b - - 0 1 2,1 -");
}

#[test]
fn recaptures_by_approach_withdrawal_overtaking_and_hop_count() {
    // The White knight on e5 has just taken a black non-pawn piece (pending e5:1).
    // Approach: the black Advancer e8 moves to e6 and takes e5.
    let a = fen_with("Ne5 Kh1 ye8 ka8", "Q/q", "b - - 0 1 0,0 e5:1");
    assert_eq!(tail(&after(&a, "e8e6")), "w - - 0 2 1,1 -");
    // Withdrawal: the black Withdrawer e4 moves away (e3) and takes e5.
    let w = fen_with("Ne5 Kh1 we4 ka8", "Q/q", "b - - 0 1 0,0 e5:1");
    assert_eq!(tail(&after(&w, "e4e3")), "w - - 0 2 1,1 -");
    // Overtaking: the black Long Leaper e7 jumps e5 to e4.
    let l = fen_with("Ne5 Kh1 le7 ka8", "Q/q", "b - - 0 1 0,0 e5:1");
    assert_eq!(tail(&after(&l, "e7e4")), "w - - 0 2 1,1 -");
    // PaoVao: the black PaoVao e8 hops the pawn e6 onto e5.
    let v = fen_with("Ne5 Kh1 ve8 pe6 ka8", "Q/q", "b - - 0 1 0,0 e5:1");
    assert_eq!(tail(&after(&v, "e8e5")), "w - - 0 2 1,1 -");
}

#[test]
fn credits_never_expire_and_each_drop_takes_the_next_piece() {
    // Three White credits, reserve R then N: a drop of R (spending one), later of N.
    let f = fen_with("Ke2 kh8", "RN/", "w - - 0 1 3,0 -");
    let g = after(&f, "e2e3,R@a1");
    assert_eq!(board_field(&g), format!("{}[N/]", placement("Ra1 Ke3 kh8")));
    assert_eq!(tail(&g), "b - - 1 1 2,0 -");
    let h = after(&after(&g, "h8g8"), "e3e4,N@h1");
    assert_eq!(board_field(&h), format!("{}[/]", placement("Ra1 Nh1 Ke4 kg8")));
    // No reserve left: no drop though a credit remains.
    assert_eq!(tail(&h), "b - - 3 2 1,0 -");
    assert!(legal(&after(&h, "g8h8")).iter().all(|m| !m.contains(',')));
}

#[test]
fn a_drop_may_parry_a_check() {
    // The black rook a1 checks the White King h1 along rank 1; White has one credit and a
    // knight to drop. No White move parries alone (g1 is on the rank, g2 h2 hold pawns),
    // so every legal turn is a move plus a drop between a1 and the King: the four pawn moves
    // with a drop on b1..g1 (6 each), and h1g1 with a drop on b1..f1 (5).
    let f = fen_with("Kh1 Pg2 Ph2 ra1 kh8", "N/", "w - - 0 1 1,0 -");
    let mut expected = Vec::new();
    for m in ["g2g3", "g2g4", "h2h3", "h2h4"] {
        for s in ["b1", "c1", "d1", "e1", "f1", "g1"] {
            expected.push(format!("{m},N@{s}"));
        }
    }
    for s in ["b1", "c1", "d1", "e1", "f1"] {
        expected.push(format!("h1g1,N@{s}"));
    }
    expected.sort();
    assert_eq!(legal(&f), expected);
}

#[test]
fn a_drop_may_expose_the_king() {
    // The black PaoVao a1 and the White King h1 (walled in by its pawns g2 h2) on an
    // otherwise empty rank 1: no check, since the PaoVao has no screen. Any dropped piece
    // between them would be one, so the four pawn moves are legal only without a drop. The
    // King may go to g1 (still no screen), and then a drop on h1, behind it, is harmless,
    // while one on b1..f1 is a screen again.
    let f = fen_with("Kh1 Pg2 Ph2 va1 kh8", "N/", "w - - 0 1 1,0 -");
    assert_eq!(legal(&f), sorted(&["g2g3", "g2g4", "h2h3", "h2h4", "h1g1", "h1g1,N@h1"]));
}

#[test]
fn promotion_and_drop_in_one_turn() {
    // White pawn e7 takes the black queen d8 and promotes to the last reserve piece N; with
    // a credit, the first reserve piece Q may be dropped in the same turn.
    let f = fen_with("Ka1 Pe7 qd8 kh6", "QRN/", "w - - 0 1 1,0 -");
    let moves = moves_from(&f, "e7");
    assert!(moves.contains(&"e7d8n".to_string()) && moves.contains(&"e7d8n,Q@b1".to_string()));
    let g = after(&f, "e7d8n,Q@b1");
    assert_eq!(board_field(&g), format!("{}[R/]", placement("Ka1 Qb1 Nd8 kh6")));
    assert_eq!(tail(&g), "b - - 0 1 0,0 d8:1");
}

// ------------------------------------------------------------------------------ perft

#[test]
fn setup1_perft_by_hand() {
    // White's first moves: 16 pawn moves; Gnu b1: knight a3 c3, camel a4 c4 (d2 own);
    // Amazon c1: knight b3 d3 (a2 e2 own; its lines are closed). The Rook, King, Dragon
    // (diagonal steps on own pawns), Sissa (every first square occupied), Harvestman (g2
    // own) and Chameleon (closed lines; no enemy in reach) have no move: 22.
    assert_eq!(perft(SETUP1, 1), 22);
    // Black has the mirrored 22 after every White move except d2d3: that opens d2 for the
    // Dragon e1, whose spotted gryphon e1-d2 then leaps d4, d6 (d3, d5, d7 skipped) to the
    // black King d8: check. Black's only answers close d6: d7d6, or the Amazon c8 to d6 (the
    // King's squares are all own pieces). After d2d4 the leap from d2 lands on the own pawn
    // d4 and stops. No other White move reaches Black's half: 21 * 22 + 2.
    assert_eq!(perft(SETUP1, 2), 21 * 22 + 2);
}

#[test]
fn setup2_and_setup3_first_moves_by_hand() {
    // Setup 2: 16 pawn moves; Cardinal b1: a3 c3; Swapper d1: swaps with the first piece on
    // each line: c1, e1 (its own King), c2, d2, e2; Woody Rook h1: h3 (a dabbaba leap over
    // h2). Long Leaper, Immobilizer, King, Advancer, Withdrawer: walled in. 16+2+5+1 = 24.
    assert_eq!(perft(SETUP2, 1), 24);
    // White's moves stay on ranks 1 to 4 and Black's on ranks 5 to 8; nothing White can
    // then do captures (a swap is no capture) or reaches e8, so none changes Black's 24.
    assert_eq!(perft(SETUP2, 2), 24 * 24);
    // Setup 3: 16 pawn moves; Rose b1 (see rose_from_d4_and_a1 for its circles; rank 1 is
    // full and d2 holds a pawn): c3 e4 g3 (ending before h1), a3 (the other way d2 is own),
    // c3 b5, a3 b5 d6 f5 g3 (ending before f1): c3 e4 g3 a3 b5 d6 f5 = 7; Dancing Horse c1:
    // b3 d3, then a5 c5 d4 from b3 and c5 e5 f4 b4 from d3: 8; Buffalo e1: knight d3 f3,
    // camel d4 f4, zebra c4 g4 b3 h3: 8; Elephant f1: leap of three f4, alfil d3 h3: 3; NF
    // h1: g3: 1. King, Aanca, Gryphon: walled in. 16+7+8+8+3+1 = 43.
    assert_eq!(perft(SETUP3, 1), 43);
}

#[test]
fn notations_are_unique_and_positions_round_trip() {
    // A busy position with credits for both sides, Chameleon, Swapper, Immobilizer and bent
    // movers: every notation appears once, and every position after a move writes a FEN that
    // reads back to the same position.
    let f = "r1ak2hx/pp2d'ppp/1Xg'1ps2/2pI4/3Pz3/2G'2l2/PP2PPPP/R1AKD'SH1\
             [ZN'QE!O'VFC/n'qe!o'vfc] w - - 0 12 1,1 -";
    let pos = Uc40::from_fen(f).expect("valid FEN");
    let moves = Uc40::moves(&pos);
    assert!(moves.len() > 50, "{}", moves.len());
    let mut names: Vec<&String> = moves.iter().map(|(m, _)| m).collect();
    names.sort();
    let n = names.len();
    names.dedup();
    assert_eq!(names.len(), n, "a notation appears twice");
    for (m, child) in &moves {
        let text = Uc40::to_fen(child);
        let back = Uc40::from_fen(&text).unwrap_or_else(|e| panic!("{m}: {text}: {e}"));
        assert_eq!(&back, child, "{m}: {text}");
    }
}
