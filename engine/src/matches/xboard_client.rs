//! The GUI side of the XBoard protocol (version 2): Sissa drives an external engine that
//! speaks XBoard, as a [`Player`].
//!
//! The engine is kept in force mode until its first turn, so opening moves and a start
//! position reach it without it moving; from its first `go` on it answers each of its
//! opponent's moves with its own. Notation: XBoard numbers ranks from 0 on boards with ten
//! ranks (RULES.md section 0), so moves are translated both ways on such boards.

use super::player::{seconds_text, Failure, Interrupt, Player, TimeSettings, TurnClock};
use super::process::{EngineProcess, ReadError};
use super::xboard_view::EngineView;
use crate::protocol::xboard_notation::from_xboard;
use sissa_movegen::{Game, Variant};
use std::time::{Duration, Instant};

/// How long an engine may take to start, answer `protover` or `ping`.
const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// What to do when the engine refuses a move that Sissa's rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RejectPolicy {
    /// The engine loses the game: it cannot follow the rules.
    #[default]
    Lose,
    /// Send the engine the position after the move with `setboard` and carry on (for an
    /// engine that knows the variant only approximately, such as Fairy-Max without castling).
    Resync,
}

pub struct XboardPlayer {
    process: EngineProcess,
    name: String,
    features: Features,
    reject_policy: RejectPolicy,
    /// How many of the game's moves the engine has been told (or made itself).
    sent: usize,
    /// Has the engine been told `go` in this game?
    started: bool,
    ten_ranks: bool,
    ping_counter: u32,
    time: TimeSettings,
    /// The game as the engine has been shown it, to read its moves.
    view: Option<EngineView>,
}

/// The `feature` values the engine announced that matter here.
#[derive(Debug, Default)]
struct Features {
    usermove: bool,
    ping: bool,
    setboard: bool,
    variants: Option<Vec<String>>,
    /// The names of the options the engine declared (`feature option="Name -spin ..."`).
    options: Vec<String>,
}

impl XboardPlayer {
    /// Starts the engine and sets `options` (name, value), which it must have declared.
    pub fn start(
        argv: &[String],
        name: String,
        reject_policy: RejectPolicy,
        options: &[(String, String)],
    ) -> Result<XboardPlayer, Failure> {
        let process = EngineProcess::spawn(argv).map_err(Failure::Crashed)?;
        let mut player = XboardPlayer {
            process,
            name,
            features: Features::default(),
            reject_policy,
            sent: 0,
            started: false,
            ten_ranks: false,
            ping_counter: 0,
            time: TimeSettings { base: Duration::from_secs(60), increment: Duration::ZERO },
            view: None,
        };
        player.handshake()?;
        for (name, value) in options {
            player.set_option(name, value)?;
        }
        Ok(player)
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), Failure> {
        if !self.features.options.iter().any(|o| o.eq_ignore_ascii_case(name)) {
            return Err(Failure::Protocol(format!("engine has no option {name:?}")));
        }
        self.send(&format!("option {name}={value}"))
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.process.send(line).map_err(read_failure)
    }

    /// `xboard`, `protover 2`, then the features until `done=1` (or silence: a protocol 1
    /// engine announces nothing, and gets the defaults).
    fn handshake(&mut self) -> Result<(), Failure> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let deadline = Instant::now() + HANDSHAKE_TIME;
        let mut silence_deadline = Instant::now() + Duration::from_secs(2);
        loop {
            let line = match self.process.read_line(silence_deadline.min(deadline)) {
                Ok(line) => line,
                Err(ReadError::TimedOut) => return Ok(()),
                Err(e) => return Err(read_failure(e)),
            };
            if let Some(rest) = line.trim().strip_prefix("feature ") {
                silence_deadline = deadline;
                if self.take_features(rest)? {
                    return Ok(());
                }
            }
        }
    }

    /// Records and accepts the features of one `feature` line; true on `done=1`.
    fn take_features(&mut self, text: &str) -> Result<bool, Failure> {
        let mut done = false;
        for (key, value) in parse_features(text) {
            match key.as_str() {
                "usermove" => self.features.usermove = value == "1",
                "ping" => self.features.ping = value == "1",
                "setboard" => self.features.setboard = value == "1",
                "variants" => {
                    self.features.variants =
                        Some(value.split(',').map(|v| v.trim().to_string()).collect())
                }
                "option" => self.features.options.push(option_name(&value).to_string()),
                "done" => done = value == "1",
                _ => {}
            }
            if key != "done" {
                self.send(&format!("accepted {key}"))?;
            }
        }
        Ok(done)
    }

    /// Waits until the engine has read everything sent so far.
    fn sync(&mut self) -> Result<(), Failure> {
        self.sync_noting_rejections().map(|_| ())
    }

    /// [`Self::sync`], returning the first move the engine refused on the way (a move of the
    /// opening, sent in force mode, whose refusal would otherwise go unnoticed).
    fn sync_noting_rejections(&mut self) -> Result<Option<String>, Failure> {
        if !self.features.ping {
            return Ok(None);
        }
        self.ping_counter += 1;
        let n = self.ping_counter;
        self.send(&format!("ping {n}"))?;
        let pong = format!("pong {n}");
        let deadline = Instant::now() + HANDSHAKE_TIME;
        let mut rejected = None;
        self.process
            .read_until(deadline, |line| {
                let line = line.trim();
                if rejected.is_none() && is_rejection(line) {
                    rejected = Some(rejected_move(line));
                }
                line == pong
            })
            .map_err(read_failure)?;
        Ok(rejected)
    }

    fn variant_name(variant: Variant) -> &'static str {
        match variant {
            Variant::Chess => "normal",
            other => other.name(),
        }
    }

    fn send_move(&mut self, mv: &str) -> Result<(), Failure> {
        let text = match &mut self.view {
            Some(view) => view.tell(mv),
            None if self.ten_ranks => shift_ranks(mv, -1),
            None => mv.to_string(),
        };
        if self.features.usermove {
            self.send(&format!("usermove {text}"))
        } else {
            self.send(&text)
        }
    }

    /// Puts the engine on the game's current position without history (after it refused a
    /// legal move, with [`RejectPolicy::Resync`]) and lets it move.
    fn resync(&mut self, game: &Game, clock: &TurnClock) -> Result<(), Failure> {
        self.reset_to(game)?;
        self.send(&format!("time {}", centiseconds(clock.own)))?;
        self.send(&format!("otim {}", centiseconds(clock.opponent)))?;
        self.send("go")
    }

    /// Sets up the game's current position in force mode and waits for the engine. A move
    /// the engine made meanwhile (answering a `go` sent with the refused move) comes before
    /// the pong, and is skipped with everything else.
    fn reset_to(&mut self, game: &Game) -> Result<(), Failure> {
        self.send("force")?;
        if !self.features.setboard {
            // Edit mode cannot change the side to move; start over from a new game.
            self.start_game(game.variant())?;
        }
        self.set_position(game.variant(), &game.position().to_fen())?;
        self.view = Some(EngineView::new(game));
        self.sent = game.moves().len();
        self.sync()
    }

    /// `new`, the variant and the time control, leaving the engine in force mode.
    fn start_game(&mut self, variant: Variant) -> Result<(), Failure> {
        self.send("new")?;
        if variant != Variant::Chess {
            self.send(&format!("variant {}", Self::variant_name(variant)))?;
        }
        self.send("easy")?;
        let time = self.time;
        self.send(&format!(
            "level 0 {} {}",
            minutes_text(time.base),
            seconds_text(time.increment)
        ))?;
        self.send("force")
    }

    /// Sets up `fen` in force mode: with `setboard`, or else with edit mode after a new game,
    /// a waiting move by White first when Black is to move (the protocol's own recipe).
    fn set_position(&mut self, variant: Variant, fen: &str) -> Result<(), Failure> {
        if self.features.setboard {
            return self.send(&format!("setboard {fen}"));
        }
        // The waiting move is wiped out by the set-up that follows.
        self.view = None;
        if fen.split_whitespace().nth(1) == Some("b") {
            let waiting = waiting_move(variant).ok_or_else(|| {
                Failure::Protocol("no way to set up Black to move without setboard".into())
            })?;
            self.send_move(&waiting)?;
        }
        for line in edit_commands(fen, self.ten_ranks).map_err(Failure::Protocol)? {
            self.send(&line)?;
        }
        Ok(())
    }

    /// Reads until the engine's move; its answers to anything else are handled on the way.
    fn await_move(&mut self, game: &Game, clock: &TurnClock) -> Result<String, Failure> {
        loop {
            let line = self.process.read_line(clock.deadline).map_err(read_failure)?;
            let line = line.trim();
            let mut words = line.split_whitespace();
            match words.next() {
                Some("move") => {
                    let mv = words.next().ok_or_else(|| Failure::Protocol(line.to_string()))?;
                    self.sent = game.moves().len() + 1;
                    let read = match (castling_move(game, mv), &self.view) {
                        (Some(castling), _) => castling,
                        (None, Some(view)) => view.read(mv),
                        (None, None) => from_xboard(game.variant(), mv),
                    };
                    if let (Some(view), Some(played)) =
                        (&mut self.view, game.position().canonical_move(&read))
                    {
                        view.moved(&played);
                    }
                    return Ok(read);
                }
                Some("resign") => return Err(Failure::Resigned),
                Some("1-0" | "0-1" | "1/2-1/2") => return Err(Failure::Claimed(line.to_string())),
                Some(_) if is_rejection(line) => match self.reject_policy {
                    RejectPolicy::Lose => return Err(Failure::RejectedMove(rejected_move(line))),
                    RejectPolicy::Resync => self.resync(game, clock)?,
                },
                _ => {} // thinking output, tellusers, errors about optional commands
            }
        }
    }
}

impl Player for XboardPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, game: &Game, time: &TimeSettings) -> Result<(), Failure> {
        let variant = game.variant();
        let vname = Self::variant_name(variant);
        if let Some(list) = &self.features.variants {
            if !list.iter().any(|v| v == vname) {
                return Err(Failure::Protocol(format!("engine does not play variant {vname}")));
            }
        }
        self.ten_ranks = variant.dims().ranks == 10;
        // Whatever the engine said after the last game (a result claim, a late move) must
        // not be read as an answer in this one; the ping at the end skips the rest.
        self.process.drain();
        self.time = *time;
        self.start_game(variant)?;
        self.set_position(variant, game.start_fen())?;
        let mut start = game.clone();
        while start.undo() {}
        self.view = Some(EngineView::new(&start));
        self.sent = 0;
        self.started = false;
        for mv in game.moves().to_vec() {
            self.send_move(&mv)?;
            self.sent += 1;
        }
        match (self.sync_noting_rejections()?, self.reject_policy) {
            (None, _) => Ok(()),
            (Some(mv), RejectPolicy::Lose) => Err(Failure::RejectedMove(mv)),
            (Some(_), RejectPolicy::Resync) => self.reset_to(game),
        }
    }

    fn choose_move(&mut self, game: &Game, clock: &TurnClock) -> Result<String, Failure> {
        self.send(&format!("time {}", centiseconds(clock.own)))?;
        self.send(&format!("otim {}", centiseconds(clock.opponent)))?;
        let unsent: Vec<String> = game.moves()[self.sent.min(game.moves().len())..].to_vec();
        for mv in &unsent {
            self.send_move(mv)?;
        }
        self.sent = game.moves().len();
        if !self.started {
            self.send("go")?;
            self.started = true;
        }
        self.await_move(game, clock)
    }

    fn interrupt_handle(&self) -> Option<Interrupt> {
        Some(self.process.interrupt_handle())
    }

    fn game_over(&mut self, _game: &Game, result: &str, reason: &str) {
        let _ = self.process.send(&format!("result {result} {{{reason}}}"));
        let _ = self.process.send("force");
    }
}

impl Drop for XboardPlayer {
    fn drop(&mut self) {
        self.process.shutdown("quit");
    }
}

pub(super) fn read_failure(e: ReadError) -> Failure {
    match e {
        ReadError::TimedOut => Failure::TimedOut,
        ReadError::Closed(why) => Failure::Crashed(why),
    }
}

/// The king's move for `O-O` (towards the h side) or `O-O-O` (towards the a side), which some
/// engines send instead of the coordinate form: the legal king move along the back rank by
/// two or more files in that direction. `None` for any other text.
fn castling_move(game: &Game, text: &str) -> Option<String> {
    let towards_h = match text.replace('0', "O").as_str() {
        "O-O" => true,
        "O-O-O" => false,
        _ => return None,
    };
    let king = match game.side() {
        sissa_movegen::geometry::Color::White => 'K',
        sissa_movegen::geometry::Color::Black => 'k',
    };
    let from = king_square(&game.position().to_fen(), king)?;
    game.position().legal_moves().into_iter().find(|mv| {
        let Some((file, rank)) = mv.strip_prefix(&from).and_then(split_square) else {
            return false;
        };
        let (from_file, from_rank) = split_square(&from).unwrap_or(('a', ""));
        let shift = file as i32 - from_file as i32;
        rank == from_rank && if towards_h { shift >= 2 } else { shift <= -2 }
    })
}

/// `e1` -> ('e', "1"), for a square name without anything after it.
fn split_square(square: &str) -> Option<(char, &str)> {
    let mut chars = square.chars();
    let file = chars.next()?;
    let rank = chars.as_str();
    (file.is_ascii_lowercase() && !rank.is_empty() && rank.chars().all(|c| c.is_ascii_digit()))
        .then_some((file, rank))
}

/// The square of the piece `letter` in a FEN's board field.
fn king_square(fen: &str, letter: char) -> Option<String> {
    let rows: Vec<&str> = fen.split_whitespace().next()?.split('/').collect();
    for (i, row) in rows.iter().enumerate() {
        let (mut file, mut digits) = (0u32, String::new());
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            file += digits.parse::<u32>().unwrap_or(0);
            digits.clear();
            if c == letter {
                return Some(format!("{}{}", char::from(b'a' + file as u8), rows.len() - i));
            }
            if c.is_ascii_alphabetic() {
                file += 1;
            }
        }
    }
    None
}

/// `Illegal move: e2e4`, `Illegal move (reason): e2e4` or `Error (Illegal move ...): e2e4`:
/// the engine refused a move it was sent.
fn is_rejection(line: &str) -> bool {
    line.starts_with("Illegal move") || (line.starts_with("Error") && line.contains("llegal move"))
}

/// The move named in a rejection: the text after the last colon, without `usermove`.
fn rejected_move(line: &str) -> String {
    let text = line.rsplit(':').next().unwrap_or(line).trim();
    text.strip_prefix("usermove ").unwrap_or(text).trim().to_string()
}

/// `key=value` pairs of a feature line; values may be quoted and contain spaces.
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while let Some((key, after)) = rest.split_once('=') {
        let key = key.trim().to_string();
        let (value, next) = match after.strip_prefix('"') {
            Some(quoted) => quoted.split_once('"').unwrap_or((quoted, "")),
            None => after.split_once(char::is_whitespace).unwrap_or((after, "")),
        };
        out.push((key, value.to_string()));
        rest = next.trim_start();
    }
    out
}

/// The name in an option feature's value: `Use NNUE -check 1` -> `Use NNUE`.
fn option_name(declaration: &str) -> &str {
    declaration.split(" -").next().unwrap_or(declaration).trim()
}

/// The `edit` mode commands that set up a position for an engine without `setboard`: clear
/// the board, place White's pieces, `c` to switch colour, Black's pieces, `.` to leave. Edit
/// mode keeps the side to move and cannot give castling or en passant rights (the engine
/// infers castling from unmoved pieces).
pub fn edit_commands(fen: &str, ten_ranks: bool) -> Result<Vec<String>, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let rows: Vec<&str> = fields.first().ok_or("empty FEN")?.split('/').collect();
    let mut placements = [Vec::new(), Vec::new()];
    for (i, row) in rows.iter().enumerate() {
        let rank = rows.len() - i - usize::from(ten_ranks);
        let mut file = 0u32;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                file += digits.parse::<u32>().map_err(|_| format!("bad FEN row {row:?}"))?;
                digits.clear();
            }
            if !c.is_ascii_alphabetic() {
                return Err(format!("edit mode cannot place the piece {c:?}"));
            }
            let square = format!("{}{rank}", char::from(b'a' + file as u8));
            let colour = usize::from(c.is_ascii_lowercase());
            placements[colour].push(format!("{}{square}", c.to_ascii_uppercase()));
            file += 1;
        }
    }
    let mut lines = vec!["edit".to_string(), "#".to_string()];
    lines.extend(placements[0].iter().cloned());
    lines.push("c".to_string());
    lines.extend(placements[1].iter().cloned());
    lines.push(".".to_string());
    Ok(lines)
}

/// A pawn's single step by White from the variant's start position (`b2b3`), the move that
/// gives Black the move before edit mode; any engine playing the variant accepts it.
fn waiting_move(variant: Variant) -> Option<String> {
    let start = Game::new(variant, Default::default());
    start.position().legal_moves().into_iter().find(|mv| {
        let b = mv.as_bytes();
        b.len() == 4 && b[0] == b[2] && b[1] == b'2' && b[3] == b'3'
    })
}

/// XBoard's `level` base: minutes, or `minutes:seconds`.
fn minutes_text(d: Duration) -> String {
    let secs = d.as_secs().max(1);
    if secs.is_multiple_of(60) {
        format!("{}", secs / 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

fn centiseconds(d: Duration) -> u128 {
    d.as_millis() / 10
}

/// Adds `delta` to every rank number in a move (`e9e10` <-> `e8e9`). A rank number is a run
/// of digits after a file letter.
pub fn shift_ranks(mv: &str, delta: i32) -> String {
    let mut out = String::with_capacity(mv.len());
    let chars: Vec<char> = mv.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let after_file = i > 0 && chars[i - 1].is_ascii_lowercase();
        if chars[i].is_ascii_digit() && after_file {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            // An engine may send any digits: a number too large to shift stays as it was.
            match digits.parse::<i32>().ok().and_then(|n| n.checked_add(delta)) {
                Some(n) => out.push_str(&n.to_string()),
                None => out.push_str(&digits),
            }
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_with_quotes() {
        let f = parse_features(
            r#"myname="Fairy-Max 5.0b" variants="normal,lionsunicorns" ping=1 done=1"#,
        );
        assert_eq!(
            f,
            vec![
                ("myname".into(), "Fairy-Max 5.0b".into()),
                ("variants".into(), "normal,lionsunicorns".into()),
                ("ping".into(), "1".into()),
                ("done".into(), "1".into()),
            ]
        );
    }

    #[test]
    fn option_names_end_before_the_type() {
        assert_eq!(option_name("Use NNUE -check 1"), "Use NNUE");
        assert_eq!(option_name("VariantPath -file "), "VariantPath");
        assert_eq!(option_name("Skill Level -spin 20 -20 20"), "Skill Level");
    }

    #[test]
    fn ranks_shift_on_ten_rank_boards() {
        assert_eq!(shift_ranks("e9e10", -1), "e8e9");
        assert_eq!(shift_ranks("a0j9", 1), "a1j10");
        assert_eq!(shift_ranks("e9e10q", -1), "e8e9q");
        assert_eq!(shift_ranks("e4xe5", -1), "e3xe4");
    }

    #[test]
    fn edit_mode_places_both_colours() {
        let lines = edit_commands("4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1", false).unwrap();
        assert_eq!(lines, ["edit", "#", "Pa2", "Ra1", "Ke1", "c", "Ke8", "."]);
        let lines = edit_commands("l9/10/10/10/10/10/10/9L w - - 0 1", false).unwrap();
        assert_eq!(lines, ["edit", "#", "Lj1", "c", "La8", "."]);
        assert!(edit_commands("4k3/8/8/8/8/8/8/4K3 b - - 0 1", false).is_ok());
        assert!(edit_commands("4k3/8/8/8/8/8/8/4*3 w - - 0 1", false).is_err());
    }

    #[test]
    fn castling_in_either_notation() {
        use sissa_movegen::Variant;
        let lu = "lrmbqkburl/nppppppppn/10/10/10/10/NPPPPPPPPN/L3K4L w KQkq - 0 1";
        let lu = lu.replace("L3K4L", "LR3K2RL");
        let game = Game::from_fen(Variant::LionsUnicorns, &lu).unwrap();
        assert_eq!(castling_move(&game, "O-O").as_deref(), Some("f1h1"));
        assert_eq!(castling_move(&game, "O-O-O").as_deref(), Some("f1d1"));
        let chess = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
        let game = Game::from_fen(Variant::Chess, chess).unwrap();
        assert_eq!(castling_move(&game, "O-O").as_deref(), Some("e8g8"));
        assert_eq!(castling_move(&game, "0-0-0").as_deref(), Some("e8c8"));
        assert_eq!(castling_move(&game, "e8g8"), None);
    }

    #[test]
    fn level_base_in_minutes() {
        assert_eq!(minutes_text(Duration::from_secs(10)), "0:10");
        assert_eq!(minutes_text(Duration::from_secs(120)), "2");
        assert_eq!(minutes_text(Duration::from_secs(90)), "1:30");
    }
}
