//! A side of the board played by an engine from the match runner (an external XBoard or UCI
//! program, the random mover, or Sissa with its own options): the match runner's player runs
//! on its own thread, since it blocks while it thinks, and its answers come back through a
//! channel the tab polls. The time before the engine is asked to move (starting it, setting
//! up the game) is reported, so that its clock does not pay for it. A seat let go (the tab
//! closed, a human took the side over) ends the engine's thinking at once: an external engine
//! is ended, Sissa's search stopped.

use crate::matches::engine_spec::{EngineSpec, StartOptions};
use crate::matches::player::{Failure, Interrupt, Player, TimeSettings, TurnClock};
use sissa_movegen::geometry::Color;
use sissa_movegen::Game;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// An engine's answer for the tab.
pub struct SeatAnswer {
    pub side: Color,
    /// The request answered (0: the engine could not start).
    pub id: u64,
    pub answer: Result<String, Failure>,
    /// How long the request waited before the engine began to think.
    pub setup: Duration,
}

struct Request {
    id: u64,
    asked: Instant,
    game: Game,
    own: Duration,
    opponent: Duration,
    time: TimeSettings,
}

pub struct EngineSeat {
    requests: Sender<Request>,
    release: Arc<Mutex<Release>>,
}

/// Between the seat and its thread: the engine's interrupt handle once it has started, and
/// whether the seat was let go (perhaps before the engine was up).
#[derive(Default)]
struct Release {
    interrupt: Option<Interrupt>,
    let_go: bool,
}

fn lock(release: &Mutex<Release>) -> std::sync::MutexGuard<'_, Release> {
    release.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl EngineSeat {
    /// Starts `spec` for `side` on its own thread; answers go to `answers`.
    pub fn start(spec: &EngineSpec, side: Color, answers: Sender<SeatAnswer>) -> EngineSeat {
        let (requests, inbox) = mpsc::channel();
        let engine = spec.clone();
        let release = Arc::new(Mutex::new(Release::default()));
        let handle = Arc::clone(&release);
        thread::spawn(move || serve(engine, side, inbox, answers, handle));
        EngineSeat { requests, release }
    }

    /// Asks for a move in `game` (request `id`) with the clocks given; false if the engine's
    /// thread has ended (it could not start).
    pub fn ask(
        &self,
        id: u64,
        game: &Game,
        own: Duration,
        opponent: Duration,
        time: TimeSettings,
    ) -> bool {
        let request =
            Request { id, asked: Instant::now(), game: game.clone(), own, opponent, time };
        self.requests.send(request).is_ok()
    }
}

impl Drop for EngineSeat {
    fn drop(&mut self) {
        let mut release = lock(&self.release);
        release.let_go = true;
        if let Some(interrupt) = &release.interrupt {
            interrupt.interrupt();
        }
    }
}

/// The seat's thread: starts the engine, then answers requests until the seat is dropped.
fn serve(
    spec: EngineSpec,
    side: Color,
    inbox: Receiver<Request>,
    answers: Sender<SeatAnswer>,
    release: Arc<Mutex<Release>>,
) {
    let mut player = match spec.start(&spec.name, &StartOptions::default()) {
        Ok(player) => player,
        Err(failure) => {
            let answer = Err(failure);
            let _ = answers.send(SeatAnswer { side, id: 0, answer, setup: Duration::ZERO });
            return;
        }
    };
    {
        let mut release = lock(&release);
        if release.let_go {
            return; // let go while the engine started: it must not think about a request
        }
        release.interrupt = player.interrupt_handle();
    }
    // The game as the engine knows it; a request that does not continue it starts anew.
    let mut known: Option<Game> = None;
    for request in inbox {
        let mut setup = Duration::ZERO;
        let answer = choose(player.as_mut(), &mut known, &request, &mut setup);
        if answers.send(SeatAnswer { side, id: request.id, answer, setup }).is_err() {
            return;
        }
    }
}

/// The engine's move for `request`; `setup` is set to the time before it began to think.
fn choose(
    player: &mut dyn Player,
    known: &mut Option<Game>,
    request: &Request,
    setup: &mut Duration,
) -> Result<String, Failure> {
    let Request { game, own, opponent, time, .. } = request;
    if !known.as_ref().is_some_and(|k| continues(k, game)) {
        *known = None;
        player.new_game(game, time)?;
    }
    *setup = request.asked.elapsed();
    let clock = TurnClock {
        own: *own,
        opponent: *opponent,
        increment: time.increment,
        opponent_increment: time.increment,
        deadline: Instant::now() + *own,
    };
    let mv = player.choose_move(game, &clock)?;
    let mut after = game.clone();
    *known = after.play(&mv).is_ok().then_some(after);
    Ok(mv)
}

/// Whether `game` is `known` with more moves played (an engine follows it move by move).
fn continues(known: &Game, game: &Game) -> bool {
    known.start_fen() == game.start_fen() && game.moves().starts_with(known.moves())
}
