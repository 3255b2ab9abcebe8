//! The principal-variation search of one thread: alpha-beta with null windows for all moves
//! after the first, a transposition table, null-move pruning, reverse futility and late-move
//! pruning, late-move reductions, check and singular extensions, a static score corrected by
//! what earlier searches found of its pawn structure, and a quiescence search over every kind
//! of capture.
//! Generic over the variant, so every rule question (moves, check, captures, game end) is
//! answered by the variant's own code.

use super::correction::Correction;
use super::history::History;
use super::movepicker::{victim_value, MoveBuffer, MovePicker};
use super::params::{Param, SearchParams};
use super::profile::{profile, Profile};
use super::quiet_checks::CheckSquares;
use super::score::*;
use super::see;
use super::threads::Shared;
use super::time_scaling::{Iteration, IterationTrend};
use super::timemgmt::TimeBudget;
use super::tt::{Bound, Hit, TranspositionTable};
use sissa_eval::accumulator::Accumulators;
use sissa_eval::network::Network;
use sissa_eval::{pawn_key, Evaluated, Evaluator, PawnCache};
use sissa_movegen::game::FIFTY_MOVE_PLIES;
use sissa_movegen::{Move, Outcome, Position, RepetitionRule};
use std::sync::atomic::{AtomicBool, Ordering};

/// Nodes between two looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 256;
// The margins of the pruning below are `SearchParams` (`params.rs`); their depths are here.
/// Reverse futility up to this depth.
const RFP_MAX_DEPTH: i32 = 6;
/// Futility pruning of quiet moves near the leaves, up to this depth.
const FUTILITY_MAX_DEPTH: i32 = 3;
/// Late-move pruning (some quiet moves tried, the rest skipped) up to this depth.
const LMP_MAX_DEPTH: i32 = 4;
/// Static-exchange pruning near the leaves (every node but the root), up to this depth
/// (`see.rs` says where the exchange can be judged).
const SEE_MAX_DEPTH: i32 = 6;
/// Internal iterative reduction: a node this deep without a move from the table is searched
/// a ply shallower (its ordering is poor, and the table will have a move next time).
const IIR_MIN_DEPTH: i32 = 4;
/// Aspiration windows from this depth.
const ASPIRATION_MIN_DEPTH: u32 = 4;
/// Singular extension: from this depth, a table move whose entry is at most this many plies
/// shallower is tested against the other moves, searched at half depth with a window this
/// many centipawns per ply below the table's score.
const SINGULAR_MIN_DEPTH: i32 = 8;
const SINGULAR_TT_DEPTH_SLACK: i32 = 3;
const SINGULAR_MARGIN_PER_PLY: i32 = 2;

/// The score the pruning before and among the moves reads: the static score, or the
/// table's where its bound says the search found the static score wrong in its direction
/// (a lower bound above it, an upper bound below it, or an exact score). Mate scores are left
/// out: they say nothing about how far the position is from beta.
fn refined_score(hit: &Hit, static_eval: i32, ply: usize) -> i32 {
    let score = from_tt(hit.score, ply);
    let nearer = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => score > static_eval,
        Bound::Upper => score < static_eval,
    };
    if nearer && !is_decisive(score) && !is_decisive(static_eval) {
        score
    } else {
        static_eval
    }
}

/// What the singular test found about the table move.
#[derive(Debug, PartialEq, Eq)]
enum Singular {
    /// Every other move fails below the bound: extend the table move.
    Extend,
    /// Another move reaches a bound at or above beta: the node fails high with it.
    Cut(i32),
    /// Another move comes near the table move, below beta: search as usual.
    No,
    /// The search was stopped meanwhile.
    Aborted,
}

/// Is the table's entry one to test the singularity of its move by: deep enough, from a
/// search that found the move at least as good as the score, and no mate score?
fn singular_candidate(profile: &Profile, hit: &Hit, depth: i32, ply: usize) -> bool {
    profile.singular_extension
        && depth >= SINGULAR_MIN_DEPTH
        && !hit.mv.is_none()
        && hit.bound != Bound::Upper
        && hit.depth >= depth - SINGULAR_TT_DEPTH_SLACK
        && !is_decisive(from_tt(hit.score, ply))
}

/// What the caller asks of the root: which moves to consider and how many lines to find.
#[derive(Clone, Debug, Default)]
pub struct RootSpec {
    /// The root moves to search; empty means all.
    pub allowed: Vec<Move>,
    /// How many best lines to find (MultiPV); at least one.
    pub multipv: usize,
}

/// One fully searched line of an iteration: the best line of a thread, or with MultiPV one of
/// the best lines.
#[derive(Clone, Debug, Default)]
pub struct Completed {
    pub depth: u32,
    pub score: i32,
    pub pv: Vec<Move>,
    pub seldepth: u32,
}

/// Everything one search thread reads and writes.
pub struct Worker<'a, R: Evaluated> {
    pub id: usize,
    pub pos: Position<R>,
    /// Length of the position's history at the root: earlier positions belong to the game.
    root_ply: usize,
    tt: &'a TranspositionTable,
    eval: &'a Evaluator<R>,
    /// A network that gives the static score in the evaluator's place, or adds to the
    /// evaluator's (`on_compiled`); the evaluator still gives the pieces' values (ordering,
    /// exchanges, margins).
    network: Option<&'a Network>,
    /// The network's hidden vectors of the positions this thread scored, carried to the
    /// next (`sissa_eval::accumulator`).
    accumulators: Accumulators,
    /// This thread's pawn terms, by pawn structure (`sissa_eval::PawnCache`).
    pawns: PawnCache<R>,
    history: &'a mut History,
    shared: &'a Shared,
    /// What the search does differently in this variant (`profile.rs`).
    profile: &'static Profile,
    /// The margins and reductions (`params.rs`).
    params: &'a SearchParams,
    stop: &'a AtomicBool,
    budget: TimeBudget,
    node_limit: Option<u64>,
    pub nodes: u64,
    pub seldepth: usize,
    aborted: bool,
    root_depth: i32,
    pv_table: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    static_evals: [i32; MAX_PLY + 1],
    /// The moving piece's index and the destination of the move made at each ply (`None` for
    /// the null move): the key of the countermove table.
    moved: [Option<(usize, u8)>; MAX_PLY + 1],
    /// Whether the side to move is in check at each ply, where the move that led there has
    /// already found it out: the node takes it (and leaves `None`) instead of asking again.
    known_check: [Option<bool>; MAX_PLY + 2],
    /// The move left out of the search at each ply: the table move while the singular
    /// search asks how the other moves do without it (`Move::NONE` otherwise).
    excluded: [Move; MAX_PLY + 1],
    buffers: Vec<MoveBuffer>,
    root: &'a RootSpec,
    /// Lines found by this thread (1 for helpers, the MultiPV count for the main thread).
    multipv: usize,
    /// Root moves left out for now: the first moves of the lines already found in this
    /// iteration, so that the next search finds the best of the others.
    root_excluded: Vec<Move>,
    /// The best line of the last completed iteration.
    pub completed: Completed,
    /// The best lines of the last completed iterations, best first (`completed` is the first).
    pub lines: Vec<Completed>,
    /// Nodes of the last root search, and of those the ones spent on the move that came out
    /// best: how settled the root is, for the time the main thread allows itself.
    root_nodes: u64,
    best_move_nodes: u64,
    /// What the completed iterations have shown about the best move and its score.
    trend: IterationTrend,
}

impl<'a, R: Evaluated> Worker<'a, R> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: usize,
        pos: Position<R>,
        tt: &'a TranspositionTable,
        eval: &'a Evaluator<R>,
        network: Option<&'a Network>,
        history: &'a mut History,
        shared: &'a Shared,
        params: &'a SearchParams,
        stop: &'a AtomicBool,
        budget: TimeBudget,
        node_limit: Option<u64>,
        root: &'a RootSpec,
    ) -> Worker<'a, R> {
        let root_ply = pos.ply();
        history.clear_killers();
        Worker {
            id,
            pos,
            root_ply,
            tt,
            eval,
            network,
            accumulators: Accumulators::default(),
            pawns: PawnCache::default(),
            history,
            shared,
            profile: profile::<R>(),
            params,
            stop,
            budget,
            node_limit,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            root_depth: 0,
            pv_table: Box::new([[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            static_evals: [0; MAX_PLY + 1],
            moved: [None; MAX_PLY + 1],
            known_check: [None; MAX_PLY + 2],
            excluded: [Move::NONE; MAX_PLY + 1],
            buffers: (0..=MAX_PLY).map(|_| MoveBuffer(Vec::with_capacity(256))).collect(),
            root,
            // Helpers only fill the table: one line is all they look for.
            multipv: if id == 0 { root.multipv.max(1) } else { 1 },
            root_excluded: Vec::new(),
            completed: Completed::default(),
            lines: Vec::new(),
            root_nodes: 0,
            best_move_nodes: 0,
            trend: IterationTrend::default(),
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Looks at the clock, the stop flag and the node limit now and then; once the search is
    /// to end, every thread unwinds with `aborted` set and its result is not used.
    #[inline(always)]
    fn should_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.shared.publish_nodes(self.id, self.nodes);
            if self.is_main() {
                let over_nodes = self.node_limit.is_some_and(|l| self.shared.total_nodes() >= l);
                if self.stop.load(Ordering::Relaxed) || self.budget.out_of_time() || over_nodes {
                    self.shared.abort.store(true, Ordering::Relaxed);
                }
            }
            if self.shared.abort.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        } else if let Some(l) = self.node_limit {
            // Exact node limits with one thread (deterministic benchmarks and tests).
            if self.is_main() && self.shared.threads() == 1 && self.nodes >= l {
                self.shared.abort.store(true, Ordering::Relaxed);
                self.aborted = true;
            }
        }
        self.aborted
    }

    fn take_buffer(&mut self, ply: usize) -> MoveBuffer {
        let mut b = std::mem::take(&mut self.buffers[ply]);
        b.0.clear();
        b
    }

    fn give_back(&mut self, ply: usize, buffer: MoveBuffer) {
        self.buffers[ply] = buffer;
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv_table[ply][ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv_table[ply][i] = self.pv_table[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The score of a position where the side to move has no move: the game is over by rule.
    fn terminal_score(&self, ply: usize, in_check: bool) -> i32 {
        match R::outcome(&self.pos) {
            Some(Outcome::Win(color, _)) if color == self.pos.side() => mate_in(ply),
            Some(Outcome::Win(_, _)) => mated_in(ply),
            Some(Outcome::Draw(_)) => 0,
            None if in_check => mated_in(ply),
            None => 0,
        }
    }

    /// The score if the current position repeats an earlier one (with the same side to
    /// move). A repetition inside the search tree is scored as if it were the third: a draw,
    /// or in Rococo a loss for the side that repeated (without a mate score, since that side
    /// could have played something else). A position seen twice before in the game itself is
    /// the real third occurrence.
    fn repetition_score(&self, ply: usize) -> Option<i32> {
        let history = self.pos.history();
        let n = history.len();
        let reach = (self.pos.halfmove() as usize).min(n);
        let key = self.pos.hash();
        let mut earlier = 0;
        let mut back = 2;
        while back <= reach {
            let index = n - back;
            if history[index].hash_before() == key {
                let in_tree = index >= self.root_ply;
                earlier += 1;
                if in_tree || earlier >= 2 {
                    return Some(match R::REPETITION {
                        RepetitionRule::Draw => 0,
                        RepetitionRule::RepeaterLoses if in_tree && earlier < 2 => REPETITION_WIN,
                        RepetitionRule::RepeaterLoses => mate_in(ply),
                    });
                }
            }
            back += 2;
        }
        None
    }

    /// Principal-variation search of the current position.
    pub fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply, self.profile.quiescence_checks);
        }
        let known_check = self.known_check[ply].take();
        if self.should_abort() {
            return 0;
        }
        self.nodes += 1;
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if let Some(score) = self.repetition_score(ply) {
                return score;
            }
            // No line from here can beat a mate already found nearer the root.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
            if ply >= MAX_PLY - 1 {
                return self.raw_eval(pawn_key(&self.pos));
            }
        }
        let key = self.pos.hash();
        let excluded = self.excluded[ply];
        let mut tt_move = Move::NONE;
        let tt_hit = self.tt.probe(key);
        if let Some(hit) = tt_hit {
            tt_move = hit.mv;
            // The entry's score counts the move left out: no cutoff from it here.
            if !pv_node && hit.depth >= depth && excluded.is_none() {
                let s = from_tt(hit.score, ply);
                if hit.bound.settles(s, alpha, beta) {
                    return s;
                }
            }
        }

        if !excluded.is_none() {
            tt_move = Move::NONE;
        } else if tt_move.is_none() && depth >= IIR_MIN_DEPTH && ply > 0 {
            depth -= 1;
        }
        let in_check = R::HAS_CHECK && known_check.unwrap_or_else(|| R::in_check(&self.pos));
        let (slot, raw_eval, static_eval) = self.static_score(in_check);
        self.static_evals[ply] = static_eval;
        let improving = ply >= 2 && !in_check && static_eval > self.static_evals[ply - 2];
        let prune_eval = match tt_hit {
            Some(hit) if self.profile.table_score_prunes => refined_score(&hit, static_eval, ply),
            _ => static_eval,
        };

        // Pruning comes before the generator, which it often saves, where the moves cannot
        // be needed to see the game's end (`stalemate_unlikely`). Elsewhere the moves show
        // first whether the game is over (and a singular test first whether the table move
        // is the only one).
        let prunable = !pv_node && !in_check && ply > 0;
        let prune_first = excluded.is_none() && self.stalemate_unlikely(in_check);
        if prunable && prune_first {
            if self.fifty_moves_drawn(ply) {
                return 0;
            }
            if let Some(score) = self.prune_node(prune_eval, beta, depth, ply, null_ok, improving) {
                return score;
            }
        }
        let mut buffer = match self.node_moves(ply, in_check, excluded, alpha) {
            Ok(buffer) => buffer,
            Err(score) => return score,
        };
        if prunable && !prune_first {
            let null_ok = null_ok && excluded.is_none();
            if let Some(score) = self.prune_node(prune_eval, beta, depth, ply, null_ok, improving) {
                self.give_back(ply, buffer);
                return score;
            }
        }

        let mut singular = false;
        let singular_hit = tt_hit.filter(|hit| {
            ply > 0 && excluded.is_none() && singular_candidate(self.profile, hit, depth, ply)
        });
        if let Some(hit) = singular_hit {
            // The singular search needs this ply's move buffer: give it back and generate
            // again after (a generation costs little next to a search of half the depth).
            self.give_back(ply, buffer);
            match self.singular_test(hit.mv, from_tt(hit.score, ply), depth, beta, ply) {
                Singular::Cut(score) => return score,
                Singular::Aborted => return 0,
                Singular::Extend => singular = true,
                Singular::No => {}
            }
            buffer = self.take_buffer(ply);
            R::generate(&self.pos, &mut buffer);
        }

        let counter = self.countermove(ply);
        let mut picker =
            MovePicker::new(&self.pos, self.eval, self.history, buffer, tt_move, counter, ply);
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut searched = 0usize;
        let mut quiets_tried = [(0usize, 0u8); 32];
        let mut quiets_len = 0usize;
        let nodes_at_start = self.nodes;

        while let Some((mv, order)) = picker.next_move() {
            let capture = R::is_capture(&self.pos, mv);
            let quiet = !capture && mv.promotion().is_none();
            let can_prune = !pv_node && !in_check && quiet && best > -MATE_BOUND && ply > 0;
            let late = can_prune && depth <= LMP_MAX_DEPTH && {
                let limit = self.params.get(Param::LmpBase) + depth * depth;
                searched as i32 >= limit + if improving { 3 } else { 0 }
            };
            let futile = can_prune
                && depth <= FUTILITY_MAX_DEPTH
                && searched > 0
                && prune_eval
                    + self.params.get(Param::FutilityBase)
                    + self.params.get(Param::FutilityPerPly) * depth
                    <= alpha;
            if ply > 0
                && !in_check
                && best > -MATE_BOUND
                && searched > 0
                && depth <= SEE_MAX_DEPTH
                && self.loses_too_much(mv, capture, depth)
            {
                continue;
            }
            // Quiet checks are kept (below); without check there is no need to make the move
            // to know that it is none.
            if (late || futile) && !R::HAS_CHECK {
                continue;
            }
            let piece = self.pos.piece_at(mv.from()).map_or(0, |p| p.index());
            let nodes_before = self.nodes;
            self.pos.make(mv);
            self.moved[ply] = Some((piece, mv.to()));
            let gives_check = R::HAS_CHECK && R::in_check(&self.pos);
            // A quiet check is never skipped as late or futile: it may be the mate that a
            // reduced search of the move before relies on finding here.
            if (late || futile) && !gives_check {
                self.pos.unmake();
                continue;
            }
            let extends = gives_check || (singular && mv == tt_move);
            let extension = i32::from(extends && (ply as i32) < 2 * self.root_depth);
            let new_depth = depth - 1 + extension;
            let score = if searched == 0 {
                self.search_move(alpha, beta, new_depth, ply, gives_check)
            } else {
                let mut r = 0;
                if depth >= 3 && searched >= 2 && quiet && !in_check && !gives_check {
                    r = self.params.reduction(depth, searched);
                    r -= i32::from(pv_node) + i32::from(MovePicker::is_killer_score(order));
                    r += i32::from(!improving);
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                let mut s = self.search_move(alpha, alpha + 1, new_depth - r, ply, gives_check);
                if s > alpha && r > 0 {
                    s = self.search_move(alpha, alpha + 1, new_depth, ply, gives_check);
                }
                if s > alpha && s < beta {
                    s = self.search_move(alpha, beta, new_depth, ply, gives_check);
                }
                s
            };
            self.pos.unmake();
            if self.aborted {
                let buffer = picker.into_buffer();
                self.give_back(ply, buffer);
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_move = mv;
                    alpha = score;
                    self.update_pv(ply, mv);
                    if ply == 0 {
                        self.best_move_nodes = self.nodes - nodes_before;
                    }
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(ply, depth, mv, piece, &quiets_tried[..quiets_len]);
                        }
                        break;
                    }
                }
            }
            if quiet && quiets_len < quiets_tried.len() {
                quiets_tried[quiets_len] = (piece, mv.to());
                quiets_len += 1;
            }
        }
        let buffer = picker.into_buffer();
        self.give_back(ply, buffer);
        if ply == 0 {
            self.root_nodes = self.nodes - nodes_at_start;
        }

        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A root searched over some of its moves only has a score that is not the position's,
        // and neither has a node searched without its table move.
        if (ply > 0 || !self.root_restricted()) && excluded.is_none() {
            self.tt.store(key, best_move, to_tt(best, ply), depth, bound);
            let quiet_best = best_move.is_none()
                || (!R::is_capture(&self.pos, best_move) && best_move.promotion().is_none());
            let bound_agrees = match bound {
                Bound::Lower => best > static_eval,
                Bound::Upper => best < static_eval,
                Bound::Exact => true,
            };
            if !in_check && quiet_best && bound_agrees && !is_decisive(best) {
                self.history.correction.update(slot, depth, best, raw_eval);
            }
        }
        best
    }

    /// May this node's moves go unlisted, though the game ends when there are none? Where
    /// only a lack of moves ends it, a side not in check can only be stalemated, and a side
    /// with a piece besides its king and pawns almost never is: its stalemate is left
    /// unseen, as every engine leaves it at the leaves. A side with no such piece, whose
    /// stalemates are the ones games turn on, has its moves listed.
    #[inline(always)]
    fn stalemate_unlikely(&self, in_check: bool) -> bool {
        R::ENDS_ONLY_WITHOUT_MOVES && !in_check && self.eval.has_pieces(&self.pos, self.pos.side())
    }

    /// The score, from this node's side, of the move just made at `ply`, searched to `depth`
    /// with the window (alpha, beta). Whether it gives check is known here already: the
    /// child takes that instead of testing it again.
    fn search_move(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        gives_check: bool,
    ) -> i32 {
        self.known_check[ply + 1] = Some(gives_check);
        -self.search(-beta, -alpha, depth, ply + 1, true)
    }

    /// The moves to search at this node, or its score if there are none: the game is over,
    /// the move left out by a singular test is the only one, or the 50-move rule has drawn.
    fn node_moves(
        &mut self,
        ply: usize,
        in_check: bool,
        excluded: Move,
        alpha: i32,
    ) -> Result<MoveBuffer, i32> {
        let mut buffer = self.take_buffer(ply);
        R::generate(&self.pos, &mut buffer);
        if ply == 0 {
            self.keep_root_moves(&mut buffer);
        }
        if buffer.0.is_empty() {
            self.give_back(ply, buffer);
            return Err(self.terminal_score(ply, in_check));
        }
        if !excluded.is_none() {
            buffer.0.retain(|&(mv, _)| mv != excluded);
            if buffer.0.is_empty() {
                // The move left out is the only one: it is singular.
                self.give_back(ply, buffer);
                return Err(alpha);
            }
        }
        if self.fifty_moves_drawn(ply) {
            self.give_back(ply, buffer);
            return Err(0);
        }
        Ok(buffer)
    }

    /// Has the 50-move rule drawn the game at this node (never at the root, which is to
    /// move)? Checkmate comes first: a caller that may be in check asks after the moves.
    #[inline(always)]
    fn fifty_moves_drawn(&self, ply: usize) -> bool {
        R::FIFTY_MOVE_RULE && self.pos.halfmove() >= FIFTY_MOVE_PLIES && ply > 0
    }

    /// The node's correction slot, its static score, and that score corrected by the pawn
    /// structure's history (`correction.rs`), kept clear of the scores that mean a won or
    /// lost game. A side in check has no static score (`-INFINITE`), nor a slot to update.
    #[inline(always)]
    fn static_score(&mut self, in_check: bool) -> (Option<(usize, usize)>, i32, i32) {
        if in_check {
            return (None, -INFINITE, -INFINITE);
        }
        let key = pawn_key(&self.pos);
        let slot = Correction::slot(self.pos.side(), key);
        let raw = self.raw_eval(key);
        if is_decisive(raw) {
            return (slot, raw, raw);
        }
        let corrected =
            self.history.correction.apply(slot, raw).clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        (slot, raw, corrected)
    }

    /// The evaluation of the position, from this thread's cache where it has it. `pawns` is
    /// `pawn_key(&self.pos)`.
    #[inline(always)]
    fn raw_eval(&mut self, pawns: Option<u64>) -> i32 {
        let key = self.pos.hash();
        if let Some(score) = self.history.static_scores.get(key) {
            return score;
        }
        let (eval, pos, pawn_cache) = (self.eval, &self.pos, &mut self.pawns);
        let mut compiled = || eval.evaluate_cached(pos, pawns, pawn_cache);
        let score = match self.network {
            Some(network) => self.accumulators.score(network, pos, compiled),
            None => compiled(),
        };
        self.history.static_scores.put(key, score);
        score
    }

    /// Singular extension and multi-cut: is the table move the only good move here? The other
    /// moves are searched at half depth against a bound a little below the table's score. If
    /// all fail below it, the table move is extended a ply; if they reach it and it is at least
    /// beta, two moves beat beta and the node is cut without its full search.
    fn singular_test(
        &mut self,
        tt_move: Move,
        tt_score: i32,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Singular {
        let singular_beta = tt_score - SINGULAR_MARGIN_PER_PLY * depth;
        self.excluded[ply] = tt_move;
        let score = self.search(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, false);
        self.excluded[ply] = Move::NONE;
        // The search at this ply wrote a line of its own here.
        self.pv_len[ply] = ply;
        if self.aborted {
            Singular::Aborted
        } else if score < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    /// Are some root moves left out (by the caller, or by the lines already found)?
    fn root_restricted(&self) -> bool {
        !self.root.allowed.is_empty() || !self.root_excluded.is_empty()
    }

    /// Leaves out the root moves the caller did not allow and those that begin a line already
    /// found in this iteration.
    fn keep_root_moves(&self, buffer: &mut MoveBuffer) {
        if !self.root_restricted() {
            return;
        }
        let allowed = &self.root.allowed;
        let excluded = &self.root_excluded;
        buffer.0.retain(|&(mv, _)| {
            (allowed.is_empty() || allowed.contains(&mv)) && !excluded.contains(&mv)
        });
    }

    /// Cutoffs before any move is searched: reverse futility (the static score is far above
    /// beta) and the null move (even passing keeps the score above beta). `static_eval` is
    /// the node's pruning score: the static score, or the table's (`refined_score`).
    fn prune_node(
        &mut self,
        static_eval: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        null_ok: bool,
        improving: bool,
    ) -> Option<i32> {
        let rfp_plies = depth - i32::from(improving && self.profile.rfp_improving);
        if depth <= RFP_MAX_DEPTH
            && !is_decisive(beta)
            && static_eval - self.params.get(Param::RfpMargin) * rfp_plies >= beta
        {
            return Some(static_eval);
        }
        if null_ok
            && depth >= 3
            && static_eval >= beta
            && !is_decisive(beta)
            && self.eval.null_move_allowed()
            && self.eval.has_pieces(&self.pos, self.pos.side())
        {
            let r = 3
                + depth / self.profile.null_move_depth_divisor
                + ((static_eval - beta) / self.params.get(Param::NullMoveMargin)).min(3);
            self.pos.make_null();
            self.moved[ply] = None;
            let score = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
            self.pos.unmake();
            if self.aborted {
                return Some(0);
            }
            if score >= beta {
                return Some(if is_decisive(score) { beta } else { score });
            }
        }
        None
    }

    /// Static-exchange pruning: does `mv` lose more material by exchange than a node of this
    /// depth lets go unsearched? Never where the exchange cannot be judged.
    fn loses_too_much(&self, mv: Move, capture: bool, depth: i32) -> bool {
        let margin = if capture {
            self.params.get(Param::SeeCaptureMargin) * depth
        } else {
            self.params.get(Param::SeeQuietMargin) * depth * depth
        };
        see::loses_more_than(&self.pos, self.eval, mv, margin)
    }

    /// A quiet move caused a cutoff: remember it as a killer and raise its history; lower the
    /// history of the quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        ply: usize,
        depth: i32,
        mv: Move,
        piece: usize,
        tried: &[(usize, u8)],
    ) {
        self.history.add_killer(ply, mv);
        if let Some((p, to)) = self.previous_move(ply) {
            self.history.set_counter(p, to, mv);
        }
        let bonus = (self.profile.history_bonus)(depth);
        self.history.update_quiet(piece, mv.to(), bonus);
        for &(p, to) in tried {
            self.history.update_quiet(p, to, -bonus);
        }
    }

    /// The piece and destination of the move that led to this node, if the search made it.
    fn previous_move(&self, ply: usize) -> Option<(usize, u8)> {
        ply.checked_sub(1).and_then(|p| self.moved[p])
    }

    /// The quiet move that last refuted the move that led to this node.
    fn countermove(&self, ply: usize) -> Move {
        self.previous_move(ply).map_or(Move::NONE, |(p, to)| self.history.counter(p, to))
    }

    /// Quiescence: only captures and promotions (all moves when in check), until the position
    /// is quiet, with the static score as the floor ("stand pat"). With `checks` (its first
    /// ply, where the variant's profile asks for it) the quiet checks as well.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, checks: bool) -> i32 {
        self.pv_len[ply] = ply;
        let known_check = self.known_check[ply].take();
        if self.should_abort() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.raw_eval(pawn_key(&self.pos));
        }
        let in_check = R::HAS_CHECK && known_check.unwrap_or_else(|| R::in_check(&self.pos));
        // The table and the static score come before the generator, which costs more than
        // either: most quiescence nodes end on one of them.
        let key = self.pos.hash();
        let mut tt_move = Move::NONE;
        if let Some(hit) = self.tt.probe(key) {
            tt_move = hit.mv;
            let s = from_tt(hit.score, ply);
            if hit.bound.settles(s, alpha, beta) {
                return s;
            }
        }
        let (_, _, stand_pat) = self.static_score(in_check);
        // Where only a lack of moves ends the game, a side not in check may stand pat
        // unseen moves and all (a stalemate at the leaves is not looked for, as in every
        // engine); elsewhere the game may already be over, and only the generator knows.
        if stand_pat >= beta && R::ENDS_ONLY_WITHOUT_MOVES {
            return stand_pat;
        }
        let mut buffer = self.take_buffer(ply);
        if self.stalemate_unlikely(in_check) {
            // Only the captures and promotions are needed: the others are never listed where
            // the variant can leave them out.
            R::generate_tactical(&self.pos, &mut buffer);
        } else {
            R::generate(&self.pos, &mut buffer);
            if buffer.0.is_empty() {
                self.give_back(ply, buffer);
                return self.terminal_score(ply, in_check);
            }
            if stand_pat >= beta {
                self.give_back(ply, buffer);
                return stand_pat;
            }
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand_pat);
        let mut picker = if in_check {
            MovePicker::new(&self.pos, self.eval, self.history, buffer, tt_move, Move::NONE, ply)
        } else {
            MovePicker::tactical(&self.pos, self.eval, buffer)
        };
        let mut best = stand_pat;
        let mut best_move = Move::NONE;
        while let Some((mv, _)) = picker.next_move() {
            if !in_check && mv.promotion().is_none() {
                let gain = victim_value(&self.pos, self.eval, mv);
                if stand_pat + gain + self.params.get(Param::DeltaMargin) <= alpha
                    || see::loses_material(&self.pos, self.eval, mv)
                {
                    continue;
                }
            }
            self.pos.make(mv);
            let score = -self.quiesce(-beta, -alpha, ply + 1, false);
            self.pos.unmake();
            if self.aborted {
                let buffer = picker.into_buffer();
                self.give_back(ply, buffer);
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = mv;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let buffer = picker.into_buffer();
        self.give_back(ply, buffer);
        if checks && !in_check && best < beta {
            let (score, mv) = self.quiet_checks(alpha, beta, ply);
            if self.aborted {
                return 0;
            }
            if score > best {
                (best, best_move) = (score, mv);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha && !best_move.is_none() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best_move, to_tt(best, ply), 0, bound);
        best
    }

    /// Quiescence's quiet checks: the quiet moves that give direct check and do not lose
    /// material by exchange, each answered by the full set of evasions. Returns the best
    /// score of those searched (`-INFINITE` if none was) and its move if it beat `alpha`.
    fn quiet_checks(&mut self, mut alpha: i32, beta: i32, ply: usize) -> (i32, Move) {
        let (mut best, mut best_move) = (-INFINITE, Move::NONE);
        let Some(squares) = CheckSquares::new(&self.pos) else { return (best, best_move) };
        let mut buffer = self.take_buffer(ply);
        R::generate(&self.pos, &mut buffer);
        for i in 0..buffer.0.len() {
            let mv = buffer.0[i].0;
            if R::is_capture(&self.pos, mv)
                || !squares.gives_check(&self.pos, mv)
                || see::loses_more_than(&self.pos, self.eval, mv, 0)
            {
                continue;
            }
            self.pos.make(mv);
            let score = -self.quiesce(-beta, -alpha, ply + 1, false);
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    (alpha, best_move) = (score, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.give_back(ply, buffer);
        (best, best_move)
    }

    /// Iterative deepening with aspiration windows up to `max_depth` or until stopped. The
    /// main thread calls `report` after each iteration and decides when to stop; helper
    /// threads search until told to stop, skipping some depths so that the threads spread
    /// over different depths (Lazy SMP).
    pub fn iterate(&mut self, max_depth: u32, report: &mut dyn FnMut(&Worker<'a, R>)) {
        for depth in 1..=max_depth {
            if self.skips_depth(depth) {
                continue;
            }
            self.root_depth = depth as i32;
            let found = self.search_lines(depth);
            if found.is_empty() {
                break;
            }
            let previous_best = self.completed.pv.first().copied();
            self.keep_lines(found);
            if self.is_main() {
                report(self);
                let percent = self.trend.after(self.iteration_summary(previous_best));
                if self.budget.should_stop_iterating(percent) || self.stop.load(Ordering::Relaxed) {
                    break;
                }
            }
            if self.shared.abort.load(Ordering::Relaxed) {
                break;
            }
        }
        self.shared.publish_nodes(self.id, self.nodes);
    }

    /// The completed iteration as the time allocation sees it, given the best move of the
    /// iteration before.
    fn iteration_summary(&self, previous_best: Option<Move>) -> Iteration {
        let score = self.completed.score;
        let share = (self.multipv == 1 && self.root_nodes > 0)
            .then(|| self.best_move_nodes as f64 / self.root_nodes as f64);
        Iteration {
            best_changed: self.completed.pv.first().copied() != previous_best,
            score: (!is_decisive(score)).then_some(score),
            best_move_share: share,
        }
    }

    /// The best lines at `depth`, each the best of the root moves the lines before it do not
    /// start with; fewer than asked if the search was stopped on the way.
    fn search_lines(&mut self, depth: u32) -> Vec<Completed> {
        let mut found = Vec::with_capacity(self.multipv);
        self.root_excluded.clear();
        for index in 0..self.multipv {
            self.seldepth = 0;
            let previous = self.lines.get(index).map(|line| line.score);
            let Some(score) = self.aspiration(depth, previous) else { break };
            let pv = self.pv_table[0][..self.pv_len[0]].to_vec();
            let Some(&first) = pv.first() else { break };
            self.root_excluded.push(first);
            let seldepth = self.seldepth.max(depth as usize) as u32;
            found.push(Completed { depth, score, pv, seldepth });
        }
        self.root_excluded.clear();
        found
    }

    /// Takes the lines of the last iteration, best first. If it was stopped after some lines,
    /// the other lines of the iteration before stay, after the new ones.
    fn keep_lines(&mut self, mut found: Vec<Completed>) {
        // A later line can come out better than an earlier one (the earlier search ended on a
        // bound); the order shown is by score.
        found.sort_by_key(|line| std::cmp::Reverse(line.score));
        let older = std::mem::take(&mut self.lines);
        for line in older {
            let first = line.pv.first();
            if found.len() < self.multipv && !found.iter().any(|l| l.pv.first() == first) {
                found.push(line);
            }
        }
        self.completed = found[0].clone();
        self.lines = found;
    }

    /// Helper threads leave out some depths, each in its own pattern.
    fn skips_depth(&self, depth: u32) -> bool {
        const SIZE: [u32; 8] = [1, 1, 2, 2, 2, 2, 3, 3];
        const PHASE: [u32; 8] = [0, 1, 0, 1, 2, 3, 0, 1];
        if self.id == 0 || depth <= 2 {
            return false;
        }
        let i = (self.id - 1) % SIZE.len();
        ((depth + PHASE[i]) / SIZE[i]) % 2 == 1
    }

    /// One iteration: a window around the last score of the line, widened on failure. `None`
    /// if aborted.
    fn aspiration(&mut self, depth: u32, previous: Option<i32>) -> Option<i32> {
        let mut delta = self.params.get(Param::AspirationDelta);
        let (mut alpha, mut beta) = match previous {
            Some(p) if depth >= ASPIRATION_MIN_DEPTH && !is_decisive(p) => (p - delta, p + delta),
            _ => (-INFINITE, INFINITE),
        };
        loop {
            let score = self.search(alpha, beta, depth as i32, 0, true);
            if self.aborted {
                return None;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return Some(score);
            }
            delta += delta;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    pub fn tt(&self) -> &TranspositionTable {
        self.tt
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;
    use sissa_movegen::variants::chess::Chess;
    use sissa_movegen::variants::lionsunicorns::LionsUnicorns;
    use sissa_movegen::variants::uc40::Uc40;
    use std::time::Instant;

    /// What `f` finds with a search thread of its own, with an empty table, set up on `fen`
    /// (chess).
    fn with_worker<T>(fen: &str, f: impl FnOnce(&mut Worker<Chess>) -> T) -> T {
        let pos = Position::<Chess>::from_fen(fen).unwrap();
        let tt = TranspositionTable::new(1);
        let eval = Evaluator::new();
        let mut history = History::new();
        let shared = Shared::new(1);
        let stop = AtomicBool::new(false);
        let budget =
            TimeBudget::new(&Limits { infinite: true, ..Limits::default() }, Instant::now());
        let root = RootSpec::default();
        let params = SearchParams::default();
        let mut worker = Worker::new(
            0,
            pos,
            &tt,
            &eval,
            None,
            &mut history,
            &shared,
            &params,
            &stop,
            budget,
            None,
            &root,
        );
        f(&mut worker)
    }

    /// The singular test of the move `text` in `fen` (chess) at the least depth it is run at,
    /// as a node one ply from the root runs it, given the table's score and beta; and whether
    /// the table holds an entry for the position afterwards.
    fn singular_test(fen: &str, text: &str, tt_score: i32, beta: i32) -> (Singular, bool) {
        with_worker(fen, |worker| {
            let mv = worker.pos.parse_move(text).unwrap();
            let key = worker.pos.hash();
            worker.root_depth = SINGULAR_MIN_DEPTH;
            let found = worker.singular_test(mv, tt_score, SINGULAR_MIN_DEPTH, beta, 1);
            (found, worker.tt().probe(key).is_some())
        })
    }

    /// Quiescence's score of `fen` (chess) with a full window, as a node one ply from the root.
    fn quiescence(fen: &str) -> i32 {
        with_worker(fen, |worker| worker.quiesce(-INFINITE, INFINITE, 1, false))
    }

    #[test]
    fn quiescence_with_quiet_checks_finds_a_mate_by_a_quiet_check() {
        // Ra8 mates on the back rank: no capture sees it, the quiet checks do.
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        let with = with_worker(fen, |worker| worker.quiesce(-INFINITE, INFINITE, 1, true));
        assert_eq!(with, mate_in(2), "mate found two plies below the root");
        assert!(quiescence(fen) < MATE_BOUND, "without the checks only the static score");
    }

    #[test]
    fn quiescence_sees_a_lone_king_stalemated() {
        // Black's king has no move and is not in check: a draw, not the queen up it looks.
        assert_eq!(quiescence("k7/8/1Q6/8/8/8/8/7K b - - 0 1"), 0);
        // With a pawn that cannot move either, still a draw.
        assert_eq!(quiescence("k7/8/1Q6/8/8/p7/P7/7K b - - 0 1"), 0);
        // The same king with a move is lost.
        assert!(quiescence("k7/8/2Q5/8/8/8/8/7K b - - 0 1") < -500);
    }

    #[test]
    fn static_scores_read_back_from_the_cache_are_the_evaluations() {
        // Every position two plies from a middlegame, each scored twice through the thread's
        // cache (the second time from it) and compared with the evaluation without any
        // cache. Many of them share a pawn structure and a side to move, so a cache keyed by
        // less than the whole position would hand one its neighbour's score.
        let fen = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 6 6";
        with_worker(fen, |worker| {
            let first: Vec<Move> = worker.pos.legal_moves().as_slice().to_vec();
            let mut checked = 0;
            for mv in first {
                worker.pos.make(mv);
                let replies: Vec<Move> = worker.pos.legal_moves().as_slice().to_vec();
                for reply in replies {
                    worker.pos.make(reply);
                    let uncached = worker.eval.evaluate(&worker.pos);
                    for _ in 0..2 {
                        assert_eq!(worker.raw_eval(pawn_key(&worker.pos)), uncached);
                    }
                    worker.pos.unmake();
                    checked += 1;
                }
                worker.pos.unmake();
            }
            assert!(checked > 500, "{checked}");
        });
    }

    #[test]
    fn the_table_refines_the_pruning_score_only_in_its_bounds_direction() {
        let hit = |score, bound| Hit { mv: Move::NONE, score, depth: 5, bound };
        // An exact score replaces the static score either way.
        assert_eq!(refined_score(&hit(-40, Bound::Exact), 30, 2), -40);
        // A lower bound above the static score says the position is at least that good; one
        // below it says nothing the static score does not.
        assert_eq!(refined_score(&hit(90, Bound::Lower), 30, 2), 90);
        assert_eq!(refined_score(&hit(10, Bound::Lower), 30, 2), 30);
        // An upper bound, the other way round.
        assert_eq!(refined_score(&hit(10, Bound::Upper), 30, 2), 10);
        assert_eq!(refined_score(&hit(90, Bound::Upper), 30, 2), 30);
        // A mate score is no measure of a margin over beta.
        assert_eq!(refined_score(&hit(to_tt(mate_in(7), 2), Bound::Exact), 30, 2), 30);
    }

    #[test]
    fn only_chess_tests_table_moves_for_singularity() {
        let e2e4 = Position::<Chess>::start().parse_move("e2e4").unwrap();
        let hit = Hit { mv: e2e4, score: 30, depth: 12, bound: Bound::Lower };
        assert!(singular_candidate(profile::<Chess>(), &hit, 12, 3));
        assert!(!singular_candidate(profile::<Chess>(), &hit, SINGULAR_MIN_DEPTH - 1, 3));
        assert!(!singular_candidate(
            profile::<Chess>(),
            &Hit { bound: Bound::Upper, ..hit },
            12,
            3
        ));
        assert!(!singular_candidate(profile::<LionsUnicorns>(), &hit, 12, 3));
        assert!(!singular_candidate(profile::<Uc40>(), &hit, 12, 3));
    }

    #[test]
    fn the_only_legal_move_is_singular() {
        // The king's only move is to take the rook: without it there is nothing to search.
        let (found, stored) = singular_test("k7/8/8/8/8/8/1r6/K7 w - - 0 1", "a1b2", 0, 1);
        assert_eq!(found, Singular::Extend);
        assert!(!stored, "a search without the table move stored its score");
    }

    #[test]
    fn a_better_move_than_the_table_move_cuts_the_node() {
        // The table claims a king move is best, but the rook takes a free queen: the other
        // moves reach the bound below the table's score, which is above beta.
        let (found, stored) = singular_test("k7/8/8/3q4/8/8/8/K2R4 w - - 0 1", "a1b1", 0, -100);
        assert_eq!(found, Singular::Cut(-SINGULAR_MARGIN_PER_PLY * SINGULAR_MIN_DEPTH));
        assert!(!stored, "a search without the table move stored its score");
        // The same with beta above that bound: searched as usual.
        let (found, _) = singular_test("k7/8/8/3q4/8/8/8/K2R4 w - - 0 1", "a1b1", 0, 50);
        assert_eq!(found, Singular::No);
    }
}
