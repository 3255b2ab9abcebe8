//! Sissa's reserve keys (docs/variants.md, "UC-40's reserve with exchange credits") on a
//! small file variant: the queue, promotion from its back, exchange credits and the drop
//! after a move, each count worked out by hand from RULES.md section 6's Drops ruling.

use sissa_movegen::ini::{self, FileRules};
use sissa_movegen::perft::perft;
use sissa_movegen::shape::Board8x8;
use sissa_movegen::Position;

type P = Position<FileRules<Board8x8>>;

const VARIANTS: &str = "\
[reserve-t:chess]
pieceDrops = true
capturesToHand = false
reserveOrder = queue
promotionFromReserve = true
dropCredits = exchange
dropAfterMove = true
dropRegionWhite = *1
dropRegionBlack = *8
castling = false
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QR/qr] w - - 0 1 0,0 -
[reservedrop-t:reserve-t]
dropAfterMove = false
";

fn position(name: &str, fen: &str) -> P {
    assert!(ini::choose(name).is_some(), "{name} is loaded");
    P::from_fen(fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"))
}

fn play(pos: &mut P, text: &str) {
    let mv = pos.parse_move(text).unwrap_or_else(|| panic!("{text} is legal in {}", pos.to_fen()));
    pos.make(mv);
    assert_eq!(pos.hash(), pos.compute_hash(), "after {text}");
}

/// One test: the variants of one board size share one registry.
#[test]
fn the_reserve_keys_count_what_is_worked_out_by_hand() {
    let report = ini::load_text(VARIANTS);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    drops_need_credits_and_follow_a_move();
    an_exchange_earns_both_sides_a_credit();
    promotion_takes_the_back_of_the_queue();
    a_drop_alone_takes_the_front_of_the_queue();
    combinations_without_settled_rules_are_refused();
    the_example_starts_as_chess();
}

fn drops_need_credits_and_follow_a_move() {
    // Without a credit: the king's five steps only.
    assert_eq!(perft(&mut position("reserve-t", "4k3/8/8/8/8/8/8/4K3[QR/] w - - 0 1 0,0 -"), 1), 5);
    // With one: each step alone, and with the queen (the front) dropped on each first-rank
    // square left empty: after d1 or f1 seven, after d2, e2 or f2 eight. 5 + 7 + 7 + 8 * 3.
    let mut pos = position("reserve-t", "4k3/8/8/8/8/8/8/4K3[QR/] w - - 0 1 1,0 -");
    assert_eq!(perft(&mut pos, 1), 43);
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3[QR/] w - - 0 1 1,0 -");
    play(&mut pos, "e1e2,Q@e1");
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/4K3/4Q3[R/] b - - 1 1 0,0 -");
}

fn an_exchange_earns_both_sides_a_credit() {
    let mut pos = position("reserve-t", "4k3/3r4/8/3b4/8/8/8/3RK3[Q/q] w - - 0 1 0,0 -");
    // The rook takes the bishop: pending, one non-pawn piece taken; nobody may drop yet.
    play(&mut pos, "d1d5");
    assert_eq!(pos.to_fen(), "4k3/3r4/8/3R4/8/8/8/4K3[Q/q] b - - 0 1 0,0 d5:1");
    // Black: the rook's 10 moves (d8 d6 d5, a7 b7 c7, e7 f7 g7 h7) and the king's 4 (d8 f8
    // e7 f7; d8 is screened by the rook on d7). Only the recapture earns a credit, so only it
    // may be followed by the queen's drop on one of the seven empty squares of rank 8.
    assert_eq!(perft(&mut pos, 1), 14 + 7);
    play(&mut pos, "d7d5,q@a8");
    // Each side lost one non-pawn piece: one credit each, and Black spent its own.
    assert_eq!(pos.to_fen(), "q3k3/8/8/3r4/8/8/8/4K3[Q/] w - - 0 2 1,0 -");
    // White's king may go to e2, f1 or f2 (the rook on d5 holds d1 and d2), each alone or with
    // the queen dropped on an empty square of rank 1: 3 + 8 + 7 + 8.
    assert_eq!(perft(&mut pos, 1), 26);
    pos.unmake();
    pos.unmake();
    assert_eq!(pos.to_fen(), "4k3/3r4/8/3b4/8/8/8/3RK3[Q/q] w - - 0 1 0,0 -");
    assert_eq!(pos.hash(), pos.compute_hash());
}

fn promotion_takes_the_back_of_the_queue() {
    // The pawn becomes the rook, the back of the queue: 5 king steps and b8=R.
    let mut pos = position("reserve-t", "4k3/1P6/8/8/8/8/8/4K3[QR/] w - - 0 1 0,0 -");
    assert_eq!(perft(&mut pos, 1), 6);
    play(&mut pos, "b7b8r");
    assert_eq!(pos.to_fen(), "1R2k3/8/8/8/8/8/8/4K3[Q/] b - - 0 1 0,0 -");
    // An empty queue: the pawn may not step onto the last rank.
    assert_eq!(perft(&mut position("reserve-t", "4k3/1P6/8/8/8/8/8/4K3[/] w - - 0 1 0,0 -"), 1), 5);
    // With a credit and one piece: the king's 5 steps, each also with the rook dropped (38),
    // and b8=R, which empties the queue and so has no drop after it.
    let fen = "4k3/1P6/8/8/8/8/8/4K3[R/] w - - 0 1 1,0 -";
    assert_eq!(perft(&mut position("reserve-t", fen), 1), 5 + 38 + 1);
    // With two pieces, b8=R may also be followed by the queen on the seven empty squares.
    let fen = "4k3/1P6/8/8/8/8/8/4K3[QR/] w - - 0 1 1,0 -";
    assert_eq!(perft(&mut position("reserve-t", fen), 1), 5 + 38 + 1 + 7);
}

fn a_drop_alone_takes_the_front_of_the_queue() {
    // A drop is a turn of its own: the rook (the front, not the queen) on the seven empty
    // squares of rank 1, besides the king's 5 steps; none without a credit.
    let mut pos = position("reservedrop-t", "4k3/8/8/8/8/8/8/4K3[RQ/qr] w - - 0 1 1,0 -");
    assert_eq!(perft(&mut pos, 1), 5 + 7);
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3[RQ/qr] w - - 0 1 1,0 -");
    play(&mut pos, "R@a1");
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/R3K3[Q/qr] b - - 1 1 0,0 -");
    let fen = "4k3/8/8/8/8/8/8/4K3[RQ/qr] w - - 0 1 0,0 -";
    assert_eq!(perft(&mut position("reservedrop-t", fen), 1), 5);
}

fn combinations_without_settled_rules_are_refused() {
    let report = ini::load_text(
        "[castle-t:chess]\npieceDrops = true\nreserveOrder = queue\ndropAfterMove = true\n\
         [sorted-t:chess]\npieceDrops = true\ndropAfterMove = true\n",
    );
    assert!(report.loaded.is_empty(), "{:?}", report.loaded);
    assert_eq!(report.errors.len(), 2, "{:?}", report.errors);
    let said = |words: &[&str]| report.errors.iter().any(|e| words.iter().all(|w| e.contains(w)));
    assert!(said(&["castle-t", "castling"]), "{:?}", report.errors);
    assert!(said(&["line 7", "dropAfterMove", "reserveOrder = queue"]), "{:?}", report.errors);
}

/// The example file's `reserve-ini` is chess with a queue: the first capture can come on the
/// third ply at the earliest, so no credit (and no drop) before the fourth, and the counts to
/// depth 3 are chess's published ones. On the fourth ply a credit is earned in four lines
/// only, where a bishop takes a knight and a pawn takes the bishop back: 1.e3 or 1.e4 Na6
/// 2.Bxa6 bxa6, and 1.d3 or 1.d4 Nh6 2.Bxh6 gxh6; each recapture may also drop the queen on
/// the one empty square of rank 8 (b8, g8): chess's 197,281 and 4. (The same count by a
/// python-chess script enumerating chess's tree and adding the drops after each recapture
/// that earns a credit agreed.)
fn the_example_starts_as_chess() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples/variants.ini");
    let report = ini::load_file(std::path::Path::new(file)).expect("readable");
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert!(ini::choose("reserve-ini").is_some());
    let mut pos = P::start();
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRBN/qrbn] w - - 0 1 0,0 -"
    );
    let counts: Vec<u64> = (1..=4).map(|depth| perft(&mut pos, depth)).collect();
    assert_eq!(counts, [20, 400, 8902, 197_281 + 4]);
}
