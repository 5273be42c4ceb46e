//! `dlx queens N`: the N queens problem with Knuth's matrix.

use dlx_core::{Dlx, Heuristic, format};
use dlx_queens::{Order, Queens};

use crate::args::SearchArgs;
use crate::error::CliError;
use crate::output::write_output;
use crate::running::search_and_report;

/// Arguments of `dlx queens`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board size N.
    pub n: usize,
    /// Only ranks primary; files become secondary (the paper's R-variant).
    #[arg(long)]
    pub ranks_only: bool,
    /// Primary columns in plain order r0..r(N-1) c0..c(N-1) instead of organ-pipe order.
    #[arg(long)]
    pub plain_order: bool,
    /// Write the matrix in Knuth's format to FILE (`-` for standard output) instead of solving.
    #[arg(long, value_name = "FILE")]
    pub emit: Option<String>,
    /// Write an SVG picture of the first solution to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// Count the fundamental solutions: the classes under the board's turns and reflections
    /// (those that keep ranks as ranks with --ranks-only). No item is fixed by every motion,
    /// so every solution is searched and compared with its images. With --print, one
    /// solution of each class is drawn first; with --svg FILE, all of them on one SVG sheet.
    #[arg(long)]
    pub classes: bool,
    #[command(flatten)]
    pub search: SearchArgs,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let order = if args.plain_order {
        Order::Plain
    } else {
        Order::OrganPipe
    };
    let queens = Queens::new(args.n)
        .map_err(|e| {
            CliError::Paper(dlx_paper::PaperError::BadParameter {
                name: format!("queens {}", args.n),
                reason: e.to_string(),
            })
        })?
        .with_order(order)
        .ranks_only(args.ranks_only);
    let matrix = queens.matrix();
    if let Some(path) = &args.emit {
        let comment = format!("{} queens, written by dlx queens", args.n);
        return write_output(path, &format::write(&matrix, Some(&comment)));
    }
    let render = |s: &dlx_core::Solution| queens.board(s).ascii();
    if args.classes {
        let group = queens.symmetry_group();
        let draw = |s: &dlx_core::Solution, _: &str| queens.board(s).svg();
        let sheet = args.svg.as_deref().map(|path| (path, &draw as _));
        return crate::classes::report(&matrix, group, &args.search, None, &render, sheet);
    }
    if let Some(path) = &args.svg {
        let picture = match Dlx::new(&matrix).solve().first() {
            Some(sol) => queens.board(&sol).svg(),
            None => return Err(CliError::NoSolution(format!("{} queens", args.n))),
        };
        write_output(path, &picture)?;
    }
    search_and_report(&matrix, &args.search, Heuristic::Mrv, &render)
}
