//! The search's cache of the pawn terms. A search meets the same pawn structure in most of
//! its nodes (pieces move far more often than pawns), so the terms that depend on the pawns
//! alone are computed once per structure and kept in a small table of each search thread:
//! the structure's score (passed, isolated, doubled, connected, backward and weak unopposed
//! pawns), which pawns are passed, and the squares each side's pawns attack. The king's
//! shelter and storm depend on the pawns and on the two kings' squares: the entry keeps them
//! for the last pair of king squares it was asked with. What depends on other pieces too (a
//! passed pawn's race with the kings and its blocker) is computed at every evaluation from
//! the passed pawns kept.
//!
//! The cache changes no score: the search's trees are the same with it as without.

use crate::phased::Phased;
use crate::sink::Sum;
use crate::{Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Color;
use sissa_movegen::random::mix64 as mix;
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::Position;

/// Entries of a thread's cache (a power of two: the key's low bits index the table). With
/// 64-bit boards an entry is 56 bytes, so the table stays in the second-level cache.
const ENTRIES: usize = 4096;

/// A key of `pos`'s pawns: the same for the same two sets of pawns, whoever is to move and
/// wherever the other pieces stand. `None` where the variant has no pawn type. Each 64-bit
/// word of each side's pawns is mixed with a salt of its own (so that a side's word is not
/// the other side's, nor the high word the low one) and the four mixed.
#[inline(always)]
pub fn pawn_key<R: Rules>(pos: &Position<R>) -> Option<u64> {
    let pawn = R::def().pawn?;
    let mut key = 0u64;
    for (i, color) in Color::BOTH.into_iter().enumerate() {
        let pawns = pos.pieces(pawn, color);
        let side = i as u64;
        key ^= mix(pawns.low_u64() ^ side << 1);
        if Bb::<R>::BITS > 64 {
            key ^= mix((pawns >> 64).low_u64() ^ ((2 | side) << 1 | 1));
        }
    }
    Some(key)
}

/// The two kings' squares in one number, for the shelter kept in an entry.
#[inline(always)]
fn king_pair<R: Rules>(pos: &Position<R>) -> u32 {
    let square = |c: Color| pos.king_square(c).map_or(0xFFFF, u32::from);
    square(Color::White) | square(Color::Black) << 16
}

/// What one pawn structure's entry keeps.
#[derive(Clone, Copy)]
struct Entry<R: Rules> {
    key: u64,
    /// Both sides' pawn-structure terms, from White's view.
    structure: Phased,
    /// The passed pawns of both sides.
    passed: Bb<R>,
    /// The squares each side's pawns attack.
    attacks: [Bb<R>; 2],
    /// The king squares `shelter` was found for (`king_pair`), `NO_KINGS` before any.
    kings: u32,
    /// Both kings' shelter and storm, from White's view.
    shelter: Phased,
}

/// No pair of king squares: two absent kings are `0xFFFF_FFFF`, so this is never one.
const NO_KINGS: u32 = 0xFFFF_FFFE;

impl<R: Rules> Entry<R> {
    const EMPTY: Entry<R> = Entry {
        key: 0,
        structure: Phased::ZERO,
        passed: Bb::<R>::EMPTY,
        attacks: [Bb::<R>::EMPTY; 2],
        kings: NO_KINGS,
        shelter: Phased::ZERO,
    };
}

/// One search thread's cache of pawn terms, for `Evaluator::evaluate_cached`.
pub struct PawnCache<R: Rules> {
    entries: Box<[Entry<R>]>,
}

impl<R: Rules> Default for PawnCache<R> {
    fn default() -> Self {
        // An empty entry has key 0: a structure whose key is 0 would read it once as its
        // own, the 2^-64 chance a read of every hashed table takes.
        PawnCache { entries: vec![Entry::EMPTY; ENTRIES].into_boxed_slice() }
    }
}

impl<R: Evaluated> Evaluator<R> {
    /// Adds `pos`'s pawn terms to `sum`, from `cache` where it has them, and returns the
    /// squares each side's pawns attack and both sides' passed pawns, for the other terms.
    /// The same sum as `pawn_terms_of` gives. `key` is `pawn_key(pos)`.
    #[inline(always)]
    pub(crate) fn cached_pawn_terms(
        &self,
        pos: &Position<R>,
        key: Option<u64>,
        cache: &mut PawnCache<R>,
        sum: &mut Sum,
    ) -> ([Bb<R>; 2], Bb<R>) {
        let (Some(key), Some(pawn)) = (key, R::def().pawn) else {
            return ([Bb::<R>::EMPTY; 2], Bb::<R>::EMPTY);
        };
        let entry = &mut cache.entries[key as usize & (ENTRIES - 1)];
        if entry.key != key {
            let attacks = self.by_pawns(pos);
            let mut structure = Sum::default();
            let mut passed = Bb::<R>::EMPTY;
            for color in Color::BOTH {
                passed |= self.pawn_structure(pos, color, pawn, &attacks, &mut structure);
            }
            *entry = Entry { key, structure: structure.score, passed, attacks, ..Entry::EMPTY };
        }
        sum.score += entry.structure;
        if self.tables.check_and_pawns {
            for color in Color::BOTH {
                self.passers_and_kings(pos, color, entry.passed & pos.color(color), sum);
            }
        }
        if self.tables.royal_check {
            let kings = king_pair(pos);
            if entry.kings != kings {
                let mut shelter = Sum::default();
                for color in Color::BOTH {
                    self.king_pawns(pos, color, pawn, &mut shelter);
                }
                entry.kings = kings;
                entry.shelter = shelter.score;
            }
            sum.score += entry.shelter;
        }
        (entry.attacks, entry.passed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::variants::chess::Chess;
    use sissa_movegen::variants::lionsunicorns::LionsUnicorns;

    /// Evaluates `fens` in order through one cache, each against the evaluation without it.
    fn agree(fens: &[&str]) {
        let e = Evaluator::<Chess>::new();
        let mut cache = PawnCache::<Chess>::default();
        for fen in fens {
            let pos = Position::<Chess>::from_fen(fen).expect("a legal FEN");
            assert_eq!(
                e.evaluate_cached(&pos, pawn_key(&pos), &mut cache),
                e.evaluate(&pos),
                "{fen}"
            );
        }
    }

    #[test]
    fn a_king_that_moves_over_the_same_pawns_gets_its_own_shelter() {
        // The same pawns each time; the White king castled, then walked away from its
        // shelter, then Black's king moved: the cached structure is read, the shelter found
        // again for each pair of king squares (a stale shelter would give the first score).
        agree(&[
            "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1",
            "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1R1K w - - 0 1",
            "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPPKPPP/R1BQ1R2 w - - 0 1",
            "r1bq1r1k/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPPKPPP/R1BQ1R2 w - - 0 1",
        ]);
    }

    #[test]
    fn a_passed_pawn_is_raced_by_the_kings_where_they_stand_now() {
        // One structure with a passed pawn on d6; the kings and a blocker change around it.
        agree(&[
            "7k/8/3P4/8/8/8/8/K7 w - - 0 1",
            "8/3k4/3P4/8/8/8/8/K7 w - - 0 1",
            "7k/3n4/3P4/8/8/8/8/K7 w - - 0 1",
            "7k/8/3P4/2K5/8/8/8/8 b - - 0 1",
        ]);
    }

    #[test]
    fn the_key_tells_pawn_sets_and_colours_apart_and_ignores_the_rest() {
        let key = |fen: &str| pawn_key(&Position::<Chess>::from_fen(fen).expect("a legal FEN"));
        let white_e4 = key("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(white_e4, key("3k4/8/8/8/4P3/8/8/2NK4 b - - 0 1"), "only the pawns count");
        assert_ne!(white_e4, key("4k3/8/8/8/4p3/8/8/4K3 w - - 0 1"), "a Black pawn differs");
        assert_ne!(white_e4, key("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1"), "a pawn elsewhere differs");
    }

    #[test]
    fn the_key_reads_every_square_of_a_board_beyond_64() {
        // Lions and Unicorns has 80 squares: the high word holds the squares from 64 on, e7
        // (64) its lowest bit, j7 (69) the last a pawn can stand on. Each pawn must change
        // the key, with the other pawns where they were.
        let key =
            |fen: &str| pawn_key(&Position::<LionsUnicorns>::from_fen(fen).expect("a legal FEN"));
        let without = key("k9/10/10/10/10/10/P9/7K2 w - - 0 1");
        assert_ne!(without, key("k9/4p5/10/10/10/10/P9/7K2 w - - 0 1"), "e7");
        assert_ne!(without, key("k9/9p/10/10/10/10/P9/7K2 w - - 0 1"), "j7");
        assert_ne!(without, key("k9/4P5/10/10/10/10/P9/7K2 w - - 0 1"), "White's e7");
    }
}
