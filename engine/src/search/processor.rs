//! A thread's time on a processor and its time runnable but waiting for one, as Linux counts
//! them (`/proc/thread-self/schedstat`, in nanoseconds). A search's debug report uses the
//! waiting time to tell a slow search from a machine that did not run it. (The running time
//! of a thread that is running lags by up to a scheduler tick, so the report does not use
//! it.) Elsewhere than Linux there is nothing to read, and the report leaves them out.

use std::time::Duration;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProcessorTime {
    pub running: Duration,
    pub waiting: Duration,
}

impl ProcessorTime {
    /// The calling thread's times so far.
    pub fn of_this_thread() -> Option<ProcessorTime> {
        let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        parse_schedstat(&text)
    }

    /// The times between `before` and now (`self`).
    pub fn since(self, before: ProcessorTime) -> ProcessorTime {
        ProcessorTime {
            running: self.running.saturating_sub(before.running),
            waiting: self.waiting.saturating_sub(before.waiting),
        }
    }
}

/// `schedstat`'s line: time running, time waiting on a run queue (both in nanoseconds), and
/// the number of time slices.
fn parse_schedstat(text: &str) -> Option<ProcessorTime> {
    let mut fields = text.split_whitespace().map(str::parse::<u64>);
    let running = Duration::from_nanos(fields.next()?.ok()?);
    let waiting = Duration::from_nanos(fields.next()?.ok()?);
    Some(ProcessorTime { running, waiting })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedstat_is_read_in_nanoseconds() {
        let read = parse_schedstat("1500000 250000 12\n");
        let expected = ProcessorTime {
            running: Duration::from_micros(1500),
            waiting: Duration::from_micros(250),
        };
        assert_eq!(read, Some(expected));
        assert_eq!(parse_schedstat("12 x 3"), None);
        assert_eq!(parse_schedstat(""), None);
    }

    #[test]
    fn a_busy_thread_is_seen_running() {
        let Some(before) = ProcessorTime::of_this_thread() else { return }; // not Linux
        let start = std::time::Instant::now();
        while start.elapsed() < Duration::from_millis(20) {}
        let spent = ProcessorTime::of_this_thread().map(|now| now.since(before));
        // A loop of 20 ms of wall time ran for some of it, however loaded the machine.
        assert!(spent.is_some_and(|s| s.running > Duration::ZERO), "{spent:?}");
    }
}
