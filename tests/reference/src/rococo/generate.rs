//! Rococo moves, written rule by rule from RULES.md section 5.
//!
//! Every piece first lists its candidate moves, each with the pieces it captures and the
//! number of edge squares it enters, E(m). The edge rule then filters each piece's list, and
//! the survivors are played out into new positions.

use super::{Position, Square, SIZE};
use crate::common::{square_name, Grid, Piece};
use std::collections::HashMap;

/// The eight queen directions (every piece's lines and steps).
const DIRECTIONS: [Square; 8] =
    [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The types a Cannon Pawn may promote to, with how many of each a side has in the start
/// array. A type is available while its side has fewer of it on the board than that.
const PROMOTION_TYPES: [(u8, usize); 5] = [(b'C', 1), (b'I', 1), (b'L', 2), (b'S', 1), (b'U', 2)];

/// What a move does to the board.
#[derive(Clone, Debug)]
enum Effect {
    /// The piece goes to `to`; every square of `captured` is emptied first (for the King, the
    /// Cannon Pawn and a Chameleon's landing captures `to` itself is among them).
    Move { to: Square, captured: Vec<Square>, promotion: Option<u8> },
    /// The piece exchanges places with the piece on `to`. `captured` holds the enemy
    /// Pushme-Pullyus that a Chameleon's swap also takes by approach or withdrawal.
    Swap { to: Square, captured: Vec<Square> },
    /// The piece and the adjacent enemy on `victim` both leave the board.
    MutualDestruction { victim: Square },
    /// A frozen piece removes itself.
    Suicide,
}

/// A move of one piece before the edge rule has been applied.
#[derive(Clone, Debug)]
struct Candidate {
    from: Square,
    effect: Effect,
    /// E(m): edge squares entered, passed over or landed on; the start square does not count.
    edge: u32,
}

/// What a move captures, for comparing moves under the edge rule: the swapped square, if the
/// move is a swap (a swap's captured set is "that piece, swapped"), and the squares of the
/// pieces that leave the board, sorted.
type CaptureKey = (Option<Square>, Vec<Square>);

impl Candidate {
    /// A move along direction `d` that enters the `steps` squares after `from`.
    fn along(from: Square, d: Square, steps: i32, effect: Effect) -> Candidate {
        let edge = (1..=steps).filter(|&k| is_edge(offset(from, d, k))).count() as u32;
        Candidate { from, effect, edge }
    }

    /// A move that enters no square (mutual destruction, suicide).
    fn in_place(from: Square, effect: Effect) -> Candidate {
        Candidate { from, effect, edge: 0 }
    }

    fn notation(&self) -> String {
        let from = name(self.from);
        match &self.effect {
            Effect::Move { to, promotion, .. } => {
                let mut text = format!("{from}{}", name(*to));
                if let Some(letter) = promotion {
                    text.push(letter.to_ascii_lowercase() as char);
                }
                text
            }
            Effect::Swap { to, .. } => format!("{from}{}", name(*to)),
            Effect::MutualDestruction { victim } => format!("{from}x{}", name(*victim)),
            Effect::Suicide => format!("{from}{from}"),
        }
    }

    /// Does the move capture, a swap counting as a capture?
    fn captures(&self) -> bool {
        match &self.effect {
            Effect::Move { captured, .. } => !captured.is_empty(),
            Effect::Swap { .. } | Effect::MutualDestruction { .. } => true,
            Effect::Suicide => false,
        }
    }

    fn capture_key(&self) -> CaptureKey {
        let (swapped, mut removed) = match &self.effect {
            Effect::Move { captured, .. } => (None, captured.clone()),
            Effect::Swap { to, captured } => (Some(*to), captured.clone()),
            // The mover itself leaves the board too, which no other move of it does.
            Effect::MutualDestruction { victim } => (None, vec![*victim, self.from]),
            Effect::Suicide => (None, vec![self.from]),
        };
        removed.sort();
        (swapped, removed)
    }
}

fn name(s: Square) -> String {
    square_name(s.0, s.1)
}

/// The square `k` steps from `s` in direction `d` (k may be negative).
fn offset(s: Square, d: Square, k: i32) -> Square {
    (s.0 + k * d.0, s.1 + k * d.1)
}

fn on_board(s: Square) -> bool {
    (0..SIZE).contains(&s.0) && (0..SIZE).contains(&s.1)
}

/// The 36 squares of the outer ring.
pub fn is_edge(s: Square) -> bool {
    s.0 == 0 || s.1 == 0 || s.0 == SIZE - 1 || s.1 == SIZE - 1
}

fn piece_at(grid: &Grid, s: Square) -> Option<Piece> {
    grid.get(s.0, s.1)
}

/// Is there a piece of the other colour than `white` on `s`?
fn enemy_at(grid: &Grid, s: Square, white: bool) -> Option<Piece> {
    piece_at(grid, s).filter(|p| p.white != white)
}

/// Is there an enemy piece with upper-case letter `letter` on `s`?
fn enemy_type_at(grid: &Grid, s: Square, white: bool, letter: u8) -> bool {
    enemy_at(grid, s, white).is_some_and(|p| p.letter == letter)
}

fn has_king(grid: &Grid, white: bool) -> bool {
    grid.cells.iter().flatten().any(|p| p.white == white && p.letter == b'K')
}

/// Every legal move of the side to move with the position after it. Empty when a King is
/// missing (the game ended with its capture) or the side to move has no legal move.
pub fn legal_moves(pos: &Position) -> Vec<(String, Position)> {
    if !has_king(&pos.grid, true) || !has_king(&pos.grid, false) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for rank in 0..SIZE {
        for file in 0..SIZE {
            let s = (file, rank);
            let Some(piece) = piece_at(&pos.grid, s) else { continue };
            if piece.white != pos.white_to_move {
                continue;
            }
            for candidate in apply_edge_rule(piece_candidates(pos, s, piece)) {
                out.push((candidate.notation(), play(pos, &candidate)));
            }
        }
    }
    out
}

/// A piece is frozen when an enemy Immobilizer stands next to it; an Immobilizer is also
/// frozen by an enemy Chameleon next to it (the Chameleon mimics the Immobilizer). Freezing
/// depends only on where the pieces stand: a frozen Immobilizer or Chameleon still freezes.
fn is_frozen(grid: &Grid, s: Square, piece: Piece) -> bool {
    DIRECTIONS.iter().any(|&d| match enemy_at(grid, offset(s, d, 1), piece.white) {
        Some(enemy) => enemy.letter == b'I' || (piece.letter == b'I' && enemy.letter == b'C'),
        None => false,
    })
}

/// The candidate moves of the piece on `s`, before the edge rule.
fn piece_candidates(pos: &Position, s: Square, piece: Piece) -> Vec<Candidate> {
    if is_frozen(&pos.grid, s, piece) {
        // A frozen piece cannot move or capture; every frozen piece but the King may remove
        // itself from the board as its move.
        return if piece.letter == b'K' {
            Vec::new()
        } else {
            vec![Candidate::in_place(s, Effect::Suicide)]
        };
    }
    let grid = &pos.grid;
    match piece.letter {
        b'K' => king_moves(grid, s, piece),
        b'P' => cannon_pawn_moves(grid, s, piece),
        b'U' => pushme_pullyu_moves(grid, s, piece),
        b'L' => long_leaper_moves(grid, s, piece),
        b'I' => immobilizer_moves(grid, s),
        b'S' => swapper_moves(pos, s, piece),
        b'C' => chameleon_moves(pos, s, piece),
        // The FEN parser admits no other letter.
        _ => Vec::new(),
    }
}

/// The edge rule: a move with E(m) > 0 must capture (a swap counts), and is illegal when
/// another move of the same piece captures exactly the same set with fewer edge squares.
/// Ties are all kept. `candidates` all belong to one piece on one square.
fn apply_edge_rule(candidates: Vec<Candidate>) -> Vec<Candidate> {
    let mut fewest: HashMap<CaptureKey, u32> = HashMap::new();
    for c in &candidates {
        let entry = fewest.entry(c.capture_key()).or_insert(c.edge);
        *entry = (*entry).min(c.edge);
    }
    candidates
        .into_iter()
        .filter(|c| c.edge == 0 || (c.captures() && c.edge == fewest[&c.capture_key()]))
        .collect()
}

/// Is the swap between `a` and `b` the swap back that the swap-back ban forbids?
fn swap_is_banned(pos: &Position, a: Square, b: Square) -> bool {
    pos.swap_ban.is_some_and(|ban| ban == (a, b) || ban == (b, a))
}

/// Queen slides to empty squares, capturing nothing (Immobilizer, Swapper).
fn plain_slides(grid: &Grid, s: Square, d: Square, out: &mut Vec<Candidate>) {
    let mut k = 1;
    while on_board(offset(s, d, k)) && piece_at(grid, offset(s, d, k)).is_none() {
        let to = offset(s, d, k);
        out.push(Candidate::along(s, d, k, Effect::Move { to, captured: vec![], promotion: None }));
        k += 1;
    }
}

/// King: one step in any direction, to an empty square or capturing the enemy on it.
fn king_moves(grid: &Grid, s: Square, king: Piece) -> Vec<Candidate> {
    let mut out = Vec::new();
    for d in DIRECTIONS {
        let to = offset(s, d, 1);
        if !on_board(to) {
            continue;
        }
        let captured = match piece_at(grid, to) {
            None => vec![],
            Some(p) if p.white != king.white => vec![to],
            Some(_) => continue,
        };
        out.push(Candidate::along(s, d, 1, Effect::Move { to, captured, promotion: None }));
    }
    out
}

/// Cannon Pawn: a step in any direction to an empty square, or a jump over an adjacent piece
/// of either colour (the mount) to the square just beyond it, which is empty (a move) or
/// holds an enemy (a capture).
fn cannon_pawn_moves(grid: &Grid, s: Square, pawn: Piece) -> Vec<Candidate> {
    let mut out = Vec::new();
    for d in DIRECTIONS {
        let next = offset(s, d, 1);
        if !on_board(next) {
            continue;
        }
        if piece_at(grid, next).is_none() {
            push_pawn_move(grid, s, pawn, d, 1, vec![], &mut out);
            continue;
        }
        let landing = offset(s, d, 2);
        if !on_board(landing) {
            continue;
        }
        match piece_at(grid, landing) {
            None => push_pawn_move(grid, s, pawn, d, 2, vec![], &mut out),
            Some(p) if p.white != pawn.white => {
                push_pawn_move(grid, s, pawn, d, 2, vec![landing], &mut out)
            }
            Some(_) => {}
        }
    }
    out
}

/// A Cannon Pawn move by itself, with its optional promotions when it lands in the zone.
fn push_pawn_move(
    grid: &Grid,
    s: Square,
    pawn: Piece,
    d: Square,
    steps: i32,
    captured: Vec<Square>,
    out: &mut Vec<Candidate>,
) {
    let to = offset(s, d, steps);
    out.push(Candidate::along(
        s,
        d,
        steps,
        Effect::Move { to, captured: captured.clone(), promotion: None },
    ));
    if in_promotion_zone(to, pawn.white) {
        for letter in promotion_types(grid, pawn.white) {
            let effect = Effect::Move { to, captured: captured.clone(), promotion: Some(letter) };
            out.push(Candidate::along(s, d, steps, effect));
        }
    }
}

/// The rank where the enemy King starts and the edge rank behind it: ranks 9-10 for White,
/// ranks 2-1 for Black.
fn in_promotion_zone(s: Square, white: bool) -> bool {
    if white {
        s.1 >= SIZE - 2
    } else {
        s.1 <= 1
    }
}

/// The friendly types that are off the board: fewer of them on the board than at the start.
fn promotion_types(grid: &Grid, white: bool) -> Vec<u8> {
    PROMOTION_TYPES
        .iter()
        .filter(|&&(letter, at_start)| {
            let on_board =
                grid.cells.iter().flatten().filter(|p| p.white == white && p.letter == letter);
            on_board.count() < at_start
        })
        .map(|&(letter, _)| letter)
        .collect()
}

/// Pushme-Pullyu: a queen slide to an empty square. It captures, compulsorily, the enemy next
/// to its start that it moves directly away from (withdrawal) and the enemy on the square just
/// beyond its destination in its direction of travel (approach), both if both apply.
fn pushme_pullyu_moves(grid: &Grid, s: Square, pushme: Piece) -> Vec<Candidate> {
    let mut out = Vec::new();
    for d in DIRECTIONS {
        let behind = offset(s, d, -1);
        let withdrawn = enemy_at(grid, behind, pushme.white).map(|_| behind);
        let mut k = 1;
        while on_board(offset(s, d, k)) && piece_at(grid, offset(s, d, k)).is_none() {
            let to = offset(s, d, k);
            let mut captured: Vec<Square> = withdrawn.into_iter().collect();
            let ahead = offset(to, d, 1);
            if enemy_at(grid, ahead, pushme.white).is_some() {
                captured.push(ahead);
            }
            out.push(Candidate::along(s, d, k, Effect::Move { to, captured, promotion: None }));
            k += 1;
        }
    }
    out
}

/// Long Leaper: along one line, it may jump enemy pieces, each followed by at least one empty
/// square, and lands on an empty square; it never jumps a friendly piece or two pieces in a
/// row. Every piece jumped is captured; with none jumped the move is a plain slide.
fn long_leaper_moves(grid: &Grid, s: Square, leaper: Piece) -> Vec<Candidate> {
    let mut out = Vec::new();
    for d in DIRECTIONS {
        let mut jumped: Vec<Square> = Vec::new();
        let mut previous_was_piece = false;
        let mut k = 1;
        while on_board(offset(s, d, k)) {
            let to = offset(s, d, k);
            match piece_at(grid, to) {
                None => {
                    let effect = Effect::Move { to, captured: jumped.clone(), promotion: None };
                    out.push(Candidate::along(s, d, k, effect));
                    previous_was_piece = false;
                }
                Some(p) if p.white != leaper.white && !previous_was_piece => {
                    jumped.push(to);
                    previous_was_piece = true;
                }
                // A friendly piece, or a second piece in a row, ends the line.
                Some(_) => break,
            }
            k += 1;
        }
    }
    out
}

/// Immobilizer: queen slides to empty squares; it never captures.
fn immobilizer_moves(grid: &Grid, s: Square) -> Vec<Candidate> {
    let mut out = Vec::new();
    for d in DIRECTIONS {
        plain_slides(grid, s, d, &mut out);
    }
    out
}

/// Swapper: queen slides to empty squares; a swap with the first piece of either colour along
/// a queen line (unless it is the swap back the ban forbids); mutual destruction with one
/// adjacent enemy piece.
fn swapper_moves(pos: &Position, s: Square, swapper: Piece) -> Vec<Candidate> {
    let grid = &pos.grid;
    let mut out = Vec::new();
    for d in DIRECTIONS {
        plain_slides(grid, s, d, &mut out);
        let mut k = 1;
        while on_board(offset(s, d, k)) && piece_at(grid, offset(s, d, k)).is_none() {
            k += 1;
        }
        let first = offset(s, d, k);
        if on_board(first) && !swap_is_banned(pos, s, first) {
            out.push(Candidate::along(s, d, k, Effect::Swap { to: first, captured: vec![] }));
        }
        let next = offset(s, d, 1);
        if enemy_at(grid, next, swapper.white).is_some() {
            out.push(Candidate::in_place(s, Effect::MutualDestruction { victim: next }));
        }
    }
    out
}

/// Chameleon: queen slides to empty squares, and captures only as its victim would capture.
/// Every movement along a line also takes, at once, the enemy Pushme-Pullyu it withdraws from
/// and the one it approaches (compulsory), whatever else the movement does: a slide, an
/// overtaking of enemy Long Leapers, a hop onto an enemy Cannon Pawn, a swap with an enemy
/// Swapper or a step onto the enemy King. Mutual destruction with an adjacent enemy Swapper
/// combines with nothing. It never captures Chameleons or Immobilizers.
fn chameleon_moves(pos: &Position, s: Square, chameleon: Piece) -> Vec<Candidate> {
    let grid = &pos.grid;
    let white = chameleon.white;
    let mut out = Vec::new();
    for d in DIRECTIONS {
        let behind = offset(s, d, -1);
        let withdrawn = enemy_type_at(grid, behind, white, b'U');
        // The pieces a movement in direction d ending on `to` takes besides `others`.
        let with_pushme_captures = |to: Square, others: Vec<Square>| -> Vec<Square> {
            let mut captured = others;
            if withdrawn {
                captured.push(behind);
            }
            let ahead = offset(to, d, 1);
            if enemy_type_at(grid, ahead, white, b'U') {
                captured.push(ahead);
            }
            captured
        };

        // Slides and overtaking (every piece jumped an enemy Long Leaper, as a Long Leaper
        // jumps), and a swap when the first piece on the line is an enemy Swapper.
        let mut jumped: Vec<Square> = Vec::new();
        let mut previous_was_piece = false;
        let mut k = 1;
        while on_board(offset(s, d, k)) {
            let to = offset(s, d, k);
            match piece_at(grid, to) {
                None => {
                    let captured = with_pushme_captures(to, jumped.clone());
                    let effect = Effect::Move { to, captured, promotion: None };
                    out.push(Candidate::along(s, d, k, effect));
                    previous_was_piece = false;
                }
                Some(p) if p.white != white && p.letter == b'L' && !previous_was_piece => {
                    jumped.push(to);
                    previous_was_piece = true;
                }
                Some(p) => {
                    let first_piece = jumped.is_empty();
                    if first_piece
                        && p.white != white
                        && p.letter == b'S'
                        && !swap_is_banned(pos, s, to)
                    {
                        let captured = with_pushme_captures(to, vec![]);
                        out.push(Candidate::along(s, d, k, Effect::Swap { to, captured }));
                    }
                    break;
                }
            }
            k += 1;
        }

        let next = offset(s, d, 1);
        // A hop over an adjacent mount of either colour onto an enemy Cannon Pawn.
        let landing = offset(s, d, 2);
        if piece_at(grid, next).is_some() && enemy_type_at(grid, landing, white, b'P') {
            let captured = with_pushme_captures(landing, vec![landing]);
            let effect = Effect::Move { to: landing, captured, promotion: None };
            out.push(Candidate::along(s, d, 2, effect));
        }
        // A king step onto the enemy King.
        if enemy_type_at(grid, next, white, b'K') {
            let captured = with_pushme_captures(next, vec![next]);
            let effect = Effect::Move { to: next, captured, promotion: None };
            out.push(Candidate::along(s, d, 1, effect));
        }
        // Mutual destruction with an adjacent enemy Swapper.
        if enemy_type_at(grid, next, white, b'S') {
            out.push(Candidate::in_place(s, Effect::MutualDestruction { victim: next }));
        }
    }
    out
}

/// Does a swap between these two pieces create the swap-back ban? Only a Swapper and an
/// opposing Swapper or Chameleon, whichever of them made the swap.
fn creates_swap_ban(mover: Piece, partner: Piece) -> bool {
    mover.white != partner.white
        && matches!((mover.letter, partner.letter), (b'S', b'S') | (b'S', b'C') | (b'C', b'S'))
}

/// The position after a candidate move.
fn play(pos: &Position, candidate: &Candidate) -> Position {
    let mut grid = pos.grid.clone();
    let from = candidate.from;
    let mover = piece_at(&grid, from).expect("a move starts on a piece");
    let clear = |grid: &mut Grid, s: Square| grid.set(s.0, s.1, None);
    // Whether a piece leaves the board, and the swap-back ban the move creates.
    let (removed_any, swap_ban) = match &candidate.effect {
        Effect::Move { to, captured, promotion } => {
            for &s in captured {
                clear(&mut grid, s);
            }
            clear(&mut grid, from);
            let placed = promotion.map_or(mover, |letter| Piece::new(mover.white, letter, 0));
            grid.set(to.0, to.1, Some(placed));
            (!captured.is_empty(), None)
        }
        Effect::Swap { to, captured } => {
            let partner = piece_at(&grid, *to).expect("a swap ends on a piece");
            for &s in captured {
                clear(&mut grid, s);
            }
            grid.set(from.0, from.1, Some(partner));
            grid.set(to.0, to.1, Some(mover));
            let ban = if creates_swap_ban(mover, partner) { Some((from, *to)) } else { None };
            (!captured.is_empty(), ban)
        }
        Effect::MutualDestruction { victim } => {
            clear(&mut grid, from);
            clear(&mut grid, *victim);
            (true, None)
        }
        Effect::Suicide => {
            clear(&mut grid, from);
            (true, None)
        }
    };
    // The clock restarts when a piece leaves the board or a pawn moves by itself.
    let pawn_moved = mover.letter == b'P' && matches!(candidate.effect, Effect::Move { .. });
    Position {
        grid,
        white_to_move: !pos.white_to_move,
        halfmove: if removed_any || pawn_moved { 0 } else { pos.halfmove + 1 },
        fullmove: if pos.white_to_move { pos.fullmove } else { pos.fullmove + 1 },
        swap_ban,
    }
}
