//! The UCI protocol, with Sissa's variants chosen by the `UCI_Variant` option.
//!
//! A search runs on its own thread; `bestmove` is printed when it ends, except after
//! `go infinite` and `go ponder`, where the result is held until `stop` (or `ponderhit`
//! restarts the search with the real limits, the table keeping what was learned).

use super::numbers::{clock_time, whole};
use super::output::Output;
use super::session::{
    InfoSink, Session, DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MOVE_OVERHEAD, MAX_THREADS, MOVE_OVERHEAD,
};
use super::thinking::{Clock, Info, Limits, Score, SearchResult};
use super::{split_command, Flow, Protocol};
use crate::search::{SearchTiming, MAX_DEPTH};
use sissa_movegen::geometry::Color;
use sissa_movegen::perft::MAX_PERFT_DEPTH;
use sissa_movegen::{Game, Outcome, Symmetry, Variant};
use std::time::{Duration, Instant};

struct UciSearch {
    id: u64,
    /// `go infinite` or `go ponder`: the result waits for `stop`.
    hold: bool,
    /// The limits to use after `ponderhit`.
    ponder_limits: Option<Limits>,
    /// A held result that arrived before `stop`.
    finished: Option<SearchResult>,
    /// When the `go` (or `ponderhit`) was read.
    asked: Instant,
}

/// Most lines `MultiPV` may ask for.
const MAX_MULTIPV: usize = 256;

/// The words that start a `go` parameter (and so end a `searchmoves` list).
const GO_KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

pub struct Uci {
    session: Session,
    out: Output,
    search: Option<UciSearch>,
    /// Lines to search and report (the `MultiPV` option).
    multipv: usize,
    /// `debug on`: each `bestmove` is preceded by the time the engine took for it.
    debug: bool,
}

impl Protocol for Uci {
    fn handle_line(&mut self, line: &str) -> Flow {
        let (command, args) = split_command(line);
        match command {
            "" | "register" => {}
            "debug" => self.set_debug(args),
            "uci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "quit" => {
                self.session.abort();
                return Flow::Quit;
            }
            "setoption" => self.set_option(args),
            "ucinewgame" => {
                self.abort();
                let variant = self.session.variant();
                self.session.new_game(variant);
            }
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => self.stop(),
            "ponderhit" => self.ponderhit(),
            "eval" => {
                let network = self.session.network();
                for line in sissa_eval::any::report(self.session.game.position(), network).lines() {
                    self.say(line);
                }
            }
            _ => self.say(&format!("unknown command: {line}")),
        }
        Flow::Continue
    }

    fn search_done(&mut self, id: u64) {
        let Some(search) = &mut self.search else { return };
        if search.id != id {
            return;
        }
        let Some(result) = self.session.collect(id) else {
            self.search = None;
            return;
        };
        if search.hold {
            search.finished = Some(result);
        } else {
            let asked = search.asked;
            self.search = None;
            self.best_move(&result, asked);
        }
    }

    fn session(&mut self) -> &mut Session {
        &mut self.session
    }
}

/// The `UCI_Variant` option: every built-in variant and every variant loaded from a file.
fn variant_option() -> String {
    let variants: String = Variant::all_names().iter().map(|v| format!(" var {v}")).collect();
    format!("option name UCI_Variant type combo default chess{variants}")
}

impl Uci {
    pub fn new(session: Session, out: Output) -> Uci {
        Uci { session, out, search: None, multipv: 1, debug: false }
    }

    fn say(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    /// Says why a command was refused, if it was.
    fn report(&self, result: Result<(), String>) {
        if let Err(e) = result {
            self.say(&e);
        }
    }

    fn identify(&self) {
        self.out.line("id name Sissa 0.1");
        self.out.line("id author the Sissa developers");
        for option in [
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            format!(
                "option name Move Overhead type spin default {} min 0 max {}",
                MOVE_OVERHEAD.as_millis(),
                MAX_MOVE_OVERHEAD.as_millis()
            ),
            "option name Ponder type check default false".to_string(),
            variant_option(),
            "option name VariantPath type string default <empty>".to_string(),
            "option name Setup Seed type spin default 0 min 0 max 2147483647".to_string(),
            "option name Symmetry type combo default mirror var mirror var asymmetric var central"
                .to_string(),
            "option name EvalFile type string default <empty>".to_string(),
            "option name Clear Hash type button".to_string(),
        ] {
            self.out.line(&option);
        }
        self.out.line("uciok");
    }

    fn set_option(&mut self, args: &str) {
        let Some(rest) = args.strip_prefix("name") else {
            self.say("setoption needs: name <id> [value <x>]");
            return;
        };
        let (name, value) = match rest.split_once(" value") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "threads" => {
                let set = whole(value, "Threads value", 1, MAX_THREADS)
                    .and_then(|n| self.session.set_threads(n));
                self.report(set);
            }
            "hash" => {
                let set = whole(value, "Hash value", 1, MAX_HASH_MB)
                    .and_then(|mb| self.session.set_hash_mb(mb));
                self.report(set);
            }
            "move overhead" => {
                let most = MAX_MOVE_OVERHEAD.as_millis() as u64;
                let set = whole(value, "Move Overhead value", 0, most)
                    .and_then(|ms| self.session.set_move_overhead(Duration::from_millis(ms)));
                self.report(set);
            }
            "clear hash" => {
                self.abort();
                let game = self.session.game.clone();
                self.session.new_game(game.variant());
                self.session.set_game(game);
            }
            "multipv" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_MULTIPV).contains(&n) => self.multipv = n,
                _ => self.say(&format!("bad MultiPV value {value:?} (1 to {MAX_MULTIPV})")),
            },
            "ponder" => {}
            "uci_variant" => match value.parse::<Variant>() {
                Ok(variant) => {
                    self.abort();
                    self.session.new_game(variant);
                    self.announce_variant();
                }
                Err(e) => self.say(&e),
            },
            "variantpath" => self.load_variants(value),
            "evalfile" => match self.session.set_eval_file(value) {
                Ok(Some(variant)) => self.say(&format!("{variant} is scored by {value}")),
                Ok(None) => {}
                Err(e) => self.say(&e),
            },
            "setup seed" => match value.parse::<u64>() {
                Ok(seed) => {
                    self.session.setup.seed = seed;
                    self.restart_setup();
                }
                Err(_) => self.say(&format!("bad Setup Seed value {value:?}")),
            },
            "symmetry" => match value.parse::<Symmetry>() {
                Ok(symmetry) => {
                    self.session.setup.symmetry = symmetry;
                    self.restart_setup();
                }
                Err(e) => self.say(&e),
            },
            _ => match self.session.set_search_param(name, value) {
                Some(set) => self.report(set),
                None => self.say(&format!("unknown option {name:?}")),
            },
        }
    }

    /// Loads a variants file; its variants join the `UCI_Variant` list, announced anew as
    /// Fairy-Stockfish does. Each refused section is reported; the others load.
    fn load_variants(&mut self, path: &str) {
        if path.is_empty() || path == "<empty>" {
            return;
        }
        match crate::variant_files::load(std::path::Path::new(path)) {
            Ok(report) => {
                for error in &report.errors {
                    self.say(&format!("{path}: {error}"));
                }
                self.say(&format!("loaded {} variants from {path}", report.loaded.len()));
                self.out.line(&variant_option());
            }
            Err(e) => self.say(&e),
        }
    }

    /// A new setup choice starts a new game of a variant with random setups, announced
    /// like a variant change so the GUI learns the start position.
    fn restart_setup(&mut self) {
        let variant = self.session.variant();
        if variant.random_setup() {
            self.abort();
            self.session.new_game(variant);
            self.announce_variant();
        }
    }

    fn announce_variant(&self) {
        let variant = self.session.variant();
        let dims = variant.dims();
        self.say(&format!(
            "variant {} files {} ranks {} startpos {}",
            variant.name(),
            dims.files,
            dims.ranks,
            self.session.game.start_fen()
        ));
    }

    /// `position (startpos | fen <FEN>) [moves <m>...]`. A bad FEN leaves the position as it
    /// was; moves are played up to the first illegal one, which is reported.
    fn position(&mut self, args: &str) {
        let (base, moves) = match args.split_once("moves") {
            Some((base, moves)) => (base.trim(), moves.split_whitespace().collect()),
            None => (args.trim(), Vec::new()),
        };
        let variant = self.session.variant();
        let game = if base == "startpos" {
            Game::new(variant, self.session.setup)
        } else if let Some(fen) = base.strip_prefix("fen") {
            match Game::from_fen(variant, fen.trim()) {
                Ok(game) => game,
                Err(e) => {
                    self.say(&format!("bad FEN, position unchanged: {e}"));
                    return;
                }
            }
        } else {
            self.say("position needs startpos or fen <FEN>");
            return;
        };
        self.abort();
        let played = moves_already_played(&self.session.game, &game, &moves);
        if played == 0 {
            self.session.set_game(game);
        }
        for mv in &moves[played..] {
            if let Err(e) = self.session.game.play(mv) {
                self.say(&format!("{e}; position after the moves before it"));
                break;
            }
        }
    }

    fn go(&mut self, args: &str) {
        if self.search.is_some() {
            self.say("already searching; send stop first");
            return;
        }
        let words: Vec<&str> = args.split_whitespace().collect();
        if words.first() == Some(&"perft") {
            self.perft(words.get(1).copied());
            return;
        }
        let mut request = match parse_go(&words, self.session.game.side()) {
            Ok(request) => request,
            Err(e) => {
                self.say(&e);
                return;
            }
        };
        request.limits.searchmoves = self.legal_searchmoves(&request.limits.searchmoves);
        request.limits.multipv = self.multipv;
        if let Some(outcome) = self.session.game.outcome() {
            self.game_over(outcome);
            return;
        }
        let hold = request.infinite || request.ponder;
        let (limits, ponder_limits) = if request.ponder {
            let pondering = Limits {
                infinite: true,
                searchmoves: request.limits.searchmoves.clone(),
                multipv: request.limits.multipv,
                ..Limits::default()
            };
            (pondering, Some(request.limits))
        } else {
            (request.limits, None)
        };
        let asked = self.session.received();
        let id = self.session.start(limits, self.info_sink());
        self.search = Some(UciSearch { id, hold, ponder_limits, finished: None, asked });
    }

    /// The `searchmoves` of a `go` in the game's notation; moves that are not legal here are
    /// reported and left out (with none left, the search considers every move).
    fn legal_searchmoves(&self, moves: &[String]) -> Vec<String> {
        let position = self.session.game.position();
        let mut legal = Vec::new();
        for mv in moves {
            match position.canonical_move(mv) {
                Some(name) => legal.push(name),
                None => self.say(&format!("searchmoves: {mv} is not a legal move here")),
            }
        }
        legal
    }

    fn perft(&self, depth: Option<&str>) {
        let depth = match whole(depth.unwrap_or(""), "perft depth", 0, MAX_PERFT_DEPTH) {
            Ok(depth) => depth,
            Err(e) => return self.say(&e),
        };
        let start = Instant::now();
        let position = self.session.game.position();
        let rows = position.divide(depth.max(1), self.session.threads);
        for (mv, n) in &rows {
            self.out.line(&format!("{mv}: {n}"));
        }
        let total: u64 = if depth == 0 { 1 } else { rows.iter().map(|(_, n)| n).sum() };
        self.out.line(&format!("Nodes searched: {total}"));
        let secs = start.elapsed().as_secs_f64();
        log::info!("perft {depth}: {total} nodes in {secs:.3} s");
    }

    fn game_over(&self, outcome: Outcome) {
        let score = match outcome {
            Outcome::Draw(_) => "cp 0",
            Outcome::Win(..) => "mate 0",
        };
        self.out.line(&format!("info depth 0 score {score}"));
        self.out.line("bestmove (none)");
    }

    fn stop(&mut self) {
        let Some(search) = &mut self.search else { return };
        search.hold = false;
        search.ponder_limits = None;
        if let Some(result) = search.finished.take() {
            let asked = search.asked;
            self.search = None;
            self.best_move(&result, asked);
        } else {
            self.session.request_stop();
        }
    }

    fn ponderhit(&mut self) {
        let Some(search) = &mut self.search else { return };
        let Some(limits) = search.ponder_limits.take() else { return };
        // The pondering search is replaced by one with the real limits; the transposition
        // table keeps what pondering found.
        self.session.abort();
        let asked = self.session.received();
        let id = self.session.start(limits, self.info_sink());
        self.search =
            Some(UciSearch { id, hold: false, ponder_limits: None, finished: None, asked });
    }

    fn abort(&mut self) {
        self.session.abort();
        self.search = None;
    }

    /// `debug on` or `debug off`.
    fn set_debug(&mut self, args: &str) {
        match args {
            "on" => self.debug = true,
            "off" => self.debug = false,
            _ => self.say(&format!("debug needs on or off, not {args:?}")),
        }
    }

    /// Writes the move found for the `go` read at `asked`; in debug mode first the time
    /// from reading the `go` to writing the move, the part of the move's time that is the
    /// engine's (the rest is the pipes' and the other side's), and where it went.
    fn best_move(&self, result: &SearchResult, asked: Instant) {
        if self.debug {
            let timing = result.timing.map(timing_text).unwrap_or_default();
            self.say(&format!("go to bestmove {} us{timing}", asked.elapsed().as_micros()));
        }
        match (&result.best, &result.ponder) {
            (Some(best), Some(ponder)) => {
                self.out.line(&format!("bestmove {best} ponder {ponder}"))
            }
            (Some(best), None) => self.out.line(&format!("bestmove {best}")),
            (None, _) => match self.session.game.outcome() {
                Some(outcome) => self.game_over(outcome),
                None => self.out.line("bestmove (none)"),
            },
        }
    }

    fn info_sink(&self) -> InfoSink {
        let out = self.out.clone();
        let numbered = self.multipv > 1;
        Box::new(move |info: &Info| out.line(&info_line(info, numbered)))
    }
}

/// The parameters of one `go`.
struct GoRequest {
    limits: Limits,
    infinite: bool,
    ponder: bool,
}

fn parse_go(words: &[&str], side: Color) -> Result<GoRequest, String> {
    let mut limits = Limits::default();
    let (mut ponder, mut infinite) = (false, false);
    let (mut wtime, mut btime, mut movestogo) = (None, None, None);
    let (mut winc, mut binc) = (Duration::ZERO, Duration::ZERO);
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let mut value = || -> Result<&str, String> {
            i += 1;
            words.get(i).copied().ok_or_else(|| format!("go {word} needs a number"))
        };
        let what = format!("go {word}");
        let millis = |text: &str| clock_time(text, &what, Duration::from_millis(1));
        match word {
            "wtime" => wtime = Some(millis(value()?)?),
            "btime" => btime = Some(millis(value()?)?),
            "winc" => winc = millis(value()?)?,
            "binc" => binc = millis(value()?)?,
            "movestogo" => movestogo = Some(whole(value()?, &what, 0, u32::MAX)?),
            "depth" => limits.depth = Some(whole(value()?, &what, 0, MAX_DEPTH)?),
            "nodes" => limits.nodes = Some(whole(value()?, &what, 0, u64::MAX)?),
            "movetime" => limits.movetime = Some(millis(value()?)?),
            "mate" => limits.depth = Some(2 * whole(value()?, &what, 0, MAX_DEPTH / 2)?),
            "infinite" => infinite = true,
            "ponder" => ponder = true,
            "searchmoves" => {
                while let Some(mv) = words.get(i + 1).filter(|w| !GO_KEYWORDS.contains(w)) {
                    limits.searchmoves.push(mv.to_string());
                    i += 1;
                }
            }
            other => return Err(format!("go: unknown parameter {other}")),
        }
        i += 1;
    }
    let (own, inc) = match side {
        Color::White => (wtime, winc),
        Color::Black => (btime, binc),
    };
    if let Some(own) = own {
        limits.clock = Some(Clock {
            remaining: own,
            increment: inc,
            moves_to_go: movestogo.filter(|&m| m > 0),
        });
    }
    limits.infinite = infinite;
    Ok(GoRequest { limits, infinite, ponder })
}

/// An `info` line; `numbered` adds the line's `multipv` number (when several are searched).
/// `; searched 7512 us of 7500 us; main thread 310 to 7498 us; threads waited for a processor
/// 40 us`: the search's own time and limit, the main search thread's span, and the time
/// the system kept its threads waiting, all from the command's arrival.
fn timing_text(timing: SearchTiming) -> String {
    let micros = |d: Duration| d.as_micros();
    let mut text = format!("; searched {} us", micros(timing.searched));
    if let Some(limit) = timing.hard_limit {
        text.push_str(&format!(" of {} us", micros(limit)));
    }
    let (began, ended) = timing.main_thread;
    text.push_str(&format!("; main thread {} to {} us", micros(began), micros(ended)));
    if let Some(waiting) = timing.waiting {
        text.push_str(&format!("; threads waited for a processor {} us", micros(waiting)));
    }
    text
}

fn info_line(info: &Info, numbered: bool) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let multipv = if numbered { format!(" multipv {}", info.multipv) } else { String::new() };
    let mut line = format!(
        "info depth {} seldepth {}{multipv} score {} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth,
        score,
        info.nodes,
        info.nps,
        info.time.as_millis(),
        info.hashfull
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&info.pv.join(" "));
    }
    line
}

/// How many of `moves` after `base` the game `current` has played already: all of its moves,
/// when it started where `base` starts (the same variant definition, setup and position) and
/// they are the first of `moves`; otherwise none. A GUI sends the whole game before each
/// `go`, and the clock runs from the `go`: replaying a game of a hundred moves, each found
/// among the legal ones by its notation, would cost milliseconds of it in UC-40 at every move.
fn moves_already_played(current: &Game, base: &Game, moves: &[&str]) -> usize {
    let played = current.moves();
    let same_start = current.variant() == base.variant()
        && current.variant().name().as_ptr() == base.variant().name().as_ptr()
        && current.setup() == base.setup()
        && current.start_fen() == base.start_fen();
    let continued = played.len() <= moves.len() && played.iter().zip(moves).all(|(a, b)| a == b);
    if same_start && continued {
        played.len()
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::Setup;

    #[test]
    fn go_takes_the_side_to_moves_clock() {
        let words =
            ["wtime", "1000", "btime", "2000", "winc", "10", "binc", "20", "movestogo", "5"];
        let black = parse_go(&words, Color::Black).expect("valid");
        let clock = black.limits.clock.expect("clock");
        assert_eq!(clock.remaining, Duration::from_millis(2000));
        assert_eq!(clock.increment, Duration::from_millis(20));
        assert_eq!(clock.moves_to_go, Some(5));
        let white = parse_go(&words, Color::White).expect("valid");
        assert_eq!(white.limits.clock.expect("clock").remaining, Duration::from_millis(1000));
    }

    #[test]
    fn go_rejects_bad_parameters() {
        assert!(parse_go(&["depth"], Color::White).is_err());
        assert!(parse_go(&["depth", "x"], Color::White).is_err());
        assert!(parse_go(&["sideways"], Color::White).is_err());
        let r = parse_go(&["infinite"], Color::White).expect("valid");
        assert!(r.infinite && r.limits.infinite);
        assert_eq!(
            parse_go(&["movetime", "50"], Color::White).unwrap().limits.movetime,
            Some(Duration::from_millis(50))
        );
    }

    #[test]
    fn searchmoves_run_to_the_next_parameter() {
        let words = ["searchmoves", "e2e4", "d2d4,Q'@c1", "depth", "5"];
        let r = parse_go(&words, Color::White).expect("valid");
        assert_eq!(r.limits.searchmoves, ["e2e4", "d2d4,Q'@c1"]);
        assert_eq!(r.limits.depth, Some(5));
        let last = parse_go(&["depth", "3", "searchmoves", "a2a3"], Color::White).expect("valid");
        assert_eq!(last.limits.searchmoves, ["a2a3"]);
    }

    fn game_after(variant: Variant, moves: &[&str]) -> Game {
        let mut game = Game::new(variant, Setup::default());
        for mv in moves {
            game.play(mv).unwrap();
        }
        game
    }

    #[test]
    fn a_continued_game_keeps_its_moves() {
        let current = game_after(Variant::Chess, &["e2e4", "e7e5"]);
        let base = Game::new(Variant::Chess, Setup::default());
        assert_eq!(moves_already_played(&current, &base, &["e2e4", "e7e5", "g1f3"]), 2);
        assert_eq!(moves_already_played(&current, &base, &["e2e4", "e7e5"]), 2);
    }

    #[test]
    fn another_game_is_played_from_its_start() {
        let current = game_after(Variant::Chess, &["e2e4", "e7e5"]);
        let base = Game::new(Variant::Chess, Setup::default());
        // A move taken back, a different move, a different start or variant.
        assert_eq!(moves_already_played(&current, &base, &["e2e4"]), 0);
        assert_eq!(moves_already_played(&current, &base, &["e2e4", "c7c5", "g1f3"]), 0);
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let from_fen = Game::from_fen(Variant::Chess, fen).unwrap();
        assert_eq!(moves_already_played(&current, &from_fen, &["e2e4", "e7e5", "g1f3"]), 0);
        let horses = Game::new(Variant::SeaHorses, Setup::default());
        assert_eq!(moves_already_played(&current, &horses, &["e2e4", "e7e5"]), 0);
    }

    /// Two random setups of Sea Horses are different starts even where the same moves
    /// were played from each.
    #[test]
    fn another_setup_is_another_start() {
        let setup = |seed| Setup { seed, ..Setup::default() };
        let one = Game::new(Variant::SeaHorses, setup(1));
        let two = Game::new(Variant::SeaHorses, setup(2));
        assert_ne!(one.start_fen(), two.start_fen(), "the test needs two different setups");
        let mut played = one.clone();
        played.play("a2a3").unwrap();
        assert_eq!(moves_already_played(&played, &one, &["a2a3", "a7a6"]), 1);
        assert_eq!(moves_already_played(&played, &two, &["a2a3", "a7a6"]), 0);
    }
}
