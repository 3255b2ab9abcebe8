//! `sissa train`: fits a network (`sissa_eval::network`) to `sissa datagen`'s positions and
//! writes its file. The target of a position blends the game's result with sigmoid(K x the
//! data's score), K fitted first so that the scores predict the results best. The network is
//! fitted through the compiled evaluation's own K on the same games, so that its centipawns
//! are the search's whatever engine scored the data (docs/network.md).

mod model;
pub mod samples;

use crate::cli::{parse_variant, Failure};
use crate::tune::optimize::fit_k;
use model::{Adam, Model, Rng};
use samples::Samples;
use sissa_eval::network::{self, MAX_HIDDEN};
use sissa_eval::Evaluated;
use sissa_movegen::{with_position, AnyPosition, Position};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// Variant name.
    #[arg(long, short)]
    pub variant: String,
    /// Data files in `sissa datagen`'s format.
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<String>,
    /// The network file to write.
    #[arg(long)]
    pub out: String,
    /// Hidden values per side.
    #[arg(long, default_value_t = 64)]
    pub hidden: usize,
    /// Passes over the data.
    #[arg(long, default_value_t = 20)]
    pub epochs: usize,
    /// Positions per step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam's rate at the start; it falls to a tenth after 60 % of the epochs and to a
    /// hundredth after 85 %.
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// Weight of the game's result in each target; the rest is the search's score.
    #[arg(long, default_value_t = 0.5)]
    pub result_weight: f32,
    /// Share of the positions (the last of the files) held out to measure the fit.
    #[arg(long, default_value_t = 0.05)]
    pub holdout: f64,
    /// Also train on each position without castling rights with its pieces on the mirrored
    /// files (a1 for h1): twice the positions where the rules are alike on both wings.
    #[arg(long)]
    pub mirror_files: bool,
    /// Train a network that is added to the compiled evaluation's score: it learns what the
    /// compiled evaluation misses, starting from its loss instead of from a coin's.
    #[arg(long)]
    pub on_compiled: bool,
    /// Seed of the starting weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads for the gradient (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

pub fn run(args: &TrainArgs) -> Result<(), Failure> {
    let variant = parse_variant(&args.variant)?;
    if !(1..=MAX_HIDDEN).contains(&args.hidden) {
        return Err(Failure::usage(format!("--hidden must be 1 to {MAX_HIDDEN}")));
    }
    if !(0.0..=1.0).contains(&args.result_weight) {
        return Err(Failure::usage("--result-weight must be between 0 and 1"));
    }
    if !(0.0..1.0).contains(&args.holdout) {
        return Err(Failure::usage("--holdout must be at least 0 and below 1"));
    }
    if args.batch == 0 || args.epochs == 0 {
        return Err(Failure::usage("--batch and --epochs must be positive"));
    }
    if !(args.rate > 0.0 && args.rate.is_finite()) {
        return Err(Failure::usage("--rate must be a positive number"));
    }
    let start = AnyPosition::start(variant);
    with_position!(&start, p => train_variant(p, args))
}

fn train_variant<R: Evaluated>(_start: &Position<R>, args: &TrainArgs) -> Result<(), Failure> {
    let clock = Instant::now();
    let mut data = Samples::new();
    for path in &args.data {
        let text =
            std::fs::read_to_string(path).map_err(|e| Failure::usage(format!("{path}: {e}")))?;
        let n = samples::read_into::<R>(path, &text, args.mirror_files, &mut data)
            .map_err(Failure::usage)?;
        println!("{path}: {n} positions");
    }
    let held_out = data.split_off(args.holdout);
    if data.is_empty() {
        return Err(Failure::usage("no positions to train on"));
    }
    println!(
        "{} positions to train on, {} held out, read in {:.1} s",
        data.len(),
        held_out.len(),
        clock.elapsed().as_secs_f64()
    );
    let k_scores = fit_k(&data.score, &data.result) as f32;
    let targets = |s: &Samples| -> Vec<f32> {
        let w = args.result_weight;
        (0..s.len()).map(|i| w * s.result[i] + (1.0 - w) * sigmoid(k_scores * s.score[i])).collect()
    };
    let (train_targets, held_targets) = (targets(&data), targets(&held_out));
    // Another engine's centipawns (Stockfish's, say) need not be the search's: the network
    // learns the compiled evaluation's scale, the one the search's margins are set in.
    let k = fit_k(&data.static_eval, &data.result) as f32;
    println!("K = {k_scores:.6} for the data's scores, {k:.6} for the compiled evaluation");
    if let Some(l) = static_loss(&held_out, &held_targets, k) {
        println!("held-out loss of the compiled evaluation {l:.6}");
    }
    let threads =
        args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let schedule = Schedule { epochs: args.epochs, batch: args.batch, rate: args.rate, threads };
    let mut rng = Rng::new(args.seed);
    let mut model = Model::new(network::inputs::<R>(), args.hidden, &mut rng);
    model.on_compiled = args.on_compiled;
    // With positions held out, the epoch that scores them best is written: later epochs
    // may fit the training games' noise.
    let mut best: Option<(f64, usize, Model)> = None;
    fit(&mut model, &schedule, &data, &train_targets, k, &mut rng, |epoch, model, loss| {
        let held = mean_loss(model, &held_out, &held_targets, k);
        println!(
            "epoch {:>3}  rate {:.6}  train loss {loss:.6}  held-out loss {}  {:.0} s",
            epoch + 1,
            schedule.rate_at(epoch),
            held.map_or("-".to_string(), |l| format!("{l:.6}")),
            clock.elapsed().as_secs_f64()
        );
        if let Some(held) = held.filter(|&h| best.as_ref().is_none_or(|b| h < b.0)) {
            best = Some((held, epoch, model.clone()));
        }
    });
    let net = match best {
        Some((held, epoch, model)) => {
            println!("the network of epoch {} (held-out loss {held:.6})", epoch + 1);
            model.quantised(R::NAME)
        }
        None => model.quantised(R::NAME),
    };
    std::fs::write(&args.out, net.to_bytes())
        .map_err(|e| Failure::usage(format!("{}: {e}", args.out)))?;
    println!("wrote {}", args.out);
    Ok(())
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// How the fit runs: passes over the data, positions per step, Adam's first rate, threads.
pub struct Schedule {
    pub epochs: usize,
    pub batch: usize,
    pub rate: f32,
    pub threads: usize,
}

impl Schedule {
    /// The rate of `epoch`: the full rate, a tenth after 60 % of the epochs, a hundredth
    /// after 85 %.
    fn rate_at(&self, epoch: usize) -> f32 {
        let done = epoch as f32 / self.epochs as f32;
        if done >= 0.85 {
            self.rate / 100.0
        } else if done >= 0.6 {
            self.rate / 10.0
        } else {
            self.rate
        }
    }
}

/// Fits `model` to `targets` by Adam over shuffled batches; after each epoch `report` gets
/// its number, the model and the epoch's mean loss.
fn fit(
    model: &mut Model,
    schedule: &Schedule,
    data: &Samples,
    targets: &[f32],
    k: f32,
    rng: &mut Rng,
    mut report: impl FnMut(usize, &Model, f64),
) {
    let mut adam = Adam::new(model.params.len());
    let mut order: Vec<u32> = (0..data.len() as u32).collect();
    for epoch in 0..schedule.epochs {
        let rate = schedule.rate_at(epoch);
        shuffle(&mut order, rng);
        let mut loss = 0.0f64;
        for batch in order.chunks(schedule.batch) {
            let (grad, batch_loss) = gradient(model, data, targets, batch, k, schedule.threads);
            adam.step(&mut model.params, &grad, rate);
            loss += batch_loss;
        }
        report(epoch, model, loss / data.len().max(1) as f64);
    }
}

fn shuffle(order: &mut [u32], rng: &mut Rng) {
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
}

/// The batch's mean gradient and its summed loss, the positions split over `threads`.
fn gradient(
    model: &Model,
    data: &Samples,
    targets: &[f32],
    batch: &[u32],
    k: f32,
    threads: usize,
) -> (Vec<f32>, f64) {
    let chunk = batch.len().div_ceil(threads.max(1));
    let parts: Vec<(Vec<f32>, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut grad = vec![0.0f32; model.params.len()];
                    let mut acc = vec![0.0f32; 2 * model.hidden];
                    let mut loss = 0.0f64;
                    for &i in part {
                        let i = i as usize;
                        loss += f64::from(
                            model.add_gradient(data, i, targets[i], k, &mut acc, &mut grad),
                        );
                    }
                    (grad, loss)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut total = vec![0.0f32; model.params.len()];
    let mut loss = 0.0;
    for (grad, part_loss) in parts {
        for (t, g) in total.iter_mut().zip(grad) {
            *t += g;
        }
        loss += part_loss;
    }
    let n = batch.len() as f32;
    for t in &mut total {
        *t /= n;
    }
    (total, loss)
}

/// The mean loss over `data`, or None when it is empty.
fn mean_loss(model: &Model, data: &Samples, targets: &[f32], k: f32) -> Option<f64> {
    if data.is_empty() {
        return None;
    }
    let mut acc = vec![0.0f32; 2 * model.hidden];
    let sum: f64 = (0..data.len())
        .map(|i| {
            let p = sigmoid(k * model.score(data, i, &mut acc));
            f64::from((p - targets[i]) * (p - targets[i]))
        })
        .sum();
    Some(sum / data.len() as f64)
}

/// The loss of the compiled evaluation over `data`, as `mean_loss` measures the network's.
fn static_loss(data: &Samples, targets: &[f32], k: f32) -> Option<f64> {
    if data.is_empty() {
        return None;
    }
    let sum: f64 = (0..data.len())
        .map(|i| {
            let p = sigmoid(k * data.static_eval[i]);
            f64::from((p - targets[i]) * (p - targets[i]))
        })
        .sum();
    Some(sum / data.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::bitboard::Bitboard;
    use sissa_movegen::geometry::Color;
    use sissa_movegen::variants::chess::Chess;

    /// White's material in centipawns less Black's, by the textbook values.
    fn material(pos: &Position<Chess>) -> f32 {
        let values: [(&str, f32); 5] =
            [("P", 100.0), ("N", 300.0), ("B", 300.0), ("R", 500.0), ("Q", 900.0)];
        let def = <Chess as sissa_movegen::Rules>::def();
        let mut sum = 0.0;
        for (kind, k) in def.kinds.iter().enumerate() {
            let value = values.iter().find(|(code, _)| *code == k.code).map_or(0.0, |v| v.1);
            let kind = kind as sissa_movegen::piece::Kind;
            let count = |c: Color| Bitboard::count(pos.pieces(kind, c)) as f32;
            sum += value * (count(Color::White) - count(Color::Black));
        }
        sum
    }

    /// Positions of random games (captures taken when offered, so that material varies),
    /// each scored by its material.
    fn material_samples(games: usize, rng: &mut Rng) -> Samples {
        let mut samples = Samples::new();
        for _ in 0..games {
            let mut pos = Position::<Chess>::start();
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let captures: Vec<_> =
                    moves.iter().copied().filter(|&m| pos.lands_on_enemy(m)).collect();
                let mv = if !captures.is_empty() && rng.below(3) > 0 {
                    captures[rng.below(captures.len())]
                } else {
                    moves.as_slice()[rng.below(moves.len())]
                };
                pos.make(mv);
                samples.push(&pos, material(&pos), 0.5);
            }
        }
        samples
    }

    /// A network fitted to material scores alone learns them: its error on positions it
    /// has not seen falls to a small part of the untrained one, and it scores a queen
    /// more than a rook, a rook more than a pawn.
    #[test]
    fn a_network_learns_material_from_scores() {
        let mut rng = Rng::new(3);
        let data = material_samples(120, &mut rng);
        let held = material_samples(20, &mut rng);
        let k = 0.005;
        let target =
            |s: &Samples| -> Vec<f32> { s.score.iter().map(|&x| sigmoid(k * x)).collect() };
        let (targets, held_targets) = (target(&data), target(&held));
        let mut model = Model::new(768, 16, &mut rng);
        let before = mean_loss(&model, &held, &held_targets, k).unwrap();
        let schedule = Schedule { epochs: 30, batch: 64, rate: 0.01, threads: 1 };
        fit(&mut model, &schedule, &data, &targets, k, &mut rng, |_, _, _| {});
        let after = mean_loss(&model, &held, &held_targets, k).unwrap();
        assert!(after < before / 5.0, "{before} -> {after}");
        let net = model.quantised("chess");
        let score = |fen: &str| net.evaluate(&Position::<Chess>::from_fen(fen).unwrap());
        let queen = score("4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1");
        let rook = score("4k3/pppp4/8/8/8/8/PPPP4/3RK3 w - - 0 1");
        let pawn = score("4k3/pppp4/8/8/8/8/PPPPP3/4K3 w - - 0 1");
        assert!(queen > rook && rook > pawn, "{queen} {rook} {pawn}");
    }
}
