//! `sissa spsa`: fits the search's constants (`search/params.rs`) by games. Each step plays
//! one pair of games (the same opening, colours swapped) between two versions of Sissa whose
//! constants differ by a random perturbation of every one at once ([`schedule`]), and moves
//! the estimates towards the version that scored more. The games run in this process, as
//! `sissa match` plays them; `--concurrency` steps run at a time, each updating the
//! estimates when its pair ends. The log ([`log`]) lets an interrupted run go on.

pub mod log;
pub mod schedule;

use crate::cli::Failure;
use crate::matches::args::time_margin_parser;
use crate::matches::engine_spec::{EngineKind, EngineSpec, SissaOptions, StartOptions};
use crate::matches::openings::{OpeningMoves, Openings};
use crate::matches::player::TimeSettings;
use crate::matches::progress::MatchProgress;
use crate::matches::referee::GameRules;
use crate::matches::runner::{self, MatchPlan};
use crate::matches::stats::Score;
use crate::matches::xboard_client::RejectPolicy;
use crate::search::params::{Param, TUNABLES};
use crate::search::MAX_HASH_MB;
use schedule::{Perturbation, Schedule, Tuned};
use sissa_movegen::random::mix64;
use sissa_movegen::{Symmetry, Variant};
use std::sync::Mutex;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct SpsaArgs {
    /// Variant name.
    #[arg(long, short, default_value = "chess")]
    pub variant: String,
    /// The constants to tune, comma-separated, each optionally with its start value
    /// (`LmrBase,LmrDivisor=200`); default: all of docs/search.md's list.
    #[arg(long)]
    pub params: Option<String>,
    /// Games in all: two per step.
    #[arg(long, default_value_t = 2000)]
    pub games: usize,
    /// Nodes per move for both versions (the clock of --tc still runs as a limit).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Time control BASE+INC in seconds.
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,
    /// Extra milliseconds past zero on the clock before a time loss.
    #[arg(long, default_value_t = 0, value_parser = time_margin_parser())]
    pub time_margin: u64,
    /// Pairs played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Each version's transposition table, in MB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Opening moves: none or random-plies:K.
    #[arg(long, default_value = "random-plies:8")]
    pub openings: String,
    /// Seed of the perturbations, openings and random setups.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The learning rate at the last step, per point of result over each constant's last
    /// perturbation squared.
    #[arg(long, default_value_t = 0.002)]
    pub r_end: f64,
    /// The tuning log: a line per step with the estimates after it.
    #[arg(long, default_value = "spsa.tsv")]
    pub out: String,
    /// Go on from the last line of --out (the same constants and --games).
    #[arg(long)]
    pub resume: bool,
    /// Print the estimates every N steps (0: only at the end).
    #[arg(long, default_value_t = 50)]
    pub report_interval: usize,
}

/// Everything the steps share.
struct Plan {
    variant: Variant,
    params: Vec<Param>,
    base: SissaOptions,
    rules: GameRules,
    openings: Openings,
    node_limit: Option<u64>,
}

/// What the steps change as they end.
struct Progress {
    schedule: Schedule,
    next_step: usize,
    /// The `plus` versions' score against the `minus` ones.
    score: Score,
    log: log::Log,
    write_error: Option<std::io::Error>,
}

pub fn run(args: &SpsaArgs) -> Result<(), Failure> {
    let (plan, mut schedule) = check(args).map_err(Failure::usage)?;
    let names: Vec<String> = schedule.tuned.iter().map(|t| t.name.clone()).collect();
    let mut first_step = 0;
    if args.resume {
        if let Some(resumed) = log::resume(&args.out, &names).map_err(Failure::usage)? {
            for (t, v) in schedule.tuned.iter_mut().zip(resumed.values) {
                t.value = v;
            }
            first_step = resumed.steps_done;
        }
    }
    let log = log::Log::open(&args.out, &names).map_err(Failure::usage)?;
    let steps = schedule.steps;
    println!("{}", estimates_line(&format!("start at step {first_step}/{steps}"), &schedule));
    let progress = Mutex::new(Progress {
        schedule,
        next_step: first_step,
        score: Score::default(),
        log,
        write_error: None,
    });
    let title = format!("spsa {} ({})", names.join(","), plan.variant);
    let bar = MatchProgress::new(steps.saturating_sub(first_step), &title);
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency {
            scope.spawn(|| play_steps(&plan, &progress, &bar, args.report_interval));
        }
    });
    bar.finish();
    let progress = progress.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = progress.write_error {
        return Err(Failure { message: format!("writing {}: {e}", args.out), status: 1 });
    }
    let s = &progress.score;
    println!("plus versions against minus versions: {} - {} - {}", s.wins, s.losses, s.draws);
    println!("{}", estimates_line("final", &progress.schedule));
    println!("as an engine: {}", engine_text(&progress.schedule));
    Ok(())
}

/// Steps until the plan is done: take a perturbation, play its pair, update.
fn play_steps(plan: &Plan, progress: &Mutex<Progress>, bar: &MatchProgress, interval: usize) {
    loop {
        let perturbation = {
            let mut p = lock(progress);
            if p.next_step >= p.schedule.steps {
                return;
            }
            p.next_step += 1;
            p.schedule.perturb(p.next_step - 1)
        };
        let pair = play_pair(plan, &perturbation);
        let mut p = lock(progress);
        let result = f64::from(pair.wins) - f64::from(pair.losses);
        p.schedule.update(&perturbation, result);
        p.score.add(pair);
        let values: Vec<f64> = p.schedule.tuned.iter().map(|t| t.value).collect();
        if let Err(e) = p.log.step(perturbation.step, result, &values) {
            p.write_error.get_or_insert(e);
        }
        bar.advance(format!("{} - {} - {}", p.score.wins, p.score.losses, p.score.draws));
        if interval > 0 && (perturbation.step + 1).is_multiple_of(interval) {
            let label = format!("step {}/{}", perturbation.step + 1, p.schedule.steps);
            bar.print(&estimates_line(&label, &p.schedule));
        }
    }
}

fn lock(progress: &Mutex<Progress>) -> std::sync::MutexGuard<'_, Progress> {
    progress.lock().unwrap_or_else(|e| e.into_inner())
}

/// The two games of a step, from the `plus` version's side.
fn play_pair(plan: &Plan, perturbation: &Perturbation) -> Score {
    let version = |values: &[i32]| {
        let mut options = plan.base.clone();
        options.search_params.extend(plan.params.iter().copied().zip(values.iter().copied()));
        EngineSpec { name: "sissa".into(), kind: EngineKind::Sissa(options), options: Vec::new() }
    };
    let seed = mix64(plan.openings.seed ^ perturbation.step as u64);
    let match_plan = MatchPlan {
        variant: plan.variant,
        engines: [version(&perturbation.plus), version(&perturbation.minus)],
        names: ["plus".into(), "minus".into()],
        games: 2,
        concurrency: 1,
        rules: plan.rules,
        openings: Openings { seed, ..plan.openings.clone() },
        starts: [StartOptions {
            reject_policy: RejectPolicy::Lose,
            seed,
            node_limit: plan.node_limit,
        }; 2],
    };
    let mut score = Score::default();
    runner::run(&match_plan, |finished| {
        let (win, loss, draw) = finished.engine1_result();
        score.wins += u32::from(win);
        score.losses += u32::from(loss);
        score.draws += u32::from(draw);
        true
    });
    score
}

fn check(args: &SpsaArgs) -> Result<(Plan, Schedule), String> {
    let variant: Variant = args.variant.parse()?;
    let (params, tuned) = tuned_params(args.params.as_deref())?;
    if args.games < 2 {
        return Err("--games must be at least 2 (a pair)".into());
    }
    if args.concurrency == 0 || args.concurrency > 256 {
        return Err("--concurrency must be between 1 and 256".into());
    }
    if args.hash == 0 || args.hash > MAX_HASH_MB {
        return Err(format!("--hash must be between 1 and {MAX_HASH_MB}"));
    }
    if !(args.r_end > 0.0 && args.r_end.is_finite()) {
        return Err("--r-end must be a positive number".into());
    }
    let time: TimeSettings = args.tc.parse()?;
    let rules = GameRules {
        time: [time; 2],
        margin: Duration::from_millis(args.time_margin),
        max_plies: 1000,
    };
    let openings = Openings {
        moves: args.openings.parse::<OpeningMoves>()?,
        seeds: None,
        symmetry: Symmetry::Mirror,
        seed: args.seed,
        fen: None,
    };
    let base = SissaOptions { hash_mb: args.hash, ..SissaOptions::default() };
    let plan = Plan { variant, params, base, rules, openings, node_limit: args.nodes };
    let schedule = Schedule::new(tuned, args.games / 2, args.r_end, args.seed);
    Ok((plan, schedule))
}

/// The constants of `--params` (all by default) with their start values and ranges.
fn tuned_params(text: Option<&str>) -> Result<(Vec<Param>, Vec<Tuned>), String> {
    let items: Vec<String> = match text {
        Some(t) => t.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect(),
        None => TUNABLES.iter().map(|t| t.name.to_string()).collect(),
    };
    let mut params = Vec::new();
    let mut tuned = Vec::new();
    for item in items {
        let (name, start) = match item.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v)),
            None => (item.as_str(), None),
        };
        let param = Param::named(name).ok_or_else(|| {
            let known: Vec<&str> = TUNABLES.iter().map(|t| t.name).collect();
            format!("unknown search constant {name:?} (known: {})", known.join(", "))
        })?;
        if params.contains(&param) {
            return Err(format!("{name} is named twice in --params"));
        }
        let t = param.tunable();
        let value = start.map(|v| param.checked(v)).transpose()?.unwrap_or(t.value);
        params.push(param);
        tuned.push(Tuned {
            name: t.name.to_string(),
            value: f64::from(value),
            min: f64::from(t.min),
            max: f64::from(t.max),
            step: t.step,
        });
    }
    if params.is_empty() {
        return Err("--params names no constant".into());
    }
    Ok((params, tuned))
}

fn estimates_line(label: &str, schedule: &Schedule) -> String {
    let values: Vec<String> =
        schedule.tuned.iter().map(|t| format!("{}={:.1}", t.name, t.value)).collect();
    format!("{label}: {}", values.join(" "))
}

/// The rounded estimates as a `sissa match` engine.
fn engine_text(schedule: &Schedule) -> String {
    let values: Vec<String> =
        schedule.tuned.iter().map(|t| format!("{}={}", t.name, t.value.round())).collect();
    format!("sissa:{}", values.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_params_option_names_constants_and_start_values() {
        let (params, tuned) = tuned_params(Some("lmrbase, LmrDivisor=200")).unwrap();
        assert_eq!(params, vec![Param::LmrBase, Param::LmrDivisor]);
        assert_eq!((tuned[0].value, tuned[1].value), (50.0, 200.0));
        assert_eq!(tuned_params(None).unwrap().0, Param::ALL.to_vec());
        assert!(tuned_params(Some("LmrBase,LmrBase")).is_err());
        assert!(tuned_params(Some("Nonsense")).is_err());
        assert!(tuned_params(Some("LmrDivisor=5")).is_err());
    }
}
