//! Properties every variant's position must keep, checked over random games:
//! FEN round-trips, the incremental hash equals the hash computed from scratch, make/unmake
//! restores the position exactly, every legal move has its own notation and parses back, the
//! captures-and-promotions generator lists those legal moves (and, in the orthodox-style
//! variants, nothing else), and malformed FEN is refused without a panic.

use sissa_movegen::random::SplitMix64;
use sissa_movegen::variants::chess::Chess;
use sissa_movegen::variants::lionsunicorns::LionsUnicorns;
use sissa_movegen::variants::rollingkings::RollingKings;
use sissa_movegen::variants::seahorses::SeaHorses;
use sissa_movegen::{Move, MoveList, Position, Rules};
use std::collections::HashSet;

fn check_position<R: Rules>(pos: &Position<R>) {
    let fen = pos.to_fen();
    let back = Position::<R>::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.to_fen(), fen, "FEN round trip");
    assert!(back == *pos, "position from its own FEN differs: {fen}");
    assert_eq!(pos.hash(), pos.compute_hash(), "incremental hash drifted at {fen}");

    let moves = pos.legal_moves();
    let mut seen = HashSet::new();
    for &mv in moves.iter() {
        let text = pos.notation(mv);
        assert!(seen.insert(text.clone()), "notation {text} twice at {fen}");
        assert_eq!(pos.parse_move(&text), Some(mv), "{text} does not parse back at {fen}");
        let mut after = pos.clone();
        after.make(mv);
        assert_eq!(after.hash(), after.compute_hash(), "hash after {text} at {fen}");
        after.unmake();
        assert!(after == *pos, "make/unmake of {text} changed {fen} into {}", after.to_fen());
    }
    check_tactical(pos, moves.as_slice());
}

/// Quiescence's generator: every legal capture and promotion, no illegal move, each once;
/// in the variants that play by the orthodox rules, no quiet move either.
fn check_tactical<R: Rules>(pos: &Position<R>, legal: &[Move]) {
    let fen = pos.to_fen();
    let mut list = MoveList::new();
    R::generate_tactical(pos, &mut list);
    let tactical: HashSet<Move> = list.iter().copied().collect();
    assert_eq!(tactical.len(), list.len(), "a move listed twice at {fen}");
    let wanted: HashSet<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| R::is_capture(pos, mv) || mv.promotion().is_some())
        .collect();
    for mv in &wanted {
        assert!(tactical.contains(mv), "{} missing at {fen}", pos.notation(*mv));
    }
    for mv in &tactical {
        assert!(legal.contains(mv), "illegal {mv:?} listed at {fen}");
    }
    if R::ENDS_ONLY_WITHOUT_MOVES && R::HAS_CHECK {
        assert_eq!(tactical, wanted, "quiet moves listed at {fen}");
    }
}

/// Positions rich in what the captures generator must get right: promotions by push and by
/// capture (one of them by a pinned pawn), en passant (once legal, once exposing the king),
/// captures out of check and by a pinned piece along its line, a king that may not take a
/// defended piece.
#[test]
fn the_captures_generator_lists_the_captures_and_promotions() {
    let fens = [
        "r3k2r/1P4P1/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
        "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1",
        "8/8/8/K1pP3r/8/8/8/4k3 w - c6 0 1",
        "4k3/8/8/8/4r3/8/3PN3/4K3 w - - 0 1",
        "4k3/4r3/8/8/8/8/4Q3/4K3 w - - 0 1",
        "5r1b/6P1/2k5/8/8/8/8/K7 w - - 0 1",
        "1n2k3/P7/8/8/8/8/8/4K2q w - - 0 1",
        "4k3/8/8/8/8/5p2/4q3/4K3 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ];
    for fen in fens {
        let pos = Position::<Chess>::from_fen(fen).unwrap();
        check_tactical(&pos, pos.legal_moves().as_slice());
        for &mv in pos.legal_moves().iter() {
            let mut after = pos.clone();
            after.make(mv);
            check_tactical(&after, after.legal_moves().as_slice());
        }
    }
}

fn random_games<R: Rules>(seed: u64, games: usize, plies: usize) {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..games {
        let mut pos = Position::<R>::start();
        for _ in 0..plies {
            check_position(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.index_below(moves.len())];
            pos.make(mv);
        }
        // Taking every move back returns to the start position.
        while pos.ply() > 0 {
            pos.unmake();
        }
        assert!(pos == Position::<R>::start());
    }
}

/// Random byte edits of valid FENs must give a position or an error, never a panic.
fn garbled_fens<R: Rules>(seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let base = Position::<R>::start().to_fen();
    let alphabet = b"KQRBNPkqrbnp0123456789/ -wb'!xyz[],:";
    for _ in 0..3000 {
        let mut bytes = base.clone().into_bytes();
        for _ in 0..1 + rng.index_below(4) {
            let i = rng.index_below(bytes.len());
            match rng.index_below(3) {
                0 => bytes[i] = alphabet[rng.index_below(alphabet.len())],
                1 => {
                    bytes.remove(i);
                }
                _ => bytes.insert(i, alphabet[rng.index_below(alphabet.len())]),
            }
        }
        if let Ok(text) = String::from_utf8(bytes) {
            if let Ok(pos) = Position::<R>::from_fen(&text) {
                let _ = pos.legal_moves();
                let _ = pos.to_fen();
            }
        }
    }
}

#[test]
fn chess_random_games_keep_invariants() {
    random_games::<Chess>(1, 30, 120);
}

#[test]
fn lionsunicorns_random_games_keep_invariants() {
    random_games::<LionsUnicorns>(2, 30, 120);
}

#[test]
fn rollingkings_random_games_keep_invariants() {
    // Games end by move 32 at the latest (the Kings meet on h4 and h5), so more of them.
    random_games::<RollingKings>(5, 60, 120);
}

#[test]
fn seahorses_random_games_keep_invariants() {
    random_games::<SeaHorses>(5, 30, 120);
}

#[test]
fn garbled_fens_are_refused_without_panic() {
    garbled_fens::<Chess>(3);
    garbled_fens::<LionsUnicorns>(4);
    garbled_fens::<RollingKings>(6);
    garbled_fens::<SeaHorses>(6);
}

#[test]
fn malformed_fens_give_clear_errors() {
    for (fen, wanted) in [
        ("", "empty"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "files"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "king"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1", "castling"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", "castling"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown piece"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w Qkq - 0 1", "pawn"),
        ("rnb1kbnr/pppppppp/8/8/8/8/PPPPqPPP/RNBQKBNR b KQkq - 0 1", "in check"),
    ] {
        match Position::<Chess>::from_fen(fen) {
            Ok(_) => panic!("accepted {fen:?}"),
            Err(e) => assert!(e.0.contains(wanted), "{fen:?}: error {:?} lacks {wanted:?}", e.0),
        }
    }
}

#[test]
fn shredder_castling_letters_mean_the_same_rooks() {
    // In Lions and Unicorns K/Q name the rooks on i1 and b1 (the Lions on a1 and j1 never
    // castle), so the Shredder letters IBib describe the same rights.
    let kq = Position::<LionsUnicorns>::start();
    let letters = Position::<LionsUnicorns>::from_fen(
        "lrmbqkburl/nppppppppn/10/10/10/10/NPPPPPPPPN/LRMBQKBURL w IBib - 0 1",
    )
    .unwrap();
    assert!(kq == letters);
    assert_eq!(letters.to_fen(), kq.to_fen());
}

/// A passed turn (the search's null move) from `fen`: the hash stays exact and `unmake` takes
/// it back exactly. Returns the position after the pass.
fn passed<R: Rules>(fen: &str) -> Position<R> {
    let mut pos = Position::<R>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let before = pos.clone();
    pos.make_null();
    assert_eq!(pos.hash(), pos.compute_hash(), "hash after a pass at {fen}");
    let after = pos.clone();
    pos.unmake();
    assert!(pos == before, "a pass was not taken back at {fen}");
    after
}

#[test]
fn a_pass_ends_what_lasts_one_ply() {
    use sissa_movegen::pieces::ultima::swapper::SwapBan;
    use sissa_movegen::variants::rococo::Rococo;
    use sissa_movegen::variants::uc40::Uc40;
    // Rococo: Black may not swap back e9-e5 on this ply; after Black passes, the ban is
    // gone, so White may swap its Swapper with Black's.
    let rococo = passed::<Rococo>("10/4s3k1/10/10/10/4S5/10/10/1K8/10 b - - 0 1 e5e9");
    assert_eq!(rococo.extra, SwapBan::NONE);
    let moves = rococo.legal_moves();
    assert!(moves.iter().any(|&m| rococo.notation(m) == "e5e9"));
    // UC-40: a pending exchange can only be completed on the next ply, a ban lasts one ply.
    let uc40 = passed::<Uc40>("4k3/8/8/3N4/8/8/8/4K3[QR/q] b - - 0 7 0,0 d5:1");
    assert_eq!(uc40.extra.pending, None);
    let uc40 = passed::<Uc40>("3zk3/8/8/8/3Z4/8/8/4K3[/q'n'] b - - 3 9 0,0 - d4d8");
    assert_eq!(uc40.extra.ban, None);
    // Chess: nothing of the kind, and the pass still keeps the hash.
    passed::<Chess>("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
}
