//! `sissa match`: games between two engines with Sissa's rules as the referee (DESIGN.md
//! section 5). One concept per file: the options ([`args`]), engine specs ([`engine_spec`]),
//! the player interface ([`player`]) and its implementations (in-process Sissa, a random
//! mover, XBoard and UCI clients over [`process`]), the referee of one game ([`referee`]),
//! the worker threads ([`runner`]), openings, PGN, statistics and the progress bar.

pub mod args;
pub mod engine_spec;
pub mod openings;
pub mod pairs;
pub mod pgn;
pub mod player;
pub mod process;
pub mod progress;
pub mod random_player;
pub mod referee;
pub mod runner;
pub mod sissa_player;
pub mod stats;
pub mod uci_client;
pub mod xboard_client;
mod xboard_view;

use crate::cli::Failure as CliFailure;
use args::{Checked, MatchArgs};
use pairs::PairTally;
use progress::MatchProgress;
use runner::{Finished, MatchPlan};
use stats::{Score, SprtVerdict};
use std::fs::OpenOptions;
use std::io::Write;

pub fn run(args: &MatchArgs) -> Result<(), CliFailure> {
    let checked = args.check().map_err(CliFailure::usage)?;
    let mut pgn = match &checked.pgn {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| CliFailure::usage(format!("cannot open {path}: {e}")))?,
        ),
        None => None,
    };
    let first = &checked.plans[0];
    check_engines_start(first)?;
    let mut total = Score::default();
    let several = checked.plans.len() > 1;
    for plan in &checked.plans {
        if several {
            println!("Variant {}", plan.variant);
        }
        let score = play_match(plan, &checked, pgn.as_mut())?;
        total.add(score);
    }
    if several {
        println!("Total over {} variants", checked.plans.len());
        print_score(&first.names, &total);
    }
    Ok(())
}

/// Starts each engine once before the match, so a wrong command is an error at once rather
/// than a match of forfeits.
fn check_engines_start(plan: &MatchPlan) -> Result<(), CliFailure> {
    for ((spec, name), options) in plan.engines.iter().zip(&plan.names).zip(&plan.starts) {
        spec.start(name, options)
            .map_err(|f| CliFailure { message: format!("engine {name}: {f}"), status: 1 })?;
    }
    Ok(())
}

fn play_match(
    plan: &MatchPlan,
    checked: &Checked,
    mut pgn: Option<&mut std::fs::File>,
) -> Result<Score, CliFailure> {
    let title = format!("{} vs {} ({})", plan.names[0], plan.names[1], plan.variant);
    let progress = MatchProgress::new(plan.games, &title);
    let mut score = Score::default();
    let mut pairs = PairTally::default();
    let mut write_error = None;
    let date = today();
    let sprt = checked.sprt.as_ref();
    let left_out = runner::run(plan, |finished: &Finished| {
        let (win, loss, draw) = finished.engine1_result();
        score.wins += win as u32;
        score.losses += loss as u32;
        score.draws += draw as u32;
        pairs.record(finished.index, 2 * u8::from(win) + u8::from(draw));
        let r = &finished.record;
        let line = format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            finished.index + 1,
            r.white,
            r.black,
            r.result.pgn(),
            r.reason
        );
        progress.game_finished(&line, &score);
        let interval = checked.rating_interval;
        if interval > 0 && (score.games() as usize).is_multiple_of(interval) {
            let mut lines = format!("{}\n{}", pairs.line(), score_lines(&plan.names, &score));
            if let Some(s) = sprt {
                lines = format!("{lines}\n{}", s.report(&pairs.pentanomial));
            }
            progress.print(&lines);
        }
        if let Some(file) = pgn.as_mut() {
            if let Err(e) = file.write_all(pgn::write_game(r, &date).as_bytes()) {
                write_error = Some(e);
            }
        }
        sprt.is_none_or(|s| s.verdict(&pairs.pentanomial) == SprtVerdict::Continue)
    });
    progress.finish();
    if let Some(e) = write_error {
        return Err(CliFailure { message: format!("writing the PGN failed: {e}"), status: 1 });
    }
    // Before the score: the verdict stays the last line, as tools expect.
    if left_out > 0 {
        println!(
            "{left_out} games under way when the SPRT decided were played out and not counted \
             (nor written to the PGN)"
        );
    }
    println!("{}", pairs.line());
    print_score(&plan.names, &score);
    if let Some(s) = sprt {
        println!("{}", s.report(&pairs.pentanomial));
    }
    Ok(score)
}

/// cutechess-cli's result lines, which tools parse.
fn print_score(names: &[String; 2], score: &Score) {
    println!("{}", score_lines(names, score));
}

fn score_lines(names: &[String; 2], score: &Score) -> String {
    format!(
        "Score of {} vs {}: {} - {} - {} [{:.3}] {}\nElo difference: {:.1} +/- {:.1}",
        names[0],
        names[1],
        score.wins,
        score.losses,
        score.draws,
        score.fraction(),
        score.games(),
        score.elo(),
        score.elo_margin()
    )
}

/// Today's date as PGN writes it (YYYY.MM.DD, UTC).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day number counted from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_781), (2026, 11, 24));
    }
}
