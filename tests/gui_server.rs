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

/// An external engine thinking about a long move is ended when its tab closes, instead of
/// thinking on for nobody. The engine is Sissa started through a script that leaves its
/// process number in a file.
#[test]
fn closing_a_tab_ends_an_external_engine_s_thinking() {
    let dir = std::env::temp_dir().join(format!("sissa-gui-seat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (script, pid_file) = (dir.join("engine.sh"), dir.join("engine.pid"));
    let body = format!(
        "#!/bin/sh\necho $$ > {}\nexec {}\n",
        pid_file.display(),
        env!("CARGO_BIN_EXE_sissa")
    );
    std::fs::write(&script, body).expect("script written");
    std::process::Command::new("chmod").arg("+x").arg(&script).status().expect("chmod");
    let mut tab = open_tab();
    // Ten minutes for the game: Sissa's first move takes many seconds.
    let engine = format!("uci:{}", script.display());
    send(
        &mut tab,
        json!({"type": "new", "variant": "chess", "white": engine, "black": "human",
        "tc": "600+0"}),
    );
    let start = Instant::now();
    let pid = loop {
        let text = std::fs::read_to_string(&pid_file).unwrap_or_default();
        if let Ok(pid) = text.trim().parse::<u32>() {
            break pid;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the engine did not start");
        std::thread::sleep(Duration::from_millis(20));
    };
    std::thread::sleep(Duration::from_millis(500)); // thinking by now
    send(&mut tab, json!({"type": "state"}));
    assert_eq!(next(&mut tab, "state")["played"], json!([]), "still thinking");
    drop(tab);
    let gone = Instant::now();
    while std::path::Path::new(&format!("/proc/{pid}")).exists() {
        assert!(gone.elapsed() < Duration::from_secs(3), "the engine thought on for nobody");
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tab is told every variant it can play, those of a variants file loaded into the server
/// included, and a game in a file variant is played like any other.
#[test]
fn the_variants_of_a_file_are_offered_and_played() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples/variants.ini");
    sissa::variant_files::load_all_reporting(&[example.into()]).expect("the example file loads");
    let stream = TcpStream::connect(address()).expect("server up");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    let url = format!("ws://{}/ws", address());
    let (mut tab, _) = tungstenite::client(url.as_str(), stream).expect("handshake");
    let names = next(&mut tab, "variants")["names"].clone();
    for name in ["chess", "uc40", "capablanca-ini", "rococo-ini"] {
        assert!(names.as_array().is_some_and(|n| n.contains(&json!(name))), "{name}: {names}");
    }
    send(&mut tab, humans("capablanca-ini"));
    let state = state_when(&mut tab, Duration::from_secs(5), |s| s["variant"] == "capablanca-ini");
    assert!(state["fen"].as_str().is_some_and(|f| f.starts_with("rnabqkbcnr/")), "{state}");
    send(&mut tab, json!({"type": "move", "move": "c1d3"}));
    let state = next(&mut tab, "state");
    assert_eq!(state["played"][0]["notation"], "c1d3", "the Archbishop's knight jump: {state}");
    // Naming a file variant chooses its rules for the whole server: while this game is in
    // play, another tab may not start a different one, and is told why.
    let mut other = open_tab();
    send(&mut other, humans("kingofthehill-ini"));
    let error = next(&mut other, "error");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("capablanca-ini")), "{error}");
    send(&mut other, humans("lionsunicorns"));
    assert_eq!(next(&mut other, "state")["variant"], "lionsunicorns", "built-in ones are free");
    drop(tab);
    let start = Instant::now();
    loop {
        send(&mut other, humans("kingofthehill-ini"));
        let reply = next_of(&mut other, &["state", "error"]);
        if reply["type"] == "state" && reply["variant"] == "kingofthehill-ini" {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "the closed tab kept its claim");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The next message of one of the types `kinds`.
fn next_of(tab: &mut Tab, kinds: &[&str]) -> Value {
    loop {
        let message = tab.read().expect("a reply");
        let Message::Text(text) = message else { continue };
        let value: Value = serde_json::from_str(text.as_str()).expect("replies are JSON");
        if kinds.iter().any(|kind| value["type"] == *kind) {
            return value;
        }
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

/// The next state for which `done` holds, within `limit`.
fn state_when(tab: &mut Tab, limit: Duration, mut done: impl FnMut(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < limit, "no such state within {limit:?}");
        let state = next(tab, "state");
        if done(&state) {
            return state;
        }
    }
}

fn ms(state: &Value, side: &str) -> u64 {
    state["clocks"][format!("{side}_ms")].as_u64().expect("clock times in ms")
}

#[test]
fn clocks_run_gain_the_increment_and_a_flag_ends_the_game() {
    let mut tab = open_tab();
    let mut start = humans("chess");
    start["tc"] = json!("1+0.5");
    send(&mut tab, start);
    let state = next(&mut tab, "state");
    assert_eq!(state["clocks"]["running"], "white", "{state}");
    assert_eq!(ms(&state, "black"), 1000);
    send(&mut tab, json!({"type": "move", "move": "e2e4"}));
    let state = next(&mut tab, "state");
    // White used a little of its second and gained half a second.
    let white = ms(&state, "white");
    assert!((1000..=1500).contains(&white), "{white}");
    assert_eq!(state["clocks"]["running"], "black");
    // Black does not move: its flag falls after a second.
    let fallen = state_when(&mut tab, Duration::from_secs(5), |s| !s["outcome"].is_null());
    assert_eq!(fallen["outcome"]["result"], "1-0", "{fallen}");
    let reason = fallen["outcome"]["reason"].as_str().unwrap_or("");
    assert!(reason.contains("Black lost on time"), "{reason}");
    assert!(fallen["clocks"]["running"].is_null() && ms(&fallen, "black") == 0, "{fallen}");
    assert_eq!(fallen["legal"].as_array().map(Vec::len), Some(0));
    send(&mut tab, json!({"type": "move", "move": "e7e5"}));
    let error = next(&mut tab, "error");
    assert!(error["message"].as_str().unwrap_or("").contains("over"), "{error}");
    // Taking back e2e4 gives back the clocks of the start and the game goes on.
    send(&mut tab, json!({"type": "undo"}));
    let state = next(&mut tab, "state");
    assert!(state["outcome"].is_null(), "{state}");
    assert_eq!((ms(&state, "black"), state["clocks"]["running"].as_str()), (1000, Some("white")));
    assert!(ms(&state, "white") > 900, "{state}");
}

#[test]
fn sissa_moves_under_its_clock() {
    let mut tab = open_tab();
    send(
        &mut tab,
        json!({"type": "new", "variant": "chess", "white": "sissa", "black": "human", "tc": "3+0"}),
    );
    let state = state_when(&mut tab, Duration::from_secs(10), |s| s["played"] != json!([]));
    let white = ms(&state, "white");
    // It thought (the clock moved) and kept most of its three seconds for the game.
    assert!((1500..3000).contains(&white), "{white}");
    assert_eq!(state["clocks"]["running"], "black");
    assert_eq!(state["players"], json!({"white": "sissa", "black": "human"}));
}

#[test]
fn sissa_plays_an_external_engine_and_the_page_sees_each_move() {
    let mut tab = open_tab();
    let engine = format!("uci:{}", env!("CARGO_BIN_EXE_sissa"));
    let game = json!({"type": "new", "variant": "chess", "white": engine, "black": "sissa",
        "tc": "2+0.05"});
    send(&mut tab, game);
    let mut seen = 0;
    let state = state_when(&mut tab, Duration::from_secs(30), |s| {
        let played = s["played"].as_array().map_or(0, Vec::len);
        // Moves arrive one at a time, as they are played.
        assert!(played <= seen + 1, "{played} moves after {seen}");
        seen = seen.max(played);
        played >= 4 || !s["outcome"].is_null()
    });
    assert!(state["outcome"].is_null(), "a game of 2 s and 50 ms a move: {state}");
    assert_eq!(state["players"]["white"], "sissa", "the program's name");
    // A human takes over: the engine is let go and nothing moves any more.
    send(&mut tab, json!({"type": "players", "white": "human", "black": "human"}));
    let state = next(&mut tab, "state");
    let played = state["played"].clone();
    std::thread::sleep(Duration::from_millis(300));
    send(&mut tab, json!({"type": "state"}));
    assert_eq!(next(&mut tab, "state")["played"], played);
}

#[test]
fn the_random_mover_plays_in_rococo() {
    let mut tab = open_tab();
    let game = json!({"type": "new", "variant": "rococo", "white": "random", "black": "random",
        "tc": "10+0"});
    send(&mut tab, game);
    let state = state_when(&mut tab, Duration::from_secs(10), |s| {
        s["played"].as_array().map_or(0, Vec::len) >= 6
    });
    assert_eq!(state["players"], json!({"white": "random", "black": "random"}));
    send(&mut tab, humans("chess"));
    state_when(&mut tab, Duration::from_secs(5), |s| s["variant"] == "chess");
}

#[test]
fn engines_that_cannot_start_or_play_without_a_clock_are_refused() {
    let mut tab = open_tab();
    let bad = [
        json!({"type": "players", "white": 5}),
        json!({"type": "players", "white": "gnuchess", "tc": "10+0"}),
        json!({"type": "players", "white": "random", "movetime": 100}),
        json!({"type": "players", "tc": "ten minutes"}),
        json!({"type": "players", "tc": 300}),
    ];
    for message in bad {
        send(&mut tab, message.clone());
        let error = next(&mut tab, "error");
        assert!(!error["message"].as_str().unwrap_or("").is_empty(), "{message}: {error}");
    }
    send(&mut tab, json!({"type": "state"}));
    let state = next(&mut tab, "state");
    assert_eq!(state["players"], json!({"white": "human", "black": "sissa"}), "unchanged");
    assert!(state["clocks"].is_null());
    // A command that does not exist: the reply says so and the side is a human's again.
    let missing = json!({"type": "new", "variant": "chess", "white": "uci:/no/such/engine",
        "black": "human", "tc": "10+0"});
    send(&mut tab, missing);
    let error = next(&mut tab, "error");
    assert!(error["message"].as_str().unwrap_or("").contains("cannot start"), "{error}");
    let state = next(&mut tab, "state");
    assert_eq!(state["players"]["white"], "human");
}

#[test]
fn engine_commands_run_only_for_a_local_server() {
    use sissa::gui::play::Table;
    use sissa::gui::wire::Reply;
    let (events, _events) = std::sync::mpsc::channel();
    let (infos, _infos) = std::sync::mpsc::channel();
    let mut table = Table::new(events, infos);
    for engine in ["uci:sissa", "xboard:fairymax", "sissa:Hash=4096"] {
        let message = json!({"type": "players", "white": engine, "tc": "10+0"});
        let replies = table.handle(&message);
        let Some(Reply::Error(why)) = replies.first() else { panic!("{engine} accepted") };
        assert!(why.contains("127.0.0.1"), "{why}");
    }
    let Reply::State(state) = table.state() else { panic!("not a state") };
    assert_eq!(state["players"]["white"], "human");
}

#[test]
fn the_editor_s_fen_is_judged_by_the_variant() {
    let mut tab = open_tab();
    let ask = |tab: &mut Tab, message: Value| {
        send(tab, message);
        next(tab, "validation")
    };
    let palette = ask(&mut tab, json!({"type": "validate", "variant": "lionsunicorns"}));
    let names: Vec<&str> = palette["piece_types"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(names.contains(&"Lion") && names.contains(&"Unicorn"), "{names:?}");
    assert_eq!((palette["files"].as_u64(), palette["valid"].as_bool()), (Some(10), Some(true)));
    let kings = ask(
        &mut tab,
        json!({"type": "validate", "variant": "chess", "fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}),
    );
    assert_eq!(kings["valid"], true, "{kings}");
    assert_eq!(kings["fen"], "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    // No kings: chess refuses it, with the reason.
    let empty = ask(
        &mut tab,
        json!({"type": "validate", "variant": "chess", "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}),
    );
    assert_eq!(empty["valid"], false, "{empty}");
    assert!(!empty["error"].as_str().unwrap_or("").is_empty(), "{empty}");
    for bad in [
        json!({"type": "validate"}),
        json!({"type": "validate", "variant": "checkers"}),
        json!({"type": "validate", "variant": "chess", "fen": 7}),
    ] {
        send(&mut tab, bad.clone());
        next(&mut tab, "error");
    }
    // The editor's position starts a game.
    let mut start = humans("chess");
    start["fen"] = json!("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    send(&mut tab, start);
    let state = next(&mut tab, "state");
    assert_eq!(state["start_fen"], "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
}

#[test]
fn a_move_after_the_flag_fell_is_refused_and_the_game_ends() {
    use sissa::gui::play::Table;
    use sissa::gui::wire::Reply;
    let (events, _events) = std::sync::mpsc::channel();
    let (infos, _infos) = std::sync::mpsc::channel();
    let mut table = Table::new(events, infos);
    let game = json!({"type": "new", "variant": "chess", "white": "human", "black": "human",
        "tc": "0.05+0"});
    assert!(matches!(table.handle(&game).as_slice(), [Reply::State(_)]));
    // No tick notices the flag here: the late move itself finds it fallen.
    std::thread::sleep(Duration::from_millis(100));
    let replies = table.handle(&json!({"type": "move", "move": "e2e4"}));
    let [Reply::Error(why), Reply::State(state)] = replies.as_slice() else {
        panic!("expected an error and the state")
    };
    assert!(why.contains("too late"), "{why}");
    assert_eq!(state["outcome"]["result"], "0-1", "{state}");
    assert_eq!(state["played"], json!([]));
}
