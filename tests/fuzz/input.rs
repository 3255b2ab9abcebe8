//! Random and mutated input: valid text from a corpus, changed the way careless users, broken
//! interfaces and overflowing counters change it (numbers too large or negative, tokens
//! spliced from other lines, unicode, empty and very long lines).

use sissa_movegen::random::SplitMix64;

/// Numbers at and beyond the edges of every integer and float type.
const EDGE_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "7",
    "10",
    "40",
    "100",
    "255",
    "256",
    "-256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999",
    "0.5",
    "-0.5",
    "1e300",
    "-1e300",
    "1e-300",
    "NaN",
    "inf",
    "-inf",
    "0x10",
    "+5",
    "1_000",
    "3:",
    ":30",
    "99999999999:59",
];

/// Text that is not what a parser expects.
const ODD_TOKENS: &[&str] = &[
    "", " ", "\t", "é", "ß", "🦁", "\u{feff}", "\u{0}", "\u{7f}", "\r", "e\u{301}", "a1", "z99",
    "[", "]", "{", "}", "(", ")", "\"", "\\", "=", ":", ",", "/", "-", "@", "'", "!", "x", "name",
    "value", "moves", "fen", "startpos",
];

/// A seeded source of random choices.
pub struct Rng(SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }

    /// True with probability `1/n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn char(&mut self) -> char {
        match self.below(4) {
            0 => char::from(b' ' + self.below(95) as u8),
            1 => char::from_u32(self.below(0x3000) as u32).unwrap_or('\u{fffd}'),
            2 => *self.pick(&['é', '€', '🦁', '\u{301}', '\u{200b}', '\u{0}']),
            _ => char::from(b'0' + self.below(10) as u8),
        }
    }
}

/// `seed` changed by one to four mutations; `other` lends tokens to splice in.
pub fn mutate(rng: &mut Rng, seed: &str, other: &str) -> String {
    let mut text = seed.to_string();
    for _ in 0..1 + rng.below(4) {
        text = mutate_once(rng, &text, other);
    }
    text
}

fn mutate_once(rng: &mut Rng, text: &str, other: &str) -> String {
    let mut tokens: Vec<String> = text.split(' ').map(str::to_string).collect();
    let donor: Vec<&str> = other.split(' ').collect();
    let at = rng.below(tokens.len());
    match rng.below(12) {
        0..=2 => tokens[at] = rng.pick(EDGE_NUMBERS).to_string(),
        3 => tokens[at] = rng.pick(ODD_TOKENS).to_string(),
        4 => tokens.insert(at, rng.pick(&donor).to_string()),
        5 => tokens[at] = rng.pick(&donor).to_string(),
        6 => {
            tokens.remove(at);
        }
        7 => {
            let copy = tokens[at].clone();
            tokens.insert(at, copy);
        }
        8 => return mutate_chars(rng, text),
        9 => return digits_changed(rng, text),
        10 => {
            // A very long line: one token repeated.
            let copy = tokens[at].clone();
            let long = vec![copy; 1 + rng.below(5000)].join(" ");
            tokens[at] = long;
        }
        _ => return String::new(),
    }
    tokens.join(" ")
}

/// One character inserted, deleted or replaced.
fn mutate_chars(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = rng.below(chars.len() + 1);
    match rng.below(3) {
        0 => chars.insert(at, rng.char()),
        1 if at < chars.len() => {
            chars.remove(at);
        }
        _ if at < chars.len() => chars[at] = rng.char(),
        _ => chars.push(rng.char()),
    }
    chars.into_iter().collect()
}

/// Every run of digits made longer, negative or zero: the numbers inside FENs, moves and
/// square names as well as the free-standing ones.
fn digits_changed(rng: &mut Rng, text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_ascii_digit() {
            out.push(c);
            continue;
        }
        let mut run = c.to_string();
        while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
            run.push(d);
            chars.next();
        }
        match rng.below(4) {
            0 => out.push_str(&format!("{run}{}", "9".repeat(1 + rng.below(20)))),
            1 => out.push_str(&format!("-{run}")),
            2 => out.push('0'),
            _ => out.push_str(&run),
        }
    }
    out
}

/// A line of random tokens from both lists and the corpus.
pub fn random_line(rng: &mut Rng, corpus: &[String]) -> String {
    let words: Vec<&str> = corpus.iter().flat_map(|l| l.split(' ')).collect();
    let count = rng.below(8);
    let mut out: Vec<String> = Vec::new();
    for _ in 0..count {
        out.push(match rng.below(3) {
            0 => rng.pick(EDGE_NUMBERS).to_string(),
            1 => rng.pick(ODD_TOKENS).to_string(),
            _ => rng.pick(&words).to_string(),
        });
    }
    out.join(" ")
}

/// A new input from a corpus of valid ones: mostly mutated, sometimes random, sometimes
/// valid as it is.
pub fn next_input(rng: &mut Rng, corpus: &[String]) -> String {
    let seed = rng.pick(corpus);
    match rng.below(10) {
        0 => seed.clone(),
        1 => random_line(rng, corpus),
        _ => {
            let other = rng.pick(corpus).clone();
            mutate(rng, seed, &other)
        }
    }
}
