//! Protocol mode: Sissa speaks XBoard or UCI on stdin/stdout, chosen by the first command.
//!
//! Input is read on its own thread ([`input`]); searches run on another ([`session`]); the
//! protocol loop here waits for either and hands each event to the protocol's state
//! machine ([`xboard`], [`uci`]).

pub mod board;
pub mod highlight;
pub mod input;
pub mod numbers;
pub mod output;
pub mod session;
pub mod thinking;
pub mod uci;
pub mod xboard;
pub mod xboard_notation;
pub mod xboard_picture;
pub mod xboard_plan;
pub mod xboard_variants;

use input::{spawn_reader, Event};
use output::Output;
use session::Session;
use std::io::BufRead;
use std::sync::mpsc::{channel, Receiver};
use thinking::new_thinker;

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// A protocol's state machine as the loop drives it: lines from the client and the ends of
/// searches come in as events.
pub trait Protocol {
    /// Answers one line from the client.
    fn handle_line(&mut self, line: &str) -> Flow;
    /// Reports the search `id` that has just finished (stale ids are ignored).
    fn search_done(&mut self, id: u64);
    /// The session, to stop its search when the input ends.
    fn session(&mut self) -> &mut Session;

    /// Hands one event to the state machine.
    fn handle_event(&mut self, event: Event) -> Flow {
        match event {
            Event::Line(line, received) => {
                self.session().line_received(Some(received));
                let flow = self.handle_line(&line);
                self.session().line_received(None);
                flow
            }
            Event::EndOfInput => {
                self.session().abort();
                Flow::Quit
            }
            Event::SearchDone(id) => {
                self.search_done(id);
                Flow::Continue
            }
        }
    }
}

/// Splits a command line into its command word and the (trimmed) rest.
pub fn split_command(line: &str) -> (&str, &str) {
    let line = line.trim();
    let (command, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    (command, args.trim())
}

/// Runs protocol mode on standard input and output until `quit` or the end of input.
pub fn run() {
    run_on(std::io::BufReader::new(std::io::stdin()), Output::stdout());
}

/// Runs protocol mode on any input and output (the tests use pipes and buffers).
pub fn run_on<R: BufRead + Send + 'static>(input: R, out: Output) {
    let (sender, events) = channel();
    spawn_reader(input, sender.clone());
    let session = Session::new(new_thinker(), sender);
    let Some(first) = first_protocol_command(&events, &out) else { return };
    if first == "uci" {
        drive(&events, &first, &mut uci::Uci::new(session, out));
    } else {
        drive(&events, &first, &mut xboard::Xboard::new(session, out));
    }
}

/// Waits for `uci` or `xboard`; anything else before them gets an error line.
fn first_protocol_command(events: &Receiver<Event>, out: &Output) -> Option<String> {
    loop {
        match events.recv().ok()? {
            Event::Line(line, _) => {
                let command = line.trim();
                match command {
                    "uci" | "xboard" => return Some(command.to_string()),
                    "" => {}
                    "quit" => return None,
                    other => out
                        .line(&format!("Error (the first command must be uci or xboard): {other}")),
                }
            }
            Event::EndOfInput => return None,
            Event::SearchDone(_) => {}
        }
    }
}

/// Answers the first command, then every event until the protocol quits.
fn drive(events: &Receiver<Event>, first: &str, protocol: &mut impl Protocol) {
    if protocol.handle_line(first) == Flow::Quit {
        return;
    }
    while let Ok(event) = events.recv() {
        if protocol.handle_event(event) == Flow::Quit {
            return;
        }
    }
}
