//! The per-variant tables the evaluation reads, built once per search from the variant's
//! parameters: weights by piece type, piece-square tables by piece, and the masks of the
//! pawn terms.

use crate::colours::{colour_bound_kinds, dark_squares};
use crate::danger::DangerWeights;
use crate::params::layout::{
    has_check_and_pawns, is_king_attacker, is_mobile, is_piece, kind_name, square_name,
    KING_ATTACK_STEPS, MOBILITY_LOW_STEPS, PASSED_PATHS, PASSED_RANKS, SAFE_CHECK_STEPS,
    SHELTER_STEPS,
};
use crate::params::{Entry, Params};
use crate::phased::Phased;
use crate::sink::Weight;
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::{Color, Square};
use sissa_movegen::piece::{Kind, MAX_KINDS};
use sissa_movegen::pieces::lines_of;
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::shape::Shape;

const NONE: Weight = (0, Phased::ZERO);

/// Everything per piece type and square, for one variant.
pub struct Tables<R: Rules> {
    pub value: [Weight; MAX_KINDS],
    /// Weight of each type in the game phase (0 for pawns and kings).
    pub phase: [i32; MAX_KINDS],
    /// Bonus per attacked square beyond the baseline, for the types in `mobile_kinds`.
    pub mobility: [Weight; MAX_KINDS],
    /// By type and by the squares a piece attacks, below `MOBILITY_LOW_STEPS`: a weight on
    /// top of the linear mobility, where the variant has check and pawns. Few squares can
    /// cost more than the line says: a piece that cannot get out may be lost.
    pub mobility_low: [[Weight; MOBILITY_LOW_STEPS]; MAX_KINDS],
    pub mobility_low_weighted: bool,
    pub mobile_kinds: Vec<Kind>,
    /// `place[piece index][square]`: the piece-square weight (Black's mirrored by rank).
    pub place: Box<[[Weight; 128]; MAX_KINDS * 2]>,
    /// `pst[piece index][square]`: value plus place, what the search adds.
    pub pst: Box<[[Phased; 128]; MAX_KINDS * 2]>,
    /// Pair bonus per piece type: every type, and the types whose bonus is not zero.
    pub pairs: Vec<(Kind, Weight)>,
    pub pairs_nonzero: Vec<(Kind, Weight)>,
    /// Bonus for a piece on a file without own pawns, the same two lists.
    pub open_files: Vec<(Kind, Weight)>,
    pub open_files_nonzero: Vec<(Kind, Weight)>,
    /// Bonus for a piece on an outpost (`pieces.rs`), by type, and whether any is other
    /// than zero (if not, the search skips the term).
    pub outpost: [Weight; MAX_KINDS],
    pub outposts_weighted: bool,
    /// Bonus for a piece on a file without any pawns (beyond the open-file bonus), the same
    /// two lists as the open files.
    pub fully_open_files: Vec<(Kind, Weight)>,
    pub fully_open_files_nonzero: Vec<(Kind, Weight)>,
    /// Per piece standing right behind a pawn of either colour (shielded from the front,
    /// and the pawn's file half closed to the enemy), the same two lists.
    pub behind_pawn: Vec<(Kind, Weight)>,
    pub behind_pawn_nonzero: Vec<(Kind, Weight)>,
    /// Per step of a piece's king distance from its own king (a piece near its king
    /// defends it), the same two lists.
    pub king_distance: Vec<(Kind, Weight)>,
    pub king_distance_nonzero: Vec<(Kind, Weight)>,
    /// Passed pawn bonus by ranks advanced beyond the first step.
    pub passed: [Weight; PASSED_RANKS],
    pub isolated: Weight,
    pub doubled: Weight,
    /// King danger by squares attacked around the king.
    pub king_attack: [Weight; KING_ATTACK_STEPS],
    /// Own pawns in front of the king.
    pub king_shelter: Weight,
    /// By the ranks from the king to the nearest own pawn on each file around it (0: none),
    /// to the nearest enemy pawn (`storm[0]` unused), and for an enemy pawn an own pawn
    /// stops (`shelter.rs`).
    pub shelter: [Weight; SHELTER_STEPS],
    pub storm: [Weight; SHELTER_STEPS],
    pub storm_blocked: Weight,
    /// A pawn that no own pawn beside it can come to defend, whose next square an enemy pawn
    /// holds or attacks (`pawns.rs`).
    pub backward: Weight,
    /// An isolated or backward pawn with no enemy pawn ahead on its file, open to the
    /// enemy's rooks.
    pub weak_unopposed: Weight,
    /// Per colour-bound piece (`colours.rs`), per own pawn on the squares of its colour, and
    /// per such pawn that cannot move on because something stands in front of it (`pieces.rs`).
    pub bound_pawns: Weight,
    pub bound_pawns_blocked: Weight,
    /// Is either other than zero (if not, the search skips them)?
    pub bound_pawns_weighted: bool,
    /// The colour-bound piece types and the squares of a1's colour.
    pub colour_bound: Vec<Kind>,
    pub dark: Bb<R>,
    /// Is any of them other than zero (if not, the search skips them)?
    pub shelter_weighted: bool,
    /// Per piece of each type that attacks a square next to the enemy king, where the
    /// variant has the terms of `layout::has_check_and_pawns`; `None` for the types
    /// without the term.
    pub king_attacker: [Option<Weight>; MAX_KINDS],
    /// Does the variant have the terms of `layout::has_check_and_pawns` (threats, safe
    /// checks, outposts, fully open files, connected pawns, passed pawns against the kings)?
    pub check_and_pawns: bool,
    /// Is any of the threats' weights other than zero? If not, the search skips them.
    pub threats_weighted: bool,
    /// Bonus per enemy piece of each type attacked by an own pawn.
    pub threat_by_pawn: [Weight; MAX_KINDS],
    /// Bonus per enemy piece (not a pawn or the king) attacked and not defended.
    pub hanging: Weight,
    /// Bonus per enemy piece of each type attacked by an own piece worth clearly less.
    pub threat_by_lesser: [Weight; MAX_KINDS],
    /// Bonus per enemy piece (not a pawn or the king) that an own pawn would attack after
    /// a step forward onto a square it could stand on (`threats.rs`).
    pub threat_by_push: Weight,
    /// Bonus per enemy pawn attacked and not defended.
    pub hanging_pawn: Weight,
    /// Bonus per square both sides attack that the enemy does not hold firmly (`threats.rs`):
    /// a square the enemy's pieces cannot use freely.
    pub restricted: Weight,
    /// Is any of the last three (the pressure terms) other than zero? If not, the search
    /// skips them.
    pub pressure_weighted: bool,
    /// `lesser_victims[attacker type]`: bit `v` is set if a piece of type `v` attacked by
    /// the attacker is a threat by a lesser piece (`LESSER_MARGIN`).
    pub lesser_victims: [u64; MAX_KINDS],
    /// Bonus per pawn defended by an own pawn or beside one, by ranks advanced beyond the
    /// first step.
    pub connected: [Weight; PASSED_RANKS],
    /// Per passed pawn, times how far it has advanced (`passer_scale`): per step of the
    /// enemy king's distance to the square in front of it, per step of the own king's, and
    /// when an enemy piece stands on that square.
    pub passed_enemy_king: Weight,
    pub passed_own_king: Weight,
    pub passed_blocked: Weight,
    /// Per passed pawn whose next square is empty, times how far it has advanced
    /// (`passed_path.rs`), by the kind of free path it has (`layout::PASSED_PATHS`), and
    /// whether any is other than zero (if not, the search skips them).
    pub passed_path: [Weight; PASSED_PATHS.len()],
    pub passed_path_weighted: bool,
    /// The types that capture by landing and slide the whole length of a file (a rook, a
    /// queen), as a bit set: one behind a passed pawn guards its path, or attacks it.
    pub file_sliders: u64,
    /// Per square of space (`space.rs`), weighted by the men and the blocked pawns, and
    /// whether it is other than zero (if not, the search skips it).
    pub space: Weight,
    pub space_weighted: bool,
    /// Each side's zone of space: the files but the outer quarter on each side, on the
    /// second to fourth ranks counted from its side.
    pub space_zone: [Bb<R>; 2],
    /// Per square of the king's flank (`king_flank.rs`) the enemy attacks (once more where
    /// it attacks it twice), per square of it the own side attacks, and for a flank without
    /// pawns; whether any is other than zero (if not, the search skips them).
    pub king_flank_attack: Weight,
    pub king_flank_defence: Weight,
    pub pawnless_flank: Weight,
    pub king_flank_weighted: bool,
    /// By the king's file, the files of its flank: those within two of it.
    pub king_flank: [Bb<R>; 16],
    /// Each side's camp: its own half of the board and the rank beyond it.
    pub camp: [Bb<R>; 2],
    /// Per square (up to `SAFE_CHECKS_CAP`) from which an own piece could give check and
    /// that no enemy piece, pawn or king attacks, by the squares around the enemy king the
    /// own pieces attack (as for `king_attack`, capped): a check is worth more where the
    /// king is already under attack, which one weight per check could not say.
    pub safe_check: [Weight; SAFE_CHECK_STEPS],
    /// Is it weighted (if not, the search skips it)?
    pub safe_check_weighted: bool,
    /// The lines (`Mover::lines`) the reversible types that capture by landing slide or
    /// ride along, computed once from the enemy king's square for the safe checks.
    pub check_lines: [bool; 3],
    /// Does each type capture by landing on its victim (so its attacks are threats)?
    pub lands: [bool; MAX_KINDS],
    /// For the side to move, added after tapering.
    pub tempo: i32,
    /// Squares in front of a pawn on its file and the two next to it, per colour: if no enemy
    /// pawn stands there the pawn is passed.
    pub passed_span: Box<[[Bb<R>; 128]; 2]>,
    /// Files next to each file.
    pub adjacent_files: [Bb<R>; 16],
    /// Phase total of the start position (the phase weight of a full army, both sides).
    pub phase_total: i32,
    /// Does the variant play with kings that hide (it has check)?
    pub royal_check: bool,
    /// The weights of the danger to the king (`danger.rs`).
    pub danger: DangerWeights,
}

/// The square whose White weight a piece of `color` on `sq` reads: Black's tables are
/// White's mirrored by rank.
fn white_square<R: Rules>(color: Color, sq: Square) -> Square {
    let dims = R::S::DIMS;
    dims.relative_rank(color, sq) as Square * dims.files + dims.file(sq) as Square
}

impl<R: Rules> Tables<R> {
    pub fn build(params: &Params) -> Tables<R> {
        let def = R::def();
        let dims = R::S::DIMS;
        let mut value = [NONE; MAX_KINDS];
        let mut phase = [0; MAX_KINDS];
        let mut mobility = [NONE; MAX_KINDS];
        let mut mobile_kinds = Vec::new();
        let (mut pairs, mut open_files) = (Vec::new(), Vec::new());
        let mut place = Box::new([[NONE; 128]; MAX_KINDS * 2]);
        let mut pst = Box::new([[Phased::ZERO; 128]; MAX_KINDS * 2]);
        for k in 0..def.kinds.len() as Kind {
            let name = kind_name::<R>(k);
            let ku = k as usize;
            value[ku] = params.phased(&format!("value.{name}"));
            phase[ku] = params.single(&format!("phase.{name}"));
            if is_mobile::<R>(k) {
                mobility[ku] = params.phased(&format!("mobility.{name}"));
                mobile_kinds.push(k);
            }
            if is_piece::<R>(k) {
                pairs.push((k, params.phased(&format!("pair.{name}"))));
                if def.pawn.is_some() {
                    open_files.push((k, params.phased(&format!("open_file.{name}"))));
                }
            }
            // The layout lists a type's squares in order, so its first square's entry is
            // the base of the rest.
            let first = params.entry(&format!("pst.{name}.{}", square_name::<R>(0)));
            for color in Color::BOTH {
                let index = ku * 2 + color.index();
                for sq in 0..dims.squares() as Square {
                    let entry = first + white_square::<R>(color, sq) as Entry;
                    let w = (entry, params.phased_at(entry));
                    place[index][sq as usize] = w;
                    pst[index][sq as usize] = value[ku].1 + w.1;
                }
            }
        }
        let nonzero = |list: &Vec<(Kind, Weight)>| {
            list.iter().copied().filter(|(_, w)| w.1 != Phased::ZERO).collect::<Vec<_>>()
        };
        let (pairs_nonzero, open_files_nonzero) = (nonzero(&pairs), nonzero(&open_files));
        let (mut outpost, mut fully_open_files) = ([NONE; MAX_KINDS], Vec::new());
        let (mut behind_pawn, mut king_distance) = (Vec::new(), Vec::new());
        if has_check_and_pawns::<R>() {
            for k in (0..def.kinds.len() as Kind).filter(|&k| is_piece::<R>(k)) {
                let name = kind_name::<R>(k);
                outpost[k as usize] = params.phased(&format!("outpost.{name}"));
                fully_open_files.push((k, params.phased(&format!("fully_open_file.{name}"))));
                behind_pawn.push((k, params.phased(&format!("behind_pawn.{name}"))));
                king_distance.push((k, params.phased(&format!("king_distance.{name}"))));
            }
        }
        let (behind_pawn_nonzero, king_distance_nonzero) =
            (nonzero(&behind_pawn), nonzero(&king_distance));
        let outposts_weighted = outpost.iter().any(|w| w.1 != Phased::ZERO);
        let fully_open_files_nonzero = nonzero(&fully_open_files);
        let mut passed = [NONE; PASSED_RANKS];
        let (mut isolated, mut doubled, mut king_shelter) = (NONE, NONE, NONE);
        if def.pawn.is_some() {
            for (r, w) in passed.iter_mut().enumerate() {
                *w = params.phased(&format!("passed.{r}"));
            }
            isolated = params.phased("isolated");
            doubled = params.phased("doubled");
        }
        let mut king_attack = [NONE; KING_ATTACK_STEPS];
        if R::HAS_CHECK {
            for (n, w) in king_attack.iter_mut().enumerate() {
                *w = params.phased(&format!("king_attack.{n}"));
            }
            if def.pawn.is_some() {
                king_shelter = params.phased("king_shelter");
            }
        }
        let mut threat_by_pawn = [NONE; MAX_KINDS];
        let mut threat_by_lesser = [NONE; MAX_KINDS];
        let (mut hanging, mut threat_by_push, mut hanging_pawn, mut restricted) =
            (NONE, NONE, NONE, NONE);
        let mut connected = [NONE; PASSED_RANKS];
        let (mut passed_enemy_king, mut passed_own_king, mut passed_blocked) = (NONE, NONE, NONE);
        let mut passed_path = [NONE; PASSED_PATHS.len()];
        let mut space = NONE;
        let (mut king_flank_attack, mut king_flank_defence, mut pawnless_flank) =
            (NONE, NONE, NONE);
        let mut safe_check = [NONE; SAFE_CHECK_STEPS];
        let mut mobility_low = [[NONE; MOBILITY_LOW_STEPS]; MAX_KINDS];
        let (mut shelter, mut storm, mut storm_blocked) =
            ([NONE; SHELTER_STEPS], [NONE; SHELTER_STEPS], NONE);
        let mut king_attacker = [None; MAX_KINDS];
        let (mut backward, mut weak_unopposed) = (NONE, NONE);
        let (mut bound_pawns, mut bound_pawns_blocked) = (NONE, NONE);
        let check_and_pawns = has_check_and_pawns::<R>();
        if check_and_pawns {
            for k in (0..def.kinds.len() as Kind).filter(|&k| is_piece::<R>(k)) {
                let name = kind_name::<R>(k);
                threat_by_pawn[k as usize] = params.phased(&format!("threat_by_pawn.{name}"));
                threat_by_lesser[k as usize] = params.phased(&format!("threat_by_lesser.{name}"));
            }
            hanging = params.phased("hanging");
            threat_by_push = params.phased("threat_by_push");
            hanging_pawn = params.phased("hanging_pawn");
            restricted = params.phased("restricted");
            for (r, w) in connected.iter_mut().enumerate() {
                *w = params.phased(&format!("connected.{r}"));
            }
            passed_enemy_king = params.phased("passed_enemy_king");
            passed_own_king = params.phased("passed_own_king");
            passed_blocked = params.phased("passed_blocked");
            for (w, path) in passed_path.iter_mut().zip(PASSED_PATHS) {
                *w = params.phased(&format!("passed_path.{path}"));
            }
            space = params.phased("space");
            king_flank_attack = params.phased("king_flank_attack");
            king_flank_defence = params.phased("king_flank_defence");
            pawnless_flank = params.phased("pawnless_flank");
            for &k in &mobile_kinds {
                let name = kind_name::<R>(k);
                for (n, w) in mobility_low[k as usize].iter_mut().enumerate() {
                    *w = params.phased(&format!("mobility_low.{name}.{n}"));
                }
            }
            for (n, w) in safe_check.iter_mut().enumerate() {
                *w = params.phased(&format!("safe_check.{n}"));
            }
            for (d, w) in shelter.iter_mut().enumerate() {
                *w = params.phased(&format!("shelter.{d}"));
            }
            for (d, w) in storm.iter_mut().enumerate().skip(1) {
                *w = params.phased(&format!("storm.{d}"));
            }
            storm_blocked = params.phased("storm_blocked");
            for k in (0..def.kinds.len() as Kind).filter(|&k| is_king_attacker::<R>(k)) {
                let name = format!("king_attacker.{}", kind_name::<R>(k));
                king_attacker[k as usize] = Some(params.phased(&name));
            }
            backward = params.phased("backward");
            weak_unopposed = params.phased("weak_unopposed");
            bound_pawns = params.phased("bound_pawns");
            bound_pawns_blocked = params.phased("bound_pawns_blocked");
        }
        let weighted = |list: &[Weight]| list.iter().any(|w| w.1 != Phased::ZERO);
        let threats_weighted = check_and_pawns
            && (weighted(&[hanging, threat_by_push, hanging_pawn, restricted])
                || weighted(&threat_by_pawn)
                || weighted(&threat_by_lesser));
        let shelter_weighted = check_and_pawns
            && (weighted(&shelter) || weighted(&storm) || weighted(&[storm_blocked]));
        let mut lands = [false; MAX_KINDS];
        for (k, kd) in def.kinds.iter().enumerate() {
            lands[k] = kd.kind.lands_only();
        }
        let check_lines = lines_of(def.kinds.iter().enumerate().filter_map(|(k, kd)| {
            let checks = lands[k] && kd.mover.is_reversible() && is_mobile::<R>(k as Kind);
            checks.then_some(&kd.mover)
        }));
        let lesser_victims = lesser_victims::<R>(&value, &lands);
        let (passed_span, adjacent_files) = pawn_masks::<R>();
        let phase_total = start_phase::<R>(&phase).max(1);
        Tables {
            value,
            phase,
            mobility,
            mobile_kinds,
            place,
            pst,
            pairs,
            pairs_nonzero,
            open_files,
            open_files_nonzero,
            outpost,
            outposts_weighted,
            fully_open_files,
            fully_open_files_nonzero,
            behind_pawn,
            behind_pawn_nonzero,
            king_distance,
            king_distance_nonzero,
            passed,
            isolated,
            doubled,
            king_attack,
            king_shelter,
            shelter,
            storm,
            storm_blocked,
            backward,
            weak_unopposed,
            bound_pawns,
            bound_pawns_blocked,
            bound_pawns_weighted: check_and_pawns
                && (bound_pawns.1 != Phased::ZERO || bound_pawns_blocked.1 != Phased::ZERO),
            colour_bound: colour_bound_kinds::<R>(),
            dark: dark_squares::<R>(),
            shelter_weighted,
            king_attacker,
            check_and_pawns,
            threats_weighted,
            threat_by_pawn,
            hanging,
            threat_by_lesser,
            threat_by_push,
            hanging_pawn,
            restricted,
            pressure_weighted: check_and_pawns
                && weighted(&[threat_by_push, hanging_pawn, restricted]),
            lesser_victims,
            connected,
            passed_enemy_king,
            passed_own_king,
            passed_blocked,
            passed_path,
            passed_path_weighted: check_and_pawns && weighted(&passed_path),
            file_sliders: file_sliders::<R>(&lands),
            space,
            space_weighted: check_and_pawns && weighted(&[space]),
            space_zone: space_zones::<R>(),
            king_flank_attack,
            king_flank_defence,
            pawnless_flank,
            king_flank_weighted: check_and_pawns
                && weighted(&[king_flank_attack, king_flank_defence, pawnless_flank]),
            king_flank: king_flanks::<R>(),
            camp: camps::<R>(),
            mobility_low,
            mobility_low_weighted: check_and_pawns && mobility_low.iter().any(|t| weighted(t)),
            safe_check,
            safe_check_weighted: check_and_pawns && safe_check.iter().any(|w| w.1 != Phased::ZERO),
            check_lines,
            lands,
            tempo: params.single("tempo"),
            danger: DangerWeights::build::<R>(params, check_and_pawns),
            passed_span,
            adjacent_files,
            phase_total,
            royal_check: R::HAS_CHECK,
        }
    }
}

/// Safe check squares count up to this many: beyond that the king is in trouble anyway.
pub const SAFE_CHECKS_CAP: i32 = 3;

/// How much more (middlegame value, centipawns) a piece must be worth than its attacker for
/// the attack to count as a threat by a lesser piece: a minor piece against a rook, a rook
/// against a queen, not a knight against a bishop.
pub const LESSER_MARGIN: i32 = 100;

// `lesser_victims` holds a bit per piece type.
const _: () = assert!(MAX_KINDS <= 64);

/// For each type that captures by landing, the piece types (neither pawn nor king) worth at
/// least `LESSER_MARGIN` more than it, as a bit set.
fn lesser_victims<R: Rules>(
    value: &[Weight; MAX_KINDS],
    lands: &[bool; MAX_KINDS],
) -> [u64; MAX_KINDS] {
    let kinds = R::def().kinds.len();
    let mut victims = [0u64; MAX_KINDS];
    for attacker in (0..kinds).filter(|&a| lands[a]) {
        for victim in (0..kinds).filter(|&v| is_piece::<R>(v as Kind)) {
            if value[victim].1.mg >= value[attacker].1.mg + LESSER_MARGIN {
                victims[attacker] |= 1 << victim;
            }
        }
    }
    victims
}

/// The types that capture by landing and, from a square of the first rank of an empty
/// board, attack the last square of its file: those that slide along a whole file.
fn file_sliders<R: Rules>(lands: &[bool; MAX_KINDS]) -> u64 {
    let (t, dims) = (R::S::tables(), R::S::DIMS);
    let (Some(first), Some(last)) = (dims.square(0, 0), dims.square(0, dims.ranks as i32 - 1))
    else {
        return 0;
    };
    let mut sliders = 0;
    for (k, kd) in R::def().kinds.iter().enumerate() {
        if lands[k] && kd.mover.attacks(t, first, Bb::<R>::EMPTY).has(last) {
            sliders |= 1 << k;
        }
    }
    sliders
}

/// Each side's zone of space (`space.rs`): the files but the outer quarter on each side (c
/// to f of eight, c to h of ten), on the second to fourth ranks counted from its side.
fn space_zones<R: Rules>() -> [Bb<R>; 2] {
    let (t, dims) = (R::S::tables(), R::S::DIMS);
    let (files, ranks) = (dims.files as usize, dims.ranks as usize);
    let mut centre = Bb::<R>::EMPTY;
    for f in files / 4..files - files / 4 {
        centre |= t.file_masks[f];
    }
    let near = |from_own: usize| t.rank_masks[from_own];
    let far = |from_own: usize| t.rank_masks[ranks - 1 - from_own];
    let white = (1..=3).fold(Bb::<R>::EMPTY, |b, r| b | near(r));
    let black = (1..=3).fold(Bb::<R>::EMPTY, |b, r| b | far(r));
    [white & centre, black & centre]
}

/// By file, the files within two of it (`king_flank.rs`).
fn king_flanks<R: Rules>() -> [Bb<R>; 16] {
    let (t, files) = (R::S::tables(), R::S::DIMS.files as usize);
    let mut flanks = [Bb::<R>::EMPTY; 16];
    for (f, flank) in flanks.iter_mut().enumerate().take(files) {
        for near in f.saturating_sub(2)..(f + 3).min(files) {
            *flank |= t.file_masks[near];
        }
    }
    flanks
}

/// Each side's camp (`king_flank.rs`): the ranks of its own half and the one beyond it.
fn camps<R: Rules>() -> [Bb<R>; 2] {
    let (t, ranks) = (R::S::tables(), R::S::DIMS.ranks as usize);
    let depth = ranks / 2 + 1;
    let white = (0..depth).fold(Bb::<R>::EMPTY, |b, r| b | t.rank_masks[r]);
    let black = (ranks - depth..ranks).fold(Bb::<R>::EMPTY, |b, r| b | t.rank_masks[r]);
    [white, black]
}

type PawnMasks<R> = (Box<[[Bb<R>; 128]; 2]>, [Bb<R>; 16]);

/// The passed-pawn spans and the adjacent files.
fn pawn_masks<R: Rules>() -> PawnMasks<R> {
    let t = R::S::tables();
    let dims = R::S::DIMS;
    let (files, ranks) = (dims.files as usize, dims.ranks as i32);
    let mut adjacent_files = [Bb::<R>::EMPTY; 16];
    for (f, adjacent) in adjacent_files.iter_mut().enumerate().take(files) {
        if f > 0 {
            *adjacent |= t.file_masks[f - 1];
        }
        if f + 1 < files {
            *adjacent |= t.file_masks[f + 1];
        }
    }
    let mut passed_span = Box::new([[Bb::<R>::EMPTY; 128]; 2]);
    for sq in 0..dims.squares() as Square {
        let f = dims.file(sq) as usize;
        let r = dims.rank(sq);
        let files_mask = t.file_masks[f] | adjacent_files[f];
        for color in Color::BOTH {
            let mut ahead = Bb::<R>::EMPTY;
            for rr in 0..ranks {
                let in_front = if color == Color::White { rr > r } else { rr < r };
                if in_front {
                    ahead |= t.rank_masks[rr as usize];
                }
            }
            passed_span[color.index()][sq as usize] = ahead & files_mask;
        }
    }
    (passed_span, adjacent_files)
}

/// The phase weight of the start position, from its FEN's piece letters.
fn start_phase<R: Rules>(phase: &[i32; MAX_KINDS]) -> i32 {
    match sissa_movegen::Position::<R>::from_fen(&R::def().start_fen) {
        Ok(pos) => {
            let kinds = R::def().kinds.len();
            phase[..kinds]
                .iter()
                .enumerate()
                .map(|(k, w)| w * pos.kind(k as Kind).count() as i32)
                .sum()
        }
        Err(_) => 1,
    }
}
