//! The variants the evaluation knows: each names its parameter file and its own terms. A
//! variant without an implementation here cannot be searched (the evaluator requires it), so
//! a new variant fails to compile until it has both.

use crate::params::derived::derived_params;
use crate::params::layout;
use crate::params::{Params, Spec};
use crate::variant_terms::frozen::{Freezers, Frozen};
use crate::variant_terms::hand::Hand;
use crate::variant_terms::reserve::Reserve;
use crate::variant_terms::rolling_kings::KingLine;
use crate::variant_terms::{NoTerms, VariantTerms};
use sissa_movegen::ini::rules::FileShape;
use sissa_movegen::ini::FileRules;
use sissa_movegen::piece::Kind;
use sissa_movegen::rules::Rules;
use sissa_movegen::variants::chess::Chess;
use sissa_movegen::variants::lionsunicorns::LionsUnicorns;
use sissa_movegen::variants::rococo::{self, Rococo};
use sissa_movegen::variants::rollingkings::RollingKings;
use sissa_movegen::variants::seahorses::SeaHorses;
use sissa_movegen::variants::uc40::{self, Uc40};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// The compiled parameter files, `(name, values)` per line.
mod compiled {
    include!(concat!(env!("OUT_DIR"), "/params.rs"));
}

/// A variant with an evaluation.
pub trait Evaluated: Rules {
    /// The variant's own terms.
    type Terms: VariantTerms<Self>;

    /// The parameters compiled in from `eval/params/<variant>.txt`.
    fn params() -> &'static Params;
}

/// Every parameter `R` has, in file order: the generic ones, then the variant's.
pub fn layout<R: Evaluated>() -> Vec<Spec> {
    let mut specs = layout::generic::<R>();
    specs.extend(R::Terms::specs());
    specs
}

/// The compiled parameters of `R`. The file is checked against the layout by the tests of
/// every variant, so a mismatch here is a mistake in the build, not in anyone's input.
fn load<R: Evaluated>(table: &[(&str, &[i32])]) -> Params {
    match Params::from_table(&layout::<R>(), table) {
        Ok(p) => p,
        Err(e) => unreachable!("eval/params/{}.txt does not fit its layout: {e}", R::NAME),
    }
}

macro_rules! evaluated {
    ($rules:ty, $table:ident, $terms:ty) => {
        impl Evaluated for $rules {
            type Terms = $terms;

            fn params() -> &'static Params {
                static PARAMS: LazyLock<Params> =
                    LazyLock::new(|| load::<$rules>(compiled::$table));
                &PARAMS
            }
        }
    };
}

evaluated!(Chess, CHESS, NoTerms);
evaluated!(LionsUnicorns, LIONSUNICORNS, NoTerms);
evaluated!(SeaHorses, SEAHORSES, NoTerms);
evaluated!(RollingKings, ROLLINGKINGS, KingLine);
evaluated!(Rococo, ROCOCO, Frozen);
evaluated!(Uc40, UC40, (Frozen, Reserve));

/// A variant read from a variants file has no parameter file: its parameters are derived
/// from the built-in files, its pieces' mobility and, for pieces that do not capture by
/// landing, UC-40's prices of their captures (`params::derived`), once per loaded
/// variant, and kept for the life of the process (a file loads a handful of variants).
impl<S: FileShape> Evaluated for FileRules<S> {
    type Terms = Hand;

    fn params() -> &'static Params {
        static DERIVED: LazyLock<Mutex<HashMap<usize, &'static Params>>> =
            LazyLock::new(|| Mutex::new(HashMap::new()));
        // The definition of a loaded variant lives as long as the process, so its address
        // names it.
        let key = Self::def() as *const _ as usize;
        let mut cache = DERIVED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        cache.entry(key).or_insert_with(|| {
            let references = [Chess::params(), LionsUnicorns::params(), SeaHorses::params()];
            Box::leak(Box::new(derived_params::<Self>(
                &references,
                <Hand as VariantTerms<Self>>::specs(),
            )))
        })
    }
}

impl Freezers for Rococo {
    const IMMOBILIZER: Kind = rococo::kinds::IMMOBILIZER;
    const CHAMELEON: Kind = rococo::kinds::CHAMELEON;
}

impl Freezers for Uc40 {
    const IMMOBILIZER: Kind = uc40::kinds::IMMOBILIZER;
    const CHAMELEON: Kind = uc40::kinds::CHAMELEON;
}
