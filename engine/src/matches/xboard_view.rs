//! What an XBoard engine has been shown of the game, kept by the referee in step with it.
//!
//! In the variants XBoard cannot draw in full, a Sissa in XBoard mode keeps a picture of
//! XBoard's board (`protocol::xboard_notation`), and writes its moves as that picture shows
//! them (Rococo's `d2d8,d8d9`). The referee stands where XBoard would, so it keeps the same
//! picture the engine does: each move it sends is the text XBoard would relay, each move the
//! engine makes is drawn as the engine draws it. The engine's texts are then read against the
//! picture the engine wrote them for.

use crate::protocol::xboard_notation::Translator;
use sissa_movegen::Game;

pub struct EngineView {
    /// The game as the engine has it: from the position it was last set up with.
    game: Game,
    translator: Translator,
}

impl EngineView {
    /// The engine was just set up with `game`'s current position.
    pub fn new(game: &Game) -> EngineView {
        EngineView { game: game.clone(), translator: Translator::new(game) }
    }

    /// The text that tells the engine the legal move `mv` of its opponent: what XBoard
    /// would relay, which is the plain move (XBoard's rank numbers) wherever XBoard draws
    /// the move in full. The plain text cannot always be sent: in UC-40 and Rococo it can be
    /// another move's picture text.
    pub fn tell(&mut self, mv: &str) -> String {
        let relayed = self.translator.relayed(&self.game, mv);
        let text = relayed.text.clone();
        self.translator.played(relayed);
        // Sissa's rules allowed `mv`; if the engine's copy refuses it, the engine says so.
        let _ = self.game.play(mv);
        text
    }

    /// The engine's move text in Sissa's notation: as a Sissa in XBoard mode writes moves
    /// for its picture, which is the plain text (XBoard's rank numbers) wherever XBoard
    /// draws the move in full. The plain reading cannot come first: in Rococo a move's
    /// picture text can be another move's plain text. Anything else is returned as read,
    /// for the game to refuse.
    pub fn read(&self, text: &str) -> String {
        self.translator.written(&self.game, text).text
    }

    /// The engine played the legal move `mv`: its picture changes as the engine drew it.
    pub fn moved(&mut self, mv: &str) {
        let drawn = self.translator.outgoing(&self.game, mv);
        self.translator.played(drawn);
        let _ = self.game.play(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::{Setup, Variant};

    /// Plays pseudo-random games between a Sissa in XBoard mode (its own translator: what
    /// it sends for its moves, how it reads the referee's) and the referee's view, which
    /// relays the other side's moves. Every move the engine writes must be read back as that move.
    fn check_games_with_the_referee(variant: Variant, seed: u64, plies: usize) {
        let mut game = Game::new(variant, Setup { seed, ..Setup::default() });
        let mut engine = Translator::new(&game);
        let mut view = EngineView::new(&game);
        let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        for ply in 0..plies {
            if game.outcome().is_some() {
                return;
            }
            let legal = game.position().legal_moves();
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mv = legal[(state >> 33) as usize % legal.len()].clone();
            if ply % 2 == 0 {
                let sent = engine.outgoing(&game, &mv);
                assert_eq!(view.read(&sent.text), mv, "{variant} seed {seed} ply {ply}");
                engine.played(sent);
                view.moved(&mv);
            } else {
                let text = view.tell(&mv);
                let read = engine.incoming(&game, &text);
                assert_eq!(read.text, mv, "{variant} seed {seed} ply {ply}: {text}");
                engine.played(read);
            }
            game.play(&mv).expect("a legal move");
        }
    }

    #[test]
    fn the_referee_reads_back_every_move_an_xboard_mode_sissa_writes() {
        for seed in 0..12 {
            for variant in [Variant::Rococo, Variant::RollingKings, Variant::Uc40] {
                check_games_with_the_referee(variant, seed, 150);
            }
        }
    }
}
