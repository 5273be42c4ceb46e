//! `dlx`: exact cover from the command line.
//!
//! `dlx solve FILE` reads Knuth's format; the other subcommands build the matrices of the
//! paper's puzzles. Bad input prints one line naming the place and exits with status 2.

mod cmd;
mod error;
mod report;

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
    /// Run a named problem of the paper (`dlx paper list` shows them).
    Paper(cmd::paper::Args),
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Solve(args) => cmd::solve::run(args),
        Command::Paper(args) => cmd::paper::run(args),
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dlx: {e}");
            ExitCode::from(2)
        }
    }
}
