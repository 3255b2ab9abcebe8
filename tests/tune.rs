//! The tuner recovers known weights: positions labelled through the sigmoid with the
//! compiled chess weights, a fit started from perturbed weights, the weights found again.

use sissa::tune::dataset::{Dataset, Label};
use sissa::tune::optimize::{
    adam, error_of, evals, fit_k, fit_score_scale, positions_per_parameter, score_error, sigmoid,
    targets, Schedule, Weights,
};
use sissa::tune::{file_mirror_pairs, hold_sparse, weights_of};
use sissa_eval::{layout, Evaluated, Evaluator};
use sissa_movegen::geometry::Color;
use sissa_movegen::random::SplitMix64;
use sissa_movegen::variants::chess::Chess;
use sissa_movegen::Position;

/// The positions of a game of random moves from the start (each after its move), at most
/// `plies` of them.
fn random_game(seed: u64, plies: usize) -> Vec<Position<Chess>> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::<Chess>::start();
    let mut out = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let pick = rng.below(moves.len() as u64) as usize;
        pos.make(*moves.iter().nth(pick).expect("a move below the length"));
        out.push(pos.clone());
    }
    out
}

/// Positions of random games, long enough to reach endgames (random moves capture often).
fn random_positions(games: u64, plies: usize) -> Vec<Position<Chess>> {
    (0..games).flat_map(|seed| random_game(seed + 11, plies)).collect()
}

const TRUE_K: f64 = 0.004;

/// Random positions labelled with the expected score under the compiled chess weights.
fn labelled_positions(games: u64) -> (Dataset, Weights) {
    let eval = Evaluator::<Chess>::new();
    let truth = weights_of(Chess::params(), &layout::<Chess>());
    let mut data = Dataset::new();
    for pos in random_positions(games, 200) {
        let tempo = if pos.side() == Color::White { eval.tempo() } else { -eval.tempo() };
        let label = Label { result: 0.0, score: None };
        data.push(&eval.features(&pos), eval.phase(&pos), eval.endgame_scale(&pos), tempo, label)
            .expect("features fit");
    }
    let true_evals = evals(&data, &truth, 2);
    for (label, &e) in data.labels.iter_mut().zip(&true_evals) {
        label.result = sigmoid(TRUE_K * e as f64) as f32;
    }
    (data, truth)
}

fn parameter(name: &str) -> usize {
    layout::<Chess>().iter().position(|s| s.name == name).expect("in the layout")
}

#[test]
fn the_tuner_recovers_known_weights() {
    let specs = layout::<Chess>();
    let (data, truth) = labelled_positions(30);
    let true_evals = evals(&data, &truth, 2);
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
    let chosen: Vec<usize> = names.iter().map(|n| parameter(n)).collect();
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
    let schedule = Schedule { iterations: 1500, rate: 1.0, threads: 2, l2: 0.0 };
    let after = adam(&data, &mut w, TRUE_K, &targets, schedule, |_, _| {});
    assert!(after < before / 1000.0, "error {before} -> {after}");
    for (i, &e) in chosen.iter().enumerate() {
        for (found, want, phase) in [(w.mg[e], truth.mg[e], "mg"), (w.eg[e], truth.eg[e], "eg")] {
            assert!((found - want).abs() < 2.0, "{} {phase}: {found} against {want}", names[i]);
        }
    }
}

#[test]
fn the_tuner_recovers_the_danger_weights_through_their_square() {
    // The king's danger scores the square of a weighted sum: its weights' gradient goes
    // through the square's slope, and a fit that got it wrong would not find them again.
    let specs = layout::<Chess>();
    let (data, mut truth) = labelled_positions(30);
    // The file may hold the danger at zero: the truth weighs it, as the Stockfish family's
    // weights scaled to the square's divisor, and labels the positions again with it.
    for (name, weight) in [
        ("danger.attacker.Knight", 40.0),
        ("danger.attacker.Bishop", 26.0),
        ("danger.attacker.Rook", 22.0),
        ("danger.piece.Queen", 218.0),
        ("danger.zone_attacks", 17.0),
        ("danger.weak_squares", 46.0),
        ("danger.safe_checks", 75.0),
        ("danger.flank_attacks", 2.0),
        ("danger.base", -209.0),
    ] {
        truth.mg[parameter(name)] = weight;
    }
    let targets: Vec<f32> =
        evals(&data, &truth, 2).iter().map(|&e| sigmoid(TRUE_K * e as f64) as f32).collect();
    let names = ["danger.piece.Queen", "danger.zone_attacks", "danger.flank_attacks"];
    let shifts = [30.0, -8.0, 2.0];
    let chosen: Vec<usize> = names.iter().map(|n| parameter(n)).collect();
    let mut w = truth.clone();
    w.tunable = vec![false; specs.len()];
    for (&e, shift) in chosen.iter().zip(shifts) {
        w.tunable[e] = true;
        w.mg[e] += shift;
    }
    let before = error_of(&evals(&data, &w, 2), &targets, TRUE_K);
    let schedule = Schedule { iterations: 1500, rate: 1.0, threads: 2, l2: 0.0 };
    let after = adam(&data, &mut w, TRUE_K, &targets, schedule, |_, _| {});
    assert!(after < before / 1000.0, "error {before} -> {after}");
    for (i, &e) in chosen.iter().enumerate() {
        let (found, want) = (w.mg[e], truth.mg[e]);
        assert!((found - want).abs() < 2.0, "{}: {found} against {want}", names[i]);
        assert_eq!(w.eg[e], truth.eg[e], "{}: the endgame part is not the danger's", names[i]);
    }
}

#[test]
fn the_penalty_holds_a_weight_near_its_start() {
    let (data, truth) = labelled_positions(6);
    let targets: Vec<f32> = data.labels.iter().map(|l| l.result).collect();
    let knight = parameter("value.Knight");
    let mut start = truth.clone();
    start.tunable = vec![false; start.mg.len()];
    start.tunable[knight] = true;
    start.mg[knight] += 80.0;
    let fit = |l2: f64| {
        let mut w = start.clone();
        let schedule = Schedule { iterations: 300, rate: 1.0, threads: 2, l2 };
        adam(&data, &mut w, TRUE_K, &targets, schedule, |_, _| {});
        w.mg[knight] - start.mg[knight]
    };
    let free = fit(0.0);
    let held = fit(1.0);
    assert!(free < -40.0, "without the penalty the knight moved only {free}");
    assert!(held.abs() < free.abs() / 4.0, "with the penalty it moved {held} (free: {free})");
}

#[test]
fn parameters_that_few_positions_use_are_held() {
    let (data, truth) = labelled_positions(2);
    let uses = positions_per_parameter(&data, truth.mg.len());
    // Random moves soon leave the pawns unequal; no pawn ever stands on its first rank.
    assert!(uses[parameter("value.Pawn")] > data.len() / 2);
    assert_eq!(uses[parameter("pst.Pawn.e1")], 0);
    let mut w = truth.clone();
    let tunable_before = w.tunable.iter().filter(|&&t| t).count();
    let held = hold_sparse(&mut w, &uses, 1);
    assert!(!w.tunable[parameter("pst.Pawn.e1")]);
    assert!(w.tunable[parameter("value.Pawn")]);
    assert_eq!(w.tunable.iter().filter(|&&t| t).count(), tunable_before - held);
}

/// A data set of `games` random games of `plies` positions each, every game marked, with the
/// result `result(game)` on each of its positions.
fn marked_games(games: u64, plies: usize, result: impl Fn(u64) -> f32) -> Dataset {
    let eval = Evaluator::<Chess>::new();
    let mut data = Dataset::new();
    for game in 0..games {
        for pos in random_game(game + 101, plies) {
            let tempo = if pos.side() == Color::White { eval.tempo() } else { -eval.tempo() };
            let label = Label { result: result(game), score: None };
            data.push(
                &eval.features(&pos),
                eval.phase(&pos),
                eval.endgame_scale(&pos),
                tempo,
                label,
            )
            .expect("features fit");
        }
        data.end_game();
    }
    data
}

#[test]
fn a_holdout_takes_whole_games_from_the_end() {
    // Three games of 4, 5 and 6 positions (game g has the result g / 4, so each position
    // tells its game).
    let mut data = Dataset::new();
    let eval = Evaluator::<Chess>::new();
    for (game, plies) in [(0u64, 4usize), (1, 5), (2, 6)] {
        let mut rng = SplitMix64::new(game + 7);
        let mut pos = Position::<Chess>::start();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            let pick = rng.below(moves.len() as u64) as usize;
            pos.make(*moves.iter().nth(pick).expect("a move below the length"));
            let label = Label { result: game as f32 / 4.0, score: None };
            data.push(&eval.features(&pos), eval.phase(&pos), eval.endgame_scale(&pos), 0, label)
                .expect("features fit");
        }
        data.end_game();
    }
    let weights = weights_of(Chess::params(), &layout::<Chess>());
    let whole = evals(&data, &weights, 1);
    // 30 % of 15 positions leaves the cut at 10, inside the last game: it moves back to 9.
    let held = data.split_off_games(0.3);
    assert_eq!((data.len(), held.len()), (9, 6));
    assert!(held.labels.iter().all(|l| l.result == 0.5), "only the last game is held out");
    assert!(data.labels.iter().all(|l| l.result < 0.5), "the last game left the fit");
    // Each position keeps its own features on either side of the cut.
    assert_eq!(evals(&data, &weights, 1), whole[..9]);
    assert_eq!(evals(&held, &weights, 1), whole[9..]);
    // Holding out nothing leaves everything.
    let mut again = held;
    assert!(again.split_off_games(0.0).is_empty());
    assert_eq!(again.len(), 6);
}

#[test]
fn held_out_games_expose_a_fit_to_noise() {
    // Results drawn at random per game: there is nothing to learn, so a free fit lowers the
    // error of the games it sees and raises that of the games it does not.
    let coin = |game: u64| (SplitMix64::new(game * 31 + 5).below(2)) as f32;
    let mut data = marked_games(10, 60, coin);
    let held = data.split_off_games(0.3);
    assert_eq!((data.len(), held.len()), (420, 180));
    let mut w = weights_of(Chess::params(), &layout::<Chess>());
    let fitted: Vec<f32> = data.labels.iter().map(|l| l.result).collect();
    let unseen: Vec<f32> = held.labels.iter().map(|l| l.result).collect();
    let k = TRUE_K;
    let (fit_before, held_before) =
        (error_of(&evals(&data, &w, 2), &fitted, k), error_of(&evals(&held, &w, 2), &unseen, k));
    let schedule = Schedule { iterations: 300, rate: 2.0, threads: 2, l2: 0.0 };
    let fit_after = adam(&data, &mut w, k, &fitted, schedule, |_, _| {});
    let held_after = error_of(&evals(&held, &w, 2), &unseen, k);
    assert!(fit_after < fit_before * 0.8, "the fit: {fit_before} -> {fit_after}");
    assert!(held_after > held_before, "held out: {held_before} -> {held_after}");
}

#[test]
fn mirror_pairs_join_the_squares_of_mirrored_files() {
    let specs = layout::<Chess>();
    let pairs = file_mirror_pairs::<Chess>(&specs);
    // Six piece types, 32 pairs of squares each.
    assert_eq!(pairs.len(), 6 * 32);
    let has = |a: &str, b: &str| pairs.contains(&(parameter(a), parameter(b)));
    assert!(has("pst.Knight.a1", "pst.Knight.h1"));
    assert!(has("pst.Pawn.d4", "pst.Pawn.e4"));
    assert!(has("pst.King.c8", "pst.King.f8"));
    // Each parameter is in one pair at most, and only piece-square parameters are.
    let mut seen = std::collections::HashSet::new();
    for &(a, b) in &pairs {
        assert!(seen.insert(a) && seen.insert(b), "{} or {} twice", specs[a].name, specs[b].name);
        assert!(specs[a].name.starts_with("pst.") && specs[b].name.starts_with("pst."));
    }
}

#[test]
fn tied_weights_start_from_their_mean_and_move_together() {
    // The compiled chess tables are not symmetric, so the untied gradients of a pair differ.
    let (data, truth) = labelled_positions(6);
    let targets: Vec<f32> = data.labels.iter().map(|l| l.result).collect();
    let (a, b) = (parameter("pst.Knight.c3"), parameter("pst.Knight.f3"));
    let mut w = truth.clone();
    w.tunable = vec![false; w.mg.len()];
    w.tunable[a] = true;
    w.mg[a] += 50.0;
    let mean = (w.mg[a] + w.mg[b]) / 2.0;
    w.tie(vec![(a, b)]);
    assert_eq!((w.mg[a], w.mg[b]), (mean, mean));
    assert!(w.tunable[b], "a pair moves when either of its weights may");
    let schedule = Schedule { iterations: 200, rate: 1.0, threads: 2, l2: 0.0 };
    adam(&data, &mut w, TRUE_K, &targets, schedule, |_, _| {});
    assert_ne!(w.mg[a], mean, "the pair moved");
    assert_eq!((w.mg[a], w.eg[a]), (w.mg[b], w.eg[b]));
}

#[test]
fn another_engines_scores_get_a_scale_of_their_own() {
    // Scores on three times the evaluation's scale, as another engine's centipawns might be.
    let (mut data, truth) = labelled_positions(10);
    let true_evals = evals(&data, &truth, 2);
    for (label, &e) in data.labels.iter_mut().zip(&true_evals) {
        label.score = Some(3.0 * e);
    }
    let scale = fit_score_scale(&data).expect("the data has scores");
    assert!((scale * 3.0 / TRUE_K - 1.0).abs() < 0.01, "scale {scale} against {}", TRUE_K / 3.0);
    let results: Vec<f32> = data.labels.iter().map(|l| l.result).collect();
    let worst = |targets: Vec<f32>| {
        targets.iter().zip(&results).map(|(t, r)| (t - r).abs()).fold(0f32, f32::max)
    };
    // From the scores alone, the fitted scale gives back the results; the evaluation's does not.
    assert!(worst(targets(&data, scale, 0.0)) < 0.01);
    assert!(worst(targets(&data, TRUE_K, 0.0)) > 0.1);
    // The scores' own error is least at their fitted scale.
    let at = |k: f64| score_error(&data, k).expect("the data has scores");
    assert!(at(scale) < at(TRUE_K) && at(scale) < at(scale * 1.2) && at(scale) < at(scale / 1.2));
}

#[test]
fn without_scores_there_is_no_scale_to_fit() {
    let (data, _) = labelled_positions(1);
    assert_eq!(fit_score_scale(&data), None);
    assert_eq!(score_error(&data, 0.006), None);
}
