//! The evaluation's integration tests, one module a subject, built as one test binary: each
//! test binary costs `cargo test --profile ci` its own link.

mod evaluation;
mod file_variant_params;
mod uc40_terms;
