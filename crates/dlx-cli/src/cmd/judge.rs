//! `dlx judge PROBLEM [FILE|-]`: an online judge's input, read as the judge gives it, answered
//! byte for byte as it expects. The formats and answers live in the libraries
//! (`dlx_sudoku::judge`, `dlx_squares::judge`) and, for the plain exact cover of HUST 1017,
//! in `crate::hust1017`; this file reads, calls them and writes.

use std::io::{BufWriter, Write};

use dlx_sudoku::Solver;
use dlx_sudoku::judge::Judge;

use crate::error::CliError;
use crate::hust1017;
use crate::output::read_input;

/// The judges' problems `dlx judge` answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Problem {
    /// HUST 1017, Exact cover: cases of `N M` and N rows `C c1 ... cC`, to the end of the
    /// file; answers `k r1 ... rk` or `NO`.
    Hust1017,
    /// POJ 3074, Sudoku 9x9: one puzzle a line (`1`-`9`, `.`), until a line `end`.
    Poj3074,
    /// POJ 3076 (also UVa 1309), Sudoku 16x16: 16 lines of `A`-`P` and `-` per data set,
    /// separated by empty lines; answers separated likewise.
    #[value(alias = "uva1309")]
    Poj3076,
    /// POJ 1084, Square Destroyer: T, then per case n and `k s1 ... sk` (missing sticks);
    /// answers the fewest sticks to remove so that no square is left.
    Poj1084,
}

/// Arguments of `dlx judge`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The input is read exactly as the judge gives it, and standard output holds exactly what the
judge expects. Bad input is one line naming the line, and exit status 2.

Example (POJ 3074's sample):
  $ printf '%s\\n' .2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534. end \\
      | dlx judge poj3074
  527389416819426735436751829375692184194538267268174593643217958951843672782965341")]
pub struct Args {
    /// The problem: hust1017, poj3074, poj3076 (or uva1309), poj1084.
    #[arg(value_enum)]
    pub problem: Problem,
    /// The judge's input; standard input when absent or `-`.
    pub file: Option<String>,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let (path, text) = read_input(args.file.as_deref())?;
    let bad = |message: String| CliError::Judge {
        path: path.clone(),
        message,
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    // Every case is read before the first answer: bad input writes no answer.
    match args.problem {
        Problem::Hust1017 => {
            let cases = hust1017::read(&text).map_err(|e| bad(e.to_string()))?;
            for case in &cases {
                let answer = case.answer().map_err(|e| bad(e.to_string()))?;
                write(&mut out, &answer)?;
            }
        }
        Problem::Poj3074 | Problem::Poj3076 => {
            let judge = if args.problem == Problem::Poj3074 {
                Judge::Poj3074
            } else {
                Judge::Poj3076
            };
            let puzzles = judge.read(&text).map_err(|e| bad(e.to_string()))?;
            // One solver for every puzzle: the batch path of `dlx sudoku`.
            let mut solver = Solver::new();
            for (k, puzzle) in puzzles.iter().enumerate() {
                if k > 0 {
                    write(&mut out, judge.separator())?;
                }
                let answer = judge
                    .answer(&mut solver, puzzle)
                    .map_err(|e| bad(e.to_string()))?;
                write(&mut out, &answer)?;
            }
        }
        Problem::Poj1084 => {
            let cases = dlx_squares::judge::read_poj1084(&text).map_err(|e| bad(e.to_string()))?;
            for case in &cases {
                write(&mut out, &dlx_squares::judge::answer_poj1084(case))?;
            }
        }
    }
    out.flush().map_err(|e| CliError::io("-", e))
}

fn write(out: &mut impl Write, text: &str) -> Result<(), CliError> {
    out.write_all(text.as_bytes())
        .map_err(|e| CliError::io("-", e))
}
