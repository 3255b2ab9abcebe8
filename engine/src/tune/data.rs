//! Reading training data into a [`Dataset`]: the text format `sissa datagen` writes
//! (`<FEN> | <score> | <result>` a line, White's view, `#` comments, first line
//! `# sissa-datagen v1 variant=<name>`) and PGN games with results (as `sissa match --pgn`
//! writes them), where every position in which a move was played is labelled with the
//! game's result and has no score.

use super::dataset::{Dataset, Label};
use crate::matches::pgn::read_games;
use crate::matches::referee::GameResult;
use sissa_eval::{Evaluated, Evaluator};
use sissa_movegen::geometry::Color;
use sissa_movegen::Position;

/// Adds the positions of the file `name` with the text `text` to `data`; returns how many.
pub fn read_into<R: Evaluated>(
    name: &str,
    text: &str,
    eval: &Evaluator<R>,
    data: &mut Dataset,
) -> Result<usize, String> {
    let before = data.len();
    let is_pgn =
        text.lines().map(str::trim).find(|l| !l.is_empty()).is_some_and(|l| l.starts_with('['));
    if is_pgn {
        read_pgn(name, text, eval, data)?;
    } else {
        read_samples(name, text, eval, data)?;
    }
    data.end_game();
    Ok(data.len() - before)
}

fn add<R: Evaluated>(
    eval: &Evaluator<R>,
    pos: &Position<R>,
    label: Label,
    data: &mut Dataset,
) -> Result<(), String> {
    let tempo = if pos.side() == Color::White { eval.tempo() } else { -eval.tempo() };
    data.push(&eval.features(pos), eval.phase(pos), eval.endgame_scale(pos), tempo, label)
}

/// A game result from White's view, as the data format writes it.
pub fn parse_result(text: &str) -> Option<f32> {
    match text.trim() {
        "1.0" | "1" => Some(1.0),
        "0.5" => Some(0.5),
        "0.0" | "0" => Some(0.0),
        _ => None,
    }
}

fn read_samples<R: Evaluated>(
    name: &str,
    text: &str,
    eval: &Evaluator<R>,
    data: &mut Dataset,
) -> Result<(), String> {
    for (number, line) in text.lines().enumerate() {
        let at = || format!("{name}:{}", number + 1);
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            let variant = comment.split_whitespace().find_map(|w| w.strip_prefix("variant="));
            if let Some(v) = variant.filter(|v| *v != R::NAME) {
                return Err(format!("{}: data of {v}, not {}", at(), R::NAME));
            }
            // `sissa datagen` closes each game's block with `# game <i> result ...`.
            if comment.trim_start().starts_with("game ") {
                data.end_game();
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('|').collect();
        let [fen, score, result] = fields[..] else {
            return Err(format!("{}: expected <FEN> | <score> | <result>", at()));
        };
        let pos = Position::<R>::from_fen(fen.trim()).map_err(|e| format!("{}: {e}", at()))?;
        let score = score
            .trim()
            .parse::<i32>()
            .map_err(|_| format!("{}: bad score {:?}", at(), score.trim()))?;
        let result = parse_result(result)
            .ok_or_else(|| format!("{}: bad result {:?}", at(), result.trim()))?;
        add(eval, &pos, Label { result, score: Some(score as f32) }, data)
            .map_err(|e| format!("{}: {e}", at()))?;
    }
    Ok(())
}

fn read_pgn<R: Evaluated>(
    name: &str,
    text: &str,
    eval: &Evaluator<R>,
    data: &mut Dataset,
) -> Result<(), String> {
    let games = read_games(text).map_err(|e| format!("{name}: {e}"))?;
    for (index, game) in games.iter().enumerate() {
        let at = || format!("{name}: game {}", index + 1);
        let variant = game.tag("Variant").unwrap_or("chess");
        if !variant.eq_ignore_ascii_case(R::NAME) {
            return Err(format!("{}: a game of {variant}, not {}", at(), R::NAME));
        }
        let result = match game.result {
            Some(GameResult::WhiteWins) => 1.0,
            Some(GameResult::BlackWins) => 0.0,
            Some(GameResult::Draw) => 0.5,
            None => continue,
        };
        let mut pos = match game.tag("FEN") {
            Some(fen) => Position::<R>::from_fen(fen).map_err(|e| format!("{}: {e}", at()))?,
            None => Position::<R>::start(),
        };
        for text in &game.moves {
            let Some(mv) = pos.parse_move(text) else {
                return Err(format!("{}: {text} is not a legal move in {}", at(), pos.to_fen()));
            };
            add(eval, &pos, Label { result, score: None }, data)
                .map_err(|e| format!("{}: {e}", at()))?;
            pos.make(mv);
        }
        data.end_game();
    }
    Ok(())
}
