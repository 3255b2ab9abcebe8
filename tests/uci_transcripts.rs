//! UCI as a GUI talks to Sissa: identification and options, variants, searches with their
//! info lines, `go perft`, game ends, and bad input answered with `info string` while the
//! position stays correct (checked through `go perft 1`, which lists the legal moves).

use crate::protocol_support::Engine;
use sissa_movegen::{Game, Setup, Variant};
use std::time::Duration;

fn started() -> Engine {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect("uciok");
    engine
}

/// The legal moves the engine sees, from `go perft 1`.
fn moves_seen(engine: &mut Engine) -> Vec<String> {
    engine.send("go perft 1");
    let mut lines = engine.read_until("perft total", |l| l.starts_with("Nodes searched:"));
    lines.pop();
    lines.iter().filter_map(|l| l.split(':').next().map(str::to_string)).collect()
}

fn legal_moves(game: &Game) -> Vec<String> {
    let mut moves = game.position().legal_moves();
    moves.sort();
    moves
}

#[test]
fn identification_lists_the_options_and_every_variant() {
    let mut engine = Engine::start();
    engine.send("uci");
    let said = engine.expect("uciok");
    engine.check(said.iter().any(|l| l.starts_with("id name Sissa")), "id name");
    let combo = said.iter().find(|l| l.starts_with("option name UCI_Variant type combo"));
    let combo = combo.cloned().unwrap_or_default();
    for variant in Variant::ALL {
        engine.check(combo.contains(&format!(" var {}", variant.name())), "variant in combo");
    }
    for option in ["Threads", "Hash", "MultiPV"] {
        let found = said.iter().any(|l| l.starts_with(&format!("option name {option} type spin")));
        engine.check(found, &format!("option {option}"));
    }
    engine.quit();
}

#[test]
fn variant_change_is_announced_and_perft_follows_it() {
    let mut engine = started();
    for variant in Variant::ALL {
        engine.send(&format!("setoption name UCI_Variant value {}", variant.name()));
        let dims = variant.dims();
        let start = variant.start_fen(&Setup::default());
        let announcement = format!(
            "info string variant {} files {} ranks {} startpos {}",
            variant.name(),
            dims.files,
            dims.ranks,
            start
        );
        let said = engine.sync_uci();
        engine.check(said == [announcement], "variant announcement");
        engine.send("position startpos");
        let mut seen = moves_seen(&mut engine);
        seen.sort();
        let game = Game::new(variant, Setup::default());
        engine.check(seen == legal_moves(&game), &format!("{variant} start moves"));
    }
    engine.quit();
}

#[test]
fn go_perft_prints_as_the_command_line_does() {
    let mut engine = started();
    engine.send("position startpos");
    engine.send("go perft 2");
    let lines = engine.read_until("total", |l| l.starts_with("Nodes searched:"));
    // 20 root moves with 20 replies each.
    engine.check(lines.len() == 21, "20 moves and a total");
    engine.check(lines[..20].iter().all(|l| l.ends_with(": 20")), "20 replies each");
    engine.check(lines[20] == "Nodes searched: 400", "total");
    engine.quit();
}

#[test]
fn a_search_reports_info_and_a_legal_best_move() {
    let mut engine = started();
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go depth 2");
    let lines = engine.read_until("bestmove", |l| l.starts_with("bestmove "));
    let info = lines.iter().find(|l| l.starts_with("info depth")).cloned().unwrap_or_default();
    for field in [" seldepth ", " score ", " nodes ", " nps ", " time ", " hashfull ", " pv "] {
        engine.check(info.contains(field), &format!("info line lacks{field}"));
    }
    let best = lines.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or("").to_string();
    let mut game = Game::new(Variant::Chess, Setup::default());
    game.play("e2e4").and_then(|_| game.play("e7e5")).expect("legal");
    engine.check(game.play(&best).is_ok(), &format!("best move {best} is illegal"));
    engine.quit();
}

#[test]
fn multipv_and_searchmoves_shape_the_search() {
    let mut engine = started();
    // Ra8 is the only mate in one.
    engine.send("position fen 6k1/5ppp/8/8/8/8/1P6/R5K1 w - - 0 1");
    engine.send("setoption name MultiPV value 2");
    engine.send("go depth 3");
    let lines = engine.read_until("bestmove", |l| l.starts_with("bestmove "));
    let at_depth_3: Vec<&String> =
        lines.iter().filter(|l| l.starts_with("info depth 3 ")).collect();
    engine.check(at_depth_3.len() == 2, "two lines at depth 3");
    engine.check(at_depth_3[0].contains(" multipv 1 score mate 1 "), "first line mates");
    engine.check(at_depth_3[1].contains(" multipv 2 "), "second line numbered");
    engine.check(!at_depth_3[1].contains(" pv a1a8"), "second line starts elsewhere");
    engine.check(lines.last().is_some_and(|l| l.starts_with("bestmove a1a8")), "mate played");
    // Without the mating move the engine must play one of those it was given.
    engine.send("setoption name MultiPV value 1");
    engine.send("go depth 3 searchmoves b2b3 a1b1 z9z9");
    let lines = engine.read_until("bestmove", |l| l.starts_with("bestmove "));
    engine.check(lines.iter().any(|l| l.contains("z9z9")), "illegal searchmove reported");
    engine.assert_no(&lines, "multipv number", |l| l.contains(" multipv "));
    let best = lines.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or("");
    engine.check(best == "b2b3" || best == "a1b1", &format!("best move {best} not searched"));
    engine.send("setoption name MultiPV value 0");
    let said = engine.sync_uci();
    engine.check(said.iter().any(|l| l.starts_with("info string bad MultiPV")), "bad MultiPV");
    engine.quit();
}

#[test]
fn infinite_search_answers_isready_and_stops_on_stop() {
    let mut engine = started();
    engine.send("position startpos");
    engine.send("go infinite");
    let said = engine.sync_uci();
    engine.assert_no(&said, "bestmove before stop", |l| l.starts_with("bestmove"));
    engine.send("stop");
    let best = engine.expect_prefix("bestmove ");
    let mv = best.split_whitespace().nth(1).unwrap_or("").to_string();
    let game = Game::new(Variant::Chess, Setup::default());
    engine.check(legal_moves(&game).contains(&mv), "legal best move after stop");
    engine.quit();
}

#[test]
fn game_end_gives_bestmove_none_with_its_score() {
    let mut engine = started();
    // Fool's mate: White is mated.
    engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    engine.send("go depth 3");
    let said = engine.read_until("bestmove", |l| l.starts_with("bestmove"));
    engine.check(
        said.ends_with(&["info depth 0 score mate 0".into(), "bestmove (none)".into()]),
        "mate",
    );
    // Stalemate: Black to move, no move, not in check.
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go depth 3");
    let said = engine.read_until("bestmove", |l| l.starts_with("bestmove"));
    engine.check(
        said.ends_with(&["info depth 0 score cp 0".into(), "bestmove (none)".into()]),
        "draw",
    );
    engine.quit();
}

#[test]
fn bad_input_is_reported_and_the_position_kept() {
    let mut engine = started();
    let mut after_e4 = Game::new(Variant::Chess, Setup::default());
    after_e4.play("e2e4").expect("legal");

    engine.send("frobnicate");
    let said = engine.sync_uci();
    engine.check(said.len() == 1 && said[0].starts_with("info string"), "unknown command");

    // An illegal move: the moves before it stand.
    engine.send("position startpos moves e2e4 e2e4 d7d5");
    let said = engine.sync_uci();
    engine.check(said.len() == 1 && said[0].starts_with("info string"), "illegal move");
    let mut seen = moves_seen(&mut engine);
    seen.sort();
    engine.check(seen == legal_moves(&after_e4), "position after e2e4");

    // A malformed FEN: the position does not change.
    engine.send("position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1");
    engine.send("position fen");
    engine.send("position sideways");
    let said = engine.sync_uci();
    engine.check(said.len() == 3 && said.iter().all(|l| l.starts_with("info string")), "bad");
    let mut seen = moves_seen(&mut engine);
    seen.sort();
    engine.check(seen == legal_moves(&after_e4), "position kept after bad FEN");

    // Bad go parameters and options: a message, no search.
    engine.send("go depth");
    engine.send("go sideways 3");
    engine.send("setoption name UCI_Variant value nosuchgame");
    engine.send("setoption name Hash value lots");
    engine.send("setoption name Nonsense value 1");
    // Numbers out of range, each of which once overflowed or overran the stack.
    engine.send("go wtime 99999999999999999999 btime 1000");
    engine.send("go mate 4000000000");
    engine.send("go perft 100000");
    engine.send("setoption name Hash value 70000");
    engine.send("setoption name Threads value 0");
    let said = engine.sync_uci();
    engine.check(said.len() == 10 && said.iter().all(|l| l.starts_with("info string")), "bad");
    engine.send("stop");
    engine.send("ponderhit");
    let said = engine.sync_uci();
    engine.check(said.is_empty(), "stop and ponderhit without a search are ignored");
    engine.quit();
}

#[test]
fn isready_is_answered_during_a_long_search_and_stop_ends_it() {
    let mut engine = started();
    engine.send("position startpos moves g1f3");
    engine.send("go movetime 60000");
    let said = engine.sync_uci();
    engine.assert_no(&said, "bestmove before stop", |l| l.starts_with("bestmove"));
    engine.send("stop");
    let best = engine.expect_prefix("bestmove ");
    let mv = best.split_whitespace().nth(1).unwrap_or("").to_string();
    let mut game = Game::new(Variant::Chess, Setup::default());
    game.play("g1f3").expect("legal");
    engine.check(game.play(&mv).is_ok(), "legal best move after stop");
    engine.quit();
}

#[test]
fn setup_seed_and_symmetry_choose_the_sea_horses_start() {
    let mut engine = started();
    engine.send("setoption name UCI_Variant value seahorses");
    engine.sync_uci();
    engine.send("setoption name Setup Seed value 5");
    engine.send("setoption name Symmetry value central");
    let said = engine.sync_uci();
    let setup = Setup { seed: 5, symmetry: "central".parse().expect("symmetry") };
    let start = Variant::SeaHorses.start_fen(&setup);
    let wanted = format!("info string variant seahorses files 8 ranks 8 startpos {start}");
    engine.check(said.last() == Some(&wanted), "announced start of seed 5, central");
    engine.send("position startpos");
    let mut seen = moves_seen(&mut engine);
    seen.sort();
    engine.check(seen == legal_moves(&Game::new(Variant::SeaHorses, setup)), "that setup");
    engine.quit();
}

/// The time the engine in debug mode says it took for its last move.
fn own_time(said: &[String]) -> Option<Duration> {
    let line = said.iter().rev().find_map(|l| l.strip_prefix("info string go to bestmove "))?;
    line.split_once(" us")?.0.parse().ok().map(Duration::from_micros)
}

/// The hard time limit the engine's last report gives (`...; searched N us of LIMIT us`).
fn hard_limit(said: &[String]) -> Option<Duration> {
    let line = said.iter().rev().find(|l| l.starts_with("info string go to bestmove "))?;
    let limit = line.split_once(" of ")?.1.split_once(" us")?.0;
    limit.parse().ok().map(Duration::from_micros)
}

#[test]
fn move_overhead_is_announced_checked_and_kept_back_from_a_fixed_move_time() {
    let mut engine = Engine::start();
    engine.send("uci");
    let said = engine.expect("uciok");
    let announced = "option name Move Overhead type spin default 50 min 0 max 5000";
    engine.check(said.iter().any(|l| l == announced), "Move Overhead announced");
    for bad in ["5001", "-1", "x", ""] {
        engine.send(&format!("setoption name Move Overhead value {bad}"));
    }
    let said = engine.sync_uci();
    let refused = said.iter().filter(|l| l.starts_with("info string bad Move Overhead")).count();
    engine.check(refused == 4 && said.len() == 4, "out of range values refused");
    // With 2.9 s of 3 s kept back the search has 0.1 s; ignoring the option would give it
    // 2.95 s. The bound between is generous, for a loaded machine.
    engine.send("setoption name Move Overhead value 2900");
    engine.send("debug on");
    engine.send("position startpos");
    engine.send("go movetime 3000");
    let said = engine.read_until("bestmove", |l| l.starts_with("bestmove"));
    let own = own_time(&said);
    engine.check(own.is_some_and(|t| t < Duration::from_millis(1500)), "thought 0.1 s");
    // The report gives the limit the search kept to: the 3 s less the 2.9 s kept back.
    engine.check(hard_limit(&said) == Some(Duration::from_millis(100)), "a 0.1 s limit");
    engine.quit();
}

/// Nodes of the last info line of a search to depth 7 from the start.
fn nodes_to_depth_7(engine: &mut Engine) -> Option<u64> {
    engine.send("ucinewgame");
    engine.send("position startpos");
    engine.send("go depth 7");
    let said = engine.read_until("bestmove", |l| l.starts_with("bestmove"));
    let info = said.iter().rev().find(|l| l.starts_with("info depth 7 "))?;
    let mut words = info.split_whitespace();
    words.find(|&w| w == "nodes")?;
    words.next()?.parse().ok()
}

#[test]
fn search_constants_are_set_by_name_checked_and_searched_with() {
    let mut engine = started();
    let default = nodes_to_depth_7(&mut engine);
    for bad in ["99", "501", "x", ""] {
        engine.send(&format!("setoption name LmrDivisor value {bad}"));
    }
    let said = engine.sync_uci();
    let refused = said.iter().filter(|l| l.starts_with("info string bad value for LmrDivisor"));
    engine.check(refused.count() == 4 && said.len() == 4, "out of range values refused");
    let after_refusals = nodes_to_depth_7(&mut engine);
    engine.check(after_refusals == default, "refused values change nothing");
    // Reductions twice as deep (ln d ln n / 1.1): the same depth in another tree.
    engine.send("setoption name lmrdivisor value 110");
    let said = engine.sync_uci();
    engine.check(said.is_empty(), "a value in range is taken silently");
    let reduced = nodes_to_depth_7(&mut engine);
    engine.check(reduced.is_some() && reduced != default, "the table changed the search");
    engine.quit();
}

/// A network of `variant` that scores every position 400 cp for the side to move: its one
/// hidden value is its bias, 1.0 (255 in the file), whose activation, 1.0, has the output
/// weight 1.0 (64) on the side to move's side and 0 on the other's; 1.0 is 400 cp.
fn flat_network(variant: &str, inputs: usize) -> Vec<u8> {
    flat_scoring(variant, inputs, false)
}

/// `flat_network`'s network, standing alone or added to the compiled evaluation.
fn flat_scoring(variant: &str, inputs: usize, on_compiled: bool) -> Vec<u8> {
    sissa_eval::network::Network {
        variant: variant.to_string(),
        inputs,
        hidden: 1,
        feature_weights: vec![0; inputs],
        feature_bias: vec![255],
        output_weights: vec![64, 0],
        output_bias: 0,
        on_compiled,
    }
    .to_bytes()
}

/// The score of the last iteration of `go depth 1`.
fn depth_one_score(engine: &mut Engine) -> Option<i32> {
    engine.send("go depth 1");
    let info = engine.read_until("bestmove", |l| l.starts_with("bestmove"));
    let line = info.iter().rev().find(|l| l.contains(" score cp "))?;
    line.split(" score cp ").nth(1)?.split_whitespace().next()?.parse().ok()
}

#[test]
fn eval_file_scores_its_variant_and_bad_files_are_refused() {
    let dir = std::env::temp_dir().join(format!("sissa-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let chess = dir.join("chess.nnue");
    std::fs::write(&chess, flat_network("chess", 768)).expect("write");
    let lions = dir.join("lions.nnue");
    let lions_inputs =
        sissa_eval::network::inputs::<sissa_movegen::variants::lionsunicorns::LionsUnicorns>();
    std::fs::write(&lions, flat_network("lionsunicorns", lions_inputs)).expect("write");
    let broken = dir.join("broken.nnue");
    std::fs::write(&broken, &flat_network("chess", 768)[..100]).expect("write");
    let mut engine = started();

    // Chess is scored by its built-in network by default.
    let network_line = |said: &[String]| said.iter().find(|l| l.contains("Network score")).cloned();
    engine.send("eval");
    let built_in = network_line(&engine.sync_uci());
    engine.check(built_in.is_some(), "the built-in network");

    // Unreadable and malformed files: a message each, and the evaluation kept.
    engine.send("setoption name EvalFile value /no/such/network.nnue");
    engine.send(&format!("setoption name EvalFile value {}", broken.display()));
    let said = engine.sync_uci();
    engine.check(said.len() == 2 && said.iter().all(|l| l.starts_with("info string")), "bad");
    engine.send("eval");
    let said = engine.sync_uci();
    engine.check(network_line(&said) == built_in, "the evaluation kept after bad files");

    // Every position scores 400 for its side to move, so a search of depth 1 from the start
    // finds -400: each reply leaves the opponent 400 up.
    engine.send(&format!("setoption name EvalFile value {}", chess.display()));
    engine.send("eval");
    let said = engine.sync_uci();
    engine.check(said.iter().any(|l| l.contains("Network score (side to move): 400 cp")), "eval");
    engine.send("position startpos");
    engine.send("go depth 1");
    let info = engine.read_until("bestmove", |l| l.starts_with("bestmove"));
    engine.check(info.iter().any(|l| l.contains("score cp -400")), "the network's score");

    // A network of another variant leaves chess to the compiled evaluation.
    engine.send(&format!("setoption name EvalFile value {}", lions.display()));
    engine.send("go depth 1");
    let info = engine.read_until("bestmove", |l| l.starts_with("bestmove"));
    engine.assert_no(&info, "the other variant's network", |l| l.contains("score cp -400"));
    // In its own variant it scores: 400 either way, as quiescence may end the line with
    // either side to move.
    engine.send("setoption name UCI_Variant value lionsunicorns");
    engine.send("go depth 1");
    let info = engine.read_until("bestmove", |l| l.starts_with("bestmove"));
    let flat = |l: &String| l.contains("score cp -400 ") || l.contains("score cp 400 ");
    engine.check(info.iter().any(flat), "its own variant");

    // An empty value goes back to the built-in networks: chess's, not the flat one.
    engine.send("setoption name EvalFile value <empty>");
    engine.send("go depth 1");
    let info = engine.read_until("bestmove", |l| l.starts_with("bestmove"));
    engine.assert_no(&info, "no network", |l| l.contains("score cp 400 "));
    engine.send("setoption name UCI_Variant value chess");
    engine.send("eval");
    let said = engine.sync_uci();
    engine.check(said.iter().any(|l| l.contains("Network score")), "chess's built-in network");
    // `<compiled>` leaves the compiled evaluation alone.
    engine.send("setoption name EvalFile value <compiled>");
    engine.send("eval");
    let said = engine.sync_uci();
    engine.assert_no(&said, "a network with <compiled>", |l| l.contains("Network score"));

    // Added to the compiled evaluation, the flat network moves every score 400 towards the
    // side to move. One move from the start no capture or check is possible, so every line
    // of a depth-1 search ends on the opponent's static score: 400 less than the compiled
    // evaluation's search finds.
    engine.send("position startpos");
    let compiled = depth_one_score(&mut engine);
    let added = dir.join("added.nnue");
    std::fs::write(&added, flat_scoring("chess", 768, true)).expect("write");
    engine.send(&format!("setoption name EvalFile value {}", added.display()));
    engine.send("eval");
    let said = engine.sync_uci();
    let static_score = |prefix: &str| -> Option<i32> {
        let mut lines = said.iter().map(|l| l.trim_start_matches("info string "));
        let line = lines.find(|l| l.starts_with(prefix))?;
        line.split(|c: char| c == ':' || c.is_whitespace()).filter_map(|w| w.parse().ok()).next()
    };
    let (network, own) = (static_score("Network score"), static_score("score "));
    engine.check(network.is_some() && network == own.map(|s| s + 400), "the added network");
    let searched = depth_one_score(&mut engine);
    engine.check(compiled.is_some() && searched == compiled.map(|s| s - 400), "added in search");
    engine.quit();
    let _ = std::fs::remove_dir_all(&dir);
}
