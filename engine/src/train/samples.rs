//! The training positions as the network trainer keeps them: each position's inputs from
//! both sides' views (`sissa_eval::network::input`), the side to move, and its labels from
//! the side to move's view. Read once from `sissa datagen`'s text format; every step after
//! reads only these arrays.

use crate::datagen::format::{read_entries, Entry};
use sissa_eval::network::{for_each_input, input_on_mirrored_file};
use sissa_eval::{Evaluated, Evaluator};
use sissa_movegen::geometry::Color;
use sissa_movegen::Position;

#[derive(Default)]
pub struct Samples {
    /// White's view's inputs of every position, one after another.
    white: Vec<u16>,
    /// Black's view's inputs, in the same places.
    black: Vec<u16>,
    /// Position `i`'s inputs are `starts[i]..starts[i + 1]`.
    starts: Vec<u32>,
    pub white_to_move: Vec<bool>,
    /// The search's score in centipawns from the side to move's view.
    pub score: Vec<f32>,
    /// The game's result from the side to move's view: 1, 0.5 or 0.
    pub result: Vec<f32>,
    /// The compiled evaluation's score in centipawns for the side to move: what a network
    /// is measured against.
    pub static_eval: Vec<f32>,
}

impl Samples {
    pub fn new() -> Samples {
        Samples { starts: vec![0], ..Samples::default() }
    }

    pub fn len(&self) -> usize {
        self.score.len()
    }

    pub fn is_empty(&self) -> bool {
        self.score.is_empty()
    }

    /// Position `i`'s inputs in White's view and in Black's.
    #[inline(always)]
    pub fn inputs(&self, i: usize) -> (&[u16], &[u16]) {
        let range = self.starts[i] as usize..self.starts[i + 1] as usize;
        (&self.white[range.clone()], &self.black[range])
    }

    pub fn push<R: Evaluated>(&mut self, pos: &Position<R>, white_score: f32, white_result: f32) {
        self.push_inputs(pos, white_score, white_result, |i| i);
    }

    /// Adds `pos` with each piece on the mirrored file, as a position of its own.
    pub fn push_mirrored<R: Evaluated>(&mut self, pos: &Position<R>, score: f32, result: f32) {
        self.push_inputs(pos, score, result, input_on_mirrored_file::<R>);
    }

    fn push_inputs<R: Evaluated>(
        &mut self,
        pos: &Position<R>,
        white_score: f32,
        white_result: f32,
        map: impl Fn(usize) -> usize,
    ) {
        for_each_input(pos, |w, b| {
            self.white.push(map(w) as u16);
            self.black.push(map(b) as u16);
        });
        self.starts.push(self.white.len() as u32);
        let white = pos.side() == Color::White;
        self.white_to_move.push(white);
        self.score.push(if white { white_score } else { -white_score });
        self.result.push(if white { white_result } else { 1.0 - white_result });
        self.static_eval.push(Evaluator::<R>::compiled().evaluate(pos) as f32);
    }

    /// Moves the last `fraction` of the positions (the latest games of the files, in order)
    /// into a set of their own, held out of the fit to measure it.
    pub fn split_off(&mut self, fraction: f64) -> Samples {
        let keep = self.len() - (self.len() as f64 * fraction).round() as usize;
        let cut = self.starts[keep] as usize;
        let mut rest = Samples::new();
        rest.white = self.white.split_off(cut);
        rest.black = self.black.split_off(cut);
        rest.starts.extend(self.starts[keep + 1..].iter().map(|&s| s - cut as u32));
        self.starts.truncate(keep + 1);
        rest.white_to_move = self.white_to_move.split_off(keep);
        rest.score = self.score.split_off(keep);
        rest.result = self.result.split_off(keep);
        rest.static_eval = self.static_eval.split_off(keep);
        rest
    }
}

/// Adds the positions of a data file (`<FEN> | <score> | <result>` a line, White's view,
/// `#` comments, as `sissa datagen` writes it) to `samples`; returns how many. A network's
/// inputs index with 16 bits, which every built-in variant's fit.
/// With `mirror_files`, each position without castling rights is added a second time with
/// its pieces on the mirrored files (for variants whose rules are the same on both wings).
pub fn read_into<R: Evaluated>(
    name: &str,
    text: &str,
    mirror_files: bool,
    samples: &mut Samples,
) -> Result<usize, String> {
    if sissa_eval::network::inputs::<R>() > usize::from(u16::MAX) {
        return Err(format!("{} has too many network inputs to train", R::NAME));
    }
    let before = samples.len();
    read_entries::<R>(name, text, |entry| {
        if let Entry::Position { pos, white_score, result } = entry {
            samples.push(&pos, white_score as f32, result);
            if mirror_files && pos.castling() == 0 {
                samples.push_mirrored(&pos, white_score as f32, result);
            }
        }
        Ok(())
    })?;
    Ok(samples.len() - before)
}
