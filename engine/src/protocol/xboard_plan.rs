//! What XBoard is shown of each move in the variants whose moves it cannot draw in full
//! (see `xboard_picture`), and how the moves XBoard passes on are read back.
//!
//! Every legal move gets a plan: the action XBoard plays and the picture after it. The plan
//! draws what one XBoard action can: the moving piece, one more piece removed. What it
//! cannot draw is left for later moves: a piece taken but still drawn is removed by the next
//! move that has its kill square free; a swap is not drawn at all, the two pieces keep each
//! other's images until they move; a piece XBoard cannot draw (dropped with a move) moves
//! unseen, shown as a piece of its side staying. Every piece XBoard draws thus stands for
//! one real piece of its kind. Both engines in a game compute the same plans, so the text
//! XBoard relays identifies the move; where two moves would look alike, the later one (in
//! notation order) gets a kill of an empty square as a marker.

use super::board::{is_white, Board, Square};
use super::xboard_notation::zero_based_ranks;
use super::xboard_picture::{action_text, read_action, relayed, Action, Picture, Slots};
use super::xboard_variants::xboard_variant;
use sissa_movegen::geometry::Color;
use sissa_movegen::{Game, MoveDescription, MoveKind};
use std::collections::HashSet;

/// One legal move as XBoard is shown it.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The move in Sissa's notation.
    pub mv: String,
    pub action: Action,
    /// What Sissa sends.
    pub text: String,
    /// What XBoard sends the other engine for it.
    pub relay: String,
    /// XBoard's picture after it.
    pub next: Picture,
    /// The picture before it with its images following the real pieces, and the real
    /// square the moving image stands for afterwards: what `next` is made from.
    followed: Picture,
    represents: Option<usize>,
    /// Squares where a piece enters the board (a UC-40 drop), the first marker tried.
    entered: Vec<Square>,
    /// The code of the player's piece where it arrives.
    arriving: Option<String>,
}

/// What a move does to the real pieces.
struct Anatomy {
    /// For each square of the position before the move: where its piece stands after it
    /// (`None`: it left the board, or the square was empty).
    after: Vec<Option<usize>>,
    /// The square the player's piece came from.
    origin: Option<usize>,
    /// The square a piece walking by itself came from (a Rolling King): its image stays
    /// behind and stands for nothing.
    walked: Option<usize>,
    /// Squares where a piece enters the board.
    entered: Vec<Square>,
    shape: Shape,
}

enum Shape {
    /// The player's piece moves (and may be taken at once, by a Rolling King's step).
    Move { to: usize },
    /// The player's piece and the piece on `partner` change places.
    Swap,
    /// The player's piece leaves the board, with the piece on `partner` if there is one
    /// (mutual destruction, a frozen piece's suicide).
    Vanish { partner: Option<usize> },
}

/// The position, XBoard's picture of it and the variant's slots: what a plan is made from.
struct Scene<'a> {
    before: Board,
    picture: &'a Picture,
    slots: Slots,
    white: bool,
    zero_based: bool,
}

impl<'a> Scene<'a> {
    fn new(game: &Game, picture: &'a Picture) -> Option<Scene<'a>> {
        let entry = xboard_variant(game.variant());
        Some(Scene {
            before: Board::of_game(game),
            picture,
            slots: Slots::of(entry.board.as_ref()?),
            white: game.side() == Color::White,
            zero_based: zero_based_ranks(game.variant()),
        })
    }

    /// The plan for the move `described` shown as `action`, or as Sissa chooses to show it.
    fn plan(&self, described: &MoveDescription, action: Option<Action>) -> Plan {
        let after = self.before.after(&described.changes);
        let anatomy = anatomy(&self.before, &after, described);
        let action = action.unwrap_or_else(|| choose(self, &after, &anatomy));
        let mut plan = finish(self, described.notation.clone(), action, &anatomy);
        let arrival = plan.represents.map(|to| square_of(&self.before, to));
        plan.arriving = arrival.and_then(|sq| after.at(sq)).map(str::to_string);
        plan
    }
}

/// Plans for every legal move of `game`, XBoard's picture being `picture`; each relayed
/// text belongs to one move only.
pub fn plans(game: &Game, picture: &Picture) -> Vec<Plan> {
    let Some(scene) = Scene::new(game, picture) else { return Vec::new() };
    let mut moves = game.position().legal_move_descriptions();
    moves.sort_by(|a, b| a.notation.cmp(&b.notation));
    let mut plans: Vec<Plan> = moves.iter().map(|mv| scene.plan(mv, None)).collect();
    mark_lookalikes(&scene, &mut plans);
    plans
}

/// The plan of a move XBoard played as the user entered it (`action`, read from XBoard's
/// text) rather than as Sissa would have shown it.
pub fn literal_plan(game: &Game, picture: &Picture, mv: &str, action: Action) -> Option<Plan> {
    let scene = Scene::new(game, picture)?;
    let moves = game.position().legal_move_descriptions();
    let described = moves.iter().find(|d| d.notation == mv)?;
    Some(scene.plan(described, Some(action)))
}

/// The legal move a user's move text means: the real pieces behind the squares of the
/// picture it names, with the promotion letter it gives.
pub fn user_move(game: &Game, picture: &Picture, text: &str) -> Option<(String, Action)> {
    let variant = game.variant();
    let dims = variant.dims();
    let action = read_action(text, zero_based_ranks(variant), dims.files, dims.ranks)?;
    let before = Board::of_game(game);
    let origin = picture.owner_of(action.from)?;
    let white = game.side() == Color::White;
    // A piece of the other side drawn on the target stands for the piece taken.
    let target = picture
        .owner_of(action.to)
        .filter(|_| picture.board.at(action.to).is_some_and(|c| is_white(c) != white))
        .unwrap_or_else(|| before.index(action.to));
    let found = chosen_promotion(&moves_between(game, origin, target), action.promo)?;
    Some((found, action))
}

/// The legal moves of the piece on square `origin` to square `target`: a plain move before
/// a mutual destruction between the same squares, and before one with a drop (XBoard lets
/// no user drop here).
fn moves_between(game: &Game, origin: usize, target: usize) -> Vec<MoveDescription> {
    let mut moves = game.position().legal_move_descriptions();
    moves.sort_by(|a, b| a.notation.cmp(&b.notation));
    moves.sort_by_key(|mv| (mv.kind == MoveKind::MutualDestruction, mv.drop.is_some()));
    moves.retain(|mv| usize::from(mv.from) == origin && usize::from(mv.to) == target);
    moves
}

/// The move the promotion letter chooses; where the rules choose the piece (a UC-40 pawn
/// becomes its reserve's last piece), the one promotion whatever the letter.
fn chosen_promotion(moves: &[MoveDescription], promo: Option<char>) -> Option<String> {
    let exact = moves.iter().find(|mv| promotion_letter(mv) == promo);
    let promotions: Vec<&MoveDescription> =
        moves.iter().filter(|mv| promotion_letter(mv).is_some()).collect();
    let forced = match promotions[..] {
        [only] if promo.is_some() => Some(only),
        _ => None,
    };
    exact.or(forced).map(|mv| mv.notation.clone())
}

/// The letter of the piece a move promotes to, in lower case (`Q'` gives `q`).
fn promotion_letter(mv: &MoveDescription) -> Option<char> {
    let code = &mv.promotion.as_ref()?.code;
    code.chars().next().map(|c| c.to_ascii_lowercase())
}

/// Where each piece goes in the move `described`, from the boards before and after.
fn anatomy(before: &Board, after: &Board, described: &MoveDescription) -> Anatomy {
    let index = |sq: Square| before.index(sq);
    let (a, b) = (before.square(described.from), before.square(described.to));
    let mut moved: Vec<(usize, usize)> = Vec::new();
    let shape = match described.kind {
        MoveKind::MutualDestruction => Shape::Vanish { partner: Some(index(b)) },
        MoveKind::Suicide => Shape::Vanish { partner: None },
        MoveKind::Swap => {
            moved.extend([(index(a), index(b)), (index(b), index(a))]);
            Shape::Swap
        }
        _ => {
            moved.push((index(a), index(b)));
            Shape::Move { to: index(b) }
        }
    };
    // The mover's King steps by itself in Rolling Kings, taking what stands there.
    let mut walked = None;
    if let Some(step) = &described.king_step {
        moved.push((usize::from(step.from), usize::from(step.to)));
        walked = Some(usize::from(step.from));
    }
    let mut map = vec![None; before.square_count()];
    for (i, &(from, to)) in moved.iter().enumerate() {
        // A piece taken by a later step of the same move (a King stepping onto it) is gone;
        // a walker's image is left behind.
        if !moved[i + 1..].iter().any(|&(_, t)| t == to) && Some(from) != walked {
            map[from] = Some(to);
        }
    }
    for square in before.squares() {
        let i = index(square);
        let moves = moved.iter().any(|&(from, _)| from == i);
        let landed_on = moved.iter().any(|&(_, to)| to == i);
        if !moves
            && !landed_on
            && before.at(square).is_some()
            && after.at(square) == before.at(square)
        {
            map[i] = Some(i);
        }
    }
    // A piece on a square no piece moved to, that was empty or held another piece, entered.
    let arrived: Vec<usize> = map.iter().flatten().copied().collect();
    let entered = after
        .squares()
        .filter(|&sq| after.at(sq).is_some() && !arrived.contains(&index(sq)))
        .collect();
    Anatomy { after: map, origin: Some(index(a)), walked, entered, shape }
}

/// The action showing the move best: its piece moving, and the kill square removing a
/// piece the move took, else a piece still drawn that left the board earlier.
fn choose(scene: &Scene, after: &Board, anatomy: &Anatomy) -> Action {
    let picture = scene.picture;
    let drawn = |real: Option<usize>| real.and_then(|r| picture.drawn_at(r));
    let mover = drawn(anatomy.origin);
    match anatomy.shape {
        Shape::Vanish { partner } => match (mover, drawn(partner)) {
            (Some(from), Some(to)) => Action { from, to, kill: Some(from), promo: None },
            (Some(from), None) => Action { from, to: from, kill: Some(from), promo: None },
            (None, victim) => {
                stay(scene, None, victim.or_else(|| cleanup(scene, anatomy, None, &[])))
            }
        },
        Shape::Swap => stay(scene, mover, cleanup(scene, anatomy, mover, &[])),
        Shape::Move { to } => move_action(scene, after, anatomy, mover, to),
    }
}

/// The player's piece moving to real square `to`.
fn move_action(
    scene: &Scene,
    after: &Board,
    anatomy: &Anatomy,
    mover: Option<Square>,
    to: usize,
) -> Action {
    let target = square_of(&scene.before, to);
    // A piece XBoard does not draw: shown as a piece of its side staying while what it
    // took is removed, unless a spare image can show it.
    let Some(from) = mover.or_else(|| spare(scene, target)) else {
        return stay(scene, None, cleanup(scene, anatomy, None, &[]));
    };
    // Taken on arrival (a Rolling King stepping onto it): it vanishes with what it took.
    if anatomy.origin.and_then(|o| anatomy.after[o]).is_none() {
        return Action { from, to: target, kill: Some(from), promo: None };
    }
    // A piece taken on the target square is drawn where its image is.
    let to_square = if scene.before.at(target).is_some() {
        scene.picture.drawn_at(to).unwrap_or(target)
    } else {
        target
    };
    // The image of a piece standing elsewhere (after a swap) is drawn on the target: the
    // move is drawn to the nearest empty square instead, so that no piece loses its image.
    let to_square = if holds_other(scene, anatomy, to_square) {
        nearest_empty(scene.picture, target, from).unwrap_or(to_square)
    } else {
        to_square
    };
    // Its image already stands there (the piece it swapped with went there first).
    if to_square == from {
        return stay(scene, Some(from), cleanup(scene, anatomy, Some(from), &[]));
    }
    let promo = retype(scene, from, after.at(target));
    let castles = match (scene.picture.board.at(from), scene.picture.board.at(to_square)) {
        (Some(m), Some(t)) => scene.slots.castles(m, t),
        _ => false,
    };
    let kill =
        if castles { Some(to_square) } else { cleanup(scene, anatomy, Some(from), &[to_square]) };
    Action { from, to: to_square, kill, promo }
}

/// Does `square` draw a piece that stays on the board in this move (a swapped piece's
/// image, standing for a piece elsewhere)?
fn holds_other(scene: &Scene, anatomy: &Anatomy, square: Square) -> bool {
    let owner = scene.picture.owner_of(square).filter(|&real| Some(real) != anatomy.origin);
    owner.is_some_and(|real| anatomy.after.get(real).copied().flatten().is_some())
}

/// The empty square of the picture nearest to `target`, other than `from`.
fn nearest_empty(picture: &Picture, target: Square, from: Square) -> Option<Square> {
    let nearest = |sq: &Square| (distance(*sq, target), picture.board.index(*sq));
    empty_squares(picture, &[from]).min_by_key(nearest)
}

/// The promotion letter that draws the piece arriving as `real`, when its image shows
/// another piece. XBoard reads one letter (a code's suffix is lost) and never `x`; a piece
/// in the Pawn slot must not arrive without one on the last rank, where XBoard would make
/// it a Queen by itself.
fn retype(scene: &Scene, from: Square, real: Option<&str>) -> Option<char> {
    let image = scene.picture.board.at(from)?;
    let real = real?;
    if image == real {
        return None;
    }
    let letter = real.chars().next()?.to_ascii_lowercase();
    let letter = if letter == 'x' { 'q' } else { letter };
    let shown = scene.slots.promoted(letter, is_white(real))?;
    (shown != image).then_some(letter)
}

/// An image of the mover's side that stands for no piece (one taken but still drawn), the
/// nearest to the target: a piece XBoard does not draw moves with it, turned into itself
/// by a promotion letter. Never the image of another piece, which would then be wrong.
fn spare(scene: &Scene, target: Square) -> Option<Square> {
    let picture = scene.picture;
    let own = |sq: &Square| picture.board.at(*sq).is_some_and(|c| is_white(c) == scene.white);
    let spare = |sq: &Square| picture.owner_of(*sq).is_none();
    let nearest = |sq: &Square| (distance(*sq, target), picture.board.index(*sq));
    picture.board.squares().filter(own).filter(spare).min_by_key(nearest)
}

/// A move XBoard shows as a piece staying where it is (`piece`, else the first of the side
/// to move) while `kill` is emptied (an empty square when nothing is to go): for what it
/// cannot draw, a swap above all.
fn stay(scene: &Scene, piece: Option<Square>, kill: Option<Square>) -> Action {
    let picture = scene.picture;
    let own = |sq: &Square| picture.board.at(*sq).is_some_and(|c| is_white(c) == scene.white);
    let from = piece.or_else(|| picture.board.squares().find(own)).unwrap_or((0, 0));
    let kill = kill.filter(|&k| k != from).or_else(|| empty_squares(picture, &[from]).next());
    Action { from, to: from, kill, promo: None }
}

/// The square to empty: a piece this move took that is still drawn (the one nearest to
/// `from`), else a piece drawn for nothing, never `from` itself nor the squares in `keep`.
fn cleanup(
    scene: &Scene,
    anatomy: &Anatomy,
    from: Option<Square>,
    keep: &[Square],
) -> Option<Square> {
    let picture = scene.picture;
    let usable =
        |sq: &Square| Some(*sq) != from && !keep.contains(sq) && picture.board.at(*sq).is_some();
    let taken = |sq: &Square| {
        picture.owner_of(*sq).is_some_and(|real| {
            anatomy.after.get(real).copied().flatten().is_none() && Some(real) != anatomy.walked
        })
    };
    let origin = from.unwrap_or((0, 0));
    let nearest = |sq: &Square| (distance(*sq, origin), picture.board.index(*sq));
    let squares: Vec<Square> = picture.board.squares().filter(usable).collect();
    let victim = squares.iter().copied().filter(taken).min_by_key(nearest);
    let stale = |sq: &Square| picture.owner_of(*sq).is_none_or(|real| Some(real) == anatomy.walked);
    victim.or_else(|| squares.iter().copied().filter(stale).min_by_key(nearest))
}

/// The rest of a plan: the picture after `action` and the texts.
fn finish(scene: &Scene, mv: String, action: Action, anatomy: &Anatomy) -> Plan {
    let followed = scene.picture.follow(|real| anatomy.after.get(real).copied().flatten());
    let represents = match anatomy.shape {
        Shape::Move { .. } => anatomy.origin.and_then(|o| anatomy.after[o]),
        _ => None,
    };
    let next = followed.apply(&action, &scene.slots, represents);
    let text = action_text(&action, scene.zero_based);
    let relay = relayed(scene.picture, &action, scene.zero_based);
    let entered = anatomy.entered.clone();
    Plan { mv, action, text, relay, next, followed, represents, entered, arriving: None }
}

/// Gives every plan whose relayed text an earlier plan already has a kill of an empty
/// square no other plan uses, until all texts differ. The marker replaces the plan's own
/// kill, whose piece then stays drawn until a later move removes it.
fn mark_lookalikes(scene: &Scene, plans: &mut [Plan]) {
    let mut seen: HashSet<String> = HashSet::new();
    for plan in plans.iter_mut() {
        if !seen.insert(plan.relay.clone()) {
            mark(scene, plan, &mut seen);
        }
    }
}

/// Gives `plan` the first marker whose relayed text is not in `seen`, and records it. A
/// move shown as a piece staying may also change which of its side's pieces stays; should
/// all such markers be taken, the move takes over the image of another piece of its side.
fn mark(scene: &Scene, plan: &mut Plan, seen: &mut HashSet<String>) {
    let stays = plan.action.from == plan.action.to;
    let own = |sq: &Square| scene.picture.board.at(*sq).is_some_and(|c| is_white(c) == scene.white);
    let pieces: Vec<Square> = if stays {
        scene.picture.board.squares().filter(own).collect()
    } else {
        vec![plan.action.from]
    };
    for &from in &pieces {
        let to = if stays { from } else { plan.action.to };
        let empty: Vec<Square> = empty_squares(scene.picture, &[from, to]).collect();
        // A drop's square, when it is drawn empty, marks the move with what it does.
        let dropped = plan.entered.iter().filter(|sq| empty.contains(sq));
        let markers: Vec<Square> = dropped.chain(&empty).copied().collect();
        for marker in markers {
            let action = Action { from, to, kill: Some(marker), ..plan.action.clone() };
            if take(scene, plan, action, seen) {
                return;
            }
        }
    }
    let Some(target) = plan.represents.filter(|_| stays) else { return };
    let target = square_of(&scene.before, target);
    for from in pieces.into_iter().filter(|&sq| sq != target) {
        let promo = retype(scene, from, plan.arriving.as_deref());
        let keep = [from, target];
        let markers: Vec<Option<Square>> = empty_squares(scene.picture, &keep).map(Some).collect();
        for kill in std::iter::once(None).chain(markers) {
            if take(scene, plan, Action { from, to: target, kill, promo }, seen) {
                return;
            }
        }
    }
}

/// Makes `action` the plan's if its relayed text is new.
fn take(scene: &Scene, plan: &mut Plan, action: Action, seen: &mut HashSet<String>) -> bool {
    let relay = relayed(scene.picture, &action, scene.zero_based);
    if !seen.insert(relay.clone()) {
        return false;
    }
    plan.next = plan.followed.apply(&action, &scene.slots, plan.represents);
    plan.text = action_text(&action, scene.zero_based);
    plan.relay = relay;
    plan.action = action;
    true
}

/// Squares drawn empty, in board order, other than those in `keep`.
fn empty_squares<'a>(
    picture: &'a Picture,
    keep: &'a [Square],
) -> impl Iterator<Item = Square> + 'a {
    picture.board.squares().filter(move |sq| picture.board.at(*sq).is_none() && !keep.contains(sq))
}

fn square_of(board: &Board, index: usize) -> Square {
    board.squares().nth(index).unwrap_or((0, 0))
}

fn distance(a: Square, b: Square) -> u8 {
    a.0.abs_diff(b.0).max(a.1.abs_diff(b.1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::xboard_notation::Translator;
    use sissa_movegen::{Setup, Variant};

    fn game(variant: Variant, fen: &str) -> Game {
        Game::from_fen(variant, fen).expect("valid FEN")
    }

    fn plan_of(game: &Game, picture: &Picture, mv: &str) -> Plan {
        let plans = plans(game, picture);
        plans.into_iter().find(|p| p.mv == mv).expect("a plan for every legal move")
    }

    fn fresh(game: &Game) -> Picture {
        Picture::new(Board::of_game(game))
    }

    #[test]
    fn a_piece_taken_elsewhere_is_the_kill_square() {
        // A white Pushme-Pullyu on e5 next to a black Cannon Pawn on e6 withdraws to e3,
        // taking e6 (XBoard's ranks count from 0: e4e5,e5e2).
        let g = game(Variant::Rococo, "k9/10/10/10/4p5/4U5/10/10/10/K9 w - - 0 1");
        let plan = plan_of(&g, &fresh(&g), "e5e3");
        assert_eq!(plan.text, "e4e5,e5e2");
        assert_eq!(plan.next.board.placement(), "k9/10/10/10/10/10/10/4U5/10/K9");
        // A slide without victims is sent plain.
        assert_eq!(plan_of(&g, &fresh(&g), "e5h5").text, "e4h4");
    }

    #[test]
    fn a_second_victim_goes_with_the_next_move() {
        // The Long Leaper c3 leaps d4 and f6 to g7: XBoard is shown d4 (nearest the start);
        // f6 stays drawn until Black's next move, which removes it with its kill square.
        let mut g = game(Variant::Rococo, "k9/10/10/10/5p4/10/3p6/2L7/10/K9 w - - 0 1");
        let mut picture = fresh(&g);
        let plan = plan_of(&g, &picture, "c3g7");
        assert_eq!(plan.text, "c2d3,d3g6");
        assert_eq!(plan.next.board.placement(), "k9/10/10/6L3/5p4/10/10/10/10/K9");
        picture = plan.next;
        g.play("c3g7").expect("legal");
        // The King steps off the edge ring (moves onto it must capture): a10-b9.
        let reply = plan_of(&g, &picture, "a10b9");
        assert_eq!(reply.text, "a9f5,f5b8");
        assert_eq!(reply.next.board.placement(), "10/1k8/10/6L3/10/10/10/10/10/K9");
    }

    #[test]
    fn mutual_destruction_and_suicide_empty_the_squares() {
        // A white Swapper e4 next to a black Immobilizer e5 (which freezes it... the
        // Swapper is frozen: it may only commit suicide); a free Swapper destroys itself with
        // an adjacent enemy.
        let g = game(Variant::Rococo, "k9/10/10/10/10/4i5/4S5/10/10/K9 w - - 0 1");
        let plan = plan_of(&g, &fresh(&g), "e4e4");
        assert_eq!(plan.text, "e3e3,e3e3");
        assert_eq!(plan.next.board.placement(), "k9/10/10/10/10/4i5/10/10/10/K9");
        let g = game(Variant::Rococo, "k9/10/10/10/10/4u5/4S5/10/10/K9 w - - 0 1");
        let plan = plan_of(&g, &fresh(&g), "e4xe5");
        assert_eq!(plan.text, "e3e3,e3e4");
        assert_eq!(plan.next.board.placement(), "k9/10/10/10/10/10/10/10/10/K9");
    }

    #[test]
    fn a_swap_is_not_drawn_and_each_piece_moves_on_from_the_others_image() {
        // The white Swapper e2 swaps with the black Pushme-Pullyu e7 along the e-file.
        let mut g = game(Variant::Rococo, "k9/10/10/4u5/10/10/10/10/4S5/K9 w - - 0 1");
        let picture = fresh(&g);
        let plan = plan_of(&g, &picture, "e2e7");
        assert_eq!(plan.action.from, plan.action.to, "the Swapper stays in the picture");
        assert_eq!(plan.next.board, picture.board);
        g.play("e2e7").expect("legal");
        // The Pushme-Pullyu, now on e2, moves to h2: XBoard is shown its image leaving e7.
        let reply = plan_of(&g, &plan.next, "e2h2");
        assert_eq!((reply.action.from, reply.action.to), ((4, 6), (7, 1)));
    }

    #[test]
    fn a_move_onto_a_swapped_pieces_image_keeps_that_image() {
        // The white Swapper e2 swaps with its King e1; the King walks on, and the Swapper's
        // image stays on e2 while the Swapper stands on e1. A black Immobilizer sliding
        // onto e2 must not wipe that image out: XBoard is shown it on the nearest free
        // square, and every white piece keeps its image.
        let mut g = game(Variant::Rococo, "k9/4i5/10/10/10/10/10/10/4S5/4K5 w - - 0 1");
        let mut picture = fresh(&g);
        for mv in ["e2e1", "a10b9", "e2f3", "e9e2"] {
            let plan = plan_of(&g, &picture, mv);
            g.play(mv).expect("legal");
            picture = plan.next;
        }
        assert_eq!(picture.board.placement().matches(['S', 'K']).count(), 2);
        assert_eq!(picture.drawn_at(Board::of_game(&g).index((4, 0))), Some((4, 1)));
    }

    #[test]
    fn rolling_kings_drop_out_of_the_picture_at_their_first_step() {
        let g = Game::new(Variant::RollingKings, Setup::default());
        // White's d-pawn steps, the King walks h1-g1: XBoard is shown the pawn, and h1
        // emptied.
        let plan = plan_of(&g, &fresh(&g), "d3d4");
        assert_eq!(plan.text, "d3h1,h1d4");
        assert_eq!(plan.next.board.placement(), "7k/rnbqubnr/pppppppp/8/3P4/PPP1PPPP/RNBQUBNR/8");
    }

    #[test]
    fn a_users_moves_are_read_from_the_pieces_drawn() {
        // UC-40: a pawn promotes into the last piece of its reserve, here the Rook, whatever
        // piece XBoard's promotion dialog offered.
        let g = game(Variant::Uc40, "4k3/P7/8/8/8/8/8/4K3[QR/qr] w - - 0 1 0,0 -");
        let found = user_move(&g, &fresh(&g), "a7a8q").map(|(mv, _)| mv);
        assert_eq!(found.as_deref(), Some("a7a8r"));
        // After a swap each piece is drawn on the other's square: dragging the image drawn
        // on e7 moves the Pushme-Pullyu, which stands on e2.
        let mut g = game(Variant::Rococo, "k9/10/10/4u5/10/10/10/10/4S5/K9 w - - 0 1");
        let picture = plan_of(&g, &fresh(&g), "e2e7").next;
        g.play("e2e7").expect("legal");
        let found = user_move(&g, &picture, "e6h1").map(|(mv, _)| mv);
        assert_eq!(found.as_deref(), Some("e2h2"));
    }

    #[test]
    fn pieces_xboard_does_not_draw_still_move_and_are_told_apart() {
        // XBoard draws only the Kings: every other move is shown as a King staying while
        // an empty square is killed, each with its own square or King.
        let fen = "4k3/pp6/8/8/8/8/PP1Q1R2/RN2K1NB[DZ/dz] w - - 0 1 1,1 -";
        let g = game(Variant::Uc40, fen);
        let picture = Picture::new(Board::from_fen("4k3/8/8/8/8/8/8/4K3", 8, 8));
        let all = plans(&g, &picture);
        assert_eq!(all.len(), g.position().legal_moves().len());
        let relays: HashSet<&str> = all.iter().map(|p| p.relay.as_str()).collect();
        assert_eq!(relays.len(), all.len(), "moves that look alike");
        assert!(all.iter().all(|p| picture.accepts(&p.action, true)));
    }

    /// Plays `plies` moves chosen by a fixed pseudo-random sequence between a sending and a
    /// receiving engine, and checks at every position that XBoard accepts every move's
    /// action, that every relayed text stands for one move only, and that the receiver,
    /// reading what XBoard relays of the sender's text, finds the move played and keeps
    /// the same picture.
    fn check_playout(variant: Variant, seed: u64, plies: usize) {
        let mut g = Game::new(variant, Setup { seed, ..Setup::default() });
        let (mut sender, mut receiver) = (Translator::new(&g), Translator::new(&g));
        let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        for ply in 0..plies {
            if g.outcome().is_some() {
                return;
            }
            let picture = sender.picture().cloned().expect("a picture");
            let all = plans(&g, &picture);
            assert_eq!(all.len(), g.position().legal_moves().len(), "{variant} ply {ply}");
            let white = g.side() == Color::White;
            for plan in &all {
                assert!(picture.accepts(&plan.action, white), "{variant} ply {ply}: {plan:?}");
                let alike = all.iter().filter(|p| p.relay == plan.relay).count();
                assert_eq!(alike, 1, "{variant} ply {ply}: {} twice", plan.relay);
            }
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mv = all[(state >> 33) as usize % all.len()].mv.clone();
            let sent = sender.outgoing(&g, &mv);
            let dims = variant.dims();
            let action = read_action(&sent.text, zero_based_ranks(variant), dims.files, dims.ranks);
            let action = action.expect("XBoard reads what Sissa sends");
            let relay = relayed(&picture, &action, zero_based_ranks(variant));
            let read = receiver.incoming(&g, &relay);
            assert_eq!((read.text.as_str(), read.as_entered), (mv.as_str(), false), "{relay}");
            g.play(&mv).expect("legal");
            sender.played(sent);
            receiver.played(read);
            assert_eq!(sender.picture(), receiver.picture(), "{variant} ply {ply}");
        }
    }

    #[test]
    fn every_move_is_accepted_and_read_back_in_random_games() {
        for seed in 0..6 {
            check_playout(Variant::Rococo, seed, 120);
            check_playout(Variant::RollingKings, seed, 120);
            check_playout(Variant::Uc40, seed, 120);
        }
        // Long UC-40 games, where drops leave more and more pieces undrawn.
        for seed in 6..8 {
            check_playout(Variant::Uc40, seed, 400);
        }
    }
}
