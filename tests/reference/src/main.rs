//! `sissa-reference perft VARIANT FEN DEPTH [--divide]`, `moves VARIANT FEN`,
//! `play VARIANT FEN MOVE`: the reference generators from the command line.

use std::process::ExitCode;

fn run(args: &[String]) -> Result<(), String> {
    let usage = "usage: sissa-reference perft VARIANT FEN DEPTH [--divide] | moves VARIANT FEN | play VARIANT FEN MOVE";
    match args.first().map(String::as_str) {
        Some("perft") if args.len() >= 4 => {
            let depth: u32 = args[3].parse().map_err(|_| "bad depth".to_string())?;
            if args.iter().any(|a| a == "--divide") {
                let rows = sissa_reference::divide(&args[1], &args[2], depth)?;
                for (m, n) in &rows {
                    println!("{m}: {n}");
                }
                println!("Nodes searched: {}", rows.iter().map(|(_, n)| n).sum::<u64>());
            } else {
                println!("Nodes searched: {}", sissa_reference::perft(&args[1], &args[2], depth)?);
            }
            Ok(())
        }
        Some("moves") if args.len() >= 3 => {
            for m in sissa_reference::legal_moves(&args[1], &args[2])? {
                println!("{m}");
            }
            Ok(())
        }
        Some("play") if args.len() >= 4 => {
            println!("{}", sissa_reference::play(&args[1], &args[2], &args[3])?);
            Ok(())
        }
        _ => Err(usage.to_string()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
