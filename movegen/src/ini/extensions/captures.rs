//! The keys that give a file's pieces the capture mechanisms of the Ultima family, read into
//! a definition:
//!
//! - `captures = p:custodian o:coordinator w:withdrawal u:approach+withdrawal ...`: each
//!   listed piece letter captures in the named ways instead of by landing (a piece not listed
//!   captures by landing on its victim with its Betza moves);
//! - `edgeRing = true`: Rococo's edge ring;
//! - `kingCapture = true`: no check; the King may be left attacked and capturing it wins;
//! - `promotionLimit = c:1 u:2`: the format's key, a type offered to promotion only while
//!   fewer of it than the limit stand on the board (here for the Cannon Pawn).
//!
//! Everything that would make the rules ambiguous is refused with the line of the key: a
//! mechanism combined with one it cannot share a move with, a piece whose Betza is not the
//! movement its mechanism has, an orthodox pawn or castling beside these pieces.

use super::super::betza::BetzaMove;
use super::super::definition::PieceDef;
use super::super::pieces::plain_parts;
use super::super::values::parse_bool;
use crate::pieces::{Captures, Lines, Part};

/// The capture rules a section gives with Sissa's keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureRules {
    /// Each listed piece letter (upper case) with its ways of capturing.
    pub captures: Vec<(char, Captures)>,
    pub edge_ring: bool,
    pub king_capture: bool,
    /// The most pieces of a type (by letter) a promotion may bring the board to.
    pub promotion_limit: Vec<(char, u32)>,
}

/// The keys of this file.
pub const KEYS: [&str; 4] = ["captures", "edgeRing", "kingCapture", "promotionLimit"];

/// The capture kinds by their names in the `captures` key.
const KINDS: [(&str, Captures); 11] = [
    ("landing", Captures::LANDING),
    ("approach", Captures::APPROACH),
    ("withdrawal", Captures::WITHDRAWAL),
    ("overtaking", Captures::OVERTAKING),
    ("custodian", Captures::CUSTODIAN),
    ("coordinator", Captures::COORDINATION),
    ("swapping", Captures::SWAPPING),
    ("mimicry", Captures::MIMICRY),
    ("freezing", Captures::FREEZING),
    ("cannonPawn", Captures::MOUNT_HOP),
    ("screenHop", Captures::SCREEN_HOP),
];

/// The kinds whose movement is the queen's, whatever else the piece could do.
const QUEEN_MOVERS: Captures =
    Captures::LINE.with(Captures::SWAPPING).with(Captures::MIMICRY).with(Captures::SCREEN_HOP);

/// What the reader knows of the section when it reads these keys.
pub struct Context<'a> {
    pub pieces: &'a [PieceDef],
    pub king: usize,
    pub pawn: Option<usize>,
    pub has_castling: bool,
    pub mandatory_promotion: bool,
    pub section_line: usize,
}

/// A key's value and its line, as the reader finds it.
pub type Lookup<'a> = dyn Fn(&str) -> Option<(usize, String)> + 'a;

/// Reads the keys; `None` if the section uses none of them (or only sets them false).
pub fn read(get: &Lookup, cx: &Context) -> Result<Option<CaptureRules>, (usize, String)> {
    let flag = |key: &str| -> Result<bool, (usize, String)> {
        match get(key) {
            None => Ok(false),
            Some((line, v)) => parse_bool(&v).map_err(|m| (line, format!("{key}: {m}"))),
        }
    };
    let edge_ring = flag("edgeRing")?;
    let king_capture = flag("kingCapture")?;
    let captures = match get("captures") {
        Some((line, v)) => read_captures(&v, cx).map_err(|m| (line, format!("captures: {m}")))?,
        None => Vec::new(),
    };
    let limit = get("promotionLimit");
    if captures.is_empty() && !edge_ring && !king_capture {
        return match limit {
            Some((line, _)) => Err((
                line,
                "promotionLimit is supported only with Sissa's capture keys".to_string(),
            )),
            None => Ok(None),
        };
    }
    let promotion_limit = match limit {
        Some((line, v)) => {
            read_limits(&v, cx).map_err(|m| (line, format!("promotionLimit: {m}")))?
        }
        None => Vec::new(),
    };
    let line = get("captures")
        .or_else(|| get("edgeRing"))
        .or_else(|| get("kingCapture"))
        .map_or(cx.section_line, |(line, _)| line);
    check_variant(&captures, cx).map_err(|m| (line, m))?;
    check_unsettled(&captures, edge_ring).map_err(|m| (line, m))?;
    Ok(Some(CaptureRules { captures, edge_ring, king_capture, promotion_limit }))
}

/// Reads `letter:kind[+kind] ...`.
fn read_captures(value: &str, cx: &Context) -> Result<Vec<(char, Captures)>, String> {
    let mut out: Vec<(char, Captures)> = Vec::new();
    for word in value.split_whitespace() {
        let (letter, kinds) =
            word.split_once(':').ok_or_else(|| format!("expected letter:kind, not {word:?}"))?;
        let mut chars = letter.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ => return Err(format!("bad piece letter {letter:?}")),
        };
        let index = cx
            .pieces
            .iter()
            .position(|p| p.letter == letter)
            .ok_or_else(|| format!("no piece {letter}"))?;
        if out.iter().any(|(l, _)| *l == letter) {
            return Err(format!("piece {letter} is listed twice"));
        }
        let mut set = Captures::NONE;
        for name in kinds.split('+') {
            let kind = KINDS
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, k)| *k)
                .ok_or_else(|| format!("unknown capture kind {name:?} for {letter}"))?;
            set = set.with(kind);
        }
        check_piece(letter, set, &cx.pieces[index], index, cx)?;
        out.push((letter, set));
    }
    Ok(out)
}

/// One piece's kinds: a combination the shared capturer plays one way, on a piece that moves
/// as they need.
fn check_piece(
    letter: char,
    set: Captures,
    piece: &PieceDef,
    index: usize,
    cx: &Context,
) -> Result<(), String> {
    if index == cx.king {
        return Err(format!("the King {letter} captures by landing only"));
    }
    if Some(index) == cx.pawn {
        return Err(format!("the pawn {letter} cannot be given other captures"));
    }
    let line_only = Captures::LINE.has(set);
    let single = KINDS.iter().filter(|(_, k)| set.has(*k)).count() == 1;
    if !(single || line_only) {
        return Err(format!(
            "{letter}: only approach, withdrawal and overtaking may be combined with each other"
        ));
    }
    let parts = plain_parts(&piece.moves).ok_or_else(|| {
        format!(
            "{letter}: its Betza {} is not symmetric moves alike in all directions",
            piece.betza
        )
    })?;
    if set.any_of(QUEEN_MOVERS) && !is_queen(&parts) {
        return Err(format!(
            "{letter}: these captures move as a queen (Betza Q), not {}",
            piece.betza
        ));
    }
    if set.has(Captures::MOUNT_HOP) && !is_king_step(&piece.moves) {
        return Err(format!(
            "{letter}: a Cannon Pawn steps as a king (Betza K), not {}",
            piece.betza
        ));
    }
    Ok(())
}

fn is_queen(parts: &[Part]) -> bool {
    parts.len() == 2
        && parts.contains(&Part::Slide(Lines::Orthogonal))
        && parts.contains(&Part::Slide(Lines::Diagonal))
}

fn is_king_step(moves: &[BetzaMove]) -> bool {
    let parts = plain_parts(moves).unwrap_or_default();
    parts.len() == 2 && parts.contains(&Part::Leap(1, 0)) && parts.contains(&Part::Leap(1, 1))
}

/// The rest of the variant: every piece moves by symmetric parts (the shared capturer moves
/// them by those), no orthodox pawn, no castling, and a Cannon Pawn's promotion optional.
fn check_variant(captures: &[(char, Captures)], cx: &Context) -> Result<(), String> {
    if let Some(p) = cx.pawn {
        return Err(format!(
            "Sissa's capture keys do not go with an orthodox pawn ({})",
            cx.pieces[p].key
        ));
    }
    if cx.has_castling {
        return Err("Sissa's capture keys do not go with castling (castling = false)".to_string());
    }
    for piece in cx.pieces {
        if plain_parts(&piece.moves).is_none() {
            return Err(format!(
                "{}: its Betza {} is not symmetric moves alike in all directions",
                piece.letter, piece.betza
            ));
        }
    }
    let cannon_pawns = captures.iter().any(|(_, c)| c.has(Captures::MOUNT_HOP));
    if cannon_pawns && cx.mandatory_promotion {
        return Err(
            "a Cannon Pawn's promotion is optional: mandatoryPawnPromotion = false".to_string()
        );
    }
    Ok(())
}

/// Combinations whose rules no variant settles (RULES.md has no ruling for them; the
/// mechanisms were made for the variants that have them) are refused: the edge ring with
/// captures at the destination or a screen hop, and Swappers beside Pincer Pawns or
/// Coordinators (what a Chameleon's swap would capture).
fn check_unsettled(captures: &[(char, Captures)], edge_ring: bool) -> Result<(), String> {
    let any = |kind: Captures| captures.iter().any(|(_, c)| c.has(kind));
    let at_destination = any(Captures::CUSTODIAN) || any(Captures::COORDINATION);
    if edge_ring && (at_destination || any(Captures::SCREEN_HOP)) {
        return Err("the edge ring does not go with custodian, coordinator or screenHop captures"
            .to_string());
    }
    if any(Captures::SWAPPING) && at_destination {
        return Err("swapping does not go with custodian or coordinator captures".to_string());
    }
    Ok(())
}

/// Reads `letter:count ...`.
fn read_limits(value: &str, cx: &Context) -> Result<Vec<(char, u32)>, String> {
    let mut out = Vec::new();
    for word in value.split_whitespace() {
        let (letter, count) =
            word.split_once(':').ok_or_else(|| format!("expected letter:count, not {word:?}"))?;
        let mut chars = letter.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) => c.to_ascii_uppercase(),
            _ => return Err(format!("bad piece letter {letter:?}")),
        };
        if !cx.pieces.iter().any(|p| p.letter == letter) {
            return Err(format!("no piece {letter}"));
        }
        let count =
            count.parse::<u32>().map_err(|_| format!("expected a whole number, not {count:?}"))?;
        out.push((letter, count));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::super::definition::parse;
    use crate::pieces::Captures;

    const ULTIMA: &str = "[u]\nking = k\ncustomPiece1 = p:R\ncustomPiece2 = w:Q\n\
                          customPiece3 = o:Q\ncastling = false\n\
                          startFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/3WKO2 w - - 0 1\n";

    /// The error of the one section in `text`: (line, message).
    fn refusal(text: &str) -> (usize, String) {
        let (defs, errors) = parse(text);
        assert!(defs.is_empty(), "{text} loaded");
        assert_eq!(errors.len(), 1, "{errors:?}");
        (errors[0].line, errors[0].message.clone())
    }

    #[test]
    fn capture_kinds_are_read_per_letter() {
        let text = format!("{ULTIMA}captures = p:custodian w:withdrawal o:coordinator\n");
        let (defs, errors) = parse(&text);
        assert!(errors.is_empty(), "{errors:?}");
        let rules = defs[0].capture_rules.clone().unwrap_or_else(|| panic!("no rules"));
        assert_eq!(
            rules.captures,
            [
                ('P', Captures::CUSTODIAN),
                ('W', Captures::WITHDRAWAL),
                ('O', Captures::COORDINATION)
            ]
        );
        assert!(!rules.edge_ring && !rules.king_capture);
        // The Pushme-Pullyu's two kinds together.
        let text = format!("{ULTIMA}captures = w:approach+withdrawal\n");
        let rules = parse(&text).0[0].capture_rules.clone();
        let both = Captures::APPROACH.with(Captures::WITHDRAWAL);
        assert_eq!(rules.map(|r| r.captures), Some(vec![('W', both)]));
    }

    #[test]
    fn ambiguous_or_unknown_captures_are_refused_with_their_line() {
        // The captures key is on line 8 of each section.
        for (value, says) in [
            ("p:custodian+coordinator", "combined"),
            ("p:custodian p:custodian", "twice"),
            ("x:custodian", "no piece X"),
            ("p:pinching", "unknown capture kind"),
            ("p:withdrawal", "as a queen"),
            ("o:cannonPawn", "as a king"),
            ("k:withdrawal", "King"),
            ("p", "letter:kind"),
        ] {
            let (line, message) = refusal(&format!("{ULTIMA}captures = {value}\n"));
            assert_eq!(line, 8, "{value}: {message}");
            assert!(message.contains(says), "{value}: {message}");
        }
        // An orthodox pawn or castling beside Sissa's captures; a lopsided piece.
        let pawn = "[a:chess]\ncaptures = q:withdrawal\n";
        assert!(refusal(pawn).1.contains("orthodox pawn"));
        let castle =
            format!("{ULTIMA}customPiece4 = r:R\ncastling = true\ncaptures = p:custodian\n");
        assert!(refusal(&castle).1.contains("castling"));
        let lame = format!("{ULTIMA}customPiece4 = n:fN\ncaptures = p:custodian\n");
        assert!(refusal(&lame).1.contains("symmetric"));
        // A Cannon Pawn's promotion is optional; promotionLimit needs these keys.
        let cannon = format!("{ULTIMA}customPiece4 = c:K\ncaptures = c:cannonPawn\n");
        assert!(refusal(&cannon).1.contains("mandatoryPawnPromotion"));
        assert!(refusal("[b:chess]\npromotionLimit = q:1\n").1.contains("promotionLimit"));
        // Combinations no rule settles.
        let ring = format!("{ULTIMA}captures = p:custodian\nedgeRing = true\n");
        assert!(refusal(&ring).1.contains("edge ring"));
        let swap = format!("{ULTIMA}captures = o:coordinator w:swapping\n");
        assert!(refusal(&swap).1.contains("swapping"));
    }
}
