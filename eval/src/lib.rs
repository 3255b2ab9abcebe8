//! Evaluation for Sissa.
