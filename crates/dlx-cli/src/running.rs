//! A search run with the shared flags ([`SearchArgs`]), on the front door of dlx-core:
//! [`Problem`] picks the engine the matrix needs (dance.w's figures for exact cover, DLX2's
//! and DLX3's with colours and bounds), [`dlx_core::Solve`] runs it on one thread in Knuth's
//! order or in parts, and the figures are printed as every command prints them.

use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use dlx_campaign::{RunKey, matrix_hash};
use dlx_core::{Heuristic, Matrix, Problem, Solution, Solve, Stats};
use serde_json::{Value, json};

use crate::args::SearchArgs;
use crate::error::CliError;
use crate::output::{figures, stats_json, summary_line_with};
use crate::progress::Progress;

/// The k-th solution the search finds (k counts from 1), for `--svg --solution K`; `Err`
/// holds how many solutions there are when fewer than k.
pub fn nth_solution(matrix: &Matrix, heuristic: Heuristic, k: u64) -> Result<Solution, u64> {
    let mut problem = Problem::new(matrix);
    let mut found = 0;
    let mut last = None;
    for s in problem.solve().heuristic(heuristic).limit(k).iter() {
        found += 1;
        last = Some(s);
    }
    match last {
        Some(solution) if found == k && k > 0 => Ok(solution),
        _ => Err(found),
    }
}

/// The search the shared flags ask for: the rule, the interrupt, the limit.
fn configured<'a>(
    problem: &'a mut Problem,
    heuristic: Heuristic,
    flag: &'a AtomicBool,
    limit: Option<u64>,
) -> Solve<'a, Problem> {
    let solve = problem.solve().heuristic(heuristic).interrupt(flag);
    match limit {
        Some(n) => solve.limit(n),
        None => solve,
    }
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
    search_and_report_mapped(matrix, None, args, default, render, collect)
}

/// Maps a solution of the matrix searched to one of the matrix shown.
pub type MapSolution<'a> = dyn Fn(&Solution) -> Solution + Sync + 'a;

/// A search of a matrix whose solutions are shown as solutions of another one (`solve
/// --pre`: the reduced problem is searched, the original one's options are printed):
/// `mapped` gives that matrix and the map from one's solutions to the other's. `render`,
/// `collect` and `--json` see the mapped solutions; the figures are the search's.
pub fn search_and_report_mapped(
    matrix: &Matrix,
    mapped: Option<(&Matrix, &MapSolution<'_>)>,
    args: &SearchArgs,
    default: Heuristic,
    render: &dyn Fn(&Solution) -> String,
    collect: Option<&(dyn Fn(&Solution) + Sync)>,
) -> Result<(), CliError> {
    let shown = mapped.map_or(matrix, |(m, _)| m);
    let map = |s: Solution| match mapped {
        Some((_, f)) => f(&s),
        None => s,
    };
    let heuristic = args.heuristic.unwrap_or(default);
    let threads = args.threads.unwrap_or(0);
    let progress = Progress::start(!args.quiet && io::stderr().is_terminal());
    let want = args.print || collect.is_some();
    // A limit without --threads keeps the sequential order of solutions (Knuth's); with
    // --threads it is honoured on them too, in no particular order. A count on one thread
    // with a progress display runs in parts too, one after another, so that the display
    // moves between them while each part runs on the fastest engine (the lazy iterator,
    // stepped to update it, would keep the whole search on the links).
    let counted_alone = threads == 1 && progress.enabled() && !want && args.limit.is_none();
    let in_parts = args.shard.is_some()
        || counted_alone
        || (threads != 1 && (args.limit.is_none() || args.threads.is_some()));
    let mut problem = Problem::new(matrix);
    let cleansings = problem.counts_cleansings();
    let mut out = io::stdout().lock();
    let mut listed = Vec::new();
    let mut emit = |sol: &Solution| -> io::Result<()> {
        if args.json {
            listed.push(json!(sol.lines(shown)));
            Ok(())
        } else {
            listed.push(Value::Null);
            write!(out, "solution {}:\n{}\n", listed.len(), render(sol))
        }
    };
    let live = &*progress.live;
    let flag = crate::interrupt::watch();
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
            if collect.is_none() && !print {
                return;
            }
            let s = map(s.clone());
            if let Some(collect) = collect {
                collect(&s);
            }
            if print {
                found.push(s);
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
        let mut solve = configured(&mut problem, heuristic, &flag, args.limit)
            .threads(threads)
            .observe(observe);
        if let Some((k, n)) = args.shard {
            solve = solve
                .shard(k, n)
                .map_err(|e| CliError::Shard(e.to_string()))?;
            let cut = solve.shard_cut().expect("a shard has a cut");
            let key = RunKey::new(matrix_hash(matrix), heuristic, n, cut.depth);
            shard_info = Some((key, cut.subproblems));
        }
        // Without solutions to keep or a limit to count to, the subtrees are only counted.
        let stats = if print || collect.is_some() || args.limit.is_some() {
            solve.run(|s| {
                keep(s);
                ControlFlow::Continue(())
            })
        } else {
            solve.count()
        };
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
    } else if want && !progress.enabled() {
        // Solutions to show in Knuth's order and no display to move: the search runs as one
        // run on a thread of its own, on the fastest engine, and hands each solution here,
        // where it is shown at once (a pipe that closes stops the search).
        // (Made on that thread: an observer need not be `Send`, so a `Solve` is not.)
        let (sender, receiver) = mpsc::sync_channel::<Solution>(256);
        let (problem, flag) = (&mut problem, &flag);
        let (stats, failed) = std::thread::scope(|scope| {
            let worker = scope.spawn(move || {
                configured(problem, heuristic, flag, args.limit).run(|s| {
                    match sender.send(s.clone()) {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(_) => ControlFlow::Break(()),
                    }
                })
            });
            let mut failed = None;
            for sol in &receiver {
                let sol = map(sol);
                if let Some(collect) = collect {
                    collect(&sol);
                }
                if args.print
                    && let Err(e) = emit(&sol)
                {
                    failed = Some(e);
                    break;
                }
            }
            drop(receiver);
            let stats = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (stats, failed)
        });
        if let Some(e) = failed {
            return Err(CliError::io("-", e));
        }
        stats
    } else {
        let mut search = configured(&mut problem, heuristic, &flag, args.limit).iter();
        let mut last = Instant::now();
        if !want && !progress.enabled() {
            // Nothing to show on the way: count without coming back at each solution.
            search.count_rest();
        }
        loop {
            let sol = if want {
                match search.next() {
                    Some(sol) => Some(sol),
                    None => break,
                }
            } else if search.advance() {
                None
            } else {
                break;
            };
            if let Some(sol) = sol.map(map) {
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
        fraction = Some(search.progress());
        search.stats()
    };
    drop(progress);
    let interrupted = flag.load(Ordering::Relaxed) && !stats.complete;
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
