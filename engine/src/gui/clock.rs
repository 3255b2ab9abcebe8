//! A game's two clocks under a time control (base time and an increment per move): the clock
//! of the side to move runs, a move stops it and adds the increment, and the times at the
//! start of every turn are kept so that taking a move back gives back the clocks of the
//! moment its position was reached.

use crate::matches::player::TimeSettings;
use serde_json::{json, Value};
use sissa_movegen::geometry::Color;
use std::time::{Duration, Instant};

pub struct Clocks {
    time: TimeSettings,
    /// Time left on each clock (White, Black), not counting the running clock's current turn.
    left: [Duration; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Color, Instant)>,
    /// The clocks when the current turn began.
    turn_start: [Duration; 2],
    /// The clocks at the start of each earlier turn, one per move played.
    history: Vec<[Duration; 2]>,
}

impl Clocks {
    /// Both clocks at the base time, neither running.
    pub fn new(time: TimeSettings) -> Clocks {
        let left = [time.base, time.base];
        Clocks { time, left, running: None, turn_start: left, history: Vec::new() }
    }

    pub fn time(&self) -> TimeSettings {
        self.time
    }

    /// Time left on `side`'s clock now.
    pub fn left(&self, side: Color) -> Duration {
        let stored = self.left[side.index()];
        match self.running {
            Some((running, since)) if running == side => stored.saturating_sub(since.elapsed()),
            _ => stored,
        }
    }

    /// Runs `side`'s clock (already running: unchanged; the other's running: it stops).
    pub fn run(&mut self, side: Color) {
        if self.running.is_some_and(|(running, _)| running == side) {
            return;
        }
        self.pause();
        self.running = Some((side, Instant::now()));
    }

    /// Stops the running clock, keeping the time it has used.
    pub fn pause(&mut self) {
        if let Some((side, _)) = self.running {
            self.left[side.index()] = self.left(side);
            self.running = None;
        }
    }

    /// `side` has moved: its clock stops, gains the increment, and the opponent's turn begins
    /// (its clock starts with the next [`Clocks::run`]).
    pub fn moved(&mut self, side: Color) {
        let now_left = self.left(side);
        self.running = None;
        self.history.push(self.turn_start);
        self.left[side.index()] = now_left + self.time.increment;
        self.turn_start = self.left;
    }

    /// A move is taken back: the clocks as they were when its turn began (nothing if no move
    /// was recorded, as after a time control set in the middle of a game).
    pub fn take_back(&mut self) {
        self.running = None;
        if let Some(earlier) = self.history.pop() {
            self.left = earlier;
            self.turn_start = earlier;
        }
    }

    /// Gives `side` back time its clock ran while it could not think (an engine starting).
    pub fn give_back(&mut self, side: Color, time: Duration) {
        self.left[side.index()] += time;
    }

    /// The side whose running clock has reached zero.
    pub fn flagged(&self) -> Option<Color> {
        let (side, _) = self.running?;
        self.left(side).is_zero().then_some(side)
    }

    /// The clocks for the page: milliseconds left on each, and which one runs.
    pub fn to_json(&self) -> Value {
        let ms = |c: Color| self.left(c).as_millis() as u64;
        let running = self.running.map(|(side, _)| match side {
            Color::White => "white",
            Color::Black => "black",
        });
        json!({
            "white_ms": ms(Color::White),
            "black_ms": ms(Color::Black),
            "running": running,
            "base_ms": self.time.base.as_millis() as u64,
            "increment_ms": self.time.increment.as_millis() as u64,
            "control": self.time.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(base_ms: u64, inc_ms: u64) -> TimeSettings {
        TimeSettings {
            base: Duration::from_millis(base_ms),
            increment: Duration::from_millis(inc_ms),
        }
    }

    #[test]
    fn a_move_adds_the_increment_and_a_take_back_restores_the_turn_start() {
        let mut clocks = Clocks::new(control(60_000, 2_000));
        clocks.run(Color::White);
        std::thread::sleep(Duration::from_millis(30));
        clocks.moved(Color::White);
        let white = clocks.left(Color::White);
        // Used at least the 30 ms slept, gained 2 s.
        assert!(white <= Duration::from_millis(61_970), "{white:?}");
        assert!(white > Duration::from_millis(61_000), "{white:?}");
        assert_eq!(clocks.left(Color::Black), Duration::from_millis(60_000), "Black not started");
        clocks.run(Color::Black);
        clocks.moved(Color::Black);
        clocks.take_back();
        assert_eq!(clocks.left(Color::White), white, "Black's move taken back");
        assert_eq!(clocks.left(Color::Black), Duration::from_millis(60_000));
        clocks.take_back();
        assert_eq!(clocks.left(Color::White), Duration::from_millis(60_000), "back to the start");
        clocks.take_back();
        assert_eq!(clocks.left(Color::White), Duration::from_millis(60_000), "nothing to undo");
    }

    #[test]
    fn only_the_running_clock_falls() {
        let mut clocks = Clocks::new(control(20, 0));
        assert_eq!(clocks.flagged(), None);
        clocks.run(Color::Black);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(clocks.flagged(), Some(Color::Black));
        assert_eq!(clocks.left(Color::White), Duration::from_millis(20));
        clocks.pause();
        assert_eq!(clocks.flagged(), None, "a stopped clock does not fall");
        assert!(clocks.left(Color::Black).is_zero());
    }
}
