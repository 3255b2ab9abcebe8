//! The evaluation of a position of any variant, for the command line and the protocols,
//! which hold positions as [`AnyPosition`].

use crate::network::Network;
use crate::Evaluator;
use sissa_movegen::{with_position, AnyPosition};

/// The breakdown of `pos`'s evaluation by term, as text of several lines (`sissa eval`).
pub fn breakdown(pos: &AnyPosition) -> String {
    with_position!(pos, p => Evaluator::compiled().breakdown(p).to_string())
}

/// `network`'s score of `pos` for the side to move, in centipawns, the compiled
/// evaluation's added where the network is trained on it: the score the search uses. An error
/// if the network is not one of `pos`'s variant.
pub fn network_score(network: &Network, pos: &AnyPosition) -> Result<i32, String> {
    with_position!(pos, p => network_score_of(network, p))
}

fn network_score_of<R: crate::Evaluated>(
    network: &Network,
    pos: &sissa_movegen::Position<R>,
) -> Result<i32, String> {
    network.fits::<R>()?;
    Ok(network.score(pos, || Evaluator::compiled().evaluate(pos)))
}

/// The lines the protocols' `eval` command prints: the breakdown, and the score of the
/// loaded network (`EvalFile`) where it is one of the position's variant.
pub fn report(pos: &AnyPosition, network: Option<&Network>) -> String {
    let mut text = breakdown(pos);
    if let Some(score) = network.and_then(|n| network_score(n, pos).ok()) {
        text.push_str(&format!("\nNetwork score (side to move): {score} cp, used by the search"));
    }
    text
}
