//! Sissa's extensions of the variants.ini format, one mechanism a file (docs/variants.md,
//! section "Sissa's extensions"): [`bent`] (bent and circular riders, atoms in braces),
//! [`kingline`] (Kings that step by themselves along a line), [`captures`] (the keys that give
//! pieces the Ultima family's ways of capturing, the edge ring, capture of the King and
//! promotion limits, read into a definition), [`edge_ring`] (the squares a move may enter
//! without capturing) and [`family`] (such a variant played by the family's shared capturer
//! and generator).

pub mod bent;
pub mod captures;
pub mod edge_ring;
pub mod family;
pub mod kingline;

use super::definition::Definition;

/// Does the definition use any of Sissa's extensions (so that Fairy-Stockfish cannot play
/// it)? The reserve keys are read with the drop keys (`drops::keys`, `drops::reserve`).
pub fn uses_extensions(definition: &Definition) -> bool {
    definition.king_line.is_some()
        || definition.capture_rules.is_some()
        || definition.pieces.iter().any(|p| p.betza.contains('{'))
        || definition.drops.as_ref().is_some_and(|d| d.reserve != Default::default())
}
