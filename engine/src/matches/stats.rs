//! Match statistics: the score, the Elo difference with its 95% interval, and the sequential
//! probability ratio test (SPRT) that stops a match once it has shown enough.
//!
//! Elo: a score fraction s corresponds to a rating difference of -400 log10(1/s - 1) (the
//! logistic model). The interval comes from the per-game variance of the score (wins, losses
//! and draws as a trinomial), mapped through the same curve. The SPRT is the generalised SPRT
//! in its normal approximation over game pairs ([`super::pairs`]): with x the mean score a
//! game, v the variance of a pair's score a game (its points over two) over N pairs, and s0,
//! s1 the scores expected at elo0 and elo1, the log-likelihood ratio is
//! N (s1 - s0) (2x - s0 - s1) / (2v). Were the two games of a pair independent, v would be
//! half the variance of one game and N half the games, and the ratio the one counted game by
//! game; they are not (a start that favours one colour gives one engine the better game in
//! both), and counted by pairs that shared part of the result no longer passes for evidence.

use super::pairs::Pentanomial;

/// Wins, losses and draws from the first engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// 97.5% quantile of the standard normal distribution (two-sided 95%).
const Z95: f64 = 1.959_963_984_540_054;

impl Score {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points per game, 0..1 (0.5 before any game).
    pub fn fraction(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// Variance of one game's score around the mean.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let mu = self.fraction();
        (self.wins as f64 * (1.0 - mu).powi(2)
            + self.losses as f64 * mu.powi(2)
            + self.draws as f64 * (0.5 - mu).powi(2))
            / n
    }

    /// The Elo difference the score shows (infinite at 0% or 100%).
    pub fn elo(&self) -> f64 {
        elo_from_score(self.fraction())
    }

    /// Half the width of the 95% interval of the Elo difference.
    pub fn elo_margin(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return f64::NAN;
        }
        let mu = self.fraction();
        if mu <= 0.0 || mu >= 1.0 {
            return f64::INFINITY; // a clean sweep bounds the difference on one side only
        }
        let spread = Z95 * (self.variance() / n).sqrt();
        (elo_from_score(mu + spread) - elo_from_score(mu - spread)) / 2.0
    }

    pub fn add(&mut self, other: Score) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
    }
}

/// -400 log10(1/s - 1).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score at an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The parameters of an SPRT: H0 elo0 against H1 elo1, error rates alpha and beta.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// H0 accepted: the engine is not elo1 stronger.
    H0,
    /// H1 accepted: the engine is at least elo0 stronger.
    H1,
    Continue,
}

impl std::str::FromStr for Sprt {
    type Err = String;
    /// `elo0,elo1,alpha,beta`.
    fn from_str(text: &str) -> Result<Sprt, String> {
        let bad =
            || format!("bad SPRT {text:?} (expected elo0,elo1,alpha,beta like 0,10,0.05,0.05)");
        let parts: Vec<f64> = text
            .split(',')
            .map(|p| p.trim().parse::<f64>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let [elo0, elo1, alpha, beta] = parts[..] else { return Err(bad()) };
        let rate_ok = |r: f64| r > 0.0 && r < 0.5;
        let valid = elo0.is_finite() && elo1.is_finite() && elo1 > elo0;
        if !valid || !rate_ok(alpha) || !rate_ok(beta) {
            return Err(bad());
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }
}

impl Sprt {
    /// ln(beta / (1 - alpha)): at or below it H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// ln((1 - beta) / alpha): at or above it H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 for the pairs played. The variance is
    /// estimated with half a pair added to each of the five results, so that a one-sided
    /// tally (every pair won, say) still counts as evidence instead of dividing by a zero
    /// variance.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let n = f64::from(pairs.pairs());
        if n == 0.0 {
            return 0.0;
        }
        // The mean from the pairs as played: the added half-pairs only steady the variance.
        let (x, _) = pair_moments(pairs, 0.0);
        let (_, variance) = pair_moments(pairs, 0.5);
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * variance)
    }

    pub fn verdict(&self, pairs: &Pentanomial) -> SprtVerdict {
        let llr = self.llr(pairs);
        if llr >= self.upper_bound() {
            SprtVerdict::H1
        } else if llr <= self.lower_bound() {
            SprtVerdict::H0
        } else {
            SprtVerdict::Continue
        }
    }

    /// `SPRT: llr 1.23 (41.8%), lbound -2.94, ubound 2.94 - H1 was accepted`.
    pub fn report(&self, pairs: &Pentanomial) -> String {
        let llr = self.llr(pairs);
        let (lo, hi) = (self.lower_bound(), self.upper_bound());
        let share = if llr >= 0.0 { llr / hi } else { llr / -lo };
        let verdict = match self.verdict(pairs) {
            SprtVerdict::H0 => " - H0 was accepted",
            SprtVerdict::H1 => " - H1 was accepted",
            SprtVerdict::Continue => " - no decision",
        };
        format!(
            "SPRT: llr {llr:.3} ({:.1}%), lbound {lo:.2}, ubound {hi:.2}{verdict}",
            share * 100.0
        )
    }
}

/// The mean and variance of a pair's score a game (0, 1/4, 1/2, 3/4 or 1), with `extra`
/// pairs added to each of the five results.
fn pair_moments(pairs: &Pentanomial, extra: f64) -> (f64, f64) {
    let counts = pairs.0.map(|c| f64::from(c) + extra);
    let n: f64 = counts.iter().sum();
    let score = |i: usize| i as f64 / 4.0;
    let mean = counts.iter().enumerate().map(|(i, c)| c * score(i)).sum::<f64>() / n;
    let variance =
        counts.iter().enumerate().map(|(i, c)| c * (score(i) - mean).powi(2)).sum::<f64>() / n;
    (mean, variance)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo_from_score(0.5), 0.0);
        // 0.75 = 1 / (1 + 10^(-d/400))  =>  d = 400 log10(3) = 190.85
        assert!(close(elo_from_score(0.75), 400.0 * 3f64.log10(), 1e-9));
        assert!(close(elo_from_score(0.25), -400.0 * 3f64.log10(), 1e-9));
        assert!(close(score_from_elo(elo_from_score(0.6)), 0.6, 1e-12));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(Score { wins: 3, losses: 0, draws: 0 }.elo_margin(), f64::INFINITY);
    }

    #[test]
    fn margin_of_an_even_match_by_hand() {
        // 50 wins and 50 losses: mean 0.5, per-game variance 0.25, standard error 0.05;
        // the interval is 0.5 +/- 0.098, i.e. Elo -400 log10(1/0.598 - 1) = 69.0 each way.
        let score = Score { wins: 50, losses: 50, draws: 0 };
        let expected = elo_from_score(0.5 + Z95 * 0.05);
        assert!(close(score.elo_margin(), expected, 1e-9));
        assert!(close(expected, 69.0, 0.1));
        // Draws shrink the variance and so the margin.
        let drawish = Score { wins: 25, losses: 25, draws: 50 };
        assert!(drawish.elo_margin() < score.elo_margin());
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
        assert!(close(sprt.upper_bound(), (0.95f64 / 0.05).ln(), 1e-12)); // 2.944
        assert!(close(sprt.lower_bound(), -(0.95f64 / 0.05).ln(), 1e-12));
        assert_eq!(sprt.verdict(&Pentanomial::default()), SprtVerdict::Continue);
        let strong = Pentanomial([10, 30, 60, 60, 40]);
        assert!(sprt.llr(&strong) > 0.0);
        assert_eq!(sprt.verdict(&strong), SprtVerdict::H1);
        let weak = Pentanomial([40, 60, 60, 30, 10]);
        assert_eq!(sprt.verdict(&weak), SprtVerdict::H0);
        let even = Pentanomial([2, 3, 5, 3, 2]);
        assert!(sprt.llr(&even) < 0.0, "a 50% score favours H0 = 0 Elo");
        // A clean sweep is evidence too, though the observed variance is zero.
        assert!(sprt.llr(&Pentanomial([0, 0, 0, 0, 3])) > 0.0);
        assert_eq!(sprt.verdict(&Pentanomial([0, 0, 0, 0, 150])), SprtVerdict::H1);
    }

    #[test]
    fn llr_of_a_tally_by_hand() {
        // 100 pairs: 10 lost, 20 at 1/2, 40 at 1, 20 at 3/2, 10 won. Mean 1/2 a game. With
        // half a pair added to each result (102.5 pairs, the mean unchanged by symmetry) the
        // variance of a pair's score a game is 2 (10.5 x 1/4 + 20.5 x 1/16) / 102.5
        // = 7.8125 / 102.5. Against elo0 = 0, elo1 = 10: s0 = 1/2, s1 = 0.514387, and
        // LLR = 100 (s1 - s0) (1 - s0 - s1) / (2 v) = -100 (s1 - s0)^2 / (2 v).
        let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
        let s1 = 1.0 / (1.0 + 10f64.powf(-10.0 / 400.0));
        let v = 7.8125 / 102.5;
        let expected = -100.0 * (s1 - 0.5).powi(2) / (2.0 * v);
        assert!(close(expected, -0.1358, 1e-4));
        assert!(close(sprt.llr(&Pentanomial([10, 20, 40, 20, 10])), expected, 1e-9));
    }

    #[test]
    fn pairs_that_split_by_colour_show_even_engines() {
        // Every start won by White: each engine wins one game of each pair. Game by game that
        // is half wins and half losses, as noisy as results come; pair by pair it is 1 point
        // in every pair, engines that are even. The SPRT of 0 against +10 takes that as
        // evidence for H0 within a few hundred games.
        let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
        let split = Pentanomial([0, 0, 300, 0, 0]);
        assert_eq!(sprt.verdict(&split), SprtVerdict::H0);
        // The same 600 games as independent wins and losses would pair up as 75 pairs at 0,
        // 150 at 1 and 75 at 2: a variance of 1/8 a game, and an LLR of about -0.25.
        let independent = Pentanomial([75, 0, 150, 0, 75]);
        assert!(close(sprt.llr(&independent), -0.25, 0.01), "{}", sprt.llr(&independent));
        assert_eq!(sprt.verdict(&independent), SprtVerdict::Continue);
    }

    #[test]
    fn sprt_rejects_bad_parameters() {
        for bad in ["", "0,10", "10,0,0.05,0.05", "0,10,0,0.05", "0,10,0.05,0.7", "a,b,c,d"] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad:?} accepted");
        }
    }
}
