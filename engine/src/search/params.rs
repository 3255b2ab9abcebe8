//! The search's numeric constants that a tuner may move: pruning margins, the late-move
//! reduction table's shape, the aspiration window. Each variant searches with the values of
//! its profile; a user (or `sissa spsa`) may override any of them by name, as a UCI option
//! or a `sissa:Name=value` engine option. The reduction table is built from its two
//! constants once per set of values, never in the search.

/// One constant: its name (as an option), its value, its range, and the perturbation
/// `sissa spsa` starts from (docs/search.md, "Tuning the search's constants").
#[derive(Clone, Copy, Debug)]
pub struct Tunable {
    pub name: &'static str,
    pub value: i32,
    pub min: i32,
    pub max: i32,
    /// The size of the tuner's last perturbations: about the change expected to be seen
    /// in games at all.
    pub step: f64,
}

/// The index of each constant in [`TUNABLES`] and in [`SearchParams::values`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    RfpMargin,
    FutilityBase,
    FutilityPerPly,
    LmpBase,
    SeeCaptureMargin,
    SeeQuietMargin,
    NullMoveMargin,
    DeltaMargin,
    AspirationDelta,
    LmrBase,
    LmrDivisor,
}

const COUNT: usize = 11;

/// Every constant, in [`Param`] order, with the value every variant searched with before any
/// was tuned.
pub const TUNABLES: [Tunable; COUNT] = [
    // Reverse futility: a static score this far above beta per ply of depth is trusted.
    Tunable { name: "RfpMargin", value: 80, min: 20, max: 250, step: 8.0 },
    // Futility pruning of quiet moves up to depth 3: base and per-ply margins.
    Tunable { name: "FutilityBase", value: 100, min: 0, max: 400, step: 10.0 },
    Tunable { name: "FutilityPerPly", value: 120, min: 20, max: 400, step: 12.0 },
    // Late-move pruning: at depth d, the quiet moves after the first LmpBase + d^2 are
    // skipped (3 more when the static score is rising).
    Tunable { name: "LmpBase", value: 4, min: 1, max: 12, step: 1.0 },
    // Static-exchange pruning near the leaves: a capture losing more than this times the
    // depth, or a quiet move losing more than this times the depth squared.
    Tunable { name: "SeeCaptureMargin", value: 100, min: 20, max: 300, step: 10.0 },
    Tunable { name: "SeeQuietMargin", value: 20, min: 0, max: 100, step: 3.0 },
    // The null move's reduction grows by a ply per this much of static score over beta
    // (three plies at most).
    Tunable { name: "NullMoveMargin", value: 200, min: 50, max: 600, step: 20.0 },
    // Quiescence: a capture that cannot lift the score to alpha even with this much extra
    // is skipped.
    Tunable { name: "DeltaMargin", value: 200, min: 50, max: 600, step: 20.0 },
    // The aspiration window's half-width at the start.
    Tunable { name: "AspirationDelta", value: 20, min: 5, max: 100, step: 3.0 },
    // Late-move reductions: (LmrBase + ln(depth) ln(move number) x 100 / LmrDivisor) / 100
    // plies, rounded down.
    Tunable { name: "LmrBase", value: 50, min: -100, max: 200, step: 8.0 },
    Tunable { name: "LmrDivisor", value: 220, min: 100, max: 500, step: 15.0 },
];

/// Depths and move numbers the reduction table covers; larger ones read its last entry.
pub const LMR_SIZE: usize = 64;

/// The values one search runs with, and the reduction table they make.
#[derive(Clone, Debug)]
pub struct SearchParams {
    values: [i32; COUNT],
    reductions: Box<[[u8; LMR_SIZE]; LMR_SIZE]>,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams::with_values(TUNABLES.map(|t| t.value))
    }
}

impl SearchParams {
    fn with_values(values: [i32; COUNT]) -> SearchParams {
        let mut params = SearchParams { values, reductions: Box::new([[0; LMR_SIZE]; LMR_SIZE]) };
        params.build_reductions();
        params
    }

    /// The default values with `overrides` (constant, value) applied in order.
    pub fn with_overrides(overrides: &[(Param, i32)]) -> SearchParams {
        let mut values = TUNABLES.map(|t| t.value);
        for &(param, value) in overrides {
            values[param as usize] = value;
        }
        SearchParams::with_values(values)
    }

    #[inline(always)]
    pub fn get(&self, param: Param) -> i32 {
        self.values[param as usize]
    }

    /// Plies of reduction for the `moves`-th move (counted from 1) of a node of `depth`.
    #[inline(always)]
    pub fn reduction(&self, depth: i32, moves: usize) -> i32 {
        let d = (depth.max(0) as usize).min(LMR_SIZE - 1);
        i32::from(self.reductions[d][moves.min(LMR_SIZE - 1)])
    }

    fn build_reductions(&mut self) {
        let base = f64::from(self.get(Param::LmrBase)) / 100.0;
        let divisor = f64::from(self.get(Param::LmrDivisor)) / 100.0;
        for (d, row) in self.reductions.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                let plies = base + (d as f64).ln() * (n as f64).ln() / divisor;
                *r = plies.clamp(0.0, LMR_SIZE as f64) as u8;
            }
        }
    }
}

impl Param {
    /// The constant named `name` (as in [`TUNABLES`], any case).
    pub fn named(name: &str) -> Option<Param> {
        let index = TUNABLES.iter().position(|t| t.name.eq_ignore_ascii_case(name))?;
        Some(Param::ALL[index])
    }

    pub const ALL: [Param; COUNT] = [
        Param::RfpMargin,
        Param::FutilityBase,
        Param::FutilityPerPly,
        Param::LmpBase,
        Param::SeeCaptureMargin,
        Param::SeeQuietMargin,
        Param::NullMoveMargin,
        Param::DeltaMargin,
        Param::AspirationDelta,
        Param::LmrBase,
        Param::LmrDivisor,
    ];

    pub fn tunable(self) -> &'static Tunable {
        &TUNABLES[self as usize]
    }

    /// `value` checked against the constant's range.
    pub fn checked(self, value: &str) -> Result<i32, String> {
        let t = self.tunable();
        value.trim().parse::<i32>().ok().filter(|v| (t.min..=t.max).contains(v)).ok_or_else(|| {
            format!("bad value for {}: {value:?} (an integer from {} to {})", t.name, t.min, t.max)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_are_in_parameter_order_and_the_defaults_in_range() {
        for (index, param) in Param::ALL.iter().enumerate() {
            assert_eq!(*param as usize, index);
            let t = param.tunable();
            assert_eq!(Param::named(&t.name.to_lowercase()), Some(*param));
            assert!(t.min <= t.value && t.value <= t.max, "{}", t.name);
        }
        assert_eq!(Param::named("NoSuchThing"), None);
    }

    #[test]
    fn the_default_reductions_are_half_a_ply_plus_ln_d_ln_n_over_2_2() {
        let params = SearchParams::default();
        // ln 3 ln 2 / 2.2 = 0.35: 0 plies with the half ply (0.85); ln 8 ln 8 / 2.2 = 1.97:
        // 2 plies (2.47); ln 20 ln 30 / 2.2 = 4.64: 5 plies (5.14).
        assert_eq!(params.reduction(3, 2), 0);
        assert_eq!(params.reduction(8, 8), 2);
        assert_eq!(params.reduction(20, 30), 5);
        // Beyond the table: its last entry (ln 63 ln 63 / 2.2 + 0.5 = 8.08).
        assert_eq!(params.reduction(200, 500), 8);
    }

    #[test]
    fn overrides_rebuild_the_table_and_leave_the_rest() {
        let params = SearchParams::with_overrides(&[(Param::LmrDivisor, 110), (Param::LmrBase, 0)]);
        // ln 8 ln 8 / 1.1 = 3.94.
        assert_eq!(params.reduction(8, 8), 3);
        assert_eq!(params.get(Param::RfpMargin), 80);
        assert_eq!(Param::LmrDivisor.checked(" 300 "), Ok(300));
        assert!(Param::LmrDivisor.checked("99").is_err());
        assert!(Param::LmrDivisor.checked("x").is_err());
    }
}
