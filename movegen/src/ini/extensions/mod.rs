//! Sissa's extensions to the variants.ini format, each mechanism in a file of its own:
//! [`captures`] (the keys that give pieces the Ultima family's ways of capturing, the edge
//! ring, capture of the King and promotion limits, read into a definition), [`edge_ring`]
//! (the squares a move may enter without capturing) and [`family`] (such a variant played
//! by the family's shared capturer and generator). docs/variants.md, "Sissa's extensions".

pub mod captures;
pub mod edge_ring;
pub mod family;
