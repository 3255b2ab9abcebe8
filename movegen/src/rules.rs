//! The interface every variant implements. Each variant is a zero-sized type; positions,
//! generators and the search are generic over it, so each variant's code is compiled on its
//! own and nothing dispatches on the variant inside a search.

use crate::fen::FenError;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveSink};
use crate::piece::Kind;
use crate::position::{Position, Undo};
use crate::shape::Shape;
use crate::variant::VariantDef;
use std::fmt::Debug;
use std::hash::Hash;

/// The bitboard type of a variant.
pub type Bb<R> = <<R as Rules>::S as Shape>::B;

/// How Black's setup relates to White's in variants with random setups (RULES.md section 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Black's back rank repeats White's file by file.
    #[default]
    Mirror,
    /// Black's back rank is an independent shuffle.
    Asymmetric,
    /// Black's piece on each file is White's piece of the file mirrored left-right.
    Central,
}

impl std::str::FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Symmetry, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "mirror" => Ok(Symmetry::Mirror),
            "asymmetric" => Ok(Symmetry::Asymmetric),
            "central" => Ok(Symmetry::Central),
            other => Err(format!("unknown symmetry {other:?} (mirror, asymmetric, central)")),
        }
    }
}

/// Which start position to set up. Variants with a fixed start position ignore it; variants
/// with random setups draw one reproducibly from `seed`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Setup {
    pub seed: u64,
    pub symmetry: Symmetry,
}

/// What the repetition of a position means in play (never in perft).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionRule {
    /// Threefold repetition is a draw (FIDE).
    Draw,
    /// The player whose move creates the third occurrence loses (Rococo).
    RepeaterLoses,
}

/// How a game stands by rule (not by evaluation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side given won; the reason in words ("checkmate", "king captured", ...).
    Win(Color, &'static str),
    Draw(&'static str),
}

pub trait Rules: 'static + Sized + Copy + Default + Debug + Send + Sync + PartialEq + Eq {
    type S: Shape;
    /// Variant state beyond board, side, castling, en passant and clocks.
    type Extra: Copy + Default + Debug + PartialEq + Eq + Hash + Send + Sync;

    /// The protocol name (`chess`, `lionsunicorns`, ...).
    const NAME: &'static str;
    /// Does the variant know check (a move may not leave one's own king attacked)?
    const HAS_CHECK: bool;

    /// The variant's pieces and tables. Called in the hot loops of the generator and the
    /// evaluation, so implementations are `#[inline(always)]`: reading a lazily built
    /// definition is then a load and a branch, not a call.
    fn def() -> &'static VariantDef<Self::S>;

    /// The protocol name; [`Rules::NAME`] unless the name is only known at run time (a
    /// variant read from a file).
    fn name() -> &'static str {
        Self::NAME
    }

    /// The start position's FEN for `setup` (the fixed start position unless the variant
    /// draws random setups).
    fn start_fen(_setup: &Setup) -> String {
        Self::def().start_fen.clone()
    }

    /// Does the variant draw its start position at random (so `Setup` matters)?
    const RANDOM_SETUP: bool = false;

    /// Does the game end by rule only when the side to move has no move (checkmate or
    /// stalemate, whatever each means)? Then a position in which the side to move is not in
    /// check can be scored without generating its moves: the search's quiescence stands pat
    /// on such a position before it pays for the generator. Variants that also end on a
    /// captured king, a goal square or a count keep the default.
    const ENDS_ONLY_WITHOUT_MOVES: bool = false;

    /// What a threefold repetition means in play.
    const REPETITION: RepetitionRule = RepetitionRule::Draw;

    /// Does the 50-move rule apply in play?
    const FIFTY_MOVE_RULE: bool = true;

    /// Half-moves without a capture or pawn move that end the game in a draw in play, if
    /// such a rule applies ([`Rules::FIFTY_MOVE_RULE`]'s 100 unless a variant's file says
    /// otherwise).
    fn n_move_plies() -> Option<u16> {
        Self::FIFTY_MOVE_RULE.then_some(crate::game::FIFTY_MOVE_PLIES)
    }

    /// How many occurrences of a position make a repetition in play, and what it means.
    fn repetition() -> (usize, RepetitionRule) {
        (crate::game::REPETITION_COUNT, Self::REPETITION)
    }

    /// Does `mv` capture anything (for move ordering and quiescence)? Variants whose captures
    /// do not land on the victim (approach, withdrawal, ...) override this.
    fn is_capture(pos: &Position<Self>, mv: Move) -> bool {
        pos.lands_on_enemy(mv)
    }

    /// Generates every legal move. Generates nothing if the game is over by rule.
    fn generate<K: MoveSink<Bb<Self>>>(pos: &Position<Self>, sink: &mut K);

    /// Generates at least every legal capture and promotion (quiescence's moves), and perhaps
    /// other legal moves, which the caller leaves out: by default all of them, as
    /// [`Rules::generate`]. A variant with a generator of its own for these moves saves the
    /// listing of the quiet ones. An empty list does not mean the game is over.
    fn generate_tactical<K: MoveSink<Bb<Self>>>(pos: &Position<Self>, sink: &mut K) {
        Self::generate(pos, sink)
    }

    /// Carries out the board effects of `mv` through [`Position::set`], which records them in
    /// `undo`. Side to move, move counters and the undo stack are handled by the caller.
    fn apply(pos: &mut Position<Self>, mv: Move, undo: &mut Undo<Self>);

    /// Is the side to move in check? (Always false where there is no check.)
    fn in_check(pos: &Position<Self>) -> bool;

    /// The result if the game is over by rule in this position (ignoring repetition and the
    /// 50-move rule, which the game record decides).
    fn outcome(pos: &Position<Self>) -> Option<Outcome>;

    /// Checks a freshly parsed position for consistency (kings, pawns, check).
    fn validate(_pos: &Position<Self>) -> Result<(), FenError> {
        Ok(())
    }

    /// Reads the variant's own FEN parts: the bracketed holdings after the placement, if
    /// any, and the fields after the sixth.
    fn parse_extra(
        _pos: &mut Position<Self>,
        holdings: Option<&str>,
        fields: &[&str],
    ) -> Result<(), FenError> {
        if holdings.is_some() {
            return Err(FenError::new("this variant has no holdings"));
        }
        if let Some(f) = fields.first() {
            return Err(FenError::new(format!("unexpected field {f:?}")));
        }
        Ok(())
    }

    /// Writes the variant's own FEN parts: (holdings, extra fields).
    fn write_extra(_pos: &Position<Self>) -> (Option<String>, Vec<String>) {
        (None, Vec::new())
    }

    /// Marks the piece just set up on `sq` as one that came by promotion (`~` after its code
    /// in a FEN); variants that keep no such marks refuse it.
    fn mark_promoted(_pos: &mut Position<Self>, _sq: Square) -> Result<(), FenError> {
        Err(FenError::new("this variant has no promoted marks (~)"))
    }

    /// Does the piece on `sq` carry the promoted mark (written `~` after its code)?
    fn promoted_mark(_pos: &Position<Self>, _sq: Square) -> bool {
        false
    }

    /// The zobrist contribution of `Extra`, computed from scratch.
    fn extra_hash(_pos: &Position<Self>) -> u64 {
        0
    }

    /// The variant state after a passed turn (the search's null move): what lives for one ply
    /// only ends, as it would after any move.
    fn after_pass(extra: Self::Extra) -> Self::Extra {
        extra
    }

    /// The piece types `color` holds off the board, in the order they come onto it (UC-40's
    /// drop order: the front is dropped next, the back is what the next promotion brings);
    /// empty where the variant has no reserve.
    fn reserve(_pos: &Position<Self>, _color: Color) -> &[Kind] {
        &[]
    }

    /// How many pieces of its reserve `color` has earned the right to bring in (UC-40's drop
    /// credits).
    fn drop_credits(_pos: &Position<Self>, _color: Color) -> u32 {
        0
    }

    /// The notation of a move (RULES.md section 0); variants with special forms override it.
    fn notation(pos: &Position<Self>, mv: Move) -> String {
        crate::notation::standard_notation(pos, mv)
    }
}
