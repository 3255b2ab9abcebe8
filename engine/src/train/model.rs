//! The network as the trainer fits it: the same shape as `sissa_eval::network`, in floats,
//! with its gradient and Adam's state. The loss of a position is the squared difference
//! between sigmoid(K x score) and its target, as the linear tuner's (`tune::optimize`).

use super::samples::Samples;
use sissa_eval::network::{Network, QA, QB, SCALE, WEIGHT_LIMIT};

/// The float network: `inputs` rows of `hidden` first-layer weights, their bias, the
/// output weights (side to move's `hidden`, then the other side's) and the output bias, in
/// one vector so that the gradient and Adam's moments are vectors of the same layout.
#[derive(Clone)]
pub struct Model {
    pub inputs: usize,
    pub hidden: usize,
    pub params: Vec<f32>,
    /// Whether the network adds to the compiled evaluation's score rather than replaces it.
    pub on_compiled: bool,
}

/// A small seeded generator (xorshift64*) for the starting weights and the order of the
/// positions: the same seed trains the same network.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in [-1, 1).
    pub fn symmetric(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[inline(always)]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

#[inline(always)]
fn screlu_slope(x: f32) -> f32 {
    if x > 0.0 && x < 1.0 {
        2.0 * x
    } else {
        0.0
    }
}

#[inline(always)]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Model {
    /// Small random first-layer weights (a position sums some 30 rows, so each is small),
    /// output weights of the size that keeps the first scores near zero.
    pub fn new(inputs: usize, hidden: usize, rng: &mut Rng) -> Model {
        let mut params = vec![0.0; inputs * hidden + hidden + 2 * hidden + 1];
        for w in &mut params[..inputs * hidden] {
            *w = 0.05 * rng.symmetric();
        }
        let out = inputs * hidden + hidden;
        for w in &mut params[out..out + 2 * hidden] {
            *w = rng.symmetric() / (2.0 * hidden as f32).sqrt();
        }
        Model { inputs, hidden, params, on_compiled: false }
    }

    fn bias_at(&self) -> usize {
        self.inputs * self.hidden
    }

    fn output_at(&self) -> usize {
        self.bias_at() + self.hidden
    }

    /// Each view's hidden values before the activation, White's then Black's, into `acc`.
    #[inline(always)]
    fn accumulate(&self, white: &[u16], black: &[u16], acc: &mut [f32]) {
        let h = self.hidden;
        let bias = &self.params[self.bias_at()..self.bias_at() + h];
        let (w_acc, b_acc) = acc.split_at_mut(h);
        w_acc.copy_from_slice(bias);
        b_acc.copy_from_slice(bias);
        for (&w, &b) in white.iter().zip(black) {
            let w_row = &self.params[w as usize * h..(w as usize + 1) * h];
            let b_row = &self.params[b as usize * h..(b as usize + 1) * h];
            for j in 0..h {
                w_acc[j] += w_row[j];
                b_acc[j] += b_row[j];
            }
        }
    }

    /// The float model's output for position `i` (in units of `SCALE` centipawns); `acc`
    /// receives the hidden values before the activation (2 x hidden).
    #[inline(always)]
    fn output(&self, samples: &Samples, i: usize, acc: &mut [f32]) -> f32 {
        let h = self.hidden;
        let (white, black) = samples.inputs(i);
        self.accumulate(white, black, acc);
        let (own, other) = own_first(acc, h, samples.white_to_move[i]);
        let out = &self.params[self.output_at()..];
        let mut y = out[2 * h];
        if self.on_compiled {
            y += samples.static_eval[i] / SCALE as f32;
        }
        for j in 0..h {
            y += out[j] * screlu(own[j]) + out[h + j] * screlu(other[j]);
        }
        y
    }

    /// The score of position `i` in centipawns for the side to move.
    pub fn score(&self, samples: &Samples, i: usize, acc: &mut [f32]) -> f32 {
        self.output(samples, i, acc) * SCALE as f32
    }

    /// Adds the gradient of position `i`'s loss (against `target`) to `grad`; returns the
    /// loss. `acc` is scratch of 2 x hidden values.
    pub fn add_gradient(
        &self,
        samples: &Samples,
        i: usize,
        target: f32,
        k: f32,
        acc: &mut [f32],
        grad: &mut [f32],
    ) -> f32 {
        let h = self.hidden;
        let y = self.output(samples, i, acc);
        let p = sigmoid(k * SCALE as f32 * y);
        let g = 2.0 * (p - target) * p * (1.0 - p) * k * SCALE as f32;
        let white_to_move = samples.white_to_move[i];
        let out_at = self.output_at();
        let (own, other) = own_first(acc, h, white_to_move);
        {
            let out_grad = &mut grad[out_at..];
            for j in 0..h {
                out_grad[j] += g * screlu(own[j]);
                out_grad[h + j] += g * screlu(other[j]);
            }
            out_grad[2 * h] += g;
        }
        // The hidden values' gradients, in place of their values: own, then other.
        let out = &self.params[out_at..out_at + 2 * h];
        let mut d = [0f32; 2 * sissa_eval::network::MAX_HIDDEN];
        for j in 0..h {
            d[j] = g * out[j] * screlu_slope(own[j]);
            d[h + j] = g * out[h + j] * screlu_slope(other[j]);
        }
        let (d_white, d_black) =
            if white_to_move { (&d[..h], &d[h..2 * h]) } else { (&d[h..2 * h], &d[..h]) };
        let bias_at = self.bias_at();
        for j in 0..h {
            grad[bias_at + j] += d_white[j] + d_black[j];
        }
        let (white, black) = samples.inputs(i);
        for (&w, &b) in white.iter().zip(black) {
            let row = &mut grad[w as usize * h..(w as usize + 1) * h];
            for j in 0..h {
                row[j] += d_white[j];
            }
            let row = &mut grad[b as usize * h..(b as usize + 1) * h];
            for j in 0..h {
                row[j] += d_black[j];
            }
        }
        (p - target) * (p - target)
    }

    /// The network with every weight rounded to the file's integers.
    pub fn quantised(&self, variant: &str) -> Network {
        let q = |x: f32, scale: i32| (x * scale as f32).round() as i16;
        let (h, bias_at, out_at) = (self.hidden, self.bias_at(), self.output_at());
        Network {
            variant: variant.to_string(),
            inputs: self.inputs,
            hidden: h,
            feature_weights: self.params[..bias_at].iter().map(|&x| q(x, QA)).collect(),
            feature_bias: self.params[bias_at..out_at].iter().map(|&x| q(x, QA)).collect(),
            output_weights: self.params[out_at..out_at + 2 * h].iter().map(|&x| q(x, QB)).collect(),
            output_bias: (self.params[out_at + 2 * h] * (QA * QB) as f32).round() as i32,
            on_compiled: self.on_compiled,
        }
    }
}

/// The side to move's hidden values first, then the other side's.
#[inline(always)]
fn own_first(acc: &[f32], h: usize, white_to_move: bool) -> (&[f32], &[f32]) {
    let (white, black) = acc[..2 * h].split_at(h);
    if white_to_move {
        (white, black)
    } else {
        (black, white)
    }
}

/// Adam's moments and step count.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    pub fn new(size: usize) -> Adam {
        Adam { m: vec![0.0; size], v: vec![0.0; size], t: 0 }
    }

    /// One step over `grad` (the batch's mean gradient) at rate `rate`; every weight is
    /// then held within the range the file's integers can hold.
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], rate: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        for (((p, &g), m), v) in params.iter_mut().zip(grad).zip(&mut self.m).zip(&mut self.v) {
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *p -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            *p = p.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::variants::chess::Chess;
    use sissa_movegen::Position;

    fn samples(fens: &[&str]) -> Samples {
        let mut s = Samples::new();
        for fen in fens {
            s.push(&Position::<Chess>::from_fen(fen).unwrap(), 50.0, 0.5);
        }
        s
    }

    const FENS: [&str; 2] = [
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "8/5k2/8/3q4/8/8/2PP4/3K4 b - - 0 1",
    ];

    /// Larger weights than the start's, so that every hidden value is inside the
    /// activation's slope and the gradient has something to show.
    fn model(hidden: usize) -> Model {
        let mut rng = Rng::new(7);
        let mut m = Model::new(768, hidden, &mut rng);
        for w in &mut m.params {
            *w = 0.1 * rng.symmetric();
        }
        let bias_at = m.bias_at();
        for b in &mut m.params[bias_at..bias_at + hidden] {
            *b = 0.3 + 0.1 * rng.symmetric();
        }
        m
    }

    /// The loss of `data` under `m`, in double precision, written out from the definition
    /// (the module's doc): the reference the gradient is checked against.
    fn reference_loss(m: &Model, data: &Samples, target: f64, k: f64) -> f64 {
        let h = m.hidden;
        let p = |i: usize| f64::from(m.params[i]);
        let (bias_at, out_at) = (m.bias_at(), m.output_at());
        let hidden = |inputs: &[u16]| -> Vec<f64> {
            (0..h)
                .map(|j| {
                    let x =
                        p(bias_at + j) + inputs.iter().map(|&f| p(f as usize * h + j)).sum::<f64>();
                    x.clamp(0.0, 1.0).powi(2)
                })
                .collect()
        };
        (0..data.len())
            .map(|i| {
                let (white, black) = data.inputs(i);
                let (w, b) = (hidden(white), hidden(black));
                let (own, other) = if data.white_to_move[i] { (w, b) } else { (b, w) };
                let y = p(out_at + 2 * h)
                    + (0..h)
                        .map(|j| p(out_at + j) * own[j] + p(out_at + h + j) * other[j])
                        .sum::<f64>();
                let prob = 1.0 / (1.0 + (-k * f64::from(SCALE) * y).exp());
                (prob - target).powi(2)
            })
            .sum()
    }

    /// The gradient of every weight the positions use agrees with the reference loss's
    /// change when that weight is moved a little either way.
    #[test]
    fn the_gradient_is_the_slope_of_the_loss() {
        let data = samples(&FENS);
        let m = model(4);
        let (k, target) = (0.006, 0.8);
        let mut grad = vec![0.0; m.params.len()];
        let mut acc = vec![0.0; 8];
        for i in 0..data.len() {
            m.add_gradient(&data, i, target, k, &mut acc, &mut grad);
        }
        let mut checked = 0;
        for (index, &g) in grad.iter().enumerate() {
            if g == 0.0 {
                continue;
            }
            let h = 1e-3;
            let (mut up, mut down) = (m.clone(), m.clone());
            up.params[index] += h;
            down.params[index] -= h;
            let numeric = (reference_loss(&up, &data, 0.8, 0.006)
                - reference_loss(&down, &data, 0.8, 0.006))
                / (up.params[index] - down.params[index]) as f64;
            let tolerance = 1e-3 * numeric.abs().max(f64::from(g.abs())) + 1e-7;
            assert!((numeric - f64::from(g)).abs() < tolerance, "{index}: {numeric} {g}");
            checked += 1;
        }
        // The rows of every piece of both positions in both views, the biases and outputs.
        assert!(checked > 100, "{checked}");
    }

    /// The file's integers score as the float model does, up to their rounding.
    #[test]
    fn the_quantised_network_scores_as_the_float_model() {
        let data = samples(&FENS);
        let m = model(16);
        let net = m.quantised("chess");
        let mut acc = vec![0.0; 32];
        for (i, fen) in FENS.iter().enumerate() {
            let float = m.score(&data, i, &mut acc);
            let int = net.evaluate(&Position::<Chess>::from_fen(fen).unwrap()) as f32;
            assert!((float - int).abs() <= 2.0 + 0.01 * float.abs(), "{fen}: {float} {int}");
        }
    }

    /// A model added to the compiled evaluation scores the compiled score more than the same
    /// model alone, and the search, adding the compiled score to its file's network, scores as
    /// the float model does.
    #[test]
    fn a_model_on_the_compiled_evaluation_adds_its_score() {
        let data = samples(&FENS);
        let alone = model(16);
        let added = Model { on_compiled: true, ..alone.clone() };
        let net = added.quantised("chess");
        assert!(net.on_compiled);
        let mut acc = vec![0.0; 32];
        // The second position is a queen against two pawns: the compiled score is large.
        for (i, fen) in FENS.iter().enumerate() {
            let pos = Position::<Chess>::from_fen(fen).unwrap();
            let compiled = sissa_eval::Evaluator::<Chess>::compiled().evaluate(&pos) as f32;
            let (a, b) = (alone.score(&data, i, &mut acc), added.score(&data, i, &mut acc));
            assert!((b - a - compiled).abs() < 0.5 + 0.001 * compiled.abs(), "{fen}: {a} {b}");
            let int = (net.evaluate(&pos) + compiled as i32) as f32;
            assert!((b - int).abs() <= 2.0 + 0.01 * b.abs(), "{fen}: {b} {int}");
        }
    }
}
