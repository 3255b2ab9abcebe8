//! Move generation for Sissa.
