//! The flags every search command shares, and the one way results are printed.

use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use dlx_core::{Dlx, Heuristic, Matrix, Solution, Stats};
use serde_json::{Value, json};

use crate::error::CliError;

/// Search flags shared by `solve`, `paper` and the puzzle subcommands.
#[derive(Debug, Clone, clap::Args)]
pub struct SearchArgs {
    /// Column rule: `mrv` (Knuth's S heuristic, shortest column first) or `leftmost`.
    #[arg(long, value_name = "RULE")]
    pub heuristic: Option<Heuristic>,
    /// Stop after this many solutions.
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Print every solution (as its rows, or as the puzzle's picture).
    #[arg(long)]
    pub print: bool,
    /// Print the per-level profile (nodes and updates at each depth), as in the paper's tables.
    #[arg(long)]
    pub profile: bool,
    /// Print one JSON object: solutions, updates, nodes, levels, ...
    #[arg(long)]
    pub json: bool,
}

/// Reads a file, or standard input for `-` or no file.
pub fn read_input(path: Option<&str>) -> Result<(String, String), CliError> {
    match path {
        None | Some("-") => {
            let mut text = String::new();
            io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| CliError::io("-", e))?;
            Ok(("-".to_string(), text))
        }
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| CliError::io(p, e))?;
            Ok((p.to_string(), text))
        }
    }
}

/// Writes text to a file, or standard output for `-`.
pub fn write_output(path: &str, text: &str) -> Result<(), CliError> {
    if path == "-" {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes())
            .map_err(|e| CliError::io("-", e))
    } else {
        std::fs::write(path, text).map_err(|e| CliError::io(path, e))
    }
}

/// The JSON object `--json` prints: the statistics, plus the solutions when printed.
pub fn stats_json(stats: &Stats, heuristic: Heuristic, solutions: Option<Vec<Value>>) -> Value {
    let mut v = json!({
        "solutions": stats.solutions,
        "updates": stats.updates,
        "nodes": stats.nodes,
        "levels": stats.levels.iter().map(|l| json!({"nodes": l.nodes, "updates": l.updates})).collect::<Vec<_>>(),
        "complete": stats.complete,
        "heuristic": match heuristic { Heuristic::Mrv => "mrv", Heuristic::Leftmost => "leftmost" },
    });
    if let Some(list) = solutions {
        v["solution_list"] = Value::Array(list);
    }
    v
}

/// Runs a search with the shared flags and prints what they ask for.
///
/// `render` draws one solution for `--print` (text), `rows` gives its JSON form.
pub fn search_and_report(
    matrix: &Matrix,
    args: &SearchArgs,
    default: Heuristic,
    render: &dyn Fn(&Solution) -> String,
) -> Result<(), CliError> {
    let heuristic = args.heuristic.unwrap_or(default);
    let mut dlx = Dlx::new(matrix);
    let mut search = dlx.search().heuristic(heuristic);
    if let Some(n) = args.limit {
        search = search.limit(n);
    }
    let start = Instant::now();
    let mut out = io::stdout().lock();
    let mut printed = Vec::new();
    let mut failure = None;
    let stats = if args.print {
        search.run(|view| {
            let sol = view.to_solution();
            if args.json {
                printed.push(json!(sol.lines(matrix)));
            } else if let Err(e) =
                write!(out, "solution {}:\n{}\n", printed.len() + 1, render(&sol))
            {
                failure = Some(CliError::io("-", e));
                return ControlFlow::Break(());
            } else {
                printed.push(Value::Null);
            }
            ControlFlow::Continue(())
        })
    } else {
        search.count()
    };
    if let Some(e) = failure {
        return Err(e);
    }
    let seconds = start.elapsed().as_secs_f64();
    let text = if args.json {
        let list = args.print.then_some(printed);
        format!("{}\n", stats_json(&stats, heuristic, list))
    } else {
        let mut s = format!(
            "{} solutions, {} updates, {} nodes{}\n",
            stats.solutions,
            stats.updates,
            stats.nodes,
            if stats.complete {
                ""
            } else {
                " (search stopped at the limit)"
            }
        );
        if args.profile {
            s.push_str(&stats.profile_table());
        }
        s
    };
    out.write_all(text.as_bytes())
        .map_err(|e| CliError::io("-", e))?;
    if !args.json {
        eprintln!(
            "time: {seconds:.3} s ({:.1} M updates/s)",
            stats.updates as f64 / seconds.max(1e-9) / 1e6
        );
    }
    Ok(())
}
