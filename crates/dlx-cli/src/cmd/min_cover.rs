//! `dlx min-cover [FILE|-]`: the fewest rows covering every primary column at least once,
//! for any matrix in Knuth's format (secondary columns need not be covered).

use std::fmt::Write as _;
use std::time::Instant;

use dlx_core::mincover::{Bound, MinCover, MinCoverStats};
use dlx_core::{Matrix, format};
use serde_json::{Value, json};

use crate::error::CliError;
use crate::output::{read_input, write_output};

/// Flags shared by the minimum-cover commands.
#[derive(Debug, Clone, clap::Args)]
pub struct CoverArgs {
    /// List every minimum cover (each set of rows once), not just the first found.
    #[arg(long)]
    pub all: bool,
    /// With --all, stop after this many covers.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Lower bound for IDA*: `seed` (the classic contest bound h, default) or `strong`.
    #[arg(long, value_name = "BOUND", default_value = "seed")]
    pub bound: Bound,
    /// Print the nodes and updates of each IDA* pass.
    #[arg(long)]
    pub profile: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `dlx min-cover`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Solved by IDA* on repeat-cover dancing links: the limit on the number
of rows starts at the lower bound of the whole matrix and grows by one until a cover fits.
Each minimum cover (a set of rows) is listed once, its rows in input order.

Example:
  $ printf 'A B C D E F G\\nC E F\\nA D G\\nB C F\\nA D\\nB G\\nD E G\\n' | dlx min-cover
  minimum 3
  cover 1:
    C E F
    A D G
    B C F
  4 nodes, 23 updates, 4 bound evaluations, 1 IDA* pass (bound seed)

A primary item that no option contains makes a cover impossible: `no cover: ...`, status 0.
Bad input (unreadable file, malformed matrix) exits with status 2.")]
pub struct Args {
    /// The matrix in Knuth's format; standard input when absent or `-`.
    pub file: Option<String>,
    #[command(flatten)]
    pub cover: CoverArgs,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let (path, text) = read_input(args.file.as_deref())?;
    let matrix = format::parse(&text).map_err(|source| CliError::Format {
        path: path.clone(),
        source,
    })?;
    if !matrix.is_plain() {
        return Err(CliError::NotPlain(path, "min-cover"));
    }
    let a = &args.cover;
    let mut mc = MinCover::new(&matrix).with_bound(a.bound);
    let start = Instant::now();
    // A Ctrl-C stops the search at its next node, and what it reached is printed.
    let stop = crate::interrupt::watch();
    let result = if a.all {
        mc.solve_all_until(a.limit, &stop)
    } else {
        mc.solve_until(&stop)
    };
    let seconds = start.elapsed().as_secs_f64();
    let rows = |cover: &[usize]| -> Vec<String> {
        cover.iter().map(|&o| option_line(&matrix, o)).collect()
    };
    let out = if a.json {
        let mut v = json!({
            "minimum": result.minimum,
            "covers": result.covers.iter().map(|c| json!({"options": c, "rows": rows(c)})).collect::<Vec<_>>(),
            "all": result.all,
            "uncoverable": result.uncoverable.iter().map(|&i| matrix.item(i).name.as_str()).collect::<Vec<_>>(),
            "interrupted": result.interrupted,
        });
        merge(&mut v, stats_json(&result.stats, a.bound));
        format!("{v}\n")
    } else {
        let mut s = String::new();
        let under_way = result.stats.iterations.last().map_or(0, |i| i.limit);
        match result.minimum {
            None if result.interrupted => {
                let _ = writeln!(
                    s,
                    "interrupted: no cover of fewer than {under_way} rows (the pass of {under_way} was under way)"
                );
            }
            None => {
                let names: Vec<&str> = result
                    .uncoverable
                    .iter()
                    .map(|&i| matrix.item(i).name.as_str())
                    .collect();
                let _ = writeln!(s, "no cover: no option contains {}", names.join(", "));
            }
            Some(m) => {
                let note = if result.interrupted {
                    format!(
                        " (first {} minimum covers: interrupted)",
                        result.covers.len()
                    )
                } else {
                    count_note(result.covers.len(), a.all, result.all)
                };
                let _ = writeln!(s, "minimum {m}{note}");
                for (k, cover) in result.covers.iter().enumerate() {
                    let _ = writeln!(s, "cover {}:", k + 1);
                    for line in rows(cover) {
                        let _ = writeln!(s, "  {line}");
                    }
                }
            }
        }
        s.push_str(&stats_text(&result.stats, a.bound, a.profile));
        s
    };
    write_output("-", &out)?;
    // As every search says it: only for a run long enough to time.
    if !a.json && seconds >= 0.5 {
        note!("time: {seconds:.3} s");
    }
    if result.interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// An option as its item names, in input order.
fn option_line(matrix: &Matrix, option: usize) -> String {
    matrix
        .option(option)
        .iter()
        .map(|&i| matrix.item(i).name.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `" (5 minimum covers)"` after an --all run, with a mark when the list was capped.
pub fn count_note(found: usize, asked_all: bool, complete: bool) -> String {
    match (asked_all, complete) {
        (false, _) => String::new(),
        (true, true) => format!(" ({found} minimum covers)"),
        (true, false) => format!(" (first {found} minimum covers: stopped at the limit)"),
    }
}

/// The bound's name as the flag spells it.
pub fn bound_name(bound: Bound) -> &'static str {
    match bound {
        Bound::Seed => "seed",
        Bound::Strong => "strong",
    }
}

/// The statistics as text: totals, then one line per IDA* pass when asked.
pub fn stats_text(stats: &MinCoverStats, bound: Bound, profile: bool) -> String {
    let mut s = format!(
        "{} nodes, {} updates, {} bound evaluations, {} IDA* pass{} (bound {})\n",
        stats.nodes,
        stats.updates,
        stats.bound_evaluations,
        stats.iterations.len(),
        if stats.iterations.len() == 1 {
            ""
        } else {
            "es"
        },
        bound_name(bound)
    );
    if profile {
        s.push_str("limit        nodes          updates\n");
        for it in &stats.iterations {
            let _ = writeln!(s, "{:>5} {:>12} {:>16}", it.limit, it.nodes, it.updates);
        }
    }
    s
}

/// The statistics as JSON fields.
pub fn stats_json(stats: &MinCoverStats, bound: Bound) -> Value {
    json!({
        "nodes": stats.nodes,
        "updates": stats.updates,
        "bound_evaluations": stats.bound_evaluations,
        "bound": bound_name(bound),
        "iterations": stats.iterations.iter().map(|it| json!({
            "limit": it.limit, "nodes": it.nodes, "updates": it.updates
        })).collect::<Vec<_>>(),
    })
}

/// Adds the fields of `extra` (an object) to `v` (an object).
pub fn merge(v: &mut Value, extra: Value) {
    if let (Value::Object(a), Value::Object(b)) = (v, extra) {
        a.extend(b);
    }
}
