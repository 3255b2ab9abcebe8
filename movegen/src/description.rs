//! What a legal move does, as data: the piece moved, every square it changes and what stands
//! there afterwards, the pieces it removes and how, promotion, drop, the castling rook, the
//! Rolling Kings' automatic King step and the swap partner.
//!
//! The description is read from the move's [`Undo`](crate::position::Undo), which records
//! every square the move changed, and from the board after it, so it holds for every variant
//! without knowing its capture rules. Text is only in [`MoveDescription::notation`].

use crate::geometry::{Color, Dims, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::Rules;
use crate::shape::Shape;

/// A piece with the letter code that names its type (FEN's, with the colour's case).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceInfo {
    pub kind: Kind,
    pub color: Color,
    /// `Q`, `q'`, `D!`: as the piece is written in a FEN.
    pub code: String,
}

impl PieceInfo {
    pub fn of<R: Rules>(piece: Piece) -> PieceInfo {
        PieceInfo {
            kind: piece.kind(),
            color: piece.color(),
            code: R::def().piece_code(piece.kind(), piece.color()),
        }
    }
}

/// One square the move changed: what stood there before and what stands there after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareChange {
    pub square: Square,
    pub before: Option<PieceInfo>,
    pub after: Option<PieceInfo>,
}

/// How a piece left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Removal {
    /// Taken by the moving piece landing on it (a Cannon Pawn's or PaoVao's hop included).
    Landing,
    EnPassant,
    /// Next to the destination, in the line of the move (Pushme-Pullyu, Chameleon).
    Approach,
    /// Next to the start, on the side the piece moved away from.
    Withdrawal,
    /// Leapt over on the line of the move (Long Leaper).
    Overtaking,
    /// On the square where the mover's destination rank or file meets its own King's file
    /// or rank (Coordinator).
    Coordination,
    /// Under the automatic step of a Rolling King.
    KingStep,
    /// Together with the piece that destroyed itself on it.
    MutualDestruction,
    /// The moving piece itself (suicide of a frozen piece, or its own mutual destruction).
    SelfDestruction,
    /// Any other way the variant's rules remove a piece.
    Other,
}

/// A piece the move removed from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removed {
    pub square: Square,
    pub piece: PieceInfo,
    pub how: Removal,
}

/// A piece that moved as part of the move without being the piece moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub piece: PieceInfo,
    pub from: Square,
    pub to: Square,
}

/// Everything a legal move does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveDescription {
    /// The move in Sissa's notation (RULES.md section 0).
    pub notation: String,
    pub mv: Move,
    pub kind: MoveKind,
    /// The piece moved (for a suicide the piece removing itself).
    pub piece: PieceInfo,
    pub from: Square,
    pub to: Square,
    /// Every square whose content differs after the move, in the order the move first
    /// touched them.
    pub changes: Vec<SquareChange>,
    pub removed: Vec<Removed>,
    /// The piece a pawn became.
    pub promotion: Option<PieceInfo>,
    /// A piece brought onto the board after the move (UC-40).
    pub drop: Option<(Square, PieceInfo)>,
    /// The rook of a castling move.
    pub castling_rook: Option<Step>,
    /// The automatic step of the mover's King after the move (Rolling Kings).
    pub king_step: Option<Step>,
    /// The piece that went to `from` in a swap.
    pub swapped: Option<PieceInfo>,
    /// Does the move leave the opponent in check?
    pub gives_check: bool,
}

impl MoveDescription {
    /// The content of `square` after the move, if the move changed it.
    pub fn after(&self, square: Square) -> Option<Option<&PieceInfo>> {
        self.changes.iter().find(|c| c.square == square).map(|c| c.after.as_ref())
    }
}

impl<R: Rules> Position<R> {
    /// Every legal move described, in generation order.
    pub fn describe_legal_moves(&self) -> Vec<MoveDescription> {
        let mut scratch = self.clone();
        self.legal_moves().iter().map(|&mv| scratch.describe(mv)).collect()
    }

    /// Describes `mv` (legal in this position) by playing it and taking it back.
    pub fn describe(&mut self, mv: Move) -> MoveDescription {
        let notation = self.notation(mv);
        let before_king = self.king_square(self.side());
        let mover = self.piece_at(mv.from());
        self.make(mv);
        let gives_check = R::in_check(self);
        let changes = match self.history().last() {
            Some(undo) => net_changes(self, undo.changes()),
            None => Vec::new(),
        };
        let after_king = mover.and_then(|m| self.king_square(m.color()));
        self.unmake();
        let from = mv.from();
        let piece = match (mover, mv.dropped_kind()) {
            (Some(p), _) => PieceInfo::of::<R>(p),
            // A pure drop's piece comes from the hand.
            (None, Some(kind)) => PieceInfo::of::<R>(crate::piece::Piece::new(kind, self.side())),
            (None, None) => PieceInfo { kind: 0, color: self.side(), code: String::new() },
        };
        let mut description = MoveDescription {
            notation,
            mv,
            kind: mv.kind(),
            piece,
            from,
            to: mv.to(),
            changes,
            removed: Vec::new(),
            promotion: None,
            drop: None,
            castling_rook: None,
            king_step: None,
            swapped: None,
            gives_check,
        };
        describe_effects::<R>(&mut description, before_king, after_king);
        description
    }
}

/// The squares `recorded` names, each once with its first recorded content and the content
/// it has now, leaving out those the move changed and then restored.
fn net_changes<R: Rules>(
    pos: &Position<R>,
    recorded: &[(Square, Option<Piece>)],
) -> Vec<SquareChange> {
    let mut changes: Vec<SquareChange> = Vec::with_capacity(recorded.len());
    for &(square, old) in recorded {
        if changes.iter().any(|c| c.square == square) {
            continue;
        }
        let now = pos.piece_at(square);
        if now != old {
            let before = old.map(PieceInfo::of::<R>);
            changes.push(SquareChange { square, before, after: now.map(PieceInfo::of::<R>) });
        }
    }
    changes
}

/// Fills in the promotion, drop, swap, castling rook, King step and removals from the
/// changed squares.
fn describe_effects<R: Rules>(
    d: &mut MoveDescription,
    king_before: Option<Square>,
    king_after: Option<Square>,
) {
    let king_kind = R::def().king;
    let drop_square = d.mv.drop_square();
    if let Some(sq) = drop_square {
        d.drop = d.after(sq).flatten().map(|p| (sq, p.clone()));
    }
    if d.kind == MoveKind::Swap {
        d.swapped = d.after(d.from).flatten().cloned();
    }
    if d.mv.promotion().is_some() && d.mv.dropped_kind().is_none() {
        d.promotion = d.after(d.to).flatten().cloned();
    }
    if d.kind == MoveKind::Castle {
        d.castling_rook = castling_rook(d);
    }
    // The mover's King moved although the player moved another piece and swapped with
    // none: its automatic step.
    if let (Some(from), Some(to)) = (king_before, king_after) {
        let swapped_king = d.kind == MoveKind::Swap && from == d.to;
        if from != to && from != d.from && d.piece.kind != king_kind && !swapped_king {
            let king = d.changes.iter().find(|c| c.square == from).and_then(|c| c.before.clone());
            d.king_step = king.map(|piece| Step { piece, from, to });
        }
    }
    d.removed = removals::<R>(d);
}

/// The rook of a castling move: the piece of the mover's side, other than the King, that
/// stands on a changed square after the move.
fn castling_rook(d: &MoveDescription) -> Option<Step> {
    let own = |p: &Option<PieceInfo>| p.as_ref().filter(|p| p.color == d.piece.color).cloned();
    let to = d.changes.iter().find(|c| c.square != d.to && own(&c.after).is_some())?;
    let from = d.changes.iter().find(|c| {
        c.square != d.from && own(&c.before).is_some() && own(&to.after) == own(&c.before)
    })?;
    Some(Step { piece: own(&to.after)?, from: from.square, to: to.square })
}

/// The pieces that stood on a changed square before the move and are not on the board
/// after it, each with the way it was removed.
fn removals<R: Rules>(d: &MoveDescription) -> Vec<Removed> {
    let dims = <R::S as Shape>::DIMS;
    let mut removed = Vec::new();
    for change in &d.changes {
        let Some(piece) = change.before.clone() else { continue };
        let square = change.square;
        if survives(d, square) {
            continue;
        }
        let how = if square == d.from { mover_removal(d) } else { removal_of(d, dims, square) };
        removed.push(Removed { square, piece, how });
    }
    removed
}

/// Is the piece that stood on `square` before the move still on the board after it?
fn survives(d: &MoveDescription, square: Square) -> bool {
    if square == d.from {
        return match d.kind {
            MoveKind::Suicide | MoveKind::MutualDestruction => false,
            // The mover stands on `to` unless a King's step took it there.
            _ => {
                d.after(d.to).flatten().is_some_and(|p| p.color == d.piece.color)
                    && d.king_step.as_ref().is_none_or(|k| k.to != d.to)
            }
        };
    }
    if d.kind == MoveKind::Swap && square == d.to {
        return d.swapped.is_some();
    }
    let moved = |step: &Option<Step>| step.as_ref().is_some_and(|s| s.from == square);
    moved(&d.castling_rook) || moved(&d.king_step)
}

fn mover_removal(d: &MoveDescription) -> Removal {
    match d.kind {
        MoveKind::Suicide | MoveKind::MutualDestruction => Removal::SelfDestruction,
        _ if d.king_step.as_ref().is_some_and(|k| k.to == d.to) => Removal::KingStep,
        _ => Removal::Other,
    }
}

/// How the piece on `square` (not the mover's start) was removed, by where it stood.
fn removal_of(d: &MoveDescription, dims: Dims, square: Square) -> Removal {
    if d.king_step.as_ref().is_some_and(|k| k.to == square) {
        return Removal::KingStep;
    }
    if square == d.to {
        return match d.kind {
            MoveKind::MutualDestruction => Removal::MutualDestruction,
            _ => Removal::Landing,
        };
    }
    if d.kind == MoveKind::EnPassant {
        return Removal::EnPassant;
    }
    let (ff, fr) = (dims.file(d.from), dims.rank(d.from));
    let (tf, tr) = (dims.file(d.to), dims.rank(d.to));
    let (sf, sr) = (dims.file(square), dims.rank(square));
    let (df, dr) = (tf - ff, tr - fr);
    let straight = df == 0 || dr == 0 || df.abs() == dr.abs();
    if straight && (df, dr) != (0, 0) {
        let (uf, ur) = (df.signum(), dr.signum());
        if (sf, sr) == (tf + uf, tr + ur) {
            return Removal::Approach;
        }
        if (sf, sr) == (ff - uf, fr - ur) {
            return Removal::Withdrawal;
        }
        let steps = df.abs().max(dr.abs());
        if (1..steps).any(|i| (ff + i * uf, fr + i * ur) == (sf, sr)) {
            return Removal::Overtaking;
        }
    }
    if sf == tf || sr == tr {
        return Removal::Coordination;
    }
    Removal::Other
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::any::{AnyPosition, Variant};

    fn describe(variant: Variant, fen: &str, notation: &str) -> MoveDescription {
        let pos = AnyPosition::from_fen(variant, fen).expect("valid FEN");
        let all = pos.legal_move_descriptions();
        all.into_iter().find(|d| d.notation == notation).expect("a legal move")
    }

    fn sq(variant: Variant, name: &str) -> Square {
        variant.dims().parse_square(name).expect("a square")
    }

    fn removed(variant: Variant, d: &MoveDescription) -> Vec<(String, String, Removal)> {
        let name = |s| variant.dims().square_name(s);
        let mut list: Vec<_> =
            d.removed.iter().map(|r| (name(r.square), r.piece.code.clone(), r.how)).collect();
        list.sort();
        list
    }

    fn owned(list: &[(&str, &str, Removal)]) -> Vec<(String, String, Removal)> {
        list.iter().map(|&(s, c, h)| (s.to_string(), c.to_string(), h)).collect()
    }

    #[test]
    fn castling_moves_the_rook_and_changes_four_squares() {
        let v = Variant::Chess;
        let d = describe(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1");
        assert_eq!(d.kind, MoveKind::Castle);
        assert_eq!(d.piece.code, "K");
        let rook = d.castling_rook.expect("a rook moves");
        assert_eq!((rook.from, rook.to, rook.piece.code.as_str()), (sq(v, "h1"), sq(v, "f1"), "R"));
        assert_eq!(d.changes.len(), 4);
        assert!(d.removed.is_empty());
    }

    #[test]
    fn en_passant_and_promotion_are_named() {
        let v = Variant::Chess;
        let d = describe(v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6");
        assert_eq!(removed(v, &d), owned(&[("d5", "p", Removal::EnPassant)]));
        let d = describe(v, "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n");
        assert_eq!(d.promotion.clone().map(|p| p.code), Some("N".to_string()));
        assert_eq!(removed(v, &d), owned(&[("d8", "r", Removal::Landing)]));
        assert!(!d.gives_check, "a knight on d8 does not attack e8");
        let d = describe(v, "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q");
        assert!(d.gives_check);
    }

    #[test]
    fn rococo_captures_are_told_by_where_the_victim_stood() {
        let v = Variant::Rococo;
        // Pushme-Pullyu e5 withdraws from the Cannon Pawn on e6.
        let fen = "k9/10/10/10/4p5/4U5/10/10/10/K9 w - - 0 1";
        let d = describe(v, fen, "e5e3");
        assert_eq!(removed(v, &d), owned(&[("e6", "p", Removal::Withdrawal)]));
        // ... and approaches it from e3.
        let fen = "k9/10/10/10/4p5/10/10/4U5/10/K9 w - - 0 1";
        let d = describe(v, fen, "e3e5");
        assert_eq!(removed(v, &d), owned(&[("e6", "p", Removal::Approach)]));
        // The Long Leaper c3 leaps d4 and f6 to g7.
        let fen = "k9/10/10/10/5p4/10/3p6/2L7/10/K9 w - - 0 1";
        let d = describe(v, fen, "c3g7");
        let leapt = [("d4", "p", Removal::Overtaking), ("f6", "p", Removal::Overtaking)];
        assert_eq!(removed(v, &d), owned(&leapt));
    }

    #[test]
    fn swap_mutual_destruction_and_suicide() {
        let v = Variant::Rococo;
        let d = describe(v, "k9/10/10/4u5/10/10/10/10/4S5/K9 w - - 0 1", "e2e7");
        assert_eq!(d.kind, MoveKind::Swap);
        assert_eq!(d.swapped.map(|p| p.code), Some("u".to_string()));
        assert!(d.removed.is_empty());
        // A swap with its own King moves the King without any step of its own.
        let d = describe(v, "k9/4i5/10/10/10/10/10/10/4S5/4K5 w - - 0 1", "e2e1");
        assert_eq!((d.kind, d.king_step, d.removed.len()), (MoveKind::Swap, None, 0));
        let d = describe(v, "k9/10/10/10/10/4u5/4S5/10/10/K9 w - - 0 1", "e4xe5");
        let both = [("e4", "S", Removal::SelfDestruction), ("e5", "u", Removal::MutualDestruction)];
        assert_eq!(removed(v, &d), owned(&both));
        // The Swapper frozen by the Immobilizer may only remove itself.
        let d = describe(v, "k9/10/10/10/10/4i5/4S5/10/10/K9 w - - 0 1", "e4e4");
        assert_eq!(d.kind, MoveKind::Suicide);
        assert_eq!(removed(v, &d), owned(&[("e4", "S", Removal::SelfDestruction)]));
        assert_eq!(d.changes.len(), 1);
    }

    #[test]
    fn the_rolling_king_steps_along_its_line_taking_what_stands_there() {
        let v = Variant::RollingKings;
        // The King-line starts h1, g1 (RULES.md): after any White move the King on h1 steps
        // to g1, here onto White's own Knight.
        let d = describe(v, "7k/8/8/8/8/P7/8/6NK w - - 0 1", "a3a4");
        let step = d.king_step.clone().expect("the King steps");
        assert_eq!((step.from, step.to, step.piece.code.as_str()), (sq(v, "h1"), sq(v, "g1"), "K"));
        assert_eq!(removed(v, &d), owned(&[("g1", "N", Removal::KingStep)]));
        assert_eq!(d.changes.len(), 4);
    }

    #[test]
    fn uc40_drops_the_front_of_the_reserve_and_promotes_to_its_back() {
        let v = Variant::Uc40;
        let fen = "4k3/P7/8/8/8/8/8/4K3[QR/qr] w - - 0 1 1,0 -";
        let d = describe(v, fen, "a7a8r");
        assert_eq!(d.promotion.clone().map(|p| p.code), Some("R".to_string()));
        let d = describe(v, fen, "e1d1,Q@a1");
        assert_eq!(d.drop.map(|(s, p)| (s, p.code)), Some((sq(v, "a1"), "Q".to_string())));
        assert!(d.removed.is_empty());
    }

    /// In random games of every variant, each legal move's changes applied to the board
    /// before it give the board after playing it, and every piece counted removed is one
    /// fewer of its kind on the board and in no drop.
    #[test]
    fn changes_give_the_board_after_the_move_in_random_games() {
        let mut rng = crate::random::SplitMix64::new(7);
        for variant in Variant::ALL {
            let mut pos = AnyPosition::start(variant);
            for _ in 0..40 {
                let all = pos.legal_move_descriptions();
                if all.is_empty() {
                    break;
                }
                for d in &all {
                    let mut board = pos.board();
                    for c in &d.changes {
                        assert_eq!(board[c.square as usize], c.before, "{variant} {}", d.notation);
                        board[c.square as usize] = c.after.clone();
                    }
                    let mut after = pos.clone();
                    after.play(&d.notation).expect("legal");
                    assert_eq!(board, after.board(), "{variant} {}", d.notation);
                    let count = |b: &[Option<PieceInfo>]| b.iter().flatten().count();
                    let dropped = usize::from(d.drop.is_some());
                    let vanished = count(&pos.board()) + dropped - count(&board);
                    assert_eq!(d.removed.len(), vanished, "{variant} {}", d.notation);
                }
                let pick = rng.index_below(all.len());
                pos.play(&all[pick].notation).expect("legal");
            }
        }
    }
}
