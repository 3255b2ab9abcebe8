//! python-chess's own UCI and XBoard clients (an independent implementation of both
//! protocols) play, analyse, stop and quit Sissa in orthodox chess. Needs `python3` with
//! the `chess` package (`.ci/run` installs it).

use std::process::Command;

#[test]
fn python_chess_plays_and_analyses_over_uci_and_xboard() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/clients/python_chess_session.py");
    let output = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_sissa"))
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "python-chess session failed:\n{text}\n{errors}");
    assert!(text.contains("uci OK") && text.contains("xboard OK"), "{text}");
}
