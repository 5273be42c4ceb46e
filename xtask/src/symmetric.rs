//! `cargo xtask symmetric`: the most symmetric tilings of a rectangle by branch and bound
//! (dlx-paper's `polyomino::symmetric`), printed as Markdown.

use std::fmt::Write as _;

use dlx_paper::polyomino::{
    packing,
    symmetric::{self, Axis, Goal, Order},
};

use crate::option_value;

fn number<T: std::str::FromStr>(args: &[String], flag: &str, default: T) -> Result<T, String> {
    option_value(args, flag).map_or(Ok(default), |v| {
        v.parse().map_err(|_| format!("{flag}: not a number: {v}"))
    })
}

pub fn run(args: &[String]) -> Result<(), String> {
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
    let found = symmetric::search(&p, axis, goal, order, depth, threads, every)
        .ok_or_else(|| format!("`{name}` is not a full rectangle with every piece once"))?;
    let mut out = String::new();
    let w = &mut out;
    let a = axis.name();
    let _ = writeln!(w, "## {name}: {a}, {goal:?}, order {order:?}\n");
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
