//! From sections to variant definitions: inheritance resolved, every key read into its typed
//! rule. A section using a key this reader does not carry is refused with that key and its
//! line; the other sections still load.

use super::betza::{parse_betza, BetzaMove};
use super::extensions::kingline;
use super::syntax::{parse_sections, Entry, LineError, Section};
use super::values::*;
use std::collections::HashMap;

/// A piece type of a file variant.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDef {
    /// Upper-case letter (Black's is the lower-case one).
    pub letter: char,
    /// The key that defined it (`knight`, `customPiece1`).
    pub key: String,
    pub betza: String,
    pub moves: Vec<BetzaMove>,
}

/// Castling as the file gives it: the king's destinations, the rook's piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingDef {
    /// King destination files (kingside, queenside), from 0.
    pub king_to: [u8; 2],
    /// Letter of the piece that castles with the king.
    pub rook: char,
}

/// The game is decided when a side has at most `count` pieces of the listed types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtinctionDef {
    pub value: GameValue,
    /// Letters of the types counted; empty means all pieces.
    pub types: Vec<char>,
    pub count: u32,
}

/// A side wins when its flag piece stands in its flag region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagDef {
    /// Letter of each side's flag piece (White, Black); `None`: any piece.
    pub piece: [Option<char>; 2],
    pub region: [Region; 2],
}

/// A variant as a file defines it, independent of any board type.
#[derive(Clone, Debug, PartialEq)]
pub struct Definition {
    pub name: String,
    pub files: u8,
    pub ranks: u8,
    pub pieces: Vec<PieceDef>,
    /// Index in `pieces` of the royal piece.
    pub king: usize,
    /// Index in `pieces` of the pawn (promotes, double-steps, takes en passant).
    pub pawn: Option<usize>,
    pub start_fen: String,
    pub double_step: bool,
    /// Squares (White, Black) from which a pawn may double-step.
    pub double_step_region: [Region; 2],
    pub en_passant: bool,
    pub promotion_region: [Region; 2],
    pub promotion_types: Vec<char>,
    pub mandatory_promotion: bool,
    pub castling: Option<CastlingDef>,
    pub checking: bool,
    pub checkmate_value: GameValue,
    pub stalemate_value: GameValue,
    /// Moves (of both sides) without a capture or pawn move that draw; 0: no such rule.
    pub n_move_rule: u32,
    pub n_fold_rule: u32,
    pub n_fold_value: GameValue,
    pub extinction: Option<ExtinctionDef>,
    pub flag: Option<FlagDef>,
    /// The file's XBoard piece-image table, if it gives one.
    pub piece_to_char_table: Option<String>,
    /// The King-line's squares in order (`kingLine`, Sissa's extension).
    pub king_line: Option<Vec<u8>>,
    /// Drops and captures to hand, if the variant has them.
    pub drops: Option<super::drops::DropsDef>,
    /// Sissa's capture keys (`captures`, `edgeRing`, `kingCapture`), if the section has any.
    pub capture_rules: Option<super::extensions::captures::CaptureRules>,
}

/// Why a section was not loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionError {
    pub section: String,
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for SectionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.section.is_empty() {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            write!(f, "[{}] line {}: {}", self.section, self.line, self.message)
        }
    }
}

impl From<LineError> for SectionError {
    fn from(e: LineError) -> SectionError {
        SectionError { section: String::new(), line: e.line, message: e.message }
    }
}

/// The pieces variants.ini files know by name, with their moves.
pub const PREDEFINED_PIECES: [(&str, &str); 37] = [
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// Predefined pieces with rules of their own beyond their Betza moves (the janggi cannon
/// neither hops over nor takes another cannon).
const UNSUPPORTED_PIECES: [&str; 1] = ["janggiCannon"];

/// Most custom piece slots (`customPiece1` ..).
const CUSTOM_SLOTS: u32 = 25;

/// Keys read for what they mean to XBoard or to evaluation only; they do not change the
/// rules, so accepting them changes nothing in move generation.
const INFORMATIONAL_KEYS: [&str; 3] = ["pieceToCharTable", "pieceValueMg", "pieceValueEg"];

/// Parents every file may name: the variants built into Sissa that the format can express,
/// and Fairy-Stockfish's crazyhouse (which many files extend), written in the format itself.
const BUILT_IN_PARENTS: &str = "
[chess]
pawn = p
knight = n
bishop = b
rook = r
queen = q
king = k

[lionsunicorns:chess]
maxFile = 10
chancellor = m
customPiece1 = l:FDH
customPiece2 = u:BNN
startFen = lrmbqkburl/nppppppppn/10/10/10/10/NPPPPPPPPN/LRMBQKBURL w KQkq - 0 1
promotionPieceTypes = mqu
castlingKingsideFile = h
castlingQueensideFile = d

[crazyhouse:chess]
pieceDrops = true
capturesToHand = true
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1
";

/// Sissa's variants that a file cannot extend (their rules go beyond the format).
const NOT_EXTENSIBLE: [&str; 4] = ["seahorses", "rollingkings", "rococo", "uc40"];

/// The flattened entries of a section: its parent's, then its own (a later key wins).
type Entries = Vec<Entry>;

/// Reads a whole variants file: the variants it defines, and every problem found. A bad
/// section is left out; the others load. Never panics, whatever the text.
pub fn parse(text: &str) -> (Vec<Definition>, Vec<SectionError>) {
    let (sections, line_errors) = parse_sections(text);
    let mut errors: Vec<SectionError> = line_errors.into_iter().map(SectionError::from).collect();
    let mut resolved: HashMap<String, Entries> = built_in_entries();
    let mut definitions = Vec::new();
    for section in &sections {
        match resolve(section, &resolved).and_then(|entries| {
            let definition = compile(&section.name, section.line, &entries)?;
            Ok((entries, definition))
        }) {
            Ok((entries, definition)) => {
                resolved.insert(section.name.clone(), entries);
                definitions.push(definition);
            }
            Err((line, message)) => {
                errors.push(SectionError { section: section.name.clone(), line, message })
            }
        }
    }
    (definitions, errors)
}

fn built_in_entries() -> HashMap<String, Entries> {
    let mut out: HashMap<String, Entries> = HashMap::new();
    let (sections, _) = parse_sections(BUILT_IN_PARENTS);
    for section in sections {
        let parent = section.parent.as_ref().and_then(|p| out.get(p)).cloned().unwrap_or_default();
        // Built-in lines carry no line numbers of the user's file.
        let own: Vec<Entry> = section.entries.into_iter().map(|e| Entry { line: 0, ..e }).collect();
        out.insert(section.name, with_child(parent, &own));
    }
    out
}

fn resolve(
    section: &Section,
    known: &HashMap<String, Entries>,
) -> Result<Entries, (usize, String)> {
    let entries = match &section.parent {
        None => Vec::new(),
        Some(p) if NOT_EXTENSIBLE.contains(&p.as_str()) => {
            return Err((section.line, format!("the built-in variant {p} cannot be a parent")))
        }
        Some(p) => known
            .get(p)
            .cloned()
            .ok_or_else(|| (section.line, format!("unknown parent variant {p}")))?,
    };
    Ok(with_child(entries, &section.entries))
}

/// A parent's entries followed by a child's, the child's a generation younger.
fn with_child(parent: Entries, child: &[Entry]) -> Entries {
    let generation = parent.iter().map(|e| e.generation + 1).max().unwrap_or(0);
    let mut entries = parent;
    entries.extend(child.iter().map(|e| Entry { generation, ..e.clone() }));
    entries
}

/// The last value of each key, with its line.
pub(super) struct Keys<'a> {
    map: HashMap<&'a str, &'a Entry>,
    section_line: usize,
}

impl<'a> Keys<'a> {
    fn new(entries: &'a [Entry], section_line: usize) -> Keys<'a> {
        Keys { map: entries.iter().map(|e| (e.key.as_str(), e)).collect(), section_line }
    }

    pub(super) fn get(&self, key: &str) -> Option<&'a Entry> {
        self.map.get(key).copied()
    }

    /// Reads `key` with `read` if present; the error names the key and its line.
    pub(super) fn read<T>(
        &self,
        key: &str,
        read: impl Fn(&str) -> Result<T, String>,
    ) -> Result<Option<T>, (usize, String)> {
        match self.get(key) {
            None => Ok(None),
            Some(e) => read(&e.value).map(Some).map_err(|m| (self.line(e), format!("{key}: {m}"))),
        }
    }

    pub(super) fn line(&self, e: &Entry) -> usize {
        if e.line == 0 {
            self.section_line
        } else {
            e.line
        }
    }
}

/// Keys with a typed rule here, besides the piece keys.
const RULE_KEYS: [&str; 36] = [
    "maxRank",
    "maxFile",
    "startFen",
    "variantTemplate",
    "pocketSize",
    "chess960",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "enPassantRegion",
    "promotionRank",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "mandatoryPawnPromotion",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "castlingRookPieces",
    "castlingKingPiece",
    "castlingRank",
    "castlingKingFile",
    "checking",
    "checkmateValue",
    "stalemateValue",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "extinctionValue",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "flagPiece",
];

const FLAG_KEYS: [&str; 4] =
    ["flagPieceWhite", "flagPieceBlack", "flagRegionWhite", "flagRegionBlack"];

fn is_piece_key(key: &str) -> bool {
    PREDEFINED_PIECES.iter().any(|(name, _)| *name == key)
        || key
            .strip_prefix("customPiece")
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| (1..=CUSTOM_SLOTS).contains(&n))
}

fn compile(
    name: &str,
    section_line: usize,
    entries: &[Entry],
) -> Result<Definition, (usize, String)> {
    let keys = Keys::new(entries, section_line);
    for e in entries {
        let known = is_piece_key(&e.key)
            || RULE_KEYS.contains(&e.key.as_str())
            || FLAG_KEYS.contains(&e.key.as_str())
            || e.key == "flagRegion"
            || super::drops::keys::is_drop_key(&e.key)
            || INFORMATIONAL_KEYS.contains(&e.key.as_str())
            || kingline::KEYS.contains(&e.key.as_str())
            || super::extensions::captures::KEYS.contains(&e.key.as_str());
        if !known {
            return Err((keys.line(e), format!("unsupported key {}", e.key)));
        }
    }
    check_fixed_values(&keys)?;
    let files = keys.read("maxFile", |v| parse_file(v, 16).map(|f| f + 1))?.unwrap_or(8);
    let ranks = keys.read("maxRank", |v| parse_rank(v, 16).map(|r| r + 1))?.unwrap_or(8);
    if files as u32 * ranks as u32 > 128 {
        return Err((section_line, format!("a {files}x{ranks} board is larger than 128 squares")));
    }
    let pieces = read_pieces(&keys)?;
    let index_of = |letter: char| pieces.iter().position(|p| p.letter == letter);
    let king = pieces
        .iter()
        .position(|p| p.key == "king")
        .ok_or_else(|| (section_line, "a variant without a king is not supported".to_string()))?;
    let pawn = pieces.iter().position(|p| p.key == "pawn");
    let region = |key: &str, default: Region| -> Result<Region, (usize, String)> {
        Ok(keys.read(key, |v| parse_region(v, files, ranks))?.unwrap_or(default))
    };
    let last = ranks - 1;
    // The format's defaults are absolute ranks (8 and 1, 2 and 7), whatever the board.
    let rank = |r: u8| if r < ranks { ranks_region(files, r, r) } else { 0 };
    let mut promotion_region = [rank(7), rank(0)];
    if let Some(rank) = keys.read("promotionRank", |v| parse_rank(v, ranks))? {
        promotion_region = [ranks_region(files, rank, last), ranks_region(files, 0, last - rank)];
    }
    let promotion_region = [
        region("promotionRegionWhite", promotion_region[0])?,
        region("promotionRegionBlack", promotion_region[1])?,
    ];
    let double_step_region =
        [region("doubleStepRegionWhite", rank(1))?, region("doubleStepRegionBlack", rank(6))?];
    // The format's default is the predefined knight, bishop, rook and queen, whatever
    // letters they have (and none of them if the variant removed or replaced them).
    let default_promotion = ["knight", "bishop", "rook", "queen"]
        .iter()
        .filter_map(|key| pieces.iter().find(|p| p.key == *key).map(|p| p.letter))
        .collect();
    let promotion_types = read_promotion_types(&keys, &pieces, default_promotion)?;
    let start_fen = keys
        .get("startFen")
        .map(|e| e.value.clone())
        .unwrap_or_else(|| "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string());
    let castling = read_castling(&keys, files, &index_of)?;
    let king_line = keys.read("kingLine", |v| kingline::parse_king_line(v, files, ranks))?;
    if let Some(p) = pieces.iter().find(|p| king_line.is_none() && kingline::slides_on_line(p)) {
        let line = keys.get(&p.key).map_or(section_line, |e| keys.line(e));
        return Err((line, format!("{}: {{kingLine}} needs a kingLine key", p.key)));
    }
    let value = |key: &str, default: GameValue| -> Result<GameValue, (usize, String)> {
        Ok(keys.read(key, parse_game_value)?.unwrap_or(default))
    };
    let mandatory_promotion = keys.read("mandatoryPawnPromotion", parse_bool)?.unwrap_or(true);
    let capture_rules = {
        use super::extensions::captures::{read, Context};
        let get = |key: &str| keys.get(key).map(|e| (keys.line(e), e.value.clone()));
        let cx = Context {
            pieces: &pieces,
            king,
            pawn,
            has_castling: castling.is_some(),
            mandatory_promotion,
            section_line,
        };
        read(&get, &cx)?
    };
    Ok(Definition {
        name: name.to_string(),
        files,
        ranks,
        king,
        pawn,
        start_fen,
        double_step: keys.read("doubleStep", parse_bool)?.unwrap_or(true),
        double_step_region,
        en_passant: true,
        promotion_region,
        promotion_types,
        mandatory_promotion,
        castling,
        checking: keys.read("checking", parse_bool)?.unwrap_or(true),
        checkmate_value: value("checkmateValue", GameValue::Loss)?,
        stalemate_value: value("stalemateValue", GameValue::Draw)?,
        n_move_rule: keys.read("nMoveRule", parse_int)?.unwrap_or(50),
        n_fold_rule: keys.read("nFoldRule", parse_int)?.unwrap_or(3),
        n_fold_value: match value("nFoldValue", GameValue::Draw)? {
            GameValue::Loss => {
                let line = keys.get("nFoldValue").map_or(section_line, |e| keys.line(e));
                return Err((line, "nFoldValue = loss is not supported".to_string()));
            }
            v => v,
        },
        extinction: read_extinction(&keys, &index_of)?,
        flag: read_flag(&keys, files, ranks, &index_of)?,
        piece_to_char_table: keys.get("pieceToCharTable").map(|e| e.value.clone()),
        king_line,
        drops: super::drops::keys::read_drops(&keys, files, ranks)?,
        capture_rules,
        pieces,
    })
}

/// Keys accepted with one value only: the format's default, which is what Sissa plays.
fn check_fixed_values(keys: &Keys) -> Result<(), (usize, String)> {
    let fixed: [(&str, &str); 5] = [
        ("variantTemplate", "fairy"),
        ("chess960", "false"),
        ("castlingRank", "1"),
        ("castlingKingPiece", "k"),
        ("enPassantRegion", "*"),
    ];
    for (key, only) in fixed {
        if let Some(e) = keys.get(key) {
            let ok = e.value.eq_ignore_ascii_case(only)
                || (key == "enPassantRegion"
                    && e.value.split_whitespace().all(|w| w.contains('*')));
            if !ok {
                return Err((
                    keys.line(e),
                    format!("{key} = {} is not supported (only {only})", e.value),
                ));
            }
        }
    }
    Ok(())
}

fn read_pieces(keys: &Keys) -> Result<Vec<PieceDef>, (usize, String)> {
    let mut pieces: Vec<PieceDef> = Vec::new();
    // The format's order of piece types (the king last), taken generation by generation: a
    // piece given the letter of one defined before replaces it.
    let customs = (1..=CUSTOM_SLOTS).map(|n| format!("customPiece{n}"));
    let predefined = PREDEFINED_PIECES.iter().map(|(n, _)| n.to_string()).filter(|n| n != "king");
    let mut names: Vec<(u32, usize, String)> = predefined
        .chain(customs)
        .chain(std::iter::once("king".to_string()))
        .enumerate()
        .filter_map(|(order, key)| keys.get(&key).map(|e| (e.generation, order, key)))
        .collect();
    names.sort();
    for (_, _, key) in names {
        let Some(e) = keys.get(&key) else { continue };
        let mut chars = e.value.chars();
        let letter = match chars.next() {
            Some('-') | None => continue,
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            Some(c) => return Err((keys.line(e), format!("{key}: bad piece letter {c:?}"))),
        };
        let written = match chars.as_str().strip_prefix(':') {
            Some(betza) => Some(betza.to_string()),
            None if chars.as_str().trim().is_empty() => None,
            None => return Err((keys.line(e), format!("{key}: expected letter:Betza"))),
        };
        if UNSUPPORTED_PIECES.contains(&key.as_str()) {
            return Err((
                keys.line(e),
                format!("{key}: its own rules beyond its moves are not supported"),
            ));
        }
        let predefined =
            PREDEFINED_PIECES.iter().find(|(n, _)| *n == key).map(|(_, b)| b.to_string());
        // Predefined pieces keep their moves (only the king may be given others).
        let betza = match (predefined, written) {
            (Some(_), Some(b)) if key == "king" => b,
            (Some(b), _) => b,
            (None, Some(b)) => b,
            (None, None) => return Err((keys.line(e), format!("{key}: missing Betza moves"))),
        };
        let moves = parse_betza(&betza).map_err(|m| (keys.line(e), format!("{key}: {m}")))?;
        pieces.retain(|p| p.letter != letter);
        pieces.push(PieceDef { letter, key, betza, moves });
    }
    Ok(pieces)
}

/// The promotion types: the file's letters, or `default`. As in the format, a letter names
/// the piece it had where the promotion key was written: letters of pieces the variant does
/// not have are passed over, and so is a piece given that letter by a later section (it
/// replaced the one named).
fn read_promotion_types(
    keys: &Keys,
    pieces: &[PieceDef],
    default: Vec<char>,
) -> Result<Vec<char>, (usize, String)> {
    let letters_of = |key: &str| {
        let written = keys.get(key).map_or(0, |e| e.generation);
        move |v: &str| -> Result<Vec<char>, String> {
            let known = |c: char| {
                pieces.iter().find(|p| p.letter == c).is_some_and(|p| {
                    keys.get(&p.key).is_some_and(|defined| defined.generation <= written)
                })
            };
            Ok(v.chars().map(|c| c.to_ascii_uppercase()).filter(|&c| known(c)).collect())
        }
    };
    let both = keys.read("promotionPieceTypes", letters_of("promotionPieceTypes"))?;
    let white = keys.read("promotionPieceTypesWhite", letters_of("promotionPieceTypesWhite"))?;
    let black = keys.read("promotionPieceTypesBlack", letters_of("promotionPieceTypesBlack"))?;
    if white.is_some() && black.is_some() && white != black {
        let line = keys.get("promotionPieceTypesBlack").map_or(0, |e| keys.line(e));
        return Err((line, "different promotion types per side are not supported".to_string()));
    }
    Ok(white.or(black).or(both).unwrap_or(default))
}

fn read_castling(
    keys: &Keys,
    files: u8,
    index_of: &dyn Fn(char) -> Option<usize>,
) -> Result<Option<CastlingDef>, (usize, String)> {
    if !keys.read("castling", parse_bool)?.unwrap_or(true) {
        return Ok(None);
    }
    let kingside = keys.read("castlingKingsideFile", |v| parse_file(v, files))?;
    let queenside = keys.read("castlingQueensideFile", |v| parse_file(v, files))?;
    // Only read to check them: the rooks are found from the FEN's castling field.
    for key in ["castlingRookKingsideFile", "castlingRookQueensideFile", "castlingKingFile"] {
        keys.read(key, |v| parse_file(v, files))?;
    }
    let rook = match keys.get("castlingRookPieces") {
        Some(e) => {
            let letters: Vec<char> = e.value.chars().filter(|c| !c.is_whitespace()).collect();
            match letters.as_slice() {
                [c] => c.to_ascii_uppercase(),
                _ => {
                    return Err((
                        keys.line(e),
                        "castlingRookPieces: one piece type only".to_string(),
                    ))
                }
            }
        }
        None => 'R',
    };
    if index_of(rook).is_none() {
        return Ok(None);
    }
    let king_to = [kingside.unwrap_or(6.min(files.saturating_sub(2))), queenside.unwrap_or(2)];
    Ok(Some(CastlingDef { king_to, rook }))
}

fn read_extinction(
    keys: &Keys,
    index_of: &dyn Fn(char) -> Option<usize>,
) -> Result<Option<ExtinctionDef>, (usize, String)> {
    let value = match keys.get("extinctionValue") {
        Some(e) if e.value.eq_ignore_ascii_case("none") => None,
        Some(_) => keys.read("extinctionValue", parse_game_value)?,
        None => None,
    };
    let Some(value) = value else { return Ok(None) };
    let types = keys.read("extinctionPieceTypes", |v| {
        if v.trim() == "*" {
            return Ok(Vec::new());
        }
        let letters: Vec<char> = v.chars().map(|c| c.to_ascii_uppercase()).collect();
        Ok(letters.into_iter().filter(|&c| index_of(c).is_some()).collect())
    })?;
    let count = keys.read("extinctionPieceCount", parse_int)?.unwrap_or(0);
    match types {
        Some(types) => Ok(Some(ExtinctionDef { value, types, count })),
        None => Ok(None),
    }
}

fn read_flag(
    keys: &Keys,
    files: u8,
    ranks: u8,
    index_of: &dyn Fn(char) -> Option<usize>,
) -> Result<Option<FlagDef>, (usize, String)> {
    // `*`, the default, is any piece.
    let piece = |key: &str| {
        keys.read(key, |v| {
            let c = v.trim().chars().next().unwrap_or('-').to_ascii_uppercase();
            match c {
                '*' => Ok(None),
                c if index_of(c).is_some() => Ok(Some(c)),
                _ => Err(format!("no piece {v:?}")),
            }
        })
    };
    let both = piece("flagPiece")?;
    let white = piece("flagPieceWhite")?.or(both);
    let black = piece("flagPieceBlack")?.or(both);
    let region = |key: &str| keys.read(key, |v| parse_region(v, files, ranks));
    let both_region = region("flagRegion")?;
    let white_region = region("flagRegionWhite")?.or(both_region).unwrap_or(0);
    let black_region = region("flagRegionBlack")?.or(both_region).unwrap_or(0);
    if white_region == 0 && black_region == 0 {
        return Ok(None);
    }
    let piece = [white.flatten(), black.flatten()];
    Ok(Some(FlagDef { piece, region: [white_region, black_region] }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_inherits_and_overrides_its_parent() {
        let text = "[mini:chess]\nmaxFile = 10\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n\
                    [mini2:mini]\ncastling = false\nstalemateValue = loss\n";
        let (defs, errors) = parse(text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(defs.len(), 2);
        assert_eq!(defs[1].files, 10);
        assert_eq!(defs[1].pieces.len(), 6);
        assert!(defs[0].castling.is_some() && defs[1].castling.is_none());
        assert_eq!(defs[1].stalemate_value, GameValue::Loss);
        assert_eq!(defs[0].promotion_types, ['N', 'B', 'R', 'Q']);
    }

    #[test]
    fn an_unsupported_key_refuses_its_section_only() {
        let text = "[a:chess]\npawnTypes = p\n[b:chess]\nnMoveRule = 0\n";
        let (defs, errors) = parse(text);
        assert_eq!(defs.len(), 1);
        assert_eq!(defs[0].name, "b");
        assert_eq!(defs[0].n_move_rule, 0);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].line, 2);
        assert!(errors[0].message.contains("pawnTypes"), "{}", errors[0]);
    }

    #[test]
    fn bad_values_and_parents_name_their_lines() {
        let text =
            "[a:chess]\nmaxRank = x\n[b:nosuch]\n[c:chess]\ncustomPiece1 = a:yN\n[d]\nknight = n\n";
        let (defs, errors) = parse(text);
        assert!(defs.is_empty());
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 3, 5, 6]);
        assert!(errors[3].message.contains("king"));
    }

    /// A promotion letter names the piece it had where it was written: a later section's
    /// piece with that letter is not promoted to (as in the format, where the named piece
    /// was removed).
    #[test]
    fn promotion_letters_keep_their_pieces() {
        let text =
            "[a:chess]\npromotionPieceTypes = nbrq\n[b:a]\nknight = -\ncustomPiece1 = n:NN\n\
                    [c:b]\npromotionPieceTypes = nq\n[d:chess]\nknight = -\ncustomPiece1 = n:NN\n";
        let (defs, errors) = parse(text);
        assert!(errors.is_empty(), "{errors:?}");
        let types: Vec<Vec<char>> = defs.iter().map(|d| d.promotion_types.clone()).collect();
        assert_eq!(
            types,
            [vec!['N', 'B', 'R', 'Q'], vec!['B', 'R', 'Q'], vec!['N', 'Q'], vec!['B', 'R', 'Q']]
        );
    }

    #[test]
    fn a_flag_region_without_a_flag_piece_is_for_any_piece() {
        let (defs, errors) = parse("[a:chess]\nflagRegionWhite = *8\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(defs[0].flag.as_ref().map(|f| f.piece), Some([None, None]));
    }

    #[test]
    fn crazyhouse_is_a_parent_with_drops() {
        let (defs, errors) = parse("[zh2:crazyhouse]\ndropLoop = true\n");
        assert!(errors.is_empty(), "{errors:?}");
        let drops =
            defs[0].drops.as_ref().map(|d| (d.piece_drops, d.captures_to_hand, d.drop_loop));
        assert_eq!(drops, Some((true, true, true)));
        let (_, errors) = parse("[x:chess]\ndropPromoted = true\n[y:chess]\nmustDropType = p\n");
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 4], "{errors:?}");
    }

    #[test]
    fn the_reserve_keys_are_read_and_unsettled_uses_refused() {
        let text = "[q:chess]\npieceDrops = true\ncapturesToHand = false\nreserveOrder = queue\n\
                    promotionFromReserve = true\ndropCredits = exchange\ndropAfterMove = true\n";
        let (defs, errors) = parse(text);
        assert!(errors.is_empty(), "{errors:?}");
        let reserve = defs[0].drops.as_ref().map(|d| d.reserve);
        let all = super::super::drops::keys::ReserveRules {
            queue: true,
            promotion_from_reserve: true,
            exchange_credits: true,
            drop_after_move: true,
        };
        assert_eq!(reserve, Some(all));
        // Without drops; a queue taking captures; a drop after a move from a free hand (the
        // move names only the drop's square); an unknown order.
        let text = "[a:chess]\ndropAfterMove = true\n[b:crazyhouse]\nreserveOrder = queue\n\
                    [c:chess]\npieceDrops = true\ndropAfterMove = true\n\
                    [d:chess]\npieceDrops = true\nreserveOrder = stack\n";
        let (defs, errors) = parse(text);
        assert!(defs.is_empty(), "{defs:?}");
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 4, 7, 10], "{errors:?}");
    }

    #[test]
    fn lions_and_unicorns_is_a_parent() {
        let (defs, errors) = parse("[lu2:lionsunicorns]\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!((defs[0].files, defs[0].ranks), (10, 8));
        assert_eq!(defs[0].promotion_types, ['M', 'Q', 'U']);
        assert_eq!(defs[0].castling.map(|c| c.king_to), Some([7, 3]));
    }

    /// Every prefix and every one-byte change of a real section, loaded all the way (parsed,
    /// compiled for its board, start position checked), must come back without a panic.
    #[test]
    fn nothing_panics_on_mangled_files() {
        let text = "[x:chess]\nmaxFile = 10\ncustomPiece1 = l:FDH\ncustomPiece2 = u:BNN\n\
                    startFen = lrnbqkbnru/pppppppppp/10/10/10/10/PPPPPPPPPP/LRNBQKBNRU w KQkq - 0 1\n\
                    castlingKingsideFile = h\nflagRegion = *9\nextinctionValue = loss\n\
                    extinctionPieceTypes = *\npromotionRegionWhite = *7 *8\n";
        let bytes = text.as_bytes();
        for cut in 0..bytes.len() {
            let _ = parse(&String::from_utf8_lossy(&bytes[..cut]));
        }
        for i in 0..bytes.len() {
            for replacement in [b'0', b'9', b'z', b'*', b'[', b':', b'-', b' '] {
                let mut mangled = bytes.to_vec();
                mangled[i] = replacement;
                let _ = parse(&String::from_utf8_lossy(&mangled));
            }
        }
    }

    #[test]
    fn nothing_panics_on_garbage() {
        let samples = [
            "[",
            "]",
            "[a:]",
            "[a]\n=",
            "[a:chess]\nmaxFile = 0",
            "[a:chess]\nking = k:",
            "[a:chess]\ncustomPiece1 = :N",
            "[a:chess]\nflagRegion = *9",
            "[a:chess]\nmaxRank=16\nmaxFile=16",
        ];
        for s in samples {
            let _ = parse(s);
        }
    }
}
