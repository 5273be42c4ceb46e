//! `dlx pre [FILE|-]`: the problem made smaller as Knuth's DLX-PRE makes it.

use dlx_core::format;
use dlx_core::pre::{Pre, pre_rounds};
use serde_json::json;

use crate::error::CliError;
use crate::output::{read_input, write_output};

/// Arguments of `dlx pre`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The matrix in Knuth's format (exact cover, colours); standard input when absent or `-`.
    pub file: Option<String>,
    /// Stop after at most N rounds (DLX-PRE's `t` with N+1; its closing line then says one
    /// round more).
    #[arg(long, value_name = "N")]
    pub rounds: Option<usize>,
    /// Leave out the `| (from N)` comment after each option.
    #[arg(long)]
    pub no_origins: bool,
    /// Print one JSON object instead: the counts, the reduced problem's text, and for each
    /// option of it the original option's number (from 1).
    #[arg(long)]
    pub json: bool,
}

/// Reads a matrix and preprocesses it; bad input and multiplicities are errors.
pub fn read_and_reduce(
    file: Option<&str>,
    rounds: Option<usize>,
) -> Result<(dlx_core::Matrix, Pre), CliError> {
    let (path, text) = read_input(file)?;
    let matrix = format::parse(&text).map_err(|source| CliError::Format {
        path: path.clone(),
        source,
    })?;
    let reduced = pre_rounds(&matrix, rounds.unwrap_or(usize::MAX))
        .map_err(|e| CliError::Pre(format!("{path}: {e}")))?;
    Ok((matrix, reduced))
}

/// DLX-PRE's closing line: what was removed, in how many rounds.
pub fn summary(p: &Pre) -> String {
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let mut s = format!(
        "Removed {} and {}, {}.",
        plural(p.removed_options, "option"),
        plural(p.removed_items, "item"),
        plural(p.rounds, "round")
    );
    if p.ignored_options > 0 {
        s.push_str(&format!(
            " ({} without a primary item ignored.)",
            plural(p.ignored_options, "option")
        ));
    }
    if p.infeasible.is_some() {
        let name = &p.matrix.item(0).name;
        s.push_str(&format!(" No solution: no option can cover `{name}`."));
    }
    s
}

pub fn run(args: Args) -> Result<(), CliError> {
    let (_, reduced) = read_and_reduce(args.file.as_deref(), args.rounds)?;
    if args.json {
        let v = json!({
            "removed_options": reduced.removed_options,
            "removed_items": reduced.removed_items,
            "ignored_options": reduced.ignored_options,
            "rounds": reduced.rounds,
            "infeasible": reduced.infeasible.is_some(),
            "origins": reduced.origin.iter().map(|o| o + 1).collect::<Vec<_>>(),
            "problem": reduced.text(false),
        });
        return write_output("-", &format!("{v}\n"));
    }
    write_output("-", &reduced.text(!args.no_origins))?;
    note!("{}", summary(&reduced));
    Ok(())
}
