//! What the browser tests play. Every FEN here was built by hand for the move it sets up
//! (RULES.md), and the moves' effects asserted below (squares emptied, pieces that land) are
//! reasoned from the rules, not read from the engine.

use super::page::Page;
use super::table::Table;

pub type Case = fn(&Page);

pub const ALL: &[(&str, Case)] = &[
    ("chess game", |p| short_game(p, "chess")),
    ("lionsunicorns game", |p| short_game(p, "lionsunicorns")),
    ("seahorses game", |p| short_game(p, "seahorses")),
    ("rollingkings game", |p| short_game(p, "rollingkings")),
    ("rococo game", |p| short_game(p, "rococo")),
    ("uc40 game", |p| short_game(p, "uc40")),
    ("chess against Sissa", against_sissa),
    ("illegal clicks", illegal_clicks),
    ("chess en passant", en_passant),
    ("chess castling", chess_castling),
    ("chess promotion", chess_promotion),
    ("lionsunicorns castling and promotion", lionsunicorns_specials),
    ("seahorses promotion", seahorses_promotion),
    ("rollingkings King step", king_step),
    ("rococo captures", rococo_captures),
    ("rococo swap, destruction, suicide, promotion", rococo_choices),
    ("uc40 drop", uc40_drop),
];

/// A few moves each side from the start: White's chosen here and clicked, Black's clicked
/// or chosen by Sissa (the page's "Sissa, move", at depth 1).
fn short_game(page: &Page, variant: &str) {
    let mut table = Table::start(page, variant, None);
    expect_square_colours(&table);
    for ply in 0..6 {
        if table.game.outcome().is_some() {
            break;
        }
        if ply == 3 || ply == 5 {
            table.sissa_moves();
            continue;
        }
        let mut legal: Vec<String> = table.legal().into_iter().map(|d| d.notation).collect();
        legal.sort();
        // A spread of moves, different in each variant, reproducible.
        let pick = (ply * 7 + variant.len() * 3) % legal.len();
        table.enter(&legal[pick]);
    }
}

/// a1 is a dark square on every board, colours alternate, and Rococo's edge ring is shaded.
fn expect_square_colours(table: &Table) {
    let board = table.page.board();
    for (square, drawn) in &board {
        let file = usize::from(square.as_bytes()[0] - b'a');
        let rank: usize = square[1..].parse().expect("a rank");
        let dark = (file + rank - 1).is_multiple_of(2);
        assert_eq!(drawn.has("dark"), dark, "{square} dark");
        assert_eq!(drawn.has("light"), !dark, "{square} light");
        let dims = table.game.variant().dims();
        let edge = file == 0
            || rank == 1
            || file + 1 == dims.files as usize
            || rank == dims.ranks as usize;
        assert_eq!(
            drawn.has("ring"),
            edge && table.game.variant().name() == "rococo",
            "{square} ring"
        );
    }
    let brightness =
        |[r, g, b]: [u8; 3]| u32::from(r) * 299 + u32::from(g) * 587 + u32::from(b) * 114;
    let (a1, b1, a2) = (
        table.page.square_colour("a1"),
        table.page.square_colour("b1"),
        table.page.square_colour("a2"),
    );
    assert!(
        brightness(a1) < brightness(b1) && brightness(a1) < brightness(a2),
        "a1 {a1:?} is drawn darker than b1 {b1:?} and a2 {a2:?}"
    );
}

/// Against Sissa as Black: its replies come by themselves.
fn against_sissa(page: &Page) {
    let mut table = Table::start_with(page, "chess", None, "sissa");
    for mv in ["e2e4", "d2d4"] {
        table.enter_against_sissa(mv);
    }
}

fn illegal_clicks(page: &Page) {
    let table = Table::start(page, "chess", None);
    page.click_square("e2");
    page.click_square("e5");
    page.wait("the refusal", || !page.message().is_empty());
    let message = page.message();
    assert!(
        message.contains("Illegal") && message.contains("e2") && message.contains("e5"),
        "{message}"
    );
    page.click_square("a1");
    page.wait("the refusal", || page.message().contains("a1"));
    assert!(page.message().contains("no legal move"), "{}", page.message());
    page.click_square("e7");
    page.wait("the refusal", || page.message().contains("White"));
    assert!(page.moves().is_empty(), "a refused click played nothing");
    table.verify("the refused clicks");
}

fn en_passant(page: &Page) {
    let mut table = Table::start(page, "chess", Some("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"));
    table.enter("d7d5");
    table.enter("e5d6");
    table.expect_marked("captured", &["d5"]);
    expect_pieces(&table, &[("d6", Some("P")), ("d5", None), ("e5", None)]);
}

fn chess_castling(page: &Page) {
    let mut table = Table::start(page, "chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    table.enter("e1g1");
    expect_pieces(&table, &[("g1", Some("K")), ("f1", Some("R")), ("h1", None), ("e1", None)]);
    table.enter("e8c8");
    expect_pieces(&table, &[("c8", Some("k")), ("d8", Some("r")), ("a8", None), ("e8", None)]);
}

fn chess_promotion(page: &Page) {
    let mut table = Table::start(page, "chess", Some("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
    // Four promotions join b7 and b8: the page asks which.
    table.enter_choosing("b7b8n", &["b7b8b", "b7b8n", "b7b8q", "b7b8r"]);
    expect_pieces(&table, &[("b8", Some("N")), ("b7", None)]);
}

fn lionsunicorns_specials(page: &Page) {
    let castling = "lr3k2rl/10/10/10/10/10/10/LR3K2RL w KQkq - 0 1";
    let mut table = Table::start(page, "lionsunicorns", Some(castling));
    table.enter("f1h1");
    expect_pieces(&table, &[("h1", Some("K")), ("g1", Some("R")), ("i1", None), ("f1", None)]);
    table.enter("f8d8");
    expect_pieces(&table, &[("d8", Some("k")), ("e8", Some("r")), ("b8", None), ("f8", None)]);
    // Promotion to Chancellor, Queen or Unicorn only.
    let mut table =
        Table::start(page, "lionsunicorns", Some("5k4/1P8/10/10/10/10/10/5K4 w - - 0 1"));
    table.enter_choosing("b7b8u", &["b7b8m", "b7b8q", "b7b8u"]);
    expect_pieces(&table, &[("b8", Some("U"))]);
}

fn seahorses_promotion(page: &Page) {
    let mut table = Table::start(page, "seahorses", Some("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
    // Seven promotion pieces (Q, S, C, A, H, R, N): the Sissa is chosen.
    table.enter_choosing("b7b8s", &["b7b8a", "b7b8c", "b7b8h", "b7b8n", "b7b8q", "b7b8r", "b7b8s"]);
    expect_pieces(&table, &[("b8", Some("S"))]);
}

fn king_step(page: &Page) {
    let mut table = Table::start(page, "rollingkings", Some("7k/p7/8/8/8/8/P7/6nK w - - 0 1"));
    // After a2a3 White's King steps from h1 to g1 and takes the Knight there.
    table.enter("a2a3");
    expect_pieces(&table, &[("a3", Some("P")), ("g1", Some("K")), ("h1", None)]);
    table.expect_marked("captured", &["g1"]);
    table.expect_marked("king-step", &["g1", "h1"]);
    // Black's King walks backward: h8 to g8.
    table.enter("a7a6");
    expect_pieces(&table, &[("g8", Some("k")), ("h8", None)]);
}

/// Approach, withdrawal and overtaking (RULES.md 5): each captures without landing.
fn rococo_captures(page: &Page) {
    let mut table = Table::start(page, "rococo", Some(ROCOCO));
    // The Pushme-Pullyu b5 moves to e5, next to the pawn on f5: approach.
    table.enter("b5e5");
    table.expect_marked("captured", &["f5"]);
    expect_pieces(&table, &[("e5", Some("U")), ("f5", None)]);
    table.enter("i6i7");
    // The Pushme-Pullyu d3 moves away from the pawn on e4: withdrawal.
    table.enter("d3c2");
    table.expect_marked("captured", &["e4"]);
    expect_pieces(&table, &[("c2", Some("U")), ("e4", None)]);
    table.enter("i7i6");
    // The Long Leaper b7 jumps the pawn on d7 to e7: overtaking.
    table.enter("b7e7");
    table.expect_marked("captured", &["d7"]);
    expect_pieces(&table, &[("e7", Some("L")), ("d7", None), ("b7", None)]);
}

/// Moves that share their squares with others: swap or mutual destruction, a frozen piece's
/// suicide, an optional promotion and its piece.
fn rococo_choices(page: &Page) {
    let mut table = Table::start(page, "rococo", Some(ROCOCO));
    // The Swapper h2 next to the pawn h3: swap (h2h3) or mutual destruction (h2xh3).
    table.enter_choosing("h2h3", &["h2h3", "h2xh3"]);
    expect_pieces(&table, &[("h3", Some("S")), ("h2", Some("p"))]);
    table.enter("i6i7");
    table.enter_choosing("h3xh2", &["h3h2", "h3xh2"]);
    expect_pieces(&table, &[("h3", None), ("h2", None)]);
    table.enter("i7i6");
    // The Chameleon e8 is frozen by the Immobilizer f9: it may remove itself.
    table.enter("e8e8");
    expect_pieces(&table, &[("e8", None)]);
    table.enter("i6i7");
    // The pawn c8 steps into rank 9: stay a pawn, or become a piece White has fewer of than at
    // the start: Immobilizer, Long Leaper, Swapper or Chameleon (both Pushme-Pullyus remain).
    table.enter_choosing("c8c9l", &["c8c9", "c8c9c", "c8c9i", "c8c9l", "c8c9s"]);
    expect_pieces(&table, &[("c9", Some("L")), ("c8", None)]);
}

/// White: King f2, Pushme-Pullyus b5 and d3, Long Leaper b7, Chameleon e8, Swapper h2, pawn
/// c8. Black: King i6, Immobilizer f9, pawns d7, f5, e4, h3. No piece on the edge ring.
const ROCOCO: &str = "10/5i4/2P1C5/1L1p6/8k1/1U3p4/4p5/3U3p2/5K1S2/10 w - - 0 1";

fn uc40_drop(page: &Page) {
    // White has one drop credit; its reserve is a Queen, then a Rook.
    let fen = "4k3/4p3/8/8/8/8/4P3/4K3[QR/qr] w - - 0 1 1,0 -";
    let mut table = Table::start(page, "uc40", Some(fen));
    // e2e4 alone, or with the Queen dropped on any empty square of rank 1: c1 is clicked.
    let drops = ["a1", "b1", "c1", "d1", "f1", "g1", "h1"].map(|sq| format!("e2e4,Q@{sq}"));
    let mut choices: Vec<&str> = drops.iter().map(String::as_str).collect();
    choices.push("e2e4");
    table.enter_choosing("e2e4,Q@c1", &choices);
    expect_pieces(&table, &[("e4", Some("P")), ("c1", Some("Q"))]);
    assert_eq!(page.reserve("white"), ["R"], "the Queen left the reserve");
    table.enter("e7e5");
}

fn expect_pieces(table: &Table, expected: &[(&str, Option<&str>)]) {
    let board = table.page.board();
    for (square, piece) in expected {
        assert_eq!(board[*square].piece.as_deref(), *piece, "the piece on {square}");
    }
}
