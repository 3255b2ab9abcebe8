//! The GUI side of UCI: Sissa drives an external UCI engine as a [`Player`]. Every turn sends
//! the whole game (`position fen ... moves ...`), so the engine's state can never drift from
//! the referee's. Variants other than chess need the engine's `UCI_Variant` option.

use super::player::{Failure, Interrupt, Player, TimeSettings, TurnClock};
use super::process::EngineProcess;
use super::xboard_client::read_failure;
use sissa_movegen::geometry::Color;
use sissa_movegen::{Game, Variant};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` or `isready`.
const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

pub struct UciPlayer {
    process: EngineProcess,
    name: String,
    options: Vec<String>,
    increment: Duration,
    /// Searches of this many nodes (`go nodes N`) instead of searches on the clock.
    node_limit: Option<u64>,
}

impl UciPlayer {
    /// Starts the engine and sets `options` (name, value) it declares; with `node_limit`
    /// every search is `go nodes N`.
    pub fn start(
        argv: &[String],
        name: String,
        options: &[(String, String)],
        node_limit: Option<u64>,
    ) -> Result<UciPlayer, Failure> {
        let process = EngineProcess::spawn(argv).map_err(Failure::Crashed)?;
        let mut player =
            UciPlayer { process, name, options: Vec::new(), increment: Duration::ZERO, node_limit };
        player.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_TIME;
        loop {
            let line = player.process.read_line(deadline).map_err(read_failure)?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(rest) = line.strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or(rest).trim();
                player.options.push(name.to_string());
            }
        }
        for (name, value) in options {
            player.set_option(name, value)?;
        }
        Ok(player)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.process.send(line).map_err(read_failure)
    }

    fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), Failure> {
        if !self.has_option(name) {
            return Err(Failure::Protocol(format!("engine has no option {name:?}")));
        }
        self.send(&format!("setoption name {name} value {value}"))
    }

    fn ready(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE_TIME;
        self.process.read_until(deadline, |l| l.trim() == "readyok").map_err(read_failure)?;
        Ok(())
    }
}

impl Player for UciPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn interrupt_handle(&self) -> Option<Interrupt> {
        Some(self.process.interrupt_handle())
    }

    fn new_game(&mut self, game: &Game, time: &TimeSettings) -> Result<(), Failure> {
        let variant = game.variant();
        if variant != Variant::Chess || self.has_option("UCI_Variant") {
            if !self.has_option("UCI_Variant") {
                return Err(Failure::Protocol(format!(
                    "engine has no UCI_Variant option for {variant}"
                )));
            }
            self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        self.increment = time.increment;
        self.send("ucinewgame")?;
        self.ready()
    }

    fn choose_move(&mut self, game: &Game, clock: &TurnClock) -> Result<String, Failure> {
        let mut position = format!("position fen {}", game.start_fen());
        if !game.moves().is_empty() {
            position.push_str(" moves ");
            position.push_str(&game.moves().join(" "));
        }
        self.send(&position)?;
        self.send(&go_command(game.side(), clock, self.node_limit))?;
        let line = self
            .process
            .read_until(clock.deadline, |l| l.trim_start().starts_with("bestmove"))
            .map_err(read_failure)?;
        match line.split_whitespace().nth(1) {
            Some("(none)" | "0000") | None => Err(Failure::Claimed(line.trim().to_string())),
            Some(mv) => Ok(mv.to_string()),
        }
    }
}

/// `go nodes N` under a node limit (the referee's clock still runs), else the clocks.
fn go_command(side: Color, clock: &TurnClock, node_limit: Option<u64>) -> String {
    if let Some(nodes) = node_limit {
        return format!("go nodes {nodes}");
    }
    let ((white, winc), (black, binc)) = match side {
        Color::White => ((clock.own, clock.increment), (clock.opponent, clock.opponent_increment)),
        Color::Black => ((clock.opponent, clock.opponent_increment), (clock.own, clock.increment)),
    };
    format!(
        "go wtime {} btime {} winc {} binc {}",
        white.as_millis(),
        black.as_millis(),
        winc.as_millis(),
        binc.as_millis()
    )
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        self.process.shutdown("quit");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_sends_the_node_limit_or_the_clocks_of_both_sides() {
        let clock = TurnClock {
            own: Duration::from_millis(900),
            opponent: Duration::from_millis(1200),
            increment: Duration::from_millis(10),
            opponent_increment: Duration::from_millis(40),
            deadline: Instant::now(),
        };
        assert_eq!(go_command(Color::White, &clock, Some(5000)), "go nodes 5000");
        assert_eq!(
            go_command(Color::Black, &clock, None),
            "go wtime 1200 btime 900 winc 40 binc 10"
        );
        assert_eq!(
            go_command(Color::White, &clock, None),
            "go wtime 900 btime 1200 winc 10 binc 40"
        );
    }
}
