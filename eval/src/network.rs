//! A learned evaluation: a network of one hidden layer over the pieces on their squares,
//! seen from each side (the shape chess engines call NNUE; `sissa train` fits it, see
//! docs/network.md).
//!
//! Each side's view is a vector of inputs, one per (own or enemy, piece type, square seen
//! from that side): 1 where such a piece stands, 0 elsewhere. Each view goes through the
//! same first layer to a hidden vector; the side to move's hidden vector and the other's,
//! each through the activation clamp(x, 0, 1)^2, meet in one output, the score. The first
//! layer is sums of its weight rows, one row per piece on the board, so a position costs as
//! many row additions as it has pieces.
//!
//! A network may stand alone or be added to the compiled evaluation (`on_compiled`): then it
//! learns only what the compiled evaluation misses, which takes far fewer positions to learn.
//!
//! The weights are kept as integers (the first layer times `QA`, the output times `QB`),
//! which is how the file stores them; the float model `sissa train` fits gives the same
//! score up to the rounding.

use crate::Evaluated;
use sissa_movegen::bitboard::Bitboard;
use sissa_movegen::geometry::{Color, Square};
use sissa_movegen::piece::Kind;
use sissa_movegen::shape::Shape;
use sissa_movegen::Position;

/// The first layer's scale: a weight of 1.0 is stored as 255.
pub const QA: i32 = 255;
/// The output layer's scale: a weight of 1.0 is stored as 64.
pub const QB: i32 = 64;
/// Centipawns per unit of the float model's output.
pub const SCALE: i32 = 400;
/// The largest float weight the trainer keeps: the output weights must stay under 128 in
/// the file, so that the output sum fits 32 bits (255^2 x 127 x 256 hidden values < 2^31).
pub const WEIGHT_LIMIT: f32 = 127.0 / QB as f32;
/// The largest hidden layer the evaluator takes.
pub const MAX_HIDDEN: usize = 128;

const MAGIC: &[u8; 4] = b"SSNN";
const VERSION: u32 = 2;
/// The first version, whose networks all stand alone.
const VERSION_ALONE: u32 = 1;

/// A network read from its file.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The variant it was trained for (a network of another variant is refused).
    pub variant: String,
    pub inputs: usize,
    pub hidden: usize,
    /// `inputs` rows of `hidden` weights.
    pub feature_weights: Vec<i16>,
    pub feature_bias: Vec<i16>,
    /// The side to move's `hidden` weights, then the other side's.
    pub output_weights: Vec<i16>,
    pub output_bias: i32,
    /// Whether the search adds the network's score to the compiled evaluation's rather than
    /// using it in its place.
    pub on_compiled: bool,
}

/// The number of inputs of one side's view in variant `R`: own and enemy, each piece type,
/// each square.
pub fn inputs<R: Evaluated>() -> usize {
    2 * R::def().kinds.len() * <R::S as Shape>::DIMS.squares()
}

/// The input of a `color` piece of `kind` on `sq`, in `view`'s view: the board turned so
/// that `view` plays up it (its ranks counted from its own side), its pieces first.
#[inline(always)]
pub fn input<R: Evaluated>(view: Color, color: Color, kind: Kind, sq: Square) -> usize {
    input_of::<R>(R::def().kinds.len(), view, color, kind, sq)
}

/// `input`, the variant's number of piece types given (`R::def()` is read through a lock).
#[inline(always)]
pub(crate) fn input_of<R: Evaluated>(
    kinds: usize,
    view: Color,
    color: Color,
    kind: Kind,
    sq: Square,
) -> usize {
    let dims = <R::S as Shape>::DIMS;
    let squares = dims.squares();
    let seen = if view == Color::White {
        sq as usize
    } else {
        let (file, rank) = (dims.file(sq) as usize, dims.rank(sq) as usize);
        (dims.ranks as usize - 1 - rank) * dims.files as usize + file
    };
    let side = usize::from(color != view);
    (side * kinds + kind as usize) * squares + seen
}

/// The input of the same piece on the square of the other wing (a1 for h1, d4 for e4).
pub fn input_on_mirrored_file<R: Evaluated>(input: usize) -> usize {
    let dims = <R::S as Shape>::DIMS;
    let (squares, files) = (dims.squares(), dims.files as usize);
    let (block, seen) = (input / squares, input % squares);
    let (rank, file) = (seen / files, seen % files);
    block * squares + rank * files + (files - 1 - file)
}

/// Calls `f` with (White's input, Black's input) of every piece of `pos`.
#[inline(always)]
pub fn for_each_input<R: Evaluated>(pos: &Position<R>, mut f: impl FnMut(usize, usize)) {
    let kinds = R::def().kinds.len();
    for kind in 0..kinds as Kind {
        for color in Color::BOTH {
            for sq in pos.pieces(kind, color).squares() {
                f(
                    input_of::<R>(kinds, Color::White, color, kind, sq),
                    input_of::<R>(kinds, Color::Black, color, kind, sq),
                );
            }
        }
    }
}

impl Network {
    /// The score the search uses for `pos`, for the side to move: the network's own, plus
    /// the compiled evaluation's (`compiled`, asked for only then) when `on_compiled`.
    #[inline(always)]
    pub fn score<R: Evaluated>(&self, pos: &Position<R>, compiled: impl FnOnce() -> i32) -> i32 {
        self.with_compiled(self.evaluate(pos), compiled)
    }

    /// The network's own score `own`, plus the compiled evaluation's when `on_compiled`.
    #[inline(always)]
    pub fn with_compiled(&self, own: i32, compiled: impl FnOnce() -> i32) -> i32 {
        if self.on_compiled {
            own + compiled()
        } else {
            own
        }
    }

    /// The network's own score of `pos` for the side to move, in centipawns (to be added to
    /// the compiled evaluation's when `on_compiled`).
    pub fn evaluate<R: Evaluated>(&self, pos: &Position<R>) -> i32 {
        // The usual sizes get hidden vectors of a size known when compiled, which the
        // compiler keeps in vector registers through the row additions (docs/network.md:
        // the network's cost a node fell by two thirds at 64 hidden values).
        match self.hidden {
            32 => self.evaluate_sized::<R, 32>(pos),
            64 => self.evaluate_sized::<R, 64>(pos),
            128 => self.evaluate_sized::<R, 128>(pos),
            _ => self.evaluate_any_size(pos),
        }
    }

    /// `evaluate` for a network of exactly `N` hidden values.
    #[inline(always)]
    fn evaluate_sized<R: Evaluated, const N: usize>(&self, pos: &Position<R>) -> i32 {
        let (white, black) = self.hidden_sized::<R, N>(pos);
        self.output_sized(pos.side(), &white, &black)
    }

    /// White's and Black's hidden vectors of `pos`, summed over all its pieces, for a
    /// network of exactly `N` hidden values.
    #[inline(always)]
    pub(crate) fn hidden_sized<R: Evaluated, const N: usize>(
        &self,
        pos: &Position<R>,
    ) -> ([i16; N], [i16; N]) {
        let mut white = [0i16; N];
        white.copy_from_slice(&self.feature_bias[..N]);
        let mut black = white;
        for_each_input(pos, |w, b| {
            add_sized_row(&mut white, self.sized_row(w));
            add_sized_row(&mut black, self.sized_row(b));
        });
        (white, black)
    }

    /// The first layer's row of `input`, for a network of exactly `N` hidden values.
    #[inline(always)]
    pub(crate) fn sized_row<const N: usize>(&self, input: usize) -> &[i16; N] {
        let row = &self.feature_weights[input * N..(input + 1) * N];
        row.try_into().unwrap_or(&[0; N])
    }

    /// The score of White's and Black's hidden vectors with `side` to move.
    #[inline(always)]
    pub(crate) fn output_sized<const N: usize>(
        &self,
        side: Color,
        white: &[i16; N],
        black: &[i16; N],
    ) -> i32 {
        let (own, other) = if side == Color::White { (white, black) } else { (black, white) };
        self.output_of(&own[..], &other[..])
    }

    /// `evaluate` for a network of any size up to `MAX_HIDDEN`.
    fn evaluate_any_size<R: Evaluated>(&self, pos: &Position<R>) -> i32 {
        let h = self.hidden;
        let mut white = [0i16; MAX_HIDDEN];
        let mut black = [0i16; MAX_HIDDEN];
        white[..h].copy_from_slice(&self.feature_bias);
        black[..h].copy_from_slice(&self.feature_bias);
        for_each_input(pos, |w, b| {
            add_row(&mut white[..h], &self.feature_weights[w * h..(w + 1) * h]);
            add_row(&mut black[..h], &self.feature_weights[b * h..(b + 1) * h]);
        });
        let (own, other) =
            if pos.side() == Color::White { (&white, &black) } else { (&black, &white) };
        self.output_of(&own[..h], &other[..h])
    }

    /// The score, in centipawns, of the side to move's hidden values and the other side's.
    #[inline(always)]
    fn output_of(&self, own: &[i16], other: &[i16]) -> i32 {
        let h = self.hidden;
        let sum = activated_dot(own, &self.output_weights[..h])
            + activated_dot(other, &self.output_weights[h..2 * h]);
        let out = i64::from(sum) / i64::from(QA) + i64::from(self.output_bias);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The network as its file's bytes (little-endian throughout): "SSNN", the version, a
    /// byte that is 1 for a network added to the compiled evaluation and 0 for one alone
    /// (version 2; version 1 has no such byte and stands alone), the variant's name (its length, a byte, then the name), the inputs and the hidden size
    /// (32 bits each), the first layer's weights row by row, its bias, the output weights
    /// (the side to move's, then the other's), each 16 bits, and the output bias (32 bits).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(u8::from(self.on_compiled));
        out.push(self.variant.len() as u8);
        out.extend_from_slice(self.variant.as_bytes());
        out.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for w in self.feature_weights.iter().chain(&self.feature_bias).chain(&self.output_weights) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out
    }

    /// Reads a network file's bytes, checking every size and that the output weights stay
    /// within the range the evaluation's sums are sized for.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(4)? != MAGIC {
            return Err("not a Sissa network file (it must start with SSNN)".into());
        }
        let version = r.u32()?;
        let on_compiled = match version {
            VERSION_ALONE => false,
            VERSION => match r.take(1)?[0] {
                0 => false,
                1 => true,
                other => return Err(format!("{other} where 0 (alone) or 1 (added) belongs")),
            },
            _ => {
                return Err(format!(
                    "network file version {version}, this build reads {VERSION_ALONE} and {VERSION}"
                ))
            }
        };
        let len = usize::from(r.take(1)?[0]);
        let variant = String::from_utf8(r.take(len)?.to_vec())
            .map_err(|_| "the network's variant name is not UTF-8".to_string())?;
        let inputs = r.u32()? as usize;
        let hidden = r.u32()? as usize;
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(format!("hidden layer of {hidden}: 1 to {MAX_HIDDEN} are read"));
        }
        let feature_weights = r.i16s(inputs.checked_mul(hidden).ok_or("too many inputs")?)?;
        let feature_bias = r.i16s(hidden)?;
        let output_weights = r.i16s(2 * hidden)?;
        let output_bias = r.i32()?;
        if r.at != bytes.len() {
            return Err(format!("{} bytes after the network's end", bytes.len() - r.at));
        }
        let limit = (WEIGHT_LIMIT * QB as f32).round() as i16;
        if output_weights.iter().any(|w| w.abs() > limit) {
            return Err(format!("an output weight beyond {limit}"));
        }
        Ok(Network {
            variant,
            inputs,
            hidden,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
            on_compiled,
        })
    }

    /// Is this a network of `R` (its name and its number of inputs)?
    pub fn fits<R: Evaluated>(&self) -> Result<(), String> {
        if self.variant != R::NAME {
            return Err(format!("a network of {}, not {}", self.variant, R::NAME));
        }
        if self.inputs != inputs::<R>() {
            return Err(format!("{} inputs, {} has {}", self.inputs, R::NAME, inputs::<R>()));
        }
        Ok(())
    }
}

/// Adds a first-layer row to a hidden vector. Additions saturate: the trainer's weights
/// keep sums of a board's pieces in range, and a file that does not stays defined.
#[inline(always)]
fn add_row(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.saturating_add(w);
    }
}

/// `add_row` for rows of a length known when compiled.
#[inline(always)]
pub(crate) fn add_sized_row<const N: usize>(acc: &mut [i16; N], row: &[i16; N]) {
    for i in 0..N {
        acc[i] = acc[i].saturating_add(row[i]);
    }
}

/// Takes a first-layer row away from a hidden vector, the inverse of `add_sized_row` while
/// no sum saturates.
#[inline(always)]
pub(crate) fn sub_sized_row<const N: usize>(acc: &mut [i16; N], row: &[i16; N]) {
    for i in 0..N {
        acc[i] = acc[i].saturating_sub(row[i]);
    }
}

/// The sum of clamp(x, 0, QA)^2 times the weights.
#[inline(always)]
fn activated_dot(values: &[i16], weights: &[i16]) -> i32 {
    values
        .iter()
        .zip(weights)
        .map(|(&v, &w)| {
            let x = i32::from(v).clamp(0, QA);
            x * x * i32::from(w)
        })
        .sum()
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| "the network file ends early".to_string())?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn i32(&mut self) -> Result<i32, String> {
        Ok(self.u32()? as i32)
    }

    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, String> {
        let b = self.take(n.checked_mul(2).ok_or("the network file is too large")?)?;
        Ok(b.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use sissa_movegen::variants::chess::Chess;
    use sissa_movegen::variants::lionsunicorns::LionsUnicorns;
    use sissa_movegen::Rules;

    /// A network of `R` with weights from a fixed sequence, small enough that no sum
    /// saturates.
    pub(crate) fn patterned<R: Evaluated>(hidden: usize) -> Network {
        let mut state = 12345u32;
        let mut next = |range: i32| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            ((state >> 16) as i32 % (2 * range + 1) - range) as i16
        };
        let inputs = inputs::<R>();
        Network {
            variant: R::NAME.to_string(),
            inputs,
            hidden,
            feature_weights: (0..inputs * hidden).map(|_| next(60)).collect(),
            feature_bias: (0..hidden).map(|_| next(100) + 100).collect(),
            output_weights: (0..2 * hidden).map(|_| next(127)).collect(),
            output_bias: 1000,
            on_compiled: false,
        }
    }

    #[test]
    fn the_file_reads_back_the_network_written() {
        let net = patterned::<Chess>(16);
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
        assert_eq!(bytes.len(), 4 + 4 + 1 + 1 + 5 + 8 + 2 * (768 * 16 + 16 + 32) + 4);
        assert!(net.fits::<Chess>().is_ok());
        assert!(net.fits::<LionsUnicorns>().is_err());
        let added = Network { on_compiled: true, ..net.clone() };
        assert_eq!(Network::from_bytes(&added.to_bytes()), Ok(added));
    }

    /// A file of the first version, without the byte that says alone or added, reads as a
    /// network that stands alone.
    #[test]
    fn a_first_version_file_stands_alone() {
        let net = Network { on_compiled: true, ..patterned::<Chess>(4) };
        let bytes = net.to_bytes();
        let first = [&bytes[..4], &1u32.to_le_bytes(), &bytes[9..]].concat();
        assert_eq!(Network::from_bytes(&first), Ok(Network { on_compiled: false, ..net }));
    }

    #[test]
    fn malformed_files_are_refused() {
        let bytes = patterned::<Chess>(8).to_bytes();
        assert!(Network::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Network::from_bytes(&[bytes.as_slice(), &[0]].concat()).is_err());
        assert!(Network::from_bytes(b"NNUE").is_err());
        assert!(Network::from_bytes(&[]).is_err());
        let mut flag = bytes.clone();
        flag[8] = 2;
        assert!(Network::from_bytes(&flag).is_err());
        let mut wide = patterned::<Chess>(8);
        wide.output_weights[3] = 128;
        assert!(Network::from_bytes(&wide.to_bytes()).is_err());
        let mut huge = patterned::<Chess>(8);
        huge.hidden = MAX_HIDDEN + 1;
        assert!(Network::from_bytes(&huge.to_bytes()).is_err());
    }

    #[test]
    fn black_sees_the_board_turned_with_the_colours_swapped() {
        // A White knight on b1 (square 1) is, to Black, an enemy knight on b8 (square 57).
        let knight = Chess::def().kinds.iter().position(|k| k.code == "N").unwrap() as Kind;
        let kinds = Chess::def().kinds.len();
        assert_eq!(input::<Chess>(Color::White, Color::White, knight, 1), knight as usize * 64 + 1);
        assert_eq!(
            input::<Chess>(Color::Black, Color::White, knight, 1),
            (kinds + knight as usize) * 64 + 57
        );
        // On ten files and eight ranks: a1 (0) is a8 (70) turned.
        assert_eq!(input::<LionsUnicorns>(Color::Black, Color::Black, 0, 0), 70);
        // The knight on b1 seen on the other wing stands on g1; on ten files, a8 on j8.
        assert_eq!(
            input_on_mirrored_file::<Chess>(knight as usize * 64 + 1),
            knight as usize * 64 + 6
        );
        assert_eq!(input_on_mirrored_file::<LionsUnicorns>(80 + 70), 80 + 79);
    }

    #[test]
    fn a_position_and_its_colour_mirror_score_the_same_for_the_side_to_move() {
        let net = patterned::<Chess>(32);
        let pairs = [
            (
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
            ),
            ("8/5k2/8/3q4/8/8/2PP4/3K4 b - - 0 1", "3k4/2pp4/8/8/3Q4/8/5K2/8 w - - 0 1"),
        ];
        for (a, b) in pairs {
            let a = net.evaluate(&Position::<Chess>::from_fen(a).unwrap());
            let b = net.evaluate(&Position::<Chess>::from_fen(b).unwrap());
            assert_eq!(a, b);
        }
        // And the score is not the same for every position.
        let start = net.evaluate(&Position::<Chess>::start());
        let other = net.evaluate(&Position::<Chess>::from_fen(pairs[1].0).unwrap());
        assert_ne!(start, other);
    }

    /// The sizes scored with hidden vectors of a size known when compiled score as the
    /// code for any size does, in both variants' board sizes.
    #[test]
    fn every_size_scores_as_the_code_for_any_size() {
        let fens = [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/5k2/8/3q4/8/8/2PP4/3K4 b - - 0 1",
        ];
        for hidden in [32, 64, 128] {
            let net = patterned::<Chess>(hidden);
            for fen in fens {
                let pos = Position::<Chess>::from_fen(fen).unwrap();
                assert_eq!(net.evaluate(&pos), net.evaluate_any_size(&pos), "{hidden} {fen}");
            }
            let net = patterned::<LionsUnicorns>(hidden);
            let pos = Position::<LionsUnicorns>::start();
            assert_eq!(net.evaluate(&pos), net.evaluate_any_size(&pos), "{hidden}");
        }
    }

    #[test]
    fn the_score_is_the_sum_written_out() {
        // One hidden value, a lone pair of kings: the score computed by hand from the rows.
        let mut net = patterned::<Chess>(1);
        let king = Chess::def().king;
        let pos = Position::<Chess>::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1").unwrap();
        let (e1, e5) = (4, 36);
        let white = net.feature_bias[0]
            + net.feature_weights[input::<Chess>(Color::White, Color::White, king, e1)]
            + net.feature_weights[input::<Chess>(Color::White, Color::Black, king, e5)];
        let black = net.feature_bias[0]
            + net.feature_weights[input::<Chess>(Color::Black, Color::White, king, e1)]
            + net.feature_weights[input::<Chess>(Color::Black, Color::Black, king, e5)];
        let act = |x: i16| i64::from(x.clamp(0, 255)).pow(2);
        net.output_bias = -77;
        let sum = act(white) * i64::from(net.output_weights[0])
            + act(black) * i64::from(net.output_weights[1]);
        let expected = (sum / 255 - 77) * 400 / (255 * 64);
        assert_eq!(i64::from(net.evaluate(&pos)), expected);
    }
}
