//! The text of a variants file: sections `[name]` or `[name:parent]`, each followed by
//! `key = value` lines. `#` and `;` start comment lines; blank lines are ignored.

/// A line the reader could not take, with its number (from 1) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    pub line: usize,
    /// 0 for a section's own keys; inheritance numbers them from the oldest ancestor up.
    pub generation: u32,
}

/// One section as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    pub line: usize,
    pub entries: Vec<Entry>,
}

/// Splits `text` into sections. Lines that are not a header, an entry, a comment or blank
/// are errors; a section with a bad header is skipped with its entries.
pub fn parse_sections(text: &str) -> (Vec<Section>, Vec<LineError>) {
    let mut sections: Vec<Section> = Vec::new();
    let mut errors: Vec<LineError> = Vec::new();
    // Entries after a bad header belong to no section and are dropped quietly.
    let mut in_bad_section = false;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if trimmed.starts_with('[') {
            match parse_header(trimmed) {
                Ok((name, parent)) => {
                    sections.push(Section { name, parent, line, entries: Vec::new() });
                    in_bad_section = false;
                }
                Err(message) => {
                    errors.push(LineError { line, message });
                    in_bad_section = true;
                }
            }
            continue;
        }
        let Some((key, value)) = trimmed.split_once('=') else {
            errors.push(LineError { line, message: format!("expected key = value: {trimmed:?}") });
            continue;
        };
        let key = key.trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            errors.push(LineError { line, message: format!("bad key {key:?}") });
            continue;
        }
        match sections.last_mut() {
            Some(section) if !in_bad_section => section.entries.push(Entry {
                key: key.to_string(),
                value: value.trim().to_string(),
                line,
                generation: 0,
            }),
            Some(_) => {}
            None => errors.push(LineError { line, message: format!("{key} before any [section]") }),
        }
    }
    (sections, errors)
}

fn parse_header(text: &str) -> Result<(String, Option<String>), String> {
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| format!("bad section header {text:?}"))?;
    let (name, parent) = match inner.split_once(':') {
        Some((n, p)) => (n.trim(), Some(p.trim())),
        None => (inner.trim(), None),
    };
    let valid = |s: &str| {
        !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    if !valid(name) || parent.is_some_and(|p| !valid(p)) {
        return Err(format!("bad section header {text:?}"));
    }
    Ok((name.to_ascii_lowercase(), parent.map(|p| p.to_ascii_lowercase())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_entries_and_comments() {
        let text = "# a comment\n[a]\nmaxFile = 10\n\n; other\n[b:a]\nstartFen=8/8 w - - 0 1\n";
        let (sections, errors) = parse_sections(text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(sections.len(), 2);
        assert_eq!(sections[0].name, "a");
        assert_eq!(sections[0].entries[0].key, "maxFile");
        assert_eq!(sections[0].entries[0].value, "10");
        assert_eq!(sections[0].entries[0].line, 3);
        assert_eq!(sections[1].parent.as_deref(), Some("a"));
        assert_eq!(sections[1].entries[0].value, "8/8 w - - 0 1");
    }

    #[test]
    fn errors_name_their_lines() {
        let (sections, errors) = parse_sections("key = 1\n[ok]\nno equals sign\n[bad\nx = 2\n");
        assert_eq!(sections.len(), 1);
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [1, 3, 4]);
    }
}
