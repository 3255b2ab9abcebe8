//! The position editor's question to the engine: is this FEN a position of this variant? The
//! page builds the FEN from the pieces put on the board; the variant's own FEN reader judges
//! it, so the editor knows no rule of any variant.

use super::file_variant_claims::FileVariantClaim;
use super::wire::Reply;
use serde_json::{json, Value};
use sissa_movegen::{Game, Setup};

/// Answers a `validate` message (`variant`, and `fen`, without which the variant's start
/// position is the answer): a `validation` reply with the FEN as the engine writes it, or
/// the reason the variant refuses it, and the variant's piece types for the palette.
pub fn validate(message: &Value, claim: &FileVariantClaim) -> Reply {
    let Some(name) = message.get("variant").and_then(Value::as_str) else {
        return Reply::Error("a validate message needs \"variant\"".into());
    };
    let variant = match claim.for_question(name) {
        Ok(variant) => variant,
        Err(e) => return Reply::Error(e),
    };
    let fen = match message.get("fen") {
        None | Some(Value::Null) => None,
        Some(Value::String(fen)) => Some(fen.trim()),
        Some(_) => return Reply::Error("fen must be a string".into()),
    };
    let start = Game::new(variant, Setup::default());
    let piece_types: Vec<Value> = start
        .position()
        .piece_types()
        .iter()
        .map(|(code, name)| json!({"code": code, "name": name}))
        .collect();
    let dims = variant.dims();
    let mut answer = json!({
        "type": "validation",
        "variant": variant.name(),
        "files": dims.files,
        "ranks": dims.ranks,
        "piece_types": piece_types,
        "asked": fen,
    });
    match fen.map(|fen| Game::from_fen(variant, fen)) {
        None => {
            answer["valid"] = json!(true);
            answer["fen"] = json!(start.start_fen());
        }
        Some(Ok(game)) => {
            answer["valid"] = json!(true);
            answer["fen"] = json!(game.position().to_fen());
        }
        Some(Err(e)) => {
            answer["valid"] = json!(false);
            answer["fen"] = json!(fen);
            answer["error"] = json!(format!("{variant} refuses this FEN: {e}"));
        }
    }
    Reply::Validation(answer)
}
