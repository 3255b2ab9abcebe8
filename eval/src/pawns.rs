//! Pawn structure: passed, isolated, doubled and connected pawns, and passed pawns against
//! the two kings (how far each king is from the square in front of the pawn, and whether an
//! enemy piece blocks it). Connected pawns and the kings' distances are scored where there
//! is check (`params::layout::has_check_and_pawns`): there a king moves by choice, to stop a
//! passed pawn or to escort it.

use crate::sink::{Sink, Term};
use crate::{Evaluated, Evaluator};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::{Color, Square};
use sissa_movegen::piece::Kind;
use sissa_movegen::rules::Bb;
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;

/// A king's distance to a passed pawn's next square counts up to this many steps: farther
/// than that, the king is simply out of the race.
const KING_DISTANCE_CAP: i32 = 5;

impl<R: Evaluated> Evaluator<R> {
    /// `us`'s pawn terms that depend on the pawns alone: passed, isolated, connected,
    /// doubled, backward and weak unopposed pawns. `by_pawns` are the squares each side's
    /// pawns attack (empty where the connected and backward pawns are not scored). Returns
    /// `us`'s passed pawns.
    #[inline(always)]
    pub(crate) fn pawn_structure<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        pawn: Kind,
        by_pawns: &[Bb<R>; 2],
        sink: &mut K,
    ) -> Bb<R> {
        let t = R::S::tables();
        let dims = R::S::DIMS;
        let sign = us.sign();
        let own = pos.pieces(pawn, us);
        let enemy = pos.pieces(pawn, us.flip());
        let pawn_attacks = by_pawns[us.index()];
        // Where an enemy pawn stops a pawn's advance: it stands there or attacks it.
        let stopped = by_pawns[us.flip().index()] | enemy;
        let mut passed = Bb::<R>::EMPTY;
        for sq in own.squares() {
            let file = dims.file(sq) as usize;
            let rank = dims.rank(sq);
            let index = self.pawn_rank_index(us, sq);
            let span = self.tables.passed_span[us.index()][sq as usize];
            if (span & enemy).is_empty() {
                sink.feature(Term::Pawns, self.tables.passed[index], sign);
                passed |= Bb::<R>::from_square(sq);
            }
            let neighbours = self.tables.adjacent_files[file] & own;
            let isolated = neighbours.is_empty();
            if isolated {
                sink.feature(Term::Pawns, self.tables.isolated, sign);
            }
            if !self.tables.check_and_pawns {
                continue;
            }
            let beside = neighbours & t.rank_masks[rank as usize];
            if pawn_attacks.has(sq) || beside.any() {
                sink.feature(Term::Pawns, self.tables.connected[index], sign);
            }
            // Backward: no own pawn beside it or behind it on the files next to it (so none
            // can come up to defend it), and its next square stopped by an enemy pawn.
            let stop = front_square::<R>(us, sq);
            let backward = !isolated
                && (neighbours & !span).is_empty()
                && stop.is_some_and(|s| stopped.has(s));
            if backward {
                sink.feature(Term::Pawns, self.tables.backward, sign);
            }
            if (isolated || backward) && (span & t.file_masks[file] & enemy).is_empty() {
                sink.feature(Term::Pawns, self.tables.weak_unopposed, sign);
            }
        }
        for f in 0..dims.files as usize {
            let n = (t.file_masks[f] & own).count() as i32;
            if n > 1 {
                sink.feature(Term::Pawns, self.tables.doubled, (n - 1) * sign);
            }
        }
        passed
    }

    /// A pawn's index in the by-rank tables: the ranks it has advanced beyond the first step.
    #[inline(always)]
    fn pawn_rank_index(&self, us: Color, sq: Square) -> usize {
        let last_index = self.tables.passed.len() as i32 - 1;
        (R::S::DIMS.relative_rank(us, sq) - 1).clamp(0, last_index) as usize
    }

    /// `us`'s passed pawns `passed` against the two kings (where there is check: there a
    /// king moves by choice, to stop a passed pawn or to escort it).
    #[inline(always)]
    pub(crate) fn passers_and_kings<K: Sink>(
        &self,
        pos: &Position<R>,
        us: Color,
        passed: Bb<R>,
        sink: &mut K,
    ) {
        for sq in passed.squares() {
            self.passer_and_kings(pos, us, sq, sink);
        }
    }

    /// A passed pawn of `us` on `sq` against the kings: weighted by how far it has
    /// advanced, the enemy king's distance to the square in front of it (far is good), the
    /// own king's (near is good), and an enemy piece on that square.
    #[inline(always)]
    fn passer_and_kings<K: Sink>(&self, pos: &Position<R>, us: Color, sq: Square, sink: &mut K) {
        let dims = R::S::DIMS;
        let Some(front) = front_square::<R>(us, sq) else {
            return;
        };
        let scale = passer_scale(dims.relative_rank(us, sq)) * us.sign();
        if scale == 0 {
            return;
        }
        let distance = |king: Option<Square>| {
            king.map_or(KING_DISTANCE_CAP, |k| dims.king_distance(k, front).min(KING_DISTANCE_CAP))
        };
        let t = &self.tables;
        sink.feature(
            Term::Pawns,
            t.passed_enemy_king,
            distance(pos.king_square(us.flip())) * scale,
        );
        sink.feature(Term::Pawns, t.passed_own_king, distance(pos.king_square(us)) * scale);
        if pos.color(us.flip()).has(front) {
            sink.feature(Term::Pawns, t.passed_blocked, scale);
        }
    }
}

/// The square in front of `sq` for a pawn of `us` (none on the last rank): where it steps
/// next, and where a blocker stands.
#[inline(always)]
pub(crate) fn front_square<R: Evaluated>(us: Color, sq: Square) -> Option<Square> {
    let dims = R::S::DIMS;
    dims.square(dims.file(sq), dims.rank(sq) + us.forward())
}

/// How much a passed pawn's race with the kings matters, by its rank counted from its own
/// side (0 = first rank): nothing before the fourth rank, then one more each rank.
fn passer_scale(own_rank: i32) -> i32 {
    (own_rank - 2).max(0)
}

#[cfg(test)]
mod tests {
    use crate::phased::{ph, Phased};
    use crate::sink::Term;
    use crate::test_support::chess_weight as weight;
    use crate::test_support::{chess_params_without, chess_term_with, PAWN_TERMS};

    /// The pawn terms with the compiled weights, the backward and weak unopposed pawns and
    /// the passed pawns' paths aside (their own tests weigh them).
    fn pawns(fen: &str) -> Phased {
        let params = chess_params_without(&["backward", "weak_unopposed", "passed_path"]);
        chess_term_with(&params, fen, Term::Pawns)
    }

    #[test]
    fn pawns_side_by_side_or_defended_by_a_pawn_are_connected() {
        // d4 and e4 stand side by side on their fourth rank (index 2); Black's d5 stops both
        // from being passed and is itself isolated and not passed.
        let expected = weight("connected.2") * 2 - weight("isolated");
        assert_eq!(pawns("4k3/8/8/3p4/3PP3/8/8/4K3 w - - 0 1"), expected);
        // e3 defends d4: d4 is connected, e3 (defended by nothing, beside nothing) is not.
        let expected = weight("connected.2") - weight("isolated");
        assert_eq!(pawns("4k3/8/8/3p4/3P4/4P3/8/4K3 w - - 0 1"), expected);
    }

    #[test]
    fn a_passed_pawn_counts_the_kings_distances_and_a_blocker() {
        // d6 is on its sixth rank: scale 3, passed index 4. The square in front is d7: the
        // Black king on h8 is 4 steps from it, the White king on a1 6 (counted as 5).
        let race = weight("passed_enemy_king") * 4 + weight("passed_own_king") * 5;
        let free = weight("passed.4") + weight("isolated") + race * 3;
        assert_eq!(pawns("7k/8/3P4/8/8/8/8/K7 w - - 0 1"), free);
        // A Black knight on d7 blocks it.
        let blocked = free + weight("passed_blocked") * 3;
        assert_eq!(pawns("7k/3n4/3P4/8/8/8/8/K7 w - - 0 1"), blocked);
        // On its third rank the race does not count yet.
        let early = weight("passed.1") + weight("isolated");
        assert_eq!(pawns("7k/8/8/8/8/3P4/8/K7 w - - 0 1"), early);
    }

    /// The pawn terms with only the backward pawn (`ph(1, 0)`) and the weak unopposed pawn
    /// (`ph(0, 1)`) weighted, so the sum counts each.
    fn weak_pawns(fen: &str) -> Phased {
        let mut params = chess_params_without(&PAWN_TERMS);
        params.set_phased(params.entry("backward"), ph(1, 0));
        params.set_phased(params.entry("weak_unopposed"), ph(0, 1));
        chess_term_with(&params, fen, Term::Pawns)
    }

    #[test]
    fn a_pawn_no_neighbour_can_defend_with_its_next_square_stopped_is_backward() {
        // d3: its neighbour e4 is ahead of it, and Black's e5 attacks d4. No Black pawn on
        // the d file: weak and unopposed too. e4 (defended by d3) and Black's e5 (isolated,
        // opposed) are neither.
        assert_eq!(weak_pawns("4k3/8/8/4p3/4P3/3P4/8/4K3 w - - 0 1"), ph(1, 1));
        // Black's d6 on the d file: d3 is still backward, now opposed.
        assert_eq!(weak_pawns("4k3/8/3p4/4p3/4P3/3P4/8/4K3 w - - 0 1"), ph(1 - 1, 0));
        // A neighbour beside it (c3) can defend d4: not backward.
        assert_eq!(weak_pawns("4k3/8/3p4/4p3/4P3/2PP4/8/4K3 w - - 0 1"), ph(-1, 0));
        // Nothing stops d4 (no Black e5): not backward.
        assert_eq!(weak_pawns("4k3/8/3p4/8/4P3/3P4/8/4K3 w - - 0 1"), ph(0, 0));
        // A Black pawn on d4 itself stops it: backward.
        assert_eq!(weak_pawns("4k3/8/8/8/3pP3/3P4/8/4K3 w - - 0 1"), ph(1, 0));
    }

    #[test]
    fn an_isolated_pawn_without_an_enemy_pawn_ahead_on_its_file_is_weak_and_unopposed() {
        // White's a2 is isolated with no Black a pawn; h2 and Black's h7 are isolated but
        // oppose each other. Only a2 counts.
        assert_eq!(weak_pawns("4k3/7p/8/8/8/8/P6P/4K3 w - - 0 1"), ph(0, 1));
        // A Black pawn on a6 opposes a2 (and is itself opposed).
        assert_eq!(weak_pawns("4k3/7p/p7/8/8/8/P6P/4K3 w - - 0 1"), ph(0, 0));
    }
}
