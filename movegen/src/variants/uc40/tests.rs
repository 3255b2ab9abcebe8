//! UC-40 tests: every expectation is reasoned from RULES.md sections 0, 3, 5 and 6; the
//! reasoning is written next to the assertions. Positions are written as piece lists
//! (`Ka1 q'd8`: code in the owner's case, then the square).

use super::*;
use crate::geometry::{Color, Dims};
use crate::moves::MoveList;

const D: Dims = Dims::new(8, 8);

fn sq(name: &str) -> u8 {
    D.parse_square(name).expect("test square")
}

/// A FEN of the pieces (`Ka1 q'd8 D!c3`), reserves (`QR/qr`) and the fields after the
/// reserves (`w - - 0 1 0,0 -`).
fn fen_of(pieces: &str, reserves: &str, rest: &str) -> String {
    let mut pos = Position::<Uc40>::empty();
    for token in pieces.split_whitespace() {
        let split = token.len() - 2;
        let (code, square) = token.split_at(split);
        let color =
            if code.as_bytes()[0].is_ascii_uppercase() { Color::White } else { Color::Black };
        let kind = kind_of_code(&code.to_ascii_uppercase()).expect("test code");
        pos.put_piece(sq(square), Some(Piece::new(kind, color)));
    }
    let board = pos.to_fen();
    let placement = board.split(['[', ' ']).next().unwrap_or_default().to_string();
    format!("{placement}[{reserves}] {rest}")
}

fn fen(pieces: &str, reserves: &str, side: char) -> String {
    fen_of(pieces, reserves, &format!("{side} - - 0 1 0,0 -"))
}

fn pos(fen: &str) -> Position<Uc40> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(fen: &str) -> Vec<String> {
    let p = pos(fen);
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.notation(m)).collect();
    v.sort();
    v
}

/// The legal moves starting on `from`.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    legal(fen).into_iter().filter(|m| m.starts_with(from)).collect()
}

fn after(fen: &str, mv: &str) -> String {
    let mut p = pos(fen);
    let m = p.parse_move(mv).unwrap_or_else(|| panic!("{mv} is not legal in {fen}"));
    p.make(m);
    p.to_fen()
}

/// The fields after the board and reserves.
fn tail(fen: &str) -> String {
    fen.split_once(' ').map(|(_, t)| t.to_string()).unwrap_or_default()
}

fn board_field(fen: &str) -> String {
    fen.split(' ').next().unwrap_or_default().to_string()
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Destinations of a lone White piece `code` on `square` (no Kings: the generator's moves
/// before the King-safety test).
fn lone(code: &str, square: &str) -> Vec<String> {
    let mut p = Position::<Uc40>::empty();
    let kind = kind_of_code(code).expect("test code");
    p.put_piece(sq(square), Some(Piece::new(kind, Color::White)));
    let mut list = MoveList::new();
    generate::pseudo_moves(&p, &mut list);
    let mut v: Vec<String> = list.iter().map(|m| D.square_name(m.to())).collect();
    v.sort();
    v.dedup();
    v
}

// ------------------------------------------------------------------------- setup and FEN

#[test]
fn the_built_in_start_position_is_the_seed_zero_setup() {
    assert_eq!(setup::start_fen(0), START_FEN);
}

#[test]
fn setups_follow_the_ruling_and_are_reproducible() {
    for seed in 0..6 {
        let fen = setup::start_fen(seed);
        assert_eq!(fen, setup::start_fen(seed), "same seed, same setup");
        let p = pos(&fen);
        // King and 7 others on rank 1, 32 in reserve: all 40 types once; Black mirrors.
        let mut types: Vec<Kind> = (0..8).filter_map(|f| p.piece_at(f)).map(|q| q.kind()).collect();
        assert!(types.contains(&kinds::KING));
        types.extend_from_slice(p.extra.reserves[0].as_slice());
        types.sort();
        types.dedup();
        assert_eq!(types.len(), 40, "{fen}");
        assert_eq!(p.extra.reserves[0], p.extra.reserves[1]);
        for f in 0..8u8 {
            let (w, b) = (p.piece_at(f).unwrap(), p.piece_at(56 + f).unwrap());
            assert_eq!((w.kind(), w.color(), b.color()), (b.kind(), Color::White, Color::Black));
        }
        // The redraw rule: no first move captures or mates; so the three pieces that always
        // could are in the reserve.
        assert!(!setup::white_wins_material_or_mates(&fen));
        for code in ["N'", "U", "V"] {
            assert!(p.extra.reserves[0].as_slice().contains(&kind_of_code(code).unwrap()));
        }
    }
    assert_ne!(setup::start_fen(1), setup::start_fen(2));
}

#[test]
fn fen_round_trips_with_every_field() {
    for f in [
        START_FEN,
        "4k3/8/8/8/4P3/8/8/4K3[QR/] b - e3 0 7 2,1 -",
        "4k3/8/8/3N4/8/8/8/4K3[QR/] b - - 0 7 2,1 d5:1",
        "3Zk3/8/8/8/3z4/8/8/4K3[/Q'N'] b - - 3 9 0,0 - d4d8",
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 -",
    ] {
        let f = f.replace("[/Q'N']", "[/q'n']");
        let p = pos(&f);
        assert_eq!(p.to_fen(), f);
        assert_eq!(p.hash(), p.compute_hash());
    }
    // Fields after the side may be left off; the ban may be a dash.
    let full = "4k3/8/8/8/8/8/8/4K3[Q/q] w - - 0 1 0,0 -";
    for short in [
        "4k3/8/8/8/8/8/8/4K3[Q/q] w",
        "4k3/8/8/8/8/8/8/4K3[Q/q] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[Q/q] w - - 0 1 0,0 - -",
    ] {
        assert_eq!(pos(short).to_fen(), full);
    }
}

#[test]
fn state_changes_change_the_hash() {
    let base = pos("4k3/8/8/3N4/8/8/8/4K3[QR/q] b - - 0 7 0,0 -");
    for other in [
        "4k3/8/8/3N4/8/8/8/4K3[RQ/q] b - - 0 7 0,0 -",
        "4k3/8/8/3N4/8/8/8/4K3[QR/] b - - 0 7 0,0 -",
        "4k3/8/8/3N4/8/8/8/4K3[QR/q] b - - 0 7 1,0 -",
        "4k3/8/8/3N4/8/8/8/4K3[QR/q] b - - 0 7 0,0 d5:1",
        "4k3/8/8/3N4/8/8/8/4K3[QR/q] b - - 0 7 0,0 d5:0",
    ] {
        assert_ne!(pos(other).hash(), base.hash(), "{other}");
    }
}

#[test]
fn malformed_fens_are_refused_without_panicking() {
    for bad in [
        "4k3/8/8/8/8/8/8/4K3 w",                     // no reserves
        "4k3/8/8/8/8/8/8/4K3[Q] w",                  // no '/'
        "4k3/8/8/8/8/8/8/4K3[q/Q] w",                // wrong case
        "4k3/8/8/8/8/8/8/4K3[K/] w",                 // King in reserve
        "4k3/8/8/8/8/8/8/4K3[P/] w",                 // pawn in reserve
        "4k3/8/8/8/8/8/8/4K3[Q!/] w",                // no such code
        "4k3/8/8/8/8/8/8/4KP'2[/] w",                // no such code on the board
        "4k3/8/8/8/8/8/8/3KK3[/] w",                 // two Kings
        "4k3/8/8/8/8/8/8/4K3[/] w KQ",               // castling
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 1",        // credits need W,B
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 1,x",      // bad credit
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 e5",   // pending without count
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 e5:1", // pending on an empty square
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 - e4", // bad ban
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 - e4e4",
        "4k3/8/8/8/8/8/8/4K3[/] w - - 0 1 0,0 - - x",
        "4k3/8/8/8/8/8/8/4K3[QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ/] w",
    ] {
        assert!(Position::<Uc40>::from_fen(bad).is_err(), "{bad}");
    }
}

// ------------------------------------------------------------------- pieces, empty board

#[test]
fn every_type_on_an_empty_board_from_d4_and_a1() {
    // Lines from d4: rook 14, bishop 13, queen 27; from a1: rook 14, bishop 7, queen 21.
    // Leaps from d4 all stay on the board: knight, camel (3,1), zebra (3,2) 8 each;
    // wazir, ferz, dabbaba (2,0), alfil (2,2), three (3,0) 4 each. From a1 only the
    // up-right images: knight, camel, zebra 2 each; wazir, dabbaba, three 2; ferz, alfil 1.
    let table: [(&str, usize, usize); 40] = [
        ("K", 8, 3),
        ("Q", 27, 21),
        ("R", 14, 14),
        ("N", 8, 2),
        ("A", 35, 23),
        ("Q'", 35, 23),
        // Sissa from d4: the nightrider-type squares with the turn on the board (f5 h6 f3
        // h2 b5 b3 e6 f8 e2 c6 b8 c2) and every square of its rank and file (14). From a1:
        // b3 c5 d7 c2 e3 g4 and the 14 rook squares.
        ("S", 26, 20),
        // Rose: the eight knight circles through the square, either way round (see
        // rose_paths_from_a1_and_blocking for a1).
        ("O", 14, 9),
        // Dancing Horse from a1: b3 c2, then from b3 a5 c5 d4 d2 c1 and from c2 d4 e3 e1
        // b4 a3 (a1 itself excluded): 11. From d4: 8 leaps, and the squares two knight leaps
        // away other than d4 (26): 34.
        ("D", 34, 11),
        // Dragon: rook, the four diagonal steps, then two-square leaps away from the start:
        // d4: g5 e7, a5 c7, g3 e1, a3 c1 (8); a1: b2, then d2 f2 h2 and b4 b6 b8.
        ("D'", 26, 21),
        // Archbishoprider: bishop and nightrider (d4: 12 rider squares, a1: 6).
        ("U", 25, 13),
        ("N'", 12, 6),
        // Gryphon d4: e5 f5 g5 h5 e6 e7 e8; c5 b5 a5 c6 c7 c8; e3 f3 g3 h3 e2 e1; c3 b3 a3
        // c2 c1. From a1: b2, c2..h2, b3..b8.
        ("G", 24, 13),
        // Aanca d4: d5 e6 f7 g8 c6 b7 a8; e4 f5 g6 h7 f3 g2 h1; d3 e2 f1 c2 b1; c4 b5 a6 b3
        // a2. From a1: a2 b3..g8; b1 c2..h7.
        ("J", 24, 14),
        ("M", 22, 16),
        ("C", 21, 9),
        ("R'", 18, 15),
        ("B", 17, 9),
        ("B'", 24, 6),
        ("G'", 16, 4),
        ("E", 12, 5),
        ("T", 8, 4),
        ("D!", 12, 4),
        ("E!", 12, 3),
        ("G!", 16, 5),
        ("W!", 12, 4),
        ("F!", 12, 3),
        ("O'", 8, 4),
        ("F'", 8, 3),
        ("W'", 8, 3),
        ("E'", 8, 2),
        ("F", 12, 4),
        // Harvestman d4: d5 c6 d7 c8 e6 e8; d3 c2 d1 e2; e4 f5 g4 h5 f3 h3; c4 b5 a4 b3.
        // From a1: a2 b3 a4 b5 a6 b7 a8; b1 c2 d1 e2 f1 g2 h1.
        ("H", 20, 14),
        // PaoVao and the six Rococo pieces move as queens.
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
    assert_eq!(codes.len(), 40);
    for (code, d4, a1) in table {
        assert_eq!(lone(code, "d4").len(), d4, "{code} from d4: {:?}", lone(code, "d4"));
        assert_eq!(lone(code, "a1").len(), a1, "{code} from a1: {:?}", lone(code, "a1"));
    }
}

#[test]
fn harvestman_example_of_the_rules() {
    // From e4 northwards: e5; e5-d6-e7-d8 and e5-f6-e7-f8. (The westward and eastward
    // zigzags reach ranks 5 and above only on files a-c and g-h.)
    let north: Vec<String> = lone("H", "e4")
        .into_iter()
        .filter(|s| s.as_bytes()[1] > b'4' && (b'd'..=b'f').contains(&s.as_bytes()[0]))
        .collect();
    assert_eq!(north, sorted(&["d6", "d8", "e5", "e7", "f6", "f8"]));
}

// --------------------------------------------------------------- blocking of bent pieces

#[test]
fn rose_paths_from_a1_and_blocking() {
    // From a1 the circles run a1-b3-d4-f3-g1 and a1-b3-a5 (starting with the b3 leap),
    // a1-c2-e1 and a1-c2-d4-c6-a7 (starting with c2): b3 d4 f3 g1 a5 c2 e1 c6 a7.
    assert_eq!(lone("O", "a1"), sorted(&["a5", "a7", "b3", "c2", "c6", "d4", "e1", "f3", "g1"]));
    // A White piece on d4 ends both circles through it: f3 g1 c6 a7 go, d4 is own.
    let f = fen("Oa1 Nd4 Kh8 kh6", "/", 'w');
    assert_eq!(moves_from(&f, "a1"), sorted(&["a1a5", "a1b3", "a1c2", "a1e1"]));
    // A black piece there is captured, and still ends the circles.
    let g = fen("Oa1 nd4 Kh8 kh6", "/", 'w');
    assert_eq!(moves_from(&g, "a1"), sorted(&["a1a5", "a1b3", "a1c2", "a1d4", "a1e1"]));
}

#[test]
fn dancing_horse_second_leap_needs_an_empty_first_square() {
    // A1: via b3 a5 c5 d4 d2 c1, via c2 d4 e3 e1 b4 a3. With b3 occupied only d4 of the
    // b3 group stays (through c2).
    let f = fen("Da1 Pb3 Kh8 kh6", "/", 'w');
    assert_eq!(moves_from(&f, "a1"), sorted(&["a1a3", "a1b4", "a1c2", "a1d4", "a1e1", "a1e3"]));
}

#[test]
fn dragon_spotted_gryphon_skips_squares_but_stops_on_landings() {
    // From a1: rook lines (closed by the pawns a2 and b1 here), b2, then d2 f2 h2 and b4 b6
    // b8. A piece on c2 (skipped) changes nothing; one on f2 (a landing) ends that leg there.
    let f = fen("D'a1 Pa2 Pb1 Pc2 pf2 Kh8 kh6", "/", 'w');
    assert_eq!(moves_from(&f, "a1"), sorted(&["a1b2", "a1b4", "a1b6", "a1b8", "a1d2", "a1f2"]));
    // With b2 occupied nothing beyond it.
    let g = fen("D'a1 Pa2 Pb1 Pb2 Kh8 kh6", "/", 'w');
    assert!(moves_from(&g, "a1").is_empty());
}

#[test]
fn gryphon_aanca_and_harvestman_bend_only_after_an_empty_step() {
    // Gryphon a1 with b2 empty: b2, c2..h2, b3..b8; an enemy on b5 ends the file leg there.
    let f = fen("Ga1 Pa2 Pb1 pb5 Kh8 kh6", "/", 'w');
    let expected = ["b2", "c2", "d2", "e2", "f2", "g2", "h2", "b3", "b4", "b5"];
    let expected: Vec<String> = expected.iter().map(|t| format!("a1{t}")).collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(moves_from(&f, "a1"), expected);
    // Gryphon with an enemy on b2: only the capture.
    assert_eq!(moves_from(&fen("Ga1 Pa2 Pb1 pb2 Kh8 kh6", "/", 'w'), "a1"), ["a1b2"]);
    // Aanca a1 with a2 occupied by its own pawn: b1, then c2 d3 e4 f5 g6 h7.
    let g = fen("Ja1 Pa2 Kh8 kh6", "/", 'w');
    assert_eq!(
        moves_from(&g, "a1"),
        sorted(&["a1b1", "a1c2", "a1d3", "a1e4", "a1f5", "a1g6", "a1h7"])
    );
    // Harvestman a1, b1 own: a2 then b3 a4 b5 a6 b7 a8; a piece on a4 ends the zigzag.
    let h = fen("Ha1 Pb1 pa4 Kh8 kh6", "/", 'w');
    assert_eq!(moves_from(&h, "a1"), sorted(&["a1a2", "a1a4", "a1b3"]));
}

#[test]
fn nightrider_and_archbishoprider_stop_on_the_first_landing_piece() {
    // Nightrider a1: b3 c5 d7 and c2 e3 g4; a pawn on c2 ends that line.
    let f = fen("N'a1 Pc2 Kh8 kh6", "/", 'w');
    assert_eq!(moves_from(&f, "a1"), sorted(&["a1b3", "a1c5", "a1d7"]));
}

#[test]
fn sissa_paths_are_blocked_square_by_square() {
    // Sissa c3 to c1 through a1 (b2 a1 b1), a3 (b3 a3 b2), e1 (d2 e1 d1) or e3 (d3 e3 d2):
    // pieces on b2 and d3 leave only the way through e1, one more on d2 closes it.
    let open = fen("Sc3 Pb2 Pd3 Kh8 kh6", "/", 'w');
    assert!(moves_from(&open, "c3").contains(&"c3c1".to_string()));
    let closed = fen("Sc3 Pb2 Pd3 Pd2 Kh8 kh6", "/", 'w');
    assert!(!moves_from(&closed, "c3").contains(&"c3c1".to_string()));
}

// ---------------------------------------------------------------- Rococo-family powers

#[test]
fn paovao_moves_as_a_queen_and_captures_over_exactly_one_piece() {
    // PaoVao d1, screen d4 (own pawn), black rook d7: capture d7 (the first piece beyond the
    // screen); not the screen itself, nor d8 behind the rook.
    let f = fen("Vd1 Pd4 rd7 ng4 Ka1 kh8", "/", 'w');
    let m = moves_from(&f, "d1");
    assert!(m.contains(&"d1d7".to_string()));
    assert!(!m.contains(&"d1d4".to_string()) && !m.contains(&"d1d8".to_string()));
}

#[test]
fn advancer_withdrawer_and_long_leaper_capture_their_own_ways() {
    // Advancer d1 to d5 approaches the black pawn d6.
    let f = fen("Yd1 pd6 Ka1 kh8", "/", 'w');
    assert_eq!(board_field(&after(&f, "d1d5")), board_field(&fen("Yd5 Ka1 kh8", "/", 'w')));
    // Withdrawer d4 moving away from the black knight e5 (to c3) takes it.
    let g = fen("Wd4 ne5 Ka1 kh8", "/", 'w');
    assert_eq!(board_field(&after(&g, "d4c3")), board_field(&fen("Wc3 Ka1 kh8", "/", 'w')));
    // Long Leaper a1 over a3 and a5: it may land on a2, a4 (taking a3), a6 or a7 (taking
    // both); never on a8 (a piece) nor over the rook a8 (nothing beyond it).
    let h = fen("La1 na3 na5 ra8 Kh1 kh8", "/", 'w');
    let m = moves_from(&h, "a1");
    assert!(m.contains(&"a1a4".to_string()) && m.contains(&"a1a6".to_string()));
    assert!(m.contains(&"a1a7".to_string()) && !m.contains(&"a1a8".to_string()));
    assert_eq!(board_field(&after(&h, "a1a6")), board_field(&fen("La6 ra8 Kh1 kh8", "/", 'w')));
}

#[test]
fn immobilizer_freezes_and_frozen_pieces_may_only_commit_suicide() {
    // The black Immobilizer e5 freezes the White knight d4: its only move is d4d4.
    let f = fen("Nd4 ie5 Ka1 kh8", "/", 'w');
    assert_eq!(moves_from(&f, "d4"), ["d4d4"]);
    assert_eq!(board_field(&after(&f, "d4d4")), board_field(&fen("ie5 Ka1 kh8", "/", 'w')));
    // A frozen King has no move.
    let g = fen("Ka1 ib2 kh8", "/", 'w');
    assert!(legal(&g).is_empty());
}

#[test]
fn swapper_swaps_destroys_and_respects_the_swap_back_ban() {
    // White Swapper d4 and black Swapper d8: the swap creates a ban on the pair.
    let f = fen("Zd4 zd8 Ka1 kh1", "/", 'w');
    let g = after(&f, "d4d8");
    assert_eq!(tail(&g), "b - - 1 1 0,0 - d4d8");
    assert!(!legal(&g).contains(&"d4d8".to_string()));
    // Mutual destruction is written with x and is still allowed.
    let h = fen("Zd4 ze5 Ka1 kh1", "/", 'w');
    assert!(legal(&h).contains(&"d4xe5".to_string()));
}

// ------------------------------------------------------------------ Chameleon mimicry

/// Does the White Chameleon on d4 capture the black piece `victim` (`nf5`) with the
/// other pieces `extra` on the board?
fn chameleon_takes(victim: &str, extra: &str) -> bool {
    let target = &victim[victim.len() - 2..];
    let f = fen(&format!("Xd4 {victim} {extra} Ka1 kh8"), "/", 'w');
    let p = pos(&f);
    p.legal_moves().iter().any(|&m| {
        let n = p.notation(m);
        n.starts_with("d4") && n.ends_with(target) && Uc40::is_capture(&p, m)
    })
}

#[test]
fn chameleon_captures_each_type_only_as_that_type_captures() {
    // Knight: e6 is a knight leap from d4, d6 is not.
    assert!(chameleon_takes("ne6", ""));
    assert!(!chameleon_takes("nd6", ""));
    // Rook along the file; not diagonally.
    assert!(chameleon_takes("rd7", ""));
    assert!(!chameleon_takes("rf6", ""));
    // Camel/Queen: the camel leap e7 (1,3).
    assert!(chameleon_takes("q'e7", ""));
    // Gnu g5 (3,1); Buffalo f7 (2,3).
    assert!(chameleon_takes("g'g5", ""));
    assert!(chameleon_takes("b'f7", ""));
    // Sissa f5: d4-e4-f5 (one orthogonal, one diagonal); never the diagonal e5.
    assert!(chameleon_takes("sf5", ""));
    assert!(!chameleon_takes("se5", ""));
    // Woody Rook d6 (dabbaba), not e5.
    assert!(chameleon_takes("o'd6", ""));
    assert!(!chameleon_takes("o'e5", ""));
    // Elephant/Ferz f6 (alfil).
    assert!(chameleon_takes("e'f6", ""));
    // Harvestman: d4-d5-c6.
    assert!(chameleon_takes("hc6", ""));
    // Rose: e6 is its first knight leap.
    assert!(chameleon_takes("oe6", ""));
    // Pawn: a White pawn on d4 takes on e5 (forward for White), not on c3.
    assert!(chameleon_takes("pe5", ""));
    assert!(!chameleon_takes("pc3", ""));
    // PaoVao: over exactly one screen.
    assert!(chameleon_takes("vd7", "Pd6"));
    assert!(!chameleon_takes("vd7", ""));
    // Advancer by approach: d4 to d6 takes the Advancer on d7.
    let f = fen("Xd4 yd7 Ka1 kh8", "/", 'w');
    assert_eq!(board_field(&after(&f, "d4d6")), board_field(&fen("Xd6 Ka1 kh8", "/", 'w')));
    // Withdrawer by withdrawal: moving away from d3 takes it.
    let g = fen("Xd4 wd3 Ka1 kh8", "/", 'w');
    assert_eq!(board_field(&after(&g, "d4d7")), board_field(&fen("Xd7 Ka1 kh8", "/", 'w')));
    // Long Leaper by overtaking; other pieces cannot be jumped.
    let h = fen("Xd4 ld5 Ka1 kh8", "/", 'w');
    assert_eq!(board_field(&after(&h, "d4d6")), board_field(&fen("Xd6 Ka1 kh8", "/", 'w')));
    assert!(!legal(&fen("Xd4 nd5 Ka1 kh8", "/", 'w')).contains(&"d4d6".to_string()));
    // Never Chameleons or Immobilizers.
    assert!(!chameleon_takes("xd5", ""));
    assert!(!chameleon_takes("ie6", ""));
}

#[test]
fn chameleon_swaps_with_a_swapper_without_capturing_and_may_destroy_it() {
    // The swap moves the Swapper to d4 and the Chameleon to e5; nothing leaves the board
    // and no credits come of it; the pair may not swap back at once.
    let f = fen("Xd4 ze5 Ka1 kh8", "Q/q", 'w');
    assert_eq!(after(&f, "d4e5"), fen_of("Xe5 zd4 Ka1 kh8", "Q/q", "b - - 1 1 0,0 - d4e5"));
    // Mutual destruction: both go, one credit each.
    assert_eq!(tail(&after(&f, "d4xe5")), "b - - 0 1 1,1 -");
}

#[test]
fn chameleon_line_captures_combine() {
    // Chameleon d4 takes the rook d6 along the file and withdraws from the Withdrawer d3
    // at once; the knight e6 taken by a knight leap comes alone (not along a line).
    let f = fen("Xd4 rd6 wd3 ne6 Ka1 kh8", "/", 'w');
    assert_eq!(board_field(&after(&f, "d4d6")), board_field(&fen("Xd6 ne6 Ka1 kh8", "/", 'w')));
    assert_eq!(board_field(&after(&f, "d4e6")), board_field(&fen("Xe6 rd6 wd3 Ka1 kh8", "/", 'w')));
}

// ----------------------------------------------------------------------------- check

#[test]
fn check_by_every_capture_power() {
    let in_check = |f: &str| Uc40::in_check(&pos(f));
    // Approach: the Advancer a5 slides to f5 next to the King g5.
    assert!(in_check(&fen("Kg5 ya5 kh8", "/", 'w')));
    // Withdrawal: the Withdrawer f5 next to the King g5 can move away to e5.
    assert!(in_check(&fen("Kg5 wf5 kh8", "/", 'w')));
    assert!(!in_check(&fen("Kg5 wf5 Ne5 kh8", "/", 'w')));
    // Overtaking: the Long Leaper b5 jumps g5 when h5 is free.
    assert!(in_check(&fen("Kg5 lb5 ka8", "/", 'w')));
    assert!(!in_check(&fen("Kg5 lb5 Nh5 ka8", "/", 'w')));
    // PaoVao with one screen.
    assert!(in_check(&fen("Kg1 vg8 Pg4 ka8", "/", 'w')));
    assert!(!in_check(&fen("Kg1 vg8 ka8", "/", 'w')));
    // A Swapper next to the King (mutual destruction), not one on a distant line (a swap
    // is no capture).
    assert!(in_check(&fen("Kg1 zg2 ka8", "/", 'w')));
    assert!(!in_check(&fen("Kg1 zg5 ka8", "/", 'w')));
    // A Chameleon next to the King, as a King takes a King.
    assert!(in_check(&fen("Kg1 xh2 ka8", "/", 'w')));
    // A frozen piece gives no check: the White Immobilizer f2 freezes the rook g2.
    assert!(in_check(&fen("Kg1 rg2 ka8", "/", 'w')));
    assert!(!in_check(&fen("Kg1 rg2 If2 ka8", "/", 'w')));
    // Bent pieces: a Gryphon b6 steps to c5 and slides away from b6 (c4..c1 or d5..h5), so
    // it checks a King on c2, unless a piece closes the file on the way.
    assert!(in_check(&fen("Kc2 gb6 ka8", "/", 'w')));
    assert!(!in_check(&fen("Kc2 gb6 Pc4 ka8", "/", 'w')));
}

#[test]
fn checkmate_and_stalemate() {
    // The White King a1 in check from the rook h1, its escapes covered by the rook g2:
    // mate.
    let f = fen("Ka1 rh1 rg2 kh8", "/", 'w');
    assert_eq!(pos(&f).outcome(), Some(Outcome::Win(Color::Black, "checkmate")));
    let g = fen("Ka1 rb8 rh2 kh8", "/", 'w');
    assert_eq!(pos(&g).outcome(), Some(Outcome::Draw("stalemate")));
}

// ----------------------------------------------------------------- exchanges and drops

#[test]
fn a_multi_capture_recaptured_gives_credits_to_both_and_the_recapturer_drops_at_once() {
    // Long Leaper a1 takes the knights a3 and a5 (pending a6:2); the rook a8 retakes:
    // Black lost 2 non-pawn pieces, White 1: credits 1,2; Black may drop at once.
    let f = fen("La1 na3 na5 ra8 Kh1 kh8", "QR/q'r", 'w');
    let g = after(&f, "a1a6");
    assert_eq!(tail(&g), "b - - 0 1 0,0 a6:2");
    assert_eq!(tail(&after(&g, "a8a6")), "w - - 0 2 1,2 -");
    let drops: Vec<String> =
        moves_from(&g, "a8a6").into_iter().filter(|m| m.contains(',')).collect();
    // Rank 8 after the rook left: a8..g8 empty (h8 King): 7 drops of q'.
    assert_eq!(drops.len(), 7);
    let d = after(&g, "a8a6,q'@c8");
    assert_eq!(board_field(&d), board_field(&fen_of("q'c8 ra6 Kh1 kh8", "QR/r", "w")));
    assert_eq!(tail(&d), "w - - 0 2 1,1 -");
}

#[test]
fn a_capture_not_recaptured_earns_nothing() {
    let f = fen("Qd1 nd5 Kh1 kh8", "R/r", 'w');
    let g = after(&f, "d1d5");
    assert_eq!(tail(&g), "b - - 0 1 0,0 d5:1");
    let h = after(&g, "h8h7");
    assert_eq!(tail(&h), "w - - 1 2 0,0 -");
    assert!(legal(&h).iter().all(|m| !m.contains(',')));
}

#[test]
fn an_exchange_for_a_pawn_earns_nothing_and_a_recapture_starts_no_pair() {
    // N takes pawn (d5:0), Q takes N (pair complete, no credits: Black lost only a pawn),
    // R takes Q (a new pending capture), pawn takes R (Queen for Rook: 1,1).
    let f = fen("Nc3 Rd1 Kh1 pd5 pe6 qd8 kh8", "B/b", 'w');
    let f1 = after(&f, "c3d5");
    assert_eq!(tail(&f1), "b - - 0 1 0,0 d5:0");
    let f2 = after(&f1, "d8d5");
    assert_eq!(tail(&f2), "w - - 0 2 0,0 -");
    let f3 = after(&f2, "d1d5");
    assert_eq!(tail(&f3), "b - - 0 2 0,0 d5:1");
    assert_eq!(tail(&after(&f3, "e6d5")), "w - - 0 3 1,1 -");
    assert!(legal(&f3).contains(&"e6d5,b@d8".to_string()));
}

#[test]
fn mutual_destruction_is_an_exchange_and_completes_a_pending_pair() {
    let f = fen("Zd4 ne5 Kh1 kh8", "QR/qr", 'w');
    assert_eq!(tail(&after(&f, "d4xe5")), "b - - 0 1 1,1 -");
    // 1 without a drop, 7 with one (a1..g1).
    assert_eq!(moves_from(&f, "d4xe5").len(), 8);
    // A pawn destroyed: no credits.
    assert_eq!(tail(&after(&fen("Zd4 pe5 Kh1 kh8", "QR/qr", 'w'), "d4xe5")), "b - - 0 1 0,0 -");
    // The knight e5 had just taken a non-pawn piece (e5:1): White lost that and the Swapper.
    let g = fen_of("Zd4 ne5 Kh1 kh8", "Q/q", "w - - 0 1 0,0 e5:1");
    assert_eq!(tail(&after(&g, "d4xe5")), "b - - 0 1 2,1 -");
}

#[test]
fn a_drop_may_parry_a_check_and_may_expose_the_king() {
    // The rook a1 checks the King h1 along rank 1; only a drop between parries.
    let f = fen_of("Kh1 Pg2 Ph2 ra1 kh8", "N/", "w - - 0 1 1,0 -");
    let m = legal(&f);
    assert!(!m.is_empty() && m.iter().all(|t| t.contains(",N@")));
    assert!(m.contains(&"h2h3,N@b1".to_string()) && m.contains(&"h1g1,N@f1".to_string()));
    // A PaoVao a1 with no screen: a drop between it and the King would be one.
    let g = fen_of("Kh1 Pg2 Ph2 va1 kh8", "N/", "w - - 0 1 1,0 -");
    assert_eq!(legal(&g), sorted(&["g2g3", "g2g4", "h1g1", "h1g1,N@h1", "h2h3", "h2h4"]));
}

#[test]
fn promotion_takes_the_back_of_the_drop_order() {
    // The first promotion takes the last reserve piece (N), the next the new last (R).
    let f = fen("Ka1 Pe7 Pg7 kh6", "QRN/", 'w');
    assert!(legal(&f).contains(&"e7e8n".to_string()));
    let g = after(&f, "e7e8n");
    assert_eq!(board_field(&g), board_field(&fen_of("Ka1 Ne8 Pg7 kh6", "QR/", "b")));
    let h = after(&after(&g, "h6h5"), "g7g8r");
    assert_eq!(board_field(&h), board_field(&fen_of("Ka1 Ne8 Rg8 kh5", "Q/", "b")));
    // With an empty reserve the pawn may not enter the last rank, yet it still checks.
    let e = fen("Ka1 Pe7 rd8 kh6", "/q", 'w');
    assert!(moves_from(&e, "e7").is_empty());
    assert!(Uc40::in_check(&pos(&fen("Ka1 Pe7 kf8", "/q", 'b'))));
}

#[test]
fn a_pawn_swapped_to_its_last_rank_does_not_promote() {
    let f = fen("Ka1 Ze8 Pe7 kh1", "QR/", 'w');
    let g = after(&f, "e8e7");
    assert_eq!(board_field(&g), board_field(&fen_of("Ka1 Pe8 Ze7 kh1", "QR/", "b")));
    assert!(moves_from(&after(&g, "h1h2"), "e8").is_empty());
}

#[test]
fn make_and_unmake_restore_everything() {
    let f = fen_of("La1 na3 na5 ra8 Zd4 ze5 Kh1 kh8 Pb7", "QRN/q'r", "w - - 0 1 1,0 -");
    let mut p = pos(&f);
    for &m in p.legal_moves().iter() {
        let before = p.clone();
        p.make(m);
        assert_eq!(p.hash(), p.compute_hash(), "{}", before.notation(m));
        p.unmake();
        assert_eq!(p, before);
    }
}

// ------------------------------------------------- cases RULES.md leaves open (rules notes)

#[test]
fn halfmove_clock_resets_on_captures_and_pawn_moves_only() {
    // A frozen pawn removing itself is a move of that pawn: reset. A Swapper exchanging
    // places with a pawn is a move of the Swapper that captures nothing: no reset.
    let f = fen_of("Ka1 Pd4 Zb1 id5 kh8", "/", "w - - 7 5 0,0 -");
    assert_eq!(tail(&after(&f, "d4d4")), "b - - 0 5 0,0 -");
    let g = fen_of("Ka1 Pb2 Zb1 kh8", "/", "w - - 7 5 0,0 -");
    assert_eq!(tail(&after(&g, "b1b2")), "b - - 8 5 0,0 -");
    // A drop does not reset it either.
    let h = fen_of("Ke2 kh8", "R/", "w - - 7 5 1,0 -");
    assert_eq!(tail(&after(&h, "e2e3,R@a1")), "b - - 8 5 0,0 -");
}

#[test]
fn chameleon_takes_en_passant_in_its_own_forward_direction() {
    // Black pawn e7-e5 passes e6; the White Chameleon d5 steps to e6 (forward for White)
    // and the pawn e5 goes with that step. A Black Chameleon would not: e6 is backward.
    let f = fen_of("Xd5 pe5 Ka1 kh8", "/", "w - e6 0 1 0,0 -");
    assert_eq!(board_field(&after(&f, "d5e6")), board_field(&fen("Xe6 Ka1 kh8", "/", 'w')));
    assert_eq!(tail(&after(&f, "d5e6")), "b - - 0 1 0,0 e6:0");
}

#[test]
fn a_chameleon_swap_that_captures_leaves_its_landing_square_pending() {
    // The Chameleon d4 swaps with the Swapper d7 and withdraws from the Withdrawer d3 at
    // once: the capture is pending on d7, where the Chameleon now stands.
    let f = fen("Xd4 zd7 wd3 Ka1 kh8", "/", 'w');
    assert_eq!(tail(&after(&f, "d4d7")), "b - - 0 1 0,0 d7:1 d4d7");
}

#[test]
fn a_pawn_on_its_own_first_rank_single_steps() {
    // A White pawn swapped to e1 steps to e2 only; the double step belongs to rank 2.
    let f = fen("Ka1 Pe1 kh8", "/", 'w');
    assert_eq!(moves_from(&f, "e1"), ["e1e2"]);
}
