//! The evaluation in every variant: the parameter files load and round-trip, the feature
//! path and the breakdown give the search's score, and a colour-mirrored position scores the
//! same for its side to move in every variant whose rules are symmetric.

use sissa_eval::params::Params;
use sissa_eval::{layout, pawn_key, Evaluated, Evaluator, PawnCache};
use sissa_movegen::random::SplitMix64;
use sissa_movegen::variants::chess::Chess;
use sissa_movegen::variants::lionsunicorns::LionsUnicorns;
use sissa_movegen::variants::rococo::Rococo;
use sissa_movegen::variants::rollingkings::RollingKings;
use sissa_movegen::variants::seahorses::SeaHorses;
use sissa_movegen::variants::uc40::Uc40;
use sissa_movegen::{Position, Rules, Setup, Symmetry};

/// Runs `$check::<R>()` for every variant.
macro_rules! for_every_variant {
    ($check:ident) => {
        $check::<Chess>();
        $check::<LionsUnicorns>();
        $check::<SeaHorses>();
        $check::<RollingKings>();
        $check::<Rococo>();
        $check::<Uc40>();
    };
}

/// Positions from random games: a few games from seeded (mirror) setups, every position.
fn positions<R: Rules>(games: u64, plies: usize) -> Vec<Position<R>> {
    let mut out = Vec::new();
    for seed in 0..games {
        let fen = R::start_fen(&Setup { seed, symmetry: Symmetry::Mirror });
        let mut pos = Position::<R>::from_fen(&fen).expect("start position");
        let mut rng = SplitMix64::new(seed * 7919 + 1);
        out.push(pos.clone());
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves.iter().nth(rng.below(moves.len() as u64) as usize).copied();
            pos.make(mv.expect("a move below the length"));
            out.push(pos.clone());
        }
    }
    out
}

fn file_text<R: Rules>() -> String {
    let path = format!("{}/params/{}.txt", env!("CARGO_MANIFEST_DIR"), R::NAME);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn loads_and_round_trips<R: Evaluated>() {
    let specs = layout::<R>();
    let parsed = Params::parse(&specs, &file_text::<R>()).expect("the file fits its layout");
    assert_eq!(&parsed, R::params(), "{}: the compiled parameters are the file's", R::NAME);
    let written = parsed.to_text(&["header".to_string()]);
    let again = Params::parse(&specs, &written).expect("the written file fits its layout");
    assert_eq!(again, parsed, "{}", R::NAME);
    assert_eq!(again.to_text(&[]), parsed.to_text(&[]), "{}", R::NAME);
}

#[test]
fn parameter_files_load_and_round_trip() {
    for_every_variant!(loads_and_round_trips);
}

#[test]
fn a_file_that_does_not_fit_the_layout_is_refused() {
    let specs = layout::<Chess>();
    let text = file_text::<Chess>();
    let renamed = text.replacen("value.Queen", "value.Quean", 1);
    assert!(Params::parse(&specs, &renamed).unwrap_err().contains("value.Quean"));
    let queen = text.lines().find(|l| l.starts_with("value.Queen ")).expect("the queen's line");
    let without_endgame = queen.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    let one_value = text.replacen(queen, &without_endgame, 1);
    assert!(Params::parse(&specs, &one_value).is_err());
    let not_a_number = text.replacen(queen, &format!("{without_endgame} x"), 1);
    assert!(Params::parse(&specs, &not_a_number).is_err());
    let extra = format!("{text}surplus 1 2\n");
    assert!(Params::parse(&specs, &extra).is_err());
    let short: String = text.lines().take(40).map(|l| format!("{l}\n")).collect();
    assert!(Params::parse(&specs, &short).unwrap_err().contains("missing"));
}

fn feature_path_agrees<R: Evaluated>() {
    let e = Evaluator::<R>::new();
    let params = R::params();
    for pos in positions::<R>(6, 60) {
        let fast = e.evaluate(&pos);
        let sum = e.features(&pos).score(params);
        let white = sum.taper_scaled(e.phase(&pos), e.endgame_scale(&pos));
        let own = if pos.side() == sissa_movegen::geometry::Color::White { white } else { -white };
        assert_eq!(own + e.tempo(), fast, "{}: {}", R::NAME, pos.to_fen());
        assert_eq!(e.breakdown(&pos).score(), fast, "{}: {}", R::NAME, pos.to_fen());
    }
}

#[test]
fn the_feature_path_and_the_breakdown_give_the_search_score() {
    for_every_variant!(feature_path_agrees);
}

/// Every position of the random games through one pawn cache, in game order: most read a
/// structure cached a ply or two before, with the kings and the other pieces moved since.
fn cached_path_agrees<R: Evaluated>() {
    let e = Evaluator::<R>::new();
    let mut cache = PawnCache::<R>::default();
    for pos in positions::<R>(6, 60) {
        assert_eq!(
            e.evaluate_cached(&pos, pawn_key(&pos), &mut cache),
            e.evaluate(&pos),
            "{}: {}",
            R::NAME,
            pos.to_fen()
        );
    }
}

#[test]
fn the_pawn_cache_gives_the_score_without_it() {
    for_every_variant!(cached_path_agrees);
}

/// The position with ranks flipped, colours swapped and the other side to move, as FEN:
/// the placement's rows reversed with the case of the letters swapped, the holdings
/// swapped, castling and en passant dropped (the evaluation reads neither), a pair of
/// per-side numbers (UC-40's drop credits) swapped and other variant fields cleared.
fn mirror_fen(fen: &str) -> String {
    let swap_case = |s: &str| {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect::<String>()
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (board, holdings) = match fields[0].split_once('[') {
        Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
        None => (fields[0], None),
    };
    let rows: Vec<String> = board.split('/').rev().map(swap_case).collect();
    let mut placement = rows.join("/");
    if let Some(h) = holdings {
        let (white, black) = h.split_once('/').expect("two holdings");
        placement = format!("{placement}[{}/{}]", swap_case(black), swap_case(white));
    }
    let side = if fields[1] == "w" { "b" } else { "w" };
    let mut out = vec![placement, side.to_string(), "-".into(), "-".into()];
    out.extend(fields[4..6].iter().map(|s| s.to_string()));
    for extra in &fields[6..] {
        out.push(match extra.split_once(',') {
            Some((w, b)) => format!("{b},{w}"),
            None => "-".to_string(),
        });
    }
    out.join(" ")
}

fn mirror_scores_alike<R: Evaluated>() {
    let e = Evaluator::<R>::new();
    let mut checked = 0;
    for pos in positions::<R>(6, 60) {
        let fen = pos.to_fen();
        let mirrored = mirror_fen(&fen);
        // A mirrored position can be one the rules refuse (a pawn that could take en
        // passant is dropped with the square, say); those are skipped, but most must pass.
        let Ok(other) = Position::<R>::from_fen(&mirrored) else { continue };
        checked += 1;
        assert_eq!(e.evaluate(&other), e.evaluate(&pos), "{}: {fen} against {mirrored}", R::NAME);
    }
    assert!(checked > 200, "{}: only {checked} mirrored positions read", R::NAME);
}

#[test]
fn a_colour_mirrored_position_scores_the_same_for_its_side_to_move() {
    // All six games have rules that look the same from either side: Rolling Kings' Kings
    // walk the King-line forward from h1 and backward from h8, which is the same walk with
    // the ranks flipped; the random setups of Sea Horses and UC-40 are drawn mirrored.
    for_every_variant!(mirror_scores_alike);
}

#[test]
fn mirroring_a_fen_swaps_sides() {
    assert_eq!(mirror_fen("4k3/8/8/8/8/8/P7/3QK3 w K - 3 9"), "3qk3/p7/8/8/8/8/8/4K3 b - - 3 9");
    assert_eq!(
        mirror_fen("6k1/8/8/8/8/8/8/6K1[AF/f] w - - 0 1 1,0 -"),
        "6k1/8/8/8/8/8/8/6K1[F/af] b - - 0 1 0,1 -"
    );
}
