//! XBoard's picture of the board, for the variants whose moves XBoard cannot be told in full,
//! and what XBoard 4.9.1 does with a move: how it changes the picture and how it passes the
//! move on to the other engine.
//!
//! With `-testLegality false` XBoard checks only that a move starts on a square where it
//! draws a piece of the side to move, then moves that piece, whatever it is. A move may have
//! a second leg: `a1b2,b2c3` empties b2 and moves the piece from a1 to c3. That is all it can
//! do in one turn: move one piece and empty one more square. So the picture can differ from
//! the real position, and Sissa keeps a copy of it to choose moves XBoard accepts. Each piece
//! drawn is tied to the real piece it stands for (its *owner*), which may stand elsewhere
//! after a move XBoard could not draw (a swap): that piece's next move then starts from its
//! image.

use super::board::{is_white, Board, Square};
use super::xboard_variants::{EngineDefinedBoard, KING_SLOT, PAWN_SLOT, ROOK_SLOT};

/// One turn as XBoard sees it: the piece drawn on `from` moves to `to` after the square
/// `kill` was emptied; `promo` (a lower-case letter) turns it into that piece on arrival.
/// `from == to` with a kill only empties the kill square; `kill == from` makes the moving
/// piece vanish and empties `to` as well.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub from: Square,
    pub to: Square,
    pub kill: Option<Square>,
    pub promo: Option<char>,
}

/// The pieces in the slots XBoard gives rules of their own.
#[derive(Clone, Debug, Default)]
pub struct Slots {
    pawn: Option<String>,
    rook: Option<String>,
    king: Option<String>,
    /// The one-letter codes XBoard knows (what a promotion letter can turn a piece into).
    letters: Vec<char>,
}

impl Slots {
    pub fn of(board: &EngineDefinedBoard) -> Slots {
        let code = |slot| board.code_in(slot).map(str::to_string);
        let letters =
            board.images.iter().filter(|(c, _)| c.len() == 1).filter_map(|(c, _)| c.chars().next());
        Slots {
            pawn: code(PAWN_SLOT),
            rook: code(ROOK_SLOT),
            king: code(KING_SLOT),
            letters: letters.collect(),
        }
    }

    fn is(&self, slot: &Option<String>, code: &str) -> bool {
        slot.as_deref().is_some_and(|s| s.eq_ignore_ascii_case(code))
    }

    pub fn is_pawn(&self, code: &str) -> bool {
        self.is(&self.pawn, code)
    }

    pub fn is_king(&self, code: &str) -> bool {
        self.is(&self.king, code)
    }

    /// Is this a King and Rook of one side? XBoard takes a move of one onto the other for
    /// Fischer-random castling and rearranges both.
    pub fn castles(&self, mover: &str, target: &str) -> bool {
        let rook = |c: &str| self.is(&self.rook, c);
        is_white(mover) == is_white(target)
            && ((self.is_king(mover) && rook(target)) || (rook(mover) && self.is_king(target)))
    }

    /// What a promotion letter turns a piece of this colour into; `None` when XBoard does
    /// not know the letter (it would then erase the piece).
    pub fn promoted(&self, letter: char, white: bool) -> Option<String> {
        let upper = letter.to_ascii_uppercase();
        self.letters.contains(&upper).then(|| {
            if white {
                upper.to_string()
            } else {
                letter.to_ascii_lowercase().to_string()
            }
        })
    }
}

/// What XBoard draws, and which real piece each drawn piece stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub board: Board,
    /// For each square of the picture, the square (index) of the real piece drawn there;
    /// `None` for a square drawn empty or drawing a piece no longer on the board.
    owner: Vec<Option<usize>>,
    /// The file XBoard allows an en-passant capture on, after a double step of the piece in
    /// its Pawn slot.
    ep_file: Option<u8>,
}

impl Picture {
    /// XBoard's picture of a position it was given: every piece where it stands.
    pub fn new(board: Board) -> Picture {
        let owner = board.squares().map(|sq| board.at(sq).map(|_| board.index(sq))).collect();
        Picture { board, owner, ep_file: None }
    }

    /// The square of the picture where the real piece standing on square `real` is drawn.
    pub fn drawn_at(&self, real: usize) -> Option<Square> {
        self.board.squares().find(|&sq| self.owner_of(sq) == Some(real))
    }

    /// The real square (index) of the piece drawn on `square`.
    pub fn owner_of(&self, square: Square) -> Option<usize> {
        self.owner.get(self.board.index(square)).copied().flatten()
    }

    /// The picture with its owners moved along with the real pieces: `after` gives the real
    /// square each piece stands on after a move (`None` for a piece that left the board,
    /// whose image then stands for nothing).
    pub fn follow(&self, after: impl Fn(usize) -> Option<usize>) -> Picture {
        let owner = self.owner.iter().map(|o| o.and_then(&after)).collect();
        Picture { board: self.board.clone(), owner, ep_file: self.ep_file }
    }

    /// Does XBoard accept `action` from the side to move (`white`)? It must start on a piece
    /// of that side, and a piece that stays must empty some square.
    pub fn accepts(&self, action: &Action, white: bool) -> bool {
        let mover = self.board.at(action.from);
        mover.is_some_and(|code| is_white(code) == white)
            && (action.from != action.to || action.kill.is_some())
    }

    /// The picture after XBoard plays `action`, the moving piece standing for the real piece
    /// on square `represents` (as XBoard's ApplyMove does it, with its en-passant rule for
    /// the piece in the Pawn slot).
    pub fn apply(&self, action: &Action, slots: &Slots, represents: Option<usize>) -> Picture {
        let mut next = self.clone();
        let old_ep = next.ep_file.take();
        if let Some(kill) = action.kill {
            next.put(kill, None, None);
        }
        if action.from == action.to {
            return next;
        }
        let Some(piece) = next.board.at(action.from).map(str::to_string) else {
            // The piece was killed on its own square: XBoard moves nothing onto `to`.
            next.put(action.to, None, None);
            return next;
        };
        if slots.is_pawn(&piece) {
            next.pawn_rules(action, is_white(&piece), old_ep);
        }
        if slots.is_king(&piece) {
            next.castling_rule(action);
        }
        next.put(action.from, None, None);
        let piece = match action.promo {
            Some(letter) => slots.promoted(letter, is_white(&piece)),
            None => Some(piece),
        };
        let owner = piece.as_ref().and(represents);
        next.put(action.to, piece, owner);
        next
    }

    /// XBoard's double step and en-passant capture for the piece in the Pawn slot: a move of
    /// two ranks forward opens the file between, and a diagonal move from the far half onto
    /// an empty square of that file (or more than four files sideways) takes the piece behind.
    fn pawn_rules(&mut self, action: &Action, white: bool, old_ep: Option<u8>) {
        let (from, to) = (action.from, action.to);
        let forward = if white {
            i32::from(to.1) - i32::from(from.1)
        } else {
            i32::from(from.1) - i32::from(to.1)
        };
        let far_half = (usize::from(from.1) >= self.board.ranks / 2) == white;
        let sideways = from.0.abs_diff(to.0);
        if sideways > 0
            && far_half
            && self.board.at(to).is_none()
            && (old_ep == Some(to.0) || sideways > 4)
        {
            let behind = if white { to.1.checked_sub(1) } else { Some(to.1 + 1) };
            if let Some(rank) = behind {
                self.put((to.0, rank), None, None);
            }
        }
        if forward >= 2 {
            self.ep_file = Some((from.0 + to.0) / 2);
        }
    }

    /// XBoard's castling for the piece in the King slot: a move of two or more squares
    /// along its rank, from a square off the edge files, takes the nearest piece beyond the
    /// start (or the piece on the edge square) to the square beside the target.
    fn castling_rule(&mut self, action: &Action) {
        let (from, to) = (action.from, action.to);
        let last = u8::try_from(self.board.files.saturating_sub(1)).unwrap_or(u8::MAX);
        if from.1 != to.1 || from.0 == 0 || from.0 >= last || from.0.abs_diff(to.0) < 2 {
            return;
        }
        let right = to.0 > from.0;
        let step = |x: u8| if right { x + 1 } else { x - 1 };
        let mut x = step(from.0);
        while self.board.at((x, from.1)).is_none() && if right { x < last } else { x > 0 } {
            x = step(x);
        }
        let rook = (x, from.1);
        let beside = (if right { to.0 - 1 } else { to.0 + 1 }, from.1);
        let code = self.board.at(rook).map(str::to_string);
        let owner = self.owner_of(rook);
        self.put(beside, code, owner);
        self.put(rook, None, None);
    }

    fn put(&mut self, square: Square, code: Option<String>, owner: Option<usize>) {
        let index = self.board.index(square);
        self.board.set(square, code);
        if let Some(slot) = self.owner.get_mut(index) {
            *slot = owner;
        }
    }
}

/// A square's name as XBoard writes it: ranks from 0 on boards of ten ranks.
pub fn square_name((file, rank): Square, zero_based: bool) -> String {
    let first = if zero_based { 0 } else { 1 };
    format!("{}{}", char::from(b'a' + file), u32::from(rank) + first)
}

/// The move as Sissa sends it: `from to`, or `from kill,kill to` for a move through a kill
/// square, then the promotion letter.
pub fn action_text(action: &Action, zero_based: bool) -> String {
    let name = |sq| square_name(sq, zero_based);
    let promo = action.promo.map(String::from).unwrap_or_default();
    match action.kill {
        None => format!("{}{}{promo}", name(action.from), name(action.to)),
        Some(kill) => {
            format!("{}{},{}{}{promo}", name(action.from), name(kill), name(kill), name(action.to))
        }
    }
}

/// The move as XBoard passes it on to the other engine, from the picture before it. A move
/// with a kill is rewritten when the killed square held a piece of the mover's colour, or
/// was empty and Black moves (XBoard counts an empty square as black there): it is then
/// taken for a castling, `from to,kill x` with `x` the square beside `to` (a file letter
/// outside the board when `to` is on the edge) and no promotion letter.
pub fn relayed(picture: &Picture, action: &Action, zero_based: bool) -> String {
    let Some(kill) = action.kill else { return action_text(action, zero_based) };
    let white = |sq| picture.board.at(sq).is_some_and(is_white);
    if white(kill) != white(action.from) {
        return action_text(action, zero_based);
    }
    let name = |sq| square_name(sq, zero_based);
    let step: i32 = if action.from.0 > kill.0 { 1 } else { -1 };
    let beside = u8::try_from(i32::from(b'a') + i32::from(action.to.0) + step).unwrap_or(b'?');
    let rank = &name(action.to)[1..];
    format!("{}{},{}{}{rank}", name(action.from), name(action.to), name(kill), char::from(beside))
}

/// How XBoard reads a move text (a user's move, or a move it relays): `from to` or two legs
/// `a b,c d`, the legs joined into one move from `a` to `d` through `c` when `c` is on the
/// file of `b`, else a move from `a` to `b` killing `c`. `None` for what is not a move.
pub fn read_action(text: &str, zero_based: bool, files: u8, ranks: u8) -> Option<Action> {
    let (first, second) = match text.split_once(',') {
        Some((first, second)) => (first, Some(second)),
        None => (text, None),
    };
    let (squares, tail) = leading_squares(first, zero_based, files, ranks)?;
    let [from, to] = squares[..] else { return None };
    let Some(second) = second else {
        return Some(Action { from, to, kill: None, promo: promotion(tail) });
    };
    let (legs, tail) = leading_squares(second, zero_based, files, ranks)?;
    let [kill, end] = legs[..] else { return None };
    let to = if kill.0 == to.0 { end } else { to };
    Some(Action { from, to, kill: Some(kill), promo: promotion(tail) })
}

/// The first two squares of a leg and what follows them.
fn leading_squares(
    text: &str,
    zero_based: bool,
    files: u8,
    ranks: u8,
) -> Option<(Vec<Square>, &str)> {
    let bytes = text.as_bytes();
    let mut squares = Vec::new();
    let mut i = 0;
    while squares.len() < 2 {
        let file = bytes.get(i).copied().filter(u8::is_ascii_lowercase)? - b'a';
        let start = i + 1;
        i = start;
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let number: u8 = text.get(start..i)?.parse().ok()?;
        let rank = if zero_based { Some(number) } else { number.checked_sub(1) }?;
        if file >= files || rank >= ranks {
            return None;
        }
        squares.push((file, rank));
    }
    Some((squares, text.get(i..).unwrap_or("")))
}

fn promotion(tail: &str) -> Option<char> {
    tail.chars().next().filter(char::is_ascii_alphabetic).map(|c| c.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::xboard_variants::xboard_variant;
    use sissa_movegen::Variant;

    fn slots(variant: Variant) -> Slots {
        Slots::of(&xboard_variant(variant).board.expect("engine-defined"))
    }

    fn picture(fen: &str) -> Picture {
        Picture::new(Board::from_fen(fen, 8, 8))
    }

    fn act(from: Square, to: Square, kill: Option<Square>) -> Action {
        Action { from, to, kill, promo: None }
    }

    // The expected pictures and texts below are the ones XBoard 4.9.1 showed and sent in
    // two-engine games with scripted engines (xboard.md, "What XBoard 4.9 does with a move").

    #[test]
    fn a_leg_through_a_square_empties_it() {
        let s = slots(Variant::RollingKings);
        let p = picture("r3k3/3p4/8/8/4n3/8/3PP3/3QKN2 w - - 0 1");
        // d1 to d7 through d1 itself: the Queen vanishes and so does the d7 pawn.
        let next = p.apply(&act((3, 0), (3, 6), Some((3, 0))), &s, None);
        assert_eq!(next.board.placement(), "r3k3/8/8/8/4n3/8/3PP3/4KN2");
        // A knight that stays where it is, killing an empty square: nothing changes.
        let still = p.apply(&act((5, 0), (5, 0), Some((7, 0))), &s, None);
        assert_eq!(still.board, p.board);
        // The King to f1 through e2: the e2 pawn goes, the knight on f1 is taken.
        let next = p.apply(&act((4, 0), (5, 0), Some((4, 1))), &s, None);
        assert_eq!(next.board.placement(), "r3k3/3p4/8/8/4n3/8/3P4/3Q1K2");
    }

    #[test]
    fn a_promotion_letter_retypes_any_piece() {
        let s = slots(Variant::Uc40);
        let p = picture("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
        let next = p.apply(&Action { promo: Some('z'), ..act((6, 0), (5, 2), None) }, &s, None);
        assert_eq!(next.board.placement(), "4k3/8/8/8/8/5Z2/8/4K3");
    }

    #[test]
    fn the_pawn_slot_takes_en_passant_after_a_double_step() {
        let s = slots(Variant::Uc40);
        let p = picture("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
        let p = p.apply(&act((3, 6), (3, 4), None), &s, Some(35));
        let next = p.apply(&act((4, 4), (3, 5), None), &s, Some(43));
        assert_eq!(next.board.placement(), "4k3/8/3P4/8/8/8/8/4K3");
        // Without the double step the same diagonal step takes nothing.
        let p = picture("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
        let next = p.apply(&act((4, 4), (3, 5), None), &s, Some(43));
        assert_eq!(next.board.placement(), "4k3/8/3P4/3p4/8/8/8/4K3");
    }

    #[test]
    fn the_king_slot_castles_with_the_nearest_piece() {
        let s = slots(Variant::Rococo);
        let p =
            Picture::new(Board::from_fen("k9/10/10/10/10/10/10/10/10/1S1UK5 w - - 0 1", 10, 10));
        // The King image e1 three squares left: the nearest piece beyond e1, the
        // Pushme-Pullyu on d1, lands beside the target, on c1 (XBoard's ApplyMove).
        let next = p.apply(&act((4, 0), (1, 0), None), &s, Some(1));
        assert_eq!(next.board.placement(), "k9/10/10/10/10/10/10/10/10/1KU7");
        assert_eq!(next.owner_of((2, 0)), Some(3), "the image still stands for d1's piece");
        // One square is a plain step.
        let next = p.apply(&act((4, 0), (5, 0), None), &s, Some(5));
        assert_eq!(next.board.placement(), "k9/10/10/10/10/10/10/10/10/1S1U1K4");
    }

    #[test]
    fn relays_keep_the_legs_unless_xboard_sees_a_castling() {
        let p = picture("r3k3/3p4/8/8/4n3/8/3PP3/3QKN2 w - - 0 1");
        let text = |a: &Action| relayed(&p, a, false);
        // Through an enemy piece or an empty square, White: as sent.
        assert_eq!(text(&act((5, 0), (5, 0), Some((7, 0)))), "f1h1,h1f1");
        // Through an own piece: a castling, the promotion dropped.
        let promoted = Action { promo: Some('r'), ..act((5, 0), (6, 2), Some((4, 1))) };
        assert_eq!(text(&promoted), "f1g3,e2h3");
        assert_eq!(text(&act((3, 0), (3, 6), Some((3, 0)))), "d1d7,d1c7");
        // Black through an empty square is a castling too.
        let black = picture("r3k3/3p4/8/8/4n3/8/3PP3/3QKN2 b - - 0 1");
        assert_eq!(relayed(&black, &act((4, 3), (5, 1), Some((5, 3))), false), "e4f2,f4e2");
        // A black piece vanishing on the a-file: the square beside it is off the board.
        assert_eq!(relayed(&black, &act((0, 7), (0, 7), Some((0, 7))), false), "a8a8,a8`8");
    }

    #[test]
    fn xboard_joins_legs_on_one_file_only() {
        let read = |t| read_action(t, false, 8, 8);
        assert_eq!(read("c1d2,d2e3"), Some(act((2, 0), (4, 2), Some((3, 1)))));
        assert_eq!(read("d1d7,d1c7"), Some(act((3, 0), (2, 6), Some((3, 0)))));
        assert_eq!(read("f1g3,e2h3"), Some(act((5, 0), (6, 2), Some((4, 1)))));
        assert_eq!(read("a7a8q"), Some(Action { promo: Some('q'), ..act((0, 6), (0, 7), None) }));
        assert_eq!(read_action("e4e5,e5e2", true, 10, 10), Some(act((4, 4), (4, 2), Some((4, 5)))));
        assert_eq!(read("N@e4"), None);
        assert_eq!(read("a9a1"), None);
    }
}
