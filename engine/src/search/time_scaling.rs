//! How far the soft limit stretches or shrinks with what the iterations so far have shown.
//! A move that has stayed best for several iterations, with a steady score and most of the
//! root's nodes spent proving it, will hardly change in the next one: stopping early saves
//! time for the moves where it matters. A best move that has just changed, a falling score,
//! or nodes spread over several root moves are signs that the next iteration may find
//! something else, so the search goes on longer (never past the hard limit).

/// Iterations with the same best move after which stability counts in full.
const STABLE_ITERATIONS: u32 = 5;
/// Percent of the soft limit with a best move that has just changed...
const UNSTABLE_PERCENT: u32 = 140;
/// ...and taken off for each iteration it has stayed best.
const STABLE_STEP_PERCENT: u32 = 10;
/// A score this many centipawns below the score two iterations earlier adds as many percent
/// (a rise takes off at most `SCORE_RISE_PERCENT`, a fall adds at most `SCORE_FALL_PERCENT`).
const SCORE_RISE_PERCENT: i32 = 15;
const SCORE_FALL_PERCENT: i32 = 50;
/// Percent of the soft limit by the share of the last root search's nodes that went to its
/// best move: `NODES_BASE + NODES_SLOPE * (1 - share)`, between the two bounds.
const NODES_BASE: f64 = 50.0;
const NODES_SLOPE: f64 = 200.0;
const NODES_LEAST_PERCENT: f64 = 50.0;
const NODES_MOST_PERCENT: f64 = 200.0;

/// What the completed iterations of one search have shown so far.
#[derive(Clone, Debug, Default)]
pub struct IterationTrend {
    /// Iterations in a row that ended with the same best move.
    stable: u32,
    /// The scores of the last two iterations, the latest first.
    scores: [Option<i32>; 2],
}

/// One completed iteration as the trend sees it.
#[derive(Clone, Copy, Debug)]
pub struct Iteration {
    /// The best move differs from the previous iteration's.
    pub best_changed: bool,
    /// The score from the side to move's view, in centipawns; `None` for a mate score, which
    /// says nothing about a trend.
    pub score: Option<i32>,
    /// The share of the last root search's nodes spent on the move that came out best;
    /// `None` where it does not say how settled the root is (several lines).
    pub best_move_share: Option<f64>,
}

impl IterationTrend {
    /// Records `it` and returns the percentage of the soft limit to allow before another
    /// iteration is not started.
    pub fn after(&mut self, it: Iteration) -> u32 {
        self.stable = if it.best_changed { 0 } else { self.stable + 1 };
        let two_back = self.scores[1];
        self.scores = [it.score, self.scores[0]];
        let stability = UNSTABLE_PERCENT - STABLE_STEP_PERCENT * self.stable.min(STABLE_ITERATIONS);
        let score = match (two_back, it.score) {
            (Some(before), Some(now)) => {
                100 + (before - now).clamp(-SCORE_RISE_PERCENT, SCORE_FALL_PERCENT)
            }
            _ => 100,
        } as u32;
        let nodes = it.best_move_share.map_or(100.0, |share| {
            (NODES_BASE + NODES_SLOPE * (1.0 - share.clamp(0.0, 1.0)))
                .clamp(NODES_LEAST_PERCENT, NODES_MOST_PERCENT)
        });
        (f64::from(stability * score) * nodes / 10_000.0).round() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iteration(best_changed: bool, score: i32, share: f64) -> Iteration {
        Iteration { best_changed, score: Some(score), best_move_share: Some(share) }
    }

    #[test]
    fn a_settled_search_stops_before_the_soft_limit() {
        let mut trend = IterationTrend::default();
        let mut percent = 0;
        for _ in 0..8 {
            percent = trend.after(iteration(false, 30, 0.9));
        }
        // Stable for five iterations (90 %), steady score (100 %), 90 % of the nodes (70 %).
        assert_eq!(percent, 63);
    }

    #[test]
    fn a_new_best_move_and_a_falling_score_stretch_it() {
        let mut trend = IterationTrend::default();
        for _ in 0..6 {
            trend.after(iteration(false, 50, 0.8));
        }
        trend.after(iteration(false, 40, 0.8));
        // Just changed (140 %), 30 below the score two iterations back (130 %), half the nodes
        // on the best move (150 %).
        assert_eq!(trend.after(iteration(true, 20, 0.5)), 273);
    }

    #[test]
    fn mate_scores_and_several_lines_leave_those_parts_neutral() {
        let mut trend = IterationTrend::default();
        trend.after(Iteration { best_changed: true, score: None, best_move_share: None });
        trend.after(Iteration { best_changed: false, score: None, best_move_share: None });
        let percent =
            trend.after(Iteration { best_changed: false, score: Some(10), best_move_share: None });
        // Only stability speaks: two iterations unchanged.
        assert_eq!(percent, UNSTABLE_PERCENT - 2 * STABLE_STEP_PERCENT);
    }

    #[test]
    fn the_node_share_is_bounded() {
        let mut all = IterationTrend::default();
        let mut none = IterationTrend::default();
        for _ in 0..6 {
            all.after(iteration(false, 0, 1.0));
            none.after(iteration(false, 0, 0.0));
        }
        assert_eq!(all.after(iteration(false, 0, 1.0)), 45);
        assert_eq!(none.after(iteration(false, 0, 0.0)), 180);
    }
}
