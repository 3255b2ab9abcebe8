//! The drop keys of the format read into a [`DropsDef`]: whether pieces in hand may be
//! dropped, whether captures go to hand, and where pieces may land; and Sissa's keys of a
//! reserve with exchange credits ([`ReserveRules`], UC-40's).

use super::super::definition::Keys;
use super::super::values::{parse_bool, parse_region, Region};

/// Drops and hands as a file defines them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropsDef {
    /// `pieceDrops`: a turn may drop a piece in hand instead of moving.
    pub piece_drops: bool,
    /// `capturesToHand`: a captured piece goes to the capturer's hand.
    pub captures_to_hand: bool,
    /// `dropLoop`: a captured promoted piece goes to hand as it is, not as a pawn.
    pub drop_loop: bool,
    /// `firstRankPawnDrops`: pawns may be dropped on the dropping side's first rank.
    pub first_rank_pawn_drops: bool,
    /// `promotionZonePawnDrops`: pawns may be dropped in the promotion region.
    pub promotion_zone_pawn_drops: bool,
    /// `dropChecks`: a drop may give check.
    pub drop_checks: bool,
    /// `mustDrop`: while a drop is legal, only drops are.
    pub must_drop: bool,
    /// `dropRegionWhite`, `dropRegionBlack`: where each side may drop (every square if unset).
    pub drop_region: [Option<Region>; 2],
    /// Sissa's reserve keys.
    pub reserve: ReserveRules,
}

/// How the hand differs from a crazyhouse hand: Sissa's keys (docs/variants.md), each one of
/// UC-40's reserve rules. All false is the crazyhouse hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReserveRules {
    /// `reserveOrder = queue`: the hand keeps the FEN's order and only its front is dropped.
    pub queue: bool,
    /// `promotionFromReserve`: a pawn promotes into the back of its queue, and may not enter
    /// the promotion region while the queue is empty.
    pub promotion_from_reserve: bool,
    /// `dropCredits = exchange`: a drop spends a credit, earned by exchanges.
    pub exchange_credits: bool,
    /// `dropAfterMove`: a turn is a move and at most one drop after it.
    pub drop_after_move: bool,
}

/// The drop keys read here.
pub const DROP_KEYS: [&str; 13] = [
    "pieceDrops",
    "capturesToHand",
    "dropLoop",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropChecks",
    "mustDrop",
    "dropRegionWhite",
    "dropRegionBlack",
    "reserveOrder",
    "promotionFromReserve",
    "dropCredits",
    "dropAfterMove",
];

/// Drop keys accepted with their default value only (the rules they change are not played).
pub const DROP_DEFAULTS: [(&str, &str); 7] = [
    ("mustDropType", "*"),
    ("dropPromoted", "false"),
    ("dropNoDoubled", "-"),
    ("sittuyinRookDrop", "false"),
    ("dropOppositeColoredBishop", "false"),
    ("castlingDroppedPiece", "false"),
    ("twoBoards", "false"),
];

/// Is `key` one of the drop keys, read or accepted at its default?
pub fn is_drop_key(key: &str) -> bool {
    DROP_KEYS.contains(&key) || DROP_DEFAULTS.iter().any(|(k, _)| *k == key)
}

/// The drop rules of a section, or `None` if it has neither drops nor captures to hand.
pub(in crate::ini) fn read_drops(
    keys: &Keys,
    files: u8,
    ranks: u8,
) -> Result<Option<DropsDef>, (usize, String)> {
    for (key, only) in DROP_DEFAULTS {
        if let Some(e) = keys.get(key) {
            if !e.value.trim().eq_ignore_ascii_case(only) {
                return Err((
                    keys.line(e),
                    format!("{key} = {} is not supported (only {only})", e.value),
                ));
            }
        }
    }
    let flag = |key: &str, default: bool| -> Result<bool, (usize, String)> {
        Ok(keys.read(key, parse_bool)?.unwrap_or(default))
    };
    let region = |key: &str| keys.read(key, |v| parse_region(v, files, ranks));
    let drops = DropsDef {
        piece_drops: flag("pieceDrops", false)?,
        captures_to_hand: flag("capturesToHand", false)?,
        drop_loop: flag("dropLoop", false)?,
        first_rank_pawn_drops: flag("firstRankPawnDrops", false)?,
        promotion_zone_pawn_drops: flag("promotionZonePawnDrops", false)?,
        drop_checks: flag("dropChecks", true)?,
        must_drop: flag("mustDrop", false)?,
        drop_region: [region("dropRegionWhite")?, region("dropRegionBlack")?],
        reserve: read_reserve(keys)?,
    };
    check_reserve(keys, &drops)?;
    Ok((drops.piece_drops || drops.captures_to_hand).then_some(drops))
}

fn read_reserve(keys: &Keys) -> Result<ReserveRules, (usize, String)> {
    let choice = |key: &str, default: &'static str, other: &'static str| {
        keys.read(key, move |v: &str| match v.trim() {
            v if v == default => Ok(false),
            v if v == other => Ok(true),
            v => Err(format!("expected {default} or {other}, not {v:?}")),
        })
        .map(|read| read.unwrap_or(false))
    };
    Ok(ReserveRules {
        queue: choice("reserveOrder", "free", "queue")?,
        promotion_from_reserve: keys.read("promotionFromReserve", parse_bool)?.unwrap_or(false),
        exchange_credits: choice("dropCredits", "none", "exchange")?,
        drop_after_move: keys.read("dropAfterMove", parse_bool)?.unwrap_or(false),
    })
}

/// Refuses the reserve keys where the rules they would make are not settled: the line named
/// is the key's.
fn check_reserve(keys: &Keys, drops: &DropsDef) -> Result<(), (usize, String)> {
    let r = drops.reserve;
    let refuse = |key: &str, why: &str| {
        let line = keys.get(key).map_or(0, |e| keys.line(e));
        Err((line, format!("{key}: {why}")))
    };
    let used = [
        ("reserveOrder", r.queue),
        ("promotionFromReserve", r.promotion_from_reserve),
        ("dropCredits", r.exchange_credits),
        ("dropAfterMove", r.drop_after_move),
    ];
    if let Some((key, _)) = used.iter().find(|(_, on)| *on).filter(|_| !drops.piece_drops) {
        return refuse(key, "needs pieceDrops = true");
    }
    if r.queue && drops.captures_to_hand {
        return refuse("reserveOrder", "a queue has no place for captured pieces (capturesToHand)");
    }
    // A move records only where its drop lands: the piece must be the queue's front.
    for (key, on) in
        [("promotionFromReserve", r.promotion_from_reserve), ("dropAfterMove", r.drop_after_move)]
    {
        if on && !r.queue {
            return refuse(key, "needs reserveOrder = queue");
        }
    }
    if r.drop_after_move && (drops.must_drop || !drops.drop_checks) {
        return refuse("dropAfterMove", "does not combine with mustDrop or dropChecks = false");
    }
    Ok(())
}
