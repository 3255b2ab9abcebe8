//! Random UC-40 setups (RULES.md section 6, Setup ruling): the King and 7 other types drawn
//! uniformly from the remaining 39 are shuffled onto rank 1, the other 32 types are shuffled
//! into the drop order; Black mirrors White file by file, reserve order too. A setup in which
//! White can capture anything, or mate, on the first move is drawn again. The same seed
//! always gives the same setup.
//!
//! The redraw rule keeps three types in the reserve for ever: from rank 1 a Nightrider or an
//! Archbishoprider always reaches rank 7 over two empty landing squares, and a PaoVao always
//! hops its own pawn onto the black pawn of its file.

use super::{kinds, Uc40, DEF};
use crate::geometry::Color;
use crate::piece::Kind;
use crate::position::Position;
use crate::random::SplitMix64;
use crate::rules::Rules;

/// White's back rank (files a..h) and drop order of one draw.
fn draw(rng: &mut SplitMix64) -> (Vec<Kind>, Vec<Kind>) {
    let mut others: Vec<Kind> =
        (0..kinds::COUNT as Kind).filter(|&k| k != kinds::KING && k != kinds::PAWN).collect();
    rng.shuffle(&mut others);
    let mut rank: Vec<Kind> = others[..7].to_vec();
    rank.push(kinds::KING);
    rng.shuffle(&mut rank);
    let mut reserve = others[7..].to_vec();
    rng.shuffle(&mut reserve);
    (rank, reserve)
}

/// The FEN of a setup (Black mirrors White).
pub fn setup_fen(rank: &[Kind], reserve: &[Kind]) -> String {
    let codes = |kinds: &[Kind], c: Color| -> String {
        kinds.iter().map(|&k| DEF.piece_code(k, c)).collect()
    };
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{}[{}/{}] w - - 0 1 0,0 -",
        codes(rank, Color::Black),
        codes(rank, Color::White),
        codes(reserve, Color::White),
        codes(reserve, Color::Black)
    )
}

/// Can White capture anything, or mate, on the first move?
pub fn white_wins_material_or_mates(fen: &str) -> bool {
    let Ok(mut pos) = Position::<Uc40>::from_fen(fen) else { return true };
    for &mv in pos.legal_moves().iter() {
        if Uc40::is_capture(&pos, mv) {
            return true;
        }
        pos.make(mv);
        let mated = pos.legal_moves().is_empty();
        pos.unmake();
        if mated {
            return true;
        }
    }
    false
}

/// The start FEN of the setup drawn from `seed`.
pub fn start_fen(seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    loop {
        let (rank, reserve) = draw(&mut rng);
        let fen = setup_fen(&rank, &reserve);
        if !white_wins_material_or_mates(&fen) {
            return fen;
        }
    }
}
