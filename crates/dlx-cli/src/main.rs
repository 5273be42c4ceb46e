//! `dlx`: exact cover from the command line.
//!
//! `dlx solve FILE` reads Knuth's format; the other subcommands build the matrices of the
//! paper's puzzles. Bad input prints one line naming the place and exits with status 2.

/// `eprintln!` that shrugs off a closed standard error: a diagnostic line is not worth a
/// panic (`dlx ... 2>&1 | head` closes it early).
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// `eprint!` likewise, for a line redrawn in place.
macro_rules! note_part {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

mod args;
mod classes;
mod cmd;
mod error;
mod hust1017;
mod interrupt;
mod output;
mod progress;
mod running;
mod sheet;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::CliError;

/// Dancing links: exact cover problems, and the puzzles of Knuth's paper.
#[derive(Debug, Parser)]
#[command(name = "dlx", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve an exact cover problem in Knuth's text format.
    Solve(cmd::solve::Args),
    /// Make a problem smaller as Knuth's DLX-PRE does: the equivalent problem, in his format,
    /// with each option's original number.
    Pre(cmd::pre::Args),
    /// Knuth's Monte Carlo estimate of the search tree (nodes, updates, solutions) with its
    /// spread.
    Estimate(cmd::estimate::Args),
    /// Add the `--json` figures of the shards of a `--shard K/N` run.
    Merge(cmd::merge::Args),
    /// A long search as a folder of shards: start, run (resumable, one shard per job if
    /// wished), status, merge.
    Campaign(cmd::campaign::Args),
    /// Run a named problem of the paper (`dlx paper list` shows them).
    Paper(cmd::paper::Args),
    /// The N queens problem, with the matrix of Knuth's generator.
    Queens(cmd::queens::Args),
    /// Polyomino packing: a named problem of the paper, or a board and pieces from files.
    Polyomino(cmd::polyomino::Args),
    /// Polyiamonds (hexiamonds): a named problem of the paper, or a described board.
    Polyiamond(cmd::polyiamond::Args),
    /// Polysticks (tetrasticks): a named problem of the paper, or a board and a piece set.
    Polystick(cmd::polystick::Args),
    /// Polycubes: the Soma and Bedlam cubes and other named problems, a box or board and
    /// pieces from files, or a file of Knuth's polycube-dlx.
    Polycube(cmd::polycube::Args),
    /// Minimum cover: the fewest rows covering every primary column at least once (IDA*).
    MinCover(cmd::min_cover::Args),
    /// The square destroyer: remove the fewest matchsticks so that no square is left.
    Squares(cmd::squares::Args),
    /// Sudoku of any size (4x4 to 36x36), one puzzle per line: solve, count, check uniqueness;
    /// generate minimal puzzles, grade puzzles, explain them step by step.
    Sudoku(cmd::sudoku::Args),
    /// An online judge's problem (HUST 1017, POJ 3074, 3076, 1084): its input as the judge
    /// gives it, the answers byte for byte as it expects them.
    Judge(cmd::judge::Args),
    /// Every solution as a ZDD (Knuth's DLX6): the exact count, however large, and the
    /// diagram in DLX6's text format.
    Zdd(cmd::zdd::Args),
    /// K solutions drawn uniformly at random from the ZDD of all solutions, reproducibly.
    Sample(cmd::zdd::SampleArgs),
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Solve(args) => cmd::solve::run(args),
        Command::Pre(args) => cmd::pre::run(args),
        Command::Paper(args) => cmd::paper::run(args),
        Command::Estimate(args) => cmd::estimate::run(args),
        Command::Merge(args) => cmd::merge::run(args),
        Command::Campaign(args) => cmd::campaign::run(args),
        Command::Queens(args) => cmd::queens::run(args),
        Command::Polyomino(args) => cmd::polyomino::run(args),
        Command::Polyiamond(args) => cmd::polyiamond::run(args),
        Command::Polystick(args) => cmd::polystick::run(args),
        Command::Polycube(args) => cmd::polycube::run(args),
        Command::MinCover(args) => cmd::min_cover::run(args),
        Command::Squares(args) => cmd::squares::run(args),
        Command::Sudoku(args) => cmd::sudoku::run(args),
        Command::Judge(args) => cmd::judge::run(args),
        Command::Zdd(args) => cmd::zdd::run(args),
        Command::Sample(args) => cmd::zdd::run_sample(args),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(e),
    };
    // From here on, Ctrl-C stops the search and the figures reached are printed.
    interrupt::install();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            // One line, whatever the input held: control characters are escaped.
            note!("dlx: {}", error::one_line(&e.to_string()));
            if matches!(e, CliError::Interrupted | CliError::Stopped(_)) {
                ExitCode::from(interrupt::EXIT_INTERRUPTED)
            } else {
                ExitCode::from(2)
            }
        }
    }
}

/// A command line clap refuses, said in one line as every other error is (exit status 2);
/// `--help`, `--version` and a bare `dlx` print what clap prints.
fn usage(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if !e.use_stderr() || e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        e.exit();
    }
    note!("dlx: {}", error::usage_line(&e.render().to_string()));
    ExitCode::from(2)
}
