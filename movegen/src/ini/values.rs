//! The value types of variants.ini keys: booleans, files, ranks, sets of piece letters,
//! regions of squares and game results.

/// A set of squares of a board up to 16x16 as bits `rank * files + file`.
pub type Region = u128;

/// The result a rule gives the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameValue {
    Win,
    Loss,
    Draw,
}

pub fn parse_bool(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(format!("expected true or false, not {value:?}")),
    }
}

pub fn parse_int(value: &str) -> Result<u32, String> {
    value.parse::<u32>().map_err(|_| format!("expected a whole number, not {value:?}"))
}

pub fn parse_game_value(value: &str) -> Result<GameValue, String> {
    match value.to_ascii_lowercase().as_str() {
        "win" => Ok(GameValue::Win),
        "loss" => Ok(GameValue::Loss),
        "draw" => Ok(GameValue::Draw),
        _ => Err(format!("expected win, loss or draw, not {value:?}")),
    }
}

/// A file as a letter (`a`..) or a number from 1; the result counts from 0.
pub fn parse_file(value: &str, files: u8) -> Result<u8, String> {
    let file = match value.as_bytes() {
        [c] if c.is_ascii_lowercase() => Some(c - b'a'),
        _ => value.parse::<u8>().ok().and_then(|n| n.checked_sub(1)),
    };
    file.filter(|&f| f < files).ok_or_else(|| format!("no file {value:?} on this board"))
}

/// A rank as a number from 1; the result counts from 0.
pub fn parse_rank(value: &str, ranks: u8) -> Result<u8, String> {
    value
        .parse::<u8>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .filter(|&r| r < ranks)
        .ok_or_else(|| format!("no rank {value:?} on this board"))
}

/// Squares separated by spaces: `d4`, `*1` (a whole rank), `a*` (a whole file), `-` (none).
pub fn parse_region(value: &str, files: u8, ranks: u8) -> Result<Region, String> {
    let mut region: Region = 0;
    for word in value.split_whitespace() {
        if word == "-" {
            continue;
        }
        let (file_part, rank_part) = word.split_at(word.chars().next().map_or(0, char::len_utf8));
        let file_range: Vec<u8> = match file_part {
            "*" => (0..files).collect(),
            f => vec![parse_file(f, files).map_err(|e| format!("{word:?}: {e}"))?],
        };
        let rank_range: Vec<u8> = match rank_part {
            "*" => (0..ranks).collect(),
            r => vec![parse_rank(r, ranks).map_err(|e| format!("{word:?}: {e}"))?],
        };
        for &rank in &rank_range {
            for &file in &file_range {
                region |= 1u128 << (rank as u32 * files as u32 + file as u32);
            }
        }
    }
    Ok(region)
}

/// The region of whole ranks `from..=to` (counted from 0).
pub fn ranks_region(files: u8, from: u8, to: u8) -> Region {
    let mut region: Region = 0;
    for rank in from..=to {
        for file in 0..files {
            region |= 1u128 << (rank as u32 * files as u32 + file as u32);
        }
    }
    region
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_of_squares_ranks_and_files() {
        assert_eq!(parse_region("a1 b1", 8, 8), Ok(0b11));
        assert_eq!(parse_region("*2", 8, 8), Ok(0xff00));
        assert_eq!(parse_region("*2", 10, 8), Ok(0x3ff << 10));
        assert_eq!(parse_region("a*", 8, 8), Ok(0x0101_0101_0101_0101));
        assert_eq!(parse_region("j10", 10, 10), Ok(1u128 << 99));
        assert_eq!(parse_region("-", 8, 8), Ok(0));
        assert!(parse_region("i1", 8, 8).is_err());
        assert!(parse_region("a9", 8, 8).is_err());
        assert_eq!(ranks_region(8, 7, 7), 0xff << 56);
    }

    #[test]
    fn files_ranks_and_values() {
        assert_eq!(parse_file("g", 8), Ok(6));
        assert_eq!(parse_file("7", 8), Ok(6));
        assert!(parse_file("k", 10).is_err());
        assert_eq!(parse_rank("8", 8), Ok(7));
        assert!(parse_rank("0", 8).is_err());
        assert_eq!(parse_game_value("LOSS"), Ok(GameValue::Loss));
        assert!(parse_bool("yes").is_err());
    }
}
