//! The flags every search command shares, and the one way results are printed.

use std::io::IsTerminal;
use std::io::{self, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use dlx_core::{Dlx, Heuristic, MAX_SHARDS, Matrix, Solution, Stats};
use serde_json::{Value, json};

use crate::engine::Engine;
use crate::error::CliError;

/// Search flags shared by `solve`, `paper` and the puzzle subcommands.
#[derive(Debug, Clone, clap::Args)]
pub struct SearchArgs {
    /// Column rule: `mrv` (Knuth's S heuristic, shortest column first) or `leftmost`.
    #[arg(long, value_name = "RULE")]
    pub heuristic: Option<Heuristic>,
    /// Stop after this many solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
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
    /// numbers instead of in search order. `--limit` without `--threads` searches on one
    /// thread, in Knuth's order; with it, the first N solutions found by any thread.
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Search only shard K of N (1-based): a deterministic part of the tree, balanced by
    /// Knuth's estimate; `dlx merge` adds the shards' `--json` figures into the whole run's.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// No progress display on standard error.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Parses `K/N` with 1 <= K <= N <= [`MAX_SHARDS`].
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{s}` is not a shard K/N with 1 <= K <= N (e.g. 3/8)");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    if n > MAX_SHARDS {
        return Err(format!("`{s}`: at most {MAX_SHARDS} shards"));
    }
    Ok((k, n))
}

/// The most threads `--threads` asks for: each is an operating-system thread with its own
/// copy of the arena, and far more than the cores only slows the search.
pub const MAX_THREADS: usize = 1024;

/// Parses a thread count, 0 (every core) to [`MAX_THREADS`].
pub fn parse_threads(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(t) if t <= MAX_THREADS => Ok(t),
        Ok(_) => Err(format!(
            "`{s}` threads: at most {MAX_THREADS} (0 means one per core)"
        )),
        Err(_) => Err(format!("`{s}` is not a number of threads")),
    }
}

/// What a live search shares with the progress display: written by the search (threads),
/// read by the display thread.
#[derive(Default)]
struct Live {
    solutions: AtomicU64,
    updates: AtomicU64,
    /// The estimated fraction of the tree done, as f64 bits; `u64::MAX` = unknown.
    fraction: AtomicU64,
    finished: AtomicBool,
}

impl Live {
    fn set_fraction(&self, f: f64) {
        self.fraction.store(f.to_bits(), Ordering::Relaxed);
    }
}

/// The progress display: after one second, when standard error is a terminal and `--quiet`
/// is off, a line with the elapsed time, solutions so far, updates per second and the
/// estimated fraction of the tree done (Knuth's estimate from the current branch positions).
struct Progress {
    live: Arc<Live>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    fn start(enabled: bool) -> Progress {
        let live = Arc::new(Live {
            fraction: AtomicU64::new(u64::MAX),
            ..Live::default()
        });
        let thread = enabled.then(|| {
            let live = Arc::clone(&live);
            std::thread::spawn(move || show(&live))
        });
        Progress { live, thread }
    }

    fn enabled(&self) -> bool {
        self.thread.is_some()
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.live.finished.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The display thread's loop.
fn show(live: &Live) {
    let start = Instant::now();
    let tick = std::time::Duration::from_millis(100);
    let mut bar: Option<ProgressBar> = None;
    while !live.finished.load(Ordering::Relaxed) {
        std::thread::sleep(tick);
        let elapsed = start.elapsed();
        if elapsed.as_secs_f64() < 1.0 {
            continue;
        }
        let bar = bar.get_or_insert_with(|| {
            let b = ProgressBar::with_draw_target(Some(1_000_000), ProgressDrawTarget::stderr());
            b.set_style(
                ProgressStyle::with_template("{prefix} [{bar:30}] {msg}")
                    .expect("a valid template")
                    .progress_chars("=> "),
            );
            b
        });
        let solutions = live.solutions.load(Ordering::Relaxed);
        let updates = live.updates.load(Ordering::Relaxed);
        let fraction = live.fraction.load(Ordering::Relaxed);
        let done = if fraction == u64::MAX {
            "  ?  ".to_string()
        } else {
            let f = f64::from_bits(fraction).clamp(0.0, 1.0);
            bar.set_position((f * 1e6) as u64);
            format!("{:6.2}%", 100.0 * f)
        };
        let secs = elapsed.as_secs();
        bar.set_prefix(format!(
            "{:02}:{:02}:{:02} {done}",
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        ));
        bar.set_message(format!(
            "{solutions} solutions, {:.1} M updates/s",
            updates as f64 / elapsed.as_secs_f64() / 1e6
        ));
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
}

/// Reads a file, or standard input for `-` or no file. Text that is not UTF-8 is refused with
/// the line and column of its first bad byte.
pub fn read_input(path: Option<&str>) -> Result<(String, String), CliError> {
    let name = match path {
        None | Some("-") => "-",
        Some(p) => p,
    };
    let bytes = if name == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::io("-", e))?;
        bytes
    } else {
        std::fs::read(name).map_err(|e| CliError::io(name, e))?
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
        CliError::NotUtf8 {
            path: name.to_string(),
            line: good.iter().filter(|&&b| b == b'\n').count() + 1,
            // Characters, not bytes, before the bad byte on its line.
            column: String::from_utf8_lossy(&good[line_start..]).chars().count() + 1,
        }
    })?;
    Ok((name.to_string(), text))
}

/// Prints a command's named problems, one per line with its description (`dlx X list`).
pub fn list_names(names: &[(&str, &str)]) -> Result<(), CliError> {
    let width = names.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let text: String = names
        .iter()
        .map(|(name, about)| format!("{name:<width$} {about}\n"))
        .collect();
    write_output("-", &text)
}

/// Writes a matrix in Knuth's format (`--emit`), with a comment naming what it is and which
/// command wrote it.
pub fn emit_matrix(
    path: &str,
    matrix: &Matrix,
    title: &str,
    command: &str,
) -> Result<(), CliError> {
    let comment = format!("{title}, written by dlx {command}");
    write_output(path, &dlx_core::format::write(matrix, Some(&comment)))
}

/// The k-th solution the search finds (k counts from 1), for `--svg --solution K`; `Err`
/// holds how many solutions there are when fewer than k.
pub fn nth_solution(matrix: &Matrix, heuristic: Heuristic, k: u64) -> Result<Solution, u64> {
    let mut dlx = Dlx::new(matrix);
    let mut search = dlx.search().heuristic(heuristic).limit(k);
    let mut last = None;
    let mut found = 0;
    while let Some(view) = search.next_solution() {
        last = Some(view.to_solution());
        found += 1;
    }
    match last {
        Some(solution) if found == k && k > 0 => Ok(solution),
        _ => Err(found),
    }
}

/// Writes text to a file (atomically: see [`dlx_core::file::write_atomic`]), or standard
/// output for `-`.
pub fn write_output(path: &str, text: &str) -> Result<(), CliError> {
    if path == "-" {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes())
            .map_err(|e| CliError::io("-", e))
    } else {
        // Whole or not at all: an interrupted write leaves the old file, never a prefix.
        dlx_core::file::write_atomic(path, text.as_bytes()).map_err(|e| CliError::io(path, e))
    }
}

/// The JSON object `--json` prints: the statistics (with `cleansings` for a search with
/// colours or bounds), plus the solutions when printed.
pub fn stats_json(
    stats: &Stats,
    heuristic: Heuristic,
    solutions: Option<Vec<Value>>,
    cleansings: bool,
) -> Value {
    let mut v = json!({
        "solutions": stats.solutions,
        "updates": stats.updates,
        "nodes": stats.nodes,
        "levels": stats.levels.iter().map(|l| json!({"nodes": l.nodes, "updates": l.updates})).collect::<Vec<_>>(),
        "complete": stats.complete,
        "heuristic": heuristic.to_string(),
    });
    if cleansings {
        v["cleansings"] = json!(stats.cleansings);
    }
    if let Some(list) = solutions {
        v["solution_list"] = Value::Array(list);
    }
    v
}

/// A figure with thousands separators, as the paper's tables print them: `1,049`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count and its noun, singular for 1: `1 solution`, `2,339 solutions`.
pub fn counted(n: u64, noun: &str) -> String {
    format!("{} {noun}{}", grouped(n), if n == 1 { "" } else { "s" })
}

/// Solutions, updates, (cleansings,) nodes.
pub fn figures(stats: &Stats, cleansings: bool) -> String {
    let mut parts = vec![
        counted(stats.solutions, "solution"),
        counted(stats.updates, "update"),
    ];
    if cleansings {
        parts.push(counted(stats.cleansings, "cleansing"));
    }
    parts.push(counted(stats.nodes, "node"));
    parts.join(", ")
}

/// The one-line result every search command prints: solutions, updates and nodes, with
/// Knuth's cleansings when the search has colours or bounds.
pub fn summary_line_with(stats: &Stats, cleansings: bool) -> String {
    format!(
        "{}{}\n",
        figures(stats, cleansings),
        if stats.complete {
            ""
        } else {
            " (search stopped at the limit)"
        }
    )
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
    search_and_report_with(matrix, args, default, render, None)
}

/// [`search_and_report`], also handing every solution found to `collect` (from any thread
/// when the search runs on several), for a command that sums them up its own way.
pub fn search_and_report_with(
    matrix: &Matrix,
    args: &SearchArgs,
    default: Heuristic,
    render: &dyn Fn(&Solution) -> String,
    collect: Option<&(dyn Fn(&Solution) + Sync)>,
) -> Result<(), CliError> {
    let heuristic = args.heuristic.unwrap_or(default);
    let threads = args.threads.unwrap_or(0);
    // A limit without --threads keeps the sequential order of solutions (Knuth's); with
    // --threads it is honoured on them too, in no particular order.
    let in_parts =
        args.shard.is_some() || (threads != 1 && (args.limit.is_none() || args.threads.is_some()));
    let mut engine = Engine::new(matrix);
    let cleansings = engine.cleansings();
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
    let progress = Progress::start(!args.quiet && io::stderr().is_terminal());
    let live = &*progress.live;
    engine.set_interrupt(crate::interrupt::watch());
    let start = Instant::now();
    let mut shard_info = None;
    // Of an interrupted run: the estimated fraction of the tree searched, if known.
    let mut fraction = None;
    // Of an interrupted run on several threads: subtrees searched to the end, and in all.
    let mut subtrees = None;
    let stats = if in_parts {
        let print = args.print;
        let mut found = Vec::new();
        let mut keep = |s: &Solution| {
            if let Some(collect) = collect {
                collect(s);
            }
            if print {
                found.push(s.clone());
            }
        };
        // The fraction done is the share of subtrees searched to the end.
        let finished = AtomicU64::new(0);
        let parts = AtomicU64::new(1);
        let observe = |part: &Stats, done: usize, total: usize| {
            live.solutions.fetch_add(part.solutions, Ordering::Relaxed);
            live.updates.fetch_add(part.updates, Ordering::Relaxed);
            live.set_fraction(done as f64 / total.max(1) as f64);
            parts.store(total.max(1) as u64, Ordering::Relaxed);
            if done > 0 && part.complete {
                finished.fetch_add(1, Ordering::Relaxed);
            }
        };
        // Without solutions to keep or a limit to count to, the subtrees are only counted.
        let visit: Option<&mut (dyn FnMut(&Solution) + Send)> =
            (print || collect.is_some() || args.limit.is_some()).then_some(&mut keep);
        let (stats, info) = engine.in_parts(
            matrix, heuristic, threads, args.limit, args.shard, None, visit, &observe,
        )?;
        shard_info = info;
        let (finished, parts) = (finished.into_inner(), parts.into_inner());
        if args.shard.is_none() {
            fraction = Some(finished as f64 / parts as f64);
            subtrees = Some((finished, parts));
        }
        found.sort_by_cached_key(Solution::sorted_options);
        for sol in &found {
            emit(sol).map_err(|e| CliError::io("-", e))?;
        }
        stats
    } else {
        let want = args.print || collect.is_some();
        let (stats, f) = engine.sequential(heuristic, args.limit, |search| {
            let mut last = Instant::now();
            while let Some(sol) = search.advance(want) {
                if let Some(sol) = sol.filter(|_| want) {
                    if let Some(collect) = collect {
                        collect(&sol);
                    }
                    if args.print {
                        emit(&sol).map_err(|e| CliError::io("-", e))?;
                    }
                }
                if progress.enabled() && last.elapsed().as_millis() >= 100 {
                    last = Instant::now();
                    let so_far = search.stats();
                    live.solutions.store(so_far.solutions, Ordering::Relaxed);
                    live.updates.store(so_far.updates, Ordering::Relaxed);
                    live.set_fraction(search.progress());
                }
            }
            Ok::<_, CliError>((search.stats(), search.progress()))
        })?;
        fraction = Some(f);
        stats
    };
    drop(progress);
    let interrupted = engine.interrupted() && !stats.complete;
    let fraction = fraction.filter(|_| interrupted);
    let seconds = start.elapsed().as_secs_f64();
    let text = if args.json {
        let mut v = match (shard_info, args.shard) {
            // A shard's output is its record, the one `dlx merge` and campaigns read.
            (Some((key, subproblems)), Some((k, _))) => {
                let mut record = dlx_campaign::ShardRecord::new(key, k, subproblems, stats.clone());
                record.cleansings = cleansings;
                record.to_json()
            }
            _ => stats_json(&stats, heuristic, None, cleansings),
        };
        if args.print {
            v["solution_list"] = Value::Array(listed);
        }
        if interrupted {
            v["interrupted"] = json!(true);
            v["fraction"] = json!(fraction);
            if let Some((done, total)) = subtrees {
                v["subtrees"] = json!({"done": done, "total": total});
            }
        }
        format!("{v}\n")
    } else {
        let mut s = if let Some((k, n)) = args.shard {
            format!(
                "shard {k}/{n}: {} (add the shards' --json figures with `dlx merge`)\n",
                figures(&stats, cleansings)
            )
        } else if interrupted {
            format!(
                "{} so far (interrupted{})\n",
                figures(&stats, cleansings),
                match (fraction, subtrees) {
                    (_, Some((done, total))) => format!(
                        ": {done} of {total} subtrees searched to the end, {:.2}%",
                        100.0 * done as f64 / total as f64
                    ),
                    (Some(f), None) => format!(": about {:.2}% of the tree searched", 100.0 * f),
                    (None, None) => String::new(),
                }
            )
        } else {
            summary_line_with(&stats, cleansings)
        };
        if args.profile {
            s.push_str(&stats.profile_table());
        }
        s
    };
    out.write_all(text.as_bytes())
        .map_err(|e| CliError::io("-", e))?;
    if interrupted {
        return Err(CliError::Interrupted);
    }
    // A run too short to time says nothing; a long one says how long and how fast.
    if !args.json && seconds >= 0.5 {
        note!(
            "time: {seconds:.3} s ({:.1} M updates/s{})",
            stats.updates as f64 / seconds.max(1e-9) / 1e6,
            if in_parts && threads != 1 {
                ", all threads together"
            } else {
                ""
            }
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{counted, grouped};

    #[test]
    fn figures_are_grouped_and_counts_singular_for_one() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(309_134_131), "309,134,131");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(counted(1, "solution"), "1 solution");
        assert_eq!(counted(0, "solution"), "0 solutions");
        assert_eq!(counted(2_339, "solution"), "2,339 solutions");
    }
}
