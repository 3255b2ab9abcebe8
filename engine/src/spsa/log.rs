//! The tuning log: a header naming the constants, then one tab-separated line per finished
//! step (its number, the result of its pair, the estimates after it). A run started with
//! `--resume` on the same log goes on from the estimates of its last line, after the highest
//! step logged (pairs played side by side end out of order).

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};

const HEADER_START: &str = "step\tresult";

/// Where an interrupted run stood: the steps done and the estimates after the last.
#[derive(Debug, PartialEq)]
pub struct Resumed {
    pub steps_done: usize,
    pub values: Vec<f64>,
}

pub struct Log {
    file: File,
}

impl Log {
    /// Opens `path` for appending; writes the header if the file is new or empty.
    pub fn open(path: &str, names: &[String]) -> Result<Log, String> {
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open {path}: {e}"))?;
        let empty = file.metadata().map(|m| m.len() == 0).unwrap_or(true);
        if empty {
            writeln!(file, "{}", header(names)).map_err(|e| format!("writing {path}: {e}"))?;
        }
        Ok(Log { file })
    }

    pub fn step(&mut self, step: usize, result: f64, values: &[f64]) -> std::io::Result<()> {
        let values: Vec<String> = values.iter().map(|v| format!("{v:.3}")).collect();
        writeln!(self.file, "{step}\t{result:+}\t{}", values.join("\t"))
    }
}

fn header(names: &[String]) -> String {
    format!("{HEADER_START}\t{}", names.join("\t"))
}

/// Reads where the run logged in `path` stood; the log must tune the constants `names`.
/// A log with a header and no step yet resumes at step 0 (`None`). The estimates are the last
/// line's, the latest update; the run goes on after the highest step logged, since with pairs
/// played side by side a later step may end before an earlier one (a step that was under way
/// when the run stopped is not played again).
pub fn resume(path: &str, names: &[String]) -> Result<Option<Resumed>, String> {
    let file = File::open(path).map_err(|e| format!("cannot resume from {path}: {e}"))?;
    let mut lines = BufReader::new(file).lines().map_while(Result::ok);
    let first = lines.next().unwrap_or_default();
    if first != header(names) {
        return Err(format!(
            "{path} is not the log of a run tuning {} (its header: {first:?})",
            names.join(", ")
        ));
    }
    let (mut steps_done, mut last_values) = (0, None);
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let (step, values) =
            parse_step(&line, names.len()).ok_or_else(|| format!("{path}: bad line {line:?}"))?;
        steps_done = steps_done.max(step + 1);
        last_values = Some(values);
    }
    Ok(last_values.map(|values| Resumed { steps_done, values }))
}

/// A step's line: its number and the estimates after it.
fn parse_step(line: &str, count: usize) -> Option<(usize, Vec<f64>)> {
    let fields: Vec<&str> = line.split('\t').collect();
    if fields.len() != count + 2 {
        return None;
    }
    let step = fields[0].parse().ok()?;
    let values = fields[2..].iter().map(|f| f.parse::<f64>().ok()).collect::<Option<Vec<_>>>()?;
    Some((step, values))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["LmrBase".into(), "LmrDivisor".into()]
    }

    /// A path in the temporary directory, of this process and test, with no file at it.
    fn fresh_log_path(test: &str) -> String {
        let name = format!("sissa-spsa-{test}-{}.tsv", std::process::id());
        let path = std::env::temp_dir().join(name).to_string_lossy().to_string();
        let _ = std::fs::remove_file(&path);
        path
    }

    #[test]
    fn a_log_resumes_from_its_last_step() {
        let path = fresh_log_path("log");
        {
            let mut log = Log::open(&path, &names()).unwrap();
            log.step(0, 1.0, &[50.5, 219.0]).unwrap();
        }
        assert_eq!(resume(&path, &names()).unwrap().map(|r| r.steps_done), Some(1));
        {
            // Opened again: no second header.
            let mut log = Log::open(&path, &names()).unwrap();
            log.step(1, -2.0, &[49.25, 221.125]).unwrap();
        }
        let resumed = resume(&path, &names()).unwrap();
        assert_eq!(resumed, Some(Resumed { steps_done: 2, values: vec![49.25, 221.125] }));
        assert!(resume(&path, &["LmrBase".to_string()]).is_err());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_log_of_pairs_that_ended_out_of_order_resumes_after_its_highest_step() {
        let path = fresh_log_path("order");
        {
            let mut log = Log::open(&path, &names()).unwrap();
            log.step(0, 0.0, &[50.0, 220.0]).unwrap();
            log.step(2, 1.0, &[51.0, 219.0]).unwrap();
            log.step(1, -1.0, &[50.5, 219.5]).unwrap();
        }
        let resumed = resume(&path, &names()).unwrap();
        // Step 2 is done: resuming at step 2 would play it twice. The estimates are the
        // latest update's, step 1's line.
        assert_eq!(resumed, Some(Resumed { steps_done: 3, values: vec![50.5, 219.5] }));
        std::fs::write(&path, format!("{}\n0\t+1\t50.0\n", header(&names()))).unwrap();
        assert!(resume(&path, &names()).is_err(), "a line with a value missing");
        std::fs::remove_file(&path).unwrap();
    }
}
