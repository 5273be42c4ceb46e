//! `dlx estimate [FILE|-]`: Knuth's Monte Carlo estimate of the search tree's size.

use dlx_core::estimate::HEAVIEST_TRUSTED;
use dlx_core::{Estimate, Heuristic, ItemKind, Matrix, MatrixBuilder, Problem, Summary, format};
use serde_json::json;

use crate::error::CliError;
use crate::output::{read_input, write_output};

/// Arguments of `dlx estimate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The matrix in Knuth's format; standard input when absent or `-`.
    pub file: Option<String>,
    /// Random root-to-leaf probes to make.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub samples: u64,
    /// Seed of the random generator (the same seed gives the same estimate).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Column rule the search would use: `mrv` (S heuristic) or `leftmost`.
    #[arg(long, value_name = "RULE", default_value = "mrv")]
    pub heuristic: Heuristic,
    /// Move these primary items (comma-separated) to the front of the header list, in this
    /// order, before estimating: e.g. the pieces before the cells for a piece-first search
    /// with the leftmost rule.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub move_first: Vec<String>,
    /// Knuth's plain estimate (every probe from the root) instead of the stratified one (the
    /// levels above a cut counted exactly, each subtree at the cut probed on its own).
    #[arg(long)]
    pub knuth: bool,
    /// Options (0-based, comma-separated) chosen before the search, as a campaign's subcase
    /// fixes its piece's row (its `campaign.json` lists them as `fixed`).
    #[arg(long, value_name = "OPTIONS", value_delimiter = ',')]
    pub fix: Vec<usize>,
    /// Estimate only shard K of N (the part `--shard K/N` of `dlx solve` searches).
    #[arg(long, value_name = "K/N", value_parser = crate::args::parse_shard, conflicts_with = "knuth")]
    pub shard: Option<(usize, usize)>,
    /// Also print the estimated nodes at each depth.
    #[arg(long)]
    pub profile: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The matrix with the named primary items moved to the front, options unchanged.
fn move_first(matrix: &Matrix, names: &[String]) -> Result<Matrix, CliError> {
    let mut order = Vec::new();
    for name in names {
        let id = matrix
            .find_item(name)
            .ok_or_else(|| CliError::Estimate(format!("--move-first: no item `{name}`")))?;
        if matrix.item(id).kind != ItemKind::Primary {
            return Err(CliError::Estimate(format!(
                "--move-first: `{name}` is a secondary item"
            )));
        }
        if order.contains(&id) {
            return Err(CliError::Estimate(format!(
                "--move-first: `{name}` is named twice"
            )));
        }
        order.push(id);
    }
    let rest: Vec<_> = (0..matrix.items().len())
        .filter(|i| !order.contains(i))
        .collect();
    order.extend(rest);
    let mut b = MatrixBuilder::new();
    for &id in &order {
        let item = matrix.item(id);
        let m = item.multiplicity;
        match item.kind {
            ItemKind::Primary if matrix.is_bounded(id) => {
                b.primary_with(item.name.clone(), m.lower, m.upper)?
            }
            ItemKind::Primary => b.primary(item.name.clone())?,
            ItemKind::Secondary => b.secondary(item.name.clone())?,
        };
    }
    // The options unchanged, colours included.
    for (o, option) in matrix.options().iter().enumerate() {
        let entries = option
            .iter()
            .enumerate()
            .map(|(k, &i)| (matrix.item(i).name.as_str(), matrix.colour(o, k)));
        b.option_coloured(entries)?;
    }
    Ok(b.build()?)
}

/// `exact`: counted, not estimated ([`Estimate::is_exact`]), so bounded even at 0.
fn summary_json(s: &Summary, exact: bool) -> serde_json::Value {
    let (lo, hi) = s.ci95();
    json!({"mean": s.mean, "std_dev": s.std_dev, "std_error": s.std_error, "ci95": [lo, hi],
           "heaviest": s.heaviest, "tail_index": s.tail_index,
           "bounded": exact || s.is_bounded()})
}

/// Why the sample cannot bound a figure, if it cannot.
fn unbounded(what: &str, s: &Summary) -> Option<String> {
    if s.is_bounded() {
        return None;
    }
    Some(if s.mean == 0.0 {
        format!(
            "{what}: no probe reached one, so the sample cannot bound them (there may be none, or many)\n"
        )
    } else if let Some(a) = s.tail_index.filter(|&a| a < 1.0) {
        format!(
            "{what}: the largest probes have a tail index of {a:.2} (under 1), so the mean is not settled and the interval cannot be trusted; more probes help little: estimate the shards (--shard K/N) or subcases apart\n"
        )
    } else if let Some(a) = s.tail_index.filter(|_| s.tail_too_heavy()) {
        format!(
            "{what}: the largest probes have a tail index of {a:.2} (under 2), so as far as the sample shows their variance is infinite: the mean converges more slowly than its standard error says, and no 95% interval can be given\n"
        )
    } else if s.heaviest > HEAVIEST_TRUSTED {
        format!(
            "{what}: one probe carries {:.0}% of the estimate, so the interval cannot be trusted: add samples\n",
            100.0 * s.heaviest
        )
    } else {
        format!(
            "{what}: fewer than 20 probes carry any of it, too few to see how they spread: add samples\n"
        )
    })
}

fn line(what: &str, s: &Summary) -> String {
    let (lo, hi) = s.ci95();
    if s.is_bounded() {
        format!(
            "{what:<10} {:>22.0}   95% CI {lo:.3e} .. {hi:.3e}   (sd of one probe {:.2e})\n",
            s.mean, s.std_dev
        )
    } else {
        format!(
            "{what:<10} {:>22.0}   not bounded by this sample (see below)\n",
            s.mean
        )
    }
}

fn render(est: &Estimate, args: &Args) -> String {
    if args.json {
        let v = json!({
            "samples": est.samples,
            "seed": args.seed,
            "heuristic": args.heuristic.to_string(),
            "nodes": summary_json(&est.nodes, est.is_exact()),
            "updates": summary_json(&est.updates, est.is_exact()),
            "solutions": summary_json(&est.solutions, est.is_exact()),
            "level_nodes": est.level_nodes,
            "strata": est.strata,
        });
        return format!("{v}\n");
    }
    let figures = [
        ("nodes", &est.nodes),
        ("updates", &est.updates),
        ("solutions", &est.solutions),
    ];
    let mut s = if est.is_exact() {
        // No subtree below the cut: nothing was probed, every figure is counted.
        let mut s = format!(
            "Counted exactly: this part of the tree lies above the cut ({} rule)\n",
            args.heuristic
        );
        for (what, x) in figures {
            s.push_str(&format!("{what:<10} {:>22.0}\n", x.mean));
        }
        s
    } else {
        let mut s = if est.strata > 1 {
            format!(
                "Estimate from {} probes in {} subtrees, the levels above them counted (seed {}, {} rule):\n",
                est.samples, est.strata, args.seed, args.heuristic
            )
        } else {
            format!(
                "Knuth's estimate from {} probes (seed {}, {} rule):\n",
                est.samples, args.seed, args.heuristic
            )
        };
        for (what, x) in figures {
            s.push_str(&line(what, x));
        }
        for (what, x) in figures {
            s.extend(unbounded(what, x));
        }
        s.push_str("(an interval is mean ± 1.96 standard errors, stated only where the largest probes' tail index is at least 2, so that they have a variance to estimate)\n");
        s
    };
    if args.profile {
        s.push_str("level   estimated nodes\n");
        for (k, n) in est.level_nodes.iter().enumerate() {
            s.push_str(&format!("{k:>5} {n:>17.4e}\n"));
        }
    }
    s
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.samples == 0 {
        return Err(CliError::Estimate("--samples must be at least 1".into()));
    }
    let (path, text) = read_input(args.file.as_deref())?;
    let matrix = format::parse(&text).map_err(|source| CliError::Format { path, source })?;
    let matrix = if args.move_first.is_empty() {
        matrix
    } else {
        move_first(&matrix, &args.move_first)?
    };
    // The engine `dlx solve` would search with.
    let mut problem = Problem::new(&matrix);
    let mut solve = problem.solve().heuristic(args.heuristic);
    for &o in &args.fix {
        solve = solve
            .fix([o])
            .map_err(|e| CliError::Estimate(format!("--fix {o}: {}", fix_error(&e, &matrix))))?;
    }
    let est = match args.shard {
        _ if args.knuth => solve.estimate_plain(args.samples, args.seed),
        Some((k, n)) => solve
            .shard(k, n)
            .map_err(|e| CliError::Shard(e.to_string()))?
            .estimate(args.samples, args.seed),
        None => solve.estimate(args.samples, args.seed),
    };
    write_output("-", &render(&est, &args))
}

/// A refused `--fix`, with the shared item's name rather than its number.
fn fix_error(e: &dlx_core::FixError, matrix: &dlx_core::Matrix) -> String {
    match *e {
        dlx_core::FixError::Clash { option, with, .. } if option == with => {
            format!("option {option} is fixed twice")
        }
        dlx_core::FixError::Clash { option, with, item } => format!(
            "option {option} clashes with option {with} on item `{}`",
            dlx_core::shown(&matrix.item(item).name)
        ),
        _ => e.to_string(),
    }
}
