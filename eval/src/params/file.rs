//! The text form of a parameter file: one parameter a line, `<name> <mg> <eg>` for a weight
//! with a middlegame and an endgame part, `<name> <value>` for a single number. Lines starting
//! with `#` and blank lines are comments. The same reader runs in the build script (which
//! includes this file) and in `sissa tune`; the writer is the tuner's.

/// One line of a parameter file: the name and its one or two numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub name: String,
    pub values: Vec<i32>,
}

/// Reads a parameter file. The error names the line and what is wrong with it.
pub fn parse(text: &str) -> Result<Vec<Line>, String> {
    let mut lines = Vec::new();
    for (number, raw) in text.lines().enumerate() {
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let mut words = content.split_whitespace();
        let name = words.next().unwrap_or_default().to_string();
        let values = words
            .map(|w| {
                w.parse::<i32>()
                    .map_err(|_| format!("line {}: {w:?} is not an integer", number + 1))
            })
            .collect::<Result<Vec<i32>, String>>()?;
        if values.is_empty() || values.len() > 2 {
            return Err(format!("line {}: {name} needs one or two integers", number + 1));
        }
        lines.push(Line { name, values });
    }
    Ok(lines)
}

/// Writes parameter lines under a header of comment lines (each written with `# `).
pub fn write(header: &[String], lines: &[Line]) -> String {
    let mut out = String::new();
    for h in header {
        out.push_str("# ");
        out.push_str(h);
        out.push('\n');
    }
    for line in lines {
        out.push_str(&line.name);
        for v in &line.values {
            out.push(' ');
            out.push_str(&v.to_string());
        }
        out.push('\n');
    }
    out
}
