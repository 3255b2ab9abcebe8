//! `sissa gui`: the board in the browser. A small local web server hands out the page (its
//! HTML, script, style and piece drawings are built into the binary) and speaks JSON with it
//! over a websocket, one game and one searcher per browser tab.
//!
//! The server is a plain thread per connection on `std::net` with `tungstenite` for the
//! websocket: a page and one socket per tab need no async runtime, and the two small crates
//! keep the build short.

mod clock;
mod connection;
mod editor;
mod file_variant_claims;
mod http;
pub mod play;
mod seat;
pub mod wire;

use crate::cli::Failure;
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// Searches running for all tabs (tests check that closing a tab stops its searches).
static ACTIVE_SEARCHES: AtomicUsize = AtomicUsize::new(0);

/// How many searches are running in this process's GUI server.
pub fn active_searches() -> usize {
    ACTIVE_SEARCHES.load(Ordering::SeqCst)
}

#[derive(clap::Args, Debug)]
pub struct GuiArgs {
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on; only this machine can connect by default.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Print the address without opening a browser.
    #[arg(long)]
    pub no_browser: bool,
}

pub fn run(args: &GuiArgs) -> Result<(), Failure> {
    let listener = TcpListener::bind((args.host.as_str(), args.port)).map_err(|e| Failure {
        message: format!("cannot listen on {}:{}: {e}", args.host, args.port),
        status: 1,
    })?;
    let address = match listener.local_addr() {
        Ok(addr) => format!("http://{addr}/"),
        Err(_) => format!("http://{}:{}/", args.host, args.port),
    };
    println!("Sissa's board: {address}");
    if !args.no_browser {
        open_browser(&address);
    }
    serve(listener);
    Ok(())
}

/// Opens `address` in the default browser; failing to is only a warning.
fn open_browser(address: &str) {
    match std::process::Command::new("xdg-open").arg(address).spawn() {
        Ok(mut child) => {
            thread::spawn(move || child.wait());
        }
        Err(e) => eprintln!("sissa: warning: could not open a browser ({e}); open {address}"),
    }
}

/// Answers every connection of `listener` on its own thread, forever. Only a server that
/// listens on a loopback address (127.0.0.1, ::1, localhost) lets its pages start engine
/// commands: anyone who can reach the page could otherwise run programs on this machine.
pub fn serve(listener: TcpListener) {
    let commands = listener.local_addr().is_ok_and(|a| a.ip().is_loopback());
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        thread::spawn(move || handle(stream, commands));
    }
}

fn handle(stream: TcpStream, commands: bool) {
    match http::read_request(&stream) {
        Ok(request) if request.websocket_key.is_some() => {
            if let Some(socket) = http::upgrade(stream, &request) {
                connection::run(socket, commands);
            }
        }
        Ok(request) => http::serve_asset(stream, &request.path),
        Err(reason) => http::bad_request(stream, &reason),
    }
}
