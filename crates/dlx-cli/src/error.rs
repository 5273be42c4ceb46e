//! Everything that can make `dlx` exit with status 2.

use thiserror::Error;

/// A failure, printed as one line.
#[derive(Debug, Error)]
pub enum CliError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file (`-` for standard input/output).
        path: String,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The input is not text (UTF-8).
    #[error("{path}: line {line}, column {column}: not UTF-8 text")]
    NotUtf8 {
        /// The file (`-` for standard input).
        path: String,
        /// The line of the first byte that is not UTF-8 (from 1).
        line: usize,
        /// Its column, in characters (from 1).
        column: usize,
    },
    /// The input is not valid Knuth format.
    #[error("{path}: {source}")]
    Format {
        /// The file (`-` for standard input).
        path: String,
        /// Where and what.
        source: dlx_core::FormatError,
    },
    /// A named problem is unknown or badly parameterised.
    #[error(transparent)]
    Paper(#[from] dlx_paper::PaperError),
    /// A square-destroyer grid is badly specified (size out of range, unknown stick).
    #[error(transparent)]
    Squares(#[from] dlx_squares::SquaresError),
    /// A matrix could not be built.
    #[error(transparent)]
    Matrix(#[from] dlx_core::MatrixError),
    /// A minimum-cost search could not run (`dlx solve --min-cost`; the message names the
    /// file).
    #[error("{0}")]
    MinCost(String),
    /// A polyomino board, piece list or picture request is invalid (the message names the
    /// file and line).
    #[error("{0}")]
    Polyomino(String),
    /// A polyiamond board, piece set or drawing request is invalid (the message names the
    /// flag or file).
    #[error("{0}")]
    Polyiamond(String),
    /// A polystick board, piece set or drawing request is invalid (the message names the
    /// flag and the item).
    #[error("{0}")]
    Polystick(String),
    /// A polycube board, piece list, polycube-dlx file or drawing request is invalid (the
    /// message names the file and line, or the flag).
    #[error("{0}")]
    Polycube(String),
    /// An online judge's input departs from its format (`dlx judge`; the message names the
    /// line).
    #[error("{path}: {message}")]
    Judge {
        /// The file (`-` for standard input).
        path: String,
        /// Where and what.
        message: String,
    },
    /// Some sudoku puzzles were bad input (each was reported on its own line already).
    #[error("{0}")]
    Sudoku(String),
    /// A picture of a solution was asked for, but the problem has none.
    #[error("{0} has no solution to draw")]
    NoSolution(String),
    /// A shard was asked for that does not exist, or shards to merge do not fit together.
    #[error("{0}")]
    Shard(String),
    /// `dlx estimate` was given bad flags (the message names the flag and the item).
    #[error("{0}")]
    Estimate(String),
    /// A matrix that preprocessing (`dlx pre`, `--pre`) refuses: multiplicities (the message
    /// names the file and the item).
    #[error("{0}")]
    Pre(String),
    /// A command that does not read colours or bounds was given a matrix with them.
    #[error(
        "{0}: the matrix has colours or bounds, which `dlx {1}` does not read (`dlx solve` does)"
    )]
    NotPlain(String, &'static str),
    /// `--classes` cannot run as asked (the message says why).
    #[error("--classes: {0}")]
    Classes(String),
    /// Ctrl-C or SIGTERM stopped the run; the figures reached were printed, marked incomplete.
    #[error("interrupted: the figures above are those reached, not the whole search")]
    Interrupted,
    /// A campaign is not what it should be (the message names the file and what to do).
    #[error("{0}")]
    Campaign(String),
    /// Ctrl-C or SIGTERM stopped a campaign's run (the message says what was kept).
    #[error("{0}")]
    Stopped(String),
    /// A diagram file (`dlx sample --zdd`) is not one `dlx zdd --out` writes for the matrix:
    /// its text, or a set of options it holds that is no solution of the matrix.
    #[error("{0}: {1}")]
    ZddFile(String, dlx_core::zdd::ZddReadError),
    /// The ZDD search refused its settings.
    #[error(transparent)]
    Zdd(dlx_core::ZddError),
    /// Standard output was closed (e.g. piped into `head`): not an error.
    #[error("broken pipe")]
    BrokenPipe,
}

impl CliError {
    /// Wraps an I/O error on `path`, treating a closed standard output as a clean stop.
    pub fn io(path: impl Into<String>, source: std::io::Error) -> Self {
        if source.kind() == std::io::ErrorKind::BrokenPipe {
            return CliError::BrokenPipe;
        }
        // An empty name would print nothing before the colon.
        let path = Some(path.into())
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| "`` (an empty file name)".into());
        CliError::Io { path, source }
    }
}

/// A message on one line: control characters from the input (`\r`, `\n`, `\u{1c}`) are
/// written as escapes, never sent raw to the terminal.
pub fn one_line(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// clap's message for a refused command line, on one line: its text up to the usage or tip
/// that follows a blank line (`error: the following required arguments were not provided:`
/// and the indented arguments below it, joined), with a pointer to `--help` instead.
pub fn usage_line(rendered: &str) -> String {
    let text = rendered.strip_prefix("error: ").unwrap_or(rendered);
    let said: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty() && !l.starts_with("Usage:"))
        .map(str::trim)
        .collect();
    format!("{} (see --help)", one_line(&said.join(" ")))
}
