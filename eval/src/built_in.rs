//! The networks built into the binary, and the choice of evaluation the search makes for
//! each variant: the built-in network where the variant has one (by default), the compiled
//! evaluation alone, or a network loaded from a file (`EvalFile`).
//!
//! Chess's network is trained on the compiled evaluation (`on_compiled`, docs/network.md):
//! it adds what that evaluation misses, so it is trained again whenever the chess parameter
//! file changes.

use crate::network::Network;
use crate::Evaluated;
use sissa_movegen::{with_position, AnyPosition, Position};
use std::sync::{Arc, OnceLock};

/// Chess's network: `sissa train --on-compiled` on Stockfish's self-play games
/// (docs/network.md, "The built-in chess network").
const CHESS: &[u8] = include_bytes!("../networks/chess.nnue");

/// The network built in for variant `R`, if it has one.
pub fn built_in<R: Evaluated>() -> Option<&'static Network> {
    static CHESS_NETWORK: OnceLock<Option<Network>> = OnceLock::new();
    match R::NAME {
        // A file that does not read or does not fit leaves the compiled evaluation (the
        // tests check that it reads and fits).
        "chess" => CHESS_NETWORK
            .get_or_init(|| Network::from_bytes(CHESS).ok().filter(|n| n.fits::<R>().is_ok()))
            .as_ref(),
        _ => None,
    }
}

/// The evaluation the search uses, for every variant at once.
#[derive(Clone, Debug, Default)]
pub enum Evaluation {
    /// The built-in network of a variant that has one, the compiled evaluation elsewhere.
    #[default]
    BuiltIn,
    /// The compiled evaluation alone, in every variant.
    Compiled,
    /// A network from a file for its variant; the built-in choice for the others.
    File(Arc<Network>),
}

impl Evaluation {
    /// The network that scores positions of `R`, or `None` for the compiled evaluation.
    pub fn network_for<R: Evaluated>(&self) -> Option<&Network> {
        match self {
            Evaluation::File(network) if network.fits::<R>().is_ok() => Some(network),
            Evaluation::Compiled => None,
            _ => built_in::<R>(),
        }
    }

    /// `network_for` the variant of `pos`.
    pub fn network_of(&self, pos: &AnyPosition) -> Option<&Network> {
        with_position!(pos, p => self.network_of_position(p))
    }

    fn network_of_position<R: Evaluated>(&self, _pos: &Position<R>) -> Option<&Network> {
        self.network_for::<R>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::variants::chess::Chess;
    use sissa_movegen::variants::lionsunicorns::LionsUnicorns;

    #[test]
    fn chess_has_a_network_added_to_the_compiled_evaluation() {
        let network = built_in::<Chess>().expect("chess's network reads and fits");
        assert!(network.on_compiled);
        assert!(built_in::<LionsUnicorns>().is_none());
        assert!(Evaluation::Compiled.network_for::<Chess>().is_none());
        assert!(Evaluation::BuiltIn.network_for::<Chess>().is_some());
    }

    #[test]
    fn a_file_scores_its_own_variant_only() {
        let lions = crate::network::tests::patterned::<LionsUnicorns>(4);
        let choice = Evaluation::File(Arc::new(lions.clone()));
        assert_eq!(choice.network_for::<LionsUnicorns>(), Some(&lions));
        assert_eq!(choice.network_for::<Chess>(), built_in::<Chess>());
    }
}
