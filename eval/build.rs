//! Compiles the parameter files `params/<variant>.txt` into constants: `params.rs` in the
//! build directory holds `pub const <VARIANT>: &[(&str, &[i32])]`, one line a parameter, so
//! the evaluator reads its weights without parsing anything at run time.

#[path = "src/params/file.rs"]
#[allow(dead_code)] // the build only reads files; the writer is the tuner's
mod file;

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new("params");
    println!("cargo:rerun-if-changed=params");
    let mut names: Vec<_> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.filter_map(|e| e.ok()).map(|e| e.path()).collect(),
        Err(e) => panic!("cannot read eval/params: {e}"),
    };
    names.sort();
    let mut out = String::new();
    for path in names.iter().filter(|p| p.extension().is_some_and(|x| x == "txt")) {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let lines = file::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let _ = writeln!(out, "pub const {}: &[(&str, &[i32])] = &[", stem.to_uppercase());
        for line in &lines {
            let _ = writeln!(out, "    ({:?}, &{:?}),", line.name, line.values);
        }
        out.push_str("];\n");
    }
    let target = Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("params.rs");
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}
