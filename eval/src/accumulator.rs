//! The network's hidden vectors carried from one position of a search to the next, so that
//! a node adds and takes away the rows of the pieces its moves changed instead of summing
//! the rows of every piece on the board (docs/network.md, "The hidden vectors carried").
//!
//! Each position the network scores leaves its two hidden vectors in a frame, with its ply
//! (how many moves its position has made since it was set up) and its hash. A position looks
//! for the frame of one of its last few predecessors on its own line (the frame's hash must
//! be the one that predecessor's move recorded as the hash before it), and applies the
//! squares the moves since then changed, read from the position's undo records. Those
//! records are what make and unmake work from, so every variant's moves are covered alike:
//! the Ultima family's captures, drops from a reserve, a Rolling King's walk, a null move
//! (which changes no square). Where no predecessor's frame is found, the vectors are summed
//! afresh.

use crate::network::{add_sized_row, input_of, sub_sized_row, Network, MAX_HIDDEN};
use crate::Evaluated;
use sissa_movegen::geometry::{Color, Square};
use sissa_movegen::piece::Piece;
use sissa_movegen::position::MAX_CHANGES;
use sissa_movegen::Position;

/// Frames kept, one per ply modulo this: more than a search line reaches back.
const FRAMES: usize = 256;

/// How many moves back a position looks for a frame. Beyond a few moves the changed squares
/// approach the pieces on the board, and summing afresh costs no more.
const MOVES_BACK: usize = 4;

/// One scored position's hidden vectors (the first `hidden` values of each are used).
#[derive(Clone, Copy)]
struct Frame {
    ply: usize,
    hash: u64,
    white: [i16; MAX_HIDDEN],
    black: [i16; MAX_HIDDEN],
}

const EMPTY_FRAME: Frame =
    Frame { ply: usize::MAX, hash: 0, white: [0; MAX_HIDDEN], black: [0; MAX_HIDDEN] };

/// The frames of one search thread, for one network: a thread that changes its network
/// starts a new `Accumulators`, since the frames hold the old network's sums.
pub struct Accumulators {
    frames: Box<[Frame]>,
}

impl Default for Accumulators {
    fn default() -> Self {
        Accumulators { frames: vec![EMPTY_FRAME; FRAMES].into_boxed_slice() }
    }
}

impl Accumulators {
    /// `network`'s own score of `pos` for the side to move, as `Network::evaluate` gives it.
    #[inline(always)]
    pub fn evaluate<R: Evaluated>(&mut self, network: &Network, pos: &Position<R>) -> i32 {
        match network.hidden {
            32 => self.evaluate_sized::<R, 32>(network, pos),
            64 => self.evaluate_sized::<R, 64>(network, pos),
            128 => self.evaluate_sized::<R, 128>(network, pos),
            _ => network.evaluate(pos),
        }
    }

    /// The score the search uses for `pos`, as `Network::score` gives it.
    #[inline(always)]
    pub fn score<R: Evaluated>(
        &mut self,
        network: &Network,
        pos: &Position<R>,
        compiled: impl FnOnce() -> i32,
    ) -> i32 {
        network.with_compiled(self.evaluate(network, pos), compiled)
    }

    #[inline(always)]
    fn evaluate_sized<R: Evaluated, const N: usize>(
        &mut self,
        network: &Network,
        pos: &Position<R>,
    ) -> i32 {
        let ply = pos.ply();
        let (white, black) = match self.predecessor(pos) {
            Some(back) => {
                let frame = &self.frames[(ply - back) % FRAMES];
                let mut white = [0i16; N];
                let mut black = [0i16; N];
                white.copy_from_slice(&frame.white[..N]);
                black.copy_from_slice(&frame.black[..N]);
                apply_changes::<R, N>(network, pos, back, &mut white, &mut black);
                (white, black)
            }
            None => network.hidden_sized::<R, N>(pos),
        };
        let frame = &mut self.frames[ply % FRAMES];
        frame.ply = ply;
        frame.hash = pos.hash();
        frame.white[..N].copy_from_slice(&white);
        frame.black[..N].copy_from_slice(&black);
        network.output_sized(pos.side(), &white, &black)
    }

    /// How many moves back the nearest predecessor of `pos` on its line with a frame stands.
    #[inline(always)]
    fn predecessor<R: Evaluated>(&self, pos: &Position<R>) -> Option<usize> {
        let (ply, history) = (pos.ply(), pos.history());
        (1..=MOVES_BACK.min(ply)).find(|&back| {
            let frame = &self.frames[(ply - back) % FRAMES];
            frame.ply == ply - back && frame.hash == history[ply - back].hash_before()
        })
    }
}

/// Applies to White's and Black's hidden vectors the squares changed by the last `back`
/// moves of `pos`: each square's piece before the first of those moves (the first record
/// of the square) gives way to its piece now.
#[inline(always)]
fn apply_changes<R: Evaluated, const N: usize>(
    network: &Network,
    pos: &Position<R>,
    back: usize,
    white: &mut [i16; N],
    black: &mut [i16; N],
) {
    let kinds = R::def().kinds.len();
    let history = pos.history();
    let mut seen = [(0 as Square, None::<Piece>); MOVES_BACK * MAX_CHANGES];
    let mut count = 0;
    for undo in &history[history.len() - back..] {
        for &(sq, before) in undo.changes() {
            if !seen[..count].iter().any(|&(s, _)| s == sq) {
                seen[count] = (sq, before);
                count += 1;
            }
        }
    }
    let row = |view: Color, piece: Piece, sq: Square| {
        network.sized_row::<N>(input_of::<R>(kinds, view, piece.color(), piece.kind(), sq))
    };
    for &(sq, before) in &seen[..count] {
        let now = pos.piece_at(sq);
        if now == before {
            continue;
        }
        if let Some(piece) = before {
            sub_sized_row(white, row(Color::White, piece, sq));
            sub_sized_row(black, row(Color::Black, piece, sq));
        }
        if let Some(piece) = now {
            add_sized_row(white, row(Color::White, piece, sq));
            add_sized_row(black, row(Color::Black, piece, sq));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::tests::patterned;
    use sissa_movegen::moves::MoveList;
    use sissa_movegen::variants::chess::Chess;
    use sissa_movegen::variants::lionsunicorns::LionsUnicorns;
    use sissa_movegen::variants::rococo::Rococo;
    use sissa_movegen::variants::rollingkings::RollingKings;
    use sissa_movegen::variants::seahorses::SeaHorses;
    use sissa_movegen::variants::uc40::Uc40;
    use sissa_movegen::Rules;

    /// Walks random lines from the start of `R`, with null moves and moves taken back, and
    /// scores every position both ways: carried from the frames and summed afresh.
    fn carried_scores_match_fresh_sums<R: Evaluated>(hidden: usize) -> usize {
        let network = patterned::<R>(hidden);
        let mut accumulators = Accumulators::default();
        let mut pos = Position::<R>::start();
        let mut state = 0x9e37_79b9u32;
        let mut next = |n: usize| {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (state >> 8) as usize % n.max(1)
        };
        let mut carried = 0;
        for _ in 0..3000 {
            let mut moves = MoveList::new();
            R::generate(&pos, &mut moves);
            let choice = next(20);
            if moves.is_empty() || (choice < 3 && pos.ply() > 0) {
                pos.unmake();
            } else if choice == 3 {
                pos.make_null();
            } else {
                pos.make(moves.as_slice()[next(moves.len())]);
            }
            // Score only some positions, so that frames are missing on the line as they
            // are where the search finds a score in its cache.
            if next(3) > 0 {
                carried += usize::from(accumulators.predecessor(&pos).is_some());
                let expected = network.evaluate(&pos);
                assert_eq!(accumulators.evaluate(&network, &pos), expected, "{}", R::NAME);
            }
        }
        carried
    }

    #[test]
    fn carried_hidden_vectors_give_the_fresh_sums_in_every_variant() {
        for hidden in [32, 64, 128] {
            let carried = [
                carried_scores_match_fresh_sums::<Chess>(hidden),
                carried_scores_match_fresh_sums::<LionsUnicorns>(hidden),
                carried_scores_match_fresh_sums::<SeaHorses>(hidden),
                carried_scores_match_fresh_sums::<RollingKings>(hidden),
                carried_scores_match_fresh_sums::<Rococo>(hidden),
                carried_scores_match_fresh_sums::<Uc40>(hidden),
            ];
            // Most scores came from a predecessor's frame, not from a fresh sum.
            for count in carried {
                assert!(count > 1000, "{hidden}: {carried:?}");
            }
        }
    }

    #[test]
    fn a_frame_of_another_line_is_not_used() {
        let network = patterned::<Chess>(32);
        let mut accumulators = Accumulators::default();
        let mut pos = Position::<Chess>::start();
        let mut moves = MoveList::new();
        Chess::generate(&pos, &mut moves);
        accumulators.evaluate(&network, &pos);
        pos.make(moves.as_slice()[0]);
        accumulators.evaluate(&network, &pos);
        pos.unmake();
        pos.make(moves.as_slice()[1]);
        // The frame at this ply is the first move's; the start's frame is the predecessor.
        assert_eq!(accumulators.predecessor(&pos), Some(1));
        assert_eq!(accumulators.evaluate(&network, &pos), network.evaluate(&pos));
        pos.make(moves.as_slice()[0]);
        pos.unmake();
        pos.unmake();
        pos.make(moves.as_slice()[2]);
        pos.make_null();
        // Two moves back is the start, whose frame is still there.
        assert_eq!(accumulators.predecessor(&pos), Some(2));
        assert_eq!(accumulators.evaluate(&network, &pos), network.evaluate(&pos));
    }
}
