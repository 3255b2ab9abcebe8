//! An external engine as a child process: lines written to its stdin, lines read from its
//! stdout with a deadline. A reader thread forwards stdout lines through a channel, so a
//! silent or hung engine never blocks the referee, and the end of its output (a crash or an
//! exit) is seen as soon as it happens.

use super::player::Interrupt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// Why no line came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The deadline passed first.
    TimedOut,
    /// The engine closed its output: it exited or crashed.
    Closed(String),
}

pub struct EngineProcess {
    /// Shared with the interrupt handle, which may end the engine from another thread.
    child: Arc<Mutex<Child>>,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The command line, for messages.
    command: String,
    /// Print every line exchanged on stderr (`SISSA_MATCH_DEBUG` set).
    debug: bool,
}

impl EngineProcess {
    /// Starts `argv[0]` with the other words as arguments. Its stderr is discarded, so an
    /// engine's chatter there does not spoil the match output.
    pub fn spawn(argv: &[String]) -> Result<EngineProcess, String> {
        let (program, args) = argv.split_first().ok_or("empty engine command")?;
        let command = argv.join(" ");
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let stdout = child.stdout.take().ok_or("engine has no stdout")?;
        let stdin = child.stdin.take();
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let debug = std::env::var_os("SISSA_MATCH_DEBUG").is_some();
        let child = Arc::new(Mutex::new(child));
        Ok(EngineProcess { child, stdin, lines, command, debug })
    }

    /// Ends the engine from any thread: its output then ends, and a read waiting for it
    /// returns at once.
    pub fn interrupt_handle(&self) -> Interrupt {
        let child = Arc::clone(&self.child);
        Interrupt::new(move || {
            let _ = lock(&child).kill();
        })
    }

    pub fn command(&self) -> &str {
        &self.command
    }

    /// Sends one line. A closed pipe means the engine died.
    pub fn send(&mut self, line: &str) -> Result<(), ReadError> {
        if self.debug {
            eprintln!("{} > {line}", self.command);
        }
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|_| stdin.flush()),
            None => return Err(self.closed("its input is closed")),
        };
        written.map_err(|e| self.closed(&format!("write failed: {e}")))
    }

    /// The next line, waiting until `deadline` at the latest.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, ReadError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                if self.debug {
                    eprintln!("{} < {line}", self.command);
                }
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(ReadError::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Err(self.closed("its output ended")),
        }
    }

    /// Reads lines until one satisfies `wanted` (returned) or the deadline passes.
    pub fn read_until(
        &mut self,
        deadline: Instant,
        mut wanted: impl FnMut(&str) -> bool,
    ) -> Result<String, ReadError> {
        loop {
            let line = self.read_line(deadline)?;
            if wanted(&line) {
                return Ok(line);
            }
        }
    }

    /// Drops every line already waiting (answers to an earlier request nobody waits for).
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    fn closed(&mut self, what: &str) -> ReadError {
        let status = match lock(&self.child).try_wait() {
            Ok(Some(status)) => format!(" ({status})"),
            _ => String::new(),
        };
        ReadError::Closed(format!("engine {:?}: {what}{status}", self.command))
    }

    /// Asks the engine to end with `quit_line`, waits briefly, then kills it.
    pub fn shutdown(&mut self, quit_line: &str) {
        let _ = self.send(quit_line);
        self.stdin = None;
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if let Ok(Some(_)) = lock(&self.child).try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let mut child = lock(&self.child);
        let _ = child.kill();
        let _ = child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let mut child = lock(&self.child);
        if let Ok(None) = child.try_wait() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The child process; a thread that panicked while holding it left it as usable as before.
fn lock(child: &Mutex<Child>) -> MutexGuard<'_, Child> {
    child.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
