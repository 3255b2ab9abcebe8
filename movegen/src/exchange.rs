//! Exchanges and drop credits (RULES.md section 6, the Drops ruling), for any board: UC-40's
//! and a file variant's `dropCredits = exchange`.
//!
//! An exchange is a capturing ply answered at once by a capture of the piece that made it.
//! If both sides lost at least one non-pawn piece in that pair, each earns one credit per
//! non-pawn piece it lost. The state keeps the last ply's capture as "pending" (the square
//! of the capturing piece and how many non-pawn pieces it took) for exactly one ply; a
//! recapture completes the pair and leaves nothing pending. Mutual destruction is an
//! exchange by itself, and also completes a pending pair when it destroys the piece that
//! made that capture.
//!
//! Besides the account, this module keeps the account's zobrist keys and its two FEN fields
//! (`W,B` credits, `e5:1` or `-` pending), which both variants write the same way.

use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::geometry::{Color, Dims, Square};
use crate::moves::{Move, MoveKind};
use crate::zobrist::ZOBRIST;

/// The last ply's capture while it can still be answered by a recapture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    /// Where the piece that made the capture stands.
    pub square: Square,
    /// How many non-pawn pieces that capture took.
    pub taken: u8,
}

/// Pieces of `set` that are not among `pawns`.
#[inline]
fn non_pawns<B: Bitboard>(pawns: B, set: B) -> u8 {
    (set & !pawns).count() as u8
}

/// What a move does to the account: the credits each side earns (mover first) and what it
/// leaves pending. `pawns` are the pawns before the move, `captured` the enemy pieces it
/// removes (for mutual destruction, the destroyed enemy).
fn account<B: Bitboard>(
    pawns: B,
    pending: Option<Pending>,
    mv: Move,
    captured: B,
) -> ([u8; 2], Option<Pending>) {
    // The loss the mover suffered by the pending capture, if this move answers it.
    let answered = |set: B| pending.filter(|p| set.has(p.square)).map(|p| p.taken);
    if mv.kind() == MoveKind::MutualDestruction {
        let to = B::from_square(mv.to());
        // The destroying Swapper or Chameleon is one more non-pawn loss of the mover.
        let mover_lost = 1 + answered(to).unwrap_or(0);
        return (earned(mover_lost, non_pawns(pawns, to)), None);
    }
    if captured.is_empty() {
        return ([0, 0], None);
    }
    let taken = non_pawns(pawns, captured);
    match answered(captured) {
        Some(lost) => (earned(lost, taken), None),
        None => ([0, 0], Some(Pending { square: mv.to(), taken })),
    }
}

/// Credits earned by (mover, other side) when the mover lost `mover_lost` and the other side
/// `other_lost` non-pawn pieces in one pair.
#[inline]
fn earned(mover_lost: u8, other_lost: u8) -> [u8; 2] {
    if mover_lost >= 1 && other_lost >= 1 {
        [mover_lost, other_lost]
    } else {
        [0, 0]
    }
}

/// Settles the account of the move `mv` of side `us` (removing `captured`) into `credits`
/// and `pending`.
#[inline]
pub fn settle<B: Bitboard>(
    pawns: B,
    credits: &mut [u8; 2],
    pending: &mut Option<Pending>,
    us: Color,
    mv: Move,
    captured: B,
) {
    let ([mine, theirs], left) = account(pawns, *pending, mv, captured);
    let (me, other) = (us.index(), us.flip().index());
    credits[me] = credits[me].saturating_add(mine);
    credits[other] = credits[other].saturating_add(theirs);
    *pending = left;
}

/// Will side `us` hold a credit after the move (so that it may drop in this turn)?
pub fn earns_or_has_credit<B: Bitboard>(
    pawns: B,
    credits: [u8; 2],
    pending: Option<Pending>,
    us: Color,
    mv: Move,
    captured: B,
) -> bool {
    if credits[us.index()] > 0 {
        return true;
    }
    if pending.is_none() && mv.kind() != MoveKind::MutualDestruction {
        return false;
    }
    account(pawns, pending, mv, captured).0[0] > 0
}

// ----- zobrist keys -----

/// Credits above this hash as this (more cannot be spent in any real game).
const CREDIT_KEYS: usize = 64;
/// Pending counts above this hash as this.
const COUNT_KEYS: usize = 16;

/// How many keys [`hash`] uses for a board of `squares` squares.
pub const fn keys_used(squares: usize) -> usize {
    2 * CREDIT_KEYS + squares + COUNT_KEYS
}

/// The zobrist contribution of the credits and the pending exchange, from the extra keys
/// starting at `base` (credits per side, then one per pending square of the `squares`, then
/// the pending count). Inlined, so that `squares` is a constant where it is called.
#[inline]
pub fn hash(credits: [u8; 2], pending: Option<Pending>, base: usize, squares: usize) -> u64 {
    let keys = &ZOBRIST.extra;
    let mut h = 0;
    for (c, &n) in credits.iter().enumerate() {
        h ^= keys[base + c * CREDIT_KEYS + (n as usize).min(CREDIT_KEYS - 1)];
    }
    if let Some(p) = pending {
        let square_base = base + 2 * CREDIT_KEYS;
        h ^= keys[square_base + (p.square as usize % squares)];
        h ^= keys[square_base + squares + (p.taken as usize).min(COUNT_KEYS - 1)];
    }
    h
}

// ----- FEN fields -----

/// The credits field `W,B`.
pub fn parse_credits(text: &str) -> Result<[u8; 2], FenError> {
    let (w, b) = text
        .split_once(',')
        .ok_or_else(|| FenError::new(format!("credits must be W,B, not {text:?}")))?;
    Ok([number(w, "credit")?, number(b, "credit")?])
}

fn number(text: &str, what: &str) -> Result<u8, FenError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenError::new(format!("bad {what} {text:?}")));
    }
    text.parse().map_err(|_| FenError::new(format!("bad {what} {text:?}")))
}

/// The pending field: `-`, or the square of the piece that made the last capture (a piece of
/// the side that just moved, which `moved_piece_on` tells) and the number of non-pawn pieces
/// it took (`e5:1`).
pub fn parse_pending(
    text: &str,
    dims: Dims,
    moved_piece_on: impl Fn(Square) -> bool,
) -> Result<Option<Pending>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let bad = || FenError::new(format!("bad pending exchange {text:?}"));
    let (sq, n) = text.split_once(':').ok_or_else(bad)?;
    let square = dims.parse_square(sq).ok_or_else(bad)?;
    if !moved_piece_on(square) {
        return Err(FenError::new(format!(
            "pending exchange {text:?}: no piece of the side that just moved there"
        )));
    }
    Ok(Some(Pending { square, taken: number(n, "pending count")? }))
}

/// The two fields: credits, then the pending exchange or `-`.
pub fn write_fields(credits: [u8; 2], pending: Option<Pending>, dims: Dims) -> [String; 2] {
    [
        format!("{},{}", credits[0], credits[1]),
        pending.map_or("-".to_string(), |p| format!("{}:{}", dims.square_name(p.square), p.taken)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    const E5: Square = 36;
    const D4: Square = 27;

    /// A pawn-free board but for `pawns`; each case worked out from the ruling.
    #[test]
    fn a_pair_of_non_pawn_captures_earns_each_side_its_losses() {
        let (mut credits, mut pending) = ([0u8; 2], None);
        // White's knight d4 takes a rook on e5 (128-bit board: the account is generic).
        settle(0u128, &mut credits, &mut pending, Color::White, Move::normal(D4, E5), 1 << E5);
        assert_eq!((credits, pending), ([0, 0], Some(Pending { square: E5, taken: 1 })));
        // Black may drop in its recapture's turn: it will have earned a credit.
        let recapture = Move::normal(44, E5);
        assert!(earns_or_has_credit(0u128, credits, pending, Color::Black, recapture, 1 << E5));
        // Black takes the knight back: one non-pawn loss each, one credit each.
        settle(0u128, &mut credits, &mut pending, Color::Black, recapture, 1 << E5);
        assert_eq!((credits, pending), ([1, 1], None));
        // A recapture is not the first ply of another pair: taking that piece earns nothing.
        settle(0u128, &mut credits, &mut pending, Color::White, Move::normal(D4, E5), 1 << E5);
        assert_eq!(pending, Some(Pending { square: E5, taken: 1 }));
    }

    #[test]
    fn pawns_earn_nothing_but_still_complete_a_pair() {
        let pawns = 1u64 << E5;
        let (mut credits, mut pending) = ([0u8; 2], None);
        // A knight takes a pawn: pending with no non-pawn loss.
        settle(pawns, &mut credits, &mut pending, Color::White, Move::normal(D4, E5), pawns);
        assert_eq!(pending, Some(Pending { square: E5, taken: 0 }));
        // The queen takes the knight: Black lost only a pawn, so nobody earns, and the pair
        // is complete (nothing pending).
        let (knight, recapture) = (1u64 << E5, Move::normal(44, E5));
        assert!(!earns_or_has_credit(0u64, credits, pending, Color::Black, recapture, knight));
        settle(0u64, &mut credits, &mut pending, Color::Black, recapture, knight);
        assert_eq!((credits, pending), ([0, 0], None));
        // A quiet move leaves nothing pending; a held credit lets a side drop anyway.
        pending = Some(Pending { square: E5, taken: 2 });
        settle(0u64, &mut credits, &mut pending, Color::White, Move::normal(0, 1), 0);
        assert_eq!(pending, None);
        assert!(earns_or_has_credit(0u64, [0, 1], None, Color::Black, Move::normal(0, 1), 0));
    }

    #[test]
    fn the_fields_are_read_and_written_as_uc40_writes_them() {
        let dims = Dims { files: 10, ranks: 10 };
        assert_eq!(parse_credits("3,12").ok(), Some([3, 12]));
        assert!(parse_credits("3;1").is_err() && parse_credits("3,").is_err());
        let pending = parse_pending("j10:2", dims, |sq| sq == 99).ok().flatten();
        assert_eq!(pending, Some(Pending { square: 99, taken: 2 }));
        assert!(parse_pending("j10:2", dims, |_| false).is_err());
        assert_eq!(parse_pending("-", dims, |_| false).ok(), Some(None));
        assert_eq!(write_fields([1, 0], pending, dims), ["1,0".to_string(), "j10:2".to_string()]);
    }
}
