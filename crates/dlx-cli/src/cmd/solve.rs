//! `dlx solve [FILE|-]`: any exact cover problem in Knuth's format.

use dlx_core::{FormatErrorKind, Heuristic, format};

use crate::args::SearchArgs;
use crate::error::CliError;
use crate::output::read_input;
use crate::running::search_and_report;

/// Arguments of `dlx solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The matrix in Knuth's format; standard input when absent or `-`.
    pub file: Option<String>,
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
