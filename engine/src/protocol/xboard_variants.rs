//! How each variant is presented to XBoard: its name there, and for the variants XBoard
//! does not know, the board, the piece images (pieceToChar table) and the moves of the
//! pieces in XBetza, which XBoard uses to test legality and highlight moves.
//!
//! A new variant adds one arm to [`xboard_variant`].

use sissa_movegen::{Setup, Variant};
use std::borrow::Cow;

/// XBoard's piece image slots, in pieceToChar order: the letter in slot i of a table is
/// drawn with the image of `IMAGE_SLOTS[i]`.
pub const IMAGE_SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// A board XBoard learns from the engine's `setup` command.
pub struct EngineDefinedBoard {
    /// Our piece letter and the image slot (a letter of [`IMAGE_SLOTS`]) it is drawn with.
    pub images: Cow<'static, [(char, char)]>,
    /// Pieces a side may hold in hand (XBoard's holdings).
    pub holdings: u32,
    /// The XBoard variant whose rules apply to everything not described by `piece` lines.
    pub parent: &'static str,
    /// `piece` lines: our letter and its XBetza description, for the pieces XBetza can
    /// express exactly.
    pub pieces: &'static [(&'static str, &'static str)],
}

impl EngineDefinedBoard {
    /// The pieceToChar table: White's 22 slots then Black's, `.` for unused slots.
    pub fn piece_to_char(&self) -> String {
        let white: String = IMAGE_SLOTS
            .chars()
            .map(|slot| {
                let ours = self.images.iter().find(|&&(_, image)| image == slot);
                ours.map_or('.', |&(letter, _)| letter)
            })
            .collect();
        format!("{white}{}", white.to_ascii_lowercase())
    }
}

/// What XBoard must be shown beyond the move's own from and to squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtraLegs {
    None,
    /// Pieces taken elsewhere than on the destination (approach, withdrawal, leaps) are
    /// shown as kill squares of a multi-leg move.
    Victims,
}

pub struct XboardVariant {
    pub variant: Variant,
    /// The name in XBoard's `variant` command and in `feature variants`.
    pub name: &'static str,
    /// `None` for the variants XBoard knows itself.
    pub board: Option<EngineDefinedBoard>,
    pub extra_legs: ExtraLegs,
    /// XBoard cannot test these moves itself: the user runs it with `-testLegality false`.
    pub needs_legality_off: bool,
}

pub fn xboard_variant(variant: Variant) -> XboardVariant {
    let board = match variant {
        Variant::Chess => None,
        // Chancellor in the Chancellor slot, the Lion in the Wazir slot (never the Lance
        // slot: XBoard would promote it on the last rank), the Unicorn in its own slot.
        // XBoard does not read the doubled nightrider `NN`; `N0` is the same rider.
        Variant::LionsUnicorns => Some(EngineDefinedBoard {
            images: Cow::Borrowed(&[
                ('P', 'P'),
                ('N', 'N'),
                ('B', 'B'),
                ('R', 'R'),
                ('Q', 'Q'),
                ('M', 'C'),
                ('L', 'W'),
                ('U', 'U'),
                ('K', 'K'),
            ]),
            holdings: 0,
            parent: "fairy",
            pieces: &[("M", "RN"), ("L", "FDH"), ("U", "BN0")],
        }),
        // Chancellor and Archbishop in their slots, the Dragon Horse as the crowned
        // Bishop, the Sissa as the Cobra. The Sissa's bent moves of equal legs have no
        // XBetza form.
        Variant::SeaHorses => Some(EngineDefinedBoard {
            images: Cow::Borrowed(&[
                ('P', 'P'),
                ('N', 'N'),
                ('R', 'R'),
                ('Q', 'Q'),
                ('A', 'A'),
                ('C', 'C'),
                ('H', 'I'),
                ('S', 'S'),
                ('K', 'K'),
            ]),
            holdings: 0,
            parent: "fairy",
            pieces: &[("C", "RN"), ("A", "BN"), ("H", "BW")],
        }),
        // The Mock King in the Man (commoner) slot. Its King-line slide and the Kings'
        // own walk have no XBetza form. XBoard 4.9 cannot show a second piece moving in
        // the same turn (it reads `d3d4,h1g1` as a locust capture of h1), so the moves
        // go plain and the King step is not drawn.
        Variant::RollingKings => Some(EngineDefinedBoard {
            images: Cow::Borrowed(&[
                ('P', 'P'),
                ('N', 'N'),
                ('B', 'B'),
                ('R', 'R'),
                ('Q', 'Q'),
                ('U', 'M'),
                ('K', 'K'),
            ]),
            holdings: 0,
            parent: "fairy",
            pieces: &[],
        }),
        // Cannon Pawns in the Pawn slot, the Chameleon as the Dragon, the Pushme-Pullyu as
        // the Unicorn, the Immobilizer as the crowned Bishop, the Long Leaper as the
        // Grasshopper (not the Lance: XBoard would promote it), the Swapper as the Cobra.
        // None of them captures in a way XBetza describes.
        Variant::Rococo => Some(EngineDefinedBoard {
            images: Cow::Borrowed(&[
                ('P', 'P'),
                ('C', 'D'),
                ('U', 'U'),
                ('I', 'I'),
                ('L', 'G'),
                ('S', 'S'),
                ('K', 'K'),
            ]),
            holdings: 0,
            parent: "fairy",
            pieces: &[],
        }),
        // UC-40 has forty piece types, most with a suffixed code (`Q'`, `D!`) that XBoard's
        // one-letter pieces cannot name, and a reserve XBoard's holdings do not model (drops
        // are earned, and come in a fixed order): only the orthodox pieces get images here.
        Variant::Uc40 => Some(EngineDefinedBoard {
            images: Cow::Borrowed(&[('P', 'P'), ('N', 'N'), ('R', 'R'), ('Q', 'Q'), ('K', 'K')]),
            holdings: 0,
            parent: "fairy",
            pieces: &[],
        }),
        // A variant added before its entry here still plays: a board read from its start
        // position, legality left to Sissa.
        #[allow(unreachable_patterns)]
        _ => Some(generic_board(variant)),
    };
    let name = match variant {
        Variant::Chess => "normal",
        other => other.name(),
    };
    let extra_legs = match variant {
        Variant::Rococo => ExtraLegs::Victims,
        _ => ExtraLegs::None,
    };
    let needs_legality_off = !matches!(variant, Variant::Chess | Variant::LionsUnicorns);
    XboardVariant { variant, name, board, extra_legs, needs_legality_off }
}

/// Each piece letter of the start position in the image slot of the same letter when that
/// slot is free (never the Lance slot, which XBoard promotes), else in the first free one.
fn generic_board(variant: Variant) -> EngineDefinedBoard {
    let start = variant.start_fen(&Setup::default());
    let placement = start.split(' ').next().unwrap_or("");
    let mut letters: Vec<char> = placement.chars().filter(char::is_ascii_uppercase).collect();
    letters.sort_unstable();
    letters.dedup();
    let mut free: Vec<char> = IMAGE_SLOTS.chars().filter(|&slot| slot != 'L').collect();
    let mut images = Vec::new();
    for letter in &letters {
        if let Some(i) = free.iter().position(|slot| slot == letter) {
            images.push((*letter, free.remove(i)));
        }
    }
    let unplaced: Vec<char> =
        letters.iter().copied().filter(|l| !images.iter().any(|(ours, _)| ours == l)).collect();
    for letter in unplaced {
        if !free.is_empty() {
            images.push((letter, free.remove(0)));
        }
    }
    EngineDefinedBoard { images: Cow::Owned(images), holdings: 0, parent: "fairy", pieces: &[] }
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
        board.piece_to_char(),
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
                let table = board.piece_to_char();
                assert_eq!(table.len(), 2 * IMAGE_SLOTS.len(), "{variant}");
                let (white, black) = table.split_at(IMAGE_SLOTS.len());
                assert_eq!(white.to_ascii_lowercase(), black, "{variant}: colours differ");
                // The Lance slot auto-promotes in XBoard: keep it free.
                let lance = IMAGE_SLOTS.find('L').unwrap_or(usize::MAX);
                assert_eq!(&white[lance..=lance], ".", "{variant}: piece in the Lance slot");
                // XBoard does not parse `NN`; every described piece has a letter in the table.
                for (letter, betza) in board.pieces {
                    assert!(!betza.contains("NN"), "{variant} {letter}: {betza}");
                    assert!(white.contains(letter), "{variant}: {letter} has no image");
                }
                // Every piece of the start position has an image, and only one. UC-40 has more
                // piece types than XBoard has image slots (xboard.md): only its orthodox
                // pieces are drawn.
                if variant == Variant::Uc40 {
                    continue;
                }
                let start = variant.start_fen(&Setup::default());
                let placement = start.split(' ').next().unwrap_or("");
                for c in placement.chars().filter(char::is_ascii_uppercase) {
                    assert_eq!(white.matches(c).count(), 1, "{variant}: {c}");
                }
            }
        }
    }

    #[test]
    fn a_variant_without_an_entry_gets_a_slot_per_piece() {
        // UC-40's forty types do not fit XBoard's image slots; it has its own entry.
        for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Uc40) {
            let table = generic_board(variant).piece_to_char();
            let (white, _) = table.split_at(IMAGE_SLOTS.len());
            let start = variant.start_fen(&Setup::default());
            let placement = start.split(' ').next().unwrap_or("");
            for c in placement.chars().filter(char::is_ascii_uppercase) {
                assert_eq!(white.matches(c).count(), 1, "{variant}: {c} in {white}");
            }
            assert_eq!(&white[18..19], ".", "{variant}: the Lance slot stays free");
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
