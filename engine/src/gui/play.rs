//! One tab's table: the game, who plays each side, the descriptions of the moves played
//! (so the page can draw what each did), and the searches Sissa runs for it.

use super::wire::{self, Reply};
use super::ACTIVE_SEARCHES;
use crate::matches::pgn;
use crate::protocol::input::Event;
use crate::protocol::session::Session;
use crate::protocol::thinking::{new_thinker, Limits};
use serde_json::Value;
use sissa_movegen::geometry::Color;
use sissa_movegen::{Game, MoveDescription, Setup, Variant};
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;
use std::time::Duration;

/// Hash table per tab: several tabs share the machine.
const TAB_HASH_MB: usize = 16;
/// Longest fixed search time a page may ask for.
const MAX_MOVETIME_MS: u64 = 600_000;
const MAX_DEPTH: u32 = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Sissa,
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
    limits: Limits,
    analysing: bool,
    infos: Sender<String>,
}

impl Table {
    pub fn new(events: Sender<Event>, infos: Sender<String>) -> Table {
        let mut session = Session::new(new_thinker(), events);
        // A tab's table is small; if even that cannot be had, the session keeps the one it has.
        if let Err(e) = session.set_hash_mb(TAB_HASH_MB) {
            log::warn!("tab table of {TAB_HASH_MB} MB: {e}");
        }
        Table {
            session,
            played: Vec::new(),
            players: [Player::Human, Player::Sissa],
            limits: Limits::movetime(Duration::from_millis(1000)),
            analysing: false,
            infos,
        }
    }

    /// Answers one message from the page.
    pub fn handle(&mut self, message: &Value) -> Vec<Reply> {
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
            "" => Err("a message needs a \"type\"".to_string()),
            other => Err(format!("unknown message type {other:?}")),
        };
        match result {
            Ok(()) => {
                let replies = vec![self.state()];
                self.continue_play();
                replies
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
        if let Err(reason) = self.play(&best) {
            return vec![Reply::Error(reason)];
        }
        let replies = vec![self.state()];
        self.continue_play();
        replies
    }

    /// Stops every search of this tab (the tab closed).
    pub fn close(&mut self) {
        self.session.abort();
    }

    fn new_game(&mut self, message: &Value) -> Result<(), String> {
        let variant: Variant = text(message, "variant").unwrap_or("chess").parse()?;
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
    }

    /// Who plays each side and how long Sissa thinks; unchanged where the message is silent.
    fn set_players(&mut self, message: &Value) -> Result<(), String> {
        for (i, side) in ["white", "black"].iter().enumerate() {
            match text(message, side) {
                None => {}
                Some("human") => self.players[i] = Player::Human,
                Some("sissa") => self.players[i] = Player::Sissa,
                Some(other) => {
                    return Err(format!("{side} must be \"human\" or \"sissa\", not {other:?}"))
                }
            }
        }
        if let Some(depth) = message.get("depth").and_then(Value::as_u64) {
            self.limits = Limits::depth((depth as u32).clamp(1, MAX_DEPTH));
        }
        if let Some(ms) = message.get("movetime").and_then(Value::as_u64) {
            self.limits = Limits::movetime(Duration::from_millis(ms.clamp(10, MAX_MOVETIME_MS)));
        }
        Ok(())
    }

    fn play_text(&mut self, message: &Value) -> Result<(), String> {
        let mv = text(message, "move").ok_or("a move message needs \"move\"")?;
        if self.players[self.session.game.side().index()] == Player::Sissa {
            return Err("it is Sissa's turn".to_string());
        }
        self.session.abort();
        self.play(mv)
    }

    /// Plays a legal move and keeps its description; the reason if it is refused.
    fn play(&mut self, mv: &str) -> Result<(), String> {
        let game = &mut self.session.game;
        let description = game
            .position()
            .legal_move_descriptions()
            .into_iter()
            .find(|d| d.notation == mv)
            .ok_or_else(|| refusal(game, mv))?;
        game.play(mv)?;
        self.played.push(description);
        Ok(())
    }

    fn undo(&mut self) -> Result<(), String> {
        self.session.abort();
        if !self.session.game.undo() {
            return Err("no move to take back".to_string());
        }
        self.played.pop();
        // Taking back a move against Sissa takes back Sissa's reply with it.
        let human = |t: &Table| t.players[t.session.game.side().index()] == Player::Human;
        if !human(self) && self.players.contains(&Player::Human) && self.session.game.undo() {
            self.played.pop();
        }
        Ok(())
    }

    fn go(&mut self) -> Result<(), String> {
        if self.session.game.outcome().is_some() {
            return Err("the game is over".to_string());
        }
        self.analysing = false;
        self.search(self.limits.clone());
        Ok(())
    }

    fn stop(&mut self) -> Result<(), String> {
        self.analysing = false;
        self.session.abort();
        Ok(())
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

    /// After a change: if Sissa is to move (and no analysis runs), it starts thinking.
    fn continue_play(&mut self) {
        let game = &self.session.game;
        let sissa = self.players[game.side().index()] == Player::Sissa;
        if sissa && !self.analysing && game.outcome().is_none() && !self.session.is_searching() {
            self.search(self.limits.clone());
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
        let variant: Variant = record.tag("Variant").unwrap_or("chess").parse()?;
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
        self.players = [Player::Human, Player::Human];
        self.start_game(game);
        self.played = played;
        Ok(())
    }

    /// The game in the form `sissa match --pgn` writes.
    fn pgn(&self) -> String {
        let game = &self.session.game;
        let name = |p: Player| match p {
            Player::Human => "Human",
            Player::Sissa => "Sissa",
        };
        wire::pgn(game, name(self.players[0]), name(self.players[1]))
    }

    pub fn state(&self) -> Reply {
        let players = self.players.map(|p| p == Player::Sissa);
        Reply::State(wire::state(&self.session.game, &self.played, players, self.analysing))
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
