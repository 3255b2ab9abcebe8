//! Which parameters a variant's file holds, in order: the generic terms, from the variant's
//! definition (its piece types, board and whether it has pawns and check), then the
//! variant's own terms.

use crate::danger::danger_names;
use crate::scale::SCALE_PARAMS;
use sissa_movegen::geometry::Square;
use sissa_movegen::piece::Kind;
use sissa_movegen::pieces::Role;
use sissa_movegen::rules::Rules;
use sissa_movegen::shape::Shape;

/// How many numbers a parameter has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Middlegame and endgame weights: a linear term, fitted by the tuner.
    Phased,
    /// One number used in a way that is not a sum of weighted features (a phase weight, a
    /// share in per mille): kept as it is by the tuner.
    Single,
}

impl Arity {
    pub fn values(self) -> usize {
        match self {
            Arity::Phased => 2,
            Arity::Single => 1,
        }
    }
}

/// One line of the layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub name: String,
    pub arity: Arity,
}

impl Spec {
    pub fn phased(name: impl Into<String>) -> Spec {
        Spec { name: name.into(), arity: Arity::Phased }
    }
    pub fn single(name: impl Into<String>) -> Spec {
        Spec { name: name.into(), arity: Arity::Single }
    }
}

/// Highest index of the passed-pawn table (by ranks advanced beyond the first step).
pub const PASSED_RANKS: usize = 10;
/// Entries of the king danger table (by squares attacked around the king, capped).
pub const KING_ATTACK_STEPS: usize = 16;
/// Entries of the safe check table (by squares attacked around the enemy king, capped).
pub const SAFE_CHECK_STEPS: usize = 8;
/// Entries of the low-mobility table (by squares a piece attacks; a piece with more has
/// none).
pub const MOBILITY_LOW_STEPS: usize = 8;
/// Entries of the shelter and storm tables (by ranks from the king to the pawn, capped;
/// `shelter.0` is a file without an own pawn ahead of the king).
pub const SHELTER_STEPS: usize = 5;

/// The kinds of free path a passed pawn has (`passed_path.rs`), as named in the layout:
/// nothing of the enemy's attacks its span (its file ahead and the files beside), nothing
/// attacks its file ahead, nothing attacks its next square; and, besides one of those, its
/// next square defended.
pub const PASSED_PATHS: [&str; 4] = ["free", "file_free", "step_free", "step_defended"];

/// A piece type's name as it appears in parameter names: its catalogue name with spaces
/// written as underscores (`Dragon_Horse`).
pub fn kind_name<R: Rules>(kind: Kind) -> String {
    R::def().kinds[kind as usize].kind.name.replace(' ', "_")
}

/// Does mobility count for this type (it moves by catalogue parts)?
pub fn is_mobile<R: Rules>(kind: Kind) -> bool {
    let kd = &R::def().kinds[kind as usize];
    kd.kind.role == Role::Plain && !kd.kind.parts.is_empty()
}

/// Is this type a piece (neither the king nor the pawn)? Pieces have the pair and
/// open-file terms.
pub fn is_piece<R: Rules>(kind: Kind) -> bool {
    let def = R::def();
    kind != def.king && Some(kind) != def.pawn
}

/// Does this type have an attacker weight (`king_attacker.<Type>`, where the variant has
/// the terms of `has_check_and_pawns`): a piece whose moves mobility counts?
pub fn is_king_attacker<R: Rules>(kind: Kind) -> bool {
    is_piece::<R>(kind) && is_mobile::<R>(kind)
}

/// Does the variant have the terms of games with check and orthodox pawns: the threats and
/// safe checks, the outposts and fully open files, connected pawns and passed pawns against
/// the kings? There an attack is a threat to capture on the attacked square, a pawn's
/// attack decides where a piece can stay, and a king that moves by choice can stop a passed
/// pawn or escort it.
pub fn has_check_and_pawns<R: Rules>() -> bool {
    R::HAS_CHECK && R::def().pawn.is_some()
}

/// The name of a square in parameter names (`a1`, `j10`).
pub fn square_name<R: Rules>(sq: Square) -> String {
    R::S::DIMS.square_name(sq)
}

/// The generic part of `R`'s layout.
pub fn generic<R: Rules>() -> Vec<Spec> {
    let def = R::def();
    let mut specs = Vec::new();
    for k in 0..def.kinds.len() as Kind {
        let name = kind_name::<R>(k);
        specs.push(Spec::phased(format!("value.{name}")));
        specs.push(Spec::single(format!("phase.{name}")));
        if is_mobile::<R>(k) {
            specs.push(Spec::phased(format!("mobility.{name}")));
        }
        if is_piece::<R>(k) {
            specs.push(Spec::phased(format!("pair.{name}")));
            if def.pawn.is_some() {
                specs.push(Spec::phased(format!("open_file.{name}")));
            }
        }
        for sq in 0..R::S::DIMS.squares() as Square {
            specs.push(Spec::phased(format!("pst.{name}.{}", square_name::<R>(sq))));
        }
    }
    if def.pawn.is_some() {
        for r in 0..PASSED_RANKS {
            specs.push(Spec::phased(format!("passed.{r}")));
        }
        specs.push(Spec::phased("isolated"));
        specs.push(Spec::phased("doubled"));
    }
    if R::HAS_CHECK {
        for n in 0..KING_ATTACK_STEPS {
            specs.push(Spec::phased(format!("king_attack.{n}")));
        }
        if def.pawn.is_some() {
            specs.push(Spec::phased("king_shelter"));
        }
    }
    if has_check_and_pawns::<R>() {
        for k in (0..def.kinds.len() as Kind).filter(|&k| is_piece::<R>(k)) {
            specs.push(Spec::phased(format!("threat_by_pawn.{}", kind_name::<R>(k))));
        }
        specs.push(Spec::phased("hanging"));
        for k in (0..def.kinds.len() as Kind).filter(|&k| is_piece::<R>(k)) {
            specs.push(Spec::phased(format!("threat_by_lesser.{}", kind_name::<R>(k))));
        }
        for r in 0..PASSED_RANKS {
            specs.push(Spec::phased(format!("connected.{r}")));
        }
        specs.push(Spec::phased("passed_enemy_king"));
        specs.push(Spec::phased("passed_own_king"));
        specs.push(Spec::phased("passed_blocked"));
        for n in 0..SAFE_CHECK_STEPS {
            specs.push(Spec::phased(format!("safe_check.{n}")));
        }
        for k in (0..def.kinds.len() as Kind).filter(|&k| is_piece::<R>(k)) {
            let name = kind_name::<R>(k);
            specs.push(Spec::phased(format!("outpost.{name}")));
            specs.push(Spec::phased(format!("fully_open_file.{name}")));
            specs.push(Spec::phased(format!("behind_pawn.{name}")));
            specs.push(Spec::phased(format!("king_distance.{name}")));
        }
        for d in 0..SHELTER_STEPS {
            specs.push(Spec::phased(format!("shelter.{d}")));
        }
        for d in 1..SHELTER_STEPS {
            specs.push(Spec::phased(format!("storm.{d}")));
        }
        specs.push(Spec::phased("storm_blocked"));
        for k in (0..def.kinds.len() as Kind).filter(|&k| is_king_attacker::<R>(k)) {
            specs.push(Spec::phased(format!("king_attacker.{}", kind_name::<R>(k))));
        }
        specs.push(Spec::phased("backward"));
        specs.push(Spec::phased("weak_unopposed"));
        specs.push(Spec::phased("bound_pawns"));
        specs.push(Spec::phased("bound_pawns_blocked"));
        specs.push(Spec::phased("threat_by_push"));
        specs.push(Spec::phased("hanging_pawn"));
        specs.push(Spec::phased("restricted"));
        for path in PASSED_PATHS {
            specs.push(Spec::phased(format!("passed_path.{path}")));
        }
        specs.push(Spec::phased("space"));
        specs.push(Spec::phased("king_flank_attack"));
        specs.push(Spec::phased("king_flank_defence"));
        specs.push(Spec::phased("pawnless_flank"));
        for k in (0..def.kinds.len() as Kind).filter(|&k| is_mobile::<R>(k)) {
            for n in 0..MOBILITY_LOW_STEPS {
                specs.push(Spec::phased(format!("mobility_low.{}.{n}", kind_name::<R>(k))));
            }
        }
        specs.extend(danger_names::<R>().into_iter().map(Spec::phased));
    }
    if def.pawn.is_some() {
        specs.extend(SCALE_PARAMS.map(Spec::single));
    }
    specs.push(Spec::single("tempo"));
    specs
}
