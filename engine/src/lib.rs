//! The Sissa engine.
