//! Every parser Sissa has, each as a fuzz target: the valid inputs to start from and what to
//! check when one input is fed to it. A new parser is one more function returning a
//! [`Target`], listed in [`all`].

use crate::corpus;
use crate::input::Rng;
use crate::protocols::{Driver, Kind};
use clap::Parser;
use sissa::cli::{run_from, Cli, Command};
use sissa::gui::play::Table;
use sissa::gui::wire::{self, Reply};
use sissa::matches::pgn::read_games;
use sissa::protocol::xboard_notation::to_xboard;
use sissa_movegen::{Game, Variant};
use std::path::Path;
use std::process::ExitCode;

/// Feeds one input to a parser; `Err` names a broken property.
pub type Feed = Box<dyn FnMut(&str) -> Result<(), String>>;

/// One parser under test.
pub struct Target {
    pub name: String,
    /// Valid inputs, mutated into the test inputs.
    pub corpus: Vec<String>,
    /// Feeds one input; `Err` names a broken property. A panic inside is caught and
    /// reported by the runner.
    pub feed: Feed,
}

/// Every target: the FEN reader of each variant, move notation, the PGN reader, both
/// protocols and the command line.
pub fn all(fens: &[(Variant, String)], seed: u64) -> Vec<Target> {
    let mut targets: Vec<Target> = Variant::ALL.iter().map(|&v| fen(v, fens)).collect();
    targets.push(moves(fens, seed));
    targets.push(pgn(fens));
    targets.push(protocol(Kind::Uci, corpus::uci_lines(fens), seed));
    targets.push(protocol(Kind::Xboard, corpus::xboard_lines(fens), seed));
    targets.push(command_line(fens));
    targets.push(variants_file());
    targets.extend(drop_variant_fens());
    targets.push(browser_messages(fens));
    targets
}

/// A variants file (Fairy-Stockfish's format with Sissa's keys): read into definitions and
/// refused sections, never a panic, and every refusal names a line of the text.
fn variants_file() -> Target {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files =
        ["docs/examples/variants.ini", "tests/variants/team.ini", "tests/variants/extensions.ini"];
    let corpus =
        files.iter().filter_map(|file| std::fs::read_to_string(root.join(file)).ok()).collect();
    let feed = |text: &str| {
        let (_, errors) = sissa_movegen::ini::parse(text);
        let lines = text.lines().count() + 1;
        match errors.iter().find(|e| e.line > lines) {
            Some(e) => Err(format!("a refusal names line {} of a {lines}-line text: {e}", e.line)),
            None => Ok(()),
        }
    };
    Target { name: "variants file".into(), corpus, feed: Box::new(feed) }
}

/// FENs of the drop variants of tests/variants/team.ini (hands in brackets after the board,
/// promoted pieces marked `~`), held to the same properties as every variant's FENs.
fn drop_variant_fens() -> Vec<Target> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if sissa_movegen::ini::load_file(&root.join("tests/variants/team.ini")).is_err() {
        return Vec::new();
    }
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pp] w KQkq - 4 4",
        "4k2n~/6P1/8/8/8/8/1Q~6/4K3[QRBNPqrbnp] w - - 0 1",
        "4k3/8/8/8/8/8/8/r3K3[QNPp] w - - 0 1",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[AC] w KQkq - 0 1",
        "4k5/10/10/10/10/10/10/4K5[QRPp] b - - 0 1",
    ];
    ["teamhouse", "t-droploop"]
        .iter()
        .filter_map(|name| name.parse::<Variant>().ok())
        .map(|variant| {
            let corpus: Vec<(Variant, String)> =
                fens.iter().map(|f| (variant, f.to_string())).collect();
            fen(variant, &corpus)
        })
        .collect()
}

/// A message from the browser board: an error reply leaves the tab's game as it was, and
/// any search a message starts is stopped before the next one.
fn browser_messages(fens: &[(Variant, String)]) -> Target {
    let mut corpus: Vec<String> = [
        r#"{"type":"state"}"#,
        r#"{"type":"new","variant":"chess","white":"human","black":"human"}"#,
        r#"{"type":"new","variant":"uc40","seed":7,"symmetry":"central","white":"human","black":"human"}"#,
        r#"{"type":"move","move":"e2e4"}"#,
        r#"{"type":"move","move":"d2d4,Q'@c1"}"#,
        r#"{"type":"undo"}"#,
        r#"{"type":"players","white":"sissa","black":"human","depth":1}"#,
        r#"{"type":"players","movetime":10}"#,
        r#"{"type":"stop"}"#,
        r#"{"type":"analyse","on":true,"multipv":3}"#,
        r#"{"type":"export"}"#,
        r#"{"type":"players","white":"human","black":"sissa","tc":"60+1"}"#,
        r#"{"type":"players","white":"uci:sissa","black":"random","tc":"1+0"}"#,
        r#"{"type":"validate","variant":"chess","fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1"}"#,
        r#"{"type":"validate","variant":"uc40"}"#,
        r#"{"type":"import","pgn":"[Variant "chess"]

1. e4 e5 2. Nf3 *"}"#,
    ]
    .iter()
    .map(|m| m.to_string())
    .collect();
    for (variant, fen) in fens.iter().step_by(4) {
        let message = serde_json::json!({"type": "new", "variant": variant.to_string(), "fen": fen,
            "white": "human", "black": "human"});
        corpus.push(message.to_string());
    }
    let (events, _event_sink) = std::sync::mpsc::channel();
    let (infos, _info_sink) = std::sync::mpsc::channel();
    let mut table = Table::new(events, infos);
    let feed = move |text: &str| {
        let _keep_open = (&_event_sink, &_info_sink);
        let Ok(message) = wire::parse(text) else { return Ok(()) };
        let before = table.state().to_json();
        let replies = table.handle(&message);
        let refused = replies.iter().any(|r| matches!(r, Reply::Error(_)));
        let after = table.state().to_json();
        table.close();
        if refused && after != before {
            return Err(format!("refused {text:?} changed the game:\n{before}\n{after}"));
        }
        Ok(())
    };
    Target { name: "browser messages".into(), corpus, feed: Box::new(feed) }
}

/// A FEN of `variant` is refused, or read into a position that writes itself back the same
/// way and whose moves all take back to it.
fn fen(variant: Variant, fens: &[(Variant, String)]) -> Target {
    let corpus = fens.iter().map(|(_, f)| f.clone()).collect();
    let feed = move |text: &str| {
        let Ok(game) = Game::from_fen(variant, text) else { return Ok(()) };
        let written = game.position().to_fen();
        let again = Game::from_fen(variant, &written)
            .map_err(|e| format!("{variant}: {text:?} read, written as {written}, refused: {e}"))?;
        if again.position().to_fen() != written {
            return Err(format!(
                "{variant}: {written} reads back as {}",
                again.position().to_fen()
            ));
        }
        // Made and taken back on the position itself: the game refuses moves once it is over.
        for mv in game.position().legal_moves().iter().take(8) {
            let mut played = game.position().clone();
            played
                .play(mv)
                .map_err(|e| format!("{variant}: {written}: legal {mv} refused: {e}"))?;
            played.undo();
            if played.to_fen() != written {
                let back = played.to_fen();
                return Err(format!("{variant}: {written}: {mv} taken back gives {back}"));
            }
        }
        Ok(())
    };
    Target { name: format!("fen {variant}"), corpus, feed: Box::new(feed) }
}

/// A move text in a position of any variant: refused with the position unchanged, or played
/// as a legal move that takes back to the position.
fn moves(fens: &[(Variant, String)], seed: u64) -> Target {
    let games: Vec<Game> =
        fens.iter().filter_map(|(v, f)| Game::from_fen(*v, f).ok()).step_by(3).collect();
    let mut corpus = Vec::new();
    for game in &games {
        for mv in game.position().legal_moves().iter().step_by(5) {
            corpus.push(mv.clone());
            corpus.push(to_xboard(game.variant(), mv));
        }
    }
    let mut rng = Rng::new(seed ^ 0x6d6f766573);
    let feed = move |text: &str| {
        let mut game = rng.pick(&games).clone();
        let before = game.position().to_fen();
        match game.play(text) {
            Err(_) if game.position().to_fen() != before => {
                Err(format!("{before}: refused {text:?} but changed the position"))
            }
            Err(_) => Ok(()),
            Ok(()) => {
                let played = game.moves().last().cloned().unwrap_or_default();
                game.undo();
                if game.position().to_fen() != before {
                    return Err(format!("{before}: {text:?} ({played}) does not take back"));
                }
                let legal = game.position().legal_moves();
                match legal.contains(&played) {
                    true => Ok(()),
                    false => Err(format!("{before}: {text:?} played as {played}, not legal")),
                }
            }
        }
    };
    Target { name: "moves".into(), corpus, feed: Box::new(feed) }
}

/// Any text is read as PGN without a panic (the runner catches one).
fn pgn(fens: &[(Variant, String)]) -> Target {
    let corpus = corpus::pgn_texts(fens);
    let feed = |text: &str| {
        let _ = read_games(text);
        Ok(())
    };
    Target { name: "pgn".into(), corpus, feed: Box::new(feed) }
}

/// One protocol, line after line in one engine state (a `quit` starts a new one). Now and
/// then a legal move of the current position is played, to reach deep into games.
fn protocol(kind: Kind, corpus: Vec<String>, seed: u64) -> Target {
    let mut driver = Driver::new(kind);
    let mut rng = Rng::new(seed ^ kind as u64);
    let mut lines = 0u64;
    let feed = move |line: &str| {
        if slow_by_design(line) {
            return Ok(());
        }
        if rng.one_in(4) {
            let game = driver.game();
            let legal = game.position().legal_moves();
            if !legal.is_empty() {
                let mv = rng.pick(&legal);
                let line = match kind {
                    Kind::Uci => format!("position fen {} moves {mv}", game.position().to_fen()),
                    Kind::Xboard => format!("usermove {}", to_xboard(game.variant(), mv)),
                };
                driver.send(&line)?;
            }
        }
        driver.send(line)?;
        lines += 1;
        if lines.is_multiple_of(16) {
            driver.check_alive()?;
            driver.stop();
        }
        Ok(())
    };
    Target { name: format!("{kind:?} lines"), corpus, feed: Box::new(feed) }
}

/// Lines that are slow by design, not by fault, left out: a deep perft answers only when
/// it has counted every leaf.
pub fn slow_by_design(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let perft = words.iter().position(|w| *w == "perft");
    perft.is_some_and(|i| {
        words.get(i + 1).and_then(|d| d.parse::<u64>().ok()).is_some_and(|d| d > 3)
    })
}

/// The command line: refused with status 2 (clap's usage errors), or run (the cheap
/// subcommands) and checked (the match options) with status 0 or 2.
fn command_line(fens: &[(Variant, String)]) -> Target {
    let corpus = corpus::command_lines(fens);
    let feed = |line: &str| {
        let args: Vec<&str> = std::iter::once("sissa").chain(line.split_whitespace()).collect();
        let cli = match Cli::try_parse_from(&args) {
            Ok(cli) => cli,
            Err(e) if e.use_stderr() && e.exit_code() != 2 => {
                return Err(format!("{line:?}: refused with status {}", e.exit_code()))
            }
            Err(_) => return Ok(()),
        };
        match cli.command {
            Some(Command::Match(args)) => {
                let _ = args.check();
                Ok(())
            }
            Some(Command::Perft(p)) if p.depth.unwrap_or(0) > 2 || p.suite.is_some() => Ok(()),
            Some(Command::Perft(_) | Command::Startfen(_)) => {
                let status = run_from(&args);
                match status == ExitCode::SUCCESS || status == ExitCode::from(2) {
                    true => Ok(()),
                    false => Err(format!("{line:?}: status {status:?}")),
                }
            }
            // Protocol mode reads standard input, and the bench searches for seconds.
            _ => Ok(()),
        }
    };
    Target { name: "command line".into(), corpus, feed: Box::new(feed) }
}
