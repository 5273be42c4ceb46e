//! The most symmetric tilings of a rectangle by branch and bound (`search.rs`), printed as
//! Markdown: Figure 10's question, "Is this the most symmetrical way to pack one-sided
//! pentominoes into a rectangle?", answered for `one-sided-9x10` in
//! `results/pentomino-9x10-one-sided/symmetric.md`.
//!
//! Run with `cargo run --release -p dlx-research --bin symmetric_search -- [--problem NAME]
//! [--axis h|v] [--from N | --at-least N] [--depth D] [--threads T] [--sample K] [--show C]`:
//! the best hsym (h) or vsym (v) of the named polyomino problem (default `one-sided-9x10`) if
//! at least N (`--from`, default 0), or every tiling with at least N (`--at-least`); the tree
//! split at depth D (default 3) on T threads (default 2); `--sample K` searches every K-th
//! subtree only (to time a run; proves nothing); C classes drawn (default 5). `--order
//! mrv|mirror|ties` chooses the branching rule (default `mrv`). The unit tests check the
//! bound against scoring every tiling (`cargo test -p dlx-research --bins`, over a
//! minute).

mod search;

use std::fmt::Write as _;
use std::process::ExitCode;

use dlx_paper::polyomino::packing;

use search::{Axis, Goal, Order};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("symmetric_search: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The value after `flag` in `args`, if any.
fn option_value<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == flag)
        .and_then(|k| args.get(k + 1))
        .map(String::as_str)
}

fn number<T: std::str::FromStr>(args: &[String], flag: &str, default: T) -> Result<T, String> {
    option_value(args, flag).map_or(Ok(default), |v| {
        v.parse().map_err(|_| format!("{flag}: not a number: {v}"))
    })
}

fn run(args: &[String]) -> Result<(), String> {
    let name = option_value(args, "--problem").unwrap_or("one-sided-9x10");
    let p = packing(name).ok_or_else(|| format!("no polyomino problem `{name}`"))?;
    let axis = match option_value(args, "--axis").unwrap_or("h") {
        "h" | "hsym" => Axis::LeftRight,
        "v" | "vsym" => Axis::TopBottom,
        other => return Err(format!("--axis: `h` or `v`, not `{other}`")),
    };
    let goal = match option_value(args, "--at-least") {
        Some(_) => Goal::AtLeast(number(args, "--at-least", 0)?),
        None => Goal::Best {
            from: number(args, "--from", 0)?,
        },
    };
    let order = match option_value(args, "--order").unwrap_or("mrv") {
        "mrv" => Order::Mrv,
        "mirror" => Order::Mirror,
        "ties" => Order::Ties,
        other => return Err(format!("--order: `mrv` or `mirror`, not `{other}`")),
    };
    let depth = number(args, "--depth", 3)?;
    let threads = number(args, "--threads", 2)?;
    let every = number(args, "--sample", 1)?;
    let show = number(args, "--show", 5)?;
    let found = search::search(&p, axis, goal, order, depth, threads, every)
        .ok_or_else(|| format!("`{name}` is not a full rectangle with every piece once"))?;
    let mut out = String::new();
    let w = &mut out;
    let a = found.axis.name();
    let _ = writeln!(w, "## {name}: {a}, {:?}, order {order:?}\n", found.goal);
    let _ = writeln!(
        w,
        "- edges between pieces in every tiling: {}\n- subtrees at depth {depth}: {} ({} searched{})\n- nodes {}, updates {} (the pruned search's own figures)\n- wall time {:.1} s on {threads} thread(s)",
        found.between,
        found.subtrees,
        found.searched,
        if every > 1 {
            ", a sample: proves nothing"
        } else {
            ""
        },
        found.stats.nodes,
        found.stats.updates,
        found.elapsed.as_secs_f64(),
    );
    match found.best() {
        None => {
            let _ = writeln!(w, "- no tiling has {a} >= {}", found.target);
        }
        Some((best, _)) => {
            let _ = writeln!(w, "- highest {a} found: {best}");
            for (score, n) in found.by_score.iter().rev() {
                let _ = writeln!(
                    w,
                    "- {a} = {score}: {n} solutions of the search ({} classes)",
                    n / 2
                );
            }
        }
    }
    let _ = writeln!(
        w,
        "- classes drawn below: {} of {} found (one tiling each)\n",
        show.min(found.tilings.len()),
        found.tilings.len()
    );
    for (score, options) in found.tilings.iter().take(show) {
        let t = p.tiling_of(options);
        let _ = writeln!(
            w,
            "hsym {}, vsym {} ({a} {score}):\n\n```\n{}```\n",
            t.hsym(),
            t.vsym(),
            t.to_ascii()
        );
    }
    print!("{out}");
    Ok(())
}
