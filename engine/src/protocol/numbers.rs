//! Numbers read from a GUI, checked against the ranges Sissa accepts. A refusal comes back
//! as words that each protocol puts in its own error form; nothing read from outside can
//! overflow the arithmetic behind it.

use crate::search::MAX_TIME;
use std::fmt::Display;
use std::str::FromStr;
use std::time::Duration;

/// A whole number from `min` to `max`.
pub fn whole<T>(text: &str, what: &str, min: T, max: T) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display + Copy,
{
    text.trim()
        .parse::<T>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("bad {what} {text:?}: a whole number from {min} to {max}"))
}

/// A time written as a whole number of `unit`s (milliseconds for UCI, centiseconds for
/// XBoard). A negative clock, which some interfaces send once time is short, counts as zero.
pub fn clock_time(text: &str, what: &str, unit: Duration) -> Result<Duration, String> {
    let bad = || format!("bad {what} {text:?}: a whole number, at most {}", max_units(unit));
    let count: i64 = text.trim().parse().map_err(|_| bad())?;
    let count = u64::try_from(count.max(0)).ok().filter(|&n| n <= max_units(unit));
    // At most a year in nanoseconds: far inside a u64.
    count.map(|n| Duration::from_nanos(unit.as_nanos() as u64 * n)).ok_or_else(bad)
}

/// How many `unit`s make [`MAX_TIME`].
fn max_units(unit: Duration) -> u64 {
    (MAX_TIME.as_nanos() / unit.as_nanos().max(1)) as u64
}

/// Seconds, possibly fractional (`st 2`, `level 40 5 0.5`), from zero to [`MAX_TIME`].
pub fn seconds(text: &str, what: &str) -> Result<Duration, String> {
    let secs: f64 = text.trim().parse().unwrap_or(f64::NAN);
    if (0.0..=MAX_TIME.as_secs_f64()).contains(&secs) {
        Ok(Duration::from_secs_f64(secs))
    } else {
        Err(format!("bad {what} {text:?}: seconds, at most {}", MAX_TIME.as_secs()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_checked_against_their_range() {
        assert_eq!(whole::<u32>("7", "depth", 1, 10), Ok(7));
        assert_eq!(whole::<u32>(" 10 ", "depth", 1, 10), Ok(10));
        for bad in ["0", "11", "-1", "", "x", "1e3", "99999999999999999999"] {
            let e = whole::<u32>(bad, "depth", 1, 10).expect_err(bad);
            assert!(e.contains("from 1 to 10"), "{e}");
        }
    }

    #[test]
    fn clock_times_clamp_below_and_refuse_above() {
        let cs = Duration::from_millis(10);
        assert_eq!(clock_time("150", "time", cs), Ok(Duration::from_millis(1500)));
        assert_eq!(clock_time("-40", "time", cs), Ok(Duration::ZERO));
        let year_in_cs = MAX_TIME.as_millis() / 10;
        assert_eq!(clock_time(&year_in_cs.to_string(), "time", cs), Ok(MAX_TIME));
        for bad in [(year_in_cs + 1).to_string(), "18446744073709551615".into(), "1.5".into()] {
            assert!(clock_time(&bad, "time", cs).is_err(), "{bad}");
        }
    }

    #[test]
    fn seconds_may_be_fractional_but_not_huge_or_negative() {
        assert_eq!(seconds("0.5", "time"), Ok(Duration::from_millis(500)));
        assert_eq!(seconds("2", "time"), Ok(Duration::from_secs(2)));
        for bad in ["-1", "nan", "inf", "99999999999999999999", "1e300", "", "x"] {
            assert!(seconds(bad, "time").is_err(), "{bad}");
        }
    }
}
