//! The state a file variant with drops keeps beyond the board: each side's hand (the shared
//! [`Reserve`], sorted) and the squares of pieces that came by promotion (a captured one
//! goes to hand as a pawn), with their zobrist keys and their FEN forms: the hands in
//! brackets after the placement (`[QNbp]`, White's upper case, Black's lower case) and `~`
//! after a promoted piece's code (`Q~`), as Fairy-Stockfish writes them.
//!
//! With Sissa's reserve keys the hand is a queue in drop order, written as UC-40 writes its
//! reserves (`[QR/rq]`), and the state also keeps the drop credits and the pending exchange
//! of the shared [`crate::exchange`] account, written after the clocks (`1,0 e5:1`).

use crate::bitboard::Bitboard;
use crate::exchange::{self, Pending};
use crate::fen::FenError;
use crate::geometry::{Color, Square};
use crate::piece::{Kind, MAX_KINDS};
use crate::reserve::Reserve;
use crate::variant::VariantDef;
use crate::zobrist::ZOBRIST;

/// Most pieces one hand holds; a game with more pieces (kings apart) is refused.
pub const HAND_CAPACITY: usize = 64;

pub type Hand = Reserve<HAND_CAPACITY>;

/// Keys: (colour, type, count from 1) for hands (for a queue: place from 1), then one per
/// promoted square, then the exchange account's.
const PROMOTED_KEYS: usize = 2 * MAX_KINDS * HAND_CAPACITY;
const EXCHANGE_KEYS: usize = PROMOTED_KEYS + 128;
const _: () = assert!(EXCHANGE_KEYS + exchange::keys_used(128) <= crate::zobrist::EXTRA_KEYS);

/// A file variant's state beyond the board. Empty (and hashing to 0) in variants without
/// drops, so that their hashes are those of the board alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hands<B> {
    /// White's and Black's pieces in hand, sorted by type (a queue: in drop order).
    pub hands: [Hand; 2],
    /// Squares of pieces that came by promotion.
    pub promoted: B,
    /// White's and Black's drop credits (`dropCredits = exchange`).
    pub credits: [u8; 2],
    /// The last ply's capture, while a recapture may answer it.
    pub pending: Option<Pending>,
}

fn hand_key(color: usize, kind: Kind, count: usize) -> u64 {
    ZOBRIST.extra[(color * MAX_KINDS + kind as usize) * HAND_CAPACITY + count - 1]
}

/// The zobrist contribution of one hand: a key per type held and how many.
pub fn hand_hash(hand: &Hand, color: usize) -> u64 {
    let kinds = hand.as_slice();
    let mut h = 0;
    let mut i = 0;
    while i < kinds.len() {
        let kind = kinds[i];
        let run = kinds[i..].iter().take_while(|&&k| k == kind).count();
        h ^= hand_key(color, kind, run.min(HAND_CAPACITY));
        i += run;
    }
    h
}

/// The zobrist contribution of a queue: a key per place and type.
fn queue_hash(queue: &Hand, color: usize) -> u64 {
    let places = queue.as_slice().iter().enumerate();
    places.fold(0, |h, (place, &kind)| h ^ hand_key(color, kind, place.min(HAND_CAPACITY - 1) + 1))
}

/// The zobrist contribution of one side's hand or, if `queue`, queue.
pub fn reserve_hash(hand: &Hand, color: usize, queue: bool) -> u64 {
    if queue {
        queue_hash(hand, color)
    } else {
        hand_hash(hand, color)
    }
}

/// The zobrist contribution of the credits and the pending exchange: none for an empty
/// account, so that variants without credits hash as before.
pub fn account_hash(credits: [u8; 2], pending: Option<Pending>) -> u64 {
    let key = |credits, pending| exchange::hash(credits, pending, EXCHANGE_KEYS, 128);
    key(credits, pending) ^ key([0, 0], None)
}

/// The zobrist key of a promoted piece on `sq`.
pub fn promoted_key(sq: Square) -> u64 {
    ZOBRIST.extra[PROMOTED_KEYS + (sq as usize & 127)]
}

impl<B: Bitboard> Hands<B> {
    /// The zobrist contribution of the whole state; `queue` if the hands are queues.
    pub fn hash(&self, queue: bool) -> u64 {
        let promoted = self.promoted.squares().fold(0, |h, sq| h ^ promoted_key(sq));
        let hands = reserve_hash(&self.hands[0], 0, queue) ^ reserve_hash(&self.hands[1], 1, queue);
        hands ^ promoted ^ account_hash(self.credits, self.pending)
    }
}

/// Reads the holdings between the brackets: piece letters, White's upper case, Black's
/// lower case, in any order; `-` or nothing for empty hands. Queues keep the order written,
/// and may be written as UC-40's reserves, White's and Black's apart: `[QR/rq]`.
pub fn parse_holdings<S: crate::shape::Shape>(
    def: &VariantDef<S>,
    text: &str,
    queue: bool,
) -> Result<[Hand; 2], FenError> {
    let mut hands = [Hand::default(), Hand::default()];
    if let Some((white, black)) = text.split_once('/').filter(|_| queue) {
        let bad_case = |part: &str, upper: bool| {
            part.chars().any(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() != upper)
        };
        if bad_case(white, true) || bad_case(black, false) {
            return Err(FenError::new(format!(
                "bad holdings {text:?}: White's queue is upper case, Black's lower case"
            )));
        }
    }
    for c in text.chars().filter(|&c| c != '-' && !(queue && c == '/')) {
        let bad = |why: &str| FenError::new(format!("bad holdings {text:?}: {why}"));
        if !c.is_ascii_alphabetic() {
            return Err(bad("piece letters only"));
        }
        let kind = def
            .kind_of_code(&c.to_ascii_uppercase().to_string())
            .ok_or_else(|| bad(&format!("no piece {c}")))?;
        if kind == def.king {
            return Err(bad("no king in hand"));
        }
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        if !add(&mut hands[color.index()], kind, queue) {
            return Err(bad("too many pieces"));
        }
    }
    Ok(hands)
}

/// Adds a piece to a hand in sorted place, or to the back of a queue; false if it is full.
fn add(hand: &mut Hand, kind: Kind, queue: bool) -> bool {
    if queue {
        hand.push_back(kind)
    } else {
        hand.insert_sorted(kind)
    }
}

/// The holdings between the brackets: White's pieces, then Black's; queues in drop order,
/// apart (`QR/rq`).
pub fn write_holdings<S: crate::shape::Shape>(
    def: &VariantDef<S>,
    hands: &[Hand; 2],
    queue: bool,
) -> String {
    let mut out = String::new();
    for color in Color::BOTH {
        if queue && color == Color::Black {
            out.push('/');
        }
        for &kind in hands[color.index()].as_slice() {
            out.push_str(&def.piece_code(kind, color));
        }
    }
    out
}
