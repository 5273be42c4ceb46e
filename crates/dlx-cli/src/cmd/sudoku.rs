//! `dlx sudoku [FILE|-]`: one puzzle per line in, one line out per puzzle.

use std::io::{BufWriter, IsTerminal, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use dlx_sudoku::{Alphabet, Entry, Grid, Solver, parse_lines};
use serde_json::{Value, json};

use crate::error::CliError;
use crate::output::read_input;

/// Arguments of `dlx sudoku`.
///
/// `generate`, `grade` and `explain` are subcommands: a puzzle file named like one is read
/// as `./generate`.
#[derive(Debug, clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "A puzzle file named `generate`, `grade` or `explain` is read as `dlx sudoku ./generate`."
)]
pub struct Args {
    /// Make puzzles, grade them or explain them, instead of solving.
    #[command(subcommand)]
    pub action: Option<Action>,
    /// Puzzles, one per line (`.`, `0` or `-` for blanks; `#` lines are comments; in
    /// `name:puzzle:count` lines the puzzle field is used); standard input when absent or `-`.
    pub file: Option<String>,
    /// The symbols, as a range (`1-9`, `0-F`, `1-G`, `A-P`, `A-Y`, `1-P`, `0-Z`) or spelled
    /// out; detected from the file when absent.
    #[arg(long, value_name = "SPEC")]
    pub alphabet: Option<String>,
    /// Print the solution only when it is unique, else `no solution` or `multiple solutions`.
    #[arg(long, conflicts_with = "count")]
    pub unique: bool,
    /// Print the number of solutions of each puzzle instead of a solution.
    #[arg(long)]
    pub count: bool,
    /// With --count: stop counting at N (the line then reads `N+` when the limit was hit).
    #[arg(
        long,
        value_name = "N",
        requires = "count",
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    pub limit: Option<u64>,
    /// No summary on standard error.
    #[arg(long, short)]
    pub quiet: bool,
    /// Variants: --variant, --generate, --json (see `sudoku_variant`).
    #[command(flatten)]
    pub variants: super::sudoku_variant::VariantArgs,
}

/// The subcommands of `dlx sudoku`.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Make minimal puzzles with exactly one solution, reproducibly from a seed: one a
    /// line, as `dlx sudoku` reads them.
    Generate(super::sudoku_make::GenerateArgs),
    /// Rate puzzles by the weakest rules that solve them (1 singles, 2 locked-candidates,
    /// 3 probing, 4 branching with its node count), one line per puzzle.
    Grade(super::sudoku_make::GradeArgs),
    /// Solve puzzles step by step by the grading rules, each step with its reason (`r1c3=4:
    /// hidden single in box 1`): the grade, a line per step, and where the steps end.
    Explain(super::sudoku_explain::ExplainArgs),
}

/// What happened to the puzzles, for the summary.
#[derive(Default, Clone)]
pub(super) struct Tally {
    pub(super) puzzles: usize,
    pub(super) solved: usize,
    pub(super) unsolvable: usize,
    pub(super) multiple: usize,
    pub(super) invalid: usize,
    pub(super) search: Duration,
}

pub fn run(mut args: Args) -> Result<(), CliError> {
    match args.action.take() {
        Some(Action::Generate(a)) => return super::sudoku_make::generate(a),
        Some(Action::Grade(a)) => return super::sudoku_make::grade(a),
        Some(Action::Explain(a)) => return super::sudoku_explain::explain_puzzles(a),
        None => {}
    }
    if args.variants.variant.is_some() {
        return super::sudoku_variant::run(args);
    }
    let (path, entries) = read_puzzles(args.file.as_deref(), args.alphabet.as_deref())?;
    let mut batch = Batch::new(entries.len(), args.quiet);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut solver = Solver::new().interrupt(crate::interrupt::watch());
    let mut interrupted = false;
    let mut tally = Tally::default();
    for entry in &entries {
        let before = tally.clone();
        tally.puzzles += 1;
        let (line, fields) = match &entry.puzzle {
            Err(e) => {
                tally.invalid += 1;
                note!("dlx: {path}: {e}");
                ("invalid".to_string(), json!({ "error": e.to_string() }))
            }
            Ok(grid) => {
                let t = Instant::now();
                let answer = if args.count {
                    let n = solver.count(grid, args.limit);
                    if n > 0 {
                        tally.solved += 1;
                    }
                    let reached = args.limit.is_some_and(|l| n >= l);
                    let plain = if reached {
                        format!("{n}+")
                    } else {
                        n.to_string()
                    };
                    (plain, json!({ "count": n, "complete": !reached }))
                } else if args.unique {
                    match solver.count(grid, Some(2)) {
                        0 => {
                            tally.unsolvable += 1;
                            no_solution(Some(0))
                        }
                        // None only when Ctrl-C fell between the count and the solution:
                        // the loop then drops this answer.
                        1 => match solver.solve(grid) {
                            Some(s) => {
                                tally.solved += 1;
                                solved(&s, Some(1))
                            }
                            None => no_solution(Some(1)),
                        },
                        _ => {
                            tally.multiple += 1;
                            // "solutions": 2 means two or more: the count stops at the second.
                            let j = json!({ "solutions": 2, "solution": null });
                            ("multiple solutions".to_string(), j)
                        }
                    }
                } else {
                    match solver.solve(grid) {
                        Some(s) => {
                            tally.solved += 1;
                            solved(&s, None)
                        }
                        None => {
                            tally.unsolvable += 1;
                            no_solution(None)
                        }
                    }
                };
                tally.search += t.elapsed();
                answer
            }
        };
        if crate::interrupt::requested() {
            // This puzzle's search was cut short: its answer is not known, and nothing of it
            // is kept (the time per puzzle is that of the puzzles answered).
            tally = before;
            interrupted = true;
            break;
        }
        let json = args.variants.json;
        batch.answer(&mut out, json, (line, fields), entry.line, tally.puzzles)?;
    }
    out.flush().map_err(|e| CliError::io("-", e))?;
    batch.finish(&tally, interrupted, &path)
}

/// A solution's answer, plain and as JSON fields (`solutions` when it was counted).
fn solved(s: &Grid, solutions: Option<u64>) -> (String, Value) {
    let mut j = json!({ "solution": s.to_line() });
    if let Some(n) = solutions {
        j["solutions"] = json!(n);
    }
    (s.to_string(), j)
}

/// The answer for a puzzle without solution.
fn no_solution(solutions: Option<u64>) -> (String, Value) {
    let mut j = json!({ "solution": null });
    if let Some(n) = solutions {
        j["solutions"] = json!(n);
    }
    ("no solution".to_string(), j)
}

/// The puzzles of `FILE` (standard input for `None` or `-`), one a line, in the symbols of
/// `--alphabet SPEC` or those the file shows: the path for messages, and each line's puzzle.
pub(super) fn read_puzzles(
    file: Option<&str>,
    alphabet: Option<&str>,
) -> Result<(String, Vec<Entry>), CliError> {
    let alphabet = alphabet
        .map(Alphabet::from_spec)
        .transpose()
        .map_err(|e| CliError::Sudoku(e.to_string()))?;
    let (path, text) = read_input(file)?;
    let entries = parse_lines(&text, alphabet.as_ref());
    Ok((path, entries))
}

/// Ends a run that makes puzzles: `N puzzles (WHAT) made in T s` on standard error (unless
/// quiet), and the interrupt's error when fewer than `wanted` were made.
pub(super) fn made(
    made: u64,
    wanted: u64,
    what: &str,
    elapsed: Duration,
    quiet: bool,
) -> Result<(), CliError> {
    let interrupted = made < wanted;
    if !quiet || interrupted {
        note!(
            "{} {what} made in {:.3} s{}",
            crate::output::counted(made, "puzzle"),
            elapsed.as_secs_f64(),
            if interrupted { " (interrupted)" } else { "" }
        );
    }
    if interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// The puzzles `grade` and `explain` read.
#[derive(Debug, clap::Args)]
pub struct PuzzleInput {
    /// Puzzles, one per line, as `dlx sudoku` reads them; standard input when absent or `-`.
    pub file: Option<String>,
    /// The symbols, as for `dlx sudoku`; detected from the file when absent.
    #[arg(long, value_name = "SPEC")]
    pub alphabet: Option<String>,
    /// No summary on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

/// A batch answered by [`answer_each`]: its progress and summary, the tally, the input's
/// name, and whether an interrupt cut it short.
pub(super) struct Answered {
    pub(super) batch: Batch,
    pub(super) tally: Tally,
    pub(super) path: String,
    pub(super) interrupted: bool,
}

impl Answered {
    /// Ends the batch: [`Batch::finish`].
    pub(super) fn finish(self) -> Result<(), CliError> {
        self.batch.finish(&self.tally, self.interrupted, &self.path)
    }
}

/// Answers each puzzle `input` names: a bad line `invalid(line)` (its error on standard
/// error), a puzzle `answer(grid, line, tally, stop)`'s text, or with `json` its fields.
/// `stop` is set by a Ctrl-C: `answer` then gives `None`, and the batch ends there, every
/// answer so far written. The caller adds to the summary, then finishes the batch.
pub(super) fn answer_each(
    input: &PuzzleInput,
    json: bool,
    invalid: impl Fn(usize) -> String,
    mut answer: impl FnMut(&Grid, usize, &mut Tally, &AtomicBool) -> Option<(String, Value)>,
) -> Result<Answered, CliError> {
    let (path, entries) = read_puzzles(input.file.as_deref(), input.alphabet.as_deref())?;
    let mut batch = Batch::new(entries.len(), input.quiet);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let stop = crate::interrupt::watch();
    let mut tally = Tally::default();
    let mut interrupted = false;
    for entry in &entries {
        let before = tally.clone();
        tally.puzzles += 1;
        let answered = match &entry.puzzle {
            Err(e) => {
                tally.invalid += 1;
                note!("dlx: {path}: {e}");
                Some((invalid(entry.line), json!({ "error": e.to_string() })))
            }
            Ok(grid) => {
                let t = Instant::now();
                let answered = answer(grid, entry.line, &mut tally, &stop);
                tally.search += t.elapsed();
                answered
            }
        };
        let Some((plain, fields)) = answered else {
            // This puzzle was cut short: its answer is not known, and nothing of it is kept
            // (the time per puzzle is that of the puzzles answered).
            tally = before;
            interrupted = true;
            break;
        };
        batch.answer(&mut out, json, (plain, fields), entry.line, tally.puzzles)?;
    }
    out.flush().map_err(|e| CliError::io("-", e))?;
    Ok(Answered {
        batch,
        tally,
        path,
        interrupted,
    })
}

/// A batch of puzzles: its progress line on a terminal, and its end (the summary, and the
/// error an interrupt or bad lines make).
pub(super) struct Batch {
    progress: bool,
    quiet: bool,
    started: Instant,
    last_report: Instant,
    total: usize,
}

impl Batch {
    /// A batch of `total` puzzles, quiet (no progress, no summary) if asked.
    pub(super) fn new(total: usize, quiet: bool) -> Batch {
        let started = Instant::now();
        Batch {
            progress: std::io::stderr().is_terminal() && !quiet,
            quiet,
            started,
            last_report: started,
            total,
        }
    }

    /// Writes one puzzle's answer (`plain`, or with `--json` its `fields` and the input line
    /// `line`), then redraws the progress line for `done` puzzles.
    pub(super) fn answer(
        &mut self,
        out: &mut impl Write,
        json: bool,
        (plain, mut fields): (String, Value),
        line: usize,
        done: usize,
    ) -> Result<(), CliError> {
        let text = if json {
            fields["line"] = json!(line);
            fields.to_string()
        } else {
            plain
        };
        writeln!(out, "{text}").map_err(|e| CliError::io("-", e))?;
        self.tick(done);
        Ok(())
    }

    /// Redraws the progress line (`done / total puzzles`), at most twice a second.
    pub(super) fn tick(&mut self, done: usize) {
        if self.progress && self.last_report.elapsed() > Duration::from_millis(500) {
            self.last_report = Instant::now();
            note_part!("\r{done} / {} puzzles", self.total);
        }
    }

    /// Erases the progress line if one was drawn; returns the time since the start.
    pub(super) fn clear(&self) -> Duration {
        if self.progress && self.last_report != self.started {
            note_part!("\r\x1b[K");
        }
        self.started.elapsed()
    }

    /// Ends a batch read from `path`: the summary (unless quiet, or when interrupted), then
    /// the error for an interrupt or bad lines.
    pub(super) fn finish(
        self,
        tally: &Tally,
        interrupted: bool,
        path: &str,
    ) -> Result<(), CliError> {
        let elapsed = self.clear();
        if !self.quiet || interrupted {
            let mut line = summary(tally, elapsed);
            if interrupted {
                line.push_str(&format!(
                    " (interrupted: {} of {} answered)",
                    tally.puzzles,
                    crate::output::counted(self.total as u64, "puzzle")
                ));
            }
            note!("{line}");
        }
        if interrupted {
            return Err(CliError::Interrupted);
        }
        if tally.invalid > 0 {
            return Err(CliError::Sudoku(format!(
                "{path}: {} of {} bad input",
                tally.invalid,
                crate::output::counted(tally.puzzles as u64, "puzzle")
            )));
        }
        Ok(())
    }
}

/// `95 puzzles: 95 solved, ...; 41.2 µs per puzzle (search), 0.012 s in all`.
pub(super) fn summary(t: &Tally, total: Duration) -> String {
    let mut parts = vec![format!("{} solved", t.solved)];
    for (n, what) in [
        (t.unsolvable, "without solution"),
        (t.multiple, "with several solutions"),
        (t.invalid, "invalid"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {what}"));
        }
    }
    let valid = (t.puzzles - t.invalid).max(1);
    format!(
        "{}: {}; {:.1} µs per puzzle (search), {:.3} s in all",
        crate::output::counted(t.puzzles as u64, "puzzle"),
        parts.join(", "),
        t.search.as_secs_f64() * 1e6 / valid as f64,
        total.as_secs_f64()
    )
}
