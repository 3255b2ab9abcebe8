//! The training data file (docs/datagen.md): text, one position a line,
//! `<FEN> | <score> | <result>`, the score in centipawns and the result (1.0, 0.5, 0.0), both
//! from White's side. Lines starting with `#` are comments: the header, the settings, and after
//! each game's positions the marker `# game <index> result <pgn result> ...` that closes the
//! game's block, by which an interrupted run sees which games it finished.

use crate::matches::referee::GameResult;
use sissa_movegen::{Position, Rules, Variant};
use std::collections::BTreeSet;

/// The first line of a file for `variant`.
pub fn header(variant: Variant) -> String {
    format!("# sissa-datagen v1 variant={}", variant.name())
}

/// One position to write: its FEN and the search's score from White's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub fen: String,
    pub white_score: i32,
}

/// A finished game, as written.
#[derive(Clone, Debug)]
pub struct GameBlock {
    pub index: usize,
    pub samples: Vec<Sample>,
    pub result: GameResult,
    pub plies: usize,
    pub reason: String,
}

impl GameBlock {
    /// The block's lines: the positions, then the marker that closes the game.
    pub fn text(&self) -> String {
        let value = result_value(self.result);
        let mut text = String::new();
        for sample in &self.samples {
            text.push_str(&format!("{} | {} | {value}\n", sample.fen, sample.white_score));
        }
        text.push_str(&format!(
            "# game {} result {} plies {} positions {} reason {}\n",
            self.index,
            self.result.pgn(),
            self.plies,
            self.samples.len(),
            self.reason
        ));
        text
    }
}

/// A game's result as a number from White's side.
pub fn result_value(result: GameResult) -> &'static str {
    match result {
        GameResult::WhiteWins => "1.0",
        GameResult::Draw => "0.5",
        GameResult::BlackWins => "0.0",
    }
}

/// A position line read back.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub fen: String,
    pub white_score: i32,
    pub result: f64,
}

/// Reads a line: `None` for a comment or an empty line, else the position or what is wrong.
pub fn parse_line(line: &str) -> Option<Result<Record, String>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, score, result] = fields[..] else {
        return Some(Err(format!("bad data line {line:?} (expected FEN | score | result)")));
    };
    if fen.is_empty() {
        return Some(Err(format!("no FEN in {line:?}")));
    }
    let Ok(white_score) = score.parse::<i32>() else {
        return Some(Err(format!("bad score {score:?}")));
    };
    let result = match result {
        "1.0" | "1" => 1.0,
        "0.5" => 0.5,
        "0.0" | "0" => 0.0,
        _ => return Some(Err(format!("bad result {result:?} (1.0, 0.5 or 0.0)"))),
    };
    Some(Ok(Record { fen: fen.to_string(), white_score, result }))
}

/// What a reader of a data file meets, line by line.
pub enum Entry<R: Rules> {
    /// A position, with the search's score and the game's result from White's side.
    Position { pos: Position<R>, white_score: i32, result: f32 },
    /// The marker that closes a game's block.
    GameEnd,
}

/// Reads the data file `name` with the text `text` for variant `R`, handing each position
/// and each game's end to `each`; the first error (a line that does not parse, a FEN that is
/// not `R`'s, a header of another variant, or one `each` returns) stops it, with its line.
pub fn read_entries<R: Rules>(
    name: &str,
    text: &str,
    mut each: impl FnMut(Entry<R>) -> Result<(), String>,
) -> Result<(), String> {
    for (number, line) in text.lines().enumerate() {
        let at = |e: String| format!("{name}:{}: {e}", number + 1);
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            let variant = comment.split_whitespace().find_map(|w| w.strip_prefix("variant="));
            if let Some(v) = variant.filter(|v| *v != R::NAME) {
                return Err(at(format!("data of {v}, not {}", R::NAME)));
            }
            if marker_index(line).is_some() {
                each(Entry::GameEnd).map_err(at)?;
            }
            continue;
        }
        let Some(record) = parse_line(line) else { continue };
        let record = record.map_err(at)?;
        let pos = Position::<R>::from_fen(&record.fen).map_err(|e| at(e.to_string()))?;
        each(Entry::Position {
            pos,
            white_score: record.white_score,
            result: record.result as f32,
        })
        .map_err(at)?;
    }
    Ok(())
}

/// The index in a marker line `# game <index> result ...`.
fn marker_index(line: &str) -> Option<usize> {
    let mut words = line.strip_prefix("# game ")?.split_whitespace();
    let index = words.next()?.parse().ok()?;
    (words.next() == Some("result")).then_some(index)
}

/// What an existing file already holds.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The games whose blocks are complete.
    pub finished: BTreeSet<usize>,
    /// The length of the file up to the end of the last complete block: anything after it
    /// is the unfinished block of an interrupted run.
    pub complete_len: usize,
}

/// Reads a file's text: it must start with the header and settings of this run (the same
/// settings make the same games); returns which games it finished.
pub fn read_progress(text: &str, header: &str, settings: &str) -> Result<Progress, String> {
    let mut lines = text.split_inclusive('\n');
    let first = lines.next().unwrap_or("").trim_end();
    if first != header {
        return Err(format!("it starts with {first:?}, not {header:?}"));
    }
    let second = lines.next().unwrap_or("").trim_end();
    if second != settings {
        return Err(format!("it was written with {second:?}, this run has {settings:?}"));
    }
    let mut offset = first.len() + second.len() + 2;
    let mut progress = Progress { finished: BTreeSet::new(), complete_len: offset };
    for line in lines {
        offset += line.len();
        if let Some(index) = marker_index(line.trim_end()) {
            if line.ends_with('\n') {
                progress.finished.insert(index);
                progress.complete_len = offset;
            }
        }
    }
    Ok(progress)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "# sissa-datagen v1 variant=chess";
    const SETTINGS: &str = "# settings seed=1 nodes=10";

    fn block(index: usize) -> String {
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".to_string();
        let samples = vec![Sample { fen, white_score: -35 }];
        let reason = "Draw: 50-move rule".to_string();
        GameBlock { index, samples, result: GameResult::Draw, plies: 90, reason }.text()
    }

    #[test]
    fn lines_read_back() {
        let text = block(3);
        let mut lines = text.lines();
        let record = parse_line(lines.next().unwrap()).unwrap().unwrap();
        assert_eq!(record.fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert_eq!((record.white_score, record.result), (-35, 0.5));
        let marker = lines.next().unwrap();
        assert!(parse_line(marker).is_none());
        assert_eq!(marker_index(marker), Some(3));
        for bad in ["x | 1", "x | y | 1.0", "x | 3 | 2.0", " | 3 | 1.0", "a | 1 | 0.0 | 4"] {
            assert!(parse_line(bad).unwrap().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn progress_stops_at_the_last_complete_block() {
        let start = format!("{HEADER}\n{SETTINGS}\n");
        let complete = format!("{start}{}{}", block(0), block(1));
        let cut = format!("{complete}4k3/8/8/8/8/8/8/4K2R w K - 0 1 | 5 | 1.0\n# game 2 res");
        let progress = read_progress(&cut, HEADER, SETTINGS).unwrap();
        assert_eq!(progress.finished, BTreeSet::from([0, 1]));
        assert_eq!(progress.complete_len, complete.len());
        let fresh = read_progress(&start, HEADER, SETTINGS).unwrap();
        assert_eq!((fresh.finished.len(), fresh.complete_len), (0, start.len()));
        let other = "# settings seed=2 nodes=10";
        assert!(read_progress(&complete, HEADER, other).is_err());
        assert!(read_progress("FEN | 1 | 1.0\n", HEADER, SETTINGS).is_err());
    }
}
