//! How each variant is presented to XBoard: its name there, and for the variants XBoard
//! does not know, the board, the piece images (pieceToChar table) and the moves of the
//! pieces in XBetza, which XBoard uses to test legality and highlight moves.
//!
//! A new variant adds one arm to [`xboard_variant`].

use sissa_movegen::{Setup, Variant};

/// XBoard's piece image slots, in pieceToChar order: the letter in slot i of a table is
/// drawn with the image of `IMAGE_SLOTS[i]`.
pub const IMAGE_SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// A board XBoard learns from the engine's `setup` command.
pub struct EngineDefinedBoard {
    /// Which of our letters appear in which image slot, White's half then Black's.
    pub piece_to_char: &'static str,
    /// Pieces a side may hold in hand (XBoard's holdings).
    pub holdings: u32,
    /// The XBoard variant whose rules apply to everything not described by `piece` lines.
    pub parent: &'static str,
    /// `piece` lines: our letter and its XBetza description.
    pub pieces: &'static [(&'static str, &'static str)],
}

/// What XBoard must be shown beyond the move's own from and to squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtraLegs {
    None,
}

pub struct XboardVariant {
    pub variant: Variant,
    /// The name in XBoard's `variant` command and in `feature variants`.
    pub name: &'static str,
    /// `None` for the variants XBoard knows itself.
    pub board: Option<EngineDefinedBoard>,
    pub extra_legs: ExtraLegs,
}

pub fn xboard_variant(variant: Variant) -> XboardVariant {
    let board = match variant {
        Variant::Chess => None,
        // Chancellor in the Chancellor slot, the Lion in the Wazir slot (never the Lance
        // slot: XBoard would promote it on the last rank), the Unicorn in its own slot.
        // XBoard does not read the doubled nightrider `NN`; `N0` is the same rider.
        Variant::LionsUnicorns => Some(EngineDefinedBoard {
            piece_to_char: "PNBRQ...ML..........UKpnbrq...ml..........uk",
            holdings: 0,
            parent: "fairy",
            pieces: &[("M", "RN"), ("L", "FDH"), ("U", "BN0")],
        }),
        // The Mock King in the Man (commoner) slot. Its King-line slide and the Kings'
        // own walk have no XBetza form: XBoard needs -testLegality false here. XBoard 4.9
        // cannot show a second piece moving in the same turn (it reads `d3d4,h1g1` as a
        // locust capture of h1), so the moves go plain and the King step is not drawn.
        Variant::RollingKings => Some(EngineDefinedBoard {
            piece_to_char: "PNBRQ.....U..........Kpnbrq.....u..........k",
            holdings: 0,
            parent: "fairy",
            pieces: &[],
        }),
    };
    let extra_legs = ExtraLegs::None;
    let name = match variant {
        Variant::Chess => "normal",
        other => other.name(),
    };
    XboardVariant { variant, name, board, extra_legs }
}

/// The variant XBoard calls `name`. XBoard may put the board size before an engine-defined
/// name once it knows it (`10x8+0_lionsunicorns`); that prefix is accepted when it matches.
pub fn variant_from_xboard(name: &str) -> Result<Variant, String> {
    let name = name.trim();
    let (size, bare) = match name.split_once('_') {
        Some((size, bare)) if size.contains('x') => (Some(size), bare),
        _ => (None, name),
    };
    let variant = Variant::ALL
        .iter()
        .copied()
        .find(|&v| xboard_variant(v).name == bare || v.name() == bare)
        .ok_or_else(|| format!("unknown variant {bare}"))?;
    if let Some(size) = size {
        let dims = variant.dims();
        let files_ranks = size.split('+').next().unwrap_or(size);
        if files_ranks != format!("{}x{}", dims.files, dims.ranks) {
            return Err(format!("{bare} is played on {}x{}, not {size}", dims.files, dims.ranks));
        }
    }
    Ok(variant)
}

/// The `feature variants="..."` list.
pub fn variants_feature() -> String {
    Variant::ALL.iter().map(|&v| xboard_variant(v).name).collect::<Vec<_>>().join(",")
}

/// What to send in answer to `variant X`: the `setup` line and the `piece` lines, for the
/// variants XBoard does not know; nothing for the others.
pub fn variant_announcement(variant: Variant, setup: &Setup) -> Vec<String> {
    let Some(board) = xboard_variant(variant).board else {
        return Vec::new();
    };
    let dims = variant.dims();
    let mut lines = vec![format!(
        "setup ({}) {}x{}+{}_{} {}",
        board.piece_to_char,
        dims.files,
        dims.ranks,
        board.holdings,
        board.parent,
        variant.start_fen(setup)
    )];
    lines.extend(board.pieces.iter().map(|(letter, betza)| format!("piece {letter}& {betza}")));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_tables_have_a_slot_per_image_for_each_side() {
        for variant in Variant::ALL {
            if let Some(board) = xboard_variant(variant).board {
                assert_eq!(board.piece_to_char.len(), 2 * IMAGE_SLOTS.len(), "{variant}");
                let (white, black) = board.piece_to_char.split_at(IMAGE_SLOTS.len());
                assert_eq!(white.to_ascii_lowercase(), black, "{variant}: colours differ");
                // The Lance slot auto-promotes in XBoard: keep it free.
                let lance = IMAGE_SLOTS.find('L').unwrap_or(usize::MAX);
                assert_eq!(&white[lance..=lance], ".", "{variant}: piece in the Lance slot");
                // XBoard does not parse `NN`; every described piece has a letter in the table.
                for (letter, betza) in board.pieces {
                    assert!(!betza.contains("NN"), "{variant} {letter}: {betza}");
                    assert!(white.contains(letter), "{variant}: {letter} has no image");
                }
            }
        }
    }

    #[test]
    fn names_round_trip_and_size_prefixes_are_checked() {
        for variant in Variant::ALL {
            assert_eq!(variant_from_xboard(xboard_variant(variant).name), Ok(variant));
        }
        assert_eq!(variant_from_xboard("10x8+0_lionsunicorns"), Ok(Variant::LionsUnicorns));
        assert!(variant_from_xboard("8x8+0_lionsunicorns").is_err());
        assert!(variant_from_xboard("crazyhouse").is_err());
        assert_eq!(variant_from_xboard("normal"), Ok(Variant::Chess));
    }

    #[test]
    fn lions_and_unicorns_setup_line() {
        let lines = variant_announcement(Variant::LionsUnicorns, &Setup::default());
        assert_eq!(
            lines[0],
            "setup (PNBRQ...ML..........UKpnbrq...ml..........uk) 10x8+0_fairy \
             lrmbqkburl/nppppppppn/10/10/10/10/NPPPPPPPPN/LRMBQKBURL w KQkq - 0 1"
        );
        assert!(lines.contains(&"piece U& BN0".to_string()));
        assert!(variant_announcement(Variant::Chess, &Setup::default()).is_empty());
    }
}
