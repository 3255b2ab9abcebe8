//! The JSON the page and the server exchange. Squares travel by name (`e4`, `j10`), pieces
//! by their FEN code (`Q`, `q'`), moves by Sissa's notation with their full description.

use crate::matches::pgn::{numbered_moves, tag_section};
use crate::protocol::thinking::{Info, Score};
use serde_json::{json, Value};
use sissa_movegen::game::result_text;
use sissa_movegen::geometry::{Color, Dims, Square};
use sissa_movegen::{Game, MoveDescription, PieceInfo, Removal};

/// Largest message the page may send (a long PGN fits many times over).
pub const MAX_MESSAGE: usize = 1024 * 1024;

/// A message to the page.
pub enum Reply {
    State(Value),
    Pgn(String),
    /// The position editor's FEN checked by the engine.
    Validation(Value),
    /// The names of the variants a game can be played in: the built-in ones, then those
    /// loaded from variants files (`sissa --variants FILE gui`). Sent when a tab connects.
    Variants(Vec<String>),
    Error(String),
}

impl Reply {
    pub fn to_json(&self) -> String {
        match self {
            Reply::State(state) => state.to_string(),
            Reply::Pgn(text) => json!({"type": "pgn", "text": text}).to_string(),
            Reply::Validation(answer) => answer.to_string(),
            Reply::Variants(names) => json!({"type": "variants", "names": names}).to_string(),
            Reply::Error(message) => json!({"type": "error", "message": message}).to_string(),
        }
    }
}

/// Reads a message from the page: a JSON object, or the reason it is not one.
pub fn parse(text: &str) -> Result<Value, String> {
    if text.len() > MAX_MESSAGE {
        return Err(format!("message too large ({} bytes, at most {MAX_MESSAGE})", text.len()));
    }
    let value: Value = serde_json::from_str(text).map_err(|e| format!("malformed JSON: {e}"))?;
    if !value.is_object() {
        return Err("a message must be a JSON object".to_string());
    }
    Ok(value)
}

fn piece(p: &PieceInfo) -> Value {
    json!({"code": p.code, "white": p.color == Color::White})
}

fn removal(how: Removal) -> &'static str {
    match how {
        Removal::Landing => "landing",
        Removal::EnPassant => "en passant",
        Removal::Approach => "approach",
        Removal::Withdrawal => "withdrawal",
        Removal::Overtaking => "overtaking",
        Removal::Coordination => "coordination",
        Removal::KingStep => "king step",
        Removal::MutualDestruction => "mutual destruction",
        Removal::SelfDestruction => "self-destruction",
        Removal::Other => "other",
    }
}

/// A move with everything it does.
pub fn description(d: &MoveDescription, dims: Dims) -> Value {
    let name = |sq: Square| dims.square_name(sq);
    let step = |s: &sissa_movegen::Step| json!({"piece": piece(&s.piece), "from": name(s.from), "to": name(s.to)});
    json!({
        "notation": d.notation,
        "kind": format!("{:?}", d.kind),
        "piece": piece(&d.piece),
        "from": name(d.from),
        "to": name(d.to),
        "changes": d.changes.iter().map(|c| json!({
            "square": name(c.square),
            "before": c.before.as_ref().map(piece),
            "after": c.after.as_ref().map(piece),
        })).collect::<Vec<_>>(),
        "removed": d.removed.iter().map(|r| json!({
            "square": name(r.square), "piece": piece(&r.piece), "how": removal(r.how),
        })).collect::<Vec<_>>(),
        "promotion": d.promotion.as_ref().map(piece),
        "drop": d.drop.as_ref().map(|(sq, p)| json!({"square": name(*sq), "piece": piece(p)})),
        "castling_rook": d.castling_rook.as_ref().map(step),
        "king_step": d.king_step.as_ref().map(step),
        "swapped": d.swapped.as_ref().map(piece),
        "check": d.gives_check,
    })
}

/// The whole table: board, reserves, legal moves, the moves played and the result.
pub fn state(game: &Game, played: &[MoveDescription], sissa: [bool; 2], analysing: bool) -> Value {
    let position = game.position();
    let variant = game.variant();
    let dims = variant.dims();
    let board: Vec<Value> = position
        .board()
        .iter()
        .enumerate()
        .filter_map(|(sq, p)| {
            p.as_ref().map(|p| json!({"square": dims.square_name(sq as Square), "piece": piece(p)}))
        })
        .collect();
    let reserve = |c: Color| position.reserve(c).iter().map(piece).collect::<Vec<_>>();
    let outcome = game.outcome().map(|o| {
        let (result, reason) = result_text(o);
        json!({"result": result, "reason": reason})
    });
    let legal: Vec<Value> = if outcome.is_some() {
        Vec::new()
    } else {
        position.legal_move_descriptions().iter().map(|d| description(d, dims)).collect()
    };
    let fen = position.to_fen();
    json!({
        "type": "state",
        "variant": variant.name(),
        "files": dims.files,
        "ranks": dims.ranks,
        "fen": fen,
        "start_fen": game.start_fen(),
        "white_to_move": game.side() == Color::White,
        "check": position.in_check(),
        "board": board,
        "reserves": {"white": reserve(Color::White), "black": reserve(Color::Black)},
        "credits": [position.drop_credits(Color::White), position.drop_credits(Color::Black)],
        "pending": uc40_pending(variant.name(), &fen),
        "piece_types": position.piece_types().iter().map(|(code, name)| json!({"code": code, "name": name})).collect::<Vec<_>>(),
        "legal": legal,
        "played": played.iter().map(|d| description(d, dims)).collect::<Vec<_>>(),
        "outcome": outcome,
        "sissa": {"white": sissa[0], "black": sissa[1]},
        "analysing": analysing,
    })
}

/// The pending exchange of a UC-40 position as its FEN writes it (`-` for none).
fn uc40_pending(variant: &str, fen: &str) -> Option<String> {
    if variant != "uc40" {
        return None;
    }
    fen.split_whitespace().nth(7).map(str::to_string)
}

/// One line of the search's progress.
pub fn info(info: &Info) -> String {
    let score = match info.score {
        Score::Cp(cp) => json!({"cp": cp}),
        Score::Mate(n) => json!({"mate": n}),
    };
    json!({
        "type": "info",
        "depth": info.depth,
        "score": score,
        "nodes": info.nodes,
        "nps": info.nps,
        "time_ms": info.time.as_millis() as u64,
        "pv": info.pv,
        "multipv": info.multipv.max(1),
    })
    .to_string()
}

/// The game in PGN as `sissa match --pgn` writes it: the same tags and coordinate moves.
pub fn pgn(game: &Game, white: &str, black: &str) -> String {
    let result = game.outcome().map(result_text);
    let (result_tag, reason) = match &result {
        Some((r, why)) => (r.to_string(), Some(why.clone())),
        None => ("*".to_string(), None),
    };
    let mut tags = vec![
        ("Event", "Sissa board".to_string()),
        ("Site", "?".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", "1".to_string()),
        ("White", white.to_string()),
        ("Black", black.to_string()),
        ("Result", result_tag.clone()),
        ("Variant", game.variant().name().to_string()),
        ("FEN", game.start_fen().to_string()),
        ("SetUp", "1".to_string()),
    ];
    if game.variant().random_setup() {
        tags.push(("SetupSeed", game.setup().seed.to_string()));
    }
    tags.push(("PlyCount", game.moves().len().to_string()));
    let mut out = tag_section(&tags);
    let mut tokens = numbered_moves(game.start_fen(), game.moves(), 0);
    if let Some(reason) = reason {
        tokens.push(format!("{{{}}}", reason.replace(['{', '}'], "")));
    }
    tokens.push(result_tag);
    out.push_str(&tokens.join(" "));
    out.push_str("\n\n");
    out
}
