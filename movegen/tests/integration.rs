//! The move generator's integration tests, one module a subject, built as one test binary: each
//! test binary costs `cargo test --profile ci` its own link.

mod properties;
mod seahorses;
