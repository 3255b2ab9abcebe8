//! Rococo rules, one mechanism at a time and in combination. Every expectation is reasoned
//! from RULES.md section 5 and the seed's rule page; the seed's 8x8 diagrams are the inner
//! squares b2..i9 of our board (the seed's a1 is our b2). Kings stand out of the way unless a
//! test is about them.

use super::*;
use crate::perft::perft;

/// A FEN with the pieces `Ke5 pd4 ...` (upper case White), `side` to move, clocks `0 1`.
fn fen_of(pieces: &str, side: char) -> String {
    let dims = Board10x10::DIMS;
    let mut cells = [None::<char>; 100];
    for token in pieces.split_whitespace() {
        let letter = token.chars().next().unwrap();
        let sq = dims.parse_square(&token[1..]).unwrap() as usize;
        assert!(cells[sq].is_none(), "{token} placed twice");
        cells[sq] = Some(letter);
    }
    let mut rows = Vec::new();
    for rank in (0..10).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..10 {
            match cells[rank * 10 + file] {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                    }
                    empty = 0;
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {side} - - 0 1", rows.join("/"))
}

fn position(fen: &str) -> Position<Rococo> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(fen: &str) -> Vec<String> {
    let pos = position(fen);
    let mut out: Vec<String> = pos.legal_moves().iter().map(|&m| pos.notation(m)).collect();
    out.sort();
    out
}

/// The legal moves that start on `sq` (the from-square is the letter and the digits after it).
fn moves_from(fen: &str, sq: &str) -> Vec<String> {
    moves(fen)
        .into_iter()
        .filter(|m| {
            let end = m[1..].find(|c: char| !c.is_ascii_digit()).map_or(m.len(), |i| i + 1);
            &m[..end] == sq
        })
        .collect()
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The FEN after `mv`.
fn play(fen: &str, mv: &str) -> String {
    let mut pos = position(fen);
    let m = pos.parse_move(mv).unwrap_or_else(|| panic!("{mv} is not legal in {fen}"));
    pos.make(m);
    pos.to_fen()
}

/// The FEN after `mv`, without the clocks (placement, side, castling, en passant, ban).
fn after(fen: &str, mv: &str) -> String {
    without_clocks(&play(fen, mv))
}

fn without_clocks(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let mut kept: Vec<&str> = fields[..4].to_vec();
    kept.extend(fields.iter().skip(6));
    kept.join(" ")
}

/// `fen_of` without the clocks, as `after` writes it.
fn state_of(pieces: &str, side: char) -> String {
    without_clocks(&fen_of(pieces, side))
}

// ------------------------------------------------------------------ start, FEN, notation

#[test]
fn start_position_has_twenty_five_moves() {
    // Pawns b3..i3 step to rank 4: three squares each for c..h, two for b and i (a4 and j4 are
    // ring squares, entered without a capture). Sideways and backward moves meet pieces whose
    // far side is occupied or on the ring. The pieces on rank 2 are boxed in; only the Swapper
    // on i2 acts: it swaps with the first piece up (i3), left (h2) and up-left (h3).
    let fen = START_FEN;
    let all = moves(fen);
    assert_eq!(all.len(), 25);
    assert_eq!(moves_from(fen, "i2"), sorted(&["i2h2", "i2h3", "i2i3"]));
    assert_eq!(moves_from(fen, "b3"), sorted(&["b3b4", "b3c4"]));
    assert_eq!(position(fen).to_fen(), START_FEN);
}

#[test]
fn swap_back_ban_field_round_trips_in_either_order() {
    let base = fen_of("Se5 se9 Kb2 ki9", 'b');
    assert_eq!(position(&format!("{base} -")).to_fen(), base);
    for field in ["e5e9", "e9e5"] {
        let fen = format!("{base} {field}");
        assert_eq!(position(&fen).to_fen(), fen);
        // Black's Swapper may not swap with White's on this ply, whichever order is written.
        assert!(!moves(&fen).contains(&"e9e5".to_string()));
    }
    assert!(moves(&base).contains(&"e9e5".to_string()));
    // The ban counts in the hash: the same placement with and without it differ.
    assert_ne!(position(&base).hash(), position(&format!("{base} e5e9")).hash());
    assert_eq!(position(&format!("{base} e5e9")).hash(), position(&format!("{base} e9e5")).hash());
}

#[test]
fn malformed_fens_are_refused_with_an_error() {
    let good = fen_of("Ke5 ke7", 'w');
    assert!(Position::<Rococo>::from_fen(&good).is_ok());
    let placement = good.split(' ').next().unwrap().to_string();
    for bad in [
        format!("{placement} w KQkq - 0 1"),
        format!("{placement} w - e3 0 1"),
        format!("{placement} w - - 0 1 e5"),
        format!("{placement} w - - 0 1 e5e5"),
        format!("{placement} w - - 0 1 e5k9"),
        format!("{placement} w - - 0 1 e5e9 x"),
        format!("{placement} x - - 0 1"),
        fen_of("Ke5 Kb2 ke7", 'w'),
        "10/10/10 w - - 0 1".to_string(),
        "10/1iulkclus1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1IULKCQUS1/10 w - - 0 1".to_string(),
    ] {
        assert!(Position::<Rococo>::from_fen(&bad).is_err(), "accepted {bad}");
    }
}

#[test]
fn special_notations_are_written_and_read() {
    // e4e4 suicide, e4xe5 mutual destruction, e8e9l promotion (RULES.md section 0).
    let fen = fen_of("Se4 pe5 Pe8 Ib9 ib3 ic4 Kb2 ki2", 'w');
    let pos = position(&fen);
    // The Swapper on e4 is not frozen (no enemy Immobilizer next to it); the one on b3 freezes
    // the King on b2, which has no move; the pawn on e8 may promote to a Long Leaper.
    let list = moves(&fen);
    assert!(list.contains(&"e4xe5".to_string()));
    assert!(list.contains(&"e4e5".to_string()));
    assert!(list.contains(&"e8e9l".to_string()));
    assert!(!list.iter().any(|m| m.starts_with("b2")));
    for text in ["e4xe5", "e4e5", "e8e9l", "E8E9L"] {
        assert!(pos.parse_move(text).is_some(), "{text} not read");
    }
    assert!(pos.parse_move("e4e4").is_none());
    assert!(pos.parse_move("zz").is_none());
    let frozen = fen_of("Se4 id4 Kb2 ki9", 'w');
    assert!(moves(&frozen).contains(&"e4e4".to_string()));
    assert_eq!(after(&frozen, "e4e4"), state_of("id4 Kb2 ki9", 'b'));
}

// ------------------------------------------------------------------ King, goal

#[test]
fn capturing_the_king_ends_the_game() {
    let fen = fen_of("Ke5 ke6", 'w');
    assert!(moves(&fen).contains(&"e5e6".to_string()));
    let over = play(&fen, "e5e6");
    assert!(moves(&over).is_empty());
    assert_eq!(position(&over).outcome(), Some(Outcome::Win(Color::White, "king captured")));
    assert_eq!(perft(&mut position(&over), 3), 0);
}

#[test]
fn a_frozen_king_has_no_move_and_no_move_loses() {
    // Black: a King frozen by the Immobilizer next to it and nothing else: no legal move.
    let fen = fen_of("Ke5 Ie6 ke7", 'b');
    assert!(moves(&fen).is_empty());
    assert_eq!(position(&fen).outcome(), Some(Outcome::Win(Color::White, "no legal move")));
    assert_eq!(Rococo::REPETITION, RepetitionRule::RepeaterLoses);
}

#[test]
fn king_enters_the_ring_only_to_capture() {
    // From b2 the King may step to a1..c1, a2, a3 only if it captures there.
    assert_eq!(moves_from(&fen_of("Kb2 ki9", 'w'), "b2"), sorted(&["b2b3", "b2c2", "b2c3"]));
    let fen = fen_of("Kb2 pa1 Pc3 ki9", 'w');
    assert_eq!(moves_from(&fen, "b2"), sorted(&["b2a1", "b2b3", "b2c2"]));
}

// ------------------------------------------------------------------ Cannon Pawn

#[test]
fn cannon_pawn_diagram_of_the_seed() {
    // Seed: P d3, Advancer d4, p e4, p d5. Steps to c2 d2 e2 c3 e3 c4; a hop over d4 captures
    // d5; a hop over e4 lands on the empty f5. Here: P e4, U e5, p f5, p e6.
    let fen = fen_of("Pe4 Ue5 pf5 pe6 Kc8 kh8", 'w');
    let expected = sorted(&["e4d3", "e4e3", "e4f3", "e4d4", "e4f4", "e4d5", "e4e6", "e4g6"]);
    assert_eq!(moves_from(&fen, "e4"), expected);
    assert_eq!(after(&fen, "e4e6"), state_of("Ue5 pf5 Pe6 Kc8 kh8", 'b'));
}

#[test]
fn cannon_pawn_on_the_ring_hops_only_to_capture() {
    // a1: the step a2 is blocked, b1 is ring, b2 is inside; a hop over a2 lands on a3, a ring
    // square, so only as a capture.
    assert_eq!(moves_from(&fen_of("Pa1 Pa2 Kf5 ki9", 'w'), "a1"), sorted(&["a1b2"]));
    let fen = fen_of("Pa1 Pa2 la3 Kf5 ki9", 'w');
    assert_eq!(moves_from(&fen, "a1"), sorted(&["a1a3", "a1b2"]));
}

#[test]
fn promotion_is_optional_and_only_to_pieces_off_the_board() {
    // White has every type at its start count but one Long Leaper: only L is offered.
    let full = "Ce2 Ud2 Uf2 Ic2 Lg2 Sh2 Pe8 Kb4 ki5";
    assert_eq!(moves_from(&fen_of(full, 'w'), "e8").iter().filter(|m| m.ends_with('l')).count(), 3);
    assert!(!moves_from(&fen_of(full, 'w'), "e8").iter().any(|m| m.ends_with('c')));
    // With both Long Leapers on the board nothing is offered.
    let none = "Ce2 Ud2 Uf2 Ic2 Lg2 Lb2 Sh2 Pe8 Kb4 ki5";
    assert!(moves_from(&fen_of(none, 'w'), "e8").iter().all(|m| m.len() == 4));
    // A lone pawn may become any of the five types, or stay a pawn: from e8, d9 e9 f9 each
    // with six choices; the ring rank 10 only by capture.
    let lone = fen_of("Pe8 Kb4 ki5", 'w');
    let zone: Vec<_> = moves_from(&lone, "e8").into_iter().filter(|m| m.contains('9')).collect();
    assert_eq!(zone.len(), 3 * 6);
    assert_eq!(after(&lone, "e8e9s"), state_of("Se9 Kb4 ki5", 'b'));
    // From inside the zone too, and Black promotes on ranks 2 and 1.
    assert!(moves(&fen_of("Pe9 Kb4 ki5", 'w')).contains(&"e9f9u".to_string()));
    assert!(moves(&fen_of("pe3 Kb4 ki5", 'b')).contains(&"e3e2c".to_string()));
    assert!(!moves(&fen_of("pe4 Kb4 ki5", 'b')).iter().any(|m| m.len() > 4));
}

#[test]
fn pieces_lost_by_suicide_or_destruction_are_off_the_board() {
    // Full army but the Swapper destroyed itself: S is offered again.
    let fen = fen_of("Ce2 Ud2 Uf2 Ic2 Lg2 Lb2 Sh5 Pe8 Kb4 ki4 ph6", 'w');
    let after_md = play(&fen, "h5xh6");
    let black_to_move = after_md.replace(" b ", " w ");
    assert!(moves(&black_to_move).contains(&"e8e9s".to_string()));
}

#[test]
fn a_pawn_swapped_into_the_zone_does_not_promote() {
    // The Swapper takes the pawn's place: nothing but a plain swap.
    let fen = fen_of("Se9 Pe5 Kb4 ki4", 'w');
    assert_eq!(after(&fen, "e9e5"), state_of("Pe9 Se5 Kb4 ki4", 'b'));
    assert!(!moves(&fen).iter().any(|m| m.starts_with("e9e5") && m.len() > 4));
}

// ------------------------------------------------------------------ Long Leaper

#[test]
fn long_leaper_diagram_of_the_seed() {
    // Seed: L a1, p a3, p f6, p g1. Plain moves a2 b2 b1..f1 c3 d4 e5; captures landing a4..a8,
    // g7 h8, h1. Here L b2 and the pawns b4 g7 h2; the landings b10, j10 and j2 are ring
    // squares whose captures an inside landing makes as well, so they are not allowed, nor the
    // non-capturing moves onto the ring (a1 a2 a3 b1 c1).
    let fen = fen_of("Lb2 pb4 pg7 ph2 Kh5 ke8", 'w');
    let expected = sorted(&[
        "b2b3", "b2b5", "b2b6", "b2b7", "b2b8", "b2b9", "b2c3", "b2d4", "b2e5", "b2f6", "b2h8",
        "b2i9", "b2c2", "b2d2", "b2e2", "b2f2", "b2g2", "b2i2",
    ]);
    assert_eq!(moves_from(&fen, "b2"), expected);
    assert_eq!(after(&fen, "b2b9"), state_of("Lb9 pg7 ph2 Kh5 ke8", 'b'));
}

#[test]
fn long_leaper_takes_several_but_never_friends_or_pairs() {
    let along_e = |fen: &str| -> Vec<String> {
        moves_from(fen, "e2").into_iter().filter(|m| m[2..].starts_with('e')).collect()
    };
    // Two pawns each followed by an empty square: both go when it lands beyond the second.
    let fen = fen_of("Le2 pe4 pe6 Kb5 ki5", 'w');
    assert_eq!(along_e(&fen), sorted(&["e2e3", "e2e5", "e2e7", "e2e8", "e2e9"]));
    assert_eq!(after(&fen, "e2e8"), state_of("Le8 Kb5 ki5", 'b'));
    // Two pieces in a row cannot be jumped; a friendly piece cannot be jumped.
    assert_eq!(along_e(&fen_of("Le2 pe4 pe5 Kb5 ki5", 'w')), sorted(&["e2e3"]));
    assert_eq!(along_e(&fen_of("Le2 pe4 Pe6 Kb5 ki5", 'w')), sorted(&["e2e3", "e2e5"]));
}

#[test]
fn long_leaper_on_the_ring_lands_as_near_as_possible() {
    // Along the ring every square entered is an edge square: of the landings a7 a8 a9 after
    // the pawn on a6, a7 enters the fewest; the same capture landing further is illegal. Ties
    // inside the ring are all legal: inward from a5 over b5, landings c5..i5 all enter nothing.
    let fen = fen_of("La5 pa6 pb5 Ke2 ke9", 'w');
    let list = moves_from(&fen, "a5");
    assert!(list.contains(&"a5a7".to_string()));
    assert!(!list.contains(&"a5a8".to_string()) && !list.contains(&"a5a9".to_string()));
    for to in ["c5", "d5", "e5", "f5", "g5", "h5", "i5"] {
        assert!(list.contains(&format!("a5{to}")), "a5{to}");
    }
    assert!(!list.contains(&"a5j5".to_string()));
}

// ------------------------------------------------------------------ Pushme-Pullyu

#[test]
fn pushme_pullyu_withdraws_and_approaches_at_once() {
    // U e5 between p d5 and p h5: moving right withdraws from d5; stopping on g5 approaches
    // h5 as well.
    let fen = fen_of("Ue5 pd5 ph5 Kb2 ki2", 'w');
    assert_eq!(after(&fen, "e5f5"), state_of("Uf5 ph5 Kb2 ki2", 'b'));
    assert_eq!(after(&fen, "e5g5"), state_of("Ug5 Kb2 ki2", 'b'));
    // Approaching only: moving left from e5 is impossible (d5 occupied); down to e4 captures
    // nothing, and the withdrawal is compulsory, so is_capture tells them apart.
    let pos = position(&fen);
    assert!(Rococo::is_capture(&pos, pos.parse_move("e5f5").unwrap()));
    assert!(!Rococo::is_capture(&pos, pos.parse_move("e5e4").unwrap()));
}

#[test]
fn pushme_pullyu_on_the_ring_moves_only_to_capture_and_minimally() {
    // U a5 with an enemy on a4 below: moving up along the ring withdraws; a6 enters one edge
    // square, further squares more for the same capture. Moving right into the board captures
    // nothing and is fine; a ring move capturing nothing is not.
    let fen = fen_of("Ua5 pa4 Ke2 ke9", 'w');
    let list = moves_from(&fen, "a5");
    assert!(list.contains(&"a5a6".to_string()));
    assert!(!list.contains(&"a5a7".to_string()));
    assert!(list.contains(&"a5b5".to_string()) && list.contains(&"a5i5".to_string()));
    assert!(!list.contains(&"a5j5".to_string()));
    // An approach along the ring makes a capture of its own: a5 up to a8 approaches a9.
    let fen = fen_of("Ua5 pa9 Ke2 ke8", 'w');
    assert!(moves_from(&fen, "a5").contains(&"a5a8".to_string()));
    assert!(!moves_from(&fen, "a5").contains(&"a5a7".to_string()));
}

// ------------------------------------------------------------------ Immobilizer

#[test]
fn frozen_pieces_may_only_commit_suicide_and_immobilizers_freeze_each_other() {
    let fen = fen_of("Le5 ie6 Ke2 ki9", 'w');
    assert_eq!(moves_from(&fen, "e5"), sorted(&["e5e5"]));
    // Opposing Immobilizers side by side: both frozen, and the frozen one still freezes.
    let fen = fen_of("Ie5 ie6 Lf5 Ke2 ki9", 'b');
    assert_eq!(moves_from(&fen, "e6"), sorted(&["e6e6"]));
    let white = fen_of("Ie5 ie6 Lf7 Ke2 ki9", 'w');
    assert_eq!(moves_from(&white, "e5"), sorted(&["e5e5"]));
    assert_eq!(moves_from(&white, "f7"), sorted(&["f7f7"]));
}

#[test]
fn immobilizer_never_moves_onto_the_ring_but_may_be_swapped_there() {
    let fen = fen_of("Ib2 Sb9 Ke5 ki5", 'w');
    assert!(!moves_from(&fen, "b2")
        .iter()
        .any(|m| ["a", "j"].contains(&&m[2..3]) || m.ends_with("10") || m.ends_with('1')));
    let ring = fen_of("Ib5 Sa5 Ke5 ki5", 'w');
    assert!(moves_from(&ring, "a5").contains(&"a5b5".to_string()));
    assert_eq!(after(&ring, "a5b5"), state_of("Ia5 Sb5 Ke5 ki5", 'b'));
}

// ------------------------------------------------------------------ Swapper

#[test]
fn swapper_swaps_either_colour_kings_and_ring_pieces() {
    // S e5: swaps with the first piece on each line, own or enemy, the enemy King included,
    // also on the ring; slides only inside; destroys itself with an adjacent enemy.
    let fen = fen_of("Se5 Pe7 ke2 Kb8 pa5 pf6", 'w');
    let list = moves_from(&fen, "e5");
    for m in ["e5e7", "e5e2", "e5a5", "e5f6", "e5xf6"] {
        assert!(list.contains(&m.to_string()), "{m}");
    }
    assert!(!list.contains(&"e5xa5".to_string()));
    assert_eq!(after(&fen, "e5e2"), state_of("Se2 ke5 Pe7 Kb8 pa5 pf6", 'b'));
}

#[test]
fn frozen_swapper_cannot_destroy() {
    // The Swapper next to the black Immobilizer is frozen: no swap, no mutual destruction.
    let fen = fen_of("Se5 ie6 pf5 Kb2 ki9", 'w');
    assert_eq!(moves_from(&fen, "e5"), sorted(&["e5e5"]));
}

#[test]
fn swap_back_ban_between_swappers_and_with_a_chameleon() {
    let fen = fen_of("Se5 se9 Kb2 ki9", 'w');
    let next = play(&fen, "e5e9");
    assert!(next.ends_with(" e5e9"), "{next}");
    assert!(!moves(&next).contains(&"e5e9".to_string()));
    // One ply later the ban is gone.
    let later = play(&play(&next, "i9h9"), "b2c2");
    assert!(!later.ends_with("e5e9"));
    assert!(moves(&later).contains(&"e5e9".to_string()));
    // The ban does not forbid mutual destruction between the pair.
    let adjacent = play(&fen_of("Se5 se6 Kb2 ki9", 'w'), "e5e6");
    assert!(moves(&adjacent).contains(&"e5xe6".to_string()));
    assert!(!moves(&adjacent).contains(&"e5e6".to_string()));
    // A Chameleon swapping with an enemy Swapper creates the ban too; a Swapper swapping with
    // its own piece or an enemy that is neither Swapper nor Chameleon does not.
    assert!(after(&fen_of("Ce5 se9 Kb2 ki9", 'w'), "e5e9").ends_with(" e5e9"));
    assert!(after(&fen_of("Se5 ce9 Kb2 ki9", 'w'), "e5e9").ends_with(" e5e9"));
    assert!(after(&fen_of("Se5 le9 Kb2 ki9", 'w'), "e5e9").ends_with(" b - -"));
    assert!(after(&fen_of("Se5 Ce9 Kb2 ki9", 'w'), "e5e9").ends_with(" b - -"));
}

// ------------------------------------------------------------------ Chameleon

#[test]
fn chameleon_example_of_the_seed() {
    // Seed: Withdrawer a1, black Chameleon a2, Long Leaper a3, Advancer a5; leaping over the
    // Leaper to a4 also withdraws from a1 and approaches a5. With Pushme-Pullyus, shifted to
    // b2 b3 b4 b6: all three white pieces go.
    let fen = fen_of("Ub2 cb3 Lb4 Ub6 Kh8 ki2", 'b');
    assert_eq!(after(&fen, "b3b5"), state_of("cb5 Kh8 ki2", 'w'));
}

#[test]
fn chameleon_overtakes_only_leapers_and_never_chameleons_or_immobilizers() {
    // Over a Long Leaper yes; over a pawn, Chameleon or Immobilizer no.
    let jumps = |victim: char| moves_from(&fen_of(&format!("Ce3 {victim}e5 Kb2 ki9"), 'w'), "e3");
    assert!(jumps('l').contains(&"e3e6".to_string()));
    for victim in ['p', 'c', 'i', 'u', 's'] {
        assert!(!jumps(victim).contains(&"e3e6".to_string()), "{victim}");
    }
    // Approach and withdrawal take Pushme-Pullyus only.
    let fen = fen_of("Ce5 ud5 lh5 Kb2 ki9", 'w');
    assert_eq!(after(&fen, "e5g5"), state_of("Cg5 lh5 Kb2 ki9", 'b'));
    let fen = fen_of("Ce5 pd5 uh5 Kb2 ki9", 'w');
    assert_eq!(after(&fen, "e5g5"), state_of("Cg5 pd5 Kb2 ki9", 'b'));
}

#[test]
fn chameleon_combines_a_hop_a_swap_or_a_king_step_with_pushme_captures() {
    // Hop over d4 onto the pawn on c3... along the diagonal from e5: mount d4, pawn c3; it
    // withdraws from the Pushme-Pullyu on f6 behind it and approaches the one on b2 beyond.
    let fen = fen_of("Ce5 Pd4 pc3 uf6 ub2 Kh8 ki9", 'w');
    assert_eq!(after(&fen, "e5c3"), state_of("Cc3 Pd4 Kh8 ki9", 'b'));
    // Swap with the Swapper on e8, withdrawing from e4 and approaching e9.
    let fen = fen_of("Ce5 ue4 se8 ue9 Kb2 ki2", 'w');
    assert_eq!(after(&fen, "e5e8"), format!("{} e5e8", state_of("se5 Ce8 Kb2 ki2", 'b')));
    // King step onto the King, withdrawing from d4 (behind, on the diagonal).
    let fen = fen_of("Ce5 ud4 kf6 Kb2", 'w');
    assert_eq!(after(&fen, "e5f6"), state_of("Cf6 Kb2", 'b'));
    // Mutual destruction with a Swapper takes nothing else.
    let fen = fen_of("Ce5 se6 ue4 Kb2 ki9", 'w');
    assert_eq!(after(&fen, "e5xe6"), state_of("ue4 Kb2 ki9", 'b'));
    // No mutual destruction with a non-Swapper, no king step onto other pieces.
    let list = moves(&fen_of("Ce5 le6 pf6 Kb2 ki9", 'w'));
    assert!(!list.iter().any(|m| m.contains('x') || m == "e5f6"));
}

#[test]
fn chameleon_and_enemy_immobilizer_freeze_each_other_only() {
    let fen = fen_of("Ce5 ie6 Kb2 ki9", 'w');
    assert_eq!(moves_from(&fen, "e5"), sorted(&["e5e5"]));
    assert_eq!(moves_from(&fen.replace(" w ", " b "), "e6"), sorted(&["e6e6"]));
    // A Chameleon freezes nothing but Immobilizers.
    let fen = fen_of("Ce5 le6 Kb2 ki9", 'b');
    assert!(moves_from(&fen, "e6").len() > 1);
}

#[test]
fn chameleon_reaches_the_ring_only_as_far_as_a_capture_needs() {
    // Withdrawing from the Pushme-Pullyu on e4 by moving up: e6..e9 all capture it inside the
    // ring (ties), e10 the same capture on the ring: not allowed. A plain move onto the ring
    // (e5a5 direction) is not allowed either.
    let fen = fen_of("Ce5 ue4 Kb2 ki2", 'w');
    let list = moves_from(&fen, "e5");
    for to in ["e6", "e7", "e8", "e9"] {
        assert!(list.contains(&format!("e5{to}")));
    }
    assert!(!list.contains(&"e5e10".to_string()) && !list.contains(&"e5a5".to_string()));
}

// ------------------------------------------------------------------ perft by hand

#[test]
fn perft_of_small_positions_counted_by_hand() {
    // Kings in opposite inner corners b2 and i9: each has 3 moves (the other 5 neighbours are
    // ring squares), and they never meet within two plies.
    let fen = fen_of("Kb2 ki9", 'w');
    assert_eq!(perft(&mut position(&fen), 1), 3);
    assert_eq!(perft(&mut position(&fen), 2), 9);
    // Kings face to face on e5/e6: White has 8 moves, one of them e5e6 ends the game; after
    // each of the other 7, Black's King has its moves, the capture of White's King among them.
    let fen = fen_of("Ke5 ke6", 'w');
    assert_eq!(perft(&mut position(&fen), 1), 8);
}
