//! `dlx paper list | NAME`: the paper's named problems.

use dlx_core::format;

use crate::args::SearchArgs;
use crate::error::CliError;
use crate::output::write_output;
use crate::running::search_and_report;

/// Arguments of `dlx paper`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A problem name (e.g. `matrix3`, `queens-8`), or `list` to list them.
    pub name: String,
    /// Write the problem's matrix in Knuth's format to FILE (`-` for standard output) instead
    /// of solving it.
    #[arg(long, value_name = "FILE")]
    pub emit: Option<String>,
    #[command(flatten)]
    pub search: SearchArgs,
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.name == "list" {
        // Descriptions in one column; a name too long for it gets a line of its own.
        const WIDTH: usize = 22;
        let mut text = String::new();
        for f in dlx_paper::families() {
            if f.pattern.chars().count() > WIDTH {
                text.push_str(&format!("{}\n{:WIDTH$} {}\n", f.pattern, "", f.about));
            } else {
                text.push_str(&format!("{:<WIDTH$} {}\n", f.pattern, f.about));
            }
        }
        return write_output("-", &text);
    }
    let problem = dlx_paper::problem(&args.name)?;
    if let Some(path) = &args.emit {
        let comment = format!("{}: {}", problem.name, problem.about);
        return write_output(path, &format::write(&problem.matrix, Some(&comment)));
    }
    search_and_report(
        &problem.matrix,
        &args.search,
        problem.heuristic,
        &*problem.render,
    )
}
