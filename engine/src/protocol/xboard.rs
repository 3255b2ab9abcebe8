//! The XBoard protocol (CECP version 2) with the engine-defined-variant extensions of
//! XBoard 4.8 and later: `setup` and `piece` answers to `variant`, `highlight` answers to
//! `lift`, 0-based ranks on 10-rank boards.
//!
//! The engine plays `engine_side` (none in force mode). After every command that changes
//! the position or the sides, [`Xboard::resume`] starts a search when it is the engine's
//! turn, or restarts the analysis in analyze mode.

use super::highlight::highlight_board;
use super::numbers::{clock_time, seconds, whole};
use super::output::Output;
use super::session::{
    InfoSink, Session, DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MOVE_OVERHEAD, MAX_THREADS, MOVE_OVERHEAD,
};
use super::thinking::{Clock, Info, Limits, Score};
use super::xboard_notation::{from_xboard, squares_of, to_xboard, Translator};
use super::xboard_variants::{
    variant_announcement, variant_from_xboard, variants_feature, xboard_fen,
};
use super::{split_command, Flow, Protocol};
use crate::search::{MAX_DEPTH, MAX_TIME};
use sissa_movegen::game::result_text;
use sissa_movegen::geometry::Color;
use sissa_movegen::{Game, Symmetry, Variant};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// XBoard's convention: a mate in n moves is shown as a score of 100000 + n.
const MATE_SCORE: i32 = 100_000;

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// The engine's move in the game.
    Move,
    /// Analyze mode: runs until the position changes or analysis ends.
    Analysis,
    /// Pondering (`hard`): thinking on the opponent's time about the position after the
    /// reply the engine expects, to fill the table; the result itself is never used.
    Ponder,
}

/// The time control as XBoard set it.
#[derive(Clone, Debug)]
struct TimeControl {
    /// Moves per period (0: the whole game).
    moves_per_period: u32,
    increment: Duration,
    /// `st`: a fixed time per move.
    per_move: Option<Duration>,
    own: Duration,
    opponent: Duration,
    depth: Option<u32>,
    nps: Option<u64>,
}

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl {
            moves_per_period: 40,
            increment: Duration::ZERO,
            per_move: None,
            own: Duration::from_secs(300),
            opponent: Duration::from_secs(300),
            depth: None,
            nps: None,
        }
    }
}

pub struct Xboard {
    session: Session,
    out: Output,
    engine_side: Option<Color>,
    analyzing: bool,
    post: bool,
    time: TimeControl,
    search: Option<(u64, Purpose)>,
    /// The latest progress of the running search, for `.` in analyze mode.
    progress: Arc<Mutex<Option<Info>>>,
    /// The reply expected after the engine's last move, for `hint`.
    expected_reply: Option<String>,
    /// Root moves left out of the analysis (`exclude`), for the position they were given in.
    exclusions: Exclusions,
    /// Think on the opponent's time (`hard`; `easy` turns it off).
    pondering: bool,
    /// How moves are shown to XBoard, and what it shows, in the current game.
    translator: Translator,
}

/// The moves `exclude` took out of the analysis. They belong to one position: once the
/// position changes they are forgotten, as the protocol asks.
#[derive(Default)]
struct Exclusions {
    /// The FEN of the position they apply to.
    position: String,
    /// Excluded moves, in Sissa's notation.
    moves: Vec<String>,
}

impl Protocol for Xboard {
    fn handle_line(&mut self, line: &str) -> Flow {
        let (command, args) = split_command(line);
        match command {
            "" => {}
            "quit" => {
                self.session.abort();
                return Flow::Quit;
            }
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "bk" | "draw" | "egtpath" | "put" | "hover" => {}
            "hard" => self.pondering = true,
            "easy" => {
                self.pondering = false;
                if matches!(self.search, Some((_, Purpose::Ponder))) {
                    self.stop_thinking();
                }
            }
            "protover" => self.features(),
            "ping" => self.out.line(&format!("pong {args}")),
            "new" => self.new_game(),
            "variant" => self.set_variant(args, line),
            "setboard" => self.setboard(args, line),
            "force" => {
                self.stop_thinking();
                self.engine_side = None;
            }
            "go" => {
                self.engine_side = Some(self.session.game.side());
                // Asked to move in a finished game: the answer is the result.
                self.report_end();
                self.resume();
            }
            "playother" => {
                self.engine_side = Some(self.session.game.side().flip());
                self.resume();
            }
            "white" | "black" => {
                // Protocol version 1: the named side is on move, the engine plays the other.
                self.stop_thinking();
                self.engine_side =
                    Some(if command == "white" { Color::Black } else { Color::White });
            }
            "usermove" => self.user_move(args),
            "?" => self.session.request_stop(),
            // Not in the protocol: the evaluation's breakdown, as comment lines.
            "eval" => {
                let network = self.session.network();
                for line in sissa_eval::any::report(self.session.game.position(), network).lines() {
                    self.out.line(&format!("# {line}"));
                }
            }
            "undo" => self.take_back(1, line),
            "remove" => self.take_back(2, line),
            "result" => {
                self.stop_thinking();
                self.engine_side = None;
            }
            "level" => self.level(args, line),
            "st" => {
                let set = seconds(args, "time per move").map(|t| self.time.per_move = Some(t));
                self.report(set, line);
            }
            "sd" => {
                let set = whole(args, "depth", 1, MAX_DEPTH).map(|d| self.time.depth = Some(d));
                self.report(set, line);
            }
            "nps" => {
                let set = whole(args, "node rate", 0, u64::MAX)
                    .map(|n| self.time.nps = (n > 0).then_some(n));
                self.report(set, line);
            }
            "time" | "otim" => {
                let set = clock_time(args, "time", Duration::from_millis(10)).map(|t| {
                    if command == "time" {
                        self.time.own = t;
                    } else {
                        self.time.opponent = t;
                    }
                });
                self.report(set, line);
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "hint" => {
                if let Some(reply) = &self.expected_reply {
                    self.out.line(&format!("Hint: {}", to_xboard(self.variant(), reply)));
                }
            }
            "analyze" => {
                self.analyzing = true;
                self.engine_side = None;
                self.stop_thinking();
                self.resume();
            }
            "exit" => {
                self.analyzing = false;
                self.stop_thinking();
            }
            "." => self.status(),
            "memory" => {
                let set = whole(args, "memory size", 1, MAX_HASH_MB)
                    .and_then(|mb| self.session.set_hash_mb(mb));
                self.report(set, line);
            }
            "cores" => {
                let set = whole(args, "core count", 1, MAX_THREADS)
                    .and_then(|n| self.session.set_threads(n));
                self.report(set, line);
            }
            "option" => self.option(args, line),
            "exclude" | "include" => self.exclude(command == "exclude", args, line),
            "lift" => self.lift(args, line),
            "edit" => self.error("use setboard", line),
            _ => {
                // Without the usermove feature a move arrives as a bare line.
                if args.is_empty() && self.looks_like_move(command) {
                    self.user_move(command);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        Flow::Continue
    }

    fn search_done(&mut self, id: u64) {
        let Some((running, purpose)) = self.search else { return };
        if running != id {
            return;
        }
        let result = self.session.collect(id);
        self.search = None;
        let Some(result) = result else { return };
        if purpose != Purpose::Move {
            return;
        }
        let Some(best) = result.best else {
            self.report_end();
            return;
        };
        let translated = self.translator.outgoing(&self.session.game, &best);
        let shown = translated.text.clone();
        match self.session.game.play(&best) {
            Ok(()) => {
                self.translator.played(translated);
                self.out.line(&format!("move {shown}"));
                self.show_picture();
                self.expected_reply = result.ponder;
                self.report_end();
                self.ponder();
            }
            Err(e) => {
                // The searcher returned a move the game refuses: say so rather than play it.
                log::error!("search returned {best}, refused: {e}");
                self.out.line(&format!("tellusererror Sissa found no playable move ({e})"));
            }
        }
    }

    fn session(&mut self) -> &mut Session {
        &mut self.session
    }
}

impl Xboard {
    pub fn new(session: Session, out: Output) -> Xboard {
        let translator = Translator::new(&session.game);
        Xboard {
            session,
            out,
            engine_side: Some(Color::Black),
            analyzing: false,
            post: true,
            time: TimeControl::default(),
            search: None,
            progress: Arc::new(Mutex::new(None)),
            expected_reply: None,
            exclusions: Exclusions::default(),
            pondering: false,
            translator,
        }
    }

    fn variant(&self) -> Variant {
        self.session.variant()
    }

    fn error(&self, reason: &str, command: &str) {
        self.out.line(&format!("Error ({reason}): {command}"));
    }

    /// Reports a refused command in XBoard's error form, if it was refused.
    fn report(&self, result: Result<(), String>, command: &str) {
        if let Err(reason) = result {
            self.error(&reason, command);
        }
    }

    fn looks_like_move(&self, text: &str) -> bool {
        squares_of(&from_xboard(self.variant(), text)).len() >= 2
    }

    fn features(&self) {
        let features = [
            "done=0".to_string(),
            "myname=\"Sissa 0.1\"".to_string(),
            "ping=1".to_string(),
            "setboard=1".to_string(),
            "playother=1".to_string(),
            "usermove=1".to_string(),
            "san=0".to_string(),
            "time=1".to_string(),
            "draw=0".to_string(),
            "sigint=0".to_string(),
            "sigterm=0".to_string(),
            "reuse=1".to_string(),
            "analyze=1".to_string(),
            "colors=0".to_string(),
            "ics=0".to_string(),
            "name=0".to_string(),
            "pause=0".to_string(),
            "nps=1".to_string(),
            "memory=1".to_string(),
            "smp=1".to_string(),
            "exclude=1".to_string(),
            "highlight=1".to_string(),
            "debug=1".to_string(),
            format!("variants=\"{}\"", variants_feature()),
            format!("option=\"Threads -spin 1 1 {MAX_THREADS}\""),
            format!("option=\"Hash -spin {DEFAULT_HASH_MB} 1 {MAX_HASH_MB}\""),
            format!(
                "option=\"Move Overhead -spin {} 0 {}\"",
                MOVE_OVERHEAD.as_millis(),
                MAX_MOVE_OVERHEAD.as_millis()
            ),
            "option=\"Setup seed -spin 0 0 2147483647\"".to_string(),
            "option=\"Symmetry -combo mirror /// asymmetric /// central\"".to_string(),
            "option=\"VariantPath -file \"".to_string(),
            "option=\"EvalFile -file \"".to_string(),
        ];
        for feature in features {
            self.out.line(&format!("feature {feature}"));
        }
        self.out.line("feature done=1");
    }

    fn new_game(&mut self) {
        self.stop_thinking();
        self.session.new_game(Variant::Chess);
        self.translator = Translator::new(&self.session.game);
        self.engine_side = Some(Color::Black);
        self.time.depth = None;
        self.expected_reply = None;
        self.resume();
    }

    fn set_variant(&mut self, name: &str, line: &str) {
        match variant_from_xboard(name) {
            Ok(variant) => {
                self.stop_thinking();
                self.session.new_game(variant);
                self.translator = Translator::new(&self.session.game);
                for announcement in variant_announcement(variant, &self.session.setup) {
                    self.out.line(&announcement);
                }
                self.resume();
            }
            Err(reason) => self.error(&reason, line),
        }
    }

    fn setboard(&mut self, fen: &str, line: &str) {
        match self.game_from_fen(fen) {
            Ok(game) => {
                self.stop_thinking();
                self.translator = Translator::new(&game);
                self.session.set_game(game);
                self.expected_reply = None;
                self.resume();
            }
            Err(e) => self.error(&format!("illegal position: {e}"), line),
        }
    }

    /// The game a `setboard` FEN starts. XBoard writes only the six usual FEN fields, so
    /// the start position of a game with more (UC-40's reserves, a file variant's queues)
    /// comes back without them: a FEN with the start position's board and side to move is
    /// that start position.
    fn game_from_fen(&self, fen: &str) -> Result<Game, String> {
        let variant = self.variant();
        let start = variant.start_fen(&self.session.setup);
        let fields = |f: &str| f.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
        let is_start = fields(&xboard_fen(&start)) == fields(fen);
        // Where XBoard's FEN can state the start position, it is read as it is.
        if is_start && xboard_fen(&start) != start {
            return Ok(Game::new(variant, self.session.setup));
        }
        Game::from_fen(variant, fen).map_err(|e| e.to_string())
    }

    fn user_move(&mut self, text: &str) {
        if text.is_empty() {
            self.error("no move", "usermove");
            return;
        }
        if self.session.game.outcome().is_some() {
            self.out.line(&format!("Illegal move (the game is over): {text}"));
            return;
        }
        // XBoard sends no move while the engine thinks about its own; should one come, the
        // search is stopped so that its result cannot be played in another position.
        self.stop_thinking();
        let translated = self.translator.incoming(&self.session.game, text);
        if translated.as_entered {
            self.out.line(&format!("# xboard move {text} read as entered: {}", translated.text));
        }
        match self.session.game.play(&translated.text) {
            Ok(()) => {
                self.translator.played(translated);
                self.show_picture();
                self.expected_reply = None;
                self.report_end();
                self.resume();
            }
            Err(_) => self.out.line(&format!("Illegal move: {text}")),
        }
    }

    /// XBoard's picture after a move, as a debug line (XBoard ignores lines starting with
    /// `#` and writes them to its debug file), in the variants where it can differ from the
    /// real position.
    fn show_picture(&self) {
        if let Some(picture) = self.translator.picture() {
            let real = self.session.game.position().to_fen();
            self.out.line(&format!("# xboard picture {} for {real}", picture.board.placement()));
        }
    }

    fn take_back(&mut self, plies: usize, line: &str) {
        if self.session.game.moves().len() < plies {
            self.error("no move to take back", line);
            return;
        }
        self.stop_thinking();
        for _ in 0..plies {
            self.session.game.undo();
            self.translator.undo();
        }
        self.expected_reply = None;
        self.resume();
    }

    fn level(&mut self, args: &str, line: &str) {
        let parts: Vec<&str> = args.split_whitespace().collect();
        let parsed = match parts.as_slice() {
            [mps, base, inc] => whole(mps, "moves per session", 0, u32::MAX)
                .and_then(|mps| Ok((mps, minutes_seconds(base)?, seconds(inc, "increment")?))),
            _ => Err("expected level MPS BASE INC".to_string()),
        };
        let set = parsed.map(|(mps, base, inc)| {
            self.time.moves_per_period = mps;
            self.time.own = base;
            self.time.opponent = base;
            self.time.increment = inc;
            self.time.per_move = None;
        });
        self.report(set, line);
    }

    fn option(&mut self, args: &str, line: &str) {
        let (name, value) = args.split_once('=').unwrap_or((args, ""));
        let value = value.trim();
        match name.trim() {
            "Threads" => {
                let set = whole(value, "thread count", 1, MAX_THREADS)
                    .and_then(|n| self.session.set_threads(n));
                self.report(set, line);
            }
            "Hash" => {
                let set = whole(value, "hash size", 1, MAX_HASH_MB)
                    .and_then(|mb| self.session.set_hash_mb(mb));
                self.report(set, line);
            }
            "Move Overhead" => {
                let most = MAX_MOVE_OVERHEAD.as_millis() as u64;
                let set = whole(value, "move overhead", 0, most)
                    .and_then(|ms| self.session.set_move_overhead(Duration::from_millis(ms)));
                self.report(set, line);
            }
            "Setup seed" => match value.parse::<u64>() {
                Ok(seed) => self.session.setup.seed = seed,
                Err(_) => self.error("bad seed", line),
            },
            "Symmetry" => match value.parse::<Symmetry>() {
                Ok(symmetry) => self.session.setup.symmetry = symmetry,
                Err(e) => self.error(&e, line),
            },
            "VariantPath" => self.load_variants(value, line),
            "EvalFile" => match self.session.set_eval_file(value) {
                Ok(Some(variant)) => self.out.line(&format!("# {variant} is scored by {value}")),
                Ok(None) => {}
                Err(e) => self.error(&e, line),
            },
            other => match self.session.set_search_param(other, value) {
                Some(set) => self.report(set, line),
                None => self.error("unknown option", line),
            },
        }
    }

    /// Loads a variants file: its variants join the `variants` feature, sent anew. Each
    /// refused section is reported as a comment line; the others load.
    fn load_variants(&mut self, path: &str, line: &str) {
        if path.is_empty() {
            return;
        }
        match crate::variant_files::load(std::path::Path::new(path)) {
            Ok(report) => {
                for error in &report.errors {
                    self.out.line(&format!("# {path}: {error}"));
                }
                self.out.line(&format!("feature variants=\"{}\"", variants_feature()));
            }
            Err(e) => self.error(&e, line),
        }
    }

    fn lift(&self, square: &str, line: &str) {
        let text = from_xboard(self.variant(), square.trim());
        let dims = self.variant().dims();
        match squares_of(&text).as_slice() {
            [sq] if sq.0 < dims.files && sq.1 < dims.ranks => {
                // The piece drawn there may stand for a piece elsewhere (after a swap).
                let real = self.translator.picture().and_then(|p| p.owner_of(*sq));
                let files = usize::from(dims.files);
                let sq = real.map_or(*sq, |i| ((i % files) as u8, (i / files) as u8));
                if let Some(board) = highlight_board(&self.session.game, sq) {
                    self.out.line(&format!("highlight {board}"));
                }
            }
            _ => self.error("bad square", line),
        }
    }

    /// `.` in analyze mode: `stat01: time nodes depth moves-left moves-total`.
    fn status(&self) {
        if !self.analyzing {
            return;
        }
        let progress = match self.progress.lock() {
            Ok(p) => p.clone(),
            Err(p) => p.into_inner().clone(),
        };
        if let Some(info) = progress {
            let total = self.session.game.position().legal_moves().len();
            self.out.line(&format!(
                "stat01: {} {} {} 0 {}",
                info.time.as_millis() / 10,
                info.nodes,
                info.depth,
                total
            ));
        }
    }

    fn stop_thinking(&mut self) {
        self.session.abort();
        self.search = None;
    }

    /// Reports the result if the game has just ended.
    fn report_end(&self) {
        if let Some(outcome) = self.session.game.outcome() {
            let (result, reason) = result_text(outcome);
            self.out.line(&format!("{result} {{{reason}}}"));
        }
    }

    /// Starts what the state calls for: the engine's move, or the analysis. Pondering gives
    /// way to either.
    fn resume(&mut self) {
        if matches!(self.search, Some((_, Purpose::Ponder))) {
            self.stop_thinking();
        }
        if self.search.is_some() || self.session.game.outcome().is_some() {
            return;
        }
        if self.analyzing {
            // With every move excluded there is nothing to analyse until one is included.
            let Some(searchmoves) = self.analysed_moves() else { return };
            let limits = Limits { infinite: true, searchmoves, ..Limits::default() };
            let id = self.session.start(limits, self.info_sink());
            self.search = Some((id, Purpose::Analysis));
        } else if self.engine_side == Some(self.session.game.side()) {
            let limits = self.move_limits();
            let id = self.session.start(limits, self.info_sink());
            self.search = Some((id, Purpose::Move));
        }
    }

    /// With pondering on, thinks on the opponent's time about the position after the reply
    /// the engine expects. Whatever the opponent plays, its move stops this search and the
    /// engine's own search starts with the table filled, which after the expected reply
    /// holds most of what it needs.
    fn ponder(&mut self) {
        let game = &self.session.game;
        if !self.pondering || self.analyzing || self.search.is_some() || game.outcome().is_some() {
            return;
        }
        let Some(reply) = self.expected_reply.as_deref() else { return };
        let mut after = game.clone();
        if after.play(reply).is_err() || after.outcome().is_some() {
            return;
        }
        // A comment line (XBoard ignores `#` lines with `feature debug=1`) for the debug file.
        self.out.line(&format!("# pondering on {reply}"));
        let limits = Limits { infinite: true, ..Limits::default() };
        let id = self.session.start_from(after, limits, Box::new(|_: &Info| {}));
        self.search = Some((id, Purpose::Ponder));
    }

    /// `exclude MOVE`, `include MOVE`, `exclude all`, `include all`: which root moves the
    /// analysis looks at. The analysis restarts with the new set.
    fn exclude(&mut self, exclude: bool, args: &str, line: &str) {
        let legal = self.session.game.position().legal_moves();
        let fen = self.session.game.position().to_fen();
        if self.exclusions.position != fen {
            self.exclusions = Exclusions { position: fen, moves: Vec::new() };
        }
        let moves: Vec<String> = if args == "all" {
            legal
        } else {
            let mv = self.translator.incoming(&self.session.game, args).text;
            match self.session.game.position().canonical_move(&mv) {
                Some(name) => vec![name],
                None => return self.error("not a legal move", line),
            }
        };
        let excluded = &mut self.exclusions.moves;
        excluded.retain(|m| !moves.contains(m));
        if exclude {
            excluded.extend(moves);
        }
        if self.analyzing {
            self.stop_thinking();
            self.resume();
        }
    }

    /// The root moves to analyse: an empty list (all) when no exclusions are in force, else
    /// the legal moves not excluded; `None` if every move is excluded.
    fn analysed_moves(&self) -> Option<Vec<String>> {
        let position = self.session.game.position();
        if self.exclusions.moves.is_empty() || self.exclusions.position != position.to_fen() {
            return Some(Vec::new());
        }
        let mut moves = position.legal_moves();
        moves.retain(|m| !self.exclusions.moves.contains(m));
        (!moves.is_empty()).then_some(moves)
    }

    fn move_limits(&self) -> Limits {
        let tc = &self.time;
        let mut limits = Limits { depth: tc.depth, ..Limits::default() };
        if let Some(t) = tc.per_move {
            limits.movetime = Some(t);
        } else {
            let played = (self.session.game.moves().len() / 2) as u32;
            let moves_to_go = (tc.moves_per_period > 0)
                .then(|| tc.moves_per_period - played % tc.moves_per_period);
            limits.clock = Some(Clock { remaining: tc.own, increment: tc.increment, moves_to_go });
        }
        if let Some(nps) = tc.nps {
            // Node-count time: the share of the clock this move may use, in nodes.
            let share = limits.movetime.unwrap_or_else(|| {
                let clock = limits.clock.as_ref().map(|c| (c.remaining, c.moves_to_go));
                let (remaining, mtg) = clock.unwrap_or((tc.own, None));
                remaining / mtg.unwrap_or(30).max(1) + tc.increment
            });
            limits.nodes = Some((nps as f64 * share.as_secs_f64()).max(1.0) as u64);
            limits.clock = None;
            limits.movetime = None;
        }
        limits
    }

    fn info_sink(&self) -> InfoSink {
        let out = self.out.clone();
        let post = self.post || self.analyzing;
        let variant = self.variant();
        let progress = Arc::clone(&self.progress);
        if let Ok(mut p) = progress.lock() {
            *p = None;
        }
        Box::new(move |info: &Info| {
            if let Ok(mut p) = progress.lock() {
                *p = Some(info.clone());
            }
            if post {
                out.line(&thinking_line(variant, info));
            }
        })
    }
}

/// `ply score time nodes pv` with the time in centiseconds.
fn thinking_line(variant: Variant, info: &Info) -> String {
    let score = match info.score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => MATE_SCORE + n,
        Score::Mate(n) => -MATE_SCORE + n,
    };
    let pv: Vec<String> = info.pv.iter().map(|m| to_xboard(variant, m)).collect();
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.time.as_millis() / 10,
        info.nodes,
        pv.join(" ")
    )
}

/// `level`'s base time: minutes, or minutes:seconds, at most [`MAX_TIME`].
fn minutes_seconds(text: &str) -> Result<Duration, String> {
    let (minutes, secs) = text.split_once(':').unwrap_or((text, "0"));
    let limit = MAX_TIME.as_secs();
    let minutes = whole(minutes, "base minutes", 0, limit / 60)?;
    let secs = whole(secs, "base seconds", 0, limit)?;
    let total = minutes * 60 + secs;
    if total > limit {
        return Err(format!("bad base time {text:?}: at most {limit} seconds"));
    }
    Ok(Duration::from_secs(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_times_parse() {
        assert_eq!(minutes_seconds("5"), Ok(Duration::from_secs(300)));
        assert_eq!(minutes_seconds("0:30"), Ok(Duration::from_secs(30)));
        for bad in ["x", "-1", "1:-5", "99999999999999999999", "525600:1", "0:99999999999"] {
            assert!(minutes_seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(minutes_seconds("525600"), Ok(MAX_TIME));
    }

    #[test]
    fn mate_scores_follow_the_xboard_convention() {
        let info = |score| Info {
            depth: 3,
            seldepth: 5,
            score,
            nodes: 1234,
            nps: 0,
            time: Duration::from_millis(250),
            pv: vec!["e2e4".into()],
            hashfull: 0,
            multipv: 1,
        };
        assert_eq!(thinking_line(Variant::Chess, &info(Score::Cp(-15))), "3 -15 25 1234 e2e4");
        assert_eq!(thinking_line(Variant::Chess, &info(Score::Mate(2))), "3 100002 25 1234 e2e4");
        assert_eq!(thinking_line(Variant::Chess, &info(Score::Mate(-3))), "3 -100003 25 1234 e2e4");
    }
}
