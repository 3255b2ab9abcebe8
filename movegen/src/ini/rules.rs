//! Variants read from a file as [`Rules`] types.
//!
//! Built-in variants are zero-sized types whose definition is a static. A file variant's
//! definition is only known at run time, so there is one type per board shape,
//! [`FileRules<S>`], whose `def()` reads the variant currently chosen for that shape from a
//! registry of slots. Loading a variant fills a slot once (it is never freed or changed, so
//! references into it stay valid); choosing a variant by name points the shape's active
//! index at its slot. The search, evaluation and protocols are compiled once per shape and
//! dispatch once at the root, like the built-ins; per node, `def()` costs one more load.
//!
//! One variant per board shape is active at a time: choosing another file variant of the
//! same shape while a game of the first is in progress replaces its rules.

use super::definition::Definition;
use super::drops::hands::{self, HAND_CAPACITY};
use super::drops::reserve;
use super::extensions::kingline;
use super::generate;
use super::mover::FileMover;
use super::values::{GameValue, Region};
use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::geometry::{Color, Square};
use crate::king_walk::KingLine;
use crate::moves::{Move, MoveCounter, MoveSink};
use crate::piece::{Kind, MAX_KINDS};
use crate::position::{Position, Undo};
use crate::rules::{Bb, Outcome, RepetitionRule, Rules};
use crate::shape::{Board10x10, Board10x8, Board12x10, Board8x8, Shape};
use crate::variant::{CastlingRules, PawnRules, VariantDef};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use super::extensions::family::{self, with_captures, FileFamily};
use super::pieces::{piece_kind, plain_parts};
use crate::pieces::ultima::swapper::SwapBan;

/// The board shapes a file variant may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileShapeId {
    Board8x8,
    Board10x8,
    Board10x10,
    Board12x10,
}

impl FileShapeId {
    /// The shape of a `files` x `ranks` board, if Sissa has one.
    pub fn of(files: u8, ranks: u8) -> Option<FileShapeId> {
        match (files, ranks) {
            (8, 8) => Some(FileShapeId::Board8x8),
            (10, 8) => Some(FileShapeId::Board10x8),
            (10, 10) => Some(FileShapeId::Board10x10),
            (12, 10) => Some(FileShapeId::Board12x10),
            _ => None,
        }
    }
}

/// How many variants of one board shape a process may load.
const SLOTS: usize = 256;

/// The loaded variants of one shape and which one is in play.
pub struct Registry<S: Shape> {
    slots: [OnceLock<FileVariant<S>>; SLOTS],
    active: AtomicUsize,
    used: Mutex<usize>,
}

impl<S: Shape> Registry<S> {
    const fn new() -> Registry<S> {
        Registry {
            slots: [const { OnceLock::new() }; SLOTS],
            active: AtomicUsize::new(0),
            used: Mutex::new(0),
        }
    }
}

/// A board shape that file variants may use: it has a registry.
pub trait FileShape: Shape {
    const ID: FileShapeId;
    fn registry() -> &'static Registry<Self>;
}

macro_rules! file_shape {
    ($shape:ty, $id:ident, $static:ident) => {
        static $static: Registry<$shape> = Registry::new();
        impl FileShape for $shape {
            const ID: FileShapeId = FileShapeId::$id;
            #[inline(always)]
            fn registry() -> &'static Registry<Self> {
                &$static
            }
        }
    };
}

file_shape!(Board8x8, Board8x8, REGISTRY_8X8);
file_shape!(Board10x8, Board10x8, REGISTRY_10X8);
file_shape!(Board10x10, Board10x10, REGISTRY_10X10);
file_shape!(Board12x10, Board12x10, REGISTRY_12X10);

/// The end of the game by reaching a region or by losing pieces, compiled for a shape.
pub struct Goals<B> {
    /// Each side's flag piece (`None`: any) and the squares where it wins.
    flag: Option<([Option<Kind>; 2], [B; 2])>,
    /// (result for the side whose pieces ran out, the kinds counted (empty: all), how few).
    extinction: Option<(GameValue, Vec<Kind>, u32)>,
}

/// A file variant compiled for its board shape.
pub struct FileVariant<S: Shape> {
    pub def: VariantDef<S>,
    pub definition: Definition,
    /// Can the shared legal generator play it (pieces that are all symmetric leapers, rook
    /// and bishop sliders and nightriders, orthodox pawns)?
    pub fast: bool,
    /// Every kind's moves in the general form, for the general generator.
    pub movers: Vec<FileMover<S>>,
    pub promotion_region: [S::B; 2],
    pub double_step_region: [S::B; 2],
    pub mandatory_promotion: bool,
    pub checking: bool,
    pub goals: Option<Goals<S::B>>,
    /// (letter, XBetza) of the pieces whose moves XBoard reads as the file writes them.
    pub xbetza: &'static [(&'static str, &'static str)],
    /// The line the Kings walk by themselves (`kingLine`), if the variant has one.
    pub king_line: Option<KingLine>,
    /// Drops and captures to hand, if the variant has them.
    pub drops: Option<super::drops::Drops<S::B>>,
    /// The Ultima family's rules, for a variant using Sissa's capture keys.
    pub family: Option<FileFamily<S::B>>,
}

/// A file variant's state beyond the board: the hands and promoted marks of a variant with
/// drops, the swap-back ban of one with Swappers. A variant uses at most one of the two (the
/// other stays empty and hashes to 0), so a variant without either hashes as its board alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FileState<B> {
    pub drops: super::drops::Hands<B>,
    pub ban: SwapBan,
}

pub(super) fn region_bits<S: Shape>(region: Region) -> S::B {
    let mut b = S::B::EMPTY;
    for sq in 0..S::DIMS.squares() {
        if region >> sq & 1 == 1 {
            b |= S::B::from_square(sq as u8);
        }
    }
    b
}

/// Leaks a string: a loaded variant lives as long as the process, like a built-in one.
fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

impl<S: Shape> FileVariant<S> {
    fn build(definition: Definition) -> Result<FileVariant<S>, String> {
        if definition.pieces.len() > MAX_KINDS {
            return Err(format!("more than {MAX_KINDS} piece types"));
        }
        let kind_of = |letter: char| {
            definition.pieces.iter().position(|p| p.letter == letter).map(|i| i as Kind)
        };
        let mut pieces: Vec<(&'static str, crate::pieces::PieceKind)> = definition
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let role = if i == definition.king {
                    crate::pieces::Role::King
                } else if Some(i) == definition.pawn {
                    crate::pieces::Role::Pawn
                } else {
                    crate::pieces::Role::Plain
                };
                (leak(&p.letter.to_string()), piece_kind(p, role))
            })
            .collect();
        if let Some(rules) = &definition.capture_rules {
            with_captures(&mut pieces, rules);
        }
        let promotion: Vec<Kind> =
            definition.promotion_types.iter().filter_map(|&c| kind_of(c)).collect();
        let family = definition.capture_rules.as_ref().map(|rules| {
            let letters: Vec<char> = definition.pieces.iter().map(|p| p.letter).collect();
            let zone = definition.promotion_region.map(region_bits::<S>);
            let king = definition.king as Kind;
            FileFamily::build::<S>(rules, &pieces, &letters, king, &promotion, zone)
        });
        let pawn_rules = PawnRules {
            double_step: definition.double_step,
            en_passant: definition.en_passant,
            promotion,
        };
        let castling = match (definition.castling, king_file(&definition)) {
            (Some(c), Some(king_file)) => kind_of(c.rook).map(|rook| CastlingRules {
                king_file,
                king_to: c.king_to,
                rook_to: [c.king_to[0].saturating_sub(1), c.king_to[1] + 1],
                rook,
            }),
            _ => None,
        };
        let def = VariantDef::new(
            leak(&definition.name),
            &pieces,
            pawn_rules,
            castling,
            &definition.start_fen,
        );
        let extensions = [
            definition.king_line.is_some(),
            definition.drops.is_some(),
            definition.capture_rules.is_some(),
        ];
        if extensions.iter().filter(|&&used| used).count() > 1 {
            return Err("kingLine, piece drops and Sissa's capture keys do not combine".to_string());
        }
        if definition.drops.as_ref().is_some_and(|d| d.reserve.drop_after_move)
            && (definition.castling.is_some() || !definition.checking)
        {
            // A drop after castling, or one giving check where check is not allowed, would
            // need rules no variant settles.
            return Err("dropAfterMove does not combine with castling or checking = false".into());
        }
        let king_line = match &definition.king_line {
            Some(squares) => Some(kingline::compile(squares).ok_or("a bad kingLine")?),
            None => None,
        };
        let movers = definition
            .pieces
            .iter()
            .map(|p| FileMover::compile_with(&p.moves, king_line.as_ref()))
            .collect();
        let goals = goals::<S>(&definition, &kind_of);
        let fast =
            family.is_none() && plays_by_shared_generator(&definition) && king_line.is_none();
        let xbetza = xbetza_lines(&definition);
        let promotion_region = definition.promotion_region.map(region_bits::<S>);
        let drops = definition
            .drops
            .as_ref()
            .map(|d| super::drops::Drops::compile::<S>(d, promotion_region, region_bits::<S>));
        Ok(FileVariant {
            def,
            fast,
            movers,
            promotion_region,
            drops,
            double_step_region: definition.double_step_region.map(region_bits::<S>),
            mandatory_promotion: definition.mandatory_promotion,
            checking: definition.checking,
            goals,
            xbetza,
            king_line,
            family,
            definition,
        })
    }
}

/// The `piece` lines XBoard is given: every piece but the king and the pawn (XBoard's own
/// slots move them) whose moves XBetza states, written by [`crate::xbetza`].
fn xbetza_lines(definition: &Definition) -> &'static [(&'static str, &'static str)] {
    let mut lines: Vec<(&'static str, &'static str)> = Vec::new();
    for (i, piece) in definition.pieces.iter().enumerate() {
        if i == definition.king || Some(i) == definition.pawn || piece.moves.is_empty() {
            continue;
        }
        // XBoard's Betza has no atoms in braces (Sissa's bent riders and King-line).
        if piece.betza.contains('{') {
            continue;
        }
        // XBoard's Betza has no atoms in braces (Sissa's bent riders and King-line) and no way
        // to state Sissa's capture kinds.
        let sissa_captures = definition
            .capture_rules
            .as_ref()
            .is_some_and(|r| r.captures.iter().any(|(l, c)| *l == piece.letter && !c.lands_only()));
        if sissa_captures || piece.betza.contains('{') {
            continue;
        }
        if let Ok(xbetza) = crate::xbetza::write_moves(&piece.moves) {
            lines.push((leak(&piece.letter.to_string()), leak(&xbetza)));
        }
    }
    Box::leak(lines.into_boxed_slice())
}

/// The XBoard `piece` lines of the loaded variant `name` (none if it is not loaded).
pub fn xbetza_pieces(name: &str) -> &'static [(&'static str, &'static str)] {
    let list = loaded();
    let Some(found) = list.iter().find(|l| l.name == name) else { return &[] };
    let slot = found.slot;
    let lines = match found.shape {
        FileShapeId::Board8x8 => Board8x8::registry().slots[slot].get().map(|v| v.xbetza),
        FileShapeId::Board10x8 => Board10x8::registry().slots[slot].get().map(|v| v.xbetza),
        FileShapeId::Board10x10 => Board10x10::registry().slots[slot].get().map(|v| v.xbetza),
        FileShapeId::Board12x10 => Board12x10::registry().slots[slot].get().map(|v| v.xbetza),
    };
    lines.unwrap_or(&[])
}

/// Do the turns of the loaded variant `name` end with a drop after the move (Sissa's
/// `dropAfterMove`, UC-40's reserve)? The protocols show such turns as they show UC-40's.
pub fn drops_after_moves(name: &str) -> bool {
    definition_of(name).is_some_and(|d| d.drops.is_some_and(|drops| drops.reserve.drop_after_move))
}

/// The file of White's king on the first rank of the start position.
fn king_file(definition: &Definition) -> Option<u8> {
    let king = definition.pieces[definition.king].letter;
    let placement = definition.start_fen.split_whitespace().next()?;
    let first_rank = placement.split('/').next_back()?;
    let mut file = 0u32;
    let mut digits = 0u32;
    for c in first_rank.chars() {
        if let Some(d) = c.to_digit(10) {
            digits = digits * 10 + d;
            continue;
        }
        file += digits;
        digits = 0;
        if c == king {
            return u8::try_from(file).ok();
        }
        if c.is_ascii_alphabetic() {
            file += 1;
        }
    }
    None
}

fn goals<S: Shape>(
    definition: &Definition,
    kind_of: &dyn Fn(char) -> Option<Kind>,
) -> Option<Goals<S::B>> {
    let flag = definition.flag.as_ref().map(|f| {
        let kinds = f.piece.map(|letter| letter.and_then(kind_of));
        (kinds, f.region.map(region_bits::<S>))
    });
    let extinction = definition
        .extinction
        .as_ref()
        .map(|e| (e.value, e.types.iter().filter_map(|&c| kind_of(c)).collect(), e.count));
    if flag.is_none() && extinction.is_none() {
        return None;
    }
    Some(Goals { flag, extinction })
}

/// Can the shared legal generator play this variant exactly?
fn plays_by_shared_generator(d: &Definition) -> bool {
    let files = d.files;
    let last = d.ranks - 1;
    let rank = |r: u8| super::values::ranks_region(files, r, r);
    let orthodox_pawn = match d.pawn {
        None => true,
        Some(p) => {
            let mut pawn = d.pieces[p].moves.clone();
            let mut orthodox = super::betza::parse_betza("fmWfceF").unwrap_or_default();
            pawn.sort_by_key(|m| m.step);
            orthodox.sort_by_key(|m| m.step);
            pawn == orthodox
        }
    };
    let pieces_plain = d.pieces.iter().enumerate().all(|(i, p)| {
        Some(i) == d.pawn
            || plain_parts(&p.moves).is_some_and(|parts| {
                i != d.king
                    || parts.iter().all(|part| matches!(part, crate::pieces::Part::Leap(..)))
            })
    });
    orthodox_pawn
        && d.drops.is_none()
        && pieces_plain
        && d.checking
        && d.mandatory_promotion
        && d.promotion_region == [rank(last), rank(0)]
        && (!d.double_step || d.double_step_region == [rank(1), rank(last.saturating_sub(1))])
}

/// The rules of the file variant active on board shape `S`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FileRules<S>(PhantomData<S>);

impl<S: FileShape> FileRules<S> {
    /// The active variant of this shape.
    #[inline(always)]
    pub fn variant() -> &'static FileVariant<S> {
        let registry = S::registry();
        match registry.slots[registry.active.load(Ordering::Relaxed) % SLOTS].get() {
            Some(v) => v,
            None => unreachable!("a file variant is played before one was chosen"),
        }
    }
}

/// The result by the variant's goals (a flag reached, pieces run out), if any.
fn goal_outcome<S: FileShape>(
    pos: &Position<FileRules<S>>,
    goals: &Goals<S::B>,
) -> Option<Outcome> {
    let us = pos.side();
    if let Some((kinds, regions)) = &goals.flag {
        for color in [us.flip(), us] {
            let i = color.index();
            let flags = match kinds[i] {
                Some(kind) => pos.pieces(kind, color),
                None => pos.color(color),
            };
            if (flags & regions[i]).any() {
                return Some(Outcome::Win(color, "flag reached"));
            }
        }
    }
    if let Some((value, kinds, count)) = &goals.extinction {
        for color in [us.flip(), us] {
            let left = if kinds.is_empty() {
                pos.color(color).count()
            } else {
                kinds.iter().map(|&k| pos.pieces(k, color).count()).min().unwrap_or(u32::MAX)
            };
            if left <= *count {
                return Some(value_outcome(*value, color, "extinction"));
            }
        }
    }
    None
}

/// The outcome when `value` is the result for `color`.
fn value_outcome(value: GameValue, color: Color, reason: &'static str) -> Outcome {
    match value {
        GameValue::Win => Outcome::Win(color, reason),
        GameValue::Loss => Outcome::Win(color.flip(), reason),
        GameValue::Draw => Outcome::Draw(reason),
    }
}

impl<S: FileShape> Rules for FileRules<S> {
    type S = S;
    type Extra = FileState<S::B>;
    const NAME: &'static str = "file variant";
    const HAS_CHECK: bool = true;

    #[inline(always)]
    fn def() -> &'static VariantDef<S> {
        &Self::variant().def
    }

    fn name() -> &'static str {
        Self::variant().def.name
    }

    #[inline]
    fn generate<K: MoveSink<Bb<Self>>>(pos: &Position<Self>, sink: &mut K) {
        let v = Self::variant();
        if let Some(goals) = &v.goals {
            if goal_outcome(pos, goals).is_some() {
                return;
            }
        }
        if let Some(f) = &v.family {
            family::generate(pos, f, sink)
        } else if v.fast {
            crate::legal::generate_legal(pos, sink)
        } else {
            generate::generate(pos, v, sink)
        }
    }

    fn is_capture(pos: &Position<Self>, mv: Move) -> bool {
        match &Self::variant().family {
            Some(f) => family::is_capture(pos, f, mv),
            None => pos.lands_on_enemy(mv),
        }
    }

    fn n_move_plies() -> Option<u16> {
        match Self::variant().definition.n_move_rule {
            0 => None,
            moves => Some(u16::try_from(moves.saturating_mul(2)).unwrap_or(u16::MAX)),
        }
    }

    fn repetition() -> (usize, RepetitionRule) {
        let d = &Self::variant().definition;
        // The file's value is the result for the side to move, who did not repeat.
        let rule = match d.n_fold_value {
            GameValue::Win => RepetitionRule::RepeaterLoses,
            _ => RepetitionRule::Draw,
        };
        (d.n_fold_rule.max(1) as usize, rule)
    }

    fn apply(pos: &mut Position<Self>, mv: Move, undo: &mut Undo<Self>) {
        let v = Self::variant();
        match (&v.king_line, &v.drops, &v.family) {
            (Some(line), _, _) => kingline::apply(pos, mv, undo, line),
            (None, Some(drops), _) => super::drops::play::play(pos, v, drops, mv, undo),
            (None, None, Some(f)) => family::apply(pos, f, mv, undo),
            (None, None, None) => crate::orthodox::apply_orthodox(pos, mv, undo),
        }
    }

    fn in_check(pos: &Position<Self>) -> bool {
        let v = Self::variant();
        if v.king_line.is_some() {
            return false;
        }
        if let Some(f) = &v.family {
            family::in_check(pos, f)
        } else if v.fast {
            crate::legal::in_check(pos)
        } else {
            generate::king_attacked(pos, v, pos.side())
        }
    }

    fn outcome(pos: &Position<Self>) -> Option<Outcome> {
        let v = Self::variant();
        if let Some(outcome) = v.goals.as_ref().and_then(|g| goal_outcome(pos, g)) {
            return Some(outcome);
        }
        if v.king_line.is_some() {
            if let Some(outcome) = kingline::king_captured(pos, v.def.king) {
                return Some(outcome);
            }
        }
        if let Some(outcome) = v.family.as_ref().and_then(|f| family::king_captured(pos, f)) {
            return Some(outcome);
        }
        let mut count = MoveCounter::default();
        Self::generate(pos, &mut count);
        if count.0 > 0 {
            return None;
        }
        let us = pos.side();
        Some(if Self::in_check(pos) {
            value_outcome(v.definition.checkmate_value, us, "checkmate")
        } else {
            value_outcome(v.definition.stalemate_value, us, "stalemate")
        })
    }

    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        let v = Self::variant();
        if v.king_line.is_some() {
            return kingline::validate(pos, v.def.king);
        }
        if let Some(f) = &v.family {
            return family::validate(pos, f);
        }
        for c in Color::BOTH {
            if pos.pieces(v.def.king, c).count() != 1 {
                return Err(FenError::new(format!("{c:?} must have exactly one king")));
            }
        }
        if generate::king_attacked(pos, v, pos.side().flip()) {
            return Err(FenError::new("the side not to move is in check"));
        }
        if v.drops.is_some() {
            let held: usize = pos.extra.drops.hands.iter().map(|h| h.len()).sum();
            if pos.occupied().count() as usize + held > HAND_CAPACITY + 2 {
                return Err(FenError::new(format!(
                    "more than {} pieces in a game with hands",
                    HAND_CAPACITY + 2
                )));
            }
        }
        Ok(())
    }

    fn parse_extra(
        pos: &mut Position<Self>,
        holdings: Option<&str>,
        fields: &[&str],
    ) -> Result<(), FenError> {
        let drops = &Self::variant().drops;
        match (holdings, drops) {
            (Some(text), Some(d)) => {
                let queue = d.def.reserve.queue;
                pos.extra.drops.hands = hands::parse_holdings(Self::def(), text, queue)?;
            }
            (Some(_), None) => return Err(FenError::new("this variant has no holdings")),
            (None, _) => {}
        }
        let rest = match drops {
            Some(d) if d.def.reserve.exchange_credits => reserve::parse_account(pos, fields)?,
            _ => fields,
        };
        family::parse_extra(pos, Self::variant().family.as_ref(), rest)
    }

    fn write_extra(pos: &Position<Self>) -> (Option<String>, Vec<String>) {
        let drops = Self::variant().drops.as_ref();
        let holdings = drops.map(|d| {
            hands::write_holdings(Self::def(), &pos.extra.drops.hands, d.def.reserve.queue)
        });
        let mut fields = Vec::new();
        if drops.is_some_and(|d| d.def.reserve.exchange_credits) {
            fields.extend(reserve::write_account(pos));
        }
        fields.extend(family::write_extra(pos));
        (holdings, fields)
    }

    fn extra_hash(pos: &Position<Self>) -> u64 {
        let queue = Self::variant().drops.as_ref().is_some_and(|d| d.def.reserve.queue);
        pos.extra.drops.hash(queue) ^ family::extra_hash(pos)
    }

    /// A swap-back ban forbids a swap on the very next ply only, and a pending exchange may
    /// be answered on that ply only.
    fn after_pass(state: FileState<S::B>) -> FileState<S::B> {
        let drops = super::drops::Hands { pending: None, ..state.drops };
        FileState { ban: SwapBan::NONE, drops }
    }

    fn mark_promoted(pos: &mut Position<Self>, sq: Square) -> Result<(), FenError> {
        match &Self::variant().drops {
            Some(drops) if drops.marks_promoted => {
                pos.extra.drops.promoted |= S::B::from_square(sq);
                Ok(())
            }
            _ => Err(FenError::new("this variant does not mark promoted pieces (~)")),
        }
    }

    fn promoted_mark(pos: &Position<Self>, sq: Square) -> bool {
        pos.extra.drops.promoted.has(sq)
    }

    fn reserve(pos: &Position<Self>, color: Color) -> &[Kind] {
        pos.extra.drops.hands[color.index()].as_slice()
    }

    /// Every piece in hand may be dropped (one a turn) where the variant has drops, or, with
    /// exchange credits, one a credit.
    fn drop_credits(pos: &Position<Self>, color: Color) -> u32 {
        let state = &pos.extra.drops;
        match &Self::variant().drops {
            Some(d) if d.def.reserve.exchange_credits => u32::from(state.credits[color.index()]),
            Some(d) if d.def.piece_drops => state.hands[color.index()].len() as u32,
            _ => 0,
        }
    }

    fn notation(pos: &Position<Self>, mv: Move) -> String {
        let name = |kind: Kind| Self::def().kinds[kind as usize].code;
        match mv.dropped_kind() {
            // Fairy-Stockfish's UCI form: the type's letter in upper case for both sides.
            Some(kind) => format!("{}@{}", name(kind), pos.square_name(mv.to())),
            None => {
                let mut out = crate::notation::standard_notation(pos, mv.without_drop());
                // A drop after the move, as UC-40 writes it: `d2d4,Q@c1` (the queue's front,
                // in the mover's case).
                let front = pos.extra.drops.hands[pos.side().index()].front();
                if let (Some(sq), Some(kind)) = (mv.drop_square(), front) {
                    let code = Self::def().piece_code(kind, pos.side());
                    out.push_str(&format!(",{code}@{}", pos.square_name(sq)));
                }
                out
            }
        }
    }
}

// ----- loading and choosing -----

/// A loaded variant's name, shape and slot.
struct Loaded {
    name: String,
    shape: FileShapeId,
    slot: usize,
}

static LOADED: Mutex<Vec<Loaded>> = Mutex::new(Vec::new());

fn loaded() -> std::sync::MutexGuard<'static, Vec<Loaded>> {
    LOADED.lock().unwrap_or_else(|e| e.into_inner())
}

/// Compiles `definition` for shape `S` into a free slot, and checks its start position.
/// The shape's active variant is left as it was.
fn register<S: FileShape>(definition: Definition) -> Result<usize, String> {
    let start_fen = definition.start_fen.clone();
    let variant = FileVariant::<S>::build(definition)?;
    let registry = S::registry();
    let slot = {
        let mut used = registry.used.lock().unwrap_or_else(|e| e.into_inner());
        if *used >= SLOTS {
            return Err(format!("more than {SLOTS} variants of this board size loaded"));
        }
        *used += 1;
        *used - 1
    };
    if registry.slots[slot].set(variant).is_err() {
        return Err("slot taken".to_string());
    }
    let previous = registry.active.swap(slot, Ordering::Relaxed);
    let checked = Position::<FileRules<S>>::from_fen(&start_fen);
    registry.active.store(previous, Ordering::Relaxed);
    match checked {
        Ok(_) => Ok(slot),
        Err(e) => Err(format!("startFen: {e}")),
    }
}

/// Loads one definition; returns its name or why not.
pub fn load_definition(definition: Definition) -> Result<String, String> {
    let name = definition.name.clone();
    let Some(shape) = FileShapeId::of(definition.files, definition.ranks) else {
        return Err(format!(
            "a {}x{} board is not supported (8x8, 10x8, 10x10, 12x10)",
            definition.files, definition.ranks
        ));
    };
    let slot = match shape {
        FileShapeId::Board8x8 => register::<Board8x8>(definition),
        FileShapeId::Board10x8 => register::<Board10x8>(definition),
        FileShapeId::Board10x10 => register::<Board10x10>(definition),
        FileShapeId::Board12x10 => register::<Board12x10>(definition),
    }?;
    let mut list = loaded();
    list.retain(|l| l.name != name);
    list.push(Loaded { name: name.clone(), shape, slot });
    Ok(name)
}

/// Makes the loaded variant `name` the active one of its shape; returns that shape.
pub fn choose(name: &str) -> Option<FileShapeId> {
    let list = loaded();
    let found = list.iter().find(|l| l.name == name)?;
    let slot = found.slot;
    match found.shape {
        FileShapeId::Board8x8 => Board8x8::registry().active.store(slot, Ordering::Relaxed),
        FileShapeId::Board10x8 => Board10x8::registry().active.store(slot, Ordering::Relaxed),
        FileShapeId::Board10x10 => Board10x10::registry().active.store(slot, Ordering::Relaxed),
        FileShapeId::Board12x10 => Board12x10::registry().active.store(slot, Ordering::Relaxed),
    }
    Some(found.shape)
}

/// The names of the loaded variants, in loading order.
pub fn loaded_names() -> Vec<String> {
    loaded().iter().map(|l| l.name.clone()).collect()
}

/// The definition of the loaded variant `name`.
pub fn definition_of(name: &str) -> Option<Definition> {
    let list = loaded();
    let found = list.iter().find(|l| l.name == name)?;
    let slot = found.slot;
    match found.shape {
        FileShapeId::Board8x8 => {
            Board8x8::registry().slots[slot].get().map(|v| v.definition.clone())
        }
        FileShapeId::Board10x8 => {
            Board10x8::registry().slots[slot].get().map(|v| v.definition.clone())
        }
        FileShapeId::Board10x10 => {
            Board10x10::registry().slots[slot].get().map(|v| v.definition.clone())
        }
        FileShapeId::Board12x10 => {
            Board12x10::registry().slots[slot].get().map(|v| v.definition.clone())
        }
    }
}

/// Is this position's variant played by the shared legal generator? (For tests and the
/// benchmarks' notes.)
pub fn is_fast<S: FileShape>() -> bool {
    FileRules::<S>::variant().fast
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::perft;

    /// The only test of this crate that loads variants: the registry is one per process.
    #[test]
    fn loaded_variants_play_by_their_definitions() {
        let text = "[chess-t]\npawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\n\
                    [lance-t:chess-t]\nlance = l\nstartFen = 7k/8/8/8/8/8/8/L3K3 w - - 0 1\n";
        let report = crate::ini::load_text(text);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        assert_eq!(choose("chess-t"), Some(FileShapeId::Board8x8));
        assert!(FileRules::<Board8x8>::variant().fast);
        let mut pos = Position::<FileRules<Board8x8>>::start();
        // The published chess counts.
        let counts: Vec<u64> = (1..=3).map(|d| perft(&mut pos, d)).collect();
        assert_eq!(counts, [20, 400, 8902]);
        assert_eq!(choose("lance-t"), Some(FileShapeId::Board8x8));
        assert!(!FileRules::<Board8x8>::variant().fast);
        let mut pos = Position::<FileRules<Board8x8>>::start();
        // The lance climbs the a-file (7 squares), the king has 5 steps.
        assert_eq!(perft(&mut pos, 1), 12);
        let mut black = Position::<FileRules<Board8x8>>::from_fen("l3k3/8/8/8/8/8/8/7K b - - 0 1")
            .unwrap_or_else(|e| panic!("{e}"));
        // Black's lance goes down the a-file.
        assert_eq!(perft(&mut black, 1), 12);
        assert_eq!(choose("nosuch"), None);
        drops_by_hand();
    }

    /// Drops and hands, worked out by hand (run by the test above: one registry a process).
    fn drops_by_hand() {
        let report = crate::ini::load_text("[zh-t:crazyhouse]\n");
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        choose("zh-t");
        let fen = |f: &str| {
            Position::<FileRules<Board8x8>>::from_fen(f).unwrap_or_else(|e| panic!("{f}: {e}"))
        };
        // Five king steps; a knight on any of the 62 empty squares.
        assert_eq!(perft(&mut fen("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"), 1), 5 + 62);
        // A pawn on neither the first nor the last rank: 62 - 7 - 7 squares.
        assert_eq!(perft(&mut fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"), 1), 5 + 48);
        // In check by the rook on a1: three steps off the rank (d2, e2, f2), or a drop on b1,
        // c1 or d1.
        assert_eq!(perft(&mut fen("4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1"), 1), 3 + 3);
        // Taking the promoted knight puts a pawn in White's hand; the new queen is marked.
        let mut pos = fen("4k2n~/6P1/8/8/8/8/8/4K3[] w - - 0 1");
        let start_hash = pos.hash();
        let mv = pos.parse_move("g7h8q").unwrap_or_else(|| panic!("g7h8q is legal"));
        pos.make(mv);
        assert_eq!(pos.to_fen(), "4k2Q~/8/8/8/8/8/8/4K3[P] b - - 0 1");
        assert_eq!(pos.hash(), pos.compute_hash());
        pos.unmake();
        assert_eq!(pos.hash(), start_hash);
        assert_eq!(pos.to_fen(), "4k2n~/6P1/8/8/8/8/8/4K3[] w - - 0 1");
        // The king takes a promoted queen: a pawn in hand.
        let mut pos = fen("4k3/8/8/8/8/8/8/3Kq~3 w - - 0 1");
        pos.make(pos.parse_move("d1e1").unwrap_or_else(|| panic!("d1e1 is legal")));
        assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3[P] b - - 0 1");
        // A drop is written as Fairy-Stockfish writes it and read back.
        let mut pos = fen("4k3/8/8/8/8/8/8/4K3[Nn] b - - 0 1");
        let drop = pos.parse_move("N@c3").unwrap_or_else(|| panic!("N@c3 is legal"));
        pos.make(drop);
        assert_eq!(pos.to_fen(), "4k3/8/8/8/8/2n5/8/4K3[N] w - - 1 2");
        assert_eq!(pos.hash(), pos.compute_hash());
        // Holdings in a variant without drops, marks where none are kept, kings in hand.
        for bad in ["4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1"] {
            assert!(Position::<FileRules<Board8x8>>::from_fen(bad).is_err(), "{bad}");
        }
        choose("chess-t");
        assert!(
            Position::<FileRules<Board8x8>>::from_fen("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").is_err()
        );
        assert!(
            Position::<FileRules<Board8x8>>::from_fen("4k3/8/8/8/8/8/8/4KQ~2 w - - 0 1").is_err()
        );
    }
}
