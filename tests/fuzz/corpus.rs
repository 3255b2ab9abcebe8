//! Valid input to start from: positions of every variant (start positions of several setups
//! and positions along random games, so that UC-40's reserves, credits and pending exchanges
//! and Rococo's swap ban appear), and the commands of both protocols.

use crate::input::Rng;
use sissa::protocol::xboard_variants::variants_feature;
use sissa_movegen::{Game, Setup, Symmetry, Variant};

/// Positions of `variant`: start positions and positions from random games.
pub fn positions(variant: Variant, rng: &mut Rng) -> Vec<Game> {
    let mut games = Vec::new();
    for (seed, symmetry) in
        [(0, Symmetry::Mirror), (5, Symmetry::Asymmetric), (9, Symmetry::Central)]
    {
        let start = Game::new(variant, Setup { seed, symmetry });
        games.extend(random_game(start, rng, 60));
    }
    games
}

/// The positions along a game of up to `plies` random moves.
fn random_game(mut game: Game, rng: &mut Rng, plies: usize) -> Vec<Game> {
    let mut seen = vec![game.clone()];
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv: &String = rng.pick(&moves);
        if game.play(mv).is_err() || game.outcome().is_some() {
            break;
        }
        seen.push(game.clone());
    }
    seen
}

/// FENs of every variant.
pub fn fens(rng: &mut Rng) -> Vec<(Variant, String)> {
    let mut fens = Vec::new();
    for variant in Variant::ALL {
        for game in positions(variant, rng) {
            fens.push((variant, game.position().to_fen()));
        }
    }
    fens
}

fn variant_names() -> Vec<String> {
    let mut names: Vec<String> = Variant::ALL.iter().map(|v| v.name().to_string()).collect();
    names.extend(variants_feature().split(',').map(str::to_string));
    names
}

/// UCI commands, valid in some state.
pub fn uci_lines(fens: &[(Variant, String)]) -> Vec<String> {
    let mut lines: Vec<String> = [
        "uci",
        "isready",
        "ucinewgame",
        "position startpos",
        "position startpos moves e2e4 e7e5 g1f3",
        "go depth 1",
        "go depth 2 searchmoves e2e4 d2d4",
        "go movetime 5",
        "go nodes 200",
        "go mate 1",
        "go wtime 100 btime 100 winc 0 binc 0",
        "go wtime 300 btime 200 winc 10 binc 10 movestogo 3",
        "go infinite",
        "go ponder wtime 50 btime 50",
        "ponderhit",
        "stop",
        "go perft 1",
        "go perft 2",
        "setoption name Hash value 1",
        "setoption name Threads value 1",
        "setoption name Threads value 2",
        "setoption name MultiPV value 2",
        "setoption name Ponder value true",
        "setoption name Setup Seed value 3",
        "setoption name Symmetry value central",
        "setoption name Clear Hash",
        "debug on",
        "register later",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for name in variant_names() {
        lines.push(format!("setoption name UCI_Variant value {name}"));
    }
    for (_, fen) in fens.iter().step_by(7) {
        lines.push(format!("position fen {fen}"));
        lines.push(format!("position fen {fen} moves a1a2"));
    }
    lines
}

/// XBoard commands, valid in some state.
pub fn xboard_lines(fens: &[(Variant, String)]) -> Vec<String> {
    let mut lines: Vec<String> = [
        "xboard",
        "protover 2",
        "accepted setboard",
        "rejected san",
        "new",
        "force",
        "go",
        "playother",
        "white",
        "black",
        "usermove e2e4",
        "e7e5",
        "?",
        "undo",
        "remove",
        "result 1-0 {White mates}",
        "level 40 5 0",
        "level 0 0:30 0.5",
        "level 0 1 1",
        "st 1",
        "st 0.01",
        "sd 2",
        "nps 1000",
        "nps 0",
        "time 100",
        "otim 100",
        "post",
        "nopost",
        "hint",
        "analyze",
        "exit",
        ".",
        "memory 1",
        "cores 1",
        "option Threads=1",
        "option Hash=1",
        "option Setup seed=3",
        "option Symmetry=central",
        "exclude e2e4",
        "exclude all",
        "include all",
        "include e2e4",
        "lift e2",
        "lift a0",
        "put e4",
        "hover e4",
        "edit",
        "ping 7",
        "hard",
        "easy",
        "draw",
        "bk",
        "name Someone",
        "rating 2000 1500",
        "ics -",
        "computer",
        "random",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for name in variant_names() {
        lines.push(format!("variant {name}"));
    }
    for (_, fen) in fens.iter().step_by(7) {
        lines.push(format!("setboard {fen}"));
    }
    lines
}

/// PGN texts: games of every variant with tags, comments, variations and results.
pub fn pgn_texts(fens: &[(Variant, String)]) -> Vec<String> {
    let mut texts = Vec::new();
    for (i, (variant, fen)) in fens.iter().enumerate().step_by(11) {
        let Ok(game) = Game::from_fen(*variant, fen) else { continue };
        let moves: Vec<String> = game.position().legal_moves().into_iter().take(3).collect();
        let movetext: Vec<String> =
            moves.iter().enumerate().map(|(n, m)| format!("{}. {m}", n + 1)).collect();
        texts.push(format!(
            "[Event \"Sissa match\"]\n[Round \"{i}\"]\n[Variant \"{variant}\"]\n[FEN \"{fen}\"]\n\
             [SetUp \"1\"]\n[TimeControl \"10+0.1\"]\n\n{} {{opening}} (1... a1a2 $1) ; note\n\
             {{White mates}} 1-0\n\n[Event \"?\"]\n\n*\n",
            movetext.join(" ")
        ));
    }
    texts.push("1. e2e4 e7e5 2. g1f3 1/2-1/2".to_string());
    texts.push("[White \"a \\\"quoted\\\" \\\\ name\"]\n\n0-1".to_string());
    texts
}

/// Command lines (without the program name) of every subcommand.
pub fn command_lines(fens: &[(Variant, String)]) -> Vec<String> {
    let mut lines: Vec<String> = [
        "perft --variant chess --depth 1",
        "perft --variant rococo --depth 2 --divide --threads 2",
        "perft --variant uc40 --depth 0 --seed 5 --symmetry central",
        "perft --variant chess --suite /nonexistent --max-nodes 1000",
        "startfen --variant uc40 --seed 7 --symmetry asymmetric",
        "startfen -v seahorses",
        "bench --depth 3 --threads 1 --hash 16 --variant chess",
        "bench --movetime 100",
        "match --variant chess --games 4 --tc 10+0.1 --time-margin 100 --concurrency 2",
        "match --engine1 sissa:Depth=2,Nodes=1000,Threads=1,Hash=16 --engine2 random",
        "match --engine1 sissa:MoveTime=50 --engine2 uci:stockfish --openings none",
        "match --engine2 xboard:fairymax --on-rejected-move resync --max-plies 200",
        "match --variant uc40 --seeds 1-100,3,5 --symmetry central --seed 9",
        "match --sprt 0,10,0.05,0.05 --rating-interval 10 --pgn /dev/null --tc 1:30+1",
        "match --openings random-plies:8 --tc 5",
        "--version",
        "help",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for (variant, fen) in fens.iter().step_by(13) {
        lines.push(format!("perft --variant {variant} --fen {fen} --depth 1"));
        lines.push(format!("match --variant {variant} --fen {fen} --games 2"));
    }
    lines
}
