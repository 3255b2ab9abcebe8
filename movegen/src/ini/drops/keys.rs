//! The drop keys of the format read into a [`DropsDef`]: whether pieces in hand may be
//! dropped, whether captures go to hand, and where pieces may land.

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
}

/// The drop keys read here.
pub const DROP_KEYS: [&str; 9] = [
    "pieceDrops",
    "capturesToHand",
    "dropLoop",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropChecks",
    "mustDrop",
    "dropRegionWhite",
    "dropRegionBlack",
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
    };
    Ok((drops.piece_drops || drops.captures_to_hand).then_some(drops))
}
