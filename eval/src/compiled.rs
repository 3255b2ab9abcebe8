//! One evaluator per variant for the life of the process. Building an evaluator looks up
//! every parameter by name and fills its tables, which takes about a millisecond in UC-40:
//! too much to pay at every move of a game at a fast clock, where the search has only a few
//! milliseconds. So each variant's evaluator is built at its first use and then shared.

use crate::params::Params;
use crate::{Evaluated, Evaluator};
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// A variant's rules type and the address of its parameters: a variant read from a file
/// shares its rules type with every other file variant on its board, but its parameters,
/// derived once and kept for the life of the process, are its own.
type Key = (TypeId, usize);

type Built = HashMap<Key, &'static (dyn Any + Send + Sync)>;

static BUILT: LazyLock<Mutex<Built>> = LazyLock::new(|| Mutex::new(HashMap::new()));

impl<R: Evaluated> Evaluator<R> {
    /// The evaluator with the compiled-in parameters (for a file variant, the ones derived
    /// for it), built at the first call and the same one after.
    pub fn compiled() -> &'static Evaluator<R> {
        let params: &'static Params = R::params();
        let key = (TypeId::of::<R>(), params as *const Params as usize);
        let mut built = BUILT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let evaluator = *built
            .entry(key)
            .or_insert_with(|| Box::leak(Box::new(Evaluator::<R>::with_params(params))));
        match evaluator.downcast_ref::<Evaluator<R>>() {
            Some(evaluator) => evaluator,
            None => unreachable!("an evaluator is kept under its own rules type"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sissa_movegen::variants::chess::Chess;
    use sissa_movegen::variants::uc40::Uc40;
    use sissa_movegen::Position;

    /// The second call finds the first one's evaluator, and each variant has its own.
    #[test]
    fn each_variant_is_built_once() {
        let chess = Evaluator::<Chess>::compiled() as *const _ as usize;
        assert_eq!(chess, Evaluator::<Chess>::compiled() as *const _ as usize);
        let uc40 = Evaluator::<Uc40>::compiled() as *const _ as usize;
        assert_ne!(chess, uc40);
        assert_eq!(uc40, Evaluator::<Uc40>::compiled() as *const _ as usize);
    }

    /// The shared evaluator scores as a freshly built one.
    #[test]
    fn scores_as_a_new_evaluator() {
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let pos = Position::<Chess>::from_fen(fen).unwrap();
        let fresh = Evaluator::<Chess>::new().evaluate(&pos);
        assert_eq!(Evaluator::<Chess>::compiled().evaluate(&pos), fresh);
        // An evaluator that scored nothing would pass the comparison with a zero.
        assert_ne!(fresh, 0);
    }
}
