//! Rolling Kings rules (RULES.md section 4 and the seed page) as a player meets them: the
//! King-line walk in real play, the automatic step and its captures, the seed's Mock King
//! example and h4/h5 stalemate, moves made illegal by a blocked step, pawns and promotion,
//! the absence of check, game ends and FEN errors. Expected values are worked out by hand
//! in the comments.

use sissa_movegen::game::{result_text, Game};
use sissa_movegen::geometry::{Color, Dims};
use sissa_movegen::variants::rollingkings::{king_line, RollingKings};
use sissa_movegen::{AnyPosition, Outcome, Position, Rules, Variant};

const START: &str = "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w - - 0 1";

fn position(fen: &str) -> Position<RollingKings> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(fen: &str) -> Vec<String> {
    let pos = position(fen);
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| pos.notation(m)).collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The position after `mv`, as FEN.
fn play(fen: &str, mv: &str) -> Position<RollingKings> {
    let mut pos = position(fen);
    let m = pos.parse_move(mv).unwrap_or_else(|| panic!("{mv} is not legal in {fen}"));
    pos.make(m);
    pos
}

fn king_square_name(pos: &Position<RollingKings>, color: Color) -> String {
    pos.king_square(color).map(|s| pos.square_name(s)).unwrap_or_default()
}

#[test]
fn start_position_moves_counted_by_hand() {
    // Eight single pawn steps; Ra2 a1; Nb2 a4 c4 d1; Bc2 b1 d1; Qd2 c1 d1 e1; Ue2 d1 e1 f1
    // (its King-line neighbours d2 and f2 are its own pieces); Bf2 e1 g1; Ng2 e1 f4 h4;
    // Rh2 none (h1 is the King, g2 and h3 own pieces). 8+1+3+2+3+3+2+3 = 25.
    assert_eq!(legal(START).len(), 25);
    assert_eq!(AnyPosition::start(Variant::RollingKings).perft(1), 25);
    assert!(!legal(START).contains(&"a3a5".to_string()), "no double step");
}

/// Each side plays its last quiet legal move in notation order (a capture if it has none,
/// but never of the enemy King), so the game can only end by stalemate.
#[test]
fn kings_walk_the_king_line_until_they_meet_on_h4_and_h5() {
    let line: Vec<String> = (0..king_line::LENGTH)
        .map(|i| Dims::new(8, 8).square_name(king_line::square_at(i)))
        .collect();
    let mut pos = position(START);
    let mut plies: usize = 0;
    loop {
        let moves = pos.legal_moves();
        let enemy_king = pos.king_square(pos.side().flip());
        let mut choices: Vec<_> =
            moves.iter().copied().filter(|m| Some(m.to()) != enemy_king).collect();
        // Quiet moves first, so that both armies last.
        let text = |m| std::cmp::Reverse(pos.notation(m));
        choices.sort_by_key(|&m| (RollingKings::is_capture(&pos, m), text(m)));
        let Some(&mv) = choices.first() else { break };
        let mover = pos.side();
        pos.make(mv);
        plies += 1;
        // After its n-th move White's King stands on square n of the line (from h1 = 0),
        // Black's on square 63 - n (from h8 = 63).
        let n = plies.div_ceil(2);
        let expected = if mover == Color::White { &line[n] } else { &line[63 - n] };
        assert_eq!(&king_square_name(&pos, mover), expected, "after ply {plies}");
    }
    // Before White's 32nd move the Kings stand on squares 31 and 32 of the line: h4 and h5.
    // White's King cannot step onto Black's, and White cannot take it: stalemate.
    assert_eq!(plies, 62, "{}", pos.to_fen());
    assert_eq!(king_square_name(&pos, Color::White), "h4");
    assert_eq!(king_square_name(&pos, Color::Black), "h5");
    assert!(pos.legal_moves().is_empty());
    assert_eq!(RollingKings::outcome(&pos), Some(Outcome::Draw("stalemate")));
}

#[test]
fn king_steps_onto_its_own_piece_and_takes_it() {
    // The bishop goes f2-g1 and White's King, stepping h1-g1, takes it. A capture: the
    // halfmove clock starts again.
    assert_eq!(
        play(START, "f2g1").to_fen(),
        "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQU1NR/6K1 b - - 0 1"
    );
    // A rook already on d1, the next square of the King on e1, is taken by every White move
    // but its own: rook a-side c1 b1 a1 (e1 is the King), d2..d8 up the file; pawn b3b4.
    let fen = "7k/7p/8/8/8/1P6/8/3RK3 w - - 7 20";
    let rook: Vec<String> = ["c1", "b1", "a1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]
        .iter()
        .map(|s| format!("d1{s}"))
        .collect();
    let mut expected: Vec<&str> = rook.iter().map(String::as_str).collect();
    expected.push("b3b4");
    assert_eq!(legal(fen), sorted(&expected));
    assert_eq!(play(fen, "b3b4").to_fen(), "7k/7p/8/8/1P6/8/8/3K4 b - - 0 20");
    assert_eq!(play(fen, "d1d5").to_fen(), "7k/7p/8/3R4/8/1P6/8/3K4 b - - 8 20");
}

#[test]
fn king_step_takes_an_enemy_piece_whatever_is_played() {
    // Black's knight on g1 stands on the next square of White's King on h1. Rook a1: b1..f1
    // and the knight on g1; a2..a6 and the pawn on a7: 12 moves.
    let fen = "7k/p7/8/8/8/8/8/R5nK w - - 9 30";
    assert_eq!(legal(fen).len(), 12);
    // A quiet rook move: the King takes the knight, a capture, the clock starts again.
    let after = play(fen, "a1a2");
    assert_eq!(after.to_fen(), "7k/p7/8/8/8/8/R7/6K1 b - - 0 30");
    assert!(after.history()[0].captured);
    // The rook takes the knight on g1 and the King, stepping there, takes the rook.
    assert_eq!(play(fen, "a1g1").to_fen(), "7k/p7/8/8/8/8/8/6K1 b - - 0 30");
}

#[test]
fn seed_mock_king_takes_the_king_along_the_line() {
    // "A white Mock King on b3 could capture a black King on c6 by moving along the path
    // a3, a4, b4, c4, ..., h4, h5, g5, ..., a5, a6, b6, c6": 20 squares forward. Backward
    // c3..h3, h2..a2, a1..g1 (h1 is White's King): 21. Its king steps a2 b2 c2 a3 c3 a4 b4
    // c4 all lie on those runs: 41 moves in all.
    let fen = "8/8/2k5/8/8/1U6/8/7K w - - 0 1";
    let moves = legal(fen);
    assert_eq!(moves.len(), 41);
    assert!(moves.iter().all(|m| m.starts_with("b3")));
    for sq in ["a3", "h4", "h5", "a6", "c6", "c3", "h2", "a1", "g1"] {
        assert!(moves.contains(&format!("b3{sq}")), "b3{sq}");
    }
    assert!(!moves.contains(&"b3d6".to_string()), "the slide ends on the King it takes");
    // Taking the King ends the game at once: White's King makes no step.
    let after = play(fen, "b3c6");
    assert_eq!(after.to_fen(), "8/8/2U5/8/8/8/8/7K b - - 0 1");
    assert!(after.legal_moves().is_empty());
    assert_eq!(
        RollingKings::outcome(&after),
        Some(Outcome::Win(after.side().flip(), "king captured"))
    );
    // The Mock King may stop on g1, the next square of its own King, which then takes it.
    assert_eq!(play(fen, "b3g1").to_fen(), "8/8/2k5/8/8/8/8/6K1 b - - 0 1");
}

#[test]
fn a_move_that_leaves_the_king_unable_to_step_is_illegal() {
    // White's King on h4 must step to h5, where Black's King stands. Only taking that King
    // is legal: the rook's a5h5 (its other moves and a2a3 would leave the step blocked).
    let fen = "8/8/8/R6k/7K/8/P7/8 w - - 0 1";
    assert_eq!(legal(fen), ["a5h5"]);
    let after = play(fen, "a5h5");
    assert_eq!(after.to_fen(), "8/8/8/7R/7K/8/P7/8 b - - 0 1");
    assert_eq!(
        RollingKings::outcome(&after),
        Some(Outcome::Win(after.side().flip(), "king captured"))
    );
    // Without the rook White has no legal move: stalemate, for either side to move.
    for fen in ["8/8/8/7k/7K/8/P7/8 w - - 0 1", "8/8/8/7k/7K/8/p7/8 b - - 0 1"] {
        assert!(legal(fen).is_empty(), "{fen}");
        assert_eq!(RollingKings::outcome(&position(fen)), Some(Outcome::Draw("stalemate")));
    }
    // A King at the end of its walk (h8 for White) has no next square: again only the
    // capture of the enemy King is legal.
    assert_eq!(legal("7K/8/8/8/8/8/P7/kR6 w - - 0 1"), ["b1a1"]);
}

#[test]
fn a_bare_king_cannot_move_and_is_stalemated() {
    // The player must move a piece other than the King; Black has none.
    let fen = "7k/8/8/8/8/P7/8/7K b - - 0 1";
    assert!(legal(fen).is_empty());
    assert_eq!(RollingKings::outcome(&position(fen)), Some(Outcome::Draw("stalemate")));
}

#[test]
fn pawns_step_once_and_promote_to_five_pieces() {
    // b7 pushes to b8 or takes the rook on a8, each with U, Q, R, B, N; g2 goes to g3 only.
    let fen = "r3k3/1P6/8/8/8/8/6P1/7K w - - 0 1";
    let mut expected = Vec::new();
    for to in ["b8", "a8"] {
        for p in ["u", "q", "r", "b", "n"] {
            expected.push(format!("b7{to}{p}"));
        }
    }
    expected.push("g2g3".to_string());
    expected.sort();
    assert_eq!(legal(fen), expected);
    assert_eq!(play(fen, "b7a8u").to_fen(), "U3k3/8/8/8/8/8/6P1/6K1 b - - 0 1");
    // Black promotes on rank 1; taking White's King on a1 with a promotion wins at once,
    // and Black's King stays on h8.
    let fen = "7k/8/8/8/8/8/1p6/K7 b - - 0 1";
    assert_eq!(legal(fen).len(), 10);
    let after = play(fen, "b2a1q");
    assert_eq!(after.to_fen(), "7k/8/8/8/8/8/8/q7 w - - 0 2");
    assert_eq!(
        RollingKings::outcome(&after),
        Some(Outcome::Win(after.side().flip(), "king captured"))
    );
}

#[test]
fn a_king_may_stand_attacked() {
    // Black's rook on h2 attacks White's King on h1: no check, White plays on and its King
    // steps to g1.
    let fen = "7k/8/8/8/8/8/P6r/7K w - - 0 1";
    assert_eq!(legal(fen), ["a2a3"]);
    assert_eq!(play(fen, "a2a3").to_fen(), "7k/8/8/8/8/P7/7r/6K1 b - - 0 1");
    assert!(!RollingKings::in_check(&position(fen)));
    // Any piece may take the King: the rook has a7..f7 and h7, g8, g6..g2 and g1, the King.
    let fen = "7k/6r1/8/8/8/P7/8/6K1 b - - 0 1";
    assert_eq!(legal(fen).len(), 14);
    let after = play(fen, "g7g1");
    assert_eq!(after.to_fen(), "7k/8/8/8/8/P7/8/6r1 w - - 0 2");
    assert_eq!(
        RollingKings::outcome(&after),
        Some(Outcome::Win(after.side().flip(), "king captured"))
    );
}

#[test]
fn bad_fens_are_refused_with_a_reason() {
    for (fen, wanted) in [
        ("7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w KQ - 0 1", "castling"),
        ("7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w - e3 0 1", "en passant"),
        ("7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/6KK w - - 0 1", "more than one King"),
        ("8/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w - - 0 1", "no King"),
        ("7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/6PK w - - 0 1", "pawn"),
        ("7k/rnbqsbnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w - - 0 1", "unknown piece"),
    ] {
        match Position::<RollingKings>::from_fen(fen) {
            Ok(_) => panic!("accepted {fen}"),
            Err(e) => assert!(e.0.contains(wanted), "{fen}: {:?} lacks {wanted:?}", e.0),
        }
    }
    // The side to move may have lost its King: the game is over, and the FEN says so.
    let over = position("7k/8/8/8/8/8/8/7q w - - 0 9");
    assert_eq!(
        RollingKings::outcome(&over),
        Some(Outcome::Win(over.side().flip(), "king captured"))
    );
}

#[test]
fn game_record_reports_king_capture_and_stalemate() {
    // The seed's Mock King capture ends a game 1-0.
    let mut game = Game::from_fen(Variant::RollingKings, "8/8/2k5/8/8/1U6/8/7K w - - 0 1").unwrap();
    game.play("b3c6").unwrap();
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome, Outcome::Win(Color::White, "king captured"));
    assert_eq!(result_text(outcome).0, "1-0");
    assert!(game.play("h1g1").is_err(), "no move after the end");
    // White's King on g4 and Black's on g5: after a2a3 (King to h4) and h7h6 (King to h5)
    // White's King cannot step and White cannot take Black's King: a draw.
    let mut game =
        Game::from_fen(Variant::RollingKings, "8/7p/8/6k1/6K1/8/P7/8 w - - 0 30").unwrap();
    game.play("a2a3").unwrap();
    assert_eq!(game.outcome(), None);
    game.play("h7h6").unwrap();
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome, Outcome::Draw("stalemate"));
    assert_eq!(result_text(outcome).0, "1/2-1/2");
}

#[test]
fn command_line_knows_rolling_kings() {
    let sissa = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sissa"))
            .args(args)
            .output()
            .expect("sissa runs");
        assert!(out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert_eq!(sissa(&["startfen", "--variant", "rollingkings"]).trim(), START);
    // Whatever White plays first, Black's 25 moves (the mirror of White's) behind its pawns
    // are untouched: 25 root moves with 25 replies each.
    let text = sissa(&["perft", "--variant", "rollingkings", "--depth", "2", "--divide"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 26, "{text}");
    assert!(lines[..25].iter().all(|l| l.ends_with(": 25")), "{text}");
    assert!(lines.contains(&"e2f1: 25"), "a Mock King step: {text}");
    assert_eq!(lines[25], "Nodes searched: 625");
}
