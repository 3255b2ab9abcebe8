//! The move generator's integration tests, one module a subject, built as one test binary: each
//! test binary is linked with fat LTO under `cargo test --release`.

mod properties;
mod seahorses;
