//! Which engines play: `sissa` or `sissa:Depth=3,Threads=1` (Sissa in this process, with its
//! options), `random` (a random mover), `xboard:COMMAND ARGS...` or `uci:COMMAND ARGS...`
//! (an external program speaking that protocol). Options for the engine (`--engine1-option
//! NAME=VALUE`) are added with [`EngineSpec::with_options`]: an external engine is sent them
//! after its handshake, Sissa takes them as its own options.

use super::player::{Failure, Player};
use super::random_player::RandomPlayer;
use super::uci_client::UciPlayer;
use super::xboard_client::{RejectPolicy, XboardPlayer};
use crate::search::params::Param;
use crate::search::{MAX_DEPTH, MAX_HASH_MB, MAX_MOVE_OVERHEAD, MAX_THREADS, MAX_TIME};
use std::time::Duration;

/// Sissa's own search settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SissaOptions {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub threads: usize,
    pub hash_mb: usize,
    /// The `Move Overhead` option; `None` for the default.
    pub move_overhead: Option<Duration>,
    /// The search's constants set by name (`search/params.rs`), in order.
    pub search_params: Vec<(Param, i32)>,
}

impl Default for SissaOptions {
    fn default() -> SissaOptions {
        SissaOptions {
            depth: None,
            nodes: None,
            movetime: None,
            threads: 1,
            hash_mb: 16,
            move_overhead: None,
            search_params: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineKind {
    Sissa(SissaOptions),
    Random,
    Xboard(Vec<String>),
    Uci(Vec<String>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in results and PGN.
    pub name: String,
    pub kind: EngineKind,
    /// Options sent to an external engine after its handshake, in order: (name, value).
    pub options: Vec<(String, String)>,
}

impl std::str::FromStr for EngineSpec {
    type Err = String;
    fn from_str(text: &str) -> Result<EngineSpec, String> {
        let text = text.trim();
        let (head, rest) = text.split_once(':').unwrap_or((text, ""));
        let kind = match head {
            "sissa" => EngineKind::Sissa(parse_sissa_options(rest)?),
            "random" if rest.is_empty() => EngineKind::Random,
            "xboard" => EngineKind::Xboard(command_words(rest, text)?),
            "uci" => EngineKind::Uci(command_words(rest, text)?),
            _ => {
                return Err(format!(
                    "bad engine {text:?} (expected sissa[:Option=value,...], random, \
                     xboard:COMMAND or uci:COMMAND)"
                ))
            }
        };
        let name = match &kind {
            EngineKind::Xboard(argv) | EngineKind::Uci(argv) => program_name(&argv[0]),
            _ => text.to_string(),
        };
        Ok(EngineSpec { name, kind, options: Vec::new() })
    }
}

fn command_words(rest: &str, text: &str) -> Result<Vec<String>, String> {
    let words: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
    if words.is_empty() {
        return Err(format!("engine {text:?} has no command"));
    }
    Ok(words)
}

/// The file name of a program path: `/usr/games/fairymax` -> `fairymax`.
fn program_name(path: &str) -> String {
    path.rsplit('/').next().unwrap_or(path).to_string()
}

fn parse_sissa_options(text: &str) -> Result<SissaOptions, String> {
    let mut options = SissaOptions::default();
    for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = split_option(pair)?;
        set_sissa_option(&mut options, key, value)?;
    }
    Ok(options)
}

/// `Name=value` -> (name, value), both trimmed; the name may hold spaces (`Use NNUE=false`),
/// the value anything after the first `=`.
fn split_option(pair: &str) -> Result<(&str, &str), String> {
    match pair.split_once('=') {
        Some((key, value)) if !key.trim().is_empty() => Ok((key.trim(), value.trim())),
        _ => Err(format!("bad engine option {pair:?} (expected Name=value)")),
    }
}

fn set_sissa_option(options: &mut SissaOptions, key: &str, value: &str) -> Result<(), String> {
    let bad = || format!("bad value for Sissa option {key}: {value:?}");
    let number = |max: u64| value.parse::<u64>().ok().filter(|&n| n >= 1 && n <= max);
    match key.to_ascii_lowercase().as_str() {
        "depth" => options.depth = Some(number(MAX_DEPTH.into()).ok_or_else(bad)? as u32),
        "nodes" => options.nodes = Some(number(u64::MAX).ok_or_else(bad)?),
        "movetime" => {
            let most = MAX_TIME.as_millis() as u64;
            options.movetime = Some(Duration::from_millis(number(most).ok_or_else(bad)?))
        }
        "threads" => options.threads = number(MAX_THREADS as u64).ok_or_else(bad)? as usize,
        "hash" => options.hash_mb = number(MAX_HASH_MB as u64).ok_or_else(bad)? as usize,
        "move overhead" => {
            let most = MAX_MOVE_OVERHEAD.as_millis() as u64;
            let ms = value.parse::<u64>().ok().filter(|&ms| ms <= most).ok_or_else(bad)?;
            options.move_overhead = Some(Duration::from_millis(ms));
        }
        other => match Param::named(other) {
            Some(param) => options.search_params.push((param, param.checked(value)?)),
            None => {
                return Err(format!(
                    "unknown Sissa option {other:?} (Depth, Nodes, MoveTime, Threads, Hash, \
                     Move Overhead, or a search constant of docs/search.md)"
                ))
            }
        },
    }
    Ok(())
}

/// How to start an engine's player, the same in every game of a match.
#[derive(Clone, Copy, Debug, Default)]
pub struct StartOptions {
    pub reject_policy: RejectPolicy,
    /// Seed for random movers.
    pub seed: u64,
    /// Nodes per move (`--nodes`, `--engine1-nodes`, `--engine2-nodes`): a UCI engine is
    /// sent `go nodes N` instead of the clocks, Sissa searches that many nodes. Only these
    /// two take it.
    pub node_limit: Option<u64>,
}

impl EngineSpec {
    /// This spec with the options `pairs` (each `Name=value`) added: Sissa's own options for
    /// Sissa, options to send for an external engine. A random mover has none.
    pub fn with_options(mut self, pairs: &[String]) -> Result<EngineSpec, String> {
        for pair in pairs {
            let (key, value) = split_option(pair)?;
            match &mut self.kind {
                EngineKind::Sissa(options) => set_sissa_option(options, key, value)?,
                EngineKind::Random => return Err("the random mover takes no options".into()),
                EngineKind::Xboard(_) | EngineKind::Uci(_) => {
                    self.options.push((key.to_string(), value.to_string()))
                }
            }
        }
        Ok(self)
    }

    /// Whether the engine can be held to a node count per move (`--nodes`).
    pub fn takes_node_limit(&self) -> bool {
        matches!(self.kind, EngineKind::Sissa(_) | EngineKind::Uci(_))
    }

    /// A fresh player for this spec, named `name`.
    pub fn start(&self, name: &str, options: &StartOptions) -> Result<Box<dyn Player>, Failure> {
        let name = name.to_string();
        Ok(match &self.kind {
            EngineKind::Sissa(opts) => {
                let nodes = options.node_limit.or(opts.nodes);
                super::sissa_player::start(name, &SissaOptions { nodes, ..opts.clone() })?
            }
            EngineKind::Random => Box::new(RandomPlayer::new(name, options.seed)),
            EngineKind::Xboard(argv) => {
                Box::new(XboardPlayer::start(argv, name, options.reject_policy, &self.options)?)
            }
            EngineKind::Uci(argv) => {
                Box::new(UciPlayer::start(argv, name, &self.options, options.node_limit)?)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_kind_of_engine() {
        let s: EngineSpec = "sissa:Depth=3,Threads=2".parse().unwrap();
        assert_eq!(s.name, "sissa:Depth=3,Threads=2");
        let EngineKind::Sissa(o) = s.kind else { panic!("not sissa") };
        assert_eq!((o.depth, o.threads, o.hash_mb), (Some(3), 2, 16));
        assert_eq!(
            "sissa".parse::<EngineSpec>().unwrap().kind,
            EngineKind::Sissa(SissaOptions::default())
        );
        let x: EngineSpec = "xboard:/usr/games/sjaakii path/variant.txt".parse().unwrap();
        assert_eq!(x.name, "sjaakii");
        assert_eq!(
            x.kind,
            EngineKind::Xboard(vec!["/usr/games/sjaakii".into(), "path/variant.txt".into()])
        );
        let u: EngineSpec = "uci:stockfish".parse().unwrap();
        assert_eq!(u.kind, EngineKind::Uci(vec!["stockfish".into()]));
        assert_eq!("random".parse::<EngineSpec>().unwrap().kind, EngineKind::Random);
    }

    #[test]
    fn options_go_to_sissa_itself_or_to_the_external_engine() {
        let s: EngineSpec = "sissa:Depth=3".parse().unwrap();
        let s = s.with_options(&["Hash=32".into(), "depth=5".into()]).unwrap();
        let EngineKind::Sissa(o) = s.kind else { panic!("not sissa") };
        assert_eq!((o.depth, o.hash_mb), (Some(5), 32), "later settings win");
        assert!(s.options.is_empty());
        let u: EngineSpec = "uci:fairy-stockfish".parse().unwrap();
        let pairs = ["VariantPath=/x/a=b.ini".to_string(), " Use NNUE = false".into()];
        let u = u.with_options(&pairs).unwrap();
        assert_eq!(
            u.options,
            [("VariantPath".into(), "/x/a=b.ini".into()), ("Use NNUE".into(), "false".into())]
        );
        let sissa = || "sissa".parse::<EngineSpec>().unwrap();
        assert!(sissa().with_options(&["Colour=red".into()]).is_err());
        assert!(sissa().with_options(&["Depth".into()]).is_err());
        let wary = sissa().with_options(&["Move Overhead=120".into()]).unwrap();
        let EngineKind::Sissa(o) = wary.kind else { panic!("not sissa") };
        assert_eq!(o.move_overhead, Some(Duration::from_millis(120)));
        for bad in ["Move Overhead=5001", "Move Overhead=-1", "Move Overhead=x"] {
            assert!(sissa().with_options(&[bad.into()]).is_err(), "{bad}");
        }
        let tuned: EngineSpec = "sissa:LmrDivisor=200,rfpmargin=90".parse().unwrap();
        let EngineKind::Sissa(o) = tuned.kind else { panic!("not sissa") };
        assert_eq!(o.search_params, [(Param::LmrDivisor, 200), (Param::RfpMargin, 90)]);
        assert!(sissa().with_options(&["LmrDivisor=99".into()]).is_err());
        let random: EngineSpec = "random".parse().unwrap();
        assert!(random.with_options(&["Depth=1".into()]).is_err());
    }

    #[test]
    fn rejects_bad_engines() {
        for bad in [
            "",
            "gnuchess",
            "uci:",
            "xboard:  ",
            "sissa:Depth",
            "sissa:Depth=0",
            "sissa:Depth=x",
            "sissa:Colour=red",
            "random:x",
        ] {
            assert!(bad.parse::<EngineSpec>().is_err(), "{bad:?} accepted");
        }
    }
}
