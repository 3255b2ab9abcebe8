//! The players of the time-control games: Sissa's searcher in this process, or the real
//! binary spoken to over UCI (the soak), whose resident memory is read from /proc.

use sissa::search::{Limits, Searcher};
use sissa_movegen::{Game, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread;
use std::time::{Duration, Instant};

pub trait Player: Send {
    fn new_game(&mut self, variant: Variant) -> Result<(), String>;
    /// The move in `game` within `limits` (the caller measures the time it took).
    fn choose(&mut self, game: &Game, limits: &Limits) -> Result<String, String>;
    /// Resident memory in KiB, for a player in a process of its own.
    fn resident_kib(&self) -> Option<u64> {
        None
    }
    /// For a player in a process of its own, the time its last move took by its own
    /// measure, from reading the command to writing the move, and the rest of its report
    /// (where the time went).
    fn own_time(&self) -> Option<(Duration, String)> {
        None
    }
}

/// The searcher in this process.
pub struct InProcess(pub Searcher);

impl Player for InProcess {
    fn new_game(&mut self, _variant: Variant) -> Result<(), String> {
        self.0.clear();
        Ok(())
    }

    fn choose(&mut self, game: &Game, limits: &Limits) -> Result<String, String> {
        let stop = std::sync::atomic::AtomicBool::new(false);
        let result = self.0.search(game, limits, &stop, &mut |_| {});
        result.best.ok_or_else(|| "no move although the game is not over".to_string())
    }
}

/// How long past its clock an engine may stay silent before it counts as hung rather than
/// late (a late move is reported with the time it took).
const HANG: Duration = Duration::from_secs(30);

/// The `sissa` binary in UCI mode, kept for many games.
pub struct UciProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's own time for its last move (`debug on` reports it before `bestmove`).
    own_time: Option<(Duration, String)>,
}

impl UciProcess {
    /// The binary with a table of `hash_mb` MB and the UCI `options` (name, value).
    pub fn start(hash_mb: usize, options: &[(String, String)]) -> Result<UciProcess, String> {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sissa"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start sissa: {e}"))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let (sender, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciProcess { child, stdin, lines, own_time: None };
        engine.send("uci")?;
        engine.wait_for("uciok", Instant::now() + HANG)?;
        engine.send(&format!("setoption name Hash value {hash_mb}"))?;
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send("debug on")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}").map_err(|e| format!("engine gone: {e}"))
    }

    /// The first line starting with `prefix`.
    fn wait_for(&mut self, prefix: &str, deadline: Instant) -> Result<String, String> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).map_err(|_| format!("no {prefix}"))?;
            if line.starts_with(prefix) {
                return Ok(line);
            }
        }
    }
}

/// How the engine in debug mode reports its own time for a move, in microseconds.
const OWN_TIME: &str = "info string go to bestmove ";

/// The `go` command for `limits`: the side to move's clock is given for both sides.
fn go_command(limits: &Limits) -> String {
    if let Some(movetime) = limits.movetime {
        return format!("go movetime {}", movetime.as_millis());
    }
    let Some(clock) = limits.clock else { return "go infinite".to_string() };
    let (time, inc) = (clock.remaining.as_millis(), clock.increment.as_millis());
    let mut go = format!("go wtime {time} btime {time} winc {inc} binc {inc}");
    if let Some(moves) = clock.moves_to_go {
        go.push_str(&format!(" movestogo {moves}"));
    }
    go
}

impl Player for UciProcess {
    fn new_game(&mut self, variant: Variant) -> Result<(), String> {
        self.send(&format!("setoption name UCI_Variant value {}", variant.name()))?;
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", Instant::now() + HANG).map(|_| ())
    }

    fn choose(&mut self, game: &Game, limits: &Limits) -> Result<String, String> {
        let mut position = format!("position fen {}", game.start_fen());
        if !game.moves().is_empty() {
            position.push_str(&format!(" moves {}", game.moves().join(" ")));
        }
        self.send(&position)?;
        self.send(&go_command(limits))?;
        self.own_time = None;
        let deadline = Instant::now() + HANG;
        loop {
            let line = self.wait_for("", deadline)?;
            if let Some(micros) = line.strip_prefix(OWN_TIME) {
                let (micros, detail) = micros.split_once(" us").unwrap_or((micros, ""));
                let micros = micros.parse().map_err(|_| line.clone())?;
                self.own_time = Some((Duration::from_micros(micros), detail.to_string()));
            } else if line.starts_with("bestmove") {
                let mv = line.split_whitespace().nth(1).ok_or("bestmove without a move")?;
                return Ok(mv.to_string());
            }
        }
    }

    fn own_time(&self) -> Option<(Duration, String)> {
        self.own_time.clone()
    }

    fn resident_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
}

impl Drop for UciProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let end = Instant::now() + Duration::from_secs(5);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
