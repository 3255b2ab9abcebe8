//! With `autotests = false` Cargo builds only the test targets it is told of, so a test file
//! nobody declares would silently never run. Every `.rs` file directly in a crate's `tests/`
//! must be a module of that crate's `tests/integration.rs` or a `[[test]]` of its Cargo.toml.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// The names declared by `mod <name>;` lines of a crate root.
fn modules(root: &Path) -> BTreeSet<String> {
    let text = fs::read_to_string(root).unwrap_or_else(|e| panic!("{}: {e}", root.display()));
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

/// The file stems of the `path = "tests/<stem>.rs"` lines of a Cargo.toml.
fn declared_tests(manifest: &Path) -> BTreeSet<String> {
    let text =
        fs::read_to_string(manifest).unwrap_or_else(|e| panic!("{}: {e}", manifest.display()));
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("path = \"tests/")?.strip_suffix(".rs\""))
        .map(str::to_string)
        .collect()
}

fn uncovered(crate_dir: &Path) -> Vec<String> {
    let tests = crate_dir.join("tests");
    let covered: BTreeSet<String> = modules(&tests.join("integration.rs"))
        .union(&declared_tests(&crate_dir.join("Cargo.toml")))
        .cloned()
        .collect();
    let mut missing = Vec::new();
    for entry in
        fs::read_dir(&tests).unwrap_or_else(|e| panic!("{}: {e}", tests.display())).flatten()
    {
        let path = entry.path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { continue };
        let is_rust = path.extension().is_some_and(|e| e == "rs");
        if is_rust && stem != "integration" && !covered.contains(stem) {
            missing.push(path.display().to_string());
        }
    }
    missing
}

#[test]
fn every_test_file_is_built() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for crate_dir in [root.to_path_buf(), root.join("eval"), root.join("movegen")] {
        let missing = uncovered(&crate_dir);
        assert!(missing.is_empty(), "test files no target builds: {missing:?}");
    }
}
