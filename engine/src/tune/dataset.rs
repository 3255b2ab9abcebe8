//! The training positions as the tuner keeps them: each position's features once, as sparse
//! (parameter, coefficient) pairs in flat arrays, with its phase, the part of its score the
//! tuner holds fixed, its game result and, where known, its search score. Everything the
//! fit needs per step is here, so no position is evaluated again.
//!
//! Most of the score is linear in the weights. The danger to each king is not: the score
//! takes the square of a weighted sum (`sissa_eval::danger`), so each position also keeps
//! each side's danger features, and the gradient of a danger weight goes through the square
//! (the chain rule: the square's slope at the position's sum times the feature).

use sissa_eval::danger::danger_score_and_slope;
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
    /// Each side's danger features, in the same form: position `i`'s White danger is
    /// `danger_starts[2i]..danger_starts[2i + 1]`, its Black danger the next range.
    danger_entries: Vec<u16>,
    danger_coefs: Vec<i16>,
    danger_starts: Vec<u32>,
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
        Dataset { starts: vec![0], danger_starts: vec![0], ..Dataset::default() }
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
        push_pairs(&features.entries, &mut self.entries, &mut self.coefs, &mut self.starts)?;
        for side in &features.danger {
            let (entries, coefs) = (&mut self.danger_entries, &mut self.danger_coefs);
            push_pairs(side, entries, coefs, &mut self.danger_starts)?;
        }
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
        let danger_cut = self.danger_starts[2 * at] as usize;
        let mut tail = Dataset {
            entries: self.entries.split_off(cut),
            coefs: self.coefs.split_off(cut),
            starts: self.starts.split_off(at + 1).iter().map(|&s| s - cut as u32).collect(),
            danger_entries: self.danger_entries.split_off(danger_cut),
            danger_coefs: self.danger_coefs.split_off(danger_cut),
            danger_starts: (self.danger_starts.split_off(2 * at + 1).iter())
                .map(|&s| s - danger_cut as u32)
                .collect(),
            mg_share: self.mg_share.split_off(at),
            eg_share: self.eg_share.split_off(at),
            fixed: self.fixed.split_off(at),
            labels: self.labels.split_off(at),
            game_ends: self.game_ends.iter().filter(|&&e| e > at).map(|&e| e - at).collect(),
        };
        tail.starts.insert(0, 0);
        tail.danger_starts.insert(0, 0);
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

    /// The danger features of position `i`'s side `side` (0 White, 1 Black).
    #[inline]
    pub fn danger_features(
        &self,
        i: usize,
        side: usize,
    ) -> impl Iterator<Item = (usize, f32)> + '_ {
        let range = self.danger_starts[2 * i + side] as usize
            ..self.danger_starts[2 * i + side + 1] as usize;
        self.danger_entries[range.clone()]
            .iter()
            .zip(&self.danger_coefs[range])
            .map(|(&e, &c)| (e as usize, c as f32))
    }

    /// Every (parameter, coefficient) pair of position `i`, its danger features included.
    pub fn all_features(&self, i: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.features(i).chain(self.danger_features(i, 0)).chain(self.danger_features(i, 1))
    }

    /// Position `i`'s score from White's view with the weights `mg` and `eg` (per parameter).
    #[inline]
    pub fn eval(&self, i: usize, mg: &[f32], eg: &[f32]) -> f32 {
        self.eval_and_danger_slopes(i, mg, eg).0
    }

    /// Position `i`'s score, and the slope of its middlegame part along each side's danger
    /// sum, White's view (a weight's gradient through the square is the slope times the
    /// feature).
    #[inline]
    pub fn eval_and_danger_slopes(&self, i: usize, mg: &[f32], eg: &[f32]) -> (f32, [f32; 2]) {
        let (mut sum_mg, mut sum_eg) = (0.0f32, 0.0f32);
        for (e, c) in self.features(i) {
            sum_mg += c * mg[e];
            sum_eg += c * eg[e];
        }
        let mut slopes = [0.0f32; 2];
        for (side, sign) in [(0, 1.0f32), (1, -1.0f32)] {
            let sum = self.danger_features(i, side).map(|(e, c)| c * mg[e]).sum();
            let (score, slope) = danger_score_and_slope(sum);
            sum_mg += sign * score;
            slopes[side] = sign * slope;
        }
        (self.mg_share[i] * sum_mg + self.eg_share[i] * sum_eg + self.fixed[i], slopes)
    }
}

/// Appends `pairs` to `entries` and `coefs` and their end to `starts`.
fn push_pairs(
    pairs: &[(u32, i32)],
    entries: &mut Vec<u16>,
    coefs: &mut Vec<i16>,
    starts: &mut Vec<u32>,
) -> Result<(), String> {
    for &(entry, coef) in pairs {
        let entry = u16::try_from(entry)
            .map_err(|_| format!("parameter {entry} beyond the tuner's range"))?;
        let coef = i16::try_from(coef)
            .map_err(|_| format!("coefficient {coef} beyond the tuner's range"))?;
        entries.push(entry);
        coefs.push(coef);
    }
    let end = u32::try_from(entries.len()).map_err(|_| "too many features".to_string())?;
    starts.push(end);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_eval::phased::ph;

    #[test]
    fn the_endgame_scale_weighs_the_endgame_part_and_nothing_else() {
        // One parameter, coefficient 2; a fixed part of 10/20; no tempo.
        let features = Features { entries: vec![(0, 2)], fixed: ph(10, 20), ..Features::default() };
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

    #[test]
    fn each_kings_danger_scores_its_square_in_the_middlegame_and_splits_with_its_game() {
        // Parameter 0 weighs 160 in the middlegame. The first position's White danger is
        // twice it, its Black danger once: (320^2 - 160^2) / 256 = 300 in the middlegame,
        // nothing in the endgame. The second has only a Black danger of three times it.
        let label = Label { result: 0.5, score: None };
        let white_and_black =
            Features { danger: [vec![(0, 2)], vec![(0, 1)]], ..Features::default() };
        let black_only = Features { danger: [vec![], vec![(0, 3)]], ..Features::default() };
        let mut data = Dataset::new();
        data.push(&white_and_black, PHASE_MAX / 2, SCALE_NORMAL, 0, label).expect("fits");
        data.end_game();
        data.push(&black_only, PHASE_MAX, SCALE_NORMAL, 0, label).expect("fits");
        data.end_game();
        let (mg, eg) = ([160.0], [1000.0]);
        assert_eq!(data.eval(0, &mg, &eg), 0.5 * 300.0);
        assert_eq!(data.eval(1, &mg, &eg), -(480.0 * 480.0) / 256.0);
        // The slopes: 2 * sum / 256, Black's negated (White's view).
        let (_, slopes) = data.eval_and_danger_slopes(0, &mg, &eg);
        assert_eq!(slopes, [2.0 * 320.0 / 256.0, -2.0 * 160.0 / 256.0]);
        // Split off, the second game keeps its own danger.
        let tail = data.split_off_games(0.5);
        assert_eq!((data.len(), tail.len()), (1, 1));
        assert_eq!(data.eval(0, &mg, &eg), 0.5 * 300.0);
        assert_eq!(tail.eval(0, &mg, &eg), -(480.0 * 480.0) / 256.0);
    }
}
