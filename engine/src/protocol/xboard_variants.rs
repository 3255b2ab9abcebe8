//! How each variant is presented to XBoard: its name there, and for the variants XBoard
//! does not know, the board, the piece images (pieceToChar table) and the moves of the
//! pieces in XBetza, which XBoard uses to test legality and highlight moves. The XBetza is
//! written from the pieces' data (`sissa_movegen::xbetza`), never by hand.
//!
//! A new variant adds one arm to [`xboard_variant`].

use sissa_movegen::pieces::Role;
use sissa_movegen::{xbetza, Setup, Variant};

/// How many piece types XBoard 4.9 has per side, each with its own image slot.
pub const SLOTS: usize = 66;

/// The image XBoard 4.9.1 draws for each slot (`themes/default/White<name>.svg`); a
/// pieceToChar table names the piece of slot i in its i-th entry. The slots XBoard has no
/// picture for borrow one: 15 (Crown) draws the Princess, 50 to 53 (Prince, Phoenix, Kylin,
/// Drunk) the King, Queen, Lion and Elephant.
pub const SLOT_IMAGES: [&str; SLOTS] = [
    "Pawn",
    "Knight",
    "Bishop",
    "Rook",
    "Queen",
    "Advisor",
    "Elephant",
    "Archbishop",
    "Marshall",
    "Gold",
    "Commoner",
    "Canon",
    "Nightrider",
    "CrownedBishop",
    "CrownedRook",
    "Princess",
    "Chancellor",
    "Hawk",
    "Lance",
    "Cobra",
    "Unicorn",
    "Lion",
    "Sword",
    "Zebra",
    "Camel",
    "Tower",
    "Wolf",
    "Hat",
    "Duck",
    "Lance",
    "Dragon",
    "Gnu",
    "Cub",
    "LShield",
    "Pegasus",
    "Wizard",
    "Copper",
    "Iron",
    "Viking",
    "Flag",
    "Axe",
    "Dolphin",
    "Leopard",
    "Claw",
    "Left",
    "Butterfly",
    "PromoBishop",
    "PromoRook",
    "HCrown",
    "RShield",
    "King",
    "Queen",
    "Lion",
    "Elephant",
    "Right",
    "GoldPawn",
    "GoldKnight",
    "PromoHorse",
    "PromoDragon",
    "GoldLance",
    "GoldSilver",
    "HSword",
    "PromoSword",
    "PromoHSword",
    "Princess",
    "King",
];

/// Slots XBoard gives rules of their own: a piece there gets pawn moves (en passant, the
/// double step), castling (King with Rook), Lance promotion or the Chu Shogi Lion's capture
/// rules, whatever the `piece` lines say.
pub const PAWN_SLOT: usize = 0;
pub const ROOK_SLOT: usize = 3;
pub const KING_SLOT: usize = SLOTS - 1;
pub const LANCE_SLOTS: [usize; 2] = [18, 29];
pub const LION_SLOT: usize = 21;
/// Slots drawn with another slot's image (see [`SLOT_IMAGES`]).
pub const BORROWED_SLOTS: [usize; 5] = [15, 50, 51, 52, 53];
/// The chess pieces XBoard moves by itself in their slots (Knight, Bishop, Rook, Queen),
/// with the XBetza of those moves: a piece drawn there that moves so needs no `piece` line.
const CHESS_SLOT_MOVES: [(usize, &str); 4] = [(1, "N"), (2, "B"), (3, "R"), (4, "Q")];

/// The slots of the letters of XBoard 4.8's 22-piece tables, `PNBRQFEACWMOHIJGDVLSUK`, which
/// 4.9 keeps in its first 21 slots (the 22nd, K, is the King slot): a new variant's letters
/// get the slot of the same letter when it is free.
const LETTER_SLOTS: &str = "PNBRQFEACWMOHIJGDVLSU";

/// A board XBoard learns from the engine's `setup` command.
pub struct EngineDefinedBoard {
    /// Our piece code (White's, upper case) and the slot it is drawn with.
    pub images: Vec<(String, usize)>,
    /// The XBoard variant whose rules apply to everything not described by `piece` lines.
    pub parent: &'static str,
    /// `piece` lines: our letter and its XBetza description, for the pieces XBetza can
    /// express exactly.
    pub pieces: Vec<(String, String)>,
}

impl EngineDefinedBoard {
    /// A board of a built-in variant with these images; its pieces' `piece` lines are
    /// written from their data.
    fn new(variant: Variant, images: &[(&str, usize)]) -> Self {
        let images = images.iter().map(|&(code, slot)| (code.to_string(), slot)).collect();
        let mut board = EngineDefinedBoard { images, parent: "fairy", pieces: Vec::new() };
        if !tracks_picture(variant) {
            board.pieces = board.derived_pieces(variant);
        }
        board
    }

    /// The `piece` lines of a built-in variant: every piece but the King and the Pawn
    /// (XBoard's slots move them) whose moves XBetza states exactly, unless it is a chess
    /// piece XBoard already moves so in its slot. A piece XBetza states only in part gets
    /// none: XBoard would refuse its other moves.
    fn derived_pieces(&self, variant: Variant) -> Vec<(String, String)> {
        let mut lines = Vec::new();
        for (code, kind) in variant.pieces() {
            if matches!(kind.role, Role::King | Role::Pawn) {
                continue;
            }
            let Some(text) = xbetza::of_kind(&kind).exact().map(str::to_string) else {
                continue;
            };
            let slot = self.slot_of(code);
            if CHESS_SLOT_MOVES.iter().any(|&(s, moves)| Some(s) == slot && moves == text) {
                continue;
            }
            lines.push((code.to_string(), text));
        }
        lines
    }

    /// The pieceToChar table: White's 66 slots then Black's, `.` for unused slots.
    pub fn piece_to_char(&self) -> String {
        let white: Vec<&str> = (0..SLOTS).map(|slot| self.code_in(slot).unwrap_or(".")).collect();
        let white = white.concat();
        format!("{white}{}", white.to_ascii_lowercase())
    }

    /// Our code drawn in `slot`.
    pub fn code_in(&self, slot: usize) -> Option<&str> {
        self.images.iter().find(|(_, s)| *s == slot).map(|(code, _)| code.as_str())
    }

    /// The slot of a piece code of either colour.
    pub fn slot_of(&self, code: &str) -> Option<usize> {
        let white = code.to_ascii_uppercase();
        self.images.iter().find(|(c, _)| *c == white).map(|&(_, slot)| slot)
    }
}

pub struct XboardVariant {
    pub variant: Variant,
    /// The name in XBoard's `variant` command and in `feature variants`.
    pub name: &'static str,
    /// `None` for the variants XBoard knows itself.
    pub board: Option<EngineDefinedBoard>,
    /// XBoard cannot test these moves itself: the user runs it with `-testLegality false`.
    pub needs_legality_off: bool,
    /// Moves have effects XBoard cannot be told in full (captures of several pieces, swaps,
    /// a second piece moving, drops with a move): Sissa keeps a model of XBoard's picture and
    /// chooses for each move what XBoard is shown (`xboard_picture`).
    pub tracks_picture: bool,
}

pub fn xboard_variant(variant: Variant) -> XboardVariant {
    let board = match variant {
        Variant::Chess => None,
        // The Chancellor in the Marshall slot, the Lion in the Gold slot (never the Lance
        // slot: XBoard would promote it), the Unicorn in its own slot.
        Variant::LionsUnicorns => Some(EngineDefinedBoard::new(
            variant,
            &[
                ("P", 0),
                ("N", 1),
                ("B", 2),
                ("R", 3),
                ("Q", 4),
                ("M", 8),
                ("L", 9),
                ("U", 20),
                ("K", 65),
            ],
        )),
        // The Sissa's bent moves of equal legs have no XBetza form: it gets no `piece` line.
        Variant::SeaHorses => Some(EngineDefinedBoard::new(
            variant,
            &[
                ("P", 0),
                ("N", 1),
                ("R", 3),
                ("Q", 4),
                ("A", 7),
                ("C", 8),
                ("H", 13),
                ("S", 19),
                ("K", 65),
            ],
        )),
        // The Mock King as the Commoner.
        Variant::RollingKings => Some(EngineDefinedBoard::new(
            variant,
            &[("P", 0), ("N", 1), ("B", 2), ("R", 3), ("Q", 4), ("U", 10), ("K", 65)],
        )),
        // The Cannon Pawn out of the Pawn slot, whose en-passant and double-step rules
        // XBoard would apply to its jumps.
        Variant::Rococo => Some(EngineDefinedBoard::new(variant, ROCOCO_IMAGES)),
        Variant::Uc40 => Some(EngineDefinedBoard::new(variant, UC40_IMAGES)),
        // A variant read from a file: a board read from its start position, with the
        // `piece` lines the file's pieces get from the same XBetza writer.
        Variant::File8x8 | Variant::File10x8 | Variant::File10x10 | Variant::File12x10 => {
            let mut board = generic_board(variant);
            if !tracks_picture(variant) {
                board.pieces = sissa_movegen::ini::xbetza_pieces(variant.name())
                    .iter()
                    .map(|&(letter, text)| (letter.to_string(), text.to_string()))
                    .collect();
            }
            Some(board)
        }
    };
    let name = match variant {
        Variant::Chess => "normal",
        other => other.name(),
    };
    // XBoard 4.9 castles on ten files as in Capablanca Chess (the king to the i-file), so it
    // would refuse Lions and Unicorns' f1h1.
    let needs_legality_off = variant != Variant::Chess;
    XboardVariant {
        variant,
        name,
        board,
        needs_legality_off,
        tracks_picture: tracks_picture(variant),
    }
}

/// Do moves have effects XBoard cannot be told (see [`XboardVariant::tracks_picture`])?
/// There XBoard's board is a picture Sissa keeps, where a piece drawn may stand for another
/// (after a swap), so these variants get no `piece` lines: Sissa tells XBoard each move as
/// it is to be drawn, and a piece line with a first leg (the Cannon Pawn's hop) would make
/// XBoard take a click on a square passed over for half a move.
fn tracks_picture(variant: Variant) -> bool {
    match variant {
        Variant::RollingKings | Variant::Rococo | Variant::Uc40 => true,
        // A file variant with UC-40's drops after a move.
        file if file.is_file() => sissa_movegen::ini::drops_after_moves(file.name()),
        _ => false,
    }
}

/// Rococo: the Ultima pieces drawn as in UC-40 (Chameleon Wizard, Immobilizer Flag, Long
/// Leaper Leopard, Swapper Dolphin), the Pushme-Pullyu as the Unicorn, the Cannon Pawn as
/// the Canon.
const ROCOCO_IMAGES: &[(&str, usize)] =
    &[("P", 11), ("C", 35), ("U", 20), ("I", 39), ("L", 42), ("S", 41), ("K", 65)];

/// UC-40's forty types and the pawn, each with an image of its own, chosen for a likeness
/// where XBoard has one (Camel/Queen as the Camel, RF as the crowned Rook, Buffalo as the
/// Zebra, PaoVao as the Canon, the Sissa as the Cobra as in Sea Horses).
const UC40_IMAGES: &[(&str, usize)] = &[
    ("P", 0),
    ("N", 1),
    ("R", 3),
    ("Q", 4),
    ("E'", 5),
    ("E", 6),
    ("C", 7),
    ("M", 8),
    ("F", 9),
    ("G!", 10),
    ("V", 11),
    ("N'", 12),
    ("B", 13),
    ("R'", 14),
    ("E!", 16),
    ("G", 17),
    ("S", 19),
    ("U", 20),
    ("Y", 22),
    ("B'", 23),
    ("Q'", 24),
    ("T", 25),
    ("O'", 26),
    ("H", 27),
    ("J", 28),
    ("D'", 30),
    ("G'", 31),
    ("F!", 32),
    ("D", 34),
    ("X", 35),
    ("W'", 36),
    ("W!", 38),
    ("I", 39),
    ("F'", 40),
    ("Z", 41),
    ("L", 42),
    ("W", 43),
    ("O", 45),
    ("D!", 56),
    ("A", 64),
    ("K", 65),
];

/// Each piece letter of the start position in the slot of the same letter when that slot
/// is free, else in the first free slot that has rules of no other piece.
fn generic_board(variant: Variant) -> EngineDefinedBoard {
    let start = variant.start_fen(&Setup::default());
    let placement = start.split(' ').next().unwrap_or("");
    let mut letters: Vec<char> = placement.chars().filter(char::is_ascii_uppercase).collect();
    letters.sort_unstable();
    letters.dedup();
    let mut free: Vec<usize> = (0..SLOTS).filter(|&slot| plain_slot(slot)).collect();
    let mut images: Vec<(String, usize)> = Vec::new();
    for &letter in &letters {
        let slot = if letter == 'K' { Some(KING_SLOT) } else { LETTER_SLOTS.find(letter) };
        if let Some(i) = slot.and_then(|slot| free.iter().position(|&f| f == slot)) {
            images.push((letter.to_string(), free.remove(i)));
        }
    }
    for letter in letters {
        if !images.iter().any(|(code, _)| code.starts_with(letter)) && !free.is_empty() {
            images.push((letter.to_string(), free.remove(0)));
        }
    }
    EngineDefinedBoard { images, parent: "fairy", pieces: Vec::new() }
}

/// A slot with its own image whose piece XBoard gives no rules of its own beyond what the
/// pawn, rook and king slots carry for those pieces.
fn plain_slot(slot: usize) -> bool {
    !LANCE_SLOTS.contains(&slot) && !BORROWED_SLOTS.contains(&slot) && slot != LION_SLOT
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
        .map_or_else(
            || bare.parse::<Variant>().map_err(|_| format!("unknown variant {bare}")),
            Ok,
        )?;
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
    let built_in = Variant::ALL.iter().map(|&v| xboard_variant(v).name.to_string());
    built_in.chain(sissa_movegen::ini::loaded_names()).collect::<Vec<_>>().join(",")
}

/// What to send in answer to `variant X`: the `setup` line and the `piece` lines, for the
/// variants XBoard does not know; nothing for the others.
pub fn variant_announcement(variant: Variant, setup: &Setup) -> Vec<String> {
    let Some(board) = xboard_variant(variant).board else {
        return Vec::new();
    };
    let dims = variant.dims();
    let mut lines = vec![format!(
        "setup ({}) {}x{}+0_{} {}",
        board.piece_to_char(),
        dims.files,
        dims.ranks,
        board.parent,
        xboard_fen(&variant.start_fen(setup))
    )];
    lines.extend(board.pieces.iter().map(|(letter, betza)| format!("piece {letter}& {betza}")));
    lines
}

/// A FEN as XBoard reads it: the placement without UC-40's reserves, and the six usual fields
/// without the fields only Sissa's variants have (credits, pending exchange, swap-back ban).
pub fn xboard_fen(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let placement = fields.next().unwrap_or("");
    let placement = placement.split('[').next().unwrap_or(placement);
    let rest: Vec<&str> = fields.take(5).collect();
    format!("{placement} {}", rest.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pieceToChar table split into its entries: a letter or `.`, with its suffix.
    fn entries(table: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in table.chars() {
            match (c, out.last_mut()) {
                ('\'' | '!', Some(last)) => last.push(c),
                _ => out.push(c.to_string()),
            }
        }
        out
    }

    /// Every piece code in a FEN's placement, reserves included (`Q'`, `d!`).
    fn codes_in(fen: &str) -> Vec<String> {
        let placement = fen.split(' ').next().unwrap_or("");
        let mut codes = entries(&placement.replace(['/', '[', ']'], ""));
        codes.retain(|c| c.starts_with(|l: char| l.is_ascii_alphabetic()));
        codes.sort();
        codes.dedup();
        codes
    }

    #[test]
    fn piece_tables_give_each_piece_one_slot_of_its_own() {
        for variant in Variant::ALL {
            let Some(board) = xboard_variant(variant).board else { continue };
            let table = entries(&board.piece_to_char());
            assert_eq!(table.len(), 2 * SLOTS, "{variant}");
            let (white, black) = table.split_at(SLOTS);
            for (w, b) in white.iter().zip(black) {
                assert_eq!(&w.to_ascii_lowercase(), b, "{variant}: colours differ");
            }
            assert_eq!(white[KING_SLOT], "K", "{variant}: the King slot");
            // Slots with rules of their own or a borrowed image stay free.
            for slot in LANCE_SLOTS.iter().chain(&BORROWED_SLOTS).chain(&[LION_SLOT]) {
                assert_eq!(white[*slot], ".", "{variant}: slot {slot} is taken");
            }
            for code in codes_in(&variant.start_fen(&Setup::default())) {
                let upper = code.to_ascii_uppercase();
                assert_eq!(white.iter().filter(|c| **c == upper).count(), 1, "{variant}: {code}");
            }
            // XBoard does not parse `NN`; every described piece has a letter in the table.
            for (letter, betza) in &board.pieces {
                assert!(!betza.contains("NN"), "{variant} {letter}: {betza}");
                assert!(white.contains(letter), "{variant}: {letter} has no image");
            }
        }
    }

    #[test]
    fn uc40_draws_all_forty_types_and_the_pawn() {
        let board = xboard_variant(Variant::Uc40).board.expect("engine-defined");
        let white: Vec<String> =
            entries(&board.piece_to_char()).into_iter().take(SLOTS).filter(|c| c != ".").collect();
        assert_eq!(white.len(), 41);
        // RULES.md section 6: all 26 letters, ten codes with a quote, five with an exclamation mark.
        assert_eq!(white.iter().filter(|c| c.ends_with('\'')).count(), 10);
        assert_eq!(white.iter().filter(|c| c.ends_with('!')).count(), 5);
        assert_eq!(board.slot_of("q'"), Some(24), "Camel/Queen as the Camel");
    }

    #[test]
    fn only_chess_pawns_get_the_pawn_slot() {
        // The Cannon Pawn jumps two squares: in the Pawn slot XBoard would take its jumps
        // for double steps and its next diagonal step for an en-passant capture.
        let rococo = xboard_variant(Variant::Rococo).board.expect("engine-defined");
        assert_ne!(rococo.slot_of("P"), Some(PAWN_SLOT));
        for variant in [Variant::RollingKings, Variant::Uc40, Variant::SeaHorses] {
            let board = xboard_variant(variant).board.expect("engine-defined");
            assert_eq!(board.slot_of("p"), Some(PAWN_SLOT), "{variant}");
        }
    }

    #[test]
    fn a_variant_without_an_entry_gets_a_slot_per_piece() {
        for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Uc40) {
            let board = generic_board(variant);
            for code in codes_in(&variant.start_fen(&Setup::default())) {
                let slot = board.slot_of(&code);
                assert!(slot.is_some_and(plain_slot), "{variant}: {code} in {slot:?}");
            }
            assert_eq!(board.slot_of("K"), Some(KING_SLOT), "{variant}");
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
        // Chancellor in slot 8, Lion in 9, Unicorn in 20, King in the last of the 66.
        let white = format!("PNBRQ...ML{}U{}K", ".".repeat(10), ".".repeat(44));
        assert_eq!(
            lines[0],
            format!(
                "setup ({white}{}) 10x8+0_fairy \
                 lrmbqkburl/nppppppppn/10/10/10/10/NPPPPPPPPN/LRMBQKBURL w KQkq - 0 1",
                white.to_ascii_lowercase()
            )
        );
        assert!(lines.contains(&"piece U& BN0".to_string()));
        assert!(variant_announcement(Variant::Chess, &Setup::default()).is_empty());
    }

    /// The lines XBoard 4.9 was sent when they were written by hand (xboard.md, checked
    /// in XBoard's games): the derived ones say the same.
    #[test]
    fn built_in_piece_lines_are_the_ones_xboard_was_always_sent() {
        let lines = |variant| {
            let board = xboard_variant(variant).board.expect("engine-defined");
            board.pieces.iter().map(|(l, x)| format!("{l}:{x}")).collect::<Vec<_>>().join(" ")
        };
        assert_eq!(lines(Variant::LionsUnicorns), "M:RN U:BN0 L:FDH");
        // The Sissa has none: its equal legs have no XBetza form.
        assert_eq!(lines(Variant::SeaHorses), "C:RN A:BN H:BW");
        // XBoard's board there is a picture Sissa keeps: no piece lines.
        for variant in [Variant::RollingKings, Variant::Rococo, Variant::Uc40] {
            assert_eq!(lines(variant), "", "{variant}");
        }
    }

    #[test]
    fn xboard_gets_the_six_usual_fen_fields() {
        let fen = Variant::Uc40.start_fen(&Setup::default());
        let shown = xboard_fen(&fen);
        assert!(!shown.contains('['), "{shown}");
        assert_eq!(shown.split(' ').count(), 6, "{shown}");
        assert_eq!(xboard_fen("8/8/8/8/8/8/8/8 b - - 3 9 e5e9"), "8/8/8/8/8/8/8/8 b - - 3 9");
    }

    /// The image tables of `xboard.md` name, for each piece letter of an engine-defined
    /// board, the image XBoard draws: the image of the slot the letter is given.
    #[test]
    fn xboard_md_names_the_image_of_each_letters_slot() {
        let doc = include_str!("../../../xboard.md");
        let mut checked = 0;
        for variant in Variant::ALL {
            let Some(board) = xboard_variant(variant).board else { continue };
            let heading = format!("### {}: ", variant.name());
            let section = doc.split(&heading).nth(1).unwrap_or_else(|| panic!("no {heading}"));
            let section = section.split("\n### ").next().unwrap_or("");
            let rows = section.lines().filter(|l| l.starts_with('|') && !l.starts_with("|---"));
            for row in rows.skip(1) {
                let cells: Vec<&str> = row.split('|').map(str::trim).collect();
                // One or two (letter, piece, image) groups; a cell listing several letters
                // is the chess pieces drawn as in chess.
                for group in cells[1..].chunks(3).filter(|g| g.len() == 3) {
                    let (letter, image) = (group[0], group[2]);
                    if letter.is_empty() || letter.contains(' ') || group[1].is_empty() {
                        continue;
                    }
                    let slot = board.slot_of(letter).unwrap_or_else(|| panic!("{letter}"));
                    assert_eq!(SLOT_IMAGES[slot], image, "{variant} {letter} in slot {slot}");
                    checked += 1;
                }
            }
        }
        // Lions and Unicorns 3, Sea Horses 4, Rolling Kings 2, Rococo 7, UC-40 41.
        assert_eq!(checked, 57);
    }
}
