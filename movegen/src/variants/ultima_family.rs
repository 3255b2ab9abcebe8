//! What the variants of the Ultima family (Rococo, UC-40, Ultima, and the variants a file
//! builds from Sissa's capture keys) share at the level of a position: the board as the
//! shared capturer reads it, the board effects of a move, the generator with Ultima's check
//! (a King may not be left capturable by any method), and the swap-back ban's FEN field.

use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind, MoveSink};
use crate::piece::{Kind, Piece, MAX_KINDS};
use crate::pieces::ultima::cannon_pawn::cannon_pawn_moves;
use crate::pieces::ultima::capturer::{Army, Board};
use crate::pieces::ultima::swapper::SwapBan;
use crate::pieces::ultima::Scene;
use crate::pieces::Mover;
use crate::position::{Position, Undo};
use crate::rules::{Bb, Rules};
use crate::shape::Shape;
use crate::zobrist::ZOBRIST;

impl<R: Rules> Board<R::S> for Position<R> {
    #[inline(always)]
    fn occupied(&self) -> Bb<R> {
        Position::occupied(self)
    }
    #[inline(always)]
    fn color(&self, c: Color) -> Bb<R> {
        Position::color(self, c)
    }
    #[inline(always)]
    fn pieces(&self, k: Kind, c: Color) -> Bb<R> {
        Position::pieces(self, k, c)
    }
    #[inline(always)]
    fn kind_at(&self, sq: Square) -> Option<Kind> {
        Position::piece_at(self, sq).map(|p| p.kind())
    }
    #[inline(always)]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        Position::piece_at(self, sq)
    }
    #[inline(always)]
    fn king_square(&self, c: Color) -> Option<Square> {
        Position::king_square(self, c)
    }
    #[inline(always)]
    fn mover(&self, k: Kind) -> &Mover<R::S> {
        &R::def().kinds[k as usize].mover
    }
    #[inline(always)]
    fn pawn_attacks(&self, c: Color, sq: Square) -> Bb<R> {
        R::def().pawn_attacks[c.index()][sq as usize]
    }
}

/// Carries out the board effects of `mv`, which captures `captured`: the captured pieces go,
/// then the mover removes itself (suicide), goes with its victim (mutual destruction), swaps,
/// or moves to its destination, where `placed` stands afterwards (the mover, or what it
/// promotes to). Returns the swap that creates a swap-back ban, if it does.
pub fn play_on_board<R: Rules>(
    pos: &mut Position<R>,
    army: &Army,
    mv: Move,
    captured: Bb<R>,
    placed: Option<Piece>,
    undo: &mut Undo<R>,
) -> Option<(Square, Square)> {
    let (from, to) = (mv.from(), mv.to());
    let mover = pos.piece_at(from)?;
    for sq in (captured & !Bb::<R>::from_square(to)).squares() {
        pos.set(sq, None, undo);
    }
    match mv.kind() {
        MoveKind::Suicide => pos.set(from, None, undo),
        MoveKind::MutualDestruction => {
            pos.set(from, None, undo);
            pos.set(to, None, undo);
        }
        MoveKind::Swap => {
            let partner = pos.piece_at(to);
            pos.set(from, partner, undo);
            pos.set(to, Some(mover), undo);
            if partner.is_some_and(|p| army.bans_swap_back(mover, p)) {
                return Some((from, to));
            }
        }
        _ => {
            pos.set(to, placed, undo);
            pos.set(from, None, undo);
        }
    }
    None
}

/// What a variant of the family states beyond how its pieces capture, for the generator
/// the internal Ultima and the variants read from a file share.
pub struct FamilyRules<'a, B> {
    pub army: &'a Army,
    /// Squares a move may enter without capturing: inside the edge ring, or every square.
    pub free: B,
    /// The royal type: a frozen King has no move, not even suicide.
    pub king: Kind,
    /// Where each side's Cannon Pawns (mount hoppers) promote.
    pub promotion_zone: [B; 2],
    /// The types a Cannon Pawn may promote to, each while fewer than its limit of them stand
    /// on the board for its side.
    pub promotion_types: &'a [(Kind, u32)],
}

/// Every move the side `us` could make ignoring its own King's safety: suicides of its
/// frozen pieces (not the King), the Cannon Pawns' steps and hops, and the other pieces'
/// moves as the shared capturer gives them. `ban` is the swap-back ban in force.
pub fn pseudo_moves<R: Rules, Sk: MoveSink<Bb<R>>>(
    pos: &Position<R>,
    family: &FamilyRules<Bb<R>>,
    us: Color,
    ban: SwapBan,
    sink: &mut Sk,
) {
    let t = R::S::tables();
    let army = family.army;
    let own = pos.color(us);
    let stuck = army.frozen(t, pos, us);
    for sq in (stuck & !pos.kind(family.king)).squares() {
        sink.push(Move::new(sq, sq, MoveKind::Suicide));
    }
    let scene =
        Scene { t, occ: pos.occupied(), own, enemy: pos.color(us.flip()), free: family.free };
    let active = own & !stuck;
    let pawns = army.mount_hop.on(pos, us) & active;
    if pawns.any() {
        let mut types = [0 as Kind; MAX_KINDS];
        let mut n = 0;
        for &(kind, limit) in family.promotion_types {
            if pos.pieces(kind, us).count() < limit && n < MAX_KINDS {
                types[n] = kind;
                n += 1;
            }
        }
        cannon_pawn_moves(&scene, pawns, family.promotion_zone[us.index()], &types[..n], sink);
    }
    for sq in (active & !pawns).squares() {
        if let Some(piece) = pos.piece_at(sq) {
            let banned = ban.banned_partner::<Bb<R>>(sq);
            army.piece_moves(&scene, pos, us, sq, piece.kind(), banned, None, sink);
        }
    }
}

/// Could the side other than `c` capture `c`'s King, were it to move now? (No swap-back ban
/// is in force for that side then: a ban binds only the side to move.)
pub fn king_capturable<R: Rules>(pos: &Position<R>, family: &FamilyRules<Bb<R>>, c: Color) -> bool {
    let Some(king) = pos.king_square(c) else { return false };
    let mut hunter =
        KingHunter { pos, army: family.army, king: Bb::<R>::from_square(king), found: false };
    pseudo_moves(pos, family, c.flip(), SwapBan::NONE, &mut hunter);
    hunter.found
}

/// A move sink that looks for a move capturing the King on `king`.
struct KingHunter<'a, R: Rules> {
    pos: &'a Position<R>,
    army: &'a Army,
    king: Bb<R>,
    found: bool,
}

impl<R: Rules> MoveSink<Bb<R>> for KingHunter<'_, R> {
    fn push(&mut self, mv: Move) {
        if !self.found {
            let captured = self.army.captured_by(R::S::tables(), self.pos, None, mv);
            self.found = (captured & self.king).any();
        }
    }
}

/// A move sink that passes on the moves after which the mover's King is not capturable,
/// decided by playing each on a scratch copy: exact, for every capture method.
struct Legal<'a, 'f, R: Rules, Sk> {
    scratch: Position<R>,
    family: &'a FamilyRules<'f, Bb<R>>,
    sink: &'a mut Sk,
}

impl<R: Rules, Sk: MoveSink<Bb<R>>> MoveSink<Bb<R>> for Legal<'_, '_, R, Sk> {
    fn push(&mut self, mv: Move) {
        let us = self.scratch.side();
        self.scratch.make(mv);
        let legal = !king_capturable(&self.scratch, self.family, us);
        self.scratch.unmake();
        if legal {
            self.sink.push(mv);
        }
    }
}

/// The legal moves where the King may not be left capturable (Ultima's check): none once a
/// King is missing.
pub fn legal_moves<R: Rules, Sk: MoveSink<Bb<R>>>(
    pos: &Position<R>,
    family: &FamilyRules<Bb<R>>,
    ban: SwapBan,
    sink: &mut Sk,
) {
    let us = pos.side();
    if pos.king_square(us).is_none() || pos.king_square(us.flip()).is_none() {
        return;
    }
    let mut legal = Legal { scratch: pos.clone(), family, sink };
    pseudo_moves(pos, family, us, ban, &mut legal);
}

/// Plays `mv` for a variant of the family: works out what it captures with the shared
/// capturer, carries out its board effects (a promotion places the promoted piece), and
/// resets the move count on a capture, a suicide or a Cannon Pawn's step or hop. Returns the
/// swap that creates a swap-back ban, if it does.
#[inline(always)]
pub fn apply_family<R: Rules>(
    pos: &mut Position<R>,
    army: &Army,
    mv: Move,
    undo: &mut Undo<R>,
) -> Option<(Square, Square)> {
    let mover = pos.piece_at(mv.from())?;
    let captured = army.captured_by(R::S::tables(), pos, None, mv);
    let placed = match mv.promotion() {
        Some(kind) => Piece::new(kind, mover.color()),
        None => mover,
    };
    let ban = play_on_board(pos, army, mv, captured, Some(placed), undo);
    undo.captured = captured.any();
    let pawn_move = army.mount_hop.has(mover.kind()) && mv.kind() == MoveKind::Normal;
    if captured.any() || mv.kind() == MoveKind::Suicide || pawn_move {
        pos.reset_halfmove();
    }
    ban
}

/// The zobrist key of a swap-back ban; the two squares in either order hash alike.
pub fn ban_key(ban: SwapBan) -> u64 {
    match ban.0 {
        Some((a, b)) => ZOBRIST.extra[a.min(b) as usize] ^ ZOBRIST.extra[128 + a.max(b) as usize],
        None => 0,
    }
}

/// Reads a FEN's swap-back ban field: `-`, or the two squares of the swap that created the
/// ban, in either order (`e5e9`).
pub fn parse_ban<S: Shape>(text: &str) -> Result<SwapBan, FenError> {
    if text == "-" {
        return Ok(SwapBan::NONE);
    }
    let dims = S::DIMS;
    let bad = || FenError::new(format!("bad swap-back ban {text:?} (two squares such as e5e9)"));
    if !text.is_ascii() {
        return Err(bad());
    }
    // The second square starts at the first letter after the first character.
    let split = text[1..].find(|c: char| c.is_ascii_alphabetic()).map(|i| i + 1).ok_or_else(bad)?;
    let a = dims.parse_square(&text[..split]).ok_or_else(bad)?;
    let b = dims.parse_square(&text[split..]).ok_or_else(bad)?;
    if a == b {
        return Err(bad());
    }
    Ok(SwapBan(Some((a, b))))
}

/// Writes the swap-back ban as the FEN's field (nothing when there is none).
pub fn write_ban<S: Shape>(ban: SwapBan) -> Vec<String> {
    let dims = S::DIMS;
    match ban.0 {
        Some((a, b)) => vec![format!("{}{}", dims.square_name(a), dims.square_name(b))],
        None => Vec::new(),
    }
}
