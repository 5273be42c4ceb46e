//! `dlx solve [FILE|-]`: any exact cover problem in Knuth's format.

use dlx_core::{Heuristic, format};

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
}

pub fn run(args: Args) -> Result<(), CliError> {
    let (path, text) = read_input(args.file.as_deref())?;
    let matrix = format::parse(&text).map_err(|source| CliError::Format { path, source })?;
    let render = |s: &dlx_core::Solution| s.lines(&matrix).join("\n") + "\n";
    search_and_report(&matrix, &args.search, Heuristic::Mrv, &render)
}
