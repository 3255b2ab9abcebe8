use super::*;
use crate::bitboard::Bitboard;
use crate::geometry::{Color, Square, Step};
use crate::ini::betza::parse_betza;
use crate::ini::mover::FileMover;
use crate::pieces::catalogue;
use crate::rules::{Bb, Rules};
use crate::shape::Shape;
use crate::variants::{
    chess::Chess, lionsunicorns::LionsUnicorns, rococo::Rococo, rollingkings::RollingKings,
    seahorses::SeaHorses, uc40::Uc40,
};

/// Hand-checked XBetza of pieces with something to show, each with its reason.
#[test]
fn catalogue_pieces_by_hand() {
    let exact = |kind: PieceKind| of_kind(&kind).exact().map(str::to_string);
    // The Lion's parts are a ferz step and leaps of two and three along ranks and files:
    // `F`, `D`, `H` in the catalogue's order, as XBoard has always been sent.
    assert_eq!(exact(catalogue::LION).as_deref(), Some("FDH"));
    // Bishop and nightrider; XBoard reads no doubled atom (`NN`), `N0` is the unlimited rider.
    assert_eq!(exact(catalogue::UNICORN).as_deref(), Some("BN0"));
    assert_eq!(exact(catalogue::CHANCELLOR).as_deref(), Some("RN"));
    assert_eq!(exact(catalogue::DRAGON_HORSE).as_deref(), Some("BW"));
    // Wazir and ferz steps alike merge into `K`; rook and bishop slides into `Q`.
    assert_eq!(exact(catalogue::KING).as_deref(), Some("K"));
    assert_eq!(exact(catalogue::AMAZON).as_deref(), Some("QN"));
    assert_eq!(exact(catalogue::CAMEL_QUEEN).as_deref(), Some("QC"));
    // The Dragon King's ferz is a leap, its rook a slide: nothing to merge.
    assert_eq!(exact(catalogue::DRAGON_KING).as_deref(), Some("RF"));
    // The Sissa's legs are equally long, which no XBetza range can tie together.
    assert!(matches!(of_kind(&catalogue::SISSA), Xbetza::Unwritable(_)));
    // Gryphon: a ferz step, or after an empty one (`y`) a rook slide turned 45 degrees
    // either way (`fs`), away from the start.
    assert_eq!(exact(catalogue::GRYPHON).as_deref(), Some("FyafsF"));
    assert_eq!(exact(catalogue::AANCA).as_deref(), Some("WyafsW"));
    // The Dragon's two-square leaps after a step would need a second atom.
    let dragon = of_kind(&catalogue::DRAGON);
    assert!(matches!(&dragon, Xbetza::Partial { xbetza, .. } if xbetza == "RF"), "{dragon:?}");
}

#[test]
fn ultima_captures_by_hand() {
    // The Advancer moves as a queen to empty squares (`mQ`); it captures by sliding to an
    // empty square (`y`, whose next legs are king steps), taking the piece one step on
    // (`fc`) and stepping back (`bm`) to stop.
    assert_eq!(of_kind(&catalogue::ADVANCER), Xbetza::Exact("mQyafcabmQ".into()));
    // The Withdrawer takes a neighbour (`c`), steps back to its square (`by`, after which
    // the legs are queen slides) and slides on away from it (`fm`).
    assert_eq!(of_kind(&catalogue::WITHDRAWER), Xbetza::Exact("mQcabyafmK".into()));
    // The PaoVao takes as a cannon along queen lines.
    assert_eq!(of_kind(&catalogue::PAOVAO), Xbetza::Exact("mQcpQ".into()));
    // The Cannon Pawn steps to empty squares, or passes an adjacent piece (`p`) and lands
    // one step on.
    assert_eq!(of_kind(&catalogue::CANNON_PAWN), Xbetza::Exact("mKpafK".into()));
    // XBoard takes one piece a move besides the landing square: the Long Leaper's single
    // captures, and the Pushme-Pullyu's approach or withdrawal, each alone.
    let partial = |kind: PieceKind| match of_kind(&kind) {
        Xbetza::Partial { xbetza, .. } => xbetza,
        other => panic!("{}: {other:?}", kind.name),
    };
    assert_eq!(partial(catalogue::LONG_LEAPER), "mQcafmQ");
    assert_eq!(partial(catalogue::PUSHME_PULLYU), "mQyafcabmQcabyafmK");
    // Captures XBetza has no words for: the moves alone.
    for kind in [catalogue::IMMOBILIZER, catalogue::SWAPPER, catalogue::CHAMELEON] {
        assert_eq!(partial(kind), "mQ", "{}", kind.name);
    }
    assert_eq!(partial(catalogue::PINCER_PAWN), "mR");
    assert_eq!(partial(catalogue::MOCK_KING), "K");
    assert!(matches!(of_kind(&catalogue::PAWN), Xbetza::Unwritable(_)));
}

fn written(betza: &str) -> String {
    let moves = parse_betza(betza).unwrap_or_else(|e| panic!("{betza}: {e}"));
    write_moves(&moves).unwrap_or_else(|e| panic!("{betza}: {e}"))
}

#[test]
fn file_pieces_by_hand() {
    // A single direction on an oblique atom is doubled: `fN` is the narrow forward pair in
    // variants.ini files, `ffN` that pair in XBoard and in those files alike.
    assert_eq!(written("fN"), "ffN");
    assert_eq!(written("fsN"), "fsN");
    assert_eq!(written("mRcpR"), "mRcpR");
    assert_eq!(written("gQ"), "gQ");
    assert_eq!(written("nN"), "nN");
    assert_eq!(written("BNN"), "BN0");
    assert_eq!(written("R4"), "R4");
    assert_eq!(written("fsW"), "fsW");
    assert_eq!(written("WfF"), "WfF");
    assert_eq!(written("mNcB"), "mNcB");
    // The en-passant `e` is the pawn rules', not a move.
    assert_eq!(written("fmWfceF"), "fmWfcF");
    // Move-only and capture-only entries of the same leaps are one move that does both.
    assert_eq!(written("mNcN"), "N");
    // The Janggi elephant: XBoard's `n` tests one square half-way, which a (3,2) leap lacks,
    // so its path is three legs: an empty orthogonal step, an empty diagonal one turned 45
    // degrees either way, and a last diagonal step on.
    assert_eq!(written("nZ"), "mafsmafW");
    // Three diagonals: a pair letter before a single whose first letter it cannot combine
    // with.
    assert_eq!(written("fFbrF"), "fbrF");
    assert!(write_moves(&[BetzaMove {
        step: (4, 1),
        travel: Travel::Leap,
        modality: Modality::Both
    }])
    .is_err());
}

/// The move set of a Betza text, independent of order and of how moves were split.
fn normalised(moves: &[BetzaMove]) -> Vec<(Step, Travel, bool, bool)> {
    let mut out: Vec<(Step, Travel, bool, bool)> = Vec::new();
    for mv in moves {
        match out.iter_mut().find(|(s, t, _, _)| *s == mv.step && *t == mv.travel) {
            Some(entry) => {
                entry.2 |= mv.modality.moves();
                entry.3 |= mv.modality.captures();
            }
            None => out.push((mv.step, mv.travel, mv.modality.moves(), mv.modality.captures())),
        }
    }
    out.sort_by_key(|&(s, t, _, _)| (s, format!("{t:?}")));
    out
}

/// Every direction subset of every atom and travel, written and read back by the file
/// reader: the same moves.
#[test]
fn written_directions_read_back_as_the_same_moves() {
    let atoms: [(Step, Travel); 7] = [
        ((1, 0), Travel::Leap),
        ((1, 1), Travel::Leap),
        ((2, 1), Travel::Leap),
        ((3, 1), Travel::Leap),
        ((1, 0), Travel::Ride { range: 3 }),
        ((1, 1), Travel::Ride { range: 0 }),
        ((2, 1), Travel::Lame),
    ];
    let mut checked = 0;
    for (atom, travel) in atoms {
        let images = symmetric_steps(atom.0, atom.1);
        for subset in 1u32..(1 << images.len()) {
            for modality in [Modality::Both, Modality::Move, Modality::Capture] {
                let moves: Vec<BetzaMove> = (0..images.len())
                    .filter(|i| subset >> i & 1 == 1)
                    .map(|i| BetzaMove { step: images[i], travel, modality })
                    .collect();
                let text = write_moves(&moves).unwrap_or_else(|e| panic!("{moves:?}: {e}"));
                let back = parse_betza(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(normalised(&back), normalised(&moves), "{text}");
                checked += 1;
            }
        }
    }
    // 4 orthogonal or diagonal images (15 subsets) for four atoms, 8 oblique images (255
    // subsets) for three, each in three modalities.
    assert_eq!(checked, 3 * (4 * 15 + 3 * 255));
}

/// The squares a catalogue piece and the file reader's reading of its XBetza move to on an
/// empty board, and (for a piece that captures by landing) capture a lone enemy on, from
/// every square: equal for every piece of `R` whose XBetza the reader reads, and for a
/// partly written piece a subset. Returns how many pieces were compared.
fn compare_with_reader<R: Rules>() -> usize {
    let tables = R::S::tables();
    let n = R::S::DIMS.squares() as Square;
    let mut compared = 0;
    for kind_def in &R::def().kinds {
        let kind = kind_def.kind;
        let (text, exact) = match of_kind(&kind) {
            Xbetza::Exact(text) => (text, true),
            Xbetza::Partial { xbetza, .. } => (xbetza, false),
            Xbetza::Unwritable(_) => continue,
        };
        // Multi-leg moves are beyond the reader's subset.
        let Ok(moves) = parse_betza(&text) else { continue };
        let reader = FileMover::<R::S>::compile(&moves);
        for from in 0..n {
            let empty = Bb::<R>::EMPTY;
            let catalogue = kind_def.mover.attacks(tables, from, empty);
            let read = reader.targets(Color::White, from, empty, empty);
            if !exact {
                // Some of its moves, and none it does not have.
                let extra = read.quiet & !catalogue;
                assert!(extra.is_empty(), "{} {text} from {from}", kind.name);
                continue;
            }
            assert_eq!(read.quiet, catalogue, "{} {text} from {from}", kind.name);
            if !kind.lands_only() {
                continue;
            }
            for to in 0..n {
                let lone = Bb::<R>::from_square(to);
                let takes = reader.targets(Color::White, from, lone, lone).captures.has(to);
                let attacks = kind_def.mover.attacks(tables, from, lone).has(to);
                assert_eq!(takes, attacks, "{} {text} {from}x{to}", kind.name);
            }
        }
        compared += 1;
    }
    compared
}

#[test]
fn every_built_in_piece_reads_back_as_its_catalogue_moves() {
    // Chess: K N B R Q. Lions and Unicorns adds M L U; Sea Horses C A H (the Sissa is
    // unwritable); Rolling Kings' Mock King; Rococo's King, Immobilizer, Chameleon and
    // Swapper (`mQ`). UC-40: its 41 types but the Pawn, the Sissa and the Rose (unwritable)
    // and the five written with several legs (Gryphon, Aanca, Advancer, Withdrawer, Long
    // Leaper).
    let counts = [
        compare_with_reader::<Chess>(),
        compare_with_reader::<LionsUnicorns>(),
        compare_with_reader::<SeaHorses>(),
        compare_with_reader::<RollingKings>(),
        compare_with_reader::<Rococo>(),
        compare_with_reader::<Uc40>(),
    ];
    assert_eq!(counts, [5, 8, 7, 6, 4, 41 - 3 - 5]);
}
