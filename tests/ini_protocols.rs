//! Variants from a file in the protocols: UCI's `VariantPath` option, and XBoard with
//! `sissa --variants FILE` and its own `VariantPath` option. The file's variants are named,
//! set up, searched and played like the built-in ones; a file that cannot be read is
//! reported and the engine goes on.

use crate::protocol_support::Engine;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples/variants.ini");
const LU_START: &str = "lrmbqkburl/nppppppppn/10/10/10/10/NPPPPPPPPN/LRMBQKBURL w KQkq - 0 1";

#[test]
fn uci_variant_path_loads_a_file_and_its_variants_play() {
    let mut engine = Engine::start();
    engine.send("uci");
    let said = engine.expect("uciok");
    engine
        .check(said.iter().any(|l| l.starts_with("option name VariantPath type string")), "option");
    engine.send("setoption name VariantPath value /no/such/file.ini");
    engine.sync_uci();
    engine.send(&format!("setoption name VariantPath value {EXAMPLE}"));
    let combo = engine.expect_prefix("option name UCI_Variant type combo");
    engine
        .check(combo.contains(" var chess ") && combo.contains(" var lionsunicorns-ini"), "combo");
    engine.send("setoption name UCI_Variant value lionsunicorns-ini");
    let announced = engine.expect_prefix("info string variant");
    let expected =
        format!("info string variant lionsunicorns-ini files 10 ranks 8 startpos {LU_START}");
    engine.check(announced == expected, "announcement");
    // Castling as Lions and Unicorns has it, once the way is clear.
    engine.send("position startpos moves h2h3 b7b6 g1h2 c7c6 h1g3 d7d6");
    engine.send("go perft 1");
    let lines = engine.read_until("perft total", |l| l.starts_with("Nodes searched:"));
    engine.check(lines.iter().any(|l| l.starts_with("f1h1:")), "castling f1h1 listed");
    engine.send("go depth 3");
    let best = engine.expect_prefix("bestmove ");
    engine.check(best.len() > "bestmove ".len() && !best.contains("(none)"), "a best move");
    engine.quit();
}

#[test]
fn xboard_lists_the_files_variants_and_sets_them_up() {
    let mut engine = Engine::start_with(&["--variants", EXAMPLE]);
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.expect("feature done=1");
    let variants = features.iter().find(|l| l.starts_with("feature variants=")).cloned();
    let variants = variants.unwrap_or_default();
    engine.check(
        variants.contains(",capablanca-ini") && variants.contains(",shatranj-ini"),
        "variants",
    );
    engine.check(features.iter().any(|l| l.contains("option=\"VariantPath -file")), "option");
    engine.send("new");
    engine.send("variant shatranj-ini");
    let setup = engine.sync_xboard(1);
    let board = setup.iter().find(|l| l.starts_with("setup (")).cloned().unwrap_or_default();
    engine.check(
        board.ends_with("8x8+0_fairy rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"),
        "setup",
    );
    // The Shatranj queen is the Ferz, the bishop the Alfil: each has its piece line.
    engine.check(
        setup.iter().any(|l| l == "piece Q& F") && setup.iter().any(|l| l == "piece B& A"),
        "pieces",
    );
    // No double step in Shatranj.
    engine.send("usermove e2e4");
    let said = engine.sync_xboard(2);
    engine.check(said.iter().any(|l| l.starts_with("Illegal move")), "e2e4 refused");
    engine.send("usermove e2e3");
    engine.send("go");
    engine.expect_prefix("move ");
    engine.send(&format!("option VariantPath={}", "/no/such/file.ini"));
    let said = engine.sync_xboard(3);
    engine.check(said.iter().any(|l| l.starts_with("Error")), "unreadable file reported");
    engine.quit();
}

/// A file variant with UC-40's reserve keys (the example file's `reserve-ini`) is shown to
/// XBoard as UC-40 is: its start position comes back from XBoard without the queues and is
/// taken for the start, and Sissa keeps XBoard's picture, queues and credits apart.
#[test]
fn xboard_keeps_the_queues_and_credits_of_a_file_variant() {
    let mut engine = Engine::start_with(&["--variants", EXAMPLE]);
    engine.send("xboard");
    engine.send("protover 2");
    engine.expect("feature done=1");
    engine.send("new");
    engine.send("force");
    engine.send("variant reserve-ini");
    let said = engine.sync_xboard(1);
    let setup = said.iter().find(|l| l.starts_with("setup (")).cloned().unwrap_or_default();
    let fen = setup.rsplit(") 8x8+0_fairy ").next().unwrap_or("").to_string();
    engine.check(!fen.is_empty() && !fen.contains('['), &format!("queues sent to XBoard: {fen}"));
    engine.send(&format!("setboard {fen}"));
    // 1.e3 Na6 2.Bxa6 bxa6: a bishop for a knight, one credit each.
    for mv in ["e2e3", "b8a6", "f1a6", "b7a6"] {
        engine.send(&format!("usermove {mv}"));
    }
    let said = engine.sync_xboard(2);
    engine.assert_no(&said, "refusal", |l| l.starts_with("Error") || l.starts_with("Illegal"));
    let real = said.iter().rev().find_map(|l| l.strip_prefix("# xboard picture ")).unwrap_or("");
    let expected = "r1bqkbnr/p1pppppp/p7/8/8/4P3/PPPP1PPP/RNBQK1NR[QRBN/qrbn] w - - 0 3 1,1 -";
    engine.check(real.ends_with(&format!(" for {expected}")), &format!("picture line {real}"));
    engine.send("go");
    let reply = engine.expect_prefix("move ");
    engine.check(reply.len() > "move ".len(), "a move");
    engine.quit();
}
