//! The state a file variant with drops keeps beyond the board: each side's hand (the shared
//! [`Reserve`], sorted) and the squares of pieces that came by promotion (a captured one
//! goes to hand as a pawn), with their zobrist keys and their FEN forms: the hands in
//! brackets after the placement (`[QNbp]`, White's upper case, Black's lower case) and `~`
//! after a promoted piece's code (`Q~`), as Fairy-Stockfish writes them.

use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::geometry::{Color, Square};
use crate::piece::{Kind, MAX_KINDS};
use crate::reserve::Reserve;
use crate::variant::VariantDef;
use crate::zobrist::ZOBRIST;

/// Most pieces one hand holds; a game with more pieces (kings apart) is refused.
pub const HAND_CAPACITY: usize = 64;

pub type Hand = Reserve<HAND_CAPACITY>;

/// Keys: (colour, type, count from 1) for hands, then one per promoted square.
const PROMOTED_KEYS: usize = 2 * MAX_KINDS * HAND_CAPACITY;
const _: () = assert!(PROMOTED_KEYS + 128 <= crate::zobrist::EXTRA_KEYS);

/// A file variant's state beyond the board. Empty (and hashing to 0) in variants without
/// drops, so that their hashes are those of the board alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hands<B> {
    /// White's and Black's pieces in hand, sorted by type.
    pub hands: [Hand; 2],
    /// Squares of pieces that came by promotion.
    pub promoted: B,
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

/// The zobrist key of a promoted piece on `sq`.
pub fn promoted_key(sq: Square) -> u64 {
    ZOBRIST.extra[PROMOTED_KEYS + (sq as usize & 127)]
}

impl<B: Bitboard> Hands<B> {
    /// The zobrist contribution of the whole state.
    pub fn hash(&self) -> u64 {
        let promoted = self.promoted.squares().fold(0, |h, sq| h ^ promoted_key(sq));
        hand_hash(&self.hands[0], 0) ^ hand_hash(&self.hands[1], 1) ^ promoted
    }
}

/// Reads the holdings between the brackets: piece letters, White's upper case, Black's
/// lower case, in any order; `-` or nothing for empty hands.
pub fn parse_holdings<S: crate::shape::Shape>(
    def: &VariantDef<S>,
    text: &str,
) -> Result<[Hand; 2], FenError> {
    let mut hands = [Hand::default(), Hand::default()];
    for c in text.chars().filter(|&c| c != '-') {
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
        if !hands[color.index()].insert_sorted(kind) {
            return Err(bad("too many pieces"));
        }
    }
    Ok(hands)
}

/// The holdings between the brackets: White's pieces, then Black's.
pub fn write_holdings<S: crate::shape::Shape>(def: &VariantDef<S>, hands: &[Hand; 2]) -> String {
    let mut out = String::new();
    for color in Color::BOTH {
        for &kind in hands[color.index()].as_slice() {
            out.push_str(&def.piece_code(kind, color));
        }
    }
    out
}
