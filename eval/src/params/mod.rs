//! The evaluation's parameters: every weight it uses, one named line each, read from the
//! variant's parameter file (`eval/params/<variant>.txt`, compiled in by the build script) or
//! from a file written by the tuner.
//!
//! A variant's [`layout`] says which lines its file holds, in which order and with how many
//! numbers; [`Params`] is a file checked against it. The evaluator reads its tables from a
//! `Params` once when it is built, so the search never looks at names.

pub mod derived;
pub mod file;
pub mod layout;

use crate::phased::{ph, Phased};
pub use file::Line;
pub use layout::{Arity, Spec};
use std::collections::HashMap;

/// The index of a parameter line in its variant's layout: what a feature refers to.
pub type Entry = u32;

/// A variant's parameters, in layout order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    lines: Vec<Line>,
    index: HashMap<String, Entry>,
}

impl Params {
    /// Checks `lines` against the layout `specs`: the same names in the same order, each
    /// with its number of values. The error names the first line that differs.
    pub fn new(specs: &[Spec], lines: Vec<Line>) -> Result<Params, String> {
        for (i, spec) in specs.iter().enumerate() {
            let Some(line) = lines.get(i) else {
                return Err(format!("parameter {} ({}) is missing", i + 1, spec.name));
            };
            if line.name != spec.name {
                return Err(format!(
                    "parameter {} is {:?}, expected {:?}",
                    i + 1,
                    line.name,
                    spec.name
                ));
            }
            if line.values.len() != spec.arity.values() {
                return Err(format!(
                    "{} needs {} value(s), has {}",
                    spec.name,
                    spec.arity.values(),
                    line.values.len()
                ));
            }
        }
        if lines.len() > specs.len() {
            return Err(format!(
                "unexpected parameter {:?} after the last one",
                lines[specs.len()].name
            ));
        }
        let index = lines.iter().enumerate().map(|(i, l)| (l.name.clone(), i as Entry)).collect();
        Ok(Params { lines, index })
    }

    /// Parameters from compiled-in `(name, values)` pairs.
    pub fn from_table(specs: &[Spec], table: &[(&str, &[i32])]) -> Result<Params, String> {
        let lines = table
            .iter()
            .map(|&(name, values)| Line { name: name.to_string(), values: values.to_vec() });
        Params::new(specs, lines.collect())
    }

    /// Parameters from the text of a parameter file.
    pub fn parse(specs: &[Spec], text: &str) -> Result<Params, String> {
        Params::new(specs, file::parse(text)?)
    }

    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The entry of the parameter `name`; the layout guarantees it exists, so a missing name
    /// is a mistake in the evaluator's code.
    pub fn entry(&self, name: &str) -> Entry {
        match self.index.get(name) {
            Some(&e) => e,
            None => unreachable!("the evaluator reads {name:?}, which its layout does not declare"),
        }
    }

    /// The weight of the two-value parameter `name`, with its entry.
    pub fn phased(&self, name: &str) -> (Entry, Phased) {
        let e = self.entry(name);
        (e, self.phased_at(e))
    }

    /// The weight at `entry` as (middlegame, endgame); a one-value parameter counts in both.
    pub fn phased_at(&self, entry: Entry) -> Phased {
        match self.lines[entry as usize].values[..] {
            [mg, eg] => ph(mg, eg),
            [v] => ph(v, v),
            _ => Phased::ZERO,
        }
    }

    /// The value of the one-value parameter `name`.
    pub fn single(&self, name: &str) -> i32 {
        self.lines[self.entry(name) as usize].values[0]
    }

    /// Sets the two-value parameter at `entry` (the tuner's output).
    pub fn set_phased(&mut self, entry: Entry, value: Phased) {
        let line = &mut self.lines[entry as usize];
        if line.values.len() == 2 {
            line.values = vec![value.mg, value.eg];
        }
    }

    /// The file text, under a header.
    pub fn to_text(&self, header: &[String]) -> String {
        file::write(header, &self.lines)
    }
}
