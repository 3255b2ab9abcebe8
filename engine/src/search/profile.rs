//! What the search does differently by variant. Every difference is a measurement: a
//! technique that gained in one variant's test (`sissa match --sprt`, docs/strength.md) and
//! was not found to gain, or not measured, in the others is switched on in that variant
//! alone, and the others keep the search they were measured with (docs/search.md).

use super::params::Param;
use super::timemgmt::SuddenDeathPlan;
use sissa_movegen::Rules;

/// The parts of the search that differ between variants.
#[derive(Debug)]
pub struct Profile {
    /// Singular extension with multi-cut (`search.rs`, `singular_test`).
    pub singular_extension: bool,
    /// The null move's reduction is 3 plies plus the depth over this (plus up to three for
    /// the margin over beta).
    pub null_move_depth_divisor: i32,
    /// Reverse futility trusts a margin a ply smaller when the static score is rising.
    pub rfp_improving: bool,
    /// The pruning reads the table's score in place of the static score where the table's
    /// bound says the search found the static score wrong in its direction.
    pub table_score_prunes: bool,
    /// The quiet history's bonus (and the malus of the quiet moves tried before) for a
    /// cutoff at a depth.
    pub history_bonus: fn(i32) -> i32,
    /// Quiescence's first ply searches the quiet moves that give direct check after the
    /// captures (`quiet_checks.rs`).
    pub quiescence_checks: bool,
    /// The search's constants that differ from `params.rs`'s defaults here (fitted by
    /// `sissa spsa`, docs/search.md).
    pub search_params: &'static [(Param, i32)],
    /// How a clock without a time control ahead is spent (`timemgmt.rs`).
    pub sudden_death: SuddenDeathPlan,
}

/// The search of every variant without a measured difference.
static BASE: Profile = EVERY_VARIANT;

/// What every variant's search does unless its profile says otherwise.
const EVERY_VARIANT: Profile = Profile {
    singular_extension: false,
    null_move_depth_divisor: 4,
    rfp_improving: false,
    table_score_prunes: false,
    history_bonus: quadratic_bonus,
    quiescence_checks: false,
    search_params: &[],
    sudden_death: SuddenDeathPlan::Growing,
};

/// Chess: the singular extension (docs/strength.md, "Singular extension in chess") and a
/// more selective search (a deeper null move, reverse futility by the improving signal, the
/// table's score in the pruning, a larger history bonus at small depths), measured together
/// (docs/strength.md, "A more selective search in chess"), and quiescence's quiet checks
/// (docs/strength.md, "Quiet checks in chess's quiescence").
static CHESS: Profile = Profile {
    singular_extension: true,
    null_move_depth_divisor: 3,
    rfp_improving: true,
    table_score_prunes: true,
    history_bonus: linear_bonus,
    quiescence_checks: true,
    search_params: &[],
    sudden_death: SuddenDeathPlan::Growing,
};

/// UC-40: the search of every variant, with the steady plan of a clock: the growing one
/// lost to it (docs/strength.md, "The time plan in UC-40").
static UC40: Profile = Profile { sudden_death: SuddenDeathPlan::Steady, ..EVERY_VARIANT };

/// 16 x depth^2, at most 2000.
fn quadratic_bonus(depth: i32) -> i32 {
    (16 * depth * depth).min(2000)
}

/// 200 x depth - 100, at most 2000: five to six times the quadratic bonus at depths 1 to 3.
fn linear_bonus(depth: i32) -> i32 {
    (200 * depth - 100).min(2000)
}

/// The search profile of `R`.
pub fn profile<R: Rules>() -> &'static Profile {
    match R::NAME {
        "chess" => &CHESS,
        "uc40" => &UC40,
        _ => &BASE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::variants::chess::Chess;
    use sissa_movegen::variants::lionsunicorns::LionsUnicorns;
    use sissa_movegen::variants::uc40::Uc40;

    #[test]
    fn chess_alone_searches_with_its_measured_differences() {
        let chess = profile::<Chess>();
        assert!(chess.singular_extension && chess.rfp_improving && chess.table_score_prunes);
        assert!(chess.quiescence_checks);
        assert_eq!(chess.null_move_depth_divisor, 3);
        let other = profile::<LionsUnicorns>();
        assert!(!other.singular_extension && !other.rfp_improving && !other.table_score_prunes);
        assert!(!other.quiescence_checks);
        assert_eq!(other.null_move_depth_divisor, 4);
    }

    #[test]
    fn uc40_alone_plans_a_clock_steadily() {
        assert_eq!(profile::<Uc40>().sudden_death, SuddenDeathPlan::Steady);
        assert_eq!(profile::<Chess>().sudden_death, SuddenDeathPlan::Growing);
        assert_eq!(profile::<LionsUnicorns>().sudden_death, SuddenDeathPlan::Growing);
        // Otherwise UC-40 searches as every variant does.
        let (uc40, base) = (profile::<Uc40>(), profile::<LionsUnicorns>());
        assert_eq!(uc40.singular_extension, base.singular_extension);
        assert_eq!(uc40.null_move_depth_divisor, base.null_move_depth_divisor);
        assert_eq!(uc40.quiescence_checks, base.quiescence_checks);
    }

    #[test]
    fn the_bonuses_grow_with_the_depth_up_to_their_cap() {
        // Depth 1: 16 and 100; depth 3: 144 and 500; from depth 11 (12 for the quadratic
        // one) both are 2000.
        assert_eq!((quadratic_bonus(1), linear_bonus(1)), (16, 100));
        assert_eq!((quadratic_bonus(3), linear_bonus(3)), (144, 500));
        assert_eq!((quadratic_bonus(12), linear_bonus(11)), (2000, 2000));
    }
}
