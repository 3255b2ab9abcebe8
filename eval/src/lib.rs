//! Evaluation for Sissa: a static score of a position, in centipawns from the side to move's
//! view, for every variant.
//!
//! One generic evaluator works over any `Position<R>`: material and piece-square terms from
//! per-piece weights ([`weights`]), mobility of every piece that moves by its catalogue parts,
//! pawn structure where there are orthodox pawns, king safety where there is check, all tapered
//! between middlegame and endgame ([`phased`]). Variant terms ([`variant_terms`]) add what a
//! game needs beyond that. A variant that nobody has written terms or values for still gets a
//! sensible evaluation from its pieces' mobility, so it is playable at once.

pub mod phased;
pub mod tables;
pub mod variant_terms;
pub mod weights;

use phased::{Phased, PHASE_MAX};
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::Color;
use sissa_movegen::piece::Kind;
use sissa_movegen::pieces::Role;
use sissa_movegen::rules::{Bb, Rules};
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;
use tables::Tables;
use variant_terms::VariantTerms;
use weights::*;

/// The evaluator of one variant: its tables, built once and then only read (shared by the
/// search threads).
pub struct Evaluator<R: Rules> {
    tables: Tables<R>,
    terms: VariantTerms,
    /// Piece types that move by catalogue parts (mobility is counted for them).
    mobile_kinds: Vec<Kind>,
    bishop: Option<Kind>,
    rook: Option<Kind>,
}

impl<R: Rules> Default for Evaluator<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Rules> Evaluator<R> {
    pub fn new() -> Evaluator<R> {
        let terms = VariantTerms::for_variant::<R>();
        let tables = Tables::build(terms.value_overrides());
        let def = R::def();
        let mobile_kinds = (0..def.kinds.len() as Kind)
            .filter(|&k| {
                let kd = &def.kinds[k as usize];
                kd.kind.role == Role::Plain && !kd.kind.parts.is_empty()
            })
            .collect();
        let by_name = |name: &str| def.kinds.iter().position(|k| k.kind.name == name);
        Evaluator {
            tables,
            terms,
            mobile_kinds,
            bishop: by_name("Bishop").map(|k| k as Kind),
            rook: by_name("Rook").map(|k| k as Kind),
        }
    }

    /// The material value of a piece type (middlegame), for move ordering and pruning margins.
    #[inline(always)]
    pub fn piece_value(&self, kind: Kind) -> i32 {
        self.tables.weights[kind as usize].value.mg
    }

    /// Does `color` have material besides king and pawns? (Null-move pruning is unsafe
    /// without: zugzwang.)
    pub fn has_pieces(&self, pos: &Position<R>, color: Color) -> bool {
        let def = R::def();
        let mut rest = pos.color(color) & !pos.kind(def.king);
        if let Some(p) = def.pawn {
            rest &= !pos.kind(p);
        }
        rest.any()
    }

    /// Is null-move pruning sound enough in this variant? (See `variant_terms`.)
    pub fn null_move_allowed(&self) -> bool {
        self.terms.null_move_allowed()
    }

    /// The game phase, `PHASE_MAX` at the start down to 0 with only kings and pawns.
    pub fn phase(&self, pos: &Position<R>) -> i32 {
        let mut total = 0;
        for k in 0..R::def().kinds.len() {
            total += self.tables.weights[k].phase * pos.kind(k as Kind).count() as i32;
        }
        (total * PHASE_MAX / self.tables.phase_total).min(PHASE_MAX)
    }

    /// The score of `pos` for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position<R>) -> i32 {
        let mut score = Phased::ZERO;
        for color in Color::BOTH {
            let side = self.side_terms(pos, color);
            if color == Color::White {
                score += side;
            } else {
                score -= side;
            }
        }
        score += self.terms.evaluate(pos, &self.tables);
        let phase = self.phase(pos);
        let white = score.taper(phase);
        let own = if pos.side() == Color::White { white } else { -white };
        own + TEMPO
    }

    /// All terms of one side, from White's view for White and Black's view for Black.
    fn side_terms(&self, pos: &Position<R>, us: Color) -> Phased {
        let def = R::def();
        let t = R::S::tables();
        let them = us.flip();
        let own = pos.color(us);
        let occ = pos.occupied();
        let mut score = Phased::ZERO;
        for sq in own.squares() {
            if let Some(p) = pos.piece_at(sq) {
                score += self.tables.pst[p.index()][sq as usize];
            }
        }
        let enemy_king_zone = match pos.king_square(them) {
            Some(k) if self.tables.royal_check => t.king[k as usize] | Bb::<R>::from_square(k),
            _ => Bb::<R>::EMPTY,
        };
        let mut king_attacks = 0usize;
        let mut attackers = 0usize;
        for &k in &self.mobile_kinds {
            let w = &self.tables.weights[k as usize];
            let mover = &def.kinds[k as usize].mover;
            for sq in pos.pieces(k, us).squares() {
                let att = mover.attacks(t, sq, occ);
                let n = (att & !own).count() as i32;
                score += w.mobility * (n - MOBILITY_BASELINE);
                let zone = (att & enemy_king_zone).count() as usize;
                if zone > 0 {
                    king_attacks += zone;
                    attackers += 1;
                }
            }
        }
        if attackers >= 2 || (attackers == 1 && king_attacks >= 3) {
            let danger = KING_ATTACK[king_attacks.min(KING_ATTACK.len() - 1)];
            score += phased::ph(danger, danger * KING_ATTACK_EG_PERCENT / 100);
        }
        if let Some(pawn) = def.pawn {
            score += self.pawn_terms(pos, us, pawn);
            if self.tables.royal_check {
                score += self.king_shelter(pos, us, pawn);
            }
        }
        if let Some(b) = self.bishop {
            if pos.pieces(b, us).several() {
                score += BISHOP_PAIR;
            }
        }
        if let (Some(r), Some(pawn)) = (self.rook, def.pawn) {
            let own_pawns = pos.pieces(pawn, us);
            for sq in pos.pieces(r, us).squares() {
                let file = R::S::DIMS.file(sq) as usize;
                if (t.file_masks[file] & own_pawns).is_empty() {
                    score += ROOK_OPEN_FILE;
                }
            }
        }
        score
    }

    /// Passed, doubled and isolated pawns.
    fn pawn_terms(&self, pos: &Position<R>, us: Color, pawn: Kind) -> Phased {
        let t = R::S::tables();
        let dims = R::S::DIMS;
        let own = pos.pieces(pawn, us);
        let enemy = pos.pieces(pawn, us.flip());
        let mut score = Phased::ZERO;
        for sq in own.squares() {
            let file = dims.file(sq) as usize;
            if (self.tables.passed_span[us.index()][sq as usize] & enemy).is_empty() {
                let rank = dims.rank(sq);
                let own_rank = if us == Color::White { rank } else { dims.ranks as i32 - 1 - rank };
                score += PASSED_PAWN[(own_rank - 1).clamp(0, 9) as usize];
            }
            if (self.tables.adjacent_files[file] & own).is_empty() {
                score += ISOLATED_PAWN;
            }
        }
        for f in 0..dims.files as usize {
            let n = (t.file_masks[f] & own).count() as i32;
            if n > 1 {
                score += DOUBLED_PAWN * (n - 1);
            }
        }
        score
    }

    /// Own pawns right in front of the king.
    fn king_shelter(&self, pos: &Position<R>, us: Color, pawn: Kind) -> Phased {
        let Some(k) = pos.king_square(us) else { return Phased::ZERO };
        let t = R::S::tables();
        let dims = R::S::DIMS;
        let rank = dims.rank(k) + us.forward();
        if !(0..dims.ranks as i32).contains(&rank) {
            return Phased::ZERO;
        }
        let front = t.king[k as usize] & t.rank_masks[rank as usize];
        KING_SHELTER_PAWN * (front & pos.pieces(pawn, us)).count() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::variants::chess::Chess;
    use sissa_movegen::variants::lionsunicorns::LionsUnicorns;

    fn eval_chess(fen: &str) -> i32 {
        let pos = Position::<Chess>::from_fen(fen).unwrap();
        Evaluator::<Chess>::new().evaluate(&pos)
    }

    #[test]
    fn start_position_is_balanced_up_to_the_tempo() {
        let e = Evaluator::<Chess>::new();
        let pos = Position::<Chess>::start();
        assert_eq!(e.evaluate(&pos), TEMPO);
        let e = Evaluator::<LionsUnicorns>::new();
        assert_eq!(e.evaluate(&Position::<LionsUnicorns>::start()), TEMPO);
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        let white =
            eval_chess("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let black =
            eval_chess("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(white, black);
    }

    #[test]
    fn an_extra_queen_is_worth_about_a_queen() {
        let up = eval_chess("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!(up > 800, "{up}");
        let down = eval_chess("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(down < -800, "{down}");
    }

    #[test]
    fn every_piece_of_every_variant_has_a_value() {
        let e = Evaluator::<LionsUnicorns>::new();
        for (k, def) in LionsUnicorns::def().kinds.iter().enumerate() {
            if def.kind.role != Role::King {
                assert!(e.piece_value(k as Kind) >= 80, "{}", def.kind.name);
            }
        }
    }

    #[test]
    fn derived_values_order_pieces_by_mobility() {
        let knight = tables::derived_weights::<Chess>(4).value.mg;
        let rook = tables::derived_weights::<Chess>(2).value.mg;
        let queen = tables::derived_weights::<Chess>(1).value.mg;
        assert!(knight < rook && rook < queen, "{knight} {rook} {queen}");
    }
}
