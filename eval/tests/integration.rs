//! The evaluation's integration tests, one module a subject, built as one test binary: each
//! test binary is linked as a whole program under `cargo test --profile ci`.

mod evaluation;
mod file_variant_params;
mod uc40_terms;
