//! `dlx sudoku grade [FILE|-]`: one line a puzzle, its grade by the rules it needs.

use std::io::{BufWriter, Write};

use dlx_sudoku::grade::{Grade, Grader};
use dlx_sudoku::parse_lines;
use serde_json::{Value, json};

use super::{Batch, puzzle_json};
use crate::error::CliError;
use crate::output::read_input;

/// Arguments of `dlx sudoku grade`.
///
/// The scale, by the weakest rules that solve the puzzle without a guess: 1 `singles` (naked
/// and hidden singles), 2 `locked-candidates` (with pointing and claiming), 3 `probing`
/// (with one level of trial on every cell and unit's digit with two options left), 4
/// `branching` (a search has to guess; its branch nodes follow). The same puzzle gets the
/// same grade and node count every time.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Puzzles, one per line, as `dlx sudoku` reads them; standard input when absent or `-`.
    /// On a terminal, a progress line on standard error counts the puzzles graded.
    pub file: Option<String>,
    /// The symbols, as for `dlx sudoku`; detected from the file when absent.
    #[arg(long, value_name = "SPEC")]
    pub alphabet: Option<String>,
    /// One JSON object a puzzle instead: `line`, `puzzle`, and `grade`, `name`, `nodes`, or
    /// `status` (`no solution`, `multiple solutions`, `invalid` with `error`).
    #[arg(long)]
    pub json: bool,
    /// No summary on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let alphabet = super::alphabet(args.alphabet.as_deref())?;
    let (path, text) = read_input(args.file.as_deref())?;
    let entries = parse_lines(&text, alphabet.as_ref());
    let interrupt = crate::interrupt::watch();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut grader = Grader::new();
    let mut batch = Batch::new(args.quiet);
    // Per grade, then not unique, then invalid.
    let mut tally = [0usize; 6];
    let mut done = 0;
    for entry in &entries {
        if interrupt.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let line = match &entry.puzzle {
            Err(e) => {
                tally[5] += 1;
                super::invalid(&path, entry.line, e, args.json)
            }
            Ok(grid) => {
                let rating = grader.grade(grid);
                let mut m = puzzle_json(entry.line, grid);
                let text = match rating {
                    Ok(r) => {
                        tally[usize::from(r.grade.number()) - 1] += 1;
                        m.insert("grade".into(), json!(r.grade.number()));
                        m.insert("name".into(), json!(r.grade.name()));
                        m.insert("nodes".into(), json!(r.nodes));
                        format!("{} {} {}", r.grade.number(), r.grade.name(), r.nodes)
                    }
                    Err(e) => {
                        tally[4] += 1;
                        m.insert("status".into(), json!(e.to_string()));
                        e.to_string()
                    }
                };
                if args.json {
                    Value::Object(m).to_string()
                } else {
                    text
                }
            }
        };
        writeln!(out, "{line}").map_err(|e| CliError::io("-", e))?;
        done += 1;
        batch.tick(done, entries.len(), "puzzles");
    }
    out.flush().map_err(|e| CliError::io("-", e))?;
    batch.clear();
    let interrupted = done < entries.len();
    if !args.quiet || interrupted {
        let mut parts: Vec<String> = Grade::ALL
            .iter()
            .zip(tally)
            .map(|(g, k)| format!("{k} {g}"))
            .collect();
        for (k, what) in [(tally[4], "not unique"), (tally[5], "invalid")] {
            if k > 0 {
                parts.push(format!("{k} {what}"));
            }
        }
        let mut line = format!(
            "{}: {}; {:.3} s",
            crate::output::counted(done as u64, "puzzle"),
            parts.join(", "),
            batch.started.elapsed().as_secs_f64()
        );
        if interrupted {
            line.push_str(&format!(
                " (interrupted: {done} of {} graded)",
                entries.len()
            ));
        }
        note!("{line}");
    }
    if interrupted {
        return Err(CliError::Interrupted);
    }
    if tally[5] > 0 {
        return Err(CliError::Sudoku(format!(
            "{path}: {} of {} bad input",
            tally[5],
            crate::output::counted(done as u64, "puzzle")
        )));
    }
    Ok(())
}
