//! Sissa's extensions of the variants.ini format, one mechanism a file: docs/variants.md,
//! section "Sissa's extensions".

pub mod bent;
pub mod kingline;
