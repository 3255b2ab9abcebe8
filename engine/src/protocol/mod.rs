//! Protocol mode: Sissa speaks XBoard or UCI on stdin/stdout, chosen by the first command.
//!
//! Input is read on its own thread ([`input`]); searches run on another ([`session`]); the
//! protocol loop here waits for either and hands each event to the protocol's state
//! machine ([`xboard`], [`uci`]).

pub mod board;
pub mod highlight;
pub mod input;
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
        let mut uci = uci::Uci::new(session, out);
        uci.handle_line(&first);
        drive(&events, |event| uci.handle_event(event));
    } else {
        let mut xboard = xboard::Xboard::new(session, out);
        xboard.handle_line(&first);
        drive(&events, |event| xboard.handle_event(event));
    }
}

/// Waits for `uci` or `xboard`; anything else before them gets an error line.
fn first_protocol_command(events: &Receiver<Event>, out: &Output) -> Option<String> {
    loop {
        match events.recv().ok()? {
            Event::Line(line) => {
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

fn drive(events: &Receiver<Event>, mut handle: impl FnMut(Event) -> Flow) {
    while let Ok(event) = events.recv() {
        if handle(event) == Flow::Quit {
            return;
        }
    }
}
