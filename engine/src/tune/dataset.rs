//! The training positions as the tuner keeps them: each position's features once, as sparse
//! (parameter, coefficient) pairs in flat arrays, with its phase, the part of its score the
//! tuner holds fixed, its game result and, where known, its search score. Everything the
//! fit needs per step is here, so no position is evaluated again.

use sissa_eval::features::Features;
use sissa_eval::phased::PHASE_MAX;
use sissa_eval::scale::SCALE_NORMAL;

/// What is known of one training position besides its features.
#[derive(Clone, Copy, Debug)]
pub struct Label {
    /// The game result from White's view: 1, 0.5 or 0 (or in between for synthetic data).
    pub result: f32,
    /// The search score in centipawns from White's view, if the data has one.
    pub score: Option<f32>,
}

#[derive(Default)]
pub struct Dataset {
    entries: Vec<u16>,
    coefs: Vec<i16>,
    /// Position `i`'s features are `starts[i]..starts[i + 1]`.
    starts: Vec<u32>,
    /// The middlegame share of the taper, `phase / PHASE_MAX`.
    pub mg_share: Vec<f32>,
    /// The endgame share, `1 - mg_share` times the position's endgame scale (held at what
    /// the starting weights give: `sissa_eval::scale`).
    pub eg_share: Vec<f32>,
    /// The fixed part of the score (White's view, tapered, tempo included).
    pub fixed: Vec<f32>,
    pub labels: Vec<Label>,
    /// The position count at the end of each game, where the data marks games: a split
    /// falls there, so that no game has positions on both sides of it.
    game_ends: Vec<usize>,
}

impl Dataset {
    pub fn new() -> Dataset {
        Dataset { starts: vec![0], ..Dataset::default() }
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Stored feature pairs over all positions.
    pub fn feature_count(&self) -> usize {
        self.entries.len()
    }

    /// Adds a position: its features, its phase (`0..=PHASE_MAX`), its endgame scale (of
    /// `SCALE_NORMAL`), its tempo from White's view and its label.
    pub fn push(
        &mut self,
        features: &Features,
        phase: i32,
        eg_scale: i32,
        tempo: i32,
        label: Label,
    ) -> Result<(), String> {
        for &(entry, coef) in &features.entries {
            let entry = u16::try_from(entry)
                .map_err(|_| format!("parameter {entry} beyond the tuner's range"))?;
            let coef = i16::try_from(coef)
                .map_err(|_| format!("coefficient {coef} beyond the tuner's range"))?;
            self.entries.push(entry);
            self.coefs.push(coef);
        }
        let end = u32::try_from(self.entries.len()).map_err(|_| "too many features".to_string())?;
        self.starts.push(end);
        let share = phase as f32 / PHASE_MAX as f32;
        self.mg_share.push(share);
        let eg_share = (1.0 - share) * eg_scale as f32 / SCALE_NORMAL as f32;
        self.eg_share.push(eg_share);
        let fixed = share * features.fixed.mg as f32 + eg_share * features.fixed.eg as f32;
        self.fixed.push(fixed + tempo as f32);
        self.labels.push(label);
        Ok(())
    }

    /// Marks the end of a game: the positions pushed since the last mark are one game's.
    pub fn end_game(&mut self) {
        if self.game_ends.last().is_none_or(|&end| end < self.len()) {
            self.game_ends.push(self.len());
        }
    }

    /// Removes the last games, at least `fraction` of the positions, and returns them as a
    /// data set of their own. The cut falls at the last game end at or before the point that
    /// leaves `fraction` behind it (the point itself where no games are marked), so that no
    /// game, whose positions share one result, is on both sides.
    pub fn split_off_games(&mut self, fraction: f64) -> Dataset {
        let len = self.len();
        let target = len - ((fraction.clamp(0.0, 1.0) * len as f64).round() as usize).min(len);
        let at = if self.game_ends.is_empty() {
            target
        } else {
            self.game_ends.iter().copied().filter(|&end| end <= target).max().unwrap_or(0)
        };
        let cut = self.starts[at] as usize;
        let mut tail = Dataset {
            entries: self.entries.split_off(cut),
            coefs: self.coefs.split_off(cut),
            starts: self.starts.split_off(at + 1).iter().map(|&s| s - cut as u32).collect(),
            mg_share: self.mg_share.split_off(at),
            eg_share: self.eg_share.split_off(at),
            fixed: self.fixed.split_off(at),
            labels: self.labels.split_off(at),
            game_ends: self.game_ends.iter().filter(|&&e| e > at).map(|&e| e - at).collect(),
        };
        tail.starts.insert(0, 0);
        self.game_ends.retain(|&e| e <= at);
        tail
    }

    /// Position `i`'s (parameter, coefficient) pairs.
    #[inline]
    pub fn features(&self, i: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        let range = self.starts[i] as usize..self.starts[i + 1] as usize;
        self.entries[range.clone()]
            .iter()
            .zip(&self.coefs[range])
            .map(|(&e, &c)| (e as usize, c as f32))
    }

    /// Position `i`'s score from White's view with the weights `mg` and `eg` (per parameter).
    #[inline]
    pub fn eval(&self, i: usize, mg: &[f32], eg: &[f32]) -> f32 {
        let (mut sum_mg, mut sum_eg) = (0.0f32, 0.0f32);
        for (e, c) in self.features(i) {
            sum_mg += c * mg[e];
            sum_eg += c * eg[e];
        }
        self.mg_share[i] * sum_mg + self.eg_share[i] * sum_eg + self.fixed[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_eval::phased::ph;

    #[test]
    fn the_endgame_scale_weighs_the_endgame_part_and_nothing_else() {
        // One parameter, coefficient 2; a fixed part of 10/20; no tempo.
        let features = Features { entries: vec![(0, 2)], fixed: ph(10, 20) };
        let label = Label { result: 0.5, score: None };
        let mut data = Dataset::new();
        let quarter = PHASE_MAX / 4;
        data.push(&features, quarter, SCALE_NORMAL, 0, label).expect("fits");
        data.push(&features, quarter, SCALE_NORMAL / 2, 0, label).expect("fits");
        let (mg, eg) = ([100.0], [40.0]);
        // A quarter middlegame: 0.25 * (200 + 10) + 0.75 * (80 + 20), the endgame part halved
        // in the second position.
        assert_eq!(data.eval(0, &mg, &eg), 0.25 * 210.0 + 0.75 * 100.0);
        assert_eq!(data.eval(1, &mg, &eg), 0.25 * 210.0 + 0.75 * 50.0);
    }
}
