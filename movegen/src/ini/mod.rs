//! Variants read from a file in Fairy-Stockfish's variants.ini format.
//!
//! The layers, bottom up: [`syntax`] (sections and `key = value` lines), [`values`] (the
//! value types), [`betza`] (piece moves in Betza's notation), [`definition`] (inheritance
//! and every supported key read into a [`Definition`]), [`drops`] (drops and hands), [`pieces`] and [`mover`] (a piece as
//! shared parts and in the general compiled form), [`generate`] (the general legal
//! generator) and [`rules`] (the `Rules` type per board shape and the registry of loaded
//! variants). docs/variants.md has the table of supported keys.

pub mod betza;
pub mod definition;
pub mod drops;
pub mod extensions;
pub mod generate;
pub mod mover;
pub mod pieces;
pub mod rules;
pub mod syntax;
pub mod values;

pub use definition::{parse, Definition, SectionError};
pub use rules::{choose, drops_after_moves, loaded_names, xbetza_pieces, FileRules, FileShapeId};

/// What loading a file gave: the variants loaded, and every problem, one line each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadReport {
    pub loaded: Vec<String>,
    pub errors: Vec<String>,
}

/// Reads a variants file's text and loads every section that Sissa can play.
pub fn load_text(text: &str) -> LoadReport {
    let (definitions, errors) = parse(text);
    let mut report =
        LoadReport { loaded: Vec::new(), errors: errors.iter().map(|e| e.to_string()).collect() };
    for definition in definitions {
        let name = definition.name.clone();
        match rules::load_definition(definition) {
            Ok(name) => report.loaded.push(name),
            Err(e) => report.errors.push(format!("[{name}] {e}")),
        }
    }
    report
}

/// Reads and loads a variants file.
pub fn load_file(path: &std::path::Path) -> Result<LoadReport, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(load_text(&text))
}
