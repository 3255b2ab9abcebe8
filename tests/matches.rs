//! `sissa match` end to end: games between in-process engines, and against scripted external
//! engines that break the rules, lose on time or crash. Every game must be adjudicated, the
//! match must go on, and the PGN must read back into games that replay under Sissa's rules.

use sissa::matches::pgn::{read_games, PgnGame};
use sissa::matches::referee::GameResult;
use sissa_movegen::{Game, Variant};
use std::process::Command;

struct MatchOutput {
    stdout: String,
    games: Vec<PgnGame>,
}

fn run_match(name: &str, args: &[&str]) -> MatchOutput {
    let pgn =
        std::env::temp_dir().join(format!("sissa-match-test-{}-{name}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let output = Command::new(env!("CARGO_BIN_EXE_sissa"))
        .arg("match")
        .args(args)
        .args(["--pgn", pgn.to_str().unwrap()])
        .output()
        .expect("sissa runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    let text = std::fs::read_to_string(&pgn).expect("the PGN was written");
    let _ = std::fs::remove_file(&pgn);
    MatchOutput { stdout, games: read_games(&text).expect("the PGN reads back") }
}

/// (wins, losses, draws, games) from the `Score of A vs B: W - L - D [f] N` line.
fn score_line(stdout: &str) -> (u32, u32, u32, u32) {
    let line = stdout.lines().rev().find(|l| l.starts_with("Score of ")).expect("a score line");
    let counts = line.rsplit_once(": ").unwrap().1;
    let words: Vec<&str> = counts.split_whitespace().collect();
    // W - L - D [fraction] N
    assert_eq!((words[1], words[3]), ("-", "-"), "{line}");
    let n = |i: usize| words[i].parse::<u32>().unwrap();
    (n(0), n(2), n(4), n(6))
}

/// Replays a PGN game with Sissa's rules from its FEN; returns the final game.
fn replay(game: &PgnGame) -> Game {
    let variant: Variant = game.tag("Variant").unwrap().parse().unwrap();
    assert_eq!(game.tag("SetUp"), Some("1"));
    let mut replay = Game::from_fen(variant, game.tag("FEN").unwrap()).unwrap();
    for mv in &game.moves {
        replay.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    replay
}

#[test]
fn match_between_in_process_engines() {
    let out = run_match(
        "inprocess",
        &[
            "--variant",
            "chess",
            "--engine1",
            "sissa:Depth=2",
            "--engine2",
            "sissa:Depth=1",
            "--games",
            "4",
            "--tc",
            "60+1",
        ],
    );
    let (w, l, d, n) = score_line(&out.stdout);
    assert_eq!((w + l + d, n), (4, 4));
    assert!(out.stdout.contains("Elo difference: "), "{}", out.stdout);
    assert_eq!(out.games.len(), 4);
    for (i, game) in out.games.iter().enumerate() {
        let end = replay(game);
        let result = game.result.expect("a result");
        assert_eq!(game.tag("Result"), Some(result.pgn()));
        assert_eq!(game.tag("PlyCount").unwrap(), game.moves.len().to_string());
        // A game ended by the rules replays to the same result.
        if game.tag("Termination") == Some("normal") {
            let outcome = end.outcome().expect("the game is over by rule");
            let (text, _) = sissa_movegen::game::result_text(outcome);
            assert_eq!(text, result.pgn(), "game {}", i + 1);
        }
        assert_eq!(game.comments.first().map(String::as_str), Some("opening"));
    }
    // Games come in pairs: the same opening, colours swapped.
    for pair in out.games.chunks(2) {
        assert_eq!(pair[0].moves[..4], pair[1].moves[..4]);
        assert_eq!(pair[0].tag("White"), pair[1].tag("Black"));
        assert_eq!(pair[0].tag("Black"), pair[1].tag("White"));
    }
    assert_ne!(out.games[0].moves[..4], out.games[2].moves[..4], "pairs differ");
}

fn scripted(protocol: &str, behaviour: &str) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/match_engines/scripted.py");
    format!("{protocol}:python3 {script} {protocol} {behaviour}")
}

/// A faulty engine loses every game it plays, for the reason expected, and the match goes on.
fn faulty_engine_loses_every_game(
    protocol: &str,
    behaviour: &str,
    reason: &str,
    termination: &str,
) {
    let engine = scripted(protocol, behaviour);
    let out = run_match(
        &format!("{protocol}-{behaviour}"),
        &[
            "--variant",
            "chess",
            "--engine1",
            "random",
            "--engine2",
            &engine,
            "--games",
            "2",
            "--tc",
            "0.5+0",
            "--openings",
            "none",
        ],
    );
    assert_eq!(score_line(&out.stdout), (2, 0, 0, 2), "{}", out.stdout);
    let finished: Vec<&str> =
        out.stdout.lines().filter(|l| l.starts_with("Finished game")).collect();
    assert_eq!(finished.len(), 2);
    assert!(finished.iter().all(|l| l.contains(reason)), "{}", out.stdout);
    assert_eq!(out.games.len(), 2);
    for game in &out.games {
        assert_eq!(game.tag("Termination"), Some(termination));
        let scripted_white = game.tag("White") == Some("python3");
        let expected = if scripted_white { GameResult::BlackWins } else { GameResult::WhiteWins };
        assert_eq!(game.result, Some(expected));
        replay(game);
    }
}

#[test]
fn illegal_moves_lose() {
    faulty_engine_loses_every_game(
        "uci",
        "illegal",
        "makes an illegal move: a1a1",
        "rules infraction",
    );
    faulty_engine_loses_every_game(
        "xboard",
        "illegal",
        "makes an illegal move: a1a1",
        "rules infraction",
    );
}

#[test]
fn time_forfeits_lose() {
    faulty_engine_loses_every_game("uci", "slow", "lost on time", "time forfeit");
    faulty_engine_loses_every_game("xboard", "slow", "lost on time", "time forfeit");
}

#[test]
fn crashes_lose() {
    faulty_engine_loses_every_game("uci", "crash", "crashed", "abandoned");
    faulty_engine_loses_every_game("xboard", "crash", "crashed", "abandoned");
}

#[test]
fn refusing_a_legal_move_loses() {
    faulty_engine_loses_every_game(
        "xboard",
        "rejecting",
        "rejected the legal move",
        "rules infraction",
    );
}

#[test]
fn bad_match_options_are_usage_errors() {
    for args in [
        &["--engine1", "gnuchess"][..],
        &["--tc", "fast"],
        &["--engine2-tc", "fast"],
        &["--variant", "shogi"],
        &["--sprt", "10,0,0.05,0.05"],
        &["--games", "0"],
        &["--engine2", "uci:/nonexistent/engine"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_sissa")).arg("match").args(args).output().unwrap();
        assert!(!o.status.success(), "{args:?} accepted");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).starts_with("sissa: "), "{args:?}");
    }
    let o = Command::new(env!("CARGO_BIN_EXE_sissa"))
        .args(["match", "--engine1-tc", "1+0", "--engine2-tc", "fast"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("--engine2-tc: bad time control \"fast\""), "{stderr}");
}

/// The lines a logging scripted engine received in a one-game match, with `options` given
/// to it as `--engine2-option`.
fn lines_received_with_options(protocol: &str, options: &[&str]) -> Vec<String> {
    let mut args = Vec::new();
    for option in options {
        args.extend(["--engine2-option", option]);
    }
    let (lines, _) = lines_received(&format!("options-{protocol}"), protocol, &args);
    lines
}

/// The lines a logging scripted engine (the second engine, Black against a random mover)
/// received in a one-game match at 1 s a game with `extra` arguments, and the game.
fn lines_received(name: &str, protocol: &str, extra: &[&str]) -> (Vec<String>, PgnGame) {
    let log = std::env::temp_dir()
        .join(format!("sissa-match-test-{}-{name}-{protocol}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let engine = format!("{} {}", scripted(protocol, "logging"), log.display());
    let mut args = vec!["--variant", "chess", "--engine1", "random", "--engine2", &engine];
    args.extend(extra);
    args.extend(["--games", "1", "--tc", "1+0", "--openings", "none"]);
    let mut out = run_match(&format!("{name}-{protocol}"), &args);
    assert_eq!(score_line(&out.stdout).3, 1, "{}", out.stdout);
    let text = std::fs::read_to_string(&log).expect("the engine wrote its log");
    let _ = std::fs::remove_file(&log);
    (text.lines().map(str::to_string).collect(), out.games.remove(0))
}

#[test]
fn under_time_odds_each_engine_gets_its_own_clock() {
    // The second engine plays Black at 3 s + 0.2 s, the first White at --tc's 1 s.
    let (lines, game) = lines_received("odds", "uci", &["--engine2-tc", "3+0.2"]);
    let go = lines.iter().find(|l| l.starts_with("go ")).expect("a go command");
    let words: Vec<&str> = go.split_whitespace().collect();
    let value = |key: &str| {
        let at = words.iter().position(|w| *w == key).unwrap_or_else(|| panic!("{go}"));
        words[at + 1].parse::<u64>().unwrap()
    };
    assert_eq!((value("winc"), value("binc")), (0, 200), "{go}");
    assert_eq!(value("btime"), 3000, "{go}");
    assert!(value("wtime") <= 1000, "{go}");
    assert_eq!(game.tag("WhiteTimeControl"), Some("1"));
    assert_eq!(game.tag("BlackTimeControl"), Some("3+0.2"));
    let (lines, _) = lines_received("odds", "xboard", &["--engine2-tc", "3+0.2"]);
    assert!(lines.iter().any(|l| l == "level 0 0:03 0.2"), "{lines:?}");
}

#[test]
fn under_node_odds_an_engine_searches_its_own_node_count() {
    // The random mover takes no node limit: --nodes for both is refused, a limit for the
    // second engine alone is not.
    let o = Command::new(env!("CARGO_BIN_EXE_sissa"))
        .args(["match", "--engine1", "random", "--nodes", "500"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("needs an engine that takes a node limit"), "{stderr}");
    assert!(stderr.contains("not random"), "{stderr}");
    let (lines, _) = lines_received("node-odds", "uci", &["--engine2-nodes", "4000"]);
    let go: Vec<&String> = lines.iter().filter(|l| l.starts_with("go")).collect();
    assert!(!go.is_empty() && go.iter().all(|l| *l == "go nodes 4000"), "{go:?}");
}

/// The position of the first line equal to `wanted`, which must be there.
fn line_index(lines: &[String], wanted: &str) -> usize {
    lines.iter().position(|l| l == wanted).unwrap_or_else(|| panic!("no {wanted:?} in {lines:?}"))
}

#[test]
fn options_reach_uci_engines_after_the_handshake_in_order() {
    let lines = lines_received_with_options("uci", &["Use NNUE=false", "UCI_Elo = 2000"]);
    let nnue = line_index(&lines, "setoption name Use NNUE value false");
    let elo = line_index(&lines, "setoption name UCI_Elo value 2000");
    assert!(line_index(&lines, "uci") < nnue && nnue < elo, "{lines:?}");
    assert!(elo < line_index(&lines, "ucinewgame"), "{lines:?}");
}

#[test]
fn options_reach_xboard_engines_after_the_handshake_in_order() {
    let lines = lines_received_with_options("xboard", &["Use NNUE=0", "UCI_Elo=2000"]);
    let nnue = line_index(&lines, "option Use NNUE=0");
    let elo = line_index(&lines, "option UCI_Elo=2000");
    assert!(line_index(&lines, "protover 2") < nnue && nnue < elo, "{lines:?}");
    assert!(elo < line_index(&lines, "new"), "{lines:?}");
}

#[test]
fn options_an_engine_lacks_or_that_are_malformed_are_errors() {
    let log =
        std::env::temp_dir().join(format!("sissa-match-test-{}-noopt.log", std::process::id()));
    for protocol in ["uci", "xboard"] {
        let engine = format!("{} {}", scripted(protocol, "logging"), log.display());
        for (option, status) in [("Hash=16", 1), ("Use NNUE", 2), ("=5", 2)] {
            let o = Command::new(env!("CARGO_BIN_EXE_sissa"))
                .args(["match", "--variant", "chess", "--engine2", &engine])
                .args(["--engine2-option", option])
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(status), "{protocol} {option}: {stderr}");
            assert!(stderr.starts_with("sissa: "), "{stderr}");
        }
    }
    let o = Command::new(env!("CARGO_BIN_EXE_sissa"))
        .args(["match", "--engine1", "random", "--engine1-option", "Depth=2"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "a random mover takes no options");
    let _ = std::fs::remove_file(&log);
}

#[test]
fn random_setups_are_shared_by_the_two_games_of_a_pair() {
    for variant in Variant::ALL.into_iter().filter(|v| v.random_setup()) {
        let out = run_match(
            &format!("setups-{variant}"),
            &[
                "--variant",
                variant.name(),
                "--engine1",
                "random",
                "--engine2",
                "random",
                "--games",
                "4",
                "--openings",
                "none",
                "--seeds",
                "5,9",
            ],
        );
        let fens: Vec<&str> = out.games.iter().map(|g| g.tag("FEN").unwrap()).collect();
        let seeds: Vec<&str> = out.games.iter().map(|g| g.tag("SetupSeed").unwrap()).collect();
        assert_eq!(seeds, ["5", "5", "9", "9"], "{variant}");
        assert_eq!(fens[0], fens[1], "{variant}");
        assert_eq!(fens[2], fens[3], "{variant}");
        assert_ne!(fens[0], fens[2], "{variant}: seeds 5 and 9 give the same setup");
        for game in &out.games {
            replay(game);
        }
    }
}

#[test]
fn sprt_stops_a_one_sided_match_early() {
    let out = run_match(
        "sprt",
        &[
            "--variant",
            "chess",
            "--engine1",
            "sissa:Depth=1",
            "--engine2",
            "random",
            "--games",
            "200",
            "--tc",
            "60+1",
            "--sprt",
            "0,100,0.05,0.05",
            "--concurrency",
            "2",
            "--rating-interval",
            "2",
        ],
    );
    let (w, l, d, n) = score_line(&out.stdout);
    assert!(n < 200, "the SPRT should decide long before 200 games: {}", out.stdout);
    // Every two games the test's state: one pair cannot decide it (its LLR is below 0.5).
    let lines: Vec<&str> = out.stdout.lines().collect();
    let first = lines.iter().position(|l| l.starts_with("Pairs by points ")).unwrap();
    assert!(lines[first - 1].starts_with("Finished game "), "{}", out.stdout);
    assert!(lines[first + 1].starts_with("Score of ") && lines[first + 1].ends_with(" 2"));
    let state = lines[first + 3];
    assert!(state.starts_with("SPRT: llr ") && state.ends_with("no decision"), "{state}");
    assert_eq!(out.games.len() as u32, n);
    assert!(w > l + d, "{}", out.stdout);
    let verdict = out.stdout.lines().last().unwrap();
    assert!(verdict.starts_with("SPRT: llr ") && verdict.ends_with("H1 was accepted"), "{verdict}");
}

#[test]
fn the_pairs_line_counts_each_start_once_both_its_games_are_over() {
    // Two in-process Sissas of different depths, two games at once (so pairs finish out of
    // order), every result possible. The pairs line is worked out again from the PGN: each
    // game's round gives its pair, and the first engine is White in the odd rounds.
    let out = run_match(
        "pairs",
        &[
            "--variant",
            "chess",
            "--engine1",
            "sissa:Depth=1",
            "--engine2",
            "sissa:Depth=2",
            "--games",
            "12",
            "--tc",
            "60+1",
            "--max-plies",
            "60",
            "--concurrency",
            "2",
        ],
    );
    let mut half_points = std::collections::BTreeMap::<usize, Vec<u32>>::new();
    for game in &out.games {
        let round: usize = game.tag("Round").unwrap().parse().unwrap();
        let engine1_white = round % 2 == 1;
        let white = match game.result.expect("a result") {
            GameResult::WhiteWins => 2,
            GameResult::Draw => 1,
            GameResult::BlackWins => 0,
        };
        let engine1 = if engine1_white { white } else { 2 - white };
        half_points.entry((round - 1) / 2).or_default().push(engine1);
    }
    let mut counts = [0u32; 5];
    for games in half_points.values() {
        assert_eq!(games.len(), 2, "every pair of a 12-game match is played out");
        counts[(games[0] + games[1]) as usize] += 1;
    }
    let [a, b, c, d, e] = counts;
    let expected = format!("Pairs by points 0 - 1/2 - 1 - 3/2 - 2: {a} - {b} - {c} - {d} - {e}");
    assert!(out.stdout.lines().any(|l| l == expected), "{expected}\n{}", out.stdout);
}

/// White's only move is g2g3; the scripted Black refuses it, and then (if given the position
/// again) plays its king, after which White is stalemated.
fn refused_move_with_policy(behaviour: &str, policy: &str) -> MatchOutput {
    let engine = scripted("xboard", behaviour);
    run_match(
        &format!("resync-{behaviour}-{policy}"),
        &[
            "--variant",
            "chess",
            "--fen",
            "7k/8/8/8/6p1/8/2q3P1/K7 w - - 0 1",
            "--engine1",
            "random",
            "--engine2",
            &engine,
            "--games",
            "1",
            "--openings",
            "none",
            "--on-rejected-move",
            policy,
        ],
    )
}

#[test]
fn resync_gives_a_refusing_engine_the_position_again() {
    for behaviour in ["resyncing", "editing"] {
        let out = refused_move_with_policy(behaviour, "resync");
        assert_eq!(out.games[0].moves, ["g2g3", "h8h7"], "{behaviour}: {}", out.stdout);
        assert!(out.stdout.contains("{Draw: stalemate}"), "{behaviour}: {}", out.stdout);
        let out = refused_move_with_policy(behaviour, "lose");
        assert!(out.stdout.contains("Black rejected the legal move g2g3"), "{}", out.stdout);
    }
}

#[test]
fn refusing_an_opening_move_loses() {
    // The opening's moves reach the engine in force mode, before any turn of its own.
    let engine = scripted("xboard", "rejecting");
    let out = run_match(
        "reject-opening",
        &[
            "--variant",
            "chess",
            "--engine1",
            "random",
            "--engine2",
            &engine,
            "--games",
            "2",
            "--openings",
            "random-plies:2",
        ],
    );
    assert_eq!(score_line(&out.stdout), (2, 0, 0, 2), "{}", out.stdout);
    for game in &out.games {
        assert_eq!(game.moves.len(), 2, "no move after the refused opening");
        assert_eq!(game.tag("Termination"), Some("rules infraction"));
        let reason = game.comments.last().unwrap();
        assert!(reason.contains(&format!("rejected the legal move {}", game.moves[0])), "{reason}");
    }
}

/// The real engines the strength record uses, where installed (Debian puts them in
/// /usr/games): each plays two games against the random mover, and every game must end by
/// the rules without the engine losing, so the client and the engine agree on every move.
#[test]
fn real_engines_play_whole_games_when_installed() {
    let oracle = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracle");
    let cases = [
        ("chess", "/usr/games/stockfish", "uci:/usr/games/stockfish".to_string()),
        ("chess", "/usr/games/fairymax", "xboard:/usr/games/fairymax".to_string()),
        ("chess", "/usr/games/sjaakii", "xboard:/usr/games/sjaakii".to_string()),
        (
            "lionsunicorns",
            "/usr/games/fairymax",
            format!("xboard:/usr/games/fairymax 22 {oracle}/lionsunicorns_fmax.ini"),
        ),
    ];
    for (variant, program, engine) in cases {
        if !std::path::Path::new(program).exists() {
            eprintln!("{program} is not installed; skipped");
            continue;
        }
        let out = run_match(
            &format!("real-{variant}-{}", program.rsplit('/').next().unwrap()),
            &[
                "--variant",
                variant,
                "--engine1",
                &engine,
                "--engine2",
                "random",
                "--games",
                "2",
                "--tc",
                "4+0.05",
                "--on-rejected-move",
                "resync",
            ],
        );
        // A random mover may stumble into a stalemate or a repetition, never into a win.
        let (_, losses, _, games) = score_line(&out.stdout);
        assert_eq!((losses, games), (0, 2), "{engine}: {}", out.stdout);
        for game in &out.games {
            assert_eq!(game.tag("Termination"), Some("normal"), "{engine}: {}", out.stdout);
            replay(game);
        }
    }
}

/// Sissa in XBoard mode writes a Rococo move as XBoard is shown it where XBoard cannot draw
/// the move itself (a Long Leaper's captures, a Cannon Pawn's hop: `d2d8,d8d9`); the referee
/// must read those back as the moves they stand for. Before it did, every game of this match
/// was lost by the XBoard side on an illegal move. No game may end by a rules infraction.
#[test]
fn an_xboard_engine_plays_rococo_with_xboards_move_forms() {
    let sissa = format!("xboard:{}", env!("CARGO_BIN_EXE_sissa"));
    let out = run_match(
        "xboard-rococo",
        &[
            "--variant",
            "rococo",
            "--engine1",
            &sissa,
            "--engine2",
            "sissa:Depth=2",
            "--games",
            "2",
            "--tc",
            "2+0.05",
            "--time-margin",
            "500",
            "--max-plies",
            "80",
        ],
    );
    assert_eq!(out.games.len(), 2);
    for game in &out.games {
        assert_ne!(game.tag("Termination"), Some("rules infraction"), "{}", out.stdout);
        assert_ne!(game.tag("Termination"), Some("time forfeit"), "{}", out.stdout);
        replay(game);
    }
}
