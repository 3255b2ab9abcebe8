//! The board's server, run in this process: every message gets an answer, bad ones an
//! error reply after which the server goes on, tabs are independent, and closing a tab stops
//! its searches.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

/// One server for the whole test binary, on a free port.
fn address() -> String {
    static ADDRESS: OnceLock<String> = OnceLock::new();
    ADDRESS
        .get_or_init(|| {
            let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
            let address = listener.local_addr().expect("bound").to_string();
            std::thread::spawn(move || sissa::gui::serve(listener));
            address
        })
        .clone()
}

type Tab = WebSocket<TcpStream>;

fn open_tab() -> Tab {
    let stream = TcpStream::connect(address()).expect("server up");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    let url = format!("ws://{}/ws", address());
    let (mut tab, _) = tungstenite::client(url.as_str(), stream).expect("handshake");
    assert_eq!(next(&mut tab, "state")["variant"], "chess", "a tab starts with a chess game");
    tab
}

fn send(tab: &mut Tab, message: Value) {
    tab.send(Message::text(message.to_string())).expect("sent");
}

/// The next message of type `kind`, skipping the search's progress lines and states.
fn next(tab: &mut Tab, kind: &str) -> Value {
    loop {
        let message = tab.read().expect("a reply");
        let Message::Text(text) = message else { continue };
        let value: Value = serde_json::from_str(text.as_str()).expect("replies are JSON");
        if value["type"] == kind {
            return value;
        }
        assert_ne!(value["type"], "error", "unexpected error {value}");
    }
}

fn humans(variant: &str) -> Value {
    json!({"type": "new", "variant": variant, "white": "human", "black": "human"})
}

#[test]
fn malformed_messages_get_an_error_and_the_tab_goes_on() {
    let mut tab = open_tab();
    for bad in ["{not json", "[1,2]", "{\"type\": \"fly\"}", "{\"move\": \"e2e4\"}"] {
        tab.send(Message::text(bad)).expect("sent");
        let error = next(&mut tab, "error");
        assert!(!error["message"].as_str().unwrap_or("").is_empty(), "{bad}: {error}");
    }
    tab.send(Message::binary(vec![0u8, 1, 2])).expect("sent");
    next(&mut tab, "error");
    send(&mut tab, humans("rococo"));
    let state = next(&mut tab, "state");
    assert_eq!((state["files"].as_u64(), state["ranks"].as_u64()), (Some(10), Some(10)));
}

#[test]
fn an_oversized_message_gets_an_error_and_the_tab_goes_on() {
    let mut tab = open_tab();
    let huge = format!("{{\"type\": \"import\", \"pgn\": \"{}\"}}", "x".repeat(2 * 1024 * 1024));
    tab.send(Message::text(huge)).expect("sent");
    let error = next(&mut tab, "error");
    assert!(error["message"].as_str().unwrap_or("").contains("too large"), "{error}");
    send(&mut tab, json!({"type": "state"}));
    next(&mut tab, "state");
}

#[test]
fn illegal_moves_are_refused_with_the_reason_and_legal_ones_played() {
    let mut tab = open_tab();
    send(&mut tab, humans("chess"));
    next(&mut tab, "state");
    send(&mut tab, json!({"type": "move", "move": "e2e5"}));
    let error = next(&mut tab, "error");
    assert!(error["message"].as_str().unwrap_or("").contains("illegal"), "{error}");
    send(&mut tab, json!({"type": "move", "move": "e3e4"}));
    let error = next(&mut tab, "error");
    assert!(error["message"].as_str().unwrap_or("").contains("no legal move"), "{error}");
    send(&mut tab, json!({"type": "move", "move": "e2e4"}));
    let state = next(&mut tab, "state");
    assert_eq!(state["played"][0]["notation"], "e2e4");
    assert_eq!(state["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    // 20 replies of Black, each described with its squares.
    assert_eq!(state["legal"].as_array().map(Vec::len), Some(20));
    // On a ten-rank board the square is read whole: Rococo's j10 is empty.
    send(&mut tab, humans("rococo"));
    next(&mut tab, "state");
    send(&mut tab, json!({"type": "move", "move": "j10j9"}));
    let error = next(&mut tab, "error");
    assert!(error["message"].as_str().unwrap_or("").contains("starts on j10"), "{error}");
}

#[test]
fn tabs_play_their_own_games() {
    let (mut first, mut second) = (open_tab(), open_tab());
    send(&mut first, humans("uc40"));
    send(&mut second, humans("rollingkings"));
    let uc40 = next(&mut first, "state");
    assert_eq!(uc40["reserves"]["white"].as_array().map(Vec::len), Some(32));
    next(&mut second, "state");
    send(&mut second, json!({"type": "move", "move": "d3d4"}));
    let state = next(&mut second, "state");
    let step = &state["played"][0]["king_step"];
    assert_eq!((step["from"].as_str(), step["to"].as_str()), (Some("h1"), Some("g1")));
    send(&mut first, json!({"type": "state"}));
    let again = next(&mut first, "state");
    assert_eq!(again["fen"], uc40["fen"], "the other tab's move changed nothing here");
}

#[test]
fn closing_a_tab_stops_its_searches() {
    let mut tab = open_tab();
    send(&mut tab, json!({"type": "new", "variant": "chess", "white": "human", "black": "human"}));
    next(&mut tab, "state");
    send(&mut tab, json!({"type": "analyse", "on": true}));
    next(&mut tab, "info");
    assert!(sissa::gui::active_searches() >= 1);
    drop(tab);
    let start = Instant::now();
    while sissa::gui::active_searches() > 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "the search outlived its tab");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_page_is_served_and_bad_requests_refused() {
    let get = |request: &str| {
        let mut stream = TcpStream::connect(address()).expect("server up");
        stream.write_all(request.as_bytes()).expect("sent");
        let mut reply = String::new();
        let _ = stream.read_to_string(&mut reply);
        reply
    };
    let page = get("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert!(page.starts_with("HTTP/1.1 200") && page.contains("<div id=\"board\">"), "{page}");
    let script = get("GET /app.js HTTP/1.1\r\n\r\n");
    assert!(script.contains("div.dataset.square = name"));
    assert!(get("GET /nothing HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"));
    assert!(get("POST / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 400"));
    assert!(
        get(&format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(20_000))).starts_with("HTTP/1.1 400")
    );
    // Still serving.
    assert!(get("GET / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 200"));
}
