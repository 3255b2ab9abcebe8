//! XBoard (CECP v2) as XBoard itself talks to Sissa: the handshake, engine-defined
//! variants, moves both ways, analysis, and bad input, each answered per protocol while the
//! position stays correct (checked through `lift`, which lists a piece's legal moves).

use crate::protocol_support::Engine;
use sissa::protocol::xboard_variants::{xboard_fen, xboard_variant};
use sissa_movegen::{Game, Setup, Variant};

fn handshake() -> (Engine, Vec<String>) {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until("feature done=1", |l| l == "feature done=1");
    (engine, features)
}

fn started() -> Engine {
    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("force");
    engine.sync_xboard(1);
    engine
}

#[test]
fn features_announce_every_variant_between_done_0_and_done_1() {
    let (engine, features) = handshake();
    engine.check(features.first().map(String::as_str) == Some("feature done=0"), "done=0 first");
    for needed in ["ping=1", "setboard=1", "usermove=1", "highlight=1", "analyze=1"] {
        let wanted = format!("feature {needed}");
        engine.check(features.contains(&wanted), &format!("missing {wanted}"));
    }
    let variants = features
        .iter()
        .find_map(|l| l.strip_prefix("feature variants=\""))
        .map(|v| v.trim_end_matches('"').split(',').map(str::to_string).collect::<Vec<_>>())
        .unwrap_or_default();
    for variant in Variant::ALL {
        let name = xboard_variant(variant).name.to_string();
        engine.check(variants.contains(&name), &format!("{name} not in {variants:?}"));
    }
    engine.check(variants.contains(&"normal".to_string()), "chess is `normal`");
    for option in ["Threads", "Hash", "Setup seed", "Symmetry"] {
        let found = features.iter().any(|l| l.starts_with(&format!("feature option=\"{option} ")));
        engine.check(found, &format!("option {option} missing"));
    }
    engine.quit();
}

#[test]
fn engine_defined_variants_get_setup_and_pieces_before_the_pong() {
    let mut engine = started();
    for variant in Variant::ALL {
        let entry = xboard_variant(variant);
        engine.send("new");
        engine.send(&format!("variant {}", entry.name));
        let said = engine.sync_xboard(10);
        match entry.board {
            None => engine.assert_no(&said, "announcement", |l| l.starts_with("setup")),
            Some(board) => {
                let dims = variant.dims();
                let start = variant.start_fen(&Setup::default());
                let setup = format!(
                    "setup ({}) {}x{}+0_{} {}",
                    board.piece_to_char(),
                    dims.files,
                    dims.ranks,
                    board.parent,
                    xboard_fen(&start)
                );
                engine.check(said.first() == Some(&setup), &format!("{variant}: {said:?}"));
                for (letter, betza) in board.pieces {
                    let line = format!("piece {letter}& {betza}");
                    engine.check(said.contains(&line), &format!("{variant}: no {line}"));
                }
            }
        }
    }
    engine.quit();
}

#[test]
fn engine_answers_a_move_with_a_legal_move_and_reports_the_game_end() {
    let mut engine = started();
    engine.send("new");
    engine.send("st 1");
    engine.send("usermove e2e4");
    let reply = engine.expect_prefix("move ");
    let mut game = Game::new(Variant::Chess, Setup::default());
    game.play("e2e4").expect("legal");
    let mv = reply.trim_start_matches("move ");
    engine.check(game.play(mv).is_ok(), &format!("engine move {mv} is illegal"));

    // Fool's mate, the engine playing White: after its move the user mates.
    engine.send("new");
    engine.send("force");
    engine.send("setboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    engine.send("usermove d8h4");
    let said = engine.sync_xboard(2);
    engine.check(said.contains(&"0-1 {Black wins: checkmate}".to_string()), "mate reported");
    engine.send("usermove e2e4");
    let said = engine.sync_xboard(3);
    engine.check(said.iter().any(|l| l.starts_with("Illegal move")), "move after the end");
    engine.quit();
}

#[test]
fn pondering_thinks_on_the_expected_reply_and_gives_way_to_the_real_one() {
    let mut engine = started();
    engine.send("new");
    engine.send("hard");
    engine.send("st 1");
    engine.send("usermove e2e4");
    let said = engine.read_until("pondering", |l| l.starts_with("# pondering on "));
    let reply = said.iter().find_map(|l| l.strip_prefix("move ")).unwrap_or("").to_string();
    let expected = said.last().and_then(|l| l.strip_prefix("# pondering on ")).unwrap_or("");
    let mut game = Game::new(Variant::Chess, Setup::default());
    game.play("e2e4").expect("legal");
    engine.check(game.play(&reply).is_ok(), &format!("engine move {reply} is illegal"));
    engine.check(game.clone().play(expected).is_ok(), "the pondered reply is legal");
    // While pondering the engine answers at once; a move other than the expected one ends
    // pondering and gets a legal answer in the real position.
    engine.sync_xboard(1);
    let other =
        game.position().legal_moves().into_iter().find(|m| m != expected).unwrap_or_default();
    engine.send(&format!("usermove {other}"));
    let answer = engine.expect_prefix("move ");
    game.play(&other).expect("legal");
    let mv = answer.trim_start_matches("move ");
    engine.check(game.play(mv).is_ok(), &format!("engine move {mv} after a ponder miss"));
    // `force` stops pondering: no move comes, and `easy` keeps the engine from pondering.
    engine.send("force");
    engine.send("easy");
    let said = engine.sync_xboard(2);
    engine.assert_no(&said, "move after force", |l| l.starts_with("move "));
    engine.send("go");
    let said = engine.read_until("move", |l| l.starts_with("move "));
    let after = engine.sync_xboard(3);
    engine.assert_no(&said, "pondering after easy", |l| l.starts_with("# pondering"));
    engine.assert_no(&after, "pondering after easy", |l| l.starts_with("# pondering"));
    engine.quit();
}

#[test]
fn bad_input_is_answered_and_the_position_kept() {
    let mut engine = started();
    let e2_at_start = "highlight 8/8/8/8/4Y3/4Y3/8/8";
    engine.send("frobnicate 3");
    let said = engine.sync_xboard(1);
    engine.check(said == ["Error (unknown command): frobnicate 3"], "unknown command");

    engine.send("usermove e2e5");
    engine.send("usermove zz");
    engine.send("usermove");
    let said = engine.sync_xboard(2);
    engine.check(said.len() == 3, "three replies");
    engine.check(said[0] == "Illegal move: e2e5" && said[1] == "Illegal move: zz", "illegal");
    engine.send("lift e2");
    let said = engine.sync_xboard(3);
    engine.check(said == [e2_at_start], "position kept after illegal moves");

    engine.send("setboard 8/8/8 w - - 0 1");
    engine.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
    let said = engine.sync_xboard(4);
    engine.check(said.len() == 2 && said.iter().all(|l| l.starts_with("Error (")), "bad FENs");
    engine.send("lift e2");
    let said = engine.sync_xboard(5);
    engine.check(said == [e2_at_start], "position kept after bad FENs");

    // undo after setboard: nothing to take back, the set-up position stays.
    engine.send("setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    engine.send("undo");
    engine.send("remove");
    let said = engine.sync_xboard(6);
    engine.check(said.len() == 2 && said.iter().all(|l| l.starts_with("Error (")), "undo");
    engine.send("lift e2");
    let said = engine.sync_xboard(7);
    engine.check(said == [e2_at_start], "set-up position kept");

    // A move, then undo restores the position before it.
    engine.send("usermove e2e4");
    engine.send("undo");
    engine.send("lift e2");
    let said = engine.sync_xboard(8);
    engine.check(said == [e2_at_start], "undo restores");

    // A variant change mid-game starts the new variant's game.
    engine.send("usermove e2e3");
    engine.send("variant lionsunicorns");
    engine.send("lift b2");
    let said = engine.sync_xboard(9);
    engine.check(
        said.last().map(String::as_str) == Some("highlight 10/10/10/10/1Y8/1Y8/10/10"),
        "L&U",
    );
    engine.send("variant nosuchgame");
    let said = engine.sync_xboard(10);
    engine.check(said.len() == 1 && said[0].starts_with("Error ("), "unknown variant");
    engine.quit();
}

#[test]
fn analysis_answers_ping_and_status_while_it_runs() {
    let mut engine = started();
    engine.send("post");
    engine.send("analyze");
    engine.send("usermove e2e4");
    engine.send(".");
    engine.sync_xboard(3);
    engine.send("exit");
    engine.send("lift e7");
    let said = engine.sync_xboard(4);
    engine.check(said.contains(&"highlight 8/8/4Y3/4Y3/8/8/8/8".to_string()), "Black to move");
    for command in ["post", "nopost", "easy", "hard", ".", "exit", "random", "computer"] {
        engine.send(command);
    }
    let said = engine.sync_xboard(5);
    engine.assert_no(&said, "error", |l| l.starts_with("Error"));
    engine.quit();
}

/// The first move of the thinking lines in `said` (`depth score time nodes pv...`).
fn first_pv_moves(said: &[String]) -> Vec<String> {
    said.iter()
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let numeric = words.len() > 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok());
            numeric.then(|| words[4].to_string())
        })
        .collect()
}

#[test]
fn exclude_and_include_steer_the_analysis() {
    let mut engine = started();
    // Ra8 is the only mate in one: the analysis finds it unless it is excluded.
    engine.send("setboard 6k1/5ppp/8/8/8/8/1P6/R5K1 w - - 0 1");
    engine.send("post");
    engine.send("analyze");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let said = engine.sync_xboard(20);
    engine.check(first_pv_moves(&said).last().map(String::as_str) == Some("a1a8"), "mate seen");
    engine.send("exclude a1a8");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let said = engine.sync_xboard(21);
    engine.assert_no(&said, "error", |l| l.starts_with("Error"));
    let after = first_pv_moves(&said);
    let restarted = said.iter().position(|l| l.starts_with("1 ")).unwrap_or(0);
    engine.check(
        !first_pv_moves(&said[restarted..]).contains(&"a1a8".to_string()) && !after.is_empty(),
        "a1a8 excluded",
    );
    engine.send("exclude all");
    engine.send("include b2b4");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let said = engine.sync_xboard(22);
    let restarted = said.iter().rposition(|l| l.starts_with("1 ")).unwrap_or(0);
    let moves = first_pv_moves(&said[restarted..]);
    engine.check(!moves.is_empty() && moves.iter().all(|m| m == "b2b4"), "only b2b4");
    engine.send("exclude z9z9");
    let said = engine.sync_xboard(23);
    engine.check(said.iter().any(|l| l.starts_with("Error") && l.contains("z9z9")), "bad move");
    engine.send("exit");
    engine.quit();
}

#[test]
fn options_and_hardware_commands_are_accepted() {
    let (mut engine, features) = handshake();
    let overhead = "feature option=\"Move Overhead -spin 50 0 5000\"";
    engine.check(features.iter().any(|l| l == overhead), "Move Overhead announced");
    engine.send("new");
    engine.send("force");
    for command in [
        "memory 32",
        "cores 2",
        "option Threads=1",
        "option Hash=16",
        "option Setup seed=7",
        "option Symmetry=central",
        "option Move Overhead=120",
        "option LmrDivisor=200",
        "level 40 5 0",
        "level 0 1:30 2",
        "st 5",
        "sd 4",
        "nps 0",
        "time 3000",
        "otim 3000",
    ] {
        engine.send(command);
    }
    let said = engine.sync_xboard(1);
    engine.assert_no(&said, "error", |l| l.starts_with("Error"));
    let bad_values = [
        "option Hash=lots",
        "option Nonsense=1",
        "option Move Overhead=5001",
        "option Move Overhead=-1",
        "option LmrDivisor=99",
        "option EvalFile=/no/such/network.nnue",
        "level 40",
        "time x",
        "sd -1",
        // Numbers out of range, the first of which once ended the engine.
        "st 99999999999999999999",
        "time 99999999999999999999",
        "level 0 99999999999 0",
        "memory 70000",
        "cores 0",
    ];
    for bad in bad_values {
        engine.send(bad);
    }
    let said = engine.sync_xboard(2);
    let errors = said.iter().filter(|l| l.starts_with("Error (")).count();
    engine.check(said.len() == bad_values.len() && errors == said.len(), "bad values");
    engine.quit();
}

#[test]
fn move_now_and_ping_are_answered_while_the_engine_thinks() {
    let mut engine = started();
    engine.send("new");
    engine.send("st 60");
    engine.send("go");
    // The engine thinks for up to a minute; ping and ? are answered at once.
    engine.sync_xboard(2);
    engine.send("?");
    let reply = engine.expect_prefix("move ");
    let mut game = Game::new(Variant::Chess, Setup::default());
    let mv = reply.trim_start_matches("move ");
    engine.check(game.play(mv).is_ok(), &format!("engine move {mv} is illegal"));
    engine.quit();
}

/// The `# xboard picture` line the engine prints after a move: XBoard's board, then the
/// real position's FEN.
fn picture_line(said: &[String]) -> (String, String) {
    let line = said.iter().rev().find_map(|l| l.strip_prefix("# xboard picture ")).unwrap_or("");
    let (picture, real) = line.split_once(" for ").unwrap_or((line, ""));
    (picture.to_string(), real.to_string())
}

#[test]
fn rococo_moves_come_back_in_the_forms_xboard_relays() {
    let mut engine = started();
    engine.send("variant rococo");
    // A white Swapper on e4 next to a black Pushme-Pullyu on e5 (XBoard ranks from 0).
    engine.send("setboard k9/10/10/10/10/4u5/4S5/10/10/K9 w - - 0 1");
    // Sissa sends the mutual destruction e4xe5 as e3e3,e3e4 (the Swapper vanishes on its
    // square and empties e4); XBoard takes the kill of an own piece for a castling and
    // passes it on as e3e4,e3d4.
    engine.send("usermove e3e4,e3d4");
    let said = engine.sync_xboard(1);
    engine.assert_no(&said, "refusal", |l| l.starts_with("Illegal") || l.contains("as entered"));
    let (picture, real) = picture_line(&said);
    engine.check(real.starts_with("k9/10/10/10/10/10/10/10/10/K9 b"), &format!("real {real}"));
    engine.check(picture == "k9/10/10/10/10/10/10/10/10/K9", &format!("picture {picture}"));
    engine.quit();
}

#[test]
fn a_users_move_is_drawn_as_entered_and_its_leftovers_cleared_later() {
    let mut engine = started();
    engine.send("variant rococo");
    engine.send("setboard k9/10/10/10/4p5/4U5/10/10/10/K9 w - - 0 1");
    // The user drags the Pushme-Pullyu e5-e3 (XBoard e4e2): a withdrawal taking e6, but
    // XBoard moves only the piece dragged.
    engine.send("usermove e4e2");
    let said = engine.sync_xboard(1);
    let (picture, real) = picture_line(&said);
    engine.check(said.iter().any(|l| l.contains("read as entered: e5e3")), "a user's move");
    engine.check(real.starts_with("k9/10/10/10/10/10/10/4U5/10/K9 b"), &format!("real {real}"));
    engine.check(picture == "k9/10/10/10/4p5/10/10/4U5/10/K9", &format!("picture {picture}"));
    // Black's King a10-b9 (XBoard a9b8) as the other Sissa sends it, a9e5,e5b8: its kill
    // square removes the pawn XBoard still draws. That pawn is black like the King, so
    // XBoard takes the move for a castling and passes it on as a9b8,e5a8.
    engine.send("usermove a9b8,e5a8");
    let said = engine.sync_xboard(2);
    engine.assert_no(&said, "refusal", |l| l.starts_with("Illegal") || l.contains("as entered"));
    let (picture, _) = picture_line(&said);
    engine.check(picture == "10/1k8/10/10/10/10/10/4U5/10/K9", &format!("picture {picture}"));
    engine.quit();
}

#[test]
fn uc40_start_comes_back_from_xboard_without_its_reserves() {
    let mut engine = started();
    engine.send("variant uc40");
    let said = engine.sync_xboard(1);
    let setup = said.iter().find(|l| l.starts_with("setup (")).cloned().unwrap_or_default();
    // XBoard gives the second engine the start position as its own FEN: the board and
    // the four usual fields, no reserves; Sissa takes it for its start position.
    let fen = setup.rsplit(") 8x8+0_fairy ").next().unwrap_or("").to_string();
    engine.check(!fen.contains('['), &format!("reserves sent to XBoard: {fen}"));
    engine.send(&format!("setboard {fen}"));
    engine.send("usermove e2e4");
    let said = engine.sync_xboard(2);
    engine.assert_no(&said, "refusal", |l| l.starts_with("Error") || l.starts_with("Illegal"));
    let (_, real) = picture_line(&said);
    let start = Variant::Uc40.start_fen(&Setup::default());
    let open = start.find('[').expect("UC-40's start FEN has reserves");
    let close = start.find(']').expect("UC-40's start FEN has reserves");
    let reserves = &start[open..=close];
    engine.check(real.contains(reserves), &format!("reserves lost: {real}"));
    // A board that is not the start position cannot be played without its reserves.
    engine.send("setboard 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let said = engine.sync_xboard(3);
    engine.check(said.iter().any(|l| l.starts_with("Error (illegal position")), "no reserves");
    engine.quit();
}
