//! The flags every search command shares, and the one way results are printed.

use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::sync::Mutex;
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
    /// Threads to search with (default: all cores). The figures are identical for any
    /// number; with several threads `--print` lists the solutions sorted by their option
    /// numbers instead of in search order. `--limit` searches on one thread.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
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
        "heuristic": match heuristic {
            Heuristic::Mrv => "mrv",
            Heuristic::MrvEager => "mrv-eager",
            Heuristic::Leftmost => "leftmost",
        },
    });
    if let Some(list) = solutions {
        v["solution_list"] = Value::Array(list);
    }
    v
}

/// Runs a search with the shared flags and prints what they ask for.
///
/// `render` draws one solution for `--print` (text); `--json` lists solutions as their rows.
pub fn search_and_report(
    matrix: &Matrix,
    args: &SearchArgs,
    default: Heuristic,
    render: &dyn Fn(&Solution) -> String,
) -> Result<(), CliError> {
    let heuristic = args.heuristic.unwrap_or(default);
    let threads = args.threads.unwrap_or(0);
    let parallel = args.limit.is_none() && threads != 1;
    let mut dlx = Dlx::new(matrix);
    let mut out = io::stdout().lock();
    let mut listed = Vec::new();
    let mut emit = |sol: &Solution| -> io::Result<()> {
        if args.json {
            listed.push(json!(sol.lines(matrix)));
            Ok(())
        } else {
            listed.push(Value::Null);
            write!(out, "solution {}:\n{}\n", listed.len(), render(sol))
        }
    };
    let start = Instant::now();
    let stats = match (parallel, args.print) {
        (true, false) => dlx.par_count(heuristic, threads),
        (true, true) => {
            let found = Mutex::new(Vec::new());
            let stats = dlx.par_run(heuristic, threads, |s| {
                found.lock().expect("not poisoned").push(s.clone())
            });
            let mut found = found.into_inner().expect("not poisoned");
            found.sort_by_cached_key(Solution::sorted_options);
            for sol in &found {
                emit(sol).map_err(|e| CliError::io("-", e))?;
            }
            stats
        }
        (false, _) => {
            let mut search = dlx.search().heuristic(heuristic);
            if let Some(n) = args.limit {
                search = search.limit(n);
            }
            let mut failure = None;
            let stats = search.run(|view| {
                if !args.print {
                    return ControlFlow::Continue(());
                }
                match emit(&view.to_solution()) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        failure = Some(CliError::io("-", e));
                        ControlFlow::Break(())
                    }
                }
            });
            if let Some(e) = failure {
                return Err(e);
            }
            stats
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let text = if args.json {
        format!(
            "{}\n",
            stats_json(&stats, heuristic, args.print.then_some(listed))
        )
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
            "time: {seconds:.3} s ({:.1} M updates/s{})",
            stats.updates as f64 / seconds.max(1e-9) / 1e6,
            if parallel {
                ", all threads together"
            } else {
                ""
            }
        );
    }
    Ok(())
}
