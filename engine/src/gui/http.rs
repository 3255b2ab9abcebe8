//! The HTTP side: reading a request head, answering with a built-in file, and upgrading a
//! request to a websocket.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;
use tungstenite::handshake::derive_accept_key;
use tungstenite::protocol::{Role, WebSocketConfig};
use tungstenite::WebSocket;

/// Longest request head read (a browser's is well under this).
const MAX_HEAD: usize = 16 * 1024;
/// Largest websocket message the socket reads at all; larger ones close the connection.
/// Messages above [`super::wire::MAX_MESSAGE`] but below this get an error reply.
const MAX_FRAME: usize = 8 * 1024 * 1024;

pub struct Request {
    pub path: String,
    pub websocket_key: Option<String>,
}

/// Reads the request line and headers.
pub fn read_request(stream: &TcpStream) -> Result<Request, String> {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut reader = BufReader::new(stream);
    let mut head = Vec::new();
    let mut lines = Vec::new();
    loop {
        let mut line = String::new();
        let n = reader.read_line(&mut line).map_err(|e| format!("reading the request: {e}"))?;
        head.push(n);
        if head.iter().sum::<usize>() > MAX_HEAD {
            return Err("request head too large".into());
        }
        if n == 0 || line.trim_end().is_empty() {
            break;
        }
        lines.push(line.trim_end().to_string());
    }
    let first = lines.first().ok_or("empty request")?;
    let mut parts = first.split_whitespace();
    let (method, path) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    if method != "GET" {
        return Err(format!("method {method} not supported"));
    }
    let header = |name: &str| {
        lines[1..].iter().find_map(|l| {
            let (key, value) = l.split_once(':')?;
            key.trim().eq_ignore_ascii_case(name).then(|| value.trim().to_string())
        })
    };
    let upgrade = header("upgrade").is_some_and(|u| u.eq_ignore_ascii_case("websocket"));
    let websocket_key = header("sec-websocket-key").filter(|_| upgrade);
    Ok(Request { path: path.to_string(), websocket_key })
}

/// Answers the websocket handshake and hands back the socket.
pub fn upgrade(mut stream: TcpStream, request: &Request) -> Option<WebSocket<TcpStream>> {
    let key = request.websocket_key.as_deref()?;
    let accept = derive_accept_key(key.as_bytes());
    let response = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Accept: {accept}\r\n\r\n"
    );
    stream.write_all(response.as_bytes()).ok()?;
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_FRAME))
        .max_frame_size(Some(MAX_FRAME));
    Some(WebSocket::from_raw_socket(stream, Role::Server, Some(config)))
}

/// The page's files, built into the binary: (path, content type, body).
const ASSETS: [(&str, &str, &str); 7] = [
    ("/", "text/html; charset=utf-8", include_str!("assets/index.html")),
    ("/app.js", "text/javascript; charset=utf-8", include_str!("assets/app.js")),
    ("/drag.js", "text/javascript; charset=utf-8", include_str!("assets/drag.js")),
    ("/clocks.js", "text/javascript; charset=utf-8", include_str!("assets/clocks.js")),
    ("/editor.js", "text/javascript; charset=utf-8", include_str!("assets/editor.js")),
    ("/pieces.js", "text/javascript; charset=utf-8", include_str!("assets/pieces.js")),
    ("/style.css", "text/css; charset=utf-8", include_str!("assets/style.css")),
];

pub fn serve_asset(mut stream: TcpStream, path: &str) {
    let path = path.split('?').next().unwrap_or("/");
    let path = if path == "/index.html" { "/" } else { path };
    let response = match ASSETS.iter().find(|(p, _, _)| *p == path) {
        Some((_, kind, body)) => respond("200 OK", kind, body),
        None => respond("404 Not Found", "text/plain", "not found\n"),
    };
    let _ = stream.write_all(response.as_bytes());
}

pub fn bad_request(mut stream: TcpStream, reason: &str) {
    let _ = stream.write_all(respond("400 Bad Request", "text/plain", reason).as_bytes());
}

fn respond(status: &str, kind: &str, body: &str) -> String {
    format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}
