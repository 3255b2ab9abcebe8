//! Reading training data into a [`Dataset`]: the text format `sissa datagen` writes
//! (`<FEN> | <score> | <result>` a line, White's view, `#` comments, first line
//! `# sissa-datagen v1 variant=<name>`) and PGN games with results (as `sissa match --pgn`
//! writes them), where every position in which a move was played is labelled with the
//! game's result and has no score.

use super::dataset::{Dataset, Label};
use crate::datagen::format::{read_entries, Entry};
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

fn read_samples<R: Evaluated>(
    name: &str,
    text: &str,
    eval: &Evaluator<R>,
    data: &mut Dataset,
) -> Result<(), String> {
    read_entries::<R>(name, text, |entry| match entry {
        Entry::Position { pos, white_score, result } => {
            add(eval, &pos, Label { result, score: Some(white_score as f32) }, data)
        }
        Entry::GameEnd => {
            data.end_game();
            Ok(())
        }
    })
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
