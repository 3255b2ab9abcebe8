//! Sissa's extensions of the variants file format (docs/variants.md, "Sissa's extensions"):
//! bent and circular riders count what is worked out by hand, and bad extensions name their
//! lines. (The example file's Sea Horses and Rolling Kings count the built-in suites in
//! tests/ini_perft.rs.)

use sissa_movegen::ini::{self, FileRules};
use sissa_movegen::perft::perft;
use sissa_movegen::shape::Board8x8;
use sissa_movegen::Position;

/// The moves of White at depth 1 in `fen` of the loaded variant `name`.
fn moves(name: &str, fen: &str) -> u64 {
    assert!(ini::choose(name).is_some(), "{name} is loaded");
    let mut pos = Position::<FileRules<Board8x8>>::from_fen(fen)
        .unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
    perft(&mut pos, 1)
}

/// Hand-counted positions for bent and circular riders, on the shared generator (the Rose
/// is a catalogue piece) and on the general one (the same moves stated apart for moving and
/// capturing, and a Gryphon). One test: the variants of one board size share one registry.
#[test]
fn bent_and_circular_riders_count_what_is_worked_out_by_hand() {
    let text = "[gryphon-t]\nking = k\nrook = r\npawn = p\ncustomPiece1 = g:F{FoW*}\n\
                startFen = k7/8/8/8/3G4/8/8/7K w - - 0 1\n\
                [rose-t]\nking = k\nknight = n\ncustomPiece1 = o:{N~}\n\
                startFen = 7k/8/8/8/8/8/8/O6K w - - 0 1\n\
                [rose-general-t:rose-t]\ncustomPiece1 = o:m{N~}c{N~}\n";
    let report = ini::load_text(text);
    assert!(report.errors.is_empty(), "{:?}", report.errors);

    // The Gryphon on d4: a diagonal step (c5 e5 c3 e3), or after it a rook slide turning
    // 45 degrees away from d4: via e5 e6 e7 e8 and f5 g5 h5, via c5 b5 a5 and c6 c7 c8, via
    // e3 f3 g3 h3 and e2 e1, via c3 b3 a3 and c2 c1: 4 + 6 + 5 + 5 + 4 = 24 on an empty
    // board. The black pawn on e7 is taken but closes e8 (-1); the black rook on c3 is
    // taken but closes b3 a3 c2 c1 (-4): 19. The king on h1 has g1, g2, h2, none attacked
    // (the rook sees rank 3 and the c-file): 19 + 3 = 22.
    assert_eq!(moves("gryphon-t", "k7/4p3/8/8/3G4/2r5/8/7K w - - 0 1"), 22);
    // Without the blockers, the 24 and the king's 3.
    assert_eq!(moves("gryphon-t", "k7/8/8/8/3G4/8/8/7K w - - 0 1"), 27);

    // The Rose on a1: from a1 only b3 and c2 are knight leaps on the board. Round the circle
    // each way: b3 d4 f3 g1 (then off the board), b3 a5 (off), c2 e1 (off), c2 d4 c6 a7
    // (off): 9 squares on an empty board. A black knight on d4 is taken and stops both
    // circles through it (f3 g1 c6 a7 lost); a white knight on e1 stops c2-e1: b3 d4 a5 c2,
    // 4. The white knight on e1 has c2 d3 f3 g2 (4), the king on h1 g1 g2 h2 (3; the black
    // knight on d4 reaches b3 b5 c2 c6 e2 e6 f3 f5): 4 + 4 + 3 = 11.
    let fen = "7k/8/8/8/3n4/8/8/O3N2K w - - 0 1";
    assert_eq!(moves("rose-t", fen), 11);
    assert_eq!(moves("rose-general-t", fen), 11);
    // Without the knights: the 9 and the king's 3.
    let empty = "7k/8/8/8/8/8/8/O6K w - - 0 1";
    assert_eq!(moves("rose-t", empty), 12);
    assert_eq!(moves("rose-general-t", empty), 12);

    // Every prefix and many one-byte changes of a section with the extensions, loaded all
    // the way (parsed, compiled for its board, start position checked): never a panic.
    let section = "[m]\nking = k:\ncustomPiece1 = u:K{kingLine}m{W*F=}c{FoW*}{N~}\n\
                   kingLine = h1-a1 a2-h2 c3 e5-e3\nstartFen = 7k/8/8/8/8/8/8/U6K w - - 0 1\n";
    let bytes = section.as_bytes();
    for cut in 0..bytes.len() {
        let _ = ini::load_text(&String::from_utf8_lossy(&bytes[..cut]));
    }
    for i in 0..bytes.len() {
        for replacement in [b'*', b'{'] {
            let mut mangled = bytes.to_vec();
            mangled[i] = replacement;
            let _ = ini::load_text(&String::from_utf8_lossy(&mangled));
        }
    }
}

/// A bad atom in braces or a bad King-line refuses its section with the line it is on.
#[test]
fn bad_extensions_name_their_lines() {
    let text = "[a:chess]\ncustomPiece1 = s:{W*F}{F*W==}\n[b:chess]\nkingLine = a1 a1\n\
                [c:chess]\ncustomPiece1 = s:f{N~}\n[d:chess]\ncustomPiece1 = s:{W*F=\n\
                [e:chess]\ncustomPiece1 = u:K{kingLine}\n";
    let (definitions, errors) = ini::parse(text);
    assert!(definitions.is_empty(), "{definitions:?}");
    let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [2, 4, 6, 8, 10], "{errors:?}");
    assert!(errors[1].message.contains("kingLine"), "{}", errors[1]);
}
