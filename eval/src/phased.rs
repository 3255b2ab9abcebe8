//! A score with a middlegame and an endgame part, blended by how much material is left
//! (tapered evaluation), so that e.g. a king hides in the middlegame and walks in the endgame.

use crate::scale::SCALE_NORMAL;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// Full game phase: every piece that counts for the phase is still on the board.
pub const PHASE_MAX: i32 = 256;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Phased {
    pub mg: i32,
    pub eg: i32,
}

/// Shorthand for a (middlegame, endgame) pair in the weight tables.
pub const fn ph(mg: i32, eg: i32) -> Phased {
    Phased { mg, eg }
}

impl Phased {
    pub const ZERO: Phased = ph(0, 0);

    /// The blend for `phase` in `0..=PHASE_MAX` (PHASE_MAX: all middlegame).
    #[inline(always)]
    pub fn taper(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (PHASE_MAX - phase)) / PHASE_MAX
    }

    /// The blend for `phase` with the endgame part times `scale` / `SCALE_NORMAL`
    /// (`scale.rs`).
    #[inline(always)]
    pub fn taper_scaled(self, phase: i32, scale: i32) -> i32 {
        let eg = self.eg * scale / SCALE_NORMAL;
        (self.mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
    }

    /// This score times `p` / 1000.
    #[inline(always)]
    pub fn permille(self, p: i32) -> Phased {
        ph(self.mg * p / 1000, self.eg * p / 1000)
    }
}

impl Add for Phased {
    type Output = Phased;
    #[inline(always)]
    fn add(self, o: Phased) -> Phased {
        ph(self.mg + o.mg, self.eg + o.eg)
    }
}
impl Sub for Phased {
    type Output = Phased;
    #[inline(always)]
    fn sub(self, o: Phased) -> Phased {
        ph(self.mg - o.mg, self.eg - o.eg)
    }
}
impl Neg for Phased {
    type Output = Phased;
    #[inline(always)]
    fn neg(self) -> Phased {
        ph(-self.mg, -self.eg)
    }
}
impl AddAssign for Phased {
    #[inline(always)]
    fn add_assign(&mut self, o: Phased) {
        *self = *self + o;
    }
}
impl SubAssign for Phased {
    #[inline(always)]
    fn sub_assign(&mut self, o: Phased) {
        *self = *self - o;
    }
}
impl Mul<i32> for Phased {
    type Output = Phased;
    #[inline(always)]
    fn mul(self, k: i32) -> Phased {
        ph(self.mg * k, self.eg * k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taper_runs_from_middlegame_to_endgame() {
        let s = ph(100, 300);
        assert_eq!(s.taper(PHASE_MAX), 100);
        assert_eq!(s.taper(0), 300);
        assert_eq!(s.taper(PHASE_MAX / 2), 200);
    }
}
