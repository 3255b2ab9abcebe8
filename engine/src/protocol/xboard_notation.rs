//! Moves between Sissa's notation (RULES.md section 0) and XBoard's. They differ in the
//! rank numbers (XBoard counts ranks from 0 on boards of exactly 10 ranks, Sissa from 1) and,
//! in the variants XBoard cannot draw in full, in what XBoard is shown of a move's effects.

use super::board::Board;
use super::xboard_picture::Picture;
use super::xboard_plan::{literal_plan, plans, user_move, Plan};
use super::xboard_variants::xboard_variant;
use sissa_movegen::{Game, Variant};

/// Sissa's side of the move exchange with XBoard in one game. In the variants whose moves
/// XBoard draws in full, a move is its text with XBoard's rank numbers; in the others (see
/// `xboard_plan`) it follows XBoard's picture, one picture per move played so that `undo`
/// can step back.
pub struct Translator {
    picture: Option<Picture>,
    history: Vec<Picture>,
}

/// A move on its way: its text, and XBoard's picture once it is played.
pub struct Translated {
    pub text: String,
    /// Read as a user's move: XBoard's text matched no move as Sissa would have sent it
    /// (never so between two Sissas).
    pub as_entered: bool,
    next: Option<Picture>,
}

impl Translator {
    /// For a game XBoard was given (a start position or `setboard`): XBoard draws it as is.
    pub fn new(game: &Game) -> Translator {
        let tracks = xboard_variant(game.variant()).tracks_picture;
        let picture = tracks.then(|| Picture::new(Board::of_game(game)));
        Translator { picture, history: Vec::new() }
    }

    /// Sissa's legal move `mv` as XBoard is told it.
    pub fn outgoing(&self, game: &Game, mv: &str) -> Translated {
        self.planned(game, mv, |plan| (plan.text, plan.next))
    }

    /// The legal move `mv` in the form `text_of` takes from its plan, with XBoard's picture
    /// after it; in a variant XBoard draws in full, its text with XBoard's rank numbers.
    fn planned(&self, game: &Game, mv: &str, text_of: fn(Plan) -> (String, Picture)) -> Translated {
        let plain =
            Translated { text: to_xboard(game.variant(), mv), as_entered: false, next: None };
        let Some(picture) = &self.picture else { return plain };
        match plans(game, picture).into_iter().find(|plan| plan.mv == mv) {
            Some(plan) => {
                let (text, next) = text_of(plan);
                Translated { text, as_entered: false, next: Some(next) }
            }
            None => plain,
        }
    }

    /// The move XBoard sent (the other engine's, relayed, or the user's) in Sissa's notation:
    /// the legal move it stands for, else the text as read, for the game to refuse.
    pub fn incoming(&self, game: &Game, text: &str) -> Translated {
        let Some(picture) = &self.picture else {
            let text = move_from_xboard(game, text);
            return Translated { text, as_entered: false, next: None };
        };
        // As XBoard relays another Sissa's move, else as a Sissa sends it.
        let plans = plans(game, picture);
        let sent = plans.iter().find(|plan| plan.relay == text);
        if let Some(plan) = sent.or_else(|| plans.iter().find(|plan| plan.text == text)) {
            let next = Some(plan.next.clone());
            return Translated { text: plan.mv.clone(), as_entered: false, next };
        }
        let user = user_move(game, picture, text)
            .and_then(|(mv, action)| literal_plan(game, picture, &mv, action));
        match user {
            Some(plan) => Translated { text: plan.mv, as_entered: true, next: Some(plan.next) },
            None => {
                // Read plainly; if that is a legal move, its plan keeps the picture (and so
                // `undo`) in step with the game.
                let text = from_xboard(game.variant(), text);
                let next = plans.iter().find(|plan| plan.mv == text).map(|plan| plan.next.clone());
                Translated { text, as_entered: true, next }
            }
        }
    }

    /// Sissa's legal move `mv` as XBoard passes it on to the other engine, when the other
    /// engine made it: what a referee standing in for XBoard sends.
    pub fn relayed(&self, game: &Game, mv: &str) -> Translated {
        self.planned(game, mv, |plan| (plan.relay, plan.next))
    }

    /// The move a Sissa in XBoard mode wrote as `text` for this picture (what `outgoing`
    /// gives), else as `incoming` reads it. A referee standing in for XBoard reads an
    /// engine's move this way: a text XBoard would relay differently (a kill of a friendly
    /// square becomes a castling form) may equal the relay of another move.
    pub fn written(&self, game: &Game, text: &str) -> Translated {
        let Some(picture) = &self.picture else { return self.incoming(game, text) };
        match plans(game, picture).into_iter().find(|plan| plan.text == text) {
            Some(plan) => Translated { text: plan.mv, as_entered: false, next: Some(plan.next) },
            None => self.incoming(game, text),
        }
    }

    /// Records that the translated move was played. The history grows by one with every
    /// move (a move without a plan keeps the picture), so `undo` steps back in step.
    pub fn played(&mut self, played: Translated) {
        if let Some(current) = &mut self.picture {
            let next = played.next.unwrap_or_else(|| current.clone());
            self.history.push(std::mem::replace(current, next));
        }
    }

    /// Steps back one move.
    pub fn undo(&mut self) {
        if let (Some(current), Some(previous)) = (&mut self.picture, self.history.pop()) {
            *current = previous;
        }
    }

    /// XBoard's picture, in the variants where it can differ from the position.
    pub fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }
}

/// XBoard's move text as Sissa's notation, in a variant whose moves XBoard draws in full:
/// the plain form when it is legal as written, else the legal move XBoard writes this way.
/// Anything else is returned as read, for the game to reject.
fn move_from_xboard(game: &Game, text: &str) -> String {
    let plain = from_xboard(game.variant(), text);
    if game.position().canonical_move(&plain).is_some() {
        return plain;
    }
    game.position()
        .legal_moves()
        .into_iter()
        .find(|mv| to_xboard(game.variant(), mv) == text)
        .unwrap_or(plain)
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

    #[test]
    fn squares_are_read_in_order() {
        assert_eq!(squares_of("e2e4"), vec![(4, 1), (4, 3)]);
        assert_eq!(squares_of("a9a10"), vec![(0, 8), (0, 9)]);
        assert_eq!(squares_of("e7e8q"), vec![(4, 6), (4, 7)]);
        assert_eq!(squares_of("d2d4,Q'@c1"), vec![(3, 1), (3, 3), (2, 0)]);
        assert!(squares_of("zz").is_empty());
    }
}
