//! `dlx solve [FILE|-]`: any exact cover problem in Knuth's format.

use dlx_core::{FormatErrorKind, Heuristic, format};

use crate::args::SearchArgs;
use crate::cmd::pre::{read_and_reduce, summary};
use crate::error::CliError;
use crate::output::read_input;
use crate::running::{search_and_report, search_and_report_mapped};

/// Arguments of `dlx solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The matrix in Knuth's format; standard input when absent or `-`.
    pub file: Option<String>,
    /// Make the problem smaller first, as Knuth's DLX-PRE does (`dlx pre`), and search the
    /// smaller one: solutions are printed as the original problem's options, and the
    /// figures are those of the smaller search. Not for multiplicities.
    #[arg(long)]
    pub pre: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Find the cheapest solution of a matrix whose options have costs (`|n` after an
    /// option's items, Knuth's DLX5): every solution found cheaper than the best so far,
    /// with its cost, then the best, with DLX5's figures. `--limit`, `--json` and
    /// `--profile` apply; `--heuristic`, `--threads` and `--shard` do not.
    #[arg(long, conflicts_with_all = ["heuristic", "threads", "shard"])]
    pub min_cost: bool,
    /// With `--min-cost`: the K cheapest solutions (DLX5's `k`; default 1).
    #[arg(long, value_name = "K", requires = "min_cost",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub best: Option<u64>,
    /// With `--min-cost`: every option has exactly one primary item starting with each of
    /// these characters (DLX5's `Z`), which gives DLX5's lower bound on the cost left.
    #[arg(long, value_name = "CHARS", requires = "min_cost")]
    pub one_of_each: Option<String>,
    /// With `--min-cost`: every option has exactly N other primary items (DLX5's `z`), which
    /// gives DLX5's lower bound on the cost left.
    #[arg(long, value_name = "N", requires = "min_cost",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub per_option: Option<u64>,
    /// With `--min-cost`: how far down an item's list the item choice counts its options
    /// (DLX5's `h`; default 10).
    #[arg(long, value_name = "N", requires = "min_cost",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub lookahead: Option<u64>,
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.pre {
        return run_reduced(args);
    }
    let (path, text) = read_input(args.file.as_deref())?;
    if args.min_cost {
        let flags = crate::cmd::min_cost::Flags {
            params: dlx_core::MinCostParams {
                best: args.best.unwrap_or(1) as usize,
                lookahead: args.lookahead.unwrap_or(10) as usize,
                one_of_each: args.one_of_each.unwrap_or_default(),
                per_option: args.per_option.unwrap_or(0) as usize,
            },
            limit: args.search.limit,
            json: args.search.json,
            profile: args.search.profile,
        };
        return crate::cmd::min_cost::run(path, &text, &flags);
    }
    let matrix = format::parse(&text).map_err(|source| match source.kind {
        // Costs are read only by a minimum-cost search: say how to ask for one.
        FormatErrorKind::Cost(_) => CliError::MinCost(format!(
            "{path}: {source} (`dlx solve --min-cost` reads costs)"
        )),
        _ => CliError::Format { path, source },
    })?;
    let render = |s: &dlx_core::Solution| s.lines(&matrix).join("\n") + "\n";
    search_and_report(&matrix, &args.search, Heuristic::Mrv, &render)
}

/// `--pre`: the reduced problem searched, its solutions shown as the original's.
fn run_reduced(args: Args) -> Result<(), CliError> {
    let (matrix, reduced) = read_and_reduce(args.file.as_deref(), None)?;
    if !args.search.quiet {
        note!("pre: {}", summary(&reduced));
    }
    let render = |s: &dlx_core::Solution| s.lines(&matrix).join("\n") + "\n";
    let back = |s: &dlx_core::Solution| reduced.original_solution(s);
    search_and_report_mapped(
        &reduced.matrix,
        Some((&matrix, &back)),
        &args.search,
        Heuristic::Mrv,
        &render,
        None,
    )
}
