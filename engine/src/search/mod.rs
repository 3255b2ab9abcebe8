//! The search: iterative-deepening principal-variation search over any variant, with a
//! lock-free transposition table shared by Lazy SMP threads, and time management.
//!
//! [`Searcher`] is the one entry point the protocols and the match runner use. It dispatches
//! on the variant once, at the root; everything below is generic code compiled per variant.

pub mod correction;
pub mod eval_cache;
pub mod history;
pub mod info;
pub mod limits;
pub mod movepicker;
pub mod params;
pub mod processor;
pub mod profile;
pub mod quiet_checks;
pub mod score;
#[allow(clippy::module_inception)]
pub mod search;
pub mod see;
pub mod threads;
pub mod time_scaling;
pub mod timemgmt;
pub mod tt;

pub use info::{Info, SearchResult, SearchTiming};
pub use limits::{Clock, Limits, MAX_TIME};
pub use score::Score;

use history::History;
use params::{Param, SearchParams};
use profile::Profile;
use score::{mate_in, mated_in, to_score, MAX_PLY};
use search::RootSpec;
use sissa_eval::built_in::Evaluation;
use sissa_eval::{Evaluated, Evaluator};
use sissa_movegen::{with_position, Game, Move, Outcome, Position, Rules, Variant};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use timemgmt::Overhead;
pub use timemgmt::{SuddenDeathPlan, TimeBudget, MAX_MOVE_OVERHEAD, MOVE_OVERHEAD};
use tt::TranspositionTable;

/// Default transposition table size in megabytes.
pub const DEFAULT_HASH_MB: usize = 64;
/// Most threads accepted.
pub const MAX_THREADS: usize = 256;
/// Largest transposition table accepted, in megabytes.
pub const MAX_HASH_MB: usize = 65536;
/// Deepest iteration a search may be asked for (a depth limit beyond it means no limit).
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 1;

/// A search engine with its table and per-thread memories, kept between moves of a game.
pub struct Searcher {
    tt: TranspositionTable,
    hash_mb: usize,
    histories: Vec<History>,
    /// The variant the histories were filled in, with the address of its name (a file
    /// variant loaded again under the same name has a name of its own, and may score
    /// otherwise): a search in another one clears them, as its positions may share keys
    /// with this one's but not their static scores.
    histories_variant: Option<(Variant, usize)>,
    /// Delays seen beyond the hard time limit (the machine not running the search at once):
    /// kept back from the clock in later searches, decaying slowly.
    seen_overrun: Duration,
    /// The `Move Overhead` option, if set.
    move_overhead: Option<Duration>,
    /// The search's constants (`params.rs`): the variant's, then the ones set by name.
    params: SearchParams,
    param_overrides: Vec<(Param, i32)>,
    /// The profile `params` were made for (its address), `None` once a value was set since.
    params_profile: Option<usize>,
    /// Which evaluation scores each variant's positions (`EvalFile`): by default a
    /// variant's built-in network where it has one.
    evaluation: Evaluation,
}

impl Searcher {
    /// A searcher with a table of `hash_mb` megabytes, or of one megabyte if that much
    /// memory cannot be had (sizes from outside go through [`Searcher::try_new`]).
    pub fn new(threads: usize, hash_mb: usize) -> Searcher {
        Searcher::try_new(threads, hash_mb).unwrap_or_else(|e| {
            log::warn!("{e}; using a 1 MB table");
            Searcher::with_table(threads, TranspositionTable::new(1), 1)
        })
    }

    /// A searcher with a table of `hash_mb` megabytes (1 to [`MAX_HASH_MB`]); an error if
    /// the size is out of range or the memory cannot be allocated.
    pub fn try_new(threads: usize, hash_mb: usize) -> Result<Searcher, String> {
        let tt = TranspositionTable::try_new(checked_hash_mb(hash_mb)?)?;
        Ok(Searcher::with_table(threads, tt, hash_mb))
    }

    fn with_table(threads: usize, tt: TranspositionTable, hash_mb: usize) -> Searcher {
        let threads = threads.clamp(1, MAX_THREADS);
        Searcher {
            tt,
            hash_mb,
            histories: (0..threads).map(|_| History::new()).collect(),
            histories_variant: None,
            seen_overrun: Duration::ZERO,
            move_overhead: None,
            params: SearchParams::default(),
            param_overrides: Vec::new(),
            params_profile: None,
            evaluation: Evaluation::default(),
        }
    }

    pub fn threads(&self) -> usize {
        self.histories.len()
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    pub fn set_threads(&mut self, n: usize) {
        self.histories.resize_with(n.clamp(1, MAX_THREADS), History::new);
    }

    /// A new table of `mb` megabytes; on an error (size out of range, memory not
    /// available) the old table stays.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), String> {
        if mb != self.hash_mb {
            self.tt = TranspositionTable::try_new(checked_hash_mb(mb)?)?;
            self.hash_mb = mb;
        }
        Ok(())
    }

    /// Time kept back from every clock, including a fixed time per move, for the delays
    /// outside the search (the `Move Overhead` option); `None` for the default,
    /// [`MOVE_OVERHEAD`]. At most [`MAX_MOVE_OVERHEAD`].
    pub fn set_move_overhead(&mut self, overhead: Option<Duration>) -> Result<(), String> {
        match overhead {
            Some(o) if o > MAX_MOVE_OVERHEAD => Err(format!(
                "move overhead {} ms is out of range (0 to {})",
                o.as_millis(),
                MAX_MOVE_OVERHEAD.as_millis()
            )),
            _ => {
                self.move_overhead = overhead;
                Ok(())
            }
        }
    }

    /// Sets one of the search's constants (`params.rs`) for the searches to come.
    pub fn set_param(&mut self, param: Param, value: i32) {
        self.param_overrides.retain(|&(p, _)| p != param);
        self.param_overrides.push((param, value));
        self.params_profile = None;
    }

    /// Chooses the evaluation of the searches to come (the built-in networks, the compiled
    /// evaluation alone, or a network file's). The cached static scores are the old
    /// evaluation's, so the histories that keep them are cleared.
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = evaluation;
        self.histories_variant = None;
    }

    /// Makes `params` the constants of `profile` with the ones set by name, unless they are.
    fn keep_params_for(&mut self, profile: &'static Profile) {
        let identity = Some(profile as *const Profile as usize);
        if self.params_profile != identity {
            let values: Vec<(Param, i32)> =
                profile.search_params.iter().chain(&self.param_overrides).copied().collect();
            self.params = SearchParams::with_overrides(&values);
            self.params_profile = identity;
        }
    }

    /// The time budget of a search of `limits` started at `start` for the game's move
    /// `move_number`.
    pub fn budget(
        &self,
        limits: &Limits,
        start: Instant,
        move_number: u32,
        plan: SuddenDeathPlan,
    ) -> TimeBudget {
        // Twice the worst recent overrun is kept back, so one more delay like it still fits.
        let overhead = Overhead { chosen: self.move_overhead, seen: self.seen_overrun * 2 };
        TimeBudget::with_overhead(limits, start, overhead, move_number, plan)
    }

    /// Clears the histories if they were filled in another variant (or in another variant
    /// read from a file on the same board, or the same one read again).
    fn keep_histories_for(&mut self, variant: Variant) {
        let identity = Some((variant, variant.name().as_ptr() as usize));
        if self.histories_variant != identity {
            for h in &mut self.histories {
                h.clear();
            }
            self.histories_variant = identity;
        }
    }

    /// New game: forget the table and the histories.
    pub fn clear(&mut self) {
        self.tt.clear();
        for h in &mut self.histories {
            h.clear();
        }
    }

    /// Blocking: call it on a search thread. `stop` may be set from another thread at any
    /// time. Moves in `best`/`pv` are in the engine's notation (what `Game::play` accepts).
    /// Returns a legal move whenever the game is not over, even if stopped at once; `best` is
    /// `None` only when there is no legal move / the game is over.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = limits.started.unwrap_or_else(Instant::now);
        if let Some(outcome) = game.outcome() {
            return game_over(outcome, game.side());
        }
        self.keep_histories_for(game.variant());
        with_position!(game.position(), p => self.search_position(p, limits, stop, on_info, start))
    }

    fn search_position<R: Evaluated>(
        &mut self,
        pos: &Position<R>,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
        start: Instant,
    ) -> SearchResult {
        let root_moves = pos.legal_moves();
        if root_moves.is_empty() {
            return SearchResult {
                best: None,
                ponder: None,
                score: Score::Cp(0),
                nodes: 0,
                depth: 0,
                timing: None,
            };
        }
        self.tt.new_search();
        let profile = profile::profile::<R>();
        self.keep_params_for(profile);
        let eval = Evaluator::<R>::compiled();
        let network = self.evaluation.network_for::<R>();
        let budget = self.budget(limits, start, u32::from(pos.fullmove()), profile.sudden_death);
        let job = threads::Job {
            pos,
            tt: &self.tt,
            eval,
            network,
            params: &self.params,
            stop,
            budget,
            max_depth: limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
            node_limit: limits.nodes,
            root: root_spec(pos, root_moves.as_slice(), limits),
        };
        let outcome = threads::run(&job, &mut self.histories, on_info);
        let searched = start.elapsed();
        let overrun = budget.overrun(searched);
        self.seen_overrun = overrun.max(self.seen_overrun * 7 / 8);
        let completed = outcome.best;
        let candidates = match job.root.allowed.as_slice() {
            [] => root_moves.as_slice(),
            allowed => allowed,
        };
        let best = match completed.pv.first() {
            Some(mv) if candidates.contains(mv) => *mv,
            // Stopped before the first iteration ended: the table's move or the first one.
            _ => self.fallback_move(pos, candidates),
        };
        let ponder = completed.pv.get(1).copied().filter(|_| completed.pv.first() == Some(&best));
        let mut after = pos.clone();
        after.make(best);
        let ponder = ponder.filter(|&m| after.legal_moves().contains(m)).map(|m| after.notation(m));
        SearchResult {
            best: Some(pos.notation(best)),
            ponder,
            score: to_score(completed.score),
            nodes: outcome.nodes,
            depth: completed.depth,
            timing: Some(SearchTiming {
                searched,
                hard_limit: budget.hard,
                main_thread: outcome.main_thread,
                waiting: outcome.waiting,
            }),
        }
    }

    fn fallback_move<R: Rules>(&self, pos: &Position<R>, moves: &[Move]) -> Move {
        self.tt
            .probe(pos.hash())
            .map(|hit| hit.mv)
            .filter(|mv| moves.contains(mv))
            .unwrap_or(moves[0])
    }
}

/// `mb` if it is a table size Sissa accepts.
fn checked_hash_mb(mb: usize) -> Result<usize, String> {
    if (1..=MAX_HASH_MB).contains(&mb) {
        Ok(mb)
    } else {
        Err(format!("hash size {mb} MB is out of range (1 to {MAX_HASH_MB})"))
    }
}

/// The root moves and line count the limits ask for. Names that are not legal moves are left
/// out; if none is left, every move is searched (there must be a move to play).
fn root_spec<R: Rules>(pos: &Position<R>, legal: &[Move], limits: &Limits) -> RootSpec {
    let allowed: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| {
            let name = pos.notation(mv);
            limits.searchmoves.iter().any(|wanted| wanted.eq_ignore_ascii_case(&name))
        })
        .collect();
    let choices = if allowed.is_empty() { legal.len() } else { allowed.len() };
    RootSpec { allowed, multipv: limits.multipv.clamp(1, choices) }
}

/// The answer when the game is already over.
fn game_over(outcome: Outcome, side: sissa_movegen::geometry::Color) -> SearchResult {
    let score = match outcome {
        Outcome::Draw(_) => Score::Cp(0),
        Outcome::Win(winner, _) if winner == side => to_score(mate_in(0)),
        Outcome::Win(_, _) => to_score(mated_in(0)),
    };
    SearchResult { best: None, ponder: None, score, nodes: 0, depth: 0, timing: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Does the first thread's cache of static scores still hold `score` for `key`?
    fn holds(searcher: &Searcher, key: u64, score: i32) -> bool {
        searcher.histories[0].static_scores.get(key) == Some(score)
    }

    #[test]
    fn a_variant_s_constants_apply_and_the_ones_set_by_name_win() {
        // A profile that sets one constant of its own, as a variant's fitted set does.
        let chess = profile::profile::<sissa_movegen::variants::chess::Chess>();
        let own_divisor: &'static Profile =
            Box::leak(Box::new(Profile { search_params: &[(Param::LmrDivisor, 150)], ..*chess }));
        let mut searcher = Searcher::new(1, 1);
        searcher.keep_params_for(own_divisor);
        assert_eq!(searcher.params.get(Param::LmrDivisor), 150);
        assert_eq!(searcher.params.get(Param::RfpMargin), 80, "the others keep the defaults");
        searcher.set_param(Param::LmrDivisor, 300);
        searcher.set_param(Param::RfpMargin, 95);
        searcher.keep_params_for(own_divisor);
        assert_eq!(searcher.params.get(Param::LmrDivisor), 300);
        assert_eq!(searcher.params.get(Param::RfpMargin), 95);
        // A profile without constants of its own: the defaults and the ones set by name.
        searcher.keep_params_for(profile::profile::<sissa_movegen::variants::uc40::Uc40>());
        assert_eq!(searcher.params.get(Param::LmrDivisor), 300);
        searcher.set_param(Param::LmrDivisor, 220);
        searcher.keep_params_for(profile::profile::<sissa_movegen::variants::uc40::Uc40>());
        assert_eq!(searcher.params.get(Param::LmrDivisor), 220);
    }

    #[test]
    fn histories_are_kept_between_searches_of_a_variant_and_cleared_for_another() {
        let mut searcher = Searcher::new(1, 1);
        let key = 0xDEAD_BEEF_0123_4567;
        searcher.histories[0].static_scores.put(key, 123);
        searcher.keep_histories_for(Variant::Chess);
        assert!(!holds(&searcher, key, 123), "histories of no known variant are cleared");
        searcher.histories[0].static_scores.put(key, 123);
        searcher.keep_histories_for(Variant::Chess);
        assert!(holds(&searcher, key, 123), "the next search in the same variant keeps them");
        searcher.keep_histories_for(Variant::LionsUnicorns);
        assert!(!holds(&searcher, key, 123), "another variant clears them");
        searcher.histories[0].static_scores.put(key, 123);
        searcher.clear();
        assert!(!holds(&searcher, key, 123), "a new game clears them");
    }

    #[test]
    fn a_file_variant_read_again_under_its_name_clears_the_histories() {
        let file = "[keep-histories-test:chess]\n";
        let mut searcher = Searcher::new(1, 1);
        let key = 0x0123_4567_89AB_CDEF;
        for _ in 0..2 {
            assert!(sissa_movegen::ini::load_text(file).errors.is_empty());
            let variant: Variant = "keep-histories-test".parse().unwrap();
            searcher.histories[0].static_scores.put(key, 77);
            searcher.keep_histories_for(variant);
            assert!(!holds(&searcher, key, 77), "a variant read again may score otherwise");
        }
    }
}
