//! Named piece kinds. Each variant picks from these and gives them letters.

use super::{Bent, Captures, Lines, Part, PieceKind, Role};

const WAZIR: Part = Part::Leap(1, 0);
const FERZ: Part = Part::Leap(1, 1);
const KNIGHT_LEAP: Part = Part::Leap(1, 2);
const ROOK_SLIDE: Part = Part::Slide(Lines::Orthogonal);
const BISHOP_SLIDE: Part = Part::Slide(Lines::Diagonal);

pub const KING: PieceKind = PieceKind {
    name: "King",
    role: Role::King,
    parts: &[WAZIR, FERZ],
    captures: Captures::LANDING,
};
pub const QUEEN: PieceKind = PieceKind {
    name: "Queen",
    role: Role::Plain,
    parts: &[ROOK_SLIDE, BISHOP_SLIDE],
    captures: Captures::LANDING,
};
pub const ROOK: PieceKind = PieceKind {
    name: "Rook",
    role: Role::Plain,
    parts: &[ROOK_SLIDE],
    captures: Captures::LANDING,
};
pub const BISHOP: PieceKind = PieceKind {
    name: "Bishop",
    role: Role::Plain,
    parts: &[BISHOP_SLIDE],
    captures: Captures::LANDING,
};
pub const KNIGHT: PieceKind = PieceKind {
    name: "Knight",
    role: Role::Plain,
    parts: &[KNIGHT_LEAP],
    captures: Captures::LANDING,
};
/// The orthodox pawn; its moves are the pawn rules of the variant, not parts.
pub const PAWN: PieceKind =
    PieceKind { name: "Pawn", role: Role::Pawn, parts: &[], captures: Captures::LANDING };

/// Rook or knight (Betza RN).
pub const CHANCELLOR: PieceKind = PieceKind {
    name: "Chancellor",
    role: Role::Plain,
    parts: &[ROOK_SLIDE, KNIGHT_LEAP],
    captures: Captures::LANDING,
};
/// Bishop or knight (Betza BN).
pub const ARCHBISHOP: PieceKind = PieceKind {
    name: "Archbishop",
    role: Role::Plain,
    parts: &[BISHOP_SLIDE, KNIGHT_LEAP],
    captures: Captures::LANDING,
};
/// Bishop or nightrider (Betza BNN).
pub const UNICORN: PieceKind = PieceKind {
    name: "Unicorn",
    role: Role::Plain,
    parts: &[BISHOP_SLIDE, Part::Nightride],
    captures: Captures::LANDING,
};
/// Half-Duck (Betza HFD): one diagonal step, or a leap of exactly two or three squares along
/// a rank or file.
pub const LION: PieceKind = PieceKind {
    name: "Lion",
    role: Role::Plain,
    parts: &[FERZ, Part::Leap(2, 0), Part::Leap(3, 0)],
    captures: Captures::LANDING,
};
/// Bishop or one orthogonal step (Betza BW).
pub const DRAGON_HORSE: PieceKind = PieceKind {
    name: "Dragon Horse",
    role: Role::Plain,
    parts: &[BISHOP_SLIDE, WAZIR],
    captures: Captures::LANDING,
};

// The Ultima family (Rococo, UC-40, Ultima). Each moves to empty squares as its parts say and
// captures by the mechanisms its `captures` name (`pieces::ultima`), not by landing.
const QUEEN_SLIDES: &[Part] = &[ROOK_SLIDE, BISHOP_SLIDE];

/// A queen mover that captures in the ways `captures` says.
const fn queen_mover(name: &'static str, captures: Captures) -> PieceKind {
    PieceKind { name, role: Role::Plain, parts: QUEEN_SLIDES, captures }
}

/// Captures by approach and by withdrawal, both in one move if both apply.
pub const PUSHME_PULLYU: PieceKind =
    queen_mover("Pushme-Pullyu", Captures::APPROACH.with(Captures::WITHDRAWAL));
/// Captures by overtaking: jumps enemy pieces along its line.
pub const LONG_LEAPER: PieceKind = queen_mover("Long Leaper", Captures::OVERTAKING);
/// Never captures; freezes the enemy pieces next to it.
pub const IMMOBILIZER: PieceKind = queen_mover("Immobilizer", Captures::FREEZING);
/// Swaps with the first piece along a queen line, or destroys itself with an adjacent enemy.
pub const SWAPPER: PieceKind = queen_mover("Swapper", Captures::SWAPPING);
/// Captures each enemy piece the way that piece captures.
pub const CHAMELEON: PieceKind = queen_mover("Chameleon", Captures::MIMICRY);
/// Steps in any direction, or hops over an adjacent piece to the square beyond it.
pub const CANNON_PAWN: PieceKind = PieceKind {
    name: "Cannon Pawn",
    role: Role::Plain,
    parts: &[WAZIR, FERZ],
    captures: Captures::MOUNT_HOP,
};
/// Ultima's Pincer Pawn: slides as a rook, captures by custodianship.
pub const PINCER_PAWN: PieceKind = PieceKind {
    name: "Pincer Pawn",
    role: Role::Plain,
    parts: &[ROOK_SLIDE],
    captures: Captures::CUSTODIAN,
};
/// Ultima's Coordinator: captures on the squares where its lines cross its King's.
pub const COORDINATOR: PieceKind = queen_mover("Coordinator", Captures::COORDINATION);
/// Rolling Kings' Mock King: a king step, not royal. Its other move, the slide along the
/// King-line, is that variant's geometry and is generated there.
pub const MOCK_KING: PieceKind = PieceKind {
    name: "Mock King",
    role: Role::Special,
    parts: &[WAZIR, FERZ],
    captures: Captures::LANDING,
};
/// n squares along a rank or file then n along a diagonal, or the reverse (RULES.md
/// section 3).
pub const SISSA: PieceKind = PieceKind {
    name: "Sissa",
    role: Role::Plain,
    parts: &[Part::Bent(Bent::Sissa)],
    captures: Captures::LANDING,
};

// ----- the UC-40 army (RULES.md section 6); several are known under other names too -----

const CAMEL_LEAP: Part = Part::Leap(1, 3);
const ZEBRA_LEAP: Part = Part::Leap(2, 3);
const DABBABA: Part = Part::Leap(2, 0);
const ALFIL: Part = Part::Leap(2, 2);
const THREE_LEAP: Part = Part::Leap(3, 0);

const fn plain(name: &'static str, parts: &'static [Part]) -> PieceKind {
    PieceKind { name, role: Role::Plain, parts, captures: Captures::LANDING }
}

pub const AMAZON: PieceKind = plain("Amazon", &[ROOK_SLIDE, BISHOP_SLIDE, KNIGHT_LEAP]);
pub const CAMEL_QUEEN: PieceKind = plain("Camel/Queen", &[ROOK_SLIDE, BISHOP_SLIDE, CAMEL_LEAP]);
pub const ROSE: PieceKind = plain("Rose", &[Part::Bent(Bent::Rose)]);
pub const DANCING_HORSE: PieceKind =
    plain("Dancing Horse", &[KNIGHT_LEAP, Part::Bent(Bent::DancingHorseDouble)]);
/// Rook or spotted gryphon (the "chainsaw" Dragon).
pub const DRAGON: PieceKind =
    plain("Dragon", &[ROOK_SLIDE, FERZ, Part::Bent(Bent::SpottedGryphon)]);
pub const ARCHBISHOPRIDER: PieceKind = plain("Archbishoprider", &[BISHOP_SLIDE, Part::Nightride]);
pub const NIGHTRIDER: PieceKind = plain("Nightrider", &[Part::Nightride]);
pub const GRYPHON: PieceKind = plain("Gryphon", &[FERZ, Part::Bent(Bent::Gryphon)]);
pub const AANCA: PieceKind = plain("Aanca", &[WAZIR, Part::Bent(Bent::Aanca)]);
/// Rook plus one diagonal step (dragon king).
pub const DRAGON_KING: PieceKind = plain("Dragon King", &[ROOK_SLIDE, FERZ]);
pub const BUFFALO: PieceKind = plain("Buffalo", &[KNIGHT_LEAP, CAMEL_LEAP, ZEBRA_LEAP]);
pub const GNU: PieceKind = plain("Gnu", &[KNIGHT_LEAP, CAMEL_LEAP]);
pub const ELEPHANT_SIEGE: PieceKind = plain("Elephant/Siege Engine", &[WAZIR, THREE_LEAP, ALFIL]);
pub const SIEGE_ENGINE: PieceKind = plain("Siege Engine", &[WAZIR, THREE_LEAP]);
pub const KNIGHT_DABBABA: PieceKind = plain("ND", &[KNIGHT_LEAP, DABBABA]);
pub const KNIGHT_ALFIL: PieceKind = plain("NE", &[KNIGHT_LEAP, ALFIL]);
pub const KNIGHT_GUARD: PieceKind = plain("NG", &[KNIGHT_LEAP, WAZIR, FERZ]);
pub const KNIGHT_WAZIR: PieceKind = plain("NW", &[KNIGHT_LEAP, WAZIR]);
pub const KNIGHT_FERZ: PieceKind = plain("NF", &[KNIGHT_LEAP, FERZ]);
pub const WOODY_ROOK: PieceKind = plain("Woody Rook", &[WAZIR, DABBABA]);
pub const WARMACHINE_FERZ: PieceKind = plain("Warmachine/Ferz", &[FERZ, DABBABA]);
pub const WAFFLE: PieceKind = plain("Waffle", &[WAZIR, ALFIL]);
pub const ELEPHANT_FERZ: PieceKind = plain("Elephant/Ferz", &[FERZ, ALFIL]);
pub const FAD: PieceKind = plain("Fad", &[FERZ, ALFIL, DABBABA]);
pub const HARVESTMAN: PieceKind = plain("Harvestman", &[WAZIR, Part::Bent(Bent::Harvestman)]);
/// Queen mover; captures by hopping exactly one piece along a queen line onto the first
/// piece beyond it (`ultima::paovao`).
pub const PAOVAO: PieceKind = queen_mover("PaoVao", Captures::SCREEN_HOP);
/// Queen mover; captures by approach (`ultima::approach`).
pub const ADVANCER: PieceKind = queen_mover("Advancer", Captures::APPROACH);
/// Queen mover; captures by withdrawal (`ultima::withdrawal`).
pub const WITHDRAWER: PieceKind = queen_mover("Withdrawer", Captures::WITHDRAWAL);
