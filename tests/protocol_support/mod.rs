//! Drives the real `sissa` binary in protocol mode as a GUI would: send a line, wait for
//! the expected answer (with a deadline), keep the whole transcript for failure messages.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Long enough for a loaded CI machine; a healthy engine answers in milliseconds.
pub const DEADLINE: Duration = Duration::from_secs(30);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    transcript: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    /// Starts Sissa's protocol mode with command-line arguments (`--variants FILE`).
    pub fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sissa"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("sissa starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take();
        let (sender, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines, transcript: Vec::new() }
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("engine reads its input");
        stdin.flush().expect("flush");
    }

    fn fail(&self, what: &str) -> ! {
        panic!("{what}\ntranscript:\n{}", self.transcript.join("\n"));
    }

    /// The next line of output, or `None` when there is none within `wait`.
    pub fn next_line(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.transcript.push(format!("< {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Every line up to and including the first that satisfies `done`.
    pub fn read_until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let end = Instant::now() + DEADLINE;
        let mut seen = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let finished = done(&line);
                    seen.push(line);
                    if finished {
                        return seen;
                    }
                }
                None => self.fail(&format!("no {what} within {DEADLINE:?}")),
            }
        }
    }

    /// Reads up to the line equal to `line`; returns the lines before it.
    pub fn expect(&mut self, line: &str) -> Vec<String> {
        let mut seen = self.read_until(line, |l| l == line);
        seen.pop();
        seen
    }

    /// Reads up to the first line starting with `prefix` and returns it.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        let seen = self.read_until(prefix, |l| l.starts_with(prefix));
        seen.last().cloned().unwrap_or_default()
    }

    /// Sends `ping n` and returns everything the engine said before `pong n` (XBoard).
    pub fn sync_xboard(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        self.expect(&format!("pong {n}"))
    }

    /// Sends `isready` and returns everything before `readyok` (UCI).
    pub fn sync_uci(&mut self) -> Vec<String> {
        self.send("isready");
        self.expect("readyok")
    }

    pub fn assert_no(&self, seen: &[String], what: &str, bad: impl Fn(&str) -> bool) {
        if let Some(line) = seen.iter().find(|l| bad(l)) {
            self.fail(&format!("unexpected {what}: {line}"));
        }
    }

    pub fn check(&self, ok: bool, what: &str) {
        if !ok {
            self.fail(what);
        }
    }

    /// Sends `quit` and checks that the engine exits with success.
    pub fn quit(mut self) {
        self.send("quit");
        drop(self.stdin.take());
        let end = Instant::now() + DEADLINE;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    self.check(status.success(), &format!("exit status {status}"));
                    return;
                }
                Ok(None) if Instant::now() < end => thread::sleep(Duration::from_millis(10)),
                _ => {
                    let _ = self.child.kill();
                    self.fail("engine did not exit after quit");
                }
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
