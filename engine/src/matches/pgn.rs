//! PGN output of finished games, and reading PGN back.
//!
//! Moves are written in Sissa's coordinate notation (RULES.md section 0), the notation every
//! variant shares; the tags say how to read them: `Variant`, `FEN` with `SetUp "1"` (always
//! written, since most variants are not chess), `SetupSeed` for random setups, `TimeControl`,
//! `Termination` (PGN's words) and the reason in a comment after the last move. Moves chosen
//! by the opening plan are followed by the comment `{opening}`.

use super::referee::{GameRecord, GameResult};
use std::collections::BTreeMap;

/// Writes one game.
pub fn write_game(record: &GameRecord, date: &str) -> String {
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", "Sissa match".to_string()),
        ("Site", "?".to_string()),
        ("Date", date.to_string()),
        ("Round", record.round.to_string()),
        ("White", record.white.clone()),
        ("Black", record.black.clone()),
        ("Result", record.result.pgn().to_string()),
        ("Variant", record.variant.name().to_string()),
        ("FEN", record.start_fen.clone()),
        ("SetUp", "1".to_string()),
    ];
    if record.variant.random_setup() {
        tags.push(("SetupSeed", record.setup.seed.to_string()));
    }
    match record.time {
        [white, black] if white == black => tags.push(("TimeControl", white.to_string())),
        [white, black] => {
            tags.push(("WhiteTimeControl", white.to_string()));
            tags.push(("BlackTimeControl", black.to_string()));
        }
    }
    tags.push(("PlyCount", record.moves.len().to_string()));
    tags.push(("Termination", record.termination.pgn().to_string()));
    let mut out = tag_section(&tags);
    out.push_str(&wrap(&movetext(record), 80));
    out.push_str("\n\n");
    out
}

/// The tag section: a `[Name "value"]` line a tag, then the empty line before the moves.
pub fn tag_section(tags: &[(&str, String)]) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    out.push('\n');
    out
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The moves with their numbers, counted from the start position's move number (`N...`
/// before a first move by Black); `{opening}` follows the first `opening_plies` moves.
pub fn numbered_moves(start_fen: &str, moves: &[String], opening_plies: usize) -> Vec<String> {
    let black_first = start_fen.split_whitespace().nth(1) == Some("b");
    let mut number: u32 =
        start_fen.split_whitespace().nth(5).and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
    let mut tokens = Vec::new();
    for (ply, mv) in moves.iter().enumerate() {
        let white_to_move = (ply % 2 == 0) != black_first;
        if white_to_move {
            tokens.push(format!("{number}."));
        } else if ply == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(mv.clone());
        if !white_to_move {
            number = number.saturating_add(1);
        }
        if ply + 1 == opening_plies {
            tokens.push("{opening}".to_string());
        }
    }
    tokens
}

/// Numbered moves, the opening comment, the reason and the result.
fn movetext(record: &GameRecord) -> String {
    let mut tokens = numbered_moves(&record.start_fen, &record.moves, record.opening_plies);
    // A comment ends at the first closing brace; an engine's claim quoted in the reason
    // ("0-1 {Black mates}") keeps its words with parentheses instead.
    let reason = record.reason.replace('{', "(").replace('}', ")");
    tokens.push(format!("{{{reason}}}"));
    tokens.push(record.result.pgn().to_string());
    tokens.join(" ")
}

/// Breaks text at spaces into lines of at most `width` characters (longer words stay whole).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split(' ') {
        if line_len > 0 && line_len + 1 + word.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out
}

/// A game read from PGN.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    pub tags: BTreeMap<String, String>,
    pub moves: Vec<String>,
    pub comments: Vec<String>,
    pub result: Option<GameResult>,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name).map(String::as_str)
    }
}

/// The text of a tag pair up to its closing `]`. A `]` inside the quoted value (the holdings
/// of a UC-40 FEN) does not close it; `\"` and `\\` are escapes inside the value.
fn read_tag_body(chars: &mut impl Iterator<Item = char>) -> String {
    let mut body = String::new();
    let mut quoted = false;
    let mut escaped = false;
    for c in chars {
        if !quoted && c == ']' {
            break;
        }
        if c == '"' && !escaped {
            quoted = !quoted;
        }
        escaped = quoted && !escaped && c == '\\';
        body.push(c);
    }
    body
}

/// Reads every game of a PGN text. Variations `( ... )` and NAGs are skipped.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut current = PgnGame::default();
    let mut in_moves = false;
    let mut chars = text.chars().peekable();
    let mut line = 1;
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '[' => {
                if in_moves {
                    games.push(std::mem::take(&mut current));
                    in_moves = false;
                }
                let tag = read_tag_body(&mut chars);
                let (name, value) =
                    parse_tag(&tag).ok_or(format!("line {line}: bad tag [{tag}]"))?;
                current.tags.insert(name, value);
            }
            '{' => {
                in_moves = true;
                let comment: String = chars.by_ref().take_while(|&c| c != '}').collect();
                line += comment.matches('\n').count();
                current.comments.push(comment.trim().to_string());
            }
            '(' => {
                let mut depth = 1;
                for c in chars.by_ref() {
                    match c {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        '\n' => line += 1,
                        _ => {}
                    }
                    if depth == 0 {
                        break;
                    }
                }
            }
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        break;
                    }
                }
            }
            _ => {
                in_moves = true;
                let mut token = c.to_string();
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() || "{}()[];".contains(c) {
                        break;
                    }
                    token.push(c);
                    chars.next();
                }
                if take_token(&mut current, &token) {
                    games.push(std::mem::take(&mut current));
                    in_moves = false;
                }
            }
        }
    }
    if !current.tags.is_empty() || !current.moves.is_empty() {
        games.push(current);
    }
    Ok(games)
}

fn parse_tag(text: &str) -> Option<(String, String)> {
    let (name, rest) = text.trim().split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.to_string(), value.replace("\\\"", "\"").replace("\\\\", "\\")))
}

/// One movetext token: a move number, a NAG, a result or a move. True at the result, which
/// ends the game.
fn take_token(game: &mut PgnGame, token: &str) -> bool {
    if let Some(result) = GameResult::from_pgn(token) {
        game.result = Some(result);
        return true;
    }
    if token == "*" {
        return true;
    }
    let mv = token.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
    if !mv.is_empty() && !token.starts_with('$') {
        game.moves.push(mv.to_string());
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closing_bracket_inside_a_tag_value_does_not_end_the_tag() {
        // UC-40 FENs carry the reserves in brackets.
        let fen = "k7/8/8/8/8/8/8/K7[Q'D!/q'd!] w - - 0 1 0,0 -";
        let text = format!("[FEN \"{fen}\"]\n[Event \"a ] b\"]\n\n1. a1a2 *\n");
        let games = read_games(&text).unwrap();
        assert_eq!(games[0].tag("FEN"), Some(fen));
        assert_eq!(games[0].tag("Event"), Some("a ] b"));
    }

    #[test]
    fn reads_tags_moves_comments_and_results() {
        let text = "[Event \"x\"]\n[White \"a \\\"b\\\"\"]\n\n1. e2e4 {opening} e7e5 2. g1f3 (2. f1c4) $1 \
                    {Black resigns} 1-0\n\n[Event \"y\"]\n\n1... e7e5 2. a2a3 *\n";
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("White"), Some("a \"b\""));
        assert_eq!(games[0].moves, ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(games[0].comments, ["opening", "Black resigns"]);
        assert_eq!(games[0].result, Some(GameResult::WhiteWins));
        assert_eq!(games[1].tag("Event"), Some("y"));
        assert_eq!(games[1].moves, ["e7e5", "a2a3"]);
        assert_eq!(games[1].result, None);
        assert!(read_games("[Event x]").is_err());
    }
}
