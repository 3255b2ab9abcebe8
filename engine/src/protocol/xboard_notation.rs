//! Moves between Sissa's notation (RULES.md section 0) and XBoard's. They differ in the
//! rank numbers (XBoard counts ranks from 0 on boards of exactly 10 ranks, Sissa from 1) and
//! in side effects: XBoard must be shown, as further legs of the move, the captures Sissa's
//! notation leaves implicit.

use super::board::{is_white, Board, Square};
use super::xboard_variants::{xboard_variant, ExtraLegs};
use sissa_movegen::geometry::Color;
use sissa_movegen::{Game, Variant};

/// XBoard draws at most this many victims of one move (a three-leg move).
pub const MAX_DRAWN_VICTIMS: usize = 2;

/// The legal move `mv` (Sissa's notation) of `game` as XBoard is told it.
pub fn move_to_xboard(game: &Game, mv: &str) -> String {
    let variant = game.variant();
    match xboard_variant(variant).extra_legs {
        ExtraLegs::None => to_xboard(variant, mv),
        ExtraLegs::Victims => victim_legs(game, mv).unwrap_or_else(|| to_xboard(variant, mv)),
    }
}

/// The move as XBoard's multi-leg move when it takes pieces elsewhere than on its
/// destination: `from v1,v1 to` (one victim) or `from v1,v1 v2,v2 to` (two, the nearer
/// first); a mutual destruction as a capture without moving (`e4e5,e5e4`). `None` for a
/// move whose plain form says everything.
fn victim_legs(game: &Game, mv: &str) -> Option<String> {
    let variant = game.variant();
    let squares = squares_of(mv);
    let (&from, &to) = (squares.first()?, squares.get(1)?);
    let name = |sq: Square| square_name(variant, sq);
    if mv.contains('x') {
        return Some(format!("{}{},{}{}", name(from), name(to), name(to), name(from)));
    }
    let before = Board::of_game(game);
    let mut after = game.clone();
    after.play(mv).ok()?;
    let after = Board::of_game(&after);
    let white = game.side() == Color::White;
    let mut victims: Vec<Square> = before
        .squares()
        .filter(|&sq| sq != from && sq != to && after.at(sq).is_none())
        .filter(|&sq| before.at(sq).is_some_and(|code| is_white(code) != white))
        .collect();
    if victims.is_empty() {
        return None;
    }
    victims.sort_by_key(|&v| distance(from, v));
    victims.truncate(MAX_DRAWN_VICTIMS);
    let mut legs = vec![from];
    legs.extend(victims);
    legs.push(to);
    let text: Vec<String> =
        legs.windows(2).map(|w| format!("{}{}", name(w[0]), name(w[1]))).collect();
    // A promotion's code (after the last square) ends the last leg.
    let promotion = mv.trim_end_matches(|c: char| !c.is_ascii_digit()).len();
    Some(format!("{}{}", text.join(","), &mv[promotion..]))
}

fn distance(a: Square, b: Square) -> u8 {
    a.0.abs_diff(b.0).max(a.1.abs_diff(b.1))
}

/// XBoard's move text as Sissa's notation: the plain form when it is legal as written,
/// else the legal move XBoard writes this way. Anything else is returned as read, for the
/// game to reject.
pub fn move_from_xboard(game: &Game, text: &str) -> String {
    let plain = from_xboard(game.variant(), text);
    if game.position().canonical_move(&plain).is_some() {
        return plain;
    }
    game.position()
        .legal_moves()
        .into_iter()
        .find(|mv| move_to_xboard(game, mv) == text)
        .unwrap_or(plain)
}

/// A square's name in XBoard's numbering.
fn square_name(variant: Variant, (file, rank): Square) -> String {
    let first = if zero_based_ranks(variant) { 0 } else { 1 };
    format!("{}{}", char::from(b'a' + file), u32::from(rank) + first)
}

/// Does XBoard number this variant's ranks from 0?
pub fn zero_based_ranks(variant: Variant) -> bool {
    variant.dims().ranks == 10
}

/// Sissa's move (or any text with squares) with XBoard's rank numbers.
pub fn to_xboard(variant: Variant, text: &str) -> String {
    if zero_based_ranks(variant) {
        shift_ranks(text, -1)
    } else {
        text.to_string()
    }
}

/// Text with XBoard's rank numbers in Sissa's numbering.
pub fn from_xboard(variant: Variant, text: &str) -> String {
    if zero_based_ranks(variant) {
        shift_ranks(text, 1)
    } else {
        text.to_string()
    }
}

/// Adds `delta` to the rank of every square (a file letter followed by digits) in `text`.
fn shift_ranks(text: &str, delta: i32) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 2);
    let mut i = 0;
    while i < chars.len() {
        out.push(chars[i]);
        let is_file = chars[i].is_ascii_lowercase();
        i += 1;
        if !is_file {
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if i > start {
            let digits: String = chars[start..i].iter().collect();
            match digits.parse::<i32>() {
                Ok(rank) => out.push_str(&(rank + delta).to_string()),
                Err(_) => out.push_str(&digits),
            }
        }
    }
    out
}

/// The squares a move text names, in order, as (file, rank) with 0-based rank, read from
/// Sissa's notation (`e2e4`, `e7e8q`, `e4xe5`, `d2d4,Q'@c1`).
pub fn squares_of(text: &str) -> Vec<(u8, u8)> {
    let bytes = text.as_bytes();
    let mut squares = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        i += 1;
        if !c.is_ascii_lowercase() {
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let rank: Option<u8> = text[start..i].parse().ok();
        if let Some(rank) = rank.filter(|&r| r >= 1) {
            squares.push((c - b'a', rank - 1));
        }
    }
    squares
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_shift_only_on_ten_rank_boards() {
        assert_eq!(to_xboard(Variant::Chess, "e7e8q"), "e7e8q");
        assert_eq!(to_xboard(Variant::LionsUnicorns, "a7a8m"), "a7a8m");
        assert_eq!(shift_ranks("a9a10", -1), "a8a9");
        assert_eq!(shift_ranks("e8e9l", -1), "e7e8l");
        assert_eq!(shift_ranks("e4xe5", -1), "e3xe4");
        assert_eq!(shift_ranks("a0j9", 1), "a1j10");
        assert_eq!(shift_ranks("d2d4,Q'@c1", -1), "d1d3,Q'@c0");
    }

    fn game(variant: Variant, fen: &str) -> Game {
        Game::from_fen(variant, fen).expect("valid FEN")
    }

    #[test]
    fn rococo_captures_elsewhere_become_legs_with_zero_based_ranks() {
        // White Pushme-Pullyu e5 next to a black Cannon Pawn on e6 withdraws to e3 (e4 in
        // XBoard's 0-based ranks), taking e6: one victim.
        let g = game(Variant::Rococo, "k9/10/10/10/4p5/4U5/10/10/10/K9 w - - 0 1");
        assert_eq!(move_to_xboard(&g, "e5e3"), "e4e5,e5e2");
        assert_eq!(move_from_xboard(&g, "e4e5,e5e2"), "e5e3");
        // A plain slide with no victim stays plain.
        assert_eq!(move_to_xboard(&g, "e5h5"), "e4h4");
        // Long Leaper c3 over black pawns d4 and f6 to g7: two victims, the nearer first.
        let g = game(Variant::Rococo, "k9/10/10/10/5p4/10/3p6/2L7/10/K9 w - - 0 1");
        assert_eq!(move_to_xboard(&g, "c3g7"), "c2d3,d3f5,f5g6");
        assert_eq!(move_from_xboard(&g, "c2d3,d3f5,f5g6"), "c3g7");
    }

    #[test]
    fn squares_are_read_in_order() {
        assert_eq!(squares_of("e2e4"), vec![(4, 1), (4, 3)]);
        assert_eq!(squares_of("a9a10"), vec![(0, 8), (0, 9)]);
        assert_eq!(squares_of("e7e8q"), vec![(4, 6), (4, 7)]);
        assert_eq!(squares_of("d2d4,Q'@c1"), vec![(3, 1), (3, 3), (2, 0)]);
        assert!(squares_of("zz").is_empty());
    }
}
