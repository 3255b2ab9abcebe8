//! Simultaneous perturbation stochastic approximation: every step moves all the constants at
//! once by a random sign each, plays the two versions against each other, and moves every
//! constant towards the side that won, by the result over the size of its perturbation.
//! The gains follow Spall's schedule as the engine-testing frameworks use it: perturbations
//! c_k = c / k^0.101 and learning rates a_k = a / (A + k)^0.602 with A a tenth of the steps,
//! c and a chosen so that the last step perturbs each constant by its `step` and moves it
//! by `r_end` x step^2 per point of result over that perturbation.

use sissa_movegen::random::{mix64, SplitMix64};

const ALPHA: f64 = 0.602;
const GAMMA: f64 = 0.101;

/// One constant being tuned.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    pub name: String,
    /// The current estimate.
    pub value: f64,
    pub min: f64,
    pub max: f64,
    /// The perturbation of the last step.
    pub step: f64,
}

/// The two versions one step plays against each other, and the signs that made them.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    pub step: usize,
    /// +1 or -1 per constant: `plus` is the estimate moved by the sign times c_k.
    pub signs: Vec<f64>,
    pub plus: Vec<i32>,
    pub minus: Vec<i32>,
}

#[derive(Clone, Debug)]
pub struct Schedule {
    pub tuned: Vec<Tuned>,
    /// Steps planned: the gains shrink towards their values at the last.
    pub steps: usize,
    pub r_end: f64,
    seed: u64,
}

impl Schedule {
    pub fn new(tuned: Vec<Tuned>, steps: usize, r_end: f64, seed: u64) -> Schedule {
        Schedule { tuned, steps: steps.max(1), r_end, seed }
    }

    fn stability(&self) -> f64 {
        0.1 * self.steps as f64
    }

    /// The perturbation of step `k` (from 0) for a constant whose last one is `step`.
    fn c_k(&self, step: f64, k: usize) -> f64 {
        step * (self.steps as f64).powf(GAMMA) / ((k + 1) as f64).powf(GAMMA)
    }

    /// The learning rate of step `k` for a constant whose last perturbation is `step`.
    fn a_k(&self, step: f64, k: usize) -> f64 {
        let a_end = self.r_end * step * step;
        let a = a_end * (self.stability() + self.steps as f64).powf(ALPHA);
        a / (self.stability() + (k + 1) as f64).powf(ALPHA)
    }

    /// Step `k`'s two versions, the signs drawn from the seed and `k` alone, so that a step
    /// is the same whichever thread plays it. Each version is rounded and kept in range.
    pub fn perturb(&self, k: usize) -> Perturbation {
        let mut rng = SplitMix64::new(mix64(self.seed ^ (k as u64).wrapping_mul(0x9E37_79B9)));
        let signs: Vec<f64> =
            self.tuned.iter().map(|_| if rng.below(2) == 0 { 1.0 } else { -1.0 }).collect();
        let version = |direction: f64| {
            self.tuned
                .iter()
                .zip(&signs)
                .map(|(t, s)| {
                    let v = t.value + direction * s * self.c_k(t.step, k);
                    v.clamp(t.min, t.max).round() as i32
                })
                .collect()
        };
        Perturbation { step: k, plus: version(1.0), minus: version(-1.0), signs }
    }

    /// Moves the estimates by what step `perturbation.step` found: `result` is the points of
    /// the `plus` version minus those of the `minus` one over its games (from -2 to 2 for a
    /// pair).
    pub fn update(&mut self, perturbation: &Perturbation, result: f64) {
        let k = perturbation.step;
        let gains: Vec<(f64, f64)> =
            self.tuned.iter().map(|t| (self.a_k(t.step, k), self.c_k(t.step, k))).collect();
        for ((t, sign), (a, c)) in self.tuned.iter_mut().zip(&perturbation.signs).zip(gains) {
            t.value = (t.value + a * result * sign / c).clamp(t.min, t.max);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tuned(name: &str, value: f64, step: f64) -> Tuned {
        Tuned { name: name.into(), value, min: -1000.0, max: 1000.0, step }
    }

    #[test]
    fn the_gains_end_at_the_step_and_its_rate() {
        let s = Schedule::new(vec![tuned("x", 0.0, 10.0)], 1000, 0.002, 1);
        assert!((s.c_k(10.0, 999) - 10.0).abs() < 1e-9);
        assert!((s.a_k(10.0, 999) - 0.002 * 100.0).abs() < 1e-9);
        // Both shrink over the steps.
        assert!(s.c_k(10.0, 0) > 19.0 && s.a_k(10.0, 0) > s.a_k(10.0, 999));
    }

    #[test]
    fn a_step_is_the_same_every_time_and_its_versions_mirror_each_other() {
        let s = Schedule::new(vec![tuned("x", 100.0, 10.0), tuned("y", 50.0, 4.0)], 100, 0.002, 7);
        let p = s.perturb(17);
        assert_eq!(p, s.perturb(17));
        for i in 0..2 {
            let centre = s.tuned[i].value;
            let (up, down) = (f64::from(p.plus[i]) - centre, centre - f64::from(p.minus[i]));
            assert!((up - down).abs() <= 1.0 && up * p.signs[i] > 0.0);
        }
    }

    /// Games replaced by a noisy match between two versions of a quadratic strength: the
    /// version nearer (300, -40) wins with a probability that grows with the difference.
    /// The schedule must carry both constants from far off to near the optimum.
    #[test]
    fn recovers_the_optimum_of_a_noisy_strength() {
        let optimum = [300.0, -40.0];
        let strength = |v: &[i32]| -> f64 {
            -v.iter().zip(optimum).map(|(&x, o)| ((f64::from(x) - o) / 100.0).powi(2)).sum::<f64>()
        };
        let steps = 20_000;
        let start = vec![tuned("a", 100.0, 20.0), tuned("b", 100.0, 20.0)];
        let mut s = Schedule::new(start, steps, 0.05, 3);
        let mut noise = SplitMix64::new(11);
        for k in 0..steps {
            let p = s.perturb(k);
            let edge = (strength(&p.plus) - strength(&p.minus)).clamp(-1.0, 1.0);
            // The plus version wins the pair with probability (1 + edge) / 2, else loses it.
            let win = (noise.below(1_000_000) as f64) < 500_000.0 * (1.0 + edge);
            s.update(&p, if win { 1.0 } else { -1.0 });
        }
        let (a, b) = (s.tuned[0].value, s.tuned[1].value);
        assert!((a - 300.0).abs() < 40.0 && (b + 40.0).abs() < 40.0, "ended at {a}, {b}");
    }
}
