//! Standard input read on its own thread, so commands such as `stop`, `?`, `isready` and
//! `ping` reach the protocol loop while a search runs on another thread.

use std::io::BufRead;
use std::sync::mpsc::Sender;
use std::thread;
use std::time::Instant;

/// Everything the protocol loop waits for: a line of input, the end of input, or a search
/// that finished.
#[derive(Debug)]
pub enum Event {
    /// A line and when it was read: a move's clock starts then, not when the protocol loop
    /// gets to it.
    Line(String, Instant),
    EndOfInput,
    /// The search with this number has returned; its result is collected from the session.
    SearchDone(u64),
}

/// Starts the thread that forwards each line of `input` as an [`Event::Line`] (without the
/// line end), then [`Event::EndOfInput`].
pub fn spawn_reader<R: BufRead + Send + 'static>(input: R, events: Sender<Event>) {
    thread::spawn(move || {
        for line in input.lines() {
            // A read error (invalid UTF-8 included) ends the input like end of file does.
            let Ok(line) = line else { break };
            if events.send(Event::Line(line, Instant::now())).is_err() {
                return;
            }
        }
        let _ = events.send(Event::EndOfInput);
    });
}
