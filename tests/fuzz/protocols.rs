//! Both protocols driven in this process line by line, as the protocol loop drives them, with
//! the properties checked after every line: no panic (in the protocol or on a search thread),
//! a refused command leaves the position as it was, and the engine still answers `isready`
//! or `ping`.

use sissa::protocol::input::Event;
use sissa::protocol::output::Output;
use sissa::protocol::session::Session;
use sissa::protocol::thinking::{Info, Limits, SearchResult, Thinker};
use sissa::protocol::uci::Uci;
use sissa::protocol::xboard::Xboard;
use sissa::protocol::{Flow, Protocol};
use sissa::search::params::Param;
use sissa::search::{Searcher, MAX_HASH_MB};
use sissa_movegen::Game;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Uci,
    Xboard,
}

/// The real searcher, with the memory it may take kept small: the fuzz asks for tables and
/// threads of every size, and the sizes Sissa accepts would be allocated for real.
struct SmallSearcher(Searcher);

const MOST_TEST_HASH_MB: usize = 4;
const MOST_TEST_THREADS: usize = 2;

impl Thinker for SmallSearcher {
    fn set_threads(&mut self, threads: usize) {
        self.0.set_threads(threads.min(MOST_TEST_THREADS));
    }

    fn set_hash_mb(&mut self, mb: usize) -> Result<(), String> {
        // Sizes out of range still go through, to be refused as they would be.
        let mb = if mb > MAX_HASH_MB { mb } else { mb.min(MOST_TEST_HASH_MB) };
        self.0.set_hash_mb(mb)
    }

    fn set_move_overhead(&mut self, overhead: Option<Duration>) -> Result<(), String> {
        self.0.set_move_overhead(overhead)
    }

    fn set_search_param(&mut self, param: Param, value: i32) {
        self.0.set_param(param, value);
    }

    fn set_evaluation(&mut self, evaluation: sissa_eval::built_in::Evaluation) {
        self.0.set_evaluation(evaluation);
    }

    fn new_game(&mut self) {
        self.0.clear();
    }

    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.0.search(game, limits, stop, on_info)
    }
}

/// What the engine writes, kept for the checks.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut data = self.0.lock().unwrap_or_else(|p| p.into_inner());
        data.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn take_lines(&self) -> Vec<String> {
        let mut data = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let text = String::from_utf8_lossy(&data).into_owned();
        data.clear();
        text.lines().map(str::to_string).collect()
    }
}

/// One protocol state machine with its session, fed lines.
pub struct Driver {
    kind: Kind,
    protocol: Box<dyn Protocol>,
    events: Receiver<Event>,
    output: Captured,
    pings: u64,
}

impl Driver {
    pub fn new(kind: Kind) -> Driver {
        let (sender, events) = channel();
        let thinker = Box::new(SmallSearcher(Searcher::new(1, 1)));
        let session = Session::new(thinker, sender);
        let output = Captured::default();
        let out = Output::new(Box::new(output.clone()));
        let protocol: Box<dyn Protocol> = match kind {
            Kind::Uci => Box::new(Uci::new(session, out)),
            Kind::Xboard => Box::new(Xboard::new(session, out)),
        };
        let mut driver = Driver { kind, protocol, events, output, pings: 0 };
        let greeting: &[&str] = match kind {
            Kind::Uci => &["uci"],
            Kind::Xboard => &["xboard", "protover 2", "st 0.02"],
        };
        for line in greeting {
            driver.protocol.handle_line(line);
        }
        driver.output.take_lines();
        driver
    }

    /// The game the engine holds now.
    pub fn game(&mut self) -> Game {
        self.protocol.session().game.clone()
    }

    /// Sends one line and checks the properties; `Err` says which failed.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let before = self.game().position().to_fen();
        let flow = catch_unwind(AssertUnwindSafe(|| self.protocol.handle_line(line)));
        let answer = self.output.take_lines();
        let flow = match flow {
            Ok(flow) => flow,
            Err(_) => {
                *self = Driver::new(self.kind);
                return Err(format!("{:?}: panic on {line:?}", self.kind));
            }
        };
        if flow == Flow::Quit {
            self.protocol.session().abort();
            *self = Driver::new(self.kind);
            return Ok(());
        }
        let after = self.game().position().to_fen();
        if refused(self.kind, &answer) && before != after {
            return Err(format!(
                "{:?}: {line:?} was refused ({answer:?}) but the position changed from {before} \
                 to {after}",
                self.kind
            ));
        }
        self.deliver_events()
    }

    /// Hands finished searches to the protocol, as the loop does between lines.
    fn deliver_events(&mut self) -> Result<(), String> {
        while let Ok(event) = self.events.try_recv() {
            let handled = catch_unwind(AssertUnwindSafe(|| self.protocol.handle_event(event)));
            if handled.is_err() {
                *self = Driver::new(self.kind);
                return Err(format!("{:?}: panic when a search ended", self.kind));
            }
        }
        self.output.take_lines();
        Ok(())
    }

    /// The engine answers `isready` or `ping` at once.
    pub fn check_alive(&mut self) -> Result<(), String> {
        self.pings += 1;
        let (question, answer) = match self.kind {
            Kind::Uci => ("isready".to_string(), "readyok".to_string()),
            Kind::Xboard => (format!("ping {}", self.pings), format!("pong {}", self.pings)),
        };
        self.protocol.handle_line(&question);
        let lines = self.output.take_lines();
        if lines.contains(&answer) {
            Ok(())
        } else {
            Err(format!("{:?}: no {answer} to {question}, got {lines:?}", self.kind))
        }
    }

    /// Stops the search, if one runs.
    pub fn stop(&mut self) {
        self.protocol.session().abort();
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        self.protocol.session().abort();
    }
}

/// Whether the engine refused the command it answered with `answer`. UCI reports everything
/// with `info string`, so the announcement of a new variant's start and the report of a move
/// list played up to its first illegal move (the UCI convention) are not refusals.
fn refused(kind: Kind, answer: &[String]) -> bool {
    answer.iter().any(|line| match kind {
        Kind::Xboard => line.starts_with("Error") || line.starts_with("Illegal move"),
        Kind::Uci => {
            line.starts_with("info string")
                && !line.starts_with("info string variant ")
                && !line.ends_with("position after the moves before it")
        }
    })
}
