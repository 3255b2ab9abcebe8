//! Loading variants files (`--variants FILE`, UCI `VariantPath`, the XBoard option): the
//! variants a file defines join the built-in ones under their names. Problems in a file are
//! reported one line each; the sections without problems load all the same.

use sissa_movegen::ini;
use std::path::Path;

/// Loads the variants of `path`. `Err` if the file cannot be read; otherwise the report of
/// what loaded and of every section refused, each with its line.
pub fn load(path: &Path) -> Result<ini::LoadReport, String> {
    ini::load_file(path)
}

/// Loads every file of `paths`, writing each problem to stderr; `Err` if a file cannot be read.
pub fn load_all_reporting(paths: &[std::path::PathBuf]) -> Result<(), String> {
    for path in paths {
        let report = load(path)?;
        for error in &report.errors {
            eprintln!("sissa: {}: {error}", path.display());
        }
    }
    Ok(())
}
