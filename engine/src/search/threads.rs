//! Lazy SMP: several threads search the same position, sharing only the transposition table
//! (and the stop flag). The main thread (0) watches the clock, reports, and ends the search;
//! helpers fill the table with results the main thread then finds. Every thread runs with a
//! large stack, since the recursion goes up to `MAX_PLY` deep.

use super::history::History;
use super::info::Info;
use super::params::SearchParams;
use super::processor::ProcessorTime;
use super::score::to_score;
use super::search::{Completed, RootSpec, Worker};
use super::timemgmt::TimeBudget;
use super::tt::TranspositionTable;
use sissa_eval::network::Network;
use sissa_eval::{Evaluated, Evaluator};
use sissa_movegen::{Move, Position, Rules};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

const STACK_BYTES: usize = 64 * 1024 * 1024;
/// Helpers iterate until stopped.
const HELPER_MAX_DEPTH: u32 = super::score::MAX_PLY as u32 - 1;

/// A node counter on its own cache line, so threads do not slow each other down.
#[repr(align(64))]
#[derive(Default)]
struct PaddedCounter(AtomicU64);

/// What the threads of one search share besides the table.
pub struct Shared {
    pub abort: AtomicBool,
    nodes: Vec<PaddedCounter>,
}

impl Shared {
    pub fn new(threads: usize) -> Shared {
        Shared {
            abort: AtomicBool::new(false),
            nodes: (0..threads).map(|_| PaddedCounter::default()).collect(),
        }
    }
    pub fn threads(&self) -> usize {
        self.nodes.len()
    }
    #[inline(always)]
    pub fn publish_nodes(&self, id: usize, nodes: u64) {
        self.nodes[id].0.store(nodes, Ordering::Relaxed);
    }
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|c| c.0.load(Ordering::Relaxed)).sum()
    }
}

/// What a whole search found.
pub struct Outcome {
    pub best: Completed,
    pub nodes: u64,
    /// When the main thread began and ended searching, from the search's start.
    pub main_thread: (Duration, Duration),
    /// The threads' time runnable but waiting for a processor, where the system says.
    pub waiting: Option<Duration>,
}

/// Settings of one search.
pub struct Job<'a, R: Evaluated> {
    pub pos: &'a Position<R>,
    pub tt: &'a TranspositionTable,
    pub eval: &'a Evaluator<R>,
    /// The network that scores positions, alone or added to the evaluator (`EvalFile`;
    /// chess's built-in one by default).
    pub network: Option<&'a Network>,
    pub params: &'a SearchParams,
    pub stop: &'a AtomicBool,
    pub budget: TimeBudget,
    pub max_depth: u32,
    pub node_limit: Option<u64>,
    pub root: RootSpec,
}

/// Runs the threads and picks the move: the main thread's last completed iteration, unless a
/// helper completed a deeper one with a score at least as good.
pub fn run<R: Evaluated>(
    job: &Job<'_, R>,
    histories: &mut [History],
    on_info: &mut dyn FnMut(&Info),
) -> Outcome {
    let shared = Shared::new(histories.len());
    let (sender, receiver) = mpsc::channel::<Info>();
    let results: Vec<(Completed, Lifetime)> = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for (id, history) in histories.iter_mut().enumerate() {
            let sender = if id == 0 { Some(sender.clone()) } else { None };
            let shared = &shared;
            let handle = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let began = job.budget.elapsed();
                    let processor_before = ProcessorTime::of_this_thread();
                    let mut worker = Worker::new(
                        id,
                        job.pos.clone(),
                        job.tt,
                        job.eval,
                        job.network,
                        history,
                        shared,
                        job.params,
                        job.stop,
                        job.budget,
                        job.node_limit,
                        &job.root,
                    );
                    let mut report = |w: &Worker<'_, R>| {
                        if let Some(s) = &sender {
                            for info in make_infos(w, shared, &job.budget) {
                                let _ = s.send(info);
                            }
                        }
                    };
                    // Helpers go on past the depth limit until the main thread is done, so that
                    // they are not idle during its last (longest) iteration.
                    let depth = if id == 0 { job.max_depth } else { HELPER_MAX_DEPTH };
                    worker.iterate(depth, &mut report);
                    if id == 0 {
                        // The main thread is done: the helpers stop too.
                        shared.abort.store(true, Ordering::Relaxed);
                    }
                    let waiting = ProcessorTime::of_this_thread()
                        .zip(processor_before)
                        .map(|(after, before)| after.since(before).waiting);
                    let span = (began, job.budget.elapsed());
                    (worker.completed, Lifetime { span, waiting })
                });
            match handle {
                Ok(h) => handles.push(h),
                Err(e) => log::warn!("could not start search thread {id}: {e}"),
            }
        }
        drop(sender);
        // Reports arrive here, on the caller's thread, until the main thread ends.
        for info in receiver.iter() {
            on_info(&info);
        }
        shared.abort.store(true, Ordering::Relaxed);
        handles.into_iter().map(|h| h.join().unwrap_or_default()).collect()
    });
    let main_thread = results.first().map(|(_, life)| life.span).unwrap_or_default();
    let waiting =
        results.iter().try_fold(Duration::ZERO, |sum, (_, life)| life.waiting.map(|w| sum + w));
    let results: Vec<Completed> = results.into_iter().map(|(completed, _)| completed).collect();
    let main = results.first().cloned().unwrap_or_default();
    let best = results
        .iter()
        .skip(1)
        .filter(|r| r.depth > main.depth && r.score >= main.score && !r.pv.is_empty())
        .max_by_key(|r| (r.depth, r.score))
        .cloned()
        .unwrap_or(main);
    Outcome { best, nodes: shared.total_nodes(), main_thread, waiting }
}

/// A search thread's span of wall time from the search's start, and its time runnable but
/// not run.
#[derive(Clone, Copy, Default)]
struct Lifetime {
    span: (Duration, Duration),
    waiting: Option<Duration>,
}

/// One report per line the thread has found, best first.
fn make_infos<R: Evaluated>(w: &Worker<'_, R>, shared: &Shared, budget: &TimeBudget) -> Vec<Info> {
    shared.publish_nodes(w.id, w.nodes);
    let nodes = shared.total_nodes();
    let time = budget.elapsed();
    let hashfull = w.tt().hashfull();
    w.lines
        .iter()
        .enumerate()
        .map(|(index, line)| Info {
            depth: line.depth,
            seldepth: line.seldepth,
            score: to_score(line.score),
            nodes,
            nps: nps(nodes, time),
            time,
            pv: pv_notation(&w.pos, &line.pv),
            hashfull,
            multipv: index + 1,
        })
        .collect()
}

pub fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1) as u64;
    nodes.saturating_mul(1_000_000) / micros
}

/// The moves of a line in notation, each written in the position where it is played.
pub fn pv_notation<R: Rules>(pos: &Position<R>, pv: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &mv in pv {
        if !p.legal_moves().contains(mv) {
            break;
        }
        out.push(p.notation(mv));
        p.make(mv);
    }
    out
}
