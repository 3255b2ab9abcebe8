//! A small blocking WebDriver client: JSON over HTTP/1.1 on `std::net`, one request per
//! connection. The few commands the board's tests need, nothing more.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The key under which WebDriver names an element (W3C WebDriver, "Elements").
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";
/// Longest a single command may take (a page load included).
const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);

/// Sends one request to the driver at `address` and returns the reply's status and JSON body.
pub fn request(
    address: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    let mut stream = TcpStream::connect(address).map_err(|e| format!("connect {address}: {e}"))?;
    stream.set_read_timeout(Some(COMMAND_TIMEOUT)).map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .and_then(|_| stream.write_all(body.as_bytes()))
        .map_err(|e| format!("{method} {path}: {e}"))?;
    let reply =
        read_reply(&mut stream).map_err(|e| format!("{method} {path}: reading the reply: {e}"))?;
    parse_reply(&reply).map_err(|e| format!("{method} {path}: {e}"))
}

/// Reads one HTTP reply: up to its Content-Length, or its last chunk, or the end of the
/// connection (the driver may keep a connection open after answering).
fn read_reply(stream: &mut TcpStream) -> std::io::Result<Vec<u8>> {
    let mut reply = Vec::new();
    let mut buffer = [0u8; 16 * 1024];
    loop {
        if reply_complete(&reply) {
            return Ok(reply);
        }
        let n = match stream.read(&mut buffer) {
            // A signal that interrupts the read is no failure of the driver: read again, as
            // `read_exact` and `read_to_end` do.
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            other => other?,
        };
        if n == 0 {
            return Ok(reply);
        }
        reply.extend_from_slice(&buffer[..n]);
    }
}

fn reply_complete(reply: &[u8]) -> bool {
    let Some(split) = reply.windows(4).position(|w| w == b"\r\n\r\n") else { return false };
    let head = String::from_utf8_lossy(&reply[..split]).to_ascii_lowercase();
    let body = &reply[split + 4..];
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok());
    match length {
        Some(length) => body.len() >= length,
        None if head.contains("transfer-encoding: chunked") => body.ends_with(b"0\r\n\r\n"),
        None => false,
    }
}

/// Status code and JSON body of an HTTP reply (plain or chunked body).
fn parse_reply(reply: &[u8]) -> Result<(u16, Value), String> {
    let split = reply.windows(4).position(|w| w == b"\r\n\r\n").ok_or("no end of headers")?;
    let head = String::from_utf8_lossy(&reply[..split]).to_string();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in {head:?}"))?;
    let mut body = reply[split + 4..].to_vec();
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        body = dechunk(&body)?;
    } else if let Some(length) = head
        .to_ascii_lowercase()
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok())
    {
        body.truncate(length);
    }
    let value = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&body).map_err(|e| format!("reply not JSON: {e}"))?
    };
    Ok((status, value))
}

fn dechunk(mut data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n").ok_or("bad chunk")?;
        let size_text = String::from_utf8_lossy(&data[..line_end]).to_string();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|_| format!("bad chunk size {size_text:?}"))?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Ok(out);
        }
        out.extend_from_slice(data.get(..size).ok_or("short chunk")?);
        data = data.get(size + 2..).ok_or("short chunk")?;
    }
}

/// One browser session.
pub struct Session {
    driver: String,
    id: String,
}

impl Session {
    /// Opens a session of the browser at `binary` with `args`, through the driver at `driver`.
    pub fn start(driver: &str, binary: &str, args: &[String]) -> Result<Session, String> {
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": binary, "args": args},
        }}});
        let (status, reply) = request(driver, "POST", "/session", Some(&capabilities))?;
        let id = reply["value"]["sessionId"].as_str().filter(|_| status == 200);
        let id = id.ok_or_else(|| format!("the browser did not start ({status}): {reply}"))?;
        Ok(Session { driver: driver.to_string(), id: id.to_string() })
    }

    /// Sends a command of this session; the reply's `value`, or the driver's error.
    pub fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let full = format!("/session/{}{path}", self.id);
        match request(&self.driver, method, &full, body.as_ref()) {
            Ok((200, reply)) => reply["value"].clone(),
            Ok((status, reply)) => {
                panic!("WebDriver {method} {path} failed ({status}): {}", reply["value"])
            }
            Err(e) => panic!("WebDriver {method} {path}: {e}"),
        }
    }

    pub fn goto(&self, url: &str) {
        self.command("POST", "/url", Some(json!({"url": url})));
    }

    /// Runs `script` (a function body) in the page with `args`; what it returns.
    pub fn execute(&self, script: &str, args: Value) -> Value {
        self.command("POST", "/execute/sync", Some(json!({"script": script, "args": args})))
    }

    /// The first element matching a CSS selector, if any.
    pub fn find(&self, css: &str) -> Option<String> {
        let found =
            self.command("POST", "/elements", Some(json!({"using": "css selector", "value": css})));
        found.as_array()?.first()?[ELEMENT_KEY].as_str().map(str::to_string)
    }

    /// Clicks the element matching `css` as a user would (WebDriver's element click).
    pub fn click(&self, css: &str) {
        let element = self.find(css).unwrap_or_else(|| panic!("no element {css} to click"));
        self.command("POST", &format!("/element/{element}/click"), Some(json!({})));
    }

    /// Replaces the text of the input matching `css` by typing `text` into it.
    pub fn type_into(&self, css: &str, text: &str) {
        let element = self.find(css).unwrap_or_else(|| panic!("no input {css}"));
        self.command("POST", &format!("/element/{element}/clear"), Some(json!({})));
        self.command("POST", &format!("/element/{element}/value"), Some(json!({"text": text})));
    }

    /// The page as a PNG image.
    pub fn screenshot(&self) -> Vec<u8> {
        let encoded = self.command("GET", "/screenshot", None);
        base64_decode(encoded.as_str().unwrap_or_default())
    }

    pub fn set_window_size(&self, width: u32, height: u32) {
        self.command("POST", "/window/rect", Some(json!({"width": width, "height": height})));
    }
}

impl Drop for Session {
    /// Ends the session, which closes the browser.
    fn drop(&mut self) {
        let _ = request(&self.driver, "DELETE", &format!("/session/{}", self.id), None);
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::new();
    let (mut bits, mut count) = (0u32, 0);
    for sextet in text.bytes().filter_map(value) {
        bits = (bits << 6) | u32::from(sextet);
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    out
}
