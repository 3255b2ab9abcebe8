//! `tools/time_use.py` (how two UCI engines spend their clocks), run with Sissa against the
//! scripted engine that answers only after 3 seconds: at 1 s a game that engine loses both
//! games on time, each on its first move, so Sissa makes one move in all (as White in the
//! first game) and no game reaches its end with a clock to report. Needs `python3` with the
//! `chess` package (`.ci/run` installs it).

use std::process::Command;

#[test]
fn the_time_tool_times_each_move_and_forfeits_an_engine_past_its_clock() {
    let tool = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/time_use.py");
    let slow = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/match_engines/scripted.py");
    let output = Command::new("python3")
        .arg(tool)
        .arg("--engine1")
        .arg(env!("CARGO_BIN_EXE_sissa"))
        .args(["--engine2", &format!("python3 {slow} uci slow")])
        .args(["--games", "2", "--tc", "1+0", "--opening-plies", "0"])
        .output()
        .expect("python3 runs");
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the tool failed:\n{errors}");
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 10, "{text}");
    assert!(lines[0].starts_with("game 1: engine1 ") && lines[0].ends_with(" 1-0"), "{text}");
    assert!(lines[1].starts_with("game 2: engine2 ") && lines[1].ends_with(" 0-1"), "{text}");
    // Sissa: its one move, well inside its clock; no game ended with its clock counted.
    assert!(lines[3].trim().starts_with("first 30 moves: 1 moves, 0."), "{text}");
    assert_eq!(lines[5].trim(), "clock left at the end (s): none; lost on time: 0", "{text}");
    // The scripted engine: its two moves of 3 s each, both past its clock.
    assert!(lines[7].trim().starts_with("first 30 moves: 2 moves, 3."), "{text}");
    assert_eq!(lines[9].trim(), "clock left at the end (s): none; lost on time: 2", "{text}");
}
