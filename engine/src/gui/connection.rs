//! One browser tab's websocket: messages in, replies and the search's progress out. The
//! socket is read with a short timeout so that progress and Sissa's moves go out while the
//! tab is silent. When the tab closes, its searches stop.

use super::play::Table;
use super::wire::{self, Reply};
use crate::protocol::input::Event;
use std::io::ErrorKind;
use std::net::TcpStream;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;
use tungstenite::{Error, Message, WebSocket};

const POLL: Duration = Duration::from_millis(20);

/// Serves one tab; `commands` lets the page name engine commands to run.
pub fn run(mut socket: WebSocket<TcpStream>, commands: bool) {
    if socket.get_mut().set_read_timeout(Some(POLL)).is_err() {
        return;
    }
    let (event_tx, events) = mpsc::channel();
    let (info_tx, infos) = mpsc::channel();
    let mut table = Table::new(event_tx, info_tx);
    table.allow_engine_commands(commands);
    let _ = send(&mut socket, &Reply::Variants(sissa_movegen::Variant::all_names()));
    let _ = send(&mut socket, &table.state());
    while serve_once(&mut socket, &mut table, &events, &infos) {}
    table.close();
    let _ = socket.close(None);
    let _ = socket.flush();
}

/// Reads at most one message and sends what is due; false once the tab is gone.
fn serve_once(
    socket: &mut WebSocket<TcpStream>,
    table: &mut Table,
    events: &Receiver<Event>,
    infos: &Receiver<String>,
) -> bool {
    let replies = match socket.read() {
        Ok(Message::Text(text)) => match wire::parse(text.as_str()) {
            Ok(message) => table.handle(&message),
            Err(reason) => vec![Reply::Error(reason)],
        },
        Ok(Message::Binary(_)) => vec![Reply::Error("binary messages are not understood".into())],
        Ok(Message::Close(_)) => return false,
        Ok(_) => Vec::new(),
        Err(Error::Io(e)) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
            Vec::new()
        }
        Err(Error::Capacity(e)) => {
            // The rest of the message cannot be read: answer and close this tab's socket.
            let _ = send(socket, &Reply::Error(format!("message too large: {e}")));
            return false;
        }
        Err(_) => return false,
    };
    for reply in &replies {
        if send(socket, reply).is_err() {
            return false;
        }
    }
    for info in infos.try_iter() {
        if socket.write(Message::text(info)).is_err() {
            return false;
        }
    }
    for reply in table.tick() {
        if send(socket, &reply).is_err() {
            return false;
        }
    }
    for event in events.try_iter() {
        if let Event::SearchDone(id) = event {
            for reply in table.search_done(id) {
                if send(socket, &reply).is_err() {
                    return false;
                }
            }
        }
    }
    match socket.flush() {
        Ok(()) => true,
        Err(Error::Io(e)) => matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
        Err(_) => false,
    }
}

fn send(socket: &mut WebSocket<TcpStream>, reply: &Reply) -> Result<(), Error> {
    socket.write(Message::text(reply.to_json()))
}
