//! The board page as a user sees it: selects and buttons to set up a game, squares to click
//! (addressed by `data-square`), and what is drawn, read back from the DOM.

use super::webdriver::Session;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// How long the page may take to show the server's answer (a move, Sissa's reply at depth 1).
const PATIENCE: Duration = Duration::from_secs(20);

/// One square as drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnSquare {
    /// The square element's `data-piece` (the piece's FEN code, its case the colour).
    pub piece: Option<String>,
    /// The code the piece's image was drawn for, and whether the image is light (White).
    pub image: Option<(String, bool)>,
    /// The square's classes (`light`/`dark`, `ring`, `target`, `captured`, ...).
    pub classes: Vec<String>,
}

impl DrawnSquare {
    pub fn has(&self, class: &str) -> bool {
        self.classes.iter().any(|c| c == class)
    }
}

pub struct Page<'a> {
    session: &'a Session,
    url: String,
}

/// Reads every square element of the board, with the code and brightness of its image.
const READ_BOARD: &str = r##"
const brightness = (colour) => {
  const hex = (colour || "").replace("#", "");
  const full = hex.length === 3 ? hex.split("").map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.substr(i, 2), 16));
  return (r * 299 + g * 587 + b * 114) / 1000;
};
return Array.from(document.querySelectorAll("#board [data-square]")).map((el) => {
  const svg = el.querySelector("svg");
  const filled = svg ? svg.querySelector("[fill]") : null;
  return {
    square: el.dataset.square,
    piece: el.dataset.piece || null,
    image: svg ? svg.dataset.piece : null,
    light: filled ? brightness(filled.getAttribute("fill")) > 128 : null,
    classes: Array.from(el.classList),
  };
});
"##;

impl<'a> Page<'a> {
    pub fn open(session: &'a Session, url: &str) -> Page<'a> {
        session.goto(url);
        let page = Page { session, url: url.to_string() };
        page.wait("the first board", || page.square_count() > 0);
        page
    }

    /// Reloads the page (a fresh tab state, as a user pressing reload).
    pub fn reload(&self) {
        self.session.goto(&self.url);
        self.wait("the board after reloading", || self.square_count() > 0);
    }

    /// Starts a game by the page's controls: variant, players (Sissa at `depth`), and a FEN
    /// typed into the FEN box if given. Returns once the new board is drawn.
    pub fn new_game(&self, variant: &str, fen: Option<&str>, white: &str, black: &str, depth: u32) {
        self.choose("variant", variant);
        // The players are read from these when the game starts.
        self.set_value("white", white);
        self.set_value("black", black);
        self.set_value("limit", "depth");
        let script = "document.getElementById('limit-value').value = arguments[0];";
        self.session.execute(script, json!([depth.to_string()]));
        if let Some(fen) = fen {
            self.session.type_into("#fen", fen);
        }
        // The board and message are emptied here so that what is awaited below is the new
        // game's drawing or its refusal.
        let script = "document.getElementById('board').innerHTML = '';
            document.getElementById('message').textContent = '';";
        self.session.execute(script, json!([]));
        self.session.click("#new");
        self.wait("the new game's board", || self.square_count() > 0 || !self.message().is_empty());
        let message = self.message();
        assert!(message.is_empty(), "starting {variant} from {fen:?}: {message}");
    }

    /// Sets a select of the page as a user picking an option does (its change event fires).
    fn choose(&self, id: &str, value: &str) {
        self.select(id, value, true);
    }

    /// Sets a select without its change event (which would tell the server at once).
    fn set_value(&self, id: &str, value: &str) {
        self.select(id, value, false);
    }

    fn select(&self, id: &str, value: &str, change: bool) {
        let script = "const el = document.getElementById(arguments[0]);
            if (![...el.options].some((o) => o.value === arguments[1])) return false;
            el.value = arguments[1];
            if (arguments[2]) el.dispatchEvent(new Event('change'));
            return true;";
        let found = self.session.execute(script, json!([id, value, change]));
        assert_eq!(found, true, "no option {value} in #{id}");
    }

    pub fn click_square(&self, square: &str) {
        self.session.click(&format!("#board [data-square=\"{square}\"]"));
    }

    pub fn click_button(&self, css: &str) {
        self.session.click(css);
    }

    fn square_count(&self) -> usize {
        let count = self
            .session
            .execute("return document.querySelectorAll('#board [data-square]').length;", json!([]));
        count.as_u64().unwrap_or(0) as usize
    }

    /// Every square as drawn, by name.
    pub fn board(&self) -> BTreeMap<String, DrawnSquare> {
        let squares = self.session.execute(READ_BOARD, json!([]));
        let mut board = BTreeMap::new();
        for s in squares.as_array().expect("the board's squares") {
            let text = |key: &str| s[key].as_str().map(str::to_string);
            let drawn = DrawnSquare {
                piece: text("piece"),
                image: text("image").map(|code| (code, s["light"] == true)),
                classes: s["classes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|c| c.as_str().map(str::to_string))
                    .collect(),
            };
            board.insert(text("square").expect("data-square"), drawn);
        }
        board
    }

    /// The piece codes of a reserve as drawn, in the order shown.
    pub fn reserve(&self, side: &str) -> Vec<String> {
        let script = "return Array.from(document.querySelectorAll('#reserve-' + arguments[0] + ' svg')).map((s) => s.dataset.piece);";
        let codes = self.session.execute(script, json!([side]));
        codes
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c.as_str().map(str::to_string))
            .collect()
    }

    /// The moves of the move list, in order.
    pub fn moves(&self) -> Vec<String> {
        let script = "return Array.from(document.querySelectorAll('#moves li')).map((li) => li.textContent);";
        let lines = self.session.execute(script, json!([]));
        let lines = lines.as_array().cloned().unwrap_or_default();
        lines
            .iter()
            .filter_map(Value::as_str)
            .flat_map(|line| line.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .filter(|m| m != "...")
            .collect()
    }

    /// The line below the board that explains a refusal.
    pub fn message(&self) -> String {
        self.text("#message")
    }

    /// The FEN of the position shown, as the page's FEN box reads.
    pub fn fen(&self) -> String {
        let value = self.session.execute("return document.getElementById('fen').value;", json!([]));
        value.as_str().unwrap_or_default().to_string()
    }

    fn text(&self, css: &str) -> String {
        let value = self.session.execute(
            "const el = document.querySelector(arguments[0]); return el ? el.textContent : '';",
            json!([css]),
        );
        value.as_str().unwrap_or_default().trim().to_string()
    }

    /// The choice buttons offered: each button's move and label.
    pub fn choices(&self) -> Vec<(String, String)> {
        let script = "return Array.from(document.querySelectorAll('#choice button')).map((b) => [b.dataset.move, b.textContent]);";
        let buttons = self.session.execute(script, json!([]));
        let buttons = buttons.as_array().cloned().unwrap_or_default();
        buttons
            .iter()
            .map(|b| {
                (b[0].as_str().unwrap_or("").to_string(), b[1].as_str().unwrap_or("").to_string())
            })
            .collect()
    }

    /// The computed background colour of a square, as `[r, g, b]`.
    pub fn square_colour(&self, square: &str) -> [u8; 3] {
        let script =
            "const el = document.querySelector('#board [data-square=\"' + arguments[0] + '\"]');
            return getComputedStyle(el).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number);";
        let rgb = self.session.execute(script, json!([square]));
        let part = |i: usize| rgb[i].as_u64().unwrap_or(0) as u8;
        [part(0), part(1), part(2)]
    }

    /// Polls until `done` holds; fails naming `what` after `PATIENCE`.
    pub fn wait(&self, what: &str, mut done: impl FnMut() -> bool) {
        let start = Instant::now();
        while !done() {
            assert!(start.elapsed() < PATIENCE, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}
