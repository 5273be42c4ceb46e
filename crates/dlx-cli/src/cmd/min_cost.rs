//! `dlx solve --min-cost`: the cheapest solutions of a matrix with option costs, searched and
//! printed as Knuth's DLX5 does (each solution found, with its cost; then the best K).

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;

use dlx_core::{CostedSolution, Matrix, MinCostParams, Problem, format};
use serde_json::{Value, json};

use crate::error::CliError;
use crate::output::{counted, figures, stats_json};

/// What `--min-cost` takes from the flags of `dlx solve`.
pub struct Flags {
    /// `--best`, `--lookahead`, `--one-of-each`, `--per-option`.
    pub params: MinCostParams,
    /// Stop after this many solutions found (`--limit`).
    pub limit: Option<u64>,
    pub json: bool,
    pub profile: bool,
}

fn costed_json(matrix: &Matrix, s: &CostedSolution) -> Value {
    json!({"cost": s.cost, "rows": s.lines(matrix)})
}

/// Reads the matrix with its costs, searches it and prints what DLX5 prints.
pub fn run(path: String, text: &str, flags: &Flags) -> Result<(), CliError> {
    let matrix = format::parse_with_costs(text).map_err(|source| CliError::Format {
        path: path.clone(),
        source,
    })?;
    if !matrix.has_costs() {
        return Err(CliError::MinCost(format!(
            "{path}: no option has a cost (`|n` after its items): `--min-cost` needs costs"
        )));
    }
    let mut problem = Problem::new(&matrix);
    let flag = crate::interrupt::watch();
    let mut solve = problem.solve().interrupt(&flag);
    if let Some(n) = flags.limit {
        solve = solve.limit(n);
    }
    let mut out = io::stdout().lock();
    let mut found = Vec::new();
    let mut failed = None;
    let params = flags.params.clone();
    let result = solve
        .min_cost_with(params, |s| {
            if flags.json {
                found.push(costed_json(&matrix, s));
                return ControlFlow::Continue(());
            }
            found.push(Value::Null);
            let text = format!(
                "solution {}, cost {}:\n{}\n",
                found.len(),
                s.cost,
                s.lines(&matrix).join("\n")
            );
            match out.write_all(text.as_bytes()) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            }
        })
        .map_err(|e| CliError::MinCost(format!("{path}: {e}")))?;
    if let Some(e) = failed {
        return Err(CliError::io("-", e));
    }
    let stats = &result.stats;
    let interrupted = flag.load(Ordering::Relaxed) && !stats.complete;
    let text = if flags.json {
        let mut v = stats_json(stats, dlx_core::Heuristic::Mrv, None, true);
        if let Some(o) = v.as_object_mut() {
            o.remove("heuristic");
        }
        v["mems"] = json!(result.mems);
        v["cost"] = json!(result.best.first().map(|s| s.cost));
        v["best"] = result
            .best
            .iter()
            .map(|s| costed_json(&matrix, s))
            .collect();
        v["found"] = Value::Array(found);
        if interrupted {
            v["interrupted"] = json!(true);
        }
        format!("{v}\n")
    } else {
        let mut s = String::new();
        if !result.best.is_empty() {
            s.push_str(&if flags.params.best == 1 {
                "the cheapest:\n".to_string()
            } else {
                format!("the {} cheapest:\n", result.best.len())
            });
            for b in &result.best {
                s.push_str(&format!(
                    "cost {}:\n{}\n",
                    b.cost,
                    b.lines(&matrix).join("\n")
                ));
            }
        }
        s.push_str(&figures(stats, true));
        s.push_str(&format!(", {}", counted(result.mems, "mem")));
        if interrupted {
            s.push_str(" so far (interrupted)");
        } else if !stats.complete {
            s.push_str(" (search stopped at the limit)");
        }
        s.push('\n');
        s.push_str(&optimum_line(&result.best));
        if flags.profile {
            s.push_str(&stats.profile_table());
        }
        s
    };
    out.write_all(text.as_bytes())
        .map_err(|e| CliError::io("-", e))?;
    if interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// DLX5's closing line: the best cost, or the best costs with repetitions counted.
fn optimum_line(best: &[CostedSolution]) -> String {
    let mut groups: Vec<(u64, usize)> = Vec::new();
    for b in best {
        match groups.last_mut() {
            Some((c, n)) if *c == b.cost => *n += 1,
            _ => groups.push((b.cost, 1)),
        }
    }
    let list: Vec<String> = groups
        .iter()
        .map(|&(c, n)| {
            if n > 1 {
                format!("{c} ({n} times)")
            } else {
                c.to_string()
            }
        })
        .collect();
    match best.len() {
        0 => "no solution\n".to_string(),
        1 => format!("optimum cost {}\n", list[0]),
        _ => format!("optimum costs {}\n", list.join(", ")),
    }
}
