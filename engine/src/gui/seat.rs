//! A side of the board played by an engine from the match runner (an external XBoard or UCI
//! program, the random mover, or Sissa with its own options): the match runner's player runs
//! on its own thread, since it blocks while it thinks, and its answers come back through a
//! channel the tab polls.

use crate::matches::engine_spec::{EngineSpec, StartOptions};
use crate::matches::player::{Failure, Player, TimeSettings, TurnClock};
use sissa_movegen::geometry::Color;
use sissa_movegen::Game;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

/// An engine's answer for the tab.
pub struct SeatAnswer {
    pub side: Color,
    /// The request answered (0: the engine could not start).
    pub id: u64,
    pub answer: Result<String, Failure>,
}

struct Request {
    id: u64,
    game: Game,
    own: Duration,
    opponent: Duration,
    time: TimeSettings,
}

pub struct EngineSeat {
    requests: Sender<Request>,
}

impl EngineSeat {
    /// Starts `spec` for `side` on its own thread; answers go to `answers`.
    pub fn start(spec: &EngineSpec, side: Color, answers: Sender<SeatAnswer>) -> EngineSeat {
        let (requests, inbox) = mpsc::channel();
        let engine = spec.clone();
        thread::spawn(move || serve(engine, side, inbox, answers));
        EngineSeat { requests }
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
        let request = Request { id, game: game.clone(), own, opponent, time };
        self.requests.send(request).is_ok()
    }
}

/// The seat's thread: starts the engine, then answers requests until the seat is dropped.
fn serve(spec: EngineSpec, side: Color, inbox: Receiver<Request>, answers: Sender<SeatAnswer>) {
    let mut player = match spec.start(&spec.name, &StartOptions::default()) {
        Ok(player) => player,
        Err(failure) => {
            let _ = answers.send(SeatAnswer { side, id: 0, answer: Err(failure) });
            return;
        }
    };
    // The game as the engine knows it; a request that does not continue it starts anew.
    let mut known: Option<Game> = None;
    for Request { id, game, own, opponent, time } in inbox {
        let answer = choose(player.as_mut(), &mut known, &game, own, opponent, time);
        if answers.send(SeatAnswer { side, id, answer }).is_err() {
            return;
        }
    }
}

fn choose(
    player: &mut dyn Player,
    known: &mut Option<Game>,
    game: &Game,
    own: Duration,
    opponent: Duration,
    time: TimeSettings,
) -> Result<String, Failure> {
    if !known.as_ref().is_some_and(|k| continues(k, game)) {
        *known = None;
        player.new_game(game, &time)?;
    }
    let clock =
        TurnClock { own, opponent, increment: time.increment, deadline: Instant::now() + own };
    let mv = player.choose_move(game, &clock)?;
    let mut after = game.clone();
    *known = after.play(&mv).is_ok().then_some(after);
    Ok(mv)
}

/// Whether `game` is `known` with more moves played (an engine follows it move by move).
fn continues(known: &Game, game: &Game) -> bool {
    known.start_fen() == game.start_fen() && game.moves().starts_with(known.moves())
}
