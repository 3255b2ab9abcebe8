//! Rook and bishop attacks for a given occupancy.
//!
//! Two implementations behind one trait:
//! - [`MagicSliders`]: fancy magic bitboards for 8x8 (`u64`), one multiply and one lookup.
//!   The magic numbers are found at start-up by a seeded search, so they are reproducible.
//! - [`LineSliders`]: split line lookups for any board up to 16x16 that fits the bitboard.
//!   A rook's attacks are its rank's plus its file's, a bishop's its two diagonals'. Each
//!   line's occupancy is gathered into a small index (a shift for ranks; one multiplication
//!   for files and diagonals, whose partial products never overlap, so no carries corrupt
//!   the index), looked up in a table of attack patterns along a line, and spread back.

use crate::bitboard::Bitboard;
use crate::geometry::{Dims, Square, Step};

pub trait Sliders<B: Bitboard>: Send + Sync + 'static {
    fn build(dims: Dims) -> Self;
    fn rook(&self, sq: Square, occ: B) -> B;
    fn bishop(&self, sq: Square, occ: B) -> B;
}

const ROOK_STEPS: [Step; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_STEPS: [Step; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Attacks by walking square by square: slow, obviously right; used to build and test tables.
pub fn walk_slider<B: Bitboard>(dims: Dims, sq: Square, occ: B, steps: &[Step]) -> B {
    let mut out = B::EMPTY;
    for &step in steps {
        let mut cur = sq;
        while let Some(next) = dims.offset(cur, step) {
            out |= B::from_square(next);
            if occ.has(next) {
                break;
            }
            cur = next;
        }
    }
    out
}

/// The squares whose occupancy matters to a slider on `sq`: its rays without their last square.
fn relevant_mask<B: Bitboard>(dims: Dims, sq: Square, steps: &[Step]) -> B {
    let mut out = B::EMPTY;
    for &step in steps {
        let mut cur = sq;
        while let Some(next) = dims.offset(cur, step) {
            if dims.offset(next, step).is_none() {
                break;
            }
            out |= B::from_square(next);
            cur = next;
        }
    }
    out
}

/// Magic numbers found once by the seeded search below, so start-up only has to verify them
/// (the search itself took a quarter of a second). If one ever fails its check, the search
/// runs for that square.
#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [
    0x0080008810204000, 0x0040001000200041, 0x0A00120020800840, 0x0200041040200A00,
    0xAA00100804020021, 0x2080018022002400, 0x0400009002014804, 0x0100003203408500,
    0x1040800040008021, 0x0000804000200088, 0xC010801008802004, 0xA021001000090022,
    0x0300800800040080, 0x1002800400800200, 0x0000800200010080, 0x10A1800100004480,
    0x0000208000400080, 0x2050024000200240, 0x1030008010802000, 0x0010004008004400,
    0x3000050011000800, 0x0004008002000480, 0x0080440008011042, 0x5800020010940041,
    0x40C0400080208000, 0x8000400040201000, 0x3581004300122002, 0x0A10080080100080,
    0x80C0080100050010, 0x0000040080800200, 0x2022413400021018, 0x4010210A00005084,
    0x0000410082002205, 0x0140004080802000, 0x1006081042002080, 0x0400500081800804,
    0x4100800400800800, 0x0200020080800400, 0x0A00011004000208, 0x0080010082000044,
    0x0000208040008000, 0x0460004010004020, 0x2246008840220010, 0x4280100021010008,
    0xC031000800050010, 0x1218204004080110, 0x0102000108020084, 0x0001140080420011,
    0x00030280002C4100, 0x0848200440148080, 0x0061182005014100, 0x0002100008008480,
    0x4184080004028080, 0x0002000804100200, 0x0600020110080400, 0x2240800100004080,
    0x00001024C1800101, 0x0003C00161019881, 0x0001000C40102001, 0x0042011850242042,
    0x000A000410200802, 0x0142001004080102, 0x8400100100820804, 0x0005804AA0840106,
];
#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [
    0x0040220800410246, 0x0890920811002090, 0x80100448812A1310, 0x4011040C80000440,
    0x0004242000000100, 0x00044108400000C0, 0x0044820110410008, 0x0411002230040404,
    0x0C02040404640404, 0x208412240C040844, 0x2800044906060010, 0x1101040400880020,
    0x0010140422000200, 0x1000010420050000, 0x4000820824840400, 0x0040242084100800,
    0x4110500802084800, 0x0220000248210101, 0x0003001806040431, 0x1024009840102000,
    0x0002001012100820, 0x0012000822012001, 0x4009000041109000, 0x0808290080880810,
    0x000242E020880203, 0x020802A004100200, 0x0488020001040100, 0x1024040002401081,
    0x2001010000104000, 0x0001004018080800, 0x000404030080840C, 0x00850220010C0100,
    0x2404100422420480, 0x0409142049510104, 0x000C002408280040, 0x20004008080C8200,
    0x588D120400060102, 0x001200A200210040, 0x0022020200E04808, 0x0648020840008050,
    0x0014012088001096, 0x1000880808000200, 0x1020120111001000, 0x0000050141082801,
    0x0200080104000040, 0x2610A00080208100, 0x1120018400800108, 0x8203015400365100,
    0x0000808411400048, 0x2080210808050010, 0x8002010101410022, 0x2003020046080144,
    0x0804521020220050, 0x0200200410209000, 0x0588030802040000, 0x11100224812206C0,
    0x0600822988200802, 0x0120220494941084, 0x9100008058441000, 0x0000001030840402,
    0x000000F490020210, 0x8080000908080820, 0x5000082191040500, 0x0210222204041090,
];

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Fancy magic bitboards for the 8x8 board.
pub struct MagicSliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Vec<u64>,
}

/// xorshift64*: a small deterministic generator for the magic search.
struct MagicRng(u64);

impl MagicRng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

impl MagicSliders {
    fn find(
        dims: Dims,
        steps: &[Step],
        known: &[u64; 64],
        rng: &mut MagicRng,
        attacks: &mut Vec<u64>,
    ) -> [Magic; 64] {
        let mut magics = [Magic::default(); 64];
        for sq in 0..64u8 {
            let mask: u64 = relevant_mask(dims, sq, steps);
            let bits = mask.count_ones();
            let shift = 64 - bits;
            // Every subset of the mask, with its true attack set.
            let mut subsets = Vec::with_capacity(1 << bits);
            let mut sub = 0u64;
            loop {
                subsets.push((sub, walk_slider::<u64>(dims, sq, sub, steps)));
                sub = sub.wrapping_sub(mask) & mask;
                if sub == 0 {
                    break;
                }
            }
            let offset = attacks.len();
            attacks.resize(offset + (1 << bits), 0);
            let mut used = vec![0u32; 1 << bits];
            let mut attempt = 0u32;
            'search: loop {
                attempt += 1;
                let magic = if attempt == 1 { known[sq as usize] } else { rng.sparse() };
                if attempt > 1 && (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                    continue;
                }
                for &(occ, att) in &subsets {
                    let idx = (occ.wrapping_mul(magic) >> shift) as usize;
                    if used[idx] == attempt && attacks[offset + idx] != att {
                        continue 'search;
                    }
                    used[idx] = attempt;
                    attacks[offset + idx] = att;
                }
                magics[sq as usize] = Magic { mask, magic, shift, offset };
                break;
            }
        }
        magics
    }

    #[inline(always)]
    fn lookup(&self, m: &Magic, occ: u64) -> u64 {
        self.attacks[m.offset + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]
    }
}

impl Sliders<u64> for MagicSliders {
    fn build(dims: Dims) -> Self {
        assert_eq!((dims.files, dims.ranks), (8, 8), "magic sliders are for 8x8");
        let mut rng = MagicRng(0x5155_A5A5_0F0F_1234);
        let mut attacks = Vec::new();
        let rook = Self::find(dims, &ROOK_STEPS, &ROOK_MAGICS, &mut rng, &mut attacks);
        let bishop = Self::find(dims, &BISHOP_STEPS, &BISHOP_MAGICS, &mut rng, &mut attacks);
        MagicSliders { rook, bishop, attacks }
    }

    #[inline(always)]
    fn rook(&self, sq: Square, occ: u64) -> u64 {
        self.lookup(&self.rook[sq as usize & 63], occ)
    }

    #[inline(always)]
    fn bishop(&self, sq: Square, occ: u64) -> u64 {
        self.lookup(&self.bishop[sq as usize & 63], occ)
    }
}

/// Split line lookups for boards of up to 16 files and ranks (ranks <= files).
pub struct LineSliders<B> {
    files: u32,
    ranks: u32,
    /// `along_files[pos << (files - 2) | inner]`: attacked positions (bit = file) of a slider on
    /// file `pos` of a line whose inner squares (files 1..files-1) are occupied as `inner`.
    along_files: Vec<u16>,
    /// `file_a[rank << (ranks - 2) | inner]`: attacks of a slider on file a, that rank.
    file_a: Vec<B>,
    file_a_mask: B,
    /// Sum of 2^(files * t): copies a rank pattern into every rank, and gathers a line with
    /// one square per file into the top rank.
    fill: B,
    /// Gathers file a's squares (bit files * r) into bits `file_gather_shift + r`.
    file_gather: B,
    file_gather_shift: u32,
    diagonal: Box<[B; 256]>,
    anti_diagonal: Box<[B; 256]>,
}

impl<B: Bitboard> LineSliders<B> {
    /// Attacks along a rank-like line, in the bit-per-file form.
    #[inline(always)]
    fn pattern(&self, file: u32, line_occ: u64) -> u64 {
        let inner = (line_occ >> 1) & ((1 << (self.files - 2)) - 1);
        self.along_files[((file as usize) << (self.files - 2)) | inner as usize] as u64
    }

    /// Attacks along a line that has at most one square per file (a diagonal or a rank).
    #[inline(always)]
    fn by_file_line(&self, sq: Square, occ: B, mask: B) -> B {
        let file = sq as u32 % self.files;
        let gathered = ((occ & mask).wrapping_mul(self.fill) >> (self.files * (self.ranks - 1)))
            .low_u64()
            & ((1 << self.files) - 1);
        B::from_u64(self.pattern(file, gathered)).wrapping_mul(self.fill) & mask
    }
}

impl<B: Bitboard> Sliders<B> for LineSliders<B> {
    fn build(dims: Dims) -> Self {
        let (files, ranks) = (dims.files as u32, dims.ranks as u32);
        assert!(ranks <= files && files <= 16 && ranks >= 2 && files * ranks <= B::BITS);
        // Attack patterns on a line of `len` squares: bit i = position i.
        let line_table = |len: u32| {
            let mut out = vec![0u16; (len as usize) << (len - 2)];
            for pos in 0..len {
                for inner in 0..(1u32 << (len - 2)) {
                    let occ = inner << 1;
                    let mut att = 0u16;
                    for dir in [-1i32, 1] {
                        let mut p = pos as i32 + dir;
                        while p >= 0 && p < len as i32 {
                            att |= 1 << p;
                            if occ & (1 << p) != 0 {
                                break;
                            }
                            p += dir;
                        }
                    }
                    out[((pos as usize) << (len - 2)) | inner as usize] = att;
                }
            }
            out
        };
        let along_files = line_table(files);
        let along_ranks = line_table(ranks);
        let mut file_a_mask = B::EMPTY;
        let mut fill = B::EMPTY;
        for r in 0..ranks {
            file_a_mask |= B::from_square((r * files) as Square);
            fill |= B::ONE << (r * files);
        }
        let spread_file = |pattern: u16| {
            let mut out = B::EMPTY;
            for r in 0..ranks {
                if pattern & (1 << r) != 0 {
                    out |= B::from_square((r * files) as Square);
                }
            }
            out
        };
        let file_a = along_ranks.iter().map(|&p| spread_file(p)).collect();
        // Square r*files goes to bit P + r when multiplied by 2^(P - (files-1)*r); the other
        // partial products land on distinct bits outside P..P+ranks (files and files-1 are
        // coprime), so nothing carries into the index.
        let file_gather_shift = (files - 1) * (ranks - 1);
        let mut file_gather = B::EMPTY;
        for j in 0..ranks {
            file_gather |= B::ONE << (file_gather_shift - (files - 1) * j);
        }
        let mut diagonal = Box::new([B::EMPTY; 256]);
        let mut anti_diagonal = Box::new([B::EMPTY; 256]);
        for sq in 0..dims.squares() as Square {
            let bit = B::from_square(sq);
            diagonal[sq as usize] = walk_slider(dims, sq, B::EMPTY, &[(1, 1), (-1, -1)]) | bit;
            anti_diagonal[sq as usize] = walk_slider(dims, sq, B::EMPTY, &[(1, -1), (-1, 1)]) | bit;
        }
        LineSliders {
            files,
            ranks,
            along_files,
            file_a,
            file_a_mask,
            fill,
            file_gather,
            file_gather_shift,
            diagonal,
            anti_diagonal,
        }
    }

    #[inline(always)]
    fn rook(&self, sq: Square, occ: B) -> B {
        let (file, rank) = (sq as u32 % self.files, sq as u32 / self.files);
        let rank_shift = rank * self.files;
        let rank_occ = (occ >> rank_shift).low_u64();
        let along_rank = B::from_u64(self.pattern(file, rank_occ)) << rank_shift;
        let file_occ = (((occ >> file) & self.file_a_mask).wrapping_mul(self.file_gather)
            >> self.file_gather_shift)
            .low_u64();
        let inner = (file_occ >> 1) & ((1 << (self.ranks - 2)) - 1);
        let along_file =
            self.file_a[((rank as usize) << (self.ranks - 2)) | inner as usize] << file;
        along_rank | along_file
    }

    #[inline(always)]
    fn bishop(&self, sq: Square, occ: B) -> B {
        self.by_file_line(sq, occ, self.diagonal[sq as usize])
            | self.by_file_line(sq, occ, self.anti_diagonal[sq as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_against_walk<B: Bitboard, S: Sliders<B>>(dims: Dims, seed: u64) {
        let sliders = S::build(dims);
        let mut rng = MagicRng(seed);
        let n = dims.squares();
        for _ in 0..3000 {
            let mut occ = B::EMPTY;
            for sq in 0..n as Square {
                if rng.next().is_multiple_of(4) {
                    occ |= B::from_square(sq);
                }
            }
            for sq in 0..n as Square {
                assert_eq!(sliders.rook(sq, occ), walk_slider(dims, sq, occ, &ROOK_STEPS));
                assert_eq!(sliders.bishop(sq, occ), walk_slider(dims, sq, occ, &BISHOP_STEPS));
            }
        }
    }

    #[test]
    fn stored_magics_need_no_search() {
        let s = MagicSliders::build(Dims::new(8, 8));
        for sq in 0..64 {
            assert_eq!(s.rook[sq].magic, ROOK_MAGICS[sq], "rook magic of square {sq}");
            assert_eq!(s.bishop[sq].magic, BISHOP_MAGICS[sq], "bishop magic of square {sq}");
        }
    }

    #[test]
    fn magic_matches_walking() {
        check_against_walk::<u64, MagicSliders>(Dims::new(8, 8), 1);
    }

    #[test]
    fn line_lookups_match_walking_on_every_shape() {
        check_against_walk::<u64, LineSliders<u64>>(Dims::new(8, 8), 2);
        check_against_walk::<u128, LineSliders<u128>>(Dims::new(10, 8), 3);
        check_against_walk::<u128, LineSliders<u128>>(Dims::new(10, 10), 4);
        check_against_walk::<u128, LineSliders<u128>>(Dims::new(16, 8), 5);
        check_against_walk::<u128, LineSliders<u128>>(Dims::new(12, 10), 6);
    }
}
