//! Sissa's extensions of the variants.ini format, one mechanism a file: docs/variants.md,
//! section "Sissa's extensions".

pub mod bent;
pub mod kingline;

use super::definition::Definition;

/// Does the definition use any of Sissa's extensions (so that Fairy-Stockfish cannot play
/// it)?
pub fn uses_extensions(definition: &Definition) -> bool {
    definition.king_line.is_some() || definition.pieces.iter().any(|p| p.betza.contains('{'))
}
