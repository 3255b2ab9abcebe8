//! Match statistics: the score, the Elo difference with its 95% interval, and the sequential
//! probability ratio test (SPRT) that stops a match once it has shown enough.
//!
//! Elo: a score fraction s corresponds to a rating difference of -400 log10(1/s - 1) (the
//! logistic model). The interval comes from the per-game variance of the score (wins, losses
//! and draws as a trinomial), mapped through the same curve. The SPRT is the generalised SPRT
//! in its normal approximation: with mean score x, per-game variance v over N games, and s0,
//! s1 the scores expected at elo0 and elo1, the log-likelihood ratio is
//! N (s1 - s0) (2x - s0 - s1) / (2v).

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

    /// The log-likelihood ratio of H1 against H0 for `score`. The variance is estimated with
    /// half a game added to each of wins, losses and draws, so that a one-sided score (all
    /// wins, say) still counts as evidence instead of dividing by a zero variance.
    pub fn llr(&self, score: &Score) -> f64 {
        let n = score.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let variance = regularised_variance(score);
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * score.fraction() - s0 - s1) / (2.0 * variance)
    }

    pub fn verdict(&self, score: &Score) -> SprtVerdict {
        let llr = self.llr(score);
        if llr >= self.upper_bound() {
            SprtVerdict::H1
        } else if llr <= self.lower_bound() {
            SprtVerdict::H0
        } else {
            SprtVerdict::Continue
        }
    }

    /// `SPRT: llr 1.23 (41.8%), lbound -2.94, ubound 2.94 - H1 was accepted`.
    pub fn report(&self, score: &Score) -> String {
        let llr = self.llr(score);
        let (lo, hi) = (self.lower_bound(), self.upper_bound());
        let share = if llr >= 0.0 { llr / hi } else { llr / -lo };
        let verdict = match self.verdict(score) {
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

/// The per-game variance with half a game added to each outcome.
fn regularised_variance(score: &Score) -> f64 {
    let (w, l, d) = (score.wins as f64 + 0.5, score.losses as f64 + 0.5, score.draws as f64 + 0.5);
    let n = w + l + d;
    let mu = (w + 0.5 * d) / n;
    (w * (1.0 - mu).powi(2) + l * mu.powi(2) + d * (0.5 - mu).powi(2)) / n
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
        assert_eq!(sprt.verdict(&Score::default()), SprtVerdict::Continue);
        let strong = Score { wins: 300, losses: 100, draws: 100 };
        assert!(sprt.llr(&strong) > 0.0);
        assert_eq!(sprt.verdict(&strong), SprtVerdict::H1);
        let weak = Score { wins: 100, losses: 300, draws: 100 };
        assert_eq!(sprt.verdict(&weak), SprtVerdict::H0);
        // Exactly halfway between s0 and s1 the evidence is balanced.
        let (s0, s1) = (score_from_elo(0.0), score_from_elo(10.0));
        assert!(s1 > s0);
        let even = Score { wins: 10, losses: 10, draws: 0 };
        assert!(sprt.llr(&even) < 0.0, "a 50% score favours H0 = 0 Elo");
        // A clean sweep is evidence too, though the observed variance is zero.
        let sweep = Score { wins: 3, losses: 0, draws: 0 };
        assert!(sprt.llr(&sweep) > 0.0);
        let sweep = Score { wins: 300, losses: 0, draws: 0 };
        assert_eq!(sprt.verdict(&sweep), SprtVerdict::H1);
    }

    #[test]
    fn sprt_rejects_bad_parameters() {
        for bad in ["", "0,10", "10,0,0.05,0.05", "0,10,0,0.05", "0,10,0.05,0.7", "a,b,c,d"] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad:?} accepted");
        }
    }
}
