//! XBoard's `lift` answered with `highlight`: the squares the lifted piece can move to,
//! yellow for a move to an empty square and red for a capture, as a FEN-like board of
//! colour letters.

use super::board::Board;
use sissa_movegen::Game;

/// The `highlight` board for the piece on `square` (file, 0-based rank): `None` when it
/// has no legal move.
pub fn highlight_board(game: &Game, square: (u8, u8)) -> Option<String> {
    let dims = game.variant().dims();
    let (files, ranks) = (dims.files as usize, dims.ranks as usize);
    let board = Board::of_game(game);
    let mut marks = vec![vec![None; files]; ranks];
    let mut any = false;
    for mv in game.position().legal_move_descriptions() {
        let (from, to) = (board.square(mv.from), board.square(mv.to));
        if from != square {
            continue;
        }
        let (f, r) = (usize::from(to.0), usize::from(to.1));
        marks[r][f] = Some(if board.at(to).is_some() && to != from { 'R' } else { 'Y' });
        any = true;
    }
    any.then(|| board_string(&marks))
}

fn board_string(marks: &[Vec<Option<char>>]) -> String {
    let rows: Vec<String> = marks
        .iter()
        .rev()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for mark in row {
                match mark {
                    Some(c) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(*c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    rows.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::{Setup, Variant};

    #[test]
    fn pawn_and_knight_targets_at_the_start() {
        let game = Game::new(Variant::Chess, Setup::default());
        assert_eq!(highlight_board(&game, (4, 1)).as_deref(), Some("8/8/8/8/4Y3/4Y3/8/8"));
        assert_eq!(highlight_board(&game, (6, 0)).as_deref(), Some("8/8/8/8/8/5Y1Y/8/8"));
        assert_eq!(highlight_board(&game, (3, 0)), None, "the queen is shut in");
    }

    #[test]
    fn captures_are_red_on_a_ten_file_board() {
        let fen = "l8k/10/10/10/10/10/1p8/LK8 w - - 0 1";
        let game = Game::from_fen(Variant::LionsUnicorns, fen).expect("valid");
        // Lion a1: ferz b2 (a capture), dabbaba a3, threeleaper a4 (c1 and d1 too).
        assert_eq!(highlight_board(&game, (0, 0)).as_deref(), Some("10/10/10/10/Y9/Y9/1R8/2YY6"));
    }
}
