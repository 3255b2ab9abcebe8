//! The move generator's integration tests, one module a subject, built as one test binary: each
//! test binary is linked as a whole program under `cargo test --profile ci`.

mod properties;
mod seahorses;
