//! `sissa datagen`: training data from self-play (docs/datagen.md). One concept per file: the
//! options ([`args`]), the end of a game by adjudication ([`adjudication`]), one game
//! ([`selfplay`]) and the file format ([`format`]). This file runs the games over worker
//! threads and writes them in the order of their numbers.

pub mod adjudication;
pub mod args;
pub mod format;
pub mod selfplay;

use crate::cli::Failure;
use crate::search::Searcher;
use args::{DatagenArgs, DatagenPlan};
use format::{GameBlock, Progress};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

pub fn run(args: &DatagenArgs) -> Result<(), Failure> {
    let plan = args.check().map_err(Failure::usage)?;
    let (mut file, done) = open_output(&plan)?;
    let todo: Vec<usize> = (0..plan.games).filter(|i| !done.finished.contains(i)).collect();
    let bar = progress_bar(todo.len());
    let positions = play_and_write(&plan, &todo, &mut file, &bar)?;
    bar.finish_and_clear();
    println!(
        "{} games played ({} already in {}), {positions} positions written",
        todo.len(),
        plan.games - todo.len(),
        plan.out
    );
    Ok(())
}

/// Opens the output: a new file gets the header and settings; an existing one with the same
/// settings is cut back to its last finished game and continued.
fn open_output(plan: &DatagenPlan) -> Result<(File, Progress), Failure> {
    let fail = |why: String| Failure { message: format!("{}: {why}", plan.out), status: 1 };
    let header = format::header(plan.variant);
    let existing = match std::fs::read_to_string(&plan.out) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(fail(e.to_string())),
    };
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&plan.out)
        .map_err(|e| fail(e.to_string()))?;
    if existing.is_empty() {
        writeln!(file, "{header}\n{}", plan.settings).map_err(|e| fail(e.to_string()))?;
        return Ok((file, Progress::default()));
    }
    let progress = format::read_progress(&existing, &header, &plan.settings)
        .map_err(|why| fail(format!("cannot continue this file: {why}")))?;
    file.set_len(progress.complete_len as u64).map_err(|e| fail(e.to_string()))?;
    Ok((file, progress))
}

fn progress_bar(games: usize) -> ProgressBar {
    let bar = ProgressBar::new(games as u64);
    let style = ProgressStyle::with_template(
        "[{bar:30}] {pos}/{len} games, {msg} positions, {elapsed_precise} (eta {eta})",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar.set_message("0");
    bar
}

/// Plays the games `todo` on `plan.threads` workers, each taking the next number in turn, and
/// appends each finished game to `file` once all games before it are written: the file is the
/// same for any number of threads, and always holds a run of whole games.
fn play_and_write(
    plan: &DatagenPlan,
    todo: &[usize],
    file: &mut File,
    bar: &ProgressBar,
) -> Result<usize, Failure> {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, GameBlock)>();
    std::thread::scope(|scope| {
        for _ in 0..plan.threads.min(todo.len()) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                let mut searcher = Searcher::new(1, plan.hash_mb);
                loop {
                    let slot = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&index) = todo.get(slot) else { break };
                    let block = selfplay::play_game(&mut searcher, plan, index);
                    if sender.send((slot, block)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let result = write_in_order(&receiver, file, bar);
        if result.is_err() {
            // Let the workers stop after their current game instead of playing on.
            next.store(todo.len(), Ordering::Relaxed);
        }
        result
    })
    .map_err(|e| Failure { message: format!("{}: writing failed: {e}", plan.out), status: 1 })
}

/// Writes the blocks arriving on `receiver` in the order of their slots.
fn write_in_order(
    receiver: &mpsc::Receiver<(usize, GameBlock)>,
    file: &mut File,
    bar: &ProgressBar,
) -> std::io::Result<usize> {
    let mut waiting = BTreeMap::new();
    let mut next_slot = 0;
    let mut positions = 0;
    for (slot, block) in receiver {
        waiting.insert(slot, block);
        while let Some(block) = waiting.remove(&next_slot) {
            file.write_all(block.text().as_bytes())?;
            file.flush()?;
            positions += block.samples.len();
            next_slot += 1;
            bar.inc(1);
            bar.set_message(positions.to_string());
        }
    }
    Ok(positions)
}
