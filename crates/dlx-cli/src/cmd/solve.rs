//! `dlx solve [FILE|-]`: any exact cover problem in Knuth's format.

use dlx_core::{Heuristic, format};

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
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.pre {
        return run_reduced(args);
    }
    let (path, text) = read_input(args.file.as_deref())?;
    let matrix = format::parse(&text).map_err(|source| CliError::Format { path, source })?;
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
