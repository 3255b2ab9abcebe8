//! The progress bar of a match (on stderr, hidden when stderr is not a terminal) and the
//! per-game lines on stdout, printed so that they do not tear the bar.

use super::stats::Score;
use indicatif::{ProgressBar, ProgressStyle};

pub struct MatchProgress {
    bar: ProgressBar,
}

impl MatchProgress {
    pub fn new(games: usize, title: &str) -> MatchProgress {
        let bar = ProgressBar::new(games as u64);
        let style = ProgressStyle::with_template(
            "{prefix} [{bar:30}] {pos}/{len} games, {elapsed_precise} (eta {eta}) {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        bar.set_style(style);
        bar.set_prefix(title.to_string());
        MatchProgress { bar }
    }

    /// One finished game: a line on stdout and the running score in the bar.
    pub fn game_finished(&self, line: &str, score: &Score) {
        self.bar.suspend(|| println!("{line}"));
        self.bar.set_message(format!(
            "{} - {} - {} ({:+.0} Elo)",
            score.wins,
            score.losses,
            score.draws,
            score.elo()
        ));
        self.bar.inc(1);
    }

    /// One step of a longer job, with its message in the bar.
    pub fn advance(&self, message: String) {
        self.bar.set_message(message);
        self.bar.inc(1);
    }

    /// Text on stdout between games.
    pub fn print(&self, text: &str) {
        self.bar.suspend(|| println!("{text}"));
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
