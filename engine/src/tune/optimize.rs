//! The fit: the logistic scale K of the current evaluation, then the weights that minimise the
//! mean squared error between sigmoid(K * eval) and the target of each position, by Adam over
//! the full data set with the gradient summed on several threads.

use super::dataset::Dataset;
use std::ops::Range;

/// The logistic function.
#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Runs `f` on `threads` consecutive slices of `0..n`, the results in order.
fn in_parallel<T: Send>(n: usize, threads: usize, f: impl Fn(Range<usize>) -> T + Sync) -> Vec<T> {
    let threads = threads.clamp(1, n.max(1));
    let chunk = n.div_ceil(threads);
    std::thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || f(t * chunk..((t + 1) * chunk).min(n))))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// The weights being fitted: middlegame and endgame per parameter, and which may move.
#[derive(Clone, Debug)]
pub struct Weights {
    pub mg: Vec<f32>,
    pub eg: Vec<f32>,
    pub tunable: Vec<bool>,
    /// Pairs of parameters that move together (`--mirror-files`): each step gives both the
    /// mean of their two gradients, so a pair that starts equal stays equal.
    pub tied: Vec<(usize, usize)>,
}

impl Weights {
    /// Ties each pair of `pairs`: both weights start from their mean, and either moves only
    /// if one of them may (the pair is used by the positions of both together).
    pub fn tie(&mut self, pairs: Vec<(usize, usize)>) {
        for &(a, b) in &pairs {
            for side in [&mut self.mg, &mut self.eg] {
                let mean = (side[a] + side[b]) / 2.0;
                (side[a], side[b]) = (mean, mean);
            }
            let either = self.tunable[a] || self.tunable[b];
            (self.tunable[a], self.tunable[b]) = (either, either);
        }
        self.tied = pairs;
    }
}

/// Gives both weights of each tied pair the mean of their gradients.
fn share_gradients(gradient: &mut [f64], tied: &[(usize, usize)]) {
    for &(a, b) in tied {
        let mean = (gradient[a] + gradient[b]) / 2.0;
        (gradient[a], gradient[b]) = (mean, mean);
    }
}

/// Every position's score with `w`, from White's view.
pub fn evals(data: &Dataset, w: &Weights, threads: usize) -> Vec<f32> {
    in_parallel(data.len(), threads, |r| {
        r.map(|i| data.eval(i, &w.mg, &w.eg)).collect::<Vec<f32>>()
    })
    .concat()
}

/// The mean squared error of sigmoid(k * eval) against `targets`.
pub fn error_of(evals: &[f32], targets: &[f32], k: f64) -> f64 {
    let sum: f64 =
        evals.iter().zip(targets).map(|(&e, &t)| (sigmoid(k * e as f64) - t as f64).powi(2)).sum();
    sum / evals.len().max(1) as f64
}

/// The K that makes sigmoid(K * eval) fit `results` best, by golden-section search on
/// log K between 1e-4 and 0.1 (the error is unimodal in K there for any sensible
/// evaluation: too flat predicts only draws, too steep only wins and losses).
pub fn fit_k(evals: &[f32], results: &[f32]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (1e-4f64.ln(), 0.1f64.ln());
    let err = |x: f64| error_of(evals, results, x.exp());
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let (mut fa, mut fb) = (err(a), err(b));
    for _ in 0..60 {
        if fa < fb {
            hi = b;
            (b, fb) = (a, fa);
            a = hi - ratio * (hi - lo);
            fa = err(a);
        } else {
            lo = a;
            (a, fa) = (b, fb);
            b = lo + ratio * (hi - lo);
            fb = err(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// The scale S that makes sigmoid(S * score) fit the results best, from the data's search
/// scores alone: another engine's centipawns are not the evaluation's, so its scores need a
/// scale of their own before they can be blended with the results. None when no position
/// has a score.
pub fn fit_score_scale(data: &Dataset) -> Option<f64> {
    let (scores, results): (Vec<f32>, Vec<f32>) =
        data.labels.iter().filter_map(|l| Some((l.score?, l.result))).unzip();
    (!scores.is_empty()).then(|| fit_k(&scores, &results))
}

/// How well the data's scores alone predict the results at scale `scale`: the error of
/// sigmoid(scale * score) against the result over the positions that have a score, as
/// `error_of` measures the evaluation. Another engine's scores in the score column make
/// this the measure of that engine's judgement on the same positions. None without scores.
pub fn score_error(data: &Dataset, scale: f64) -> Option<f64> {
    let (scores, results): (Vec<f32>, Vec<f32>) =
        data.labels.iter().filter_map(|l| Some((l.score?, l.result))).unzip();
    (!scores.is_empty()).then(|| error_of(&scores, &results, scale))
}

/// The target of each position: its result, blended with sigmoid(k * search score) where
/// the data has a score and `result_weight` is below 1.
pub fn targets(data: &Dataset, k: f64, result_weight: f64) -> Vec<f32> {
    data.labels
        .iter()
        .map(|l| match l.score {
            Some(s) if result_weight < 1.0 => {
                (result_weight * l.result as f64 + (1.0 - result_weight) * sigmoid(k * s as f64))
                    as f32
            }
            _ => l.result,
        })
        .collect()
}

/// The error and its gradient with respect to every middlegame and endgame weight.
fn gradient(
    data: &Dataset,
    w: &Weights,
    k: f64,
    targets: &[f32],
    threads: usize,
) -> (f64, Vec<f64>, Vec<f64>) {
    let params = w.mg.len();
    let n = data.len().max(1) as f64;
    let parts = in_parallel(data.len(), threads, |r| {
        let (mut gm, mut ge) = (vec![0f64; params], vec![0f64; params]);
        let mut err = 0f64;
        for i in r {
            let (eval, slopes) = data.eval_and_danger_slopes(i, &w.mg, &w.eg);
            let p = sigmoid(k * eval as f64);
            let diff = p - targets[i] as f64;
            err += diff * diff;
            // d/dw of (p - t)^2 = 2 (p - t) p (1 - p) k * d eval/dw.
            let g = 2.0 * diff * p * (1.0 - p) * k / n;
            let (mg_share, eg_share) = (data.mg_share[i] as f64, data.eg_share[i] as f64);
            for (e, c) in data.features(i) {
                gm[e] += g * c as f64 * mg_share;
                ge[e] += g * c as f64 * eg_share;
            }
            // A danger weight moves the middlegame part through its side's square.
            for (side, slope) in slopes.into_iter().enumerate().filter(|&(_, s)| s != 0.0) {
                for (e, c) in data.danger_features(i, side) {
                    gm[e] += g * (c * slope) as f64 * mg_share;
                }
            }
        }
        (err, gm, ge)
    });
    let (mut err, mut gm, mut ge) = (0f64, vec![0f64; params], vec![0f64; params]);
    for (e, m, g) in parts {
        err += e;
        gm.iter_mut().zip(&m).for_each(|(a, b)| *a += b);
        ge.iter_mut().zip(&g).for_each(|(a, b)| *a += b);
    }
    (err / n, gm, ge)
}

/// Adam's settings.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    pub iterations: usize,
    /// Step size in centipawns.
    pub rate: f64,
    pub threads: usize,
    /// Weight of the penalty `l2 * (w - w_start)^2` per weight (in centipawns), which holds
    /// the weights that few positions determine near where they started.
    pub l2: f64,
}

/// Minimises the error over the tunable weights with Adam (full batch); `report` is called
/// with the iteration and the error every so often. Returns the final error.
pub fn adam(
    data: &Dataset,
    w: &mut Weights,
    k: f64,
    targets: &[f32],
    schedule: Schedule,
    mut report: impl FnMut(usize, f64),
) -> f64 {
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-12f64);
    let params = w.mg.len();
    let (mut m_mg, mut v_mg) = (vec![0f64; params], vec![0f64; params]);
    let (mut m_eg, mut v_eg) = (vec![0f64; params], vec![0f64; params]);
    let start = w.clone();
    for t in 1..=schedule.iterations {
        let (err, mut gm, mut ge) = gradient(data, w, k, targets, schedule.threads);
        add_penalty(&mut gm, &w.mg, &start.mg, schedule.l2);
        add_penalty(&mut ge, &w.eg, &start.eg, schedule.l2);
        share_gradients(&mut gm, &w.tied);
        share_gradients(&mut ge, &w.tied);
        if t == 1 || t % 50 == 0 {
            report(t, err);
        }
        let bias1 = 1.0 - beta1.powi(t as i32);
        let bias2 = 1.0 - beta2.powi(t as i32);
        for p in (0..params).filter(|&p| w.tunable[p]) {
            for (weight, g, m, v) in [
                (&mut w.mg[p], gm[p], &mut m_mg[p], &mut v_mg[p]),
                (&mut w.eg[p], ge[p], &mut m_eg[p], &mut v_eg[p]),
            ] {
                *m = beta1 * *m + (1.0 - beta1) * g;
                *v = beta2 * *v + (1.0 - beta2) * g * g;
                let step = schedule.rate * (*m / bias1) / ((*v / bias2).sqrt() + epsilon);
                *weight -= step as f32;
            }
        }
    }
    let final_evals = evals(data, w, schedule.threads);
    error_of(&final_evals, targets, k)
}

/// Adds the gradient of `l2 * (w - start)^2` to `gradient`.
fn add_penalty(gradient: &mut [f64], w: &[f32], start: &[f32], l2: f64) {
    if l2 > 0.0 {
        for ((g, &now), &was) in gradient.iter_mut().zip(w).zip(start) {
            *g += 2.0 * l2 * (now - was) as f64;
        }
    }
}

/// How many positions use each parameter (with a coefficient that is not zero).
pub fn positions_per_parameter(data: &Dataset, params: usize) -> Vec<usize> {
    let mut count = vec![0usize; params];
    // The position that last counted each parameter: one that is in both kings' danger
    // counts once.
    let mut counted_at = vec![usize::MAX; params];
    for i in 0..data.len() {
        for (e, c) in data.all_features(i) {
            if c != 0.0 && counted_at[e] != i {
                counted_at[e] = i;
                count[e] += 1;
            }
        }
    }
    count
}
