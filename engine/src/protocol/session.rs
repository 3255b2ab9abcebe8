//! What both protocols share: the game, the setup for new games, the engine options and
//! the search running on its own thread. A search always works on a copy of the game taken
//! when it starts; anything that changes the game first stops the search, so a result
//! that arrives always belongs to the current position (or, for a search started with
//! [`Session::start_from`], to the position its caller gave, such as a pondered reply).

use super::input::Event;
use super::thinking::{Info, Limits, SearchResult, Thinker};
use crate::search::params::Param;
use sissa_eval::built_in::Evaluation;
use sissa_eval::network::Network;
use sissa_movegen::{Game, Setup, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

pub use crate::search::{
    DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MOVE_OVERHEAD, MAX_THREADS, MOVE_OVERHEAD,
};

/// A progress callback owned by the search thread.
pub type InfoSink = Box<dyn FnMut(&Info) + Send>;

struct RunningSearch {
    id: u64,
    stop: Arc<AtomicBool>,
    handle: JoinHandle<SearchResult>,
}

pub struct Session {
    pub game: Game,
    /// Seed and symmetry used for the next new game of a variant with random setups.
    pub setup: Setup,
    pub threads: usize,
    pub hash_mb: usize,
    /// The evaluation chosen by `EvalFile` (the searcher holds the same one).
    evaluation: Evaluation,
    thinker: Arc<Mutex<Box<dyn Thinker>>>,
    events: Sender<Event>,
    running: Option<RunningSearch>,
    next_id: u64,
    /// When the line being handled was read, if it came from the input thread: a search it
    /// starts counts its time from then.
    received: Option<Instant>,
}

fn lock(thinker: &Mutex<Box<dyn Thinker>>) -> MutexGuard<'_, Box<dyn Thinker>> {
    // A poisoned lock means a search panicked; its state is still usable for a new one.
    match thinker.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    }
}

impl Session {
    pub fn new(thinker: Box<dyn Thinker>, events: Sender<Event>) -> Session {
        Session {
            game: Game::new(Variant::Chess, Setup::default()),
            setup: Setup::default(),
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
            evaluation: Evaluation::default(),
            thinker: Arc::new(Mutex::new(thinker)),
            events,
            running: None,
            next_id: 0,
            received: None,
        }
    }

    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// A new game of `variant` from its start position for the current setup; the
    /// searcher forgets the old game.
    pub fn new_game(&mut self, variant: Variant) {
        self.abort();
        self.game = Game::new(variant, self.setup);
        lock(&self.thinker).new_game();
    }

    /// Replaces the game (a FEN start); the old search is stopped first.
    pub fn set_game(&mut self, game: Game) {
        self.abort();
        self.game = game;
    }

    /// Search threads, 1 to [`MAX_THREADS`]; out of range is an error and changes nothing.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), String> {
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(format!("thread count {threads} is out of range (1 to {MAX_THREADS})"));
        }
        self.abort();
        self.threads = threads;
        lock(&self.thinker).set_threads(threads);
        Ok(())
    }

    /// The table size in megabytes, 1 to [`MAX_HASH_MB`]; out of range, or more memory
    /// than the machine gives, is an error that keeps the old table.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), String> {
        self.abort();
        lock(&self.thinker).set_hash_mb(mb)?;
        self.hash_mb = mb;
        Ok(())
    }

    /// The time kept back from every clock for delays outside the search, from 0 to
    /// [`MAX_MOVE_OVERHEAD`]; out of range is an error and changes nothing.
    pub fn set_move_overhead(&mut self, overhead: Duration) -> Result<(), String> {
        self.abort();
        lock(&self.thinker).set_move_overhead(Some(overhead))
    }

    /// Chooses the evaluation (`EvalFile`): an empty path (or `<empty>`) is the built-in
    /// networks, `<compiled>` the compiled evaluation alone, anything else a network file
    /// that scores the positions of its variant. Returns the file's variant; an unreadable
    /// or malformed file is an error that keeps the evaluation as it was.
    pub fn set_eval_file(&mut self, path: &str) -> Result<Option<String>, String> {
        let path = path.trim();
        let evaluation = match path {
            "" | "<empty>" => Evaluation::BuiltIn,
            "<compiled>" => Evaluation::Compiled,
            _ => {
                let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
                let network = Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
                Evaluation::File(Arc::new(network))
            }
        };
        let variant = match &evaluation {
            Evaluation::File(network) => Some(network.variant.clone()),
            _ => None,
        };
        self.abort();
        self.evaluation = evaluation.clone();
        lock(&self.thinker).set_evaluation(evaluation);
        Ok(variant)
    }

    /// The network that scores the current game's positions, if one does.
    pub fn network(&self) -> Option<&Network> {
        self.evaluation.network_of(self.game.position())
    }

    /// Sets one of the search's constants by its name and a value as text; an unknown name
    /// is `None`, a value out of the constant's range an error that changes nothing.
    pub fn set_search_param(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        let param = Param::named(name)?;
        Some(param.checked(value).map(|v| {
            self.abort();
            lock(&self.thinker).set_search_param(param, v);
        }))
    }

    /// Notes when the line about to be handled was read (`None` once it has been handled).
    pub fn line_received(&mut self, received: Option<Instant>) {
        self.received = received;
    }

    /// When the line being handled was read (now, for a line that did not come from the
    /// input thread).
    pub fn received(&self) -> Instant {
        self.received.unwrap_or_else(Instant::now)
    }

    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    /// Starts searching the current game on another thread; `Event::SearchDone(id)` is sent
    /// when it returns. A search still running is stopped first.
    pub fn start(&mut self, limits: Limits, on_info: InfoSink) -> u64 {
        self.start_from(self.game.clone(), limits, on_info)
    }

    /// As [`Session::start`], searching `game` instead of the current game (pondering on
    /// the opponent's expected move).
    pub fn start_from(&mut self, game: Game, mut limits: Limits, mut on_info: InfoSink) -> u64 {
        self.abort();
        limits.started = limits.started.or(self.received);
        self.next_id += 1;
        let id = self.next_id;
        let stop = Arc::new(AtomicBool::new(false));
        let thinker = Arc::clone(&self.thinker);
        let events = self.events.clone();
        let flag = Arc::clone(&stop);
        let handle = thread::spawn(move || {
            let result = lock(&thinker).think(&game, &limits, &flag, &mut *on_info);
            let _ = events.send(Event::SearchDone(id));
            result
        });
        self.running = Some(RunningSearch { id, stop, handle });
        id
    }

    /// Asks the running search to stop soon; its result arrives as usual.
    pub fn request_stop(&self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The result of search `id` once it has finished; `None` for a search that was
    /// aborted or superseded (a late `SearchDone` of an old search).
    pub fn collect(&mut self, id: u64) -> Option<SearchResult> {
        if self.running.as_ref().map(|r| r.id) != Some(id) {
            return None;
        }
        let running = self.running.take()?;
        running.handle.join().ok()
    }

    /// Stops the running search and waits for it, dropping its result.
    pub fn abort(&mut self) -> Option<SearchResult> {
        let running = self.running.take()?;
        running.stop.store(true, Ordering::Relaxed);
        running.handle.join().ok()
    }
}
