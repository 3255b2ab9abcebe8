//! The shared capturer: it reads how each piece type of a variant captures (the catalogue's
//! [`Captures`]) and answers, for any variant of the Ultima family, how a piece moves, what a
//! move captures, what a Chameleon may capture and which pieces are frozen. A variant keeps
//! only what is its own (an edge ring, pawns and their promotion, an exchange or a reserve).
//!
//! The types are grouped once per variant into an [`Army`] (a `const` built from the piece
//! list), and the board is read through [`Board`], so that this file knows neither positions
//! nor variants.

use super::cannon_pawn::hop_landings_on;
use super::chameleon::{chameleon_captures, chameleon_moves, Mimicry};
use super::coordinator::coordinated;
use super::custodian::pinched;
use super::immobilizer::frozen;
use super::line::{line_captures, line_targets, LinePrey};
use super::paovao::{hop_landings, paovao_moves};
use super::swapper::{creates_ban, swapper_moves, SwapRole};
use super::Scene;
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind, MoveSink};
use crate::piece::{Kind, Piece, MAX_KINDS};
use crate::pieces::{Captures, Mover, PieceKind, Role};
use crate::shape::Shape;
use crate::tables::Tables;

/// What the capturer reads of a position.
pub trait Board<S: Shape> {
    fn occupied(&self) -> S::B;
    fn color(&self, c: Color) -> S::B;
    fn pieces(&self, k: Kind, c: Color) -> S::B;
    fn kind_at(&self, sq: Square) -> Option<Kind>;
    fn piece_at(&self, sq: Square) -> Option<Piece>;
    fn king_square(&self, c: Color) -> Option<Square>;
    /// How pieces of type `k` move, compiled for the board.
    fn mover(&self, k: Kind) -> &Mover<S>;
    /// The squares a pawn of colour `c` on `sq` captures on.
    fn pawn_attacks(&self, c: Color, sq: Square) -> S::B;
}

/// A set of piece types (indices into a variant's piece list).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindSet(u64);

impl KindSet {
    pub const EMPTY: KindSet = KindSet(0);

    #[inline(always)]
    pub const fn has(self, k: Kind) -> bool {
        self.0 >> k & 1 == 1
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The types of `pieces` whose captures include any way of `ways`.
    const fn capturing(pieces: &[(&str, PieceKind)], ways: Captures) -> KindSet {
        let mut set = 0u64;
        let mut i = 0;
        while i < pieces.len() {
            let kind = &pieces[i].1;
            if !matches!(kind.role, Role::Pawn) && kind.captures.any_of(ways) {
                set |= 1 << i;
            }
            i += 1;
        }
        KindSet(set)
    }

    /// The pawns of `pieces`.
    const fn pawns(pieces: &[(&str, PieceKind)]) -> KindSet {
        let mut set = 0u64;
        let mut i = 0;
        while i < pieces.len() {
            if matches!(pieces[i].1.role, Role::Pawn) {
                set |= 1 << i;
            }
            i += 1;
        }
        KindSet(set)
    }

    /// The pieces of colour `c` whose types are in this set.
    #[inline(always)]
    pub fn on<S: Shape>(self, board: &impl Board<S>, c: Color) -> S::B {
        let mut out = S::B::EMPTY;
        let mut bits = self.0;
        while bits != 0 {
            out |= board.pieces(bits.trailing_zeros() as Kind, c);
            bits &= bits - 1;
        }
        out
    }
}

/// How the generator moves a piece type, as its captures decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Moves and captures by its parts, landing on the victim (the King, ordinary pieces).
    Landing,
    /// The orthodox pawn, moved by its variant's pawn rules.
    Pawn,
    /// Steps, and hops over adjacent mounts (Cannon Pawns, moved all at once by the variant,
    /// which knows their promotion).
    MountHop,
    /// Moves as a queen, hops one screen onto an enemy (PaoVao).
    ScreenHop,
    /// Queen-line movements that capture by approach, withdrawal or overtaking.
    Line,
    /// Swaps, mutual destruction and queen slides (Swapper).
    Swapper,
    /// Mimicry (Chameleon).
    Chameleon,
    /// Moves by its parts to empty squares; captures, if at all, at its destination
    /// (custodian, coordination) or never (freezing).
    Quiet,
}

impl Method {
    const fn of(kind: &PieceKind) -> Method {
        let c = kind.captures;
        if matches!(kind.role, Role::Pawn) {
            Method::Pawn
        } else if c.has(Captures::MIMICRY) {
            Method::Chameleon
        } else if c.has(Captures::SWAPPING) {
            Method::Swapper
        } else if c.has(Captures::MOUNT_HOP) {
            Method::MountHop
        } else if c.has(Captures::SCREEN_HOP) {
            Method::ScreenHop
        } else if c.any_of(Captures::LINE) {
            Method::Line
        } else if c.has(Captures::LANDING) {
            Method::Landing
        } else {
            Method::Quiet
        }
    }
}

/// A variant's piece types grouped by how they capture.
#[derive(Clone, Copy, Debug)]
pub struct Army {
    methods: [Method; MAX_KINDS],
    /// Types that capture by landing with their parts (pawns apart).
    pub landing: KindSet,
    pub pawns: KindSet,
    pub approach: KindSet,
    pub withdrawal: KindSet,
    pub overtaking: KindSet,
    pub swapping: KindSet,
    pub freezing: KindSet,
    pub mimicry: KindSet,
    pub mount_hop: KindSet,
    pub screen_hop: KindSet,
    pub custodian: KindSet,
    pub coordination: KindSet,
}

impl Army {
    /// The army of a variant's piece list (the index in the list is the type).
    pub const fn of(pieces: &[(&str, PieceKind)]) -> Army {
        let mut methods = [Method::Quiet; MAX_KINDS];
        let mut i = 0;
        while i < pieces.len() {
            methods[i] = Method::of(&pieces[i].1);
            i += 1;
        }
        Army {
            methods,
            landing: KindSet::capturing(pieces, Captures::LANDING),
            pawns: KindSet::pawns(pieces),
            approach: KindSet::capturing(pieces, Captures::APPROACH),
            withdrawal: KindSet::capturing(pieces, Captures::WITHDRAWAL),
            overtaking: KindSet::capturing(pieces, Captures::OVERTAKING),
            swapping: KindSet::capturing(pieces, Captures::SWAPPING),
            freezing: KindSet::capturing(pieces, Captures::FREEZING),
            mimicry: KindSet::capturing(pieces, Captures::MIMICRY),
            mount_hop: KindSet::capturing(pieces, Captures::MOUNT_HOP),
            screen_hop: KindSet::capturing(pieces, Captures::SCREEN_HOP),
            custodian: KindSet::capturing(pieces, Captures::CUSTODIAN),
            coordination: KindSet::capturing(pieces, Captures::COORDINATION),
        }
    }

    /// How the generator moves pieces of type `k`.
    #[inline(always)]
    pub fn method(&self, k: Kind) -> Method {
        self.methods[k as usize]
    }

    /// The frozen pieces of colour `c`: next to an enemy freezer, and its own freezers next
    /// to an enemy Chameleon.
    #[inline(always)]
    pub fn frozen<S: Shape>(&self, t: &Tables<S>, board: &impl Board<S>, c: Color) -> S::B {
        let them = c.flip();
        frozen(
            t,
            board.color(c),
            self.freezing.on(board, c),
            self.freezing.on(board, them),
            self.mimicry.on(board, them),
        )
    }

    /// The line prey of a piece of type `k` of the side `them` is the enemy of.
    #[inline(always)]
    fn line_prey<B: Bitboard>(&self, k: Kind, enemy: B) -> LinePrey<B> {
        let pick = |set: KindSet| if set.has(k) { enemy } else { B::EMPTY };
        LinePrey {
            overtake: pick(self.overtaking),
            withdraw: pick(self.withdrawal),
            approach: pick(self.approach),
        }
    }

    /// Generates the moves of the unfrozen piece of type `k` on `sq` (of the side whose
    /// pieces are `scene.own`), except pawns and mount hoppers, which their variant moves
    /// all at once. `banned` is the square it may not swap with; `ep` the en passant square.
    /// Always inlined, so that a variant naming the type by a constant (Rococo) dispatches
    /// at compile time.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn piece_moves<S: Shape, K: MoveSink<S::B>>(
        &self,
        scene: &Scene<S>,
        board: &impl Board<S>,
        us: Color,
        sq: Square,
        k: Kind,
        banned: S::B,
        ep: Option<Square>,
        sink: &mut K,
    ) {
        let t = scene.t;
        match self.method(k) {
            Method::Landing => {
                let reach = board.mover(k).attacks(t, sq, scene.occ);
                sink.push_targets(sq, reach & (scene.enemy | (!scene.occ & scene.free)));
            }
            Method::Line => {
                sink.push_targets(sq, line_targets(scene, sq, &self.line_prey(k, scene.enemy)))
            }
            Method::Quiet => {
                let reach = board.mover(k).attacks(t, sq, scene.occ);
                sink.push_targets(sq, reach & !scene.occ & scene.free);
            }
            Method::ScreenHop => paovao_moves(scene, sq, sink),
            Method::Swapper => swapper_moves(scene, sq, banned, sink),
            Method::Chameleon => {
                let mimic = self.mimicry(t, board, sq, us, ep, scene.enemy);
                chameleon_moves(scene, sq, &mimic, banned, sink);
            }
            Method::Pawn | Method::MountHop => {}
        }
    }

    /// What a Chameleon of colour `us` on `from` may capture: each enemy piece as it captures.
    /// Its landing prey is looked for only among `landing_interest` (the destination, when
    /// one move is asked about; every enemy piece, for generation). `ep` is the en passant
    /// square, if the variant has one. Always inlined, so that a variant's constant army
    /// leaves only the mechanisms it has.
    #[inline(always)]
    pub fn mimicry<S: Shape>(
        &self,
        t: &Tables<S>,
        board: &impl Board<S>,
        from: Square,
        us: Color,
        ep: Option<Square>,
        landing_interest: S::B,
    ) -> Mimicry<S::B> {
        let them = us.flip();
        let occ = board.occupied();
        // Pawns by their diagonal step forward in the Chameleon's own direction.
        let enemy_pawns = self.pawns.on(board, them);
        let pawn_step = if enemy_pawns.any() { board.pawn_attacks(us, from) } else { S::B::EMPTY };
        let mut landing = pawn_step & enemy_pawns & landing_interest;
        let mut straight = landing;
        // The King and the ordinary pieces by their own moves.
        for victim in (self.landing.on(board, them) & landing_interest).squares() {
            let Some(kind) = board.kind_at(victim) else { continue };
            let mover = board.mover(kind);
            // A pure leaper (the King, most often) is answered by its leap table alone.
            let rides = mover.orthogonal || mover.diagonal || mover.nightrider;
            let leaps_there = mover.leaps[from as usize].has(victim);
            let reached = if rides || mover.bent.is_some() {
                leaps_there || mover.attacks_square(t, from, victim, occ)
            } else {
                leaps_there
            };
            if reached {
                landing |= S::B::from_square(victim);
                if mover.attacks_square_straight(t, from, victim, occ) {
                    straight |= S::B::from_square(victim);
                }
            }
        }
        // Hoppers by their hop, along a queen line either way.
        let screen_hoppers = self.screen_hop.on(board, them) & landing_interest;
        let mount_hoppers = self.mount_hop.on(board, them) & landing_interest;
        let hops = if screen_hoppers.any() {
            hop_landings(t, from, occ) & screen_hoppers
        } else {
            S::B::EMPTY
        } | hop_landings_on(t, from, occ, mount_hoppers);
        landing |= hops;
        straight |= hops;
        let en_passant = ep.filter(|&e| pawn_step.has(e)).and_then(|e| {
            let victim = en_passant_victim(t, from, e);
            (victim & enemy_pawns).any().then(|| (e, victim.lowest()))
        });
        let coordinate = self.coordination.on(board, them);
        Mimicry {
            line: LinePrey {
                overtake: self.overtaking.on(board, them),
                withdraw: self.withdrawal.on(board, them),
                approach: self.approach.on(board, them),
            },
            swap: self.swapping.on(board, them),
            landing,
            straight,
            en_passant,
            pinch: self.custodian.on(board, them),
            partners: board.color(us) & !S::B::from_square(from),
            coordinate,
            king: if coordinate.any() { board.king_square(us) } else { None },
        }
    }

    /// How the moves of the piece on `from` capture; `ep` is the en passant square. A
    /// Chameleon's landing prey is worked out only among `landing_interest`.
    #[inline(always)]
    pub fn capturer<S: Shape>(
        &self,
        t: &Tables<S>,
        board: &impl Board<S>,
        from: Square,
        ep: Option<Square>,
        landing_interest: S::B,
    ) -> Capturer<S::B> {
        let Some(mover) = board.piece_at(from) else { return Capturer::Landing };
        let us = mover.color();
        let k = mover.kind();
        let enemy = board.color(us.flip());
        match self.method(k) {
            Method::Line => Capturer::Line(self.line_prey(k, enemy)),
            Method::Chameleon => {
                Capturer::Chameleon(self.mimicry(t, board, from, us, ep, landing_interest))
            }
            Method::Quiet if self.custodian.has(k) => Capturer::Custodian {
                prey: enemy,
                partners: board.color(us) & !S::B::from_square(from),
            },
            Method::Quiet if self.coordination.has(k) => {
                Capturer::Coordinator { prey: enemy, king: board.king_square(us) }
            }
            _ => Capturer::Landing,
        }
    }

    /// The enemy pieces `mv` removes from the board (for mutual destruction, the destroyed
    /// enemy); `ep` is the en passant square of the position the move is made in.
    #[inline(always)]
    pub fn captured_by<S: Shape>(
        &self,
        t: &Tables<S>,
        board: &impl Board<S>,
        ep: Option<Square>,
        mv: Move,
    ) -> S::B {
        let Some(mover) = board.piece_at(mv.from()) else { return S::B::EMPTY };
        let enemy = board.color(mover.color().flip());
        let capturer = self.capturer(t, board, mv.from(), ep, S::B::from_square(mv.to()));
        capturer.captured(t, mv, board.occupied(), enemy)
    }

    /// What a piece of type `k` is to the swap-back ban.
    #[inline(always)]
    pub fn swap_role(&self, k: Kind) -> SwapRole {
        if self.swapping.has(k) {
            SwapRole::Swapper
        } else if self.mimicry.has(k) {
            SwapRole::Chameleon
        } else {
            SwapRole::Other
        }
    }

    /// Does a swap between these two pieces forbid the pair to swap back on the next ply?
    #[inline]
    pub fn bans_swap_back(&self, mover: Piece, partner: Piece) -> bool {
        let opposing = mover.color() != partner.color();
        creates_ban(self.swap_role(mover.kind()), self.swap_role(partner.kind()), opposing)
    }
}

/// How the moves of one piece capture.
#[derive(Clone, Copy, Debug)]
pub enum Capturer<B> {
    /// By landing on the victim (the King, pawns, hoppers, the ordinary pieces; the
    /// Swapper's and Immobilizer's slides, which never land on a piece).
    Landing,
    /// By a queen-line movement, taking its line prey.
    Line(LinePrey<B>),
    /// By mimicry.
    Chameleon(Mimicry<B>),
    /// By custodianship at its destination, against `partners`.
    Custodian { prey: B, partners: B },
    /// By coordination with its King.
    Coordinator { prey: B, king: Option<Square> },
}

impl<B: Bitboard> Capturer<B> {
    /// The enemy pieces the generated move `mv` of this piece removes (for mutual
    /// destruction, the destroyed piece), with `occ` and `enemy` the board before it.
    #[inline(always)]
    pub fn captured<S: Shape<B = B>>(&self, t: &Tables<S>, mv: Move, occ: B, enemy: B) -> B {
        let (from, to) = (mv.from(), mv.to());
        let to_bit = B::from_square(to);
        match (mv.kind(), self) {
            (MoveKind::Suicide | MoveKind::DoubleStep | MoveKind::Castle, _) => B::EMPTY,
            (MoveKind::EnPassant, _) => en_passant_victim(t, from, to) & enemy,
            (MoveKind::MutualDestruction, _) => to_bit & enemy,
            (_, Capturer::Chameleon(mimic)) => {
                chameleon_captures(t, from, to, mv.kind(), occ, mimic)
            }
            (MoveKind::Swap, _) => B::EMPTY,
            (_, Capturer::Line(prey)) => line_captures(t, from, to, occ, prey),
            (_, Capturer::Custodian { prey, partners }) => pinched(t, to, *prey, *partners),
            (_, Capturer::Coordinator { prey, king }) => coordinated(t, to, *king, *prey),
            (_, Capturer::Landing) => to_bit & enemy,
        }
    }

    /// Enemy pieces the moves of this piece from `from` may capture other than on their
    /// destination (approach, withdrawal, overtaking, en passant, custodian and coordination
    /// victims), as a set that holds them all.
    #[inline]
    pub fn side_victims<S: Shape<B = B>>(&self, t: &Tables<S>, from: Square) -> B {
        match self {
            Capturer::Landing => B::EMPTY,
            Capturer::Line(prey) => prey.side_victims(t, from),
            Capturer::Chameleon(mimic) => mimic.side_victims(t, from),
            Capturer::Custodian { prey, .. } | Capturer::Coordinator { prey, .. } => *prey,
        }
    }
}

/// The pawn an en passant capture from `from` to `to` takes: beside the start, on the file of
/// the destination.
#[inline(always)]
pub fn en_passant_victim<S: Shape>(t: &Tables<S>, from: Square, to: Square) -> S::B {
    let files = t.dims.files as i32;
    let sq = t.dims.rank(from) * files + t.dims.file(to);
    S::B::from_square(sq as Square)
}
