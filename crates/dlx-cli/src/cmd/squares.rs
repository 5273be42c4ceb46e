//! `dlx squares N [--removed LIST]`: the square destroyer. Remove the fewest matchsticks
//! from an N x N grid so that no square is left.

use std::fmt::Write as _;
use std::time::Instant;

use dlx_core::format;
use dlx_squares::{Grid, Stick, Unfinished, destroy_all_until, destroy_until, puzzle};
use itertools::Itertools;
use serde_json::json;

use crate::cmd::min_cover::{CoverArgs, count_note, merge, stats_json, stats_text};
use crate::error::CliError;
use crate::output::write_output;

/// Arguments of `dlx squares`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Sticks: H<r>.<c> is the horizontal stick on grid line r (0..=N) above cell column c (0..N);
V<r>.<c> the vertical stick beside cell row r (0..N) on grid line c (0..=N); or numbers
1..=2N(N+1) in reading order (line 0's horizontal sticks, row 0's vertical ones, ...), as in
POJ 1084. Matrix columns are the intact squares, named s<size>@<row>.<col>.

Example (the 3 x 3 grid of POJ 1084 with sticks 12, 17 and 23 gone):
  $ dlx squares 3 --removed 12,17,23
  3 x 3 grid: 21 of 24 sticks, 5 squares intact
  minimum: remove 3 sticks
    H0.0 V0.2 H2.0   (numbers 1 6 15)
  ...

N outside 1..=8, an unknown stick or a stick listed twice exits with status 2. A Ctrl-C stops
the search and prints what it reached (the least size still possible, or the sets found so
far), with status 130.")]
pub struct Args {
    /// The grid size (1..=8).
    pub n: usize,
    /// Sticks already removed: `H<row>.<col>` (horizontal line row, cell column col),
    /// `V<row>.<col>` (cell row row, vertical line col) or stick numbers 1..=2N(N+1) in reading
    /// order, separated by commas or spaces; each stick once.
    #[arg(long, value_name = "LIST", default_value = "")]
    pub removed: String,
    /// Write the minimum-cover matrix in Knuth's format to FILE (`-` for standard output)
    /// instead of solving it (`dlx min-cover` reads it).
    #[arg(long, value_name = "FILE")]
    pub emit: Option<String>,
    #[command(flatten)]
    pub cover: CoverArgs,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let grid = Grid::with_removed(args.n, &args.removed)?;
    let n = grid.n();
    if let Some(path) = &args.emit {
        let Some(matrix) = puzzle(&grid).matrix else {
            return write_output(path, "| no square is intact: nothing to destroy\n");
        };
        let comment = format!(
            "square destroyer {n} x {n}, removed: {}\ncolumns: intact squares s<size>@<row>.<col>; rows: sticks in number order",
            if args.removed.trim().is_empty() {
                "none"
            } else {
                args.removed.trim()
            }
        );
        return write_output(path, &format::write(&matrix, Some(&comment)));
    }
    let a = &args.cover;
    let start = Instant::now();
    // A Ctrl-C stops the search at its next node, and what it reached is printed.
    let stop = crate::interrupt::watch();
    let answer = if a.all {
        destroy_all_until(&grid, a.bound, a.limit, &stop)
    } else {
        destroy_until(&grid, a.bound, &stop)
    };
    let d = match answer {
        Ok(d) => d,
        Err(unfinished) => return interrupted(&grid, &unfinished, &args),
    };
    let seconds = start.elapsed().as_secs_f64();
    let names = |sticks: &[Stick]| sticks.iter().map(Stick::to_string).collect::<Vec<_>>();
    let numbers = |sticks: &[Stick]| {
        sticks
            .iter()
            .filter_map(|s| s.number(n))
            .collect::<Vec<_>>()
    };
    let mut after = grid.clone();
    for &s in &d.removals[0] {
        after.remove(s);
    }
    let out = if a.json {
        let mut v = grid_json(&grid);
        merge(
            &mut v,
            json!({
                "minimum": d.minimum,
                "removals": d.removals.iter().map(|r| json!({"sticks": names(r), "numbers": numbers(r)})).collect::<Vec<_>>(),
                "all": d.all,
                "interrupted": d.interrupted,
                "picture": after.picture(),
            }),
        );
        merge(&mut v, stats_json(&d.stats, a.bound));
        format!("{v}\n")
    } else {
        let mut s = grid_line(&grid);
        let _ = writeln!(
            s,
            "minimum: remove {} stick{}{}",
            d.minimum,
            if d.minimum == 1 { "" } else { "s" },
            if d.interrupted {
                format!(" (first {} minimum covers: interrupted)", d.removals.len())
            } else {
                count_note(d.removals.len(), a.all, d.all)
            }
        );
        for r in &d.removals {
            let nums = numbers(r).iter().join(" ");
            let _ = writeln!(s, "  {}   (numbers {nums})", names(r).join(" "));
        }
        let _ = writeln!(
            s,
            "before:\n{}after removing the first set:\n{}",
            grid.picture(),
            after.picture()
        );
        s.push_str(&stats_text(&d.stats, a.bound, a.profile));
        s
    };
    write_output("-", &out)?;
    // As every search says it: only for a run long enough to time.
    if !a.json && seconds >= 0.5 {
        note!("time: {seconds:.3} s");
    }
    if d.interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// What a search stopped before it knew the minimum can say: the sets it ruled out.
fn interrupted(grid: &Grid, unfinished: &Unfinished, args: &Args) -> Result<(), CliError> {
    let (a, k) = (&args.cover, unfinished.at_least);
    let out = if a.json {
        let mut v = grid_json(grid);
        merge(
            &mut v,
            json!({"minimum": null, "at_least": k, "interrupted": true}),
        );
        merge(&mut v, stats_json(&unfinished.stats, a.bound));
        format!("{v}\n")
    } else {
        format!(
            "{}interrupted: removing fewer than {k} sticks leaves a square (the pass of {k} was \
             under way)\n{}",
            grid_line(grid),
            stats_text(&unfinished.stats, a.bound, a.profile)
        )
    };
    write_output("-", &out)?;
    Err(CliError::Interrupted)
}

/// The grid's size, sticks and intact squares: the first line of every answer.
fn grid_line(grid: &Grid) -> String {
    let n = grid.n();
    format!(
        "{n} x {n} grid: {} of {} sticks, {} squares intact\n",
        grid.present().count(),
        Stick::count(n),
        grid.intact_squares().len()
    )
}

/// The same as JSON fields.
fn grid_json(grid: &Grid) -> serde_json::Value {
    json!({
        "n": grid.n(),
        "sticks": grid.present().count(),
        "squares": grid.intact_squares().len(),
    })
}
