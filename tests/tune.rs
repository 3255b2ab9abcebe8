//! The tuner recovers known weights: positions labelled through the sigmoid with the
//! compiled chess weights, a fit started from perturbed weights, the weights found again.

use sissa::tune::dataset::{Dataset, Label};
use sissa::tune::optimize::{adam, error_of, evals, fit_k, sigmoid, Schedule};
use sissa::tune::weights_of;
use sissa_eval::{layout, Evaluated, Evaluator};
use sissa_movegen::geometry::Color;
use sissa_movegen::random::SplitMix64;
use sissa_movegen::variants::chess::Chess;
use sissa_movegen::Position;

/// Positions of random games, long enough to reach endgames (random moves capture often).
fn random_positions(games: u64, plies: usize) -> Vec<Position<Chess>> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed + 11);
        let mut pos = Position::<Chess>::start();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let pick = rng.below(moves.len() as u64) as usize;
            pos.make(*moves.iter().nth(pick).expect("a move below the length"));
            out.push(pos.clone());
        }
    }
    out
}

const TRUE_K: f64 = 0.004;

#[test]
fn the_tuner_recovers_known_weights() {
    let eval = Evaluator::<Chess>::new();
    let specs = layout::<Chess>();
    let truth = weights_of(Chess::params(), &specs);
    let mut data = Dataset::new();
    for pos in random_positions(30, 200) {
        let tempo = if pos.side() == Color::White { eval.tempo() } else { -eval.tempo() };
        let label = Label { result: 0.0, score: None };
        data.push(&eval.features(&pos), eval.phase(&pos), tempo, label).expect("features fit");
    }
    // Labels: the expected score under the true weights.
    let true_evals = evals(&data, &truth, 2);
    for (label, &e) in data.labels.iter_mut().zip(&true_evals) {
        label.result = sigmoid(TRUE_K * e as f64) as f32;
    }
    let targets: Vec<f32> = data.labels.iter().map(|l| l.result).collect();
    let k = fit_k(&true_evals, &targets);
    assert!((k / TRUE_K - 1.0).abs() < 0.01, "K {k} against {TRUE_K}");

    // Perturb a set of weights and let only those move.
    let names = [
        "value.Knight",
        "value.Bishop",
        "value.Rook",
        "value.Queen",
        "mobility.Knight",
        "mobility.Rook",
        "doubled",
        "isolated",
    ];
    let chosen: Vec<usize> = names
        .iter()
        .map(|n| specs.iter().position(|s| s.name == *n).expect("in the layout"))
        .collect();
    let mut w = truth.clone();
    w.tunable = vec![false; specs.len()];
    for (i, &e) in chosen.iter().enumerate() {
        w.tunable[e] = true;
        let shift = if i % 2 == 0 { 60.0 } else { -45.0 }
            / if names[i].starts_with("value") { 1.0 } else { 10.0 };
        w.mg[e] += shift;
        w.eg[e] -= shift;
    }
    let before = error_of(&evals(&data, &w, 2), &targets, TRUE_K);
    let schedule = Schedule { iterations: 1500, rate: 1.0, threads: 2 };
    let after = adam(&data, &mut w, TRUE_K, &targets, schedule, |_, _| {});
    assert!(after < before / 1000.0, "error {before} -> {after}");
    for (i, &e) in chosen.iter().enumerate() {
        for (found, want, phase) in [(w.mg[e], truth.mg[e], "mg"), (w.eg[e], truth.eg[e], "eg")] {
            assert!((found - want).abs() < 2.0, "{} {phase}: {found} against {want}", names[i]);
        }
    }
}
