//! How long to think: a soft limit (do not start another iteration after it) and a hard
//! limit (abort the search), both well inside the clock so that the engine never loses on
//! time, whatever the control: sudden death, increment, moves per session, time per move.

use super::limits::{Clock, Limits};
use std::time::{Duration, Instant};

/// Kept back from every clock by default (the `Move Overhead` option) for the time it takes
/// to send the move and for the other side's interface to stop our clock.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(50);
/// Largest move overhead accepted from outside.
pub const MAX_MOVE_OVERHEAD: Duration = Duration::from_secs(5);
/// The shortest search a budget allows, however little time is left.
const LEAST_THINKING: Duration = Duration::from_millis(1);
/// A time control further away than this many moves is planned as if it were this far.
const MOVES_TO_GO_CAP: u32 = 30;
/// In sudden death, the moves whose time a move's share is planned over: the clock and the
/// increments of those moves, less the overhead of each.
const HORIZON_MOVES: u32 = 50;
/// In sudden death the share grows with the game, by the move number over this: a game
/// decided in its middle deserves its time there, and a long game lives on its increment.
const GROWTH_MOVES: u32 = 30;
/// ...up to this many times the opening's share (per mille).
const GROWTH_CAP_PERMILLE: u32 = 2500;
/// In sudden death one move's share is at most this fraction of the time left (per mille).
const SUDDEN_DEATH_CAP_PERMILLE: u32 = 200;
/// The hard limit may reach this many times the planned share of a move...
const HARD_FACTOR: u32 = 3;
/// ...but never more than this fraction of the time left (per mille).
const HARD_CAP_PERMILLE: u32 = 400;
/// With one move to the time control the fraction of the clock that may be used (per mille).
const LAST_MOVE_PERMILLE: u32 = 800;
/// Share of the increment spent on top of the clock's share (per mille). Less than all of it,
/// so that with a small increment the clock settles well above the overhead instead of near
/// it, where one late wake-up of a loaded machine would lose on time.
const INCREMENT_PERMILLE: u32 = 500;
/// With a number of moves to the time control, the soft limit is this fraction of the
/// planned share (per mille): the next iteration takes about as long as all before it, so
/// one started late would overrun.
const SOFT_PERMILLE: u32 = 500;
/// In sudden death the share is planned as the time the move takes, the iteration that
/// passes the soft limit included: the soft limit is all of it, and the iterations' scaling
/// (`time_scaling.rs`) stretches or shrinks it.
const SUDDEN_DEATH_SOFT_PERMILLE: u32 = 1000;

/// How a move's share of a clock without a time control ahead is planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuddenDeathPlan {
    /// Over the clock and the next [`HORIZON_MOVES`] increments, growing with the game, the
    /// soft limit the whole share ([`sudden_death_share`]).
    Growing,
    /// As if a time control were [`MOVES_TO_GO_CAP`] moves away, the soft limit half the
    /// share: for a variant whose games outlast the growing plan's horizon (UC-40's run to
    /// some 80 moves a side; docs/strength.md, "The time plan in UC-40").
    Steady,
}

#[derive(Clone, Copy, Debug)]
pub struct TimeBudget {
    pub start: Instant,
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
    /// The soft limit comes from a clock, so what the iterations show may stretch or shrink
    /// it; a fixed time per move is used in full.
    pub scalable: bool,
}

/// `p` thousandths of `d`. The arithmetic here saturates: a clock from outside may be huge.
fn permille(d: Duration, p: u32) -> Duration {
    d.saturating_mul(p) / 1000
}

/// What a search keeps back from its clock for the time outside it: the pipes, the other
/// side's interface and the scheduler.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overhead {
    /// The `Move Overhead` option if the user set it; [`MOVE_OVERHEAD`] otherwise.
    pub chosen: Option<Duration>,
    /// Delays this machine has shown beyond the hard limit, measured by the searcher.
    pub seen: Duration,
}

impl Overhead {
    /// Kept back from a clock: the chosen overhead, or the delays seen if they are larger.
    fn kept_from_clock(&self) -> Duration {
        self.chosen.unwrap_or(MOVE_OVERHEAD).max(self.seen)
    }

    /// Kept back from a fixed time per move `mt`. A chosen overhead is kept in full; the
    /// default and the delays seen take at most half of the move, so that a short fixed time
    /// still leaves the search something to do.
    fn kept_from_move_time(&self, mt: Duration) -> Duration {
        let half = mt / 2;
        let default = MOVE_OVERHEAD.min(half);
        self.chosen.unwrap_or(default).max(self.seen.min(half))
    }
}

impl TimeBudget {
    pub fn new(limits: &Limits, start: Instant) -> TimeBudget {
        TimeBudget::with_overhead(limits, start, Overhead::default(), 1, SuddenDeathPlan::Growing)
    }

    /// As [`TimeBudget::new`], keeping `overhead` back from the clock, for the move numbered
    /// `move_number` in the game (as a FEN counts them), planning sudden death by `plan`.
    pub fn with_overhead(
        limits: &Limits,
        start: Instant,
        overhead: Overhead,
        move_number: u32,
        plan: SuddenDeathPlan,
    ) -> TimeBudget {
        if limits.infinite {
            return TimeBudget { start, soft: None, hard: None, scalable: false };
        }
        let mut soft = None;
        let mut hard = None;
        if let Some(mt) = limits.movetime {
            let t = mt.saturating_sub(overhead.kept_from_move_time(mt)).max(LEAST_THINKING);
            soft = Some(t);
            hard = Some(t);
        }
        if let Some(clock) = limits.clock {
            let available = clock.remaining.saturating_sub(overhead.kept_from_clock());
            let hard_cap = permille(available, HARD_CAP_PERMILLE);
            let moves_to_go = match plan {
                SuddenDeathPlan::Growing => clock.moves_to_go,
                SuddenDeathPlan::Steady => clock.moves_to_go.or(Some(MOVES_TO_GO_CAP)),
            };
            let (share, cap, soft_permille) = match moves_to_go {
                None => (
                    sudden_death_share(&clock, available, overhead, move_number),
                    hard_cap,
                    SUDDEN_DEATH_SOFT_PERMILLE,
                ),
                Some(moves) if moves <= 1 => {
                    let cap = permille(available, LAST_MOVE_PERMILLE);
                    (cap / 2, cap, SOFT_PERMILLE)
                }
                Some(moves) => {
                    let moves = moves.min(MOVES_TO_GO_CAP);
                    let share = (available / (moves + 2))
                        .saturating_add(permille(clock.increment, INCREMENT_PERMILLE));
                    (share.min(hard_cap), hard_cap, SOFT_PERMILLE)
                }
            };
            let h = share.saturating_mul(HARD_FACTOR).min(cap).max(LEAST_THINKING);
            let s = permille(share, soft_permille).min(h);
            soft = Some(soft.map_or(s, |x: Duration| x.min(s)));
            hard = Some(hard.map_or(h, |x: Duration| x.min(h)));
        }
        let scalable = limits.clock.is_some() && limits.movetime.is_none();
        TimeBudget { start, soft, hard, scalable }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// How far past its hard limit a search ended (a loaded machine may not run the search
    /// thread for a while, or the last iteration may take long to unwind).
    pub fn overrun(&self, elapsed: Duration) -> Duration {
        self.hard.map_or(Duration::ZERO, |h| elapsed.saturating_sub(h))
    }

    /// Past the hard limit: abort now.
    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    /// Past the soft limit, scaled by `percent` where the budget comes from a clock
    /// (`time_scaling.rs` says by how much): do not start another iteration.
    pub fn should_stop_iterating(&self, percent: u32) -> bool {
        let percent = if self.scalable { percent } else { 100 };
        self.soft.is_some_and(|s| self.elapsed() >= s.saturating_mul(percent) / 100)
    }
}

/// A move's share of a clock without a time control ahead: the time of the next
/// [`HORIZON_MOVES`] moves spread over them, growing with the move number where there is an
/// increment to spend, and never more than a fifth of what is left. The time of those moves
/// is the clock and their increments, each less the overhead that move will keep back (an
/// increment smaller than the overhead adds nothing).
fn sudden_death_share(
    clock: &Clock,
    available: Duration,
    overhead: Overhead,
    move_number: u32,
) -> Duration {
    let net_increment = clock.increment.saturating_sub(overhead.kept_from_clock());
    let pool = available.saturating_add(net_increment.saturating_mul(HORIZON_MOVES - 1));
    // Without an increment to live on, the clock has to last however long the game goes: a
    // share that grew would spend it down to what a search cannot stop within.
    let growth = if net_increment.is_zero() {
        1000
    } else {
        (1000 + move_number.saturating_sub(1).saturating_mul(1000) / GROWTH_MOVES)
            .min(GROWTH_CAP_PERMILLE)
    };
    permille(pool / HORIZON_MOVES, growth).min(permille(available, SUDDEN_DEATH_CAP_PERMILLE))
}

#[cfg(test)]
mod tests {
    use super::SuddenDeathPlan::{Growing, Steady};
    use super::*;

    fn budget(remaining_ms: u64, inc_ms: u64, mtg: Option<u32>) -> TimeBudget {
        budget_at_move(remaining_ms, inc_ms, mtg, 1)
    }

    fn budget_at_move(remaining_ms: u64, inc_ms: u64, mtg: Option<u32>, mv: u32) -> TimeBudget {
        planned(remaining_ms, inc_ms, mtg, mv, Growing)
    }

    fn planned(
        remaining_ms: u64,
        inc_ms: u64,
        mtg: Option<u32>,
        mv: u32,
        plan: SuddenDeathPlan,
    ) -> TimeBudget {
        let clock = Clock {
            remaining: Duration::from_millis(remaining_ms),
            increment: Duration::from_millis(inc_ms),
            moves_to_go: mtg,
        };
        let limits = Limits { clock: Some(clock), ..Limits::default() };
        TimeBudget::with_overhead(&limits, Instant::now(), Overhead::default(), mv, plan)
    }

    #[test]
    fn the_steady_plan_takes_sudden_death_as_thirty_moves_to_go() {
        // 10 s + 0.1 s: 9.95 s over 32 and half the increment, 361 ms at any move; the soft
        // limit is half of it, the hard limit three times it.
        for mv in [1, 31, 90] {
            let steady = planned(10_000, 100, None, mv, Steady);
            assert_eq!(steady.soft.map(|d| d.as_micros()), Some(180_468), "move {mv}");
            assert_eq!(steady.hard.map(|d| d.as_micros()), Some(1_082_812), "move {mv}");
        }
        // A time control ahead is planned as with the growing plan.
        let session = |plan| planned(10_000, 0, Some(10), 31, plan).soft;
        assert_eq!(session(Steady), session(Growing));
        assert_eq!(session(Steady).map(|d| d.as_micros()), Some(414_583));
    }

    #[test]
    fn sudden_death_plans_over_the_clock_and_the_increments_to_come() {
        // 10 s + 0.1 s at the first move: 9.95 s after the overhead, and 49 increments of
        // 0.1 s to come, each less its overhead of 0.05 s, spread over 50 moves: 12.4 s / 50.
        assert_eq!(budget(10_000, 100, None).soft, Some(Duration::from_millis(248)));
        // Move 31 plans twice the share; the share never passes a fifth of the clock.
        assert_eq!(budget_at_move(10_000, 100, None, 31).soft, Some(Duration::from_millis(496)));
        let capped = budget_at_move(1_000, 1_000, None, 31).soft.unwrap();
        assert_eq!(capped, Duration::from_millis(190));
        // An increment below the overhead adds nothing: 1.95 s over 50 moves.
        assert_eq!(budget(2_000, 20, None).soft, Some(Duration::from_millis(39)));
        // Without an increment the share does not grow: 9.95 s over 50 moves at move 31 too.
        assert_eq!(budget_at_move(10_000, 0, None, 31).soft, Some(Duration::from_millis(199)));
    }

    #[test]
    fn sudden_death_never_runs_the_clock_out() {
        // Every move taking half as long again as planned (the iterations' scaling may
        // stretch a move so) and never less than 5 ms (a UC-40 move has been seen to take
        // that long at a hard limit of 1 ms, most of it before its search began), over games
        // as long as a test plays: the clock ends above the overhead, with an increment and
        // without.
        let controls = [
            (10_000u64, 100u64, 200),
            (60_000, 0, 200),
            (800, 0, 60),
            (2_000, 20, 200),
            (180_000, 2_000, 200),
        ];
        for plan in [Growing, Steady] {
            for (start_ms, inc_ms, moves) in controls {
                let control = format!("{plan:?} {start_ms}+{inc_ms}");
                let mut clock = start_ms;
                for mv in 1..=moves {
                    let soft = planned(clock, inc_ms, None, mv, plan).soft.unwrap();
                    let spent = (soft.as_millis() as u64 * 3 / 2).max(5);
                    assert!(spent < clock, "{control}, move {mv}: {spent} ms of {clock}");
                    clock = clock - spent + inc_ms;
                }
                assert!(clock > MOVE_OVERHEAD.as_millis() as u64, "{control}: {clock}");
            }
        }
    }

    #[test]
    fn the_hard_limit_stays_inside_the_clock() {
        for (rem, inc, mtg) in [
            (60_000, 0, None),
            (1_000, 0, None),
            (50, 0, None),
            (10, 0, Some(1)),
            (3_000, 2_000, None),
            (500, 0, Some(1)),
            (10_000, 0, Some(40)),
            (0, 0, None),
        ] {
            let b = budget(rem, inc, mtg);
            let hard = b.hard.unwrap();
            let soft = b.soft.unwrap();
            assert!(soft <= hard, "{rem} {inc} {mtg:?}");
            let room = Duration::from_millis(rem).saturating_sub(MOVE_OVERHEAD);
            assert!(hard <= room.max(Duration::from_millis(1)), "{rem} {inc} {mtg:?}: {hard:?}");
        }
    }

    #[test]
    fn a_larger_overhead_is_kept_back() {
        let clock = Clock {
            remaining: Duration::from_millis(1000),
            increment: Duration::ZERO,
            moves_to_go: Some(1),
        };
        let limits = Limits { clock: Some(clock), ..Limits::default() };
        let normal = TimeBudget::new(&limits, Instant::now());
        let seen = Overhead { chosen: None, seen: Duration::from_millis(400) };
        let wary = TimeBudget::with_overhead(&limits, Instant::now(), seen, 1, Growing);
        assert!(wary.hard.unwrap() < normal.hard.unwrap());
        assert!(wary.hard.unwrap() <= Duration::from_millis(600));
    }

    #[test]
    fn a_chosen_overhead_is_kept_back_from_a_fixed_time_per_move_in_full() {
        let per_move = |mt: u64, chosen: Option<u64>| {
            let overhead =
                Overhead { chosen: chosen.map(Duration::from_millis), seen: Duration::ZERO };
            let limits = Limits::movetime(Duration::from_millis(mt));
            TimeBudget::with_overhead(&limits, Instant::now(), overhead, 1, Growing).hard.unwrap()
        };
        // The default keeps back at most half of a short move...
        assert_eq!(per_move(15, None), Duration::from_micros(7500));
        assert_eq!(per_move(1000, None), Duration::from_millis(950));
        // ...a chosen overhead all of it, down to the shortest search.
        assert_eq!(per_move(15, Some(12)), Duration::from_millis(3));
        assert_eq!(per_move(1000, Some(600)), Duration::from_millis(400));
        assert_eq!(per_move(15, Some(0)), Duration::from_millis(15));
        assert_eq!(per_move(15, Some(5000)), LEAST_THINKING);
    }

    #[test]
    fn a_chosen_overhead_is_kept_back_from_a_clock() {
        let clock = Clock {
            remaining: Duration::from_millis(1000),
            increment: Duration::ZERO,
            moves_to_go: Some(1),
        };
        let limits = Limits { clock: Some(clock), ..Limits::default() };
        let hard = |chosen: u64| {
            let overhead =
                Overhead { chosen: Some(Duration::from_millis(chosen)), seen: Duration::ZERO };
            TimeBudget::with_overhead(&limits, Instant::now(), overhead, 1, Growing).hard.unwrap()
        };
        // The last move before the control may use 80% of what is left after the overhead.
        assert_eq!(hard(0), Duration::from_millis(800));
        assert_eq!(hard(500), Duration::from_millis(400));
        assert_eq!(hard(5000), LEAST_THINKING);
    }

    #[test]
    fn more_time_and_fewer_moves_give_longer_thinking() {
        assert!(budget(60_000, 0, None).soft > budget(10_000, 0, None).soft);
        assert!(budget(10_000, 0, Some(2)).soft > budget(10_000, 0, Some(20)).soft);
        assert!(budget(10_000, 1_000, None).soft > budget(10_000, 0, None).soft);
    }

    #[test]
    fn only_a_clock_lets_the_iterations_scale_the_soft_limit() {
        assert!(budget(10_000, 100, None).scalable);
        let per_move = TimeBudget::new(&Limits::movetime(Duration::from_secs(1)), Instant::now());
        assert!(!per_move.scalable);
        // A fixed time per move is used in full, however settled the search: at 0 % of the
        // soft limit a clock's search would stop at once.
        assert!(!per_move.should_stop_iterating(0));
        assert!(budget(10_000, 100, None).should_stop_iterating(0));
    }

    #[test]
    fn fixed_time_per_move_is_used_but_not_exceeded() {
        let b = TimeBudget::new(&Limits::movetime(Duration::from_millis(1000)), Instant::now());
        assert!(b.hard.unwrap() <= Duration::from_millis(1000));
        assert!(b.hard.unwrap() >= Duration::from_millis(900));
        let inf = TimeBudget::new(&Limits { infinite: true, ..Limits::default() }, Instant::now());
        assert!(inf.hard.is_none() && inf.soft.is_none());
    }
}
