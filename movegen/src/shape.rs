//! Board shapes: the width, height and bitboard type of each board, chosen once per variant.
//!
//! A shape is a zero-sized type; everything generic over it is compiled once per shape, so
//! the 8x8 games run on `u64` with magic sliders and the larger boards on `u128` with line
//! lookups, with no run-time dispatch in between.

use crate::bitboard::Bitboard;
use crate::geometry::Dims;
use crate::sliders::{LineSliders, MagicSliders, Sliders};
use crate::tables::Tables;
use std::fmt::Debug;
use std::sync::LazyLock;

/// A board shape: dimensions, bitboard type and slider implementation.
pub trait Shape: 'static + Copy + Default + Debug + Send + Sync + PartialEq + Eq {
    type B: Bitboard;
    type Sliders: Sliders<Self::B>;
    const DIMS: Dims;
    /// The geometry tables of this shape, built on first use.
    fn tables() -> &'static Tables<Self>;
}

/// The 8x8 board on `u64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Board8x8;
/// Ten files, eight ranks (Lions and Unicorns), on `u128`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Board10x8;
/// Ten files, ten ranks (Rococo), on `u128`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Board10x10;

/// Twelve files, ten ranks (the largest board of variants.ini files), on `u128`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Board12x10;

static TABLES_8X8: LazyLock<Tables<Board8x8>> = LazyLock::new(Tables::build);
static TABLES_10X8: LazyLock<Tables<Board10x8>> = LazyLock::new(Tables::build);
static TABLES_10X10: LazyLock<Tables<Board10x10>> = LazyLock::new(Tables::build);
static TABLES_12X10: LazyLock<Tables<Board12x10>> = LazyLock::new(Tables::build);

impl Shape for Board8x8 {
    type B = u64;
    type Sliders = MagicSliders;
    const DIMS: Dims = Dims::new(8, 8);
    #[inline(always)]
    fn tables() -> &'static Tables<Self> {
        &TABLES_8X8
    }
}

impl Shape for Board10x8 {
    type B = u128;
    type Sliders = LineSliders<u128>;
    const DIMS: Dims = Dims::new(10, 8);
    #[inline(always)]
    fn tables() -> &'static Tables<Self> {
        &TABLES_10X8
    }
}

impl Shape for Board10x10 {
    type B = u128;
    type Sliders = LineSliders<u128>;
    const DIMS: Dims = Dims::new(10, 10);
    #[inline(always)]
    fn tables() -> &'static Tables<Self> {
        &TABLES_10X10
    }
}

impl Shape for Board12x10 {
    type B = u128;
    type Sliders = LineSliders<u128>;
    const DIMS: Dims = Dims::new(12, 10);
    #[inline(always)]
    fn tables() -> &'static Tables<Self> {
        &TABLES_12X10
    }
}
