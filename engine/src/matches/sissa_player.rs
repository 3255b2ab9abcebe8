//! Sissa itself as a player, searching in this process. Waits for the search module.

use super::engine_spec::SissaOptions;
use super::player::{Failure, Player};

pub fn start(_name: String, _options: &SissaOptions) -> Result<Box<dyn Player>, Failure> {
    Err(Failure::Protocol("the in-process search is not built into this version".into()))
}
