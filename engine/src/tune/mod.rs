//! `sissa tune`: fits the evaluation's weights to game results.
//!
//! Every position of the data is turned into its features once ([`dataset`]); then the
//! logistic scale K is fitted to the current evaluation, and Adam minimises the mean squared
//! error of sigmoid(K * eval) against each position's target over every two-value
//! (middlegame, endgame) parameter ([`optimize`]). One-value parameters (phase weights,
//! shares in per mille) are not linear in the score and are kept as they are. The result is
//! a parameter file in the format of `eval/params/<variant>.txt` (docs/tuning.md).

pub mod data;
pub mod dataset;
pub mod optimize;

use crate::cli::{parse_variant, Failure};
use dataset::Dataset;
use optimize::{
    adam, error_of, evals, fit_k, fit_score_scale, positions_per_parameter, score_error, targets,
    Schedule, Weights,
};
use sissa_eval::params::{Arity, Params, Spec};
use sissa_eval::phased::ph;
use sissa_eval::{layout, Evaluated, Evaluator};
use sissa_movegen::shape::Shape;
use sissa_movegen::{with_position, AnyPosition, Position};
use std::collections::HashMap;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// Variant name.
    #[arg(long, short)]
    pub variant: String,
    /// Training data: `sissa datagen` files or PGN games with results (several allowed).
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<String>,
    /// Where to write the fitted parameter file (default: `tuned-<variant>.txt`).
    #[arg(long)]
    pub out: Option<String>,
    /// Start from this parameter file instead of the compiled-in one.
    #[arg(long)]
    pub params: Option<String>,
    /// Adam steps over the whole data set.
    #[arg(long, default_value_t = 1000)]
    pub iterations: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Weight of the game result in each target; the rest is sigmoid(K * search score),
    /// where the data has a score.
    #[arg(long, default_value_t = 1.0)]
    pub result_weight: f64,
    /// The scale of the search scores in the data: `eval` turns a score into an expected
    /// result with the evaluation's K (Sissa's own scores); `fitted` fits a scale of their
    /// own to the results (another engine's scores, whose centipawns are not Sissa's).
    #[arg(long, value_enum, default_value_t = ScoreScale::Eval)]
    pub score_scale: ScoreScale,
    /// Use this logistic scale instead of fitting it.
    #[arg(long)]
    pub k: Option<f64>,
    /// Keep as they are the parameters that fewer than this many positions use: the data
    /// cannot determine them.
    #[arg(long, default_value_t = 0)]
    pub min_positions: usize,
    /// Keep these parameters as they are: a parameter's name (`hanging`), or a prefix
    /// ending in `*` (`outpost.*`). For terms held at zero for speed, so that the other
    /// weights are fitted to an evaluation without them.
    #[arg(long, num_args = 1..)]
    pub keep: Vec<String>,
    /// Penalty per weight on its distance from the start, `L2 * (w - w_start)^2` with w in
    /// centipawns, added to the error: pulls the weights the data barely determines back.
    #[arg(long, default_value_t = 0.0)]
    pub l2: f64,
    /// Fraction of the data's games, taken from its end, kept out of the fit; their error is
    /// printed before and after, to tell a fit that generalises from one that learned the
    /// noise of its games.
    #[arg(long, default_value_t = 0.0)]
    pub holdout: f64,
    /// Fit each piece-square weight together with the one on the mirrored file (a1 with
    /// h1, d4 with e4): half as many table weights for the data to determine. For variants
    /// whose play is alike on both wings.
    #[arg(long)]
    pub mirror_files: bool,
    /// Threads for the gradient (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// How the search scores of the data become expected results in the targets.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreScale {
    /// sigmoid(K * score), with the K of the evaluation.
    Eval,
    /// sigmoid(S * score), with S fitted to the results from the scores alone.
    Fitted,
}

pub fn run(args: &TuneArgs) -> Result<(), Failure> {
    let variant = parse_variant(&args.variant)?;
    if !(0.0..=1.0).contains(&args.result_weight) {
        return Err(Failure::usage("--result-weight must be between 0 and 1"));
    }
    if !(args.l2 >= 0.0 && args.l2.is_finite()) {
        return Err(Failure::usage("--l2 must be zero or a positive number"));
    }
    if !(0.0..1.0).contains(&args.holdout) {
        return Err(Failure::usage("--holdout must be at least 0 and below 1"));
    }
    if args.k.is_some_and(|k| !(k > 0.0 && k.is_finite())) {
        return Err(Failure::usage("--k must be a positive number"));
    }
    let start = AnyPosition::start(variant);
    with_position!(&start, p => tune_variant(p, args))
}

/// The weights of `params` as the fit holds them; two-value parameters are tunable.
pub fn weights_of(params: &Params, specs: &[Spec]) -> Weights {
    let values = (0..specs.len()).map(|e| params.phased_at(e as u32));
    let (mg, eg) = values.map(|v| (v.mg as f32, v.eg as f32)).unzip();
    let tunable = specs.iter().map(|s| s.arity == Arity::Phased).collect();
    Weights { mg, eg, tunable, tied: Vec::new() }
}

/// The pairs of piece-square parameters of `R` on mirrored files (`pst.Knight.a1` with
/// `pst.Knight.h1`), each pair once, for `--mirror-files`.
pub fn file_mirror_pairs<R: Evaluated>(specs: &[Spec]) -> Vec<(usize, usize)> {
    let dims = R::S::DIMS;
    let index: HashMap<&str, usize> =
        specs.iter().enumerate().map(|(e, s)| (s.name.as_str(), e)).collect();
    let mut pairs = Vec::new();
    for (e, spec) in specs.iter().enumerate() {
        let Some((table, square)) = spec.name.rsplit_once('.') else { continue };
        if !table.starts_with("pst.") {
            continue;
        }
        let Some(sq) = dims.parse_square(square) else { continue };
        let Some(mirror) = dims.square(dims.files as i32 - 1 - dims.file(sq), dims.rank(sq)) else {
            continue;
        };
        let mirror_name = format!("{table}.{}", dims.square_name(mirror));
        if let Some(&m) = index.get(mirror_name.as_str()) {
            if e < m {
                pairs.push((e, m));
            }
        }
    }
    pairs
}

/// `params` with the fitted weights, rounded to whole centipawns.
pub fn params_with(params: &Params, w: &Weights) -> Params {
    let mut out = params.clone();
    for e in (0..w.mg.len()).filter(|&e| w.tunable[e]) {
        out.set_phased(e as u32, ph(w.mg[e].round() as i32, w.eg[e].round() as i32));
    }
    out
}

/// Marks as fixed the tunable parameters that fewer than `min_positions` positions use;
/// returns how many.
pub fn hold_sparse(w: &mut Weights, uses: &[usize], min_positions: usize) -> usize {
    let mut held = 0;
    for (tunable, &n) in w.tunable.iter_mut().zip(uses) {
        if *tunable && n < min_positions {
            *tunable = false;
            held += 1;
        }
    }
    held
}

/// Whether a parameter's name is one `--keep` names: the whole name, or a pattern ending in
/// `*` that the name starts with.
fn named_by(name: &str, pattern: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == pattern,
    }
}

/// Marks as fixed the tunable parameters that one of `patterns` names; returns how many. A
/// pattern that names no parameter is an error: it is most likely misspelt.
pub fn hold_named(w: &mut Weights, specs: &[Spec], patterns: &[String]) -> Result<usize, String> {
    if let Some(unknown) = patterns.iter().find(|p| !specs.iter().any(|s| named_by(&s.name, p))) {
        return Err(format!("--keep {unknown}: no parameter of this variant has that name"));
    }
    let mut held = 0;
    for (tunable, spec) in w.tunable.iter_mut().zip(specs) {
        if *tunable && patterns.iter().any(|p| named_by(&spec.name, p)) {
            *tunable = false;
            held += 1;
        }
    }
    Ok(held)
}

/// The error of the held-out positions against their results alone (predicting results is
/// the aim, and so fits with different `--result-weight` compare on the same footing); none
/// when nothing is held out.
fn held_out_error(held_out: &Dataset, w: &Weights, k: f64, threads: usize) -> Option<f64> {
    let results: Vec<f32> = held_out.labels.iter().map(|l| l.result).collect();
    (!held_out.is_empty()).then(|| error_of(&evals(held_out, w, threads), &results, k))
}

fn tune_variant<R: Evaluated>(_start: &Position<R>, args: &TuneArgs) -> Result<(), Failure> {
    let specs = layout::<R>();
    let params = match &args.params {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Failure::usage(format!("{path}: {e}")))?;
            Params::parse(&specs, &text).map_err(|e| Failure::usage(format!("{path}: {e}")))?
        }
        None => R::params().clone(),
    };
    let eval = Evaluator::<R>::with_params(&params);
    let clock = Instant::now();
    let mut data = Dataset::new();
    for path in &args.data {
        let text =
            std::fs::read_to_string(path).map_err(|e| Failure::usage(format!("{path}: {e}")))?;
        let n = data::read_into(path, &text, &eval, &mut data).map_err(Failure::usage)?;
        println!("{path}: {n} positions");
    }
    if data.is_empty() {
        return Err(Failure::usage("no positions in the data"));
    }
    println!(
        "{} positions, {} feature pairs, read in {:.1} s",
        data.len(),
        data.feature_count(),
        clock.elapsed().as_secs_f64()
    );
    let held_out = data.split_off_games(args.holdout);
    if !held_out.is_empty() {
        println!("{} positions of the last games held out of the fit", held_out.len());
    }
    if data.is_empty() {
        return Err(Failure::usage("no positions left to fit after --holdout"));
    }
    let threads =
        args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let mut w = weights_of(&params, &specs);
    let named = hold_named(&mut w, &specs, &args.keep).map_err(Failure::usage)?;
    if named > 0 {
        println!("{named} parameters named by --keep kept as they are");
    }
    let kept =
        hold_sparse(&mut w, &positions_per_parameter(&data, specs.len()), args.min_positions);
    if kept > 0 {
        println!(
            "{kept} parameters used by fewer than {} positions kept as they are",
            args.min_positions
        );
    }
    if args.mirror_files {
        let pairs = file_mirror_pairs::<R>(&specs);
        println!("{} piece-square pairs on mirrored files fitted together", pairs.len());
        w.tie(pairs);
    }
    let before_evals = evals(&data, &w, threads);
    let results: Vec<f32> = data.labels.iter().map(|l| l.result).collect();
    let k = args.k.unwrap_or_else(|| fit_k(&before_evals, &results));
    let score_k = match args.score_scale {
        ScoreScale::Eval => k,
        ScoreScale::Fitted => fit_score_scale(&data).unwrap_or(k),
    };
    // Whether the targets use the data's scores at a scale of their own.
    let own_score_scale = args.score_scale == ScoreScale::Fitted && args.result_weight < 1.0;
    let targets = targets(&data, score_k, args.result_weight);
    let before = error_of(&before_evals, &targets, k);
    println!("K = {k:.6} per centipawn, error before {before:.6}");
    if args.score_scale == ScoreScale::Fitted {
        if let Some(e) = score_error(&data, score_k) {
            println!(
                "the data's scores turned into results at {score_k:.6} per centipawn, \
                 their error against the results {e:.6}"
            );
        }
    }
    let held_before = held_out_error(&held_out, &w, k, threads);
    if let Some(e) = held_before {
        println!("held-out error against the results before {e:.6}");
    }
    let schedule = Schedule { iterations: args.iterations, rate: args.rate, threads, l2: args.l2 };
    let fit_clock = Instant::now();
    let after = adam(&data, &mut w, k, &targets, schedule, |t, err| {
        println!("iteration {t}: error {err:.6} ({:.0} s)", fit_clock.elapsed().as_secs_f64());
    });
    println!(
        "error after {after:.6} ({} iterations in {:.1} s)",
        args.iterations,
        fit_clock.elapsed().as_secs_f64()
    );
    let held_after = held_out_error(&held_out, &w, k, threads);
    if let Some(e) = held_after {
        println!("held-out error against the results after {e:.6}");
    }
    let out = args.out.clone().unwrap_or_else(|| format!("tuned-{}.txt", R::NAME));
    let mut header = vec![
        format!("Sissa evaluation parameters: {}", R::NAME),
        format!("Fitted by sissa tune to {} positions of {}", data.len(), args.data.join(" ")),
        format!(
            "K = {k:.6}, error {before:.6} before, {after:.6} after, {} Adam steps of {} cp",
            args.iterations, args.rate
        ),
        format!(
            "Result weight {}, parameters used by fewer than {} positions kept ({kept}), L2 penalty {}",
            args.result_weight, args.min_positions, args.l2
        ),
        "Format and names: docs/evaluation.md".to_string(),
    ];
    if args.mirror_files {
        let tied = "Piece-square weights on mirrored files fitted together (--mirror-files)";
        header.insert(header.len() - 1, tied.to_string());
    }
    if own_score_scale {
        let scale =
            format!("The data's scores at a scale fitted to them: {score_k:.6} per centipawn");
        header.insert(header.len() - 1, scale);
    }
    if !args.keep.is_empty() {
        let named = format!("Kept as they were by name (--keep): {}", args.keep.join(" "));
        header.insert(header.len() - 1, named);
    }
    if let (Some(before), Some(after)) = (held_before, held_after) {
        header.insert(
            header.len() - 1,
            format!(
                "{} positions of the last games held out: error against the results {before:.6} before, {after:.6} after",
                held_out.len()
            ),
        );
    }
    std::fs::write(&out, params_with(&params, &w).to_text(&header))
        .map_err(|e| Failure { message: format!("{out}: {e}"), status: 1 })?;
    println!("wrote {out}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs() -> Vec<Spec> {
        ["safe_check", "outpost.Knight", "outpost.Rook", "value.Knight", "phase.Knight"]
            .iter()
            .map(|n| if n.starts_with("phase") { Spec::single(*n) } else { Spec::phased(*n) })
            .collect()
    }

    fn weights(specs: &[Spec]) -> Weights {
        let n = specs.len();
        Weights {
            mg: vec![0.0; n],
            eg: vec![0.0; n],
            tunable: specs.iter().map(|s| s.arity == Arity::Phased).collect(),
            tied: Vec::new(),
        }
    }

    #[test]
    fn keep_holds_whole_names_and_prefixes_only() {
        let specs = specs();
        let mut w = weights(&specs);
        let patterns = vec!["safe_check".to_string(), "outpost.*".to_string()];
        assert_eq!(hold_named(&mut w, &specs, &patterns), Ok(3));
        assert_eq!(w.tunable, [false, false, false, true, false]);
    }

    #[test]
    fn keep_refuses_a_name_no_parameter_has() {
        let specs = specs();
        let mut w = weights(&specs);
        // Without `*` a prefix is not a name.
        let err = hold_named(&mut w, &specs, &["outpost".to_string()]).unwrap_err();
        assert!(err.contains("outpost"), "{err}");
        assert!(w.tunable[1], "nothing is held when a pattern is refused");
    }
}
