//! A game played on the page by clicks, followed move by move with the engine: after every
//! move the board drawn must be the engine's position.

use super::expected::{fen_board, fen_reserves};
use super::page::{DrawnSquare, Page};
use sissa_movegen::geometry::{Dims, Square};
use sissa_movegen::{Game, MoveDescription, Setup, Variant};
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

/// How long a drawing may take to settle (the Rolling Kings' King step follows the move).
const SETTLE: Duration = Duration::from_secs(10);

pub struct Table<'p, 'a> {
    pub page: &'p Page<'a>,
    pub game: Game,
    dims: Dims,
}

impl<'p, 'a> Table<'p, 'a> {
    /// A new game on the page (both sides human, Sissa at depth 1 when asked to move), from
    /// the variant's start (seed 0, mirror) or from `fen` typed into the FEN box.
    pub fn start(page: &'p Page<'a>, variant: &str, fen: Option<&str>) -> Table<'p, 'a> {
        Table::start_with(page, variant, fen, "human")
    }

    /// As `start`, with Black played by `black` (`human` or `sissa`).
    pub fn start_with(
        page: &'p Page<'a>,
        variant: &str,
        fen: Option<&str>,
        black: &str,
    ) -> Table<'p, 'a> {
        let parsed: Variant = variant.parse().unwrap_or_else(|e| panic!("{variant}: {e}"));
        let game = match fen {
            Some(fen) => Game::from_fen(parsed, fen).unwrap_or_else(|e| panic!("{fen}: {e}")),
            None => Game::new(parsed, Setup::default()),
        };
        page.new_game(variant, fen, "human", black, 1);
        let table = Table { page, game, dims: parsed.dims() };
        table.verify("the start");
        table
    }

    pub fn legal(&self) -> Vec<MoveDescription> {
        self.game.position().legal_move_descriptions()
    }

    pub fn name(&self, square: Square) -> String {
        self.dims.square_name(square)
    }

    /// Enters `notation` as a user does: a click on the piece, one on its target, and where the
    /// page offers a choice, a click on the drop square or on the move's button.
    pub fn enter(&mut self, notation: &str) {
        self.click_move(notation, None);
        self.expect_played(notation);
    }

    /// As `enter`, where the page must offer exactly the moves `choices` to pick from.
    pub fn enter_choosing(&mut self, notation: &str, choices: &[&str]) {
        self.click_move(notation, Some(choices));
        self.expect_played(notation);
    }

    /// Enters White's `notation` against Sissa: its reply comes by itself.
    pub fn enter_against_sissa(&mut self, notation: &str) {
        self.click_move(notation, None);
        let count = self.game.moves().len() + 2;
        self.page.wait("Sissa's reply", || self.page.moves().len() >= count);
        let listed = self.page.moves();
        assert_eq!(listed[count - 2], notation, "the move played");
        self.game.play(notation).unwrap_or_else(|e| panic!("{notation}: {e}"));
        self.follow(&listed[count - 1]);
    }

    fn click_move(&mut self, notation: &str, choices: Option<&[&str]>) {
        let legal = self.legal();
        let Some(mv) = legal.iter().find(|d| d.notation == notation) else {
            panic!("{notation} is not legal in {}", self.game.position().to_fen());
        };
        let (from, to) = (self.name(mv.from), self.name(mv.to));
        self.page.click_square(&from);
        self.expect_targets(&from, &legal);
        self.page.click_square(&to);
        let alike: Vec<&MoveDescription> =
            legal.iter().filter(|d| d.from == mv.from && d.to == mv.to).collect();
        if alike.len() > 1 || choices.is_some() {
            self.choose(mv, &alike, choices);
        }
    }

    /// The picked piece is marked and exactly its legal moves' squares are highlighted.
    fn expect_targets(&self, from: &str, legal: &[MoveDescription]) {
        let board = self.page.board();
        assert!(board[from].has("selected"), "{from} is not marked as picked");
        let expected: BTreeSet<String> =
            legal.iter().filter(|d| self.name(d.from) == from).map(|d| self.name(d.to)).collect();
        let drawn: BTreeSet<String> =
            board.iter().filter(|(_, s)| s.has("target")).map(|(sq, _)| sq.clone()).collect();
        assert_eq!(drawn, expected, "targets highlighted for the piece on {from}");
    }

    /// Picks `mv` among the moves joining the same squares, as offered by the page.
    fn choose(&self, mv: &MoveDescription, alike: &[&MoveDescription], choices: Option<&[&str]>) {
        self.page.wait("the choice between moves", || !self.page.choices().is_empty());
        let offered: BTreeSet<String> = self.page.choices().into_iter().map(|(m, _)| m).collect();
        let expected: BTreeSet<String> = alike.iter().map(|d| d.notation.clone()).collect();
        assert_eq!(offered, expected, "the choices offered are the engine's moves");
        if let Some(choices) = choices {
            let reasoned: BTreeSet<String> = choices.iter().map(|c| c.to_string()).collect();
            assert_eq!(offered, reasoned, "the choices offered");
        }
        let drop_square = mv.drop.as_ref().map(|(sq, _)| *sq);
        let same_drop =
            alike.iter().filter(|d| d.drop.as_ref().map(|(sq, _)| *sq) == drop_square).count();
        match drop_square {
            Some(square) if same_drop == 1 => {
                // The drop squares are marked on the board; a click on one chooses it.
                let name = self.name(square);
                let board = self.page.board();
                let marked: BTreeSet<&String> =
                    board.iter().filter(|(_, s)| s.has("drop-target")).map(|(sq, _)| sq).collect();
                let drops: BTreeSet<String> = alike
                    .iter()
                    .filter_map(|d| d.drop.as_ref())
                    .map(|(sq, _)| self.name(*sq))
                    .collect();
                assert_eq!(marked, drops.iter().collect(), "the drop squares marked");
                self.page.click_square(&name);
            }
            _ => self.page.click_button(&format!("#choice button[data-move=\"{}\"]", mv.notation)),
        }
    }

    /// Lets Sissa play the side to move (the page's "Sissa, move") and follows its move.
    pub fn sissa_moves(&mut self) {
        self.page.click_button("#go");
        let count = self.game.moves().len() + 1;
        self.page.wait("Sissa's move", || self.page.moves().len() >= count);
        let played = self.page.moves()[count - 1].clone();
        self.follow(&played);
    }

    /// The page lists `notation` as the next move; the engine plays it and the boards agree.
    fn expect_played(&mut self, notation: &str) {
        let count = self.game.moves().len() + 1;
        self.page
            .wait(&format!("{notation} in the move list"), || self.page.moves().len() >= count);
        let listed = self.page.moves()[count - 1].clone();
        assert_eq!(listed, notation, "the move played");
        self.follow(notation);
    }

    fn follow(&mut self, notation: &str) {
        let before = self.game.position().to_fen();
        self.game.play(notation).unwrap_or_else(|e| panic!("{notation} in {before}: {e}"));
        self.verify(&format!("{notation} from {before}"));
    }

    /// The board drawn is the engine's position: every square, its piece, its image and
    /// colour; the FEN shown is the engine's; in UC-40 the reserves too.
    pub fn verify(&self, after: &str) {
        let fen = self.game.position().to_fen();
        let expected = fen_board(&fen, self.dims.files, self.dims.ranks);
        let start = Instant::now();
        let mut drawn = self.page.board();
        while pieces(&drawn) != expected && start.elapsed() < SETTLE {
            std::thread::sleep(Duration::from_millis(30));
            drawn = self.page.board();
        }
        let all: BTreeSet<String> = (0..self.dims.files as usize)
            .flat_map(|f| {
                (1..=self.dims.ranks as usize).map(move |r| super::expected::square(f, r))
            })
            .collect();
        assert_eq!(
            drawn.keys().cloned().collect::<BTreeSet<_>>(),
            all,
            "squares drawn after {after}"
        );
        assert!(
            pieces(&drawn) == expected,
            "after {after}, the board drawn differs from {fen}:\n{}",
            difference(&drawn, &expected)
        );
        for (square, s) in &drawn {
            if let Some(code) = &s.piece {
                let white = code.starts_with(|c: char| c.is_ascii_uppercase());
                assert_eq!(
                    s.image,
                    Some((code.clone(), white)),
                    "the image on {square} after {after}"
                );
            }
        }
        self.page.wait(&format!("the FEN {fen}"), || self.page.fen() == fen);
        if self.game.variant().name() == "uc40" {
            let (white, black) = fen_reserves(&fen);
            assert_eq!(self.page.reserve("white"), white, "White's reserve after {after}");
            assert_eq!(self.page.reserve("black"), black, "Black's reserve after {after}");
        }
    }

    /// The squares carrying `class` are exactly `squares`.
    pub fn expect_marked(&self, class: &str, squares: &[&str]) {
        let board = self.page.board();
        let marked: BTreeSet<&str> =
            board.iter().filter(|(_, s)| s.has(class)).map(|(sq, _)| sq.as_str()).collect();
        assert_eq!(marked, squares.iter().copied().collect(), "squares marked {class}");
    }
}

fn pieces(board: &BTreeMap<String, DrawnSquare>) -> BTreeMap<String, String> {
    board.iter().filter_map(|(sq, s)| s.piece.clone().map(|p| (sq.clone(), p))).collect()
}

fn difference(
    drawn: &BTreeMap<String, DrawnSquare>,
    expected: &BTreeMap<String, String>,
) -> String {
    let drawn = pieces(drawn);
    let squares: BTreeSet<&String> = drawn.keys().chain(expected.keys()).collect();
    squares
        .into_iter()
        .filter(|sq| drawn.get(*sq) != expected.get(*sq))
        .map(|sq| format!("  {sq}: drawn {:?}, engine {:?}", drawn.get(sq), expected.get(sq)))
        .collect::<Vec<_>>()
        .join("\n")
}
