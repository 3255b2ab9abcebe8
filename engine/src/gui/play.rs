//! One tab's table: the game, who plays each side, the descriptions of the moves played
//! (so the page can draw what each did), the clocks, the searches Sissa runs for it and the
//! engines of the match runner that play a side.

use super::clock::Clocks;
use super::file_variant_claims::FileVariantClaim;
use super::seat::{EngineSeat, SeatAnswer};
use super::wire::{self, Reply};
use super::ACTIVE_SEARCHES;
use crate::matches::engine_spec::{EngineKind, EngineSpec};
use crate::matches::pgn;
use crate::matches::player::{Failure, TimeSettings};
use crate::matches::referee::failure_result;
use crate::protocol::input::Event;
use crate::protocol::session::Session;
use crate::protocol::thinking::{new_thinker, Clock, Limits};
use serde_json::{json, Value};
use sissa_movegen::geometry::Color;
use sissa_movegen::{Game, MoveDescription, Setup};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

/// Hash table per tab: several tabs share the machine.
const TAB_HASH_MB: usize = 16;
/// Longest fixed search time a page may ask for.
const MAX_MOVETIME_MS: u64 = 600_000;
const MAX_DEPTH: u32 = 64;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    /// Sissa searching in the tab's own session (its progress is shown live).
    Sissa,
    /// An engine of the match runner (`random`, `sissa:Depth=3`, `uci:COMMAND`, ...).
    Engine(EngineSpec),
}

impl Player {
    /// `human`, `sissa` or an engine spec as `sissa match` takes it. Commands (`uci:`,
    /// `xboard:`) and Sissa with options only where `commands` allows them: the server runs
    /// what the page typed.
    fn parse(text: &str, commands: bool) -> Result<Player, String> {
        match text.trim() {
            "human" => return Ok(Player::Human),
            "sissa" => return Ok(Player::Sissa),
            _ => {}
        }
        let spec: EngineSpec = text.parse()?;
        // Sissa with its own options may ask for any table size and thread count: on a server
        // others can reach, only the random mover is let in besides the tab's own Sissa.
        if !commands && spec.kind != EngineKind::Random {
            return Err(format!(
                "engine {text:?} refused: engine commands and Sissa with its own options run \
                 only on a server listening on this machine (127.0.0.1 or localhost)"
            ));
        }
        Ok(Player::Engine(spec))
    }

    fn name(&self) -> &str {
        match self {
            Player::Human => "Human",
            Player::Sissa => "Sissa",
            Player::Engine(spec) => &spec.name,
        }
    }

    /// The page's name for it: `human`, `sissa` or the engine's name.
    fn label(&self) -> &str {
        match self {
            Player::Human => "human",
            Player::Sissa => "sissa",
            Player::Engine(spec) => &spec.name,
        }
    }
}

/// Counts a running search from its start until its thread has let go of its callback.
struct SearchGuard;

impl SearchGuard {
    fn new() -> SearchGuard {
        ACTIVE_SEARCHES.fetch_add(1, Ordering::SeqCst);
        SearchGuard
    }
}

impl Drop for SearchGuard {
    fn drop(&mut self) {
        ACTIVE_SEARCHES.fetch_sub(1, Ordering::SeqCst);
    }
}

pub struct Table {
    session: Session,
    played: Vec<MoveDescription>,
    players: [Player; 2],
    /// Sissa's fixed limit (time per move or depth) when the game has no clocks.
    limits: Limits,
    clocks: Option<Clocks>,
    /// A result the rules did not give: a flag fall, an engine's failure (result, reason).
    ended: Option<(String, String)>,
    analysing: bool,
    infos: Sender<String>,
    /// The engines playing a side, by colour.
    seats: [Option<EngineSeat>; 2],
    answers: Sender<SeatAnswer>,
    answer_inbox: Receiver<SeatAnswer>,
    /// The engine request whose answer is awaited (older answers are dropped).
    asked: Option<u64>,
    asks: u64,
    /// The variant from a file this tab plays, if any, kept from other tabs.
    file_claim: FileVariantClaim,
    /// Whether the page may name engine commands to run.
    commands: bool,
}

impl Table {
    pub fn new(events: Sender<Event>, infos: Sender<String>) -> Table {
        let mut session = Session::new(new_thinker(), events);
        // A tab's table is small; if even that cannot be had, the session keeps the one it has.
        if let Err(e) = session.set_hash_mb(TAB_HASH_MB) {
            log::warn!("tab table of {TAB_HASH_MB} MB: {e}");
        }
        let (answers, answer_inbox) = mpsc::channel();
        Table {
            session,
            played: Vec::new(),
            players: [Player::Human, Player::Sissa],
            limits: Limits::movetime(Duration::from_millis(1000)),
            clocks: None,
            ended: None,
            analysing: false,
            infos,
            seats: [None, None],
            answers,
            answer_inbox,
            asked: None,
            asks: 0,
            file_claim: FileVariantClaim::new(),
            commands: false,
        }
    }

    /// Lets the page have engine commands (`uci:...`, `xboard:...`) run: only for a server
    /// that listens on this machine alone, since the command runs with the server's rights.
    pub fn allow_engine_commands(&mut self, allowed: bool) {
        self.commands = allowed;
    }

    /// Answers one message from the page.
    pub fn handle(&mut self, message: &Value) -> Vec<Reply> {
        let ended_before = self.ended.is_some();
        let kind = message.get("type").and_then(Value::as_str).unwrap_or("");
        let result = match kind {
            "state" => Ok(()),
            "new" => self.new_game(message),
            "move" => self.play_text(message),
            "undo" => self.undo(),
            "players" => self.set_players(message),
            "go" => self.go(),
            "stop" => self.stop(),
            "analyse" => self.analyse(message),
            "export" => return vec![Reply::Pgn(self.pgn())],
            "import" => self.import(message),
            "validate" => return vec![super::editor::validate(message, &self.file_claim)],
            "" => Err("a message needs a \"type\"".to_string()),
            other => Err(format!("unknown message type {other:?}")),
        };
        match result {
            Ok(()) => {
                self.continue_play();
                vec![self.state()]
            }
            // A move refused because the mover's flag had fallen ends the game: say both.
            Err(reason) if self.ended.is_some() && !ended_before => {
                vec![Reply::Error(reason), self.state()]
            }
            Err(reason) => vec![Reply::Error(reason)],
        }
    }

    /// A search finished: Sissa's move is played, or the analysis ends.
    pub fn search_done(&mut self, id: u64) -> Vec<Reply> {
        let Some(result) = self.session.collect(id) else { return Vec::new() };
        if self.analysing {
            return Vec::new();
        }
        let Some(best) = result.best else { return vec![self.state()] };
        match self.play(&best) {
            // A flag that fell meanwhile ended the game; the state says so.
            Err(reason) if self.ended.is_none() => vec![self.state(), Reply::Error(reason)],
            _ => {
                self.continue_play();
                vec![self.state()]
            }
        }
    }

    /// What is due without a message: a clock that fell, an engine's move.
    pub fn tick(&mut self) -> Vec<Reply> {
        let mut replies = Vec::new();
        let answers: Vec<SeatAnswer> = self.answer_inbox.try_iter().collect();
        for answer in answers {
            replies.extend(self.engine_answered(answer));
        }
        if self.check_flag() {
            replies.push(self.state());
        }
        replies
    }

    /// Stops every search of this tab and its clocks, and lets its engines go (the tab
    /// closed); a side an engine played is a human's from then on.
    pub fn close(&mut self) {
        self.session.abort();
        if let Some(clocks) = &mut self.clocks {
            clocks.pause();
        }
        self.asked = None;
        for (seat, player) in self.seats.iter_mut().zip(&mut self.players) {
            if seat.take().is_some() {
                *player = Player::Human;
            }
        }
    }

    fn new_game(&mut self, message: &Value) -> Result<(), String> {
        let variant = self.file_claim.for_game(text(message, "variant").unwrap_or("chess"))?;
        let seed = message.get("seed").and_then(Value::as_u64).unwrap_or(0);
        let symmetry = text(message, "symmetry").unwrap_or("mirror").parse()?;
        let fen = text(message, "fen").map(str::trim).filter(|f| !f.is_empty());
        let game = match fen {
            Some(fen) => Game::from_fen(variant, fen).map_err(|e| format!("bad FEN: {e}"))?,
            None => Game::new(variant, Setup { seed, symmetry }),
        };
        self.set_players(message)?;
        self.start_game(game);
        Ok(())
    }

    fn start_game(&mut self, game: Game) {
        self.analysing = false;
        self.session.abort();
        self.session.set_game(game);
        self.played.clear();
        self.ended = None;
        self.asked = None;
        if let Some(clocks) = &mut self.clocks {
            *clocks = Clocks::new(clocks.time());
        }
    }

    /// Who plays each side and how long Sissa thinks (a time control `tc`, BASE+INC in
    /// seconds, or a fixed `movetime` in ms or `depth`); unchanged where the message is
    /// silent. Checked whole before anything changes.
    fn set_players(&mut self, message: &Value) -> Result<(), String> {
        let mut players = self.players.clone();
        for (i, side) in ["white", "black"].iter().enumerate() {
            match message.get(*side) {
                None => {}
                Some(Value::String(name)) => players[i] = Player::parse(name, self.commands)?,
                Some(_) => return Err(format!("{side} must be a string")),
            }
        }
        let control = match message.get("tc") {
            None | Some(Value::Null) => None,
            Some(Value::String(tc)) => Some(tc.parse::<TimeSettings>()?),
            Some(_) => return Err("tc must be a string BASE+INC in seconds, like 300+2".into()),
        };
        let depth = message.get("depth").and_then(Value::as_u64);
        let movetime = message.get("movetime").and_then(Value::as_u64);
        let fixed = depth.is_some() || movetime.is_some();
        let clocked = control.is_some() || (!fixed && self.clocks.is_some());
        if !clocked && players.iter().any(|p| matches!(p, Player::Engine(_))) {
            return Err("an engine plays under a clock: give a time control (tc)".into());
        }
        if let Some(depth) = depth {
            self.limits = Limits::depth((depth as u32).clamp(1, MAX_DEPTH));
        }
        if let Some(ms) = movetime {
            self.limits = Limits::movetime(Duration::from_millis(ms.clamp(10, MAX_MOVETIME_MS)));
        }
        if let Some(time) = control {
            if self.clocks.as_ref().is_none_or(|c| c.time() != time) {
                self.clocks = Some(Clocks::new(time));
            }
        } else if fixed {
            self.clocks = None;
        }
        self.seat_players(players);
        Ok(())
    }

    /// Takes the new players; an engine newly named for a side starts on its own thread.
    fn seat_players(&mut self, players: [Player; 2]) {
        for (i, player) in players.into_iter().enumerate() {
            if self.players[i] == player {
                continue;
            }
            self.seats[i] = match &player {
                Player::Engine(spec) => {
                    Some(EngineSeat::start(spec, color(i), self.answers.clone()))
                }
                _ => None,
            };
            if i == self.session.game.side().index() {
                self.asked = None;
            }
            self.players[i] = player;
        }
    }

    fn play_text(&mut self, message: &Value) -> Result<(), String> {
        let mv = text(message, "move").ok_or("a move message needs \"move\"")?;
        let to_move = &self.players[self.session.game.side().index()];
        if *to_move != Player::Human {
            return Err(format!("it is {}'s turn", to_move.name()));
        }
        self.session.abort();
        self.play(mv)
    }

    /// Plays a legal move and keeps its description, and presses the mover's clock; the
    /// reason if it is refused (the game is over, the mover's flag has fallen, illegal).
    fn play(&mut self, mv: &str) -> Result<(), String> {
        if self.check_flag() {
            return Err(format!("too late: {}", self.ended_text()));
        }
        if self.ended.is_some() {
            return Err(format!("the game is over: {}", self.ended_text()));
        }
        let game = &mut self.session.game;
        let side = game.side();
        // An engine's move may be written in another accepted form (castling as O-O).
        let mv = game.position().canonical_move(mv).unwrap_or_else(|| mv.to_string());
        let description = game
            .position()
            .legal_move_descriptions()
            .into_iter()
            .find(|d| d.notation == mv)
            .ok_or_else(|| refusal(game, &mv))?;
        game.play(&mv)?;
        self.played.push(description);
        if let Some(clocks) = &mut self.clocks {
            clocks.moved(side);
        }
        Ok(())
    }

    /// Takes back the last move and its clock time (the clocks return to what they showed
    /// when that position was reached); a game ended by a flag or an engine's failure goes
    /// on from there.
    fn undo(&mut self) -> Result<(), String> {
        self.session.abort();
        if !self.take_back_one() {
            return Err("no move to take back".to_string());
        }
        self.ended = None;
        self.asked = None;
        // Taking back a move against Sissa or an engine takes back its reply with it.
        let human = |t: &Table| t.players[t.session.game.side().index()] == Player::Human;
        if !human(self) && self.players.contains(&Player::Human) {
            self.take_back_one();
        }
        Ok(())
    }

    fn take_back_one(&mut self) -> bool {
        if !self.session.game.undo() {
            return false;
        }
        self.played.pop();
        if let Some(clocks) = &mut self.clocks {
            clocks.take_back();
        }
        true
    }

    fn go(&mut self) -> Result<(), String> {
        if self.is_over() {
            return Err("the game is over".to_string());
        }
        self.analysing = false;
        self.search(self.sissa_limits());
        Ok(())
    }

    fn stop(&mut self) -> Result<(), String> {
        self.analysing = false;
        self.session.abort();
        Ok(())
    }

    fn is_over(&self) -> bool {
        self.ended.is_some() || self.session.game.outcome().is_some()
    }

    fn ended_text(&self) -> String {
        match &self.ended {
            Some((result, reason)) => format!("{result} ({reason})"),
            None => "the game goes on".to_string(),
        }
    }

    /// If the running clock has fallen, the game ends: its side loses on time. True then.
    fn check_flag(&mut self) -> bool {
        let Some(side) = self.clocks.as_ref().and_then(Clocks::flagged) else { return false };
        let name = self.players[side.index()].name().to_string();
        self.end(failure_result(side, &name, &Failure::TimedOut));
        true
    }

    /// Ends the game with a result the rules did not give; searches and clocks stop.
    fn end(&mut self, (result, reason): (crate::matches::referee::GameResult, String)) {
        self.ended = Some((result.pgn().to_string(), reason));
        self.session.abort();
        self.asked = None;
        if let Some(clocks) = &mut self.clocks {
            clocks.pause();
        }
    }

    /// Sissa's limits for the side to move: its clock when the game has clocks (the
    /// engine's own time manager shares it out, as with UCI's `go wtime ... winc ...`),
    /// else the fixed time or depth.
    fn sissa_limits(&self) -> Limits {
        let Some(clocks) = &self.clocks else { return self.limits.clone() };
        let side = self.session.game.side();
        let clock = Clock {
            remaining: clocks.left(side),
            increment: clocks.time().increment,
            moves_to_go: None,
        };
        Limits { clock: Some(clock), ..Limits::default() }
    }

    /// An engine's answer: its move is played, or its failure ends the game.
    fn engine_answered(&mut self, answer: SeatAnswer) -> Vec<Reply> {
        let side = answer.side;
        let name = self.players[side.index()].name().to_string();
        if answer.id == 0 {
            // The engine could not start: the side goes back to a human.
            self.seats[side.index()] = None;
            self.players[side.index()] = Player::Human;
            let failure = answer.answer.err().map(|f| f.to_string()).unwrap_or_default();
            return vec![Reply::Error(format!("engine {name} {failure}")), self.state()];
        }
        if self.asked != Some(answer.id) {
            return Vec::new();
        }
        self.asked = None;
        if let Some(clocks) = &mut self.clocks {
            clocks.give_back(side, answer.setup);
        }
        match answer.answer {
            Ok(mv) => {
                if let Err(why) = self.play(&mv) {
                    if self.ended.is_none() {
                        let illegal = Failure::Protocol(format!("illegal move {mv}: {why}"));
                        self.end(failure_result(side, &name, &illegal));
                    }
                }
            }
            Err(failure) => self.end(failure_result(side, &name, &failure)),
        }
        self.continue_play();
        vec![self.state()]
    }

    fn analyse(&mut self, message: &Value) -> Result<(), String> {
        let on = message.get("on").and_then(Value::as_bool).unwrap_or(true);
        self.session.abort();
        self.analysing = on;
        if on && self.session.game.outcome().is_none() {
            let multipv = message.get("multipv").and_then(Value::as_u64).unwrap_or(1);
            let limits = Limits {
                infinite: true,
                multipv: multipv.clamp(1, 8) as usize,
                ..Limits::default()
            };
            self.search(limits);
        }
        Ok(())
    }

    /// After a change: the clock of the side to move runs (none while the game is over or
    /// analysed), and if Sissa or an engine is to move, it starts thinking.
    fn continue_play(&mut self) {
        let over = self.is_over();
        let side = self.session.game.side();
        if let Some(clocks) = &mut self.clocks {
            if over || self.analysing {
                clocks.pause();
            } else {
                clocks.run(side);
            }
        }
        if over || self.analysing {
            return;
        }
        match &self.players[side.index()] {
            Player::Human => {}
            Player::Sissa if !self.session.is_searching() => self.search(self.sissa_limits()),
            Player::Sissa => {}
            Player::Engine(_) if self.asked.is_none() => self.ask_engine(side),
            Player::Engine(_) => {}
        }
    }

    /// Asks the engine playing `side` for its move, under the clocks.
    fn ask_engine(&mut self, side: Color) {
        let (Some(seat), Some(clocks)) = (&self.seats[side.index()], &self.clocks) else {
            return;
        };
        self.asks += 1;
        let (own, opponent) = (clocks.left(side), clocks.left(side.flip()));
        if seat.ask(self.asks, &self.session.game, own, opponent, clocks.time()) {
            self.asked = Some(self.asks);
        }
    }

    fn search(&mut self, limits: Limits) {
        let infos = self.infos.clone();
        let guard = SearchGuard::new();
        self.session.start(
            limits,
            Box::new(move |info| {
                let _held = &guard;
                let _ = infos.send(wire::info(info));
            }),
        );
    }

    fn import(&mut self, message: &Value) -> Result<(), String> {
        let text = text(message, "pgn").ok_or("an import message needs \"pgn\"")?;
        let games = pgn::read_games(text)?;
        let record = games.first().ok_or("no game in the PGN")?;
        let variant = self.file_claim.for_game(record.tag("Variant").unwrap_or("chess"))?;
        let mut game = match record.tag("FEN") {
            Some(fen) => Game::from_fen(variant, fen).map_err(|e| format!("bad FEN tag: {e}"))?,
            None => Game::new(variant, Setup::default()),
        };
        let mut played = Vec::new();
        for mv in &record.moves {
            let found =
                game.position().legal_move_descriptions().into_iter().find(|d| d.notation == *mv);
            let description = found.ok_or_else(|| format!("illegal move {mv} in the PGN"))?;
            game.play(mv)?;
            played.push(description);
        }
        self.seat_players([Player::Human, Player::Human]);
        self.start_game(game);
        self.played = played;
        Ok(())
    }

    /// The game in the form `sissa match --pgn` writes.
    fn pgn(&self) -> String {
        let game = &self.session.game;
        wire::pgn(game, self.players[0].name(), self.players[1].name())
    }

    pub fn state(&self) -> Reply {
        let sissa = [0, 1].map(|i| self.players[i] == Player::Sissa);
        let mut state = wire::state(&self.session.game, &self.played, sissa, self.analysing);
        state["players"] =
            json!({"white": self.players[0].label(), "black": self.players[1].label()});
        state["clocks"] = self.clocks.as_ref().map_or(Value::Null, Clocks::to_json);
        if let Some((result, reason)) = &self.ended {
            state["outcome"] = json!({"result": result, "reason": reason});
            state["legal"] = json!([]);
        }
        Reply::State(state)
    }
}

fn color(index: usize) -> Color {
    if index == 0 {
        Color::White
    } else {
        Color::Black
    }
}

fn text<'a>(message: &'a Value, key: &str) -> Option<&'a str> {
    message.get(key).and_then(Value::as_str)
}

/// Why `mv` cannot be played: the game is over, the squares are wrong, or no legal move of
/// the piece goes there.
fn refusal(game: &Game, mv: &str) -> String {
    if let Some(outcome) = game.outcome() {
        let (result, reason) = sissa_movegen::game::result_text(outcome);
        return format!("the game is over: {result} ({reason})");
    }
    let moves = game.position().legal_move_descriptions();
    let dims = game.variant().dims();
    // The first square of the text: a file letter and its rank's digits (`j10`).
    let rest = mv.get(1..).unwrap_or("");
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let from = mv.get(..1 + digits).and_then(|s| dims.parse_square(s));
    let side = match game.side() {
        Color::White => "White",
        Color::Black => "Black",
    };
    match from {
        Some(sq) if !moves.iter().any(|d| d.from == sq) => {
            format!("{mv} is illegal: no legal move of {side} starts on {}", dims.square_name(sq))
        }
        _ => format!("{mv} is illegal in this position"),
    }
}
