//! `cargo xtask bench scaling`: how one search's time falls with threads, on searches long
//! enough (tens of seconds to minutes on one core) that the split's own costs are small.
//!
//! Each workload is counted on 1 thread, then on each larger count of `--threads` (default
//! 1, 2, 4, ... up to the machine's cores), and every run's figures must equal the one-thread
//! run's (and, for the 9x10 shard, the record committed in `results/`). Beside the speed-ups it
//! prints the machine's ceiling at its largest thread count: that many independent copies of
//! 14 queens side by side, as `bench search` measures it, so that a speed-up is read against
//! what the processor can give at all.
//!
//! With `--own-ceiling` each workload also gets a ceiling of its own: as many copies of its
//! one-thread search as the largest count of threads, side by side, each on its own arena.
//! What they lose against one copy alone is what the processor takes (shared caches, memory,
//! a clock that falls with the load), not the split; it costs one more one-thread time per
//! workload.
//!
//! Workloads (`--only NAME,...` picks some):
//! - `queens-16`, `queens-17`: 16 and 17 queens, the paper's column order and the S
//!   heuristic (17 queens runs about eight times as long as 16);
//! - `scott-leftmost`: Scott's problem in the leftmost order (no heuristic);
//! - `9x10-shard-3`: shard 3 of the 128 of the 9x10 one-sided pentominoes, the committed
//!   campaign `results/pentomino-9x10-one-sided`, checked against its record;
//! - `macmahon-shard-1`: shard 1 of 8 of MacMahon's triangles in a hexagon (colours), when the
//!   data folder holds `exact_cover/xcc/macmahon-hexagon.dlx` (skipped, with a line, if not);
//! - `macmahon-hexagon`: the whole of that problem (about eight times the shard: a search of
//!   tens of seconds now that colours are counted without links, where the shard takes a few).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use dlx_campaign::ShardRecord;
use dlx_core::{Heuristic, Matrix, Problem, Stats, format};

use crate::option_value;

/// One search to time: a matrix, its rule, and optionally one shard of a plan of `n`.
struct Workload {
    name: &'static str,
    matrix: Matrix,
    heuristic: Heuristic,
    shard: Option<(usize, usize)>,
    /// Figures the search must give whatever the threads (a committed record).
    expected: Option<Stats>,
}

/// The names of the workloads, in the order they run.
const NAMES: &[&str] = &[
    "queens-16",
    "queens-17",
    "scott-leftmost",
    "9x10-shard-3",
    "macmahon-shard-1",
    "macmahon-hexagon",
];

pub fn run(args: &[String]) -> crate::Result {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let counts = match option_value(args, "--threads") {
        Some(list) => parse_counts(list)?,
        None => default_counts(cores),
    };
    let only: Option<Vec<&str>> = option_value(args, "--only").map(|s| s.split(',').collect());
    let own_ceiling = args.iter().any(|a| a == "--own-ceiling");
    if let Some(names) = &only
        && let Some(bad) = names.iter().find(|n| !NAMES.contains(n))
    {
        return crate::input(format!(
            "unknown workload `{bad}` (workloads: {})",
            NAMES.join(", ")
        ));
    }
    println!("machine: {} ({cores} cores seen)", cpu_model());
    let top = *counts.last().expect("at least one count of threads");
    if top > cores {
        // Asked for on purpose (`--threads`), but its column measures time-sharing, not scaling.
        println!(
            "note: {top} threads on {cores} cores: the counts above {cores} share the cores, \
             so their speed-ups cannot pass {cores}x"
        );
    }
    if top > 1 {
        let ceiling = ceiling(top)?;
        println!(
            "ceiling at {top} threads: {top} copies of 14 queens side by side run {ceiling:.2}x \
             one copy's speed\n"
        );
    }
    let mut header = format!("{:<18} {:>18} {:>10}", "workload", "updates", "1 thread");
    for &t in counts.iter().filter(|&&t| t > 1) {
        header.push_str(&format!(" {:>16}", format!("{t} threads")));
    }
    println!("{header}");
    for name in NAMES {
        if only.as_ref().is_some_and(|o| !o.contains(name)) {
            continue;
        }
        let Some(w) = workload(name)? else {
            continue;
        };
        let mut problem = Problem::new(&w.matrix);
        // Made once, untimed, on every core (the same plan on any number of threads).
        let plan = match w.shard {
            Some((_, n)) => Some(
                problem
                    .solve()
                    .heuristic(w.heuristic)
                    .threads(0)
                    .plan_shards(n)
                    .map_err(|e| format!("{name}: {e}"))?,
            ),
            None => None,
        };
        let mut one: Option<(Duration, Stats)> = None;
        let mut line = String::new();
        for &t in &counts {
            let solve = problem.solve().heuristic(w.heuristic).threads(t);
            let solve = match (&plan, w.shard) {
                (Some(plan), Some((k, _))) => solve
                    .shard_plan(plan, k)
                    .map_err(|e| format!("{name}: {e}"))?,
                _ => solve,
            };
            let start = Instant::now();
            let stats = solve.count();
            let took = start.elapsed();
            if let Some(expected) = &w.expected
                && !same_figures(&stats, expected)
            {
                return crate::failed(format!(
                    "{name} on {t} threads: {} solutions, {} updates, {} nodes, but the \
                     committed record says {}, {}, {}",
                    stats.solutions,
                    stats.updates,
                    stats.nodes,
                    expected.solutions,
                    expected.updates,
                    expected.nodes
                ));
            }
            match &one {
                None => {
                    line = format!(
                        "{:<18} {:>18} {:>8.2} s",
                        w.name,
                        stats.updates,
                        took.as_secs_f64()
                    );
                    one = Some((took, stats));
                }
                Some((t1, stats1)) => {
                    if &stats != stats1 {
                        return crate::failed(format!(
                            "{name}: the figures on {t} threads differ from one thread's"
                        ));
                    }
                    line.push_str(&format!(
                        " {:>7.2} s {:>6.2}x",
                        took.as_secs_f64(),
                        t1.as_secs_f64() / took.as_secs_f64()
                    ));
                }
            }
            // Each run is told as it ends, so that a run stopped early still tells.
            eprintln!("  {name}: {t} threads, {:.2} s", took.as_secs_f64());
        }
        if own_ceiling
            && top > 1
            && let Some((t1, stats1)) = &one
        {
            let side = side_by_side(&w, plan.as_ref(), top, stats1)?;
            line.push_str(&format!(
                "  (own ceiling at {top}: {:.2}x)",
                top as f64 * t1.as_secs_f64() / side.as_secs_f64()
            ));
        }
        println!("{line}");
    }
    println!(
        "\nEach cell: wall seconds and the speed-up over one thread; the figures (solutions, \
         updates, nodes, cleansings, the per-level profile) are identical on every count."
    );
    Ok(())
}

/// 1, 2, 4, ... below `cores`, then `cores`.
fn default_counts(cores: usize) -> Vec<usize> {
    let mut v: Vec<usize> = std::iter::successors(Some(1usize), |t| t.checked_mul(2))
        .take_while(|&t| t < cores)
        .collect();
    v.push(cores);
    v
}

/// `1,4,8,16`: counts of threads, ascending, starting at 1.
fn parse_counts(list: &str) -> crate::Result<Vec<usize>> {
    let mut v = Vec::new();
    for part in list.split(',') {
        let t: usize = part
            .trim()
            .parse()
            .map_err(|_| format!("--threads wants numbers like 1,4,8,16, not `{part}`"))?;
        if t == 0 {
            return Err("--threads: a count of threads is at least 1".into());
        }
        v.push(t);
    }
    v.sort_unstable();
    v.dedup();
    if v.first() != Some(&1) {
        v.insert(0, 1);
    }
    Ok(v)
}

/// The workload called `name`, or `None` (after saying why) when its data is absent.
fn workload(name: &'static str) -> crate::Result<Option<Workload>> {
    let paper = |p: &str| dlx_paper::problem(p).map_err(|e| e.to_string());
    Ok(Some(match name {
        "queens-16" | "queens-17" => {
            let p = paper(name)?;
            Workload {
                name,
                matrix: p.matrix,
                heuristic: p.heuristic,
                shard: None,
                expected: None,
            }
        }
        "scott-leftmost" => Workload {
            name,
            matrix: paper("scott")?.matrix,
            heuristic: Heuristic::Leftmost,
            shard: None,
            expected: None,
        },
        "9x10-shard-3" => {
            let dir = repo_path("results/pentomino-9x10-one-sided");
            let read = |f: &str| {
                let path = dir.join(f);
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
            };
            let matrix = format::parse(&read("matrix.dlx")?).map_err(|e| e.to_string())?;
            let file = "shard-3-of-128.json";
            let record = ShardRecord::parse(file, &read(file)?).map_err(|e| e.to_string())?;
            Workload {
                name,
                matrix,
                heuristic: Heuristic::Mrv,
                shard: Some((3, 128)),
                expected: Some(record.stats),
            }
        }
        "macmahon-shard-1" | "macmahon-hexagon" => {
            let path = dlx_test_data::dir().join("exact_cover/xcc/macmahon-hexagon.dlx");
            let Ok(text) = std::fs::read_to_string(&path) else {
                println!("{name}: skipped, {}", dlx_test_data::missing(&path));
                return Ok(None);
            };
            Workload {
                name,
                matrix: format::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?,
                heuristic: Heuristic::Mrv,
                shard: (name == "macmahon-shard-1").then_some((1, 8)),
                expected: None,
            }
        }
        other => return crate::input(format!("unknown workload `{other}`")),
    }))
}

/// The figures a shard record keeps: its totals, and its profile where it has one.
fn same_figures(ours: &Stats, record: &Stats) -> bool {
    ours.solutions == record.solutions
        && ours.updates == record.updates
        && ours.nodes == record.nodes
        && ours.cleansings == record.cleansings
        && (record.levels.is_empty() || ours.levels == record.levels)
}

/// A file of the repository: relative to the current folder when it is there (a copy of the
/// tree elsewhere, running a binary built in another place), else to the workspace root.
fn repo_path(rel: &str) -> PathBuf {
    let here = Path::new(rel);
    if here.exists() {
        here.to_path_buf()
    } else {
        crate::workspace_root().join(rel)
    }
}

/// `threads` independent one-thread counts of 14 queens at once: `threads` times one's
/// time over theirs.
fn ceiling(threads: usize) -> crate::Result<f64> {
    let p = dlx_paper::problem("queens-14").map_err(|e| e.to_string())?;
    let mut dlx = dlx_core::Dlx::new(&p.matrix);
    let start = Instant::now();
    let stats = dlx.solve().heuristic(p.heuristic).count();
    let one = start.elapsed();
    let side = crate::bench_search::copies_side_by_side(threads, &p.matrix, p.heuristic, &stats)?;
    Ok(threads as f64 * one.as_secs_f64() / side.as_secs_f64())
}

/// The wall time of `copies` one-thread searches of `w` at once, each on its own arena; each
/// must give `expected`.
fn side_by_side(
    w: &Workload,
    plan: Option<&dlx_core::ShardPlan>,
    copies: usize,
    expected: &Stats,
) -> crate::Result<Duration> {
    let problems: Vec<Problem> = (0..copies).map(|_| Problem::new(&w.matrix)).collect();
    crate::bench_search::side_by_side(
        problems,
        |mut problem| {
            let solve = problem.solve().heuristic(w.heuristic).threads(1);
            let solve = match (plan, w.shard) {
                (Some(plan), Some((k, _))) => {
                    solve.shard_plan(plan, k).map_err(|e| e.to_string())?
                }
                _ => solve,
            };
            Ok(solve.count())
        },
        expected,
    )
    .map_err(|e| match e {
        crate::Error::Input(why) => crate::Error::Input(format!("{}: {why}", w.name)),
        crate::Error::Failed(why) => crate::Error::Failed(format!("{}: {why}", w.name)),
    })
}

/// The processor's name, as Linux tells it (or "unknown processor").
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown processor".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_threads() {
        assert_eq!(default_counts(1), vec![1]);
        assert_eq!(default_counts(2), vec![1, 2]);
        assert_eq!(default_counts(16), vec![1, 2, 4, 8, 16]);
        assert_eq!(default_counts(12), vec![1, 2, 4, 8, 12]);
        assert_eq!(parse_counts("16,4,8").unwrap(), vec![1, 4, 8, 16]);
        assert!(parse_counts("1,x").is_err());
        assert!(parse_counts("0").is_err());
    }
}
