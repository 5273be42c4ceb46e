//! `dlx sudoku [FILE|-]`: one puzzle per line in, one line out per puzzle; `dlx sudoku
//! generate` and `dlx sudoku grade` ([`generate`], [`grade`]).

mod generate;
mod grade;

use std::io::{BufWriter, IsTerminal, Write};
use std::time::{Duration, Instant};

use dlx_sudoku::{Alphabet, Grid, Solver, parse_lines};
use serde_json::{Value, json};

use crate::error::CliError;
use crate::output::read_input;

/// Arguments of `dlx sudoku`: solving, or one of its subcommands.
///
/// A puzzle file literally named `generate` or `grade` is read as `./generate` (or from
/// standard input): the bare word is the subcommand.
#[derive(Debug, clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "A puzzle file named `generate` or `grade` is read as `dlx sudoku ./generate`."
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub solve: SolveArgs,
}

/// `dlx sudoku generate` and `dlx sudoku grade`.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Generate puzzles with exactly one solution, each minimal (no clue can go), one a
    /// line; the same seed gives the same puzzles.
    Generate(generate::Args),
    /// Grade puzzles by the rules they need: 1 singles, 2 locked candidates, 3 probing, 4
    /// branching (with the search's node count).
    Grade(grade::Args),
}

/// Arguments of `dlx sudoku [FILE|-]`, solving.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// Puzzles, one per line (`.`, `0` or `-` for blanks; `#` lines are comments; in
    /// `name:puzzle:count` lines the puzzle field is used); standard input when absent or `-`.
    /// On a terminal, a progress line on standard error counts the puzzles answered.
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
    /// One JSON object a puzzle instead: `line`, `puzzle`, and `solution` or `status` (`no
    /// solution`, `multiple solutions`, `invalid` with `error`), or `count` (and
    /// `limit_reached`).
    #[arg(long)]
    pub json: bool,
    /// No summary on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

/// What happened to the puzzles, for the summary.
#[derive(Default, Clone)]
struct Tally {
    puzzles: usize,
    solved: usize,
    unsolvable: usize,
    multiple: usize,
    invalid: usize,
    search: Duration,
}

pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        Some(Command::Generate(a)) => generate::run(a),
        Some(Command::Grade(a)) => grade::run(a),
        None => solve(args.solve),
    }
}

/// The alphabet of `--alphabet SPEC`, if given.
fn alphabet(spec: Option<&str>) -> Result<Option<Alphabet>, CliError> {
    spec.map(Alphabet::from_spec)
        .transpose()
        .map_err(|e| CliError::Sudoku(e.to_string()))
}

/// The progress line of a batch on standard error, redrawn at most twice a second (only on
/// a terminal, and not with `--quiet`).
struct Batch {
    shown: bool,
    started: Instant,
    last: Instant,
}

impl Batch {
    fn new(quiet: bool) -> Batch {
        let now = Instant::now();
        Batch {
            shown: !quiet && std::io::stderr().is_terminal(),
            started: now,
            last: now,
        }
    }

    /// Redraws `done / total noun` if half a second went by since the last time.
    fn tick(&mut self, done: usize, total: usize, noun: &str) {
        if self.shown && self.last.elapsed() > Duration::from_millis(500) {
            self.last = Instant::now();
            note_part!("\r{done} / {total} {noun}");
        }
    }

    /// Clears the progress line, if one was drawn.
    fn clear(&self) {
        if self.shown && self.last != self.started {
            note_part!("\r\x1b[K");
        }
    }
}

/// The answer to a puzzle that could not be read, after naming it on standard error:
/// `invalid`, or with `--json` its line and error.
fn invalid(path: &str, line: usize, error: &dlx_sudoku::SudokuError, json: bool) -> String {
    note!("dlx: {path}: {error}");
    if json {
        json!({ "line": line, "status": "invalid", "error": error.to_string() }).to_string()
    } else {
        "invalid".to_string()
    }
}

/// The first fields of a puzzle's JSON line.
fn puzzle_json(line: usize, grid: &Grid) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("line".into(), json!(line));
    m.insert("puzzle".into(), json!(grid.to_line()));
    m
}

fn solve(args: SolveArgs) -> Result<(), CliError> {
    let alphabet = alphabet(args.alphabet.as_deref())?;
    let (path, text) = read_input(args.file.as_deref())?;
    let entries = parse_lines(&text, alphabet.as_ref());
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut solver = Solver::new().interrupt(crate::interrupt::watch());
    let mut interrupted = false;
    let mut tally = Tally::default();
    let mut batch = Batch::new(args.quiet);
    for entry in &entries {
        let before = tally.clone();
        tally.puzzles += 1;
        let line = match &entry.puzzle {
            Err(e) => {
                tally.invalid += 1;
                invalid(&path, entry.line, e, args.json)
            }
            Ok(grid) => {
                let t = Instant::now();
                let answer = answer(&mut solver, grid, &args, &mut tally);
                tally.search += t.elapsed();
                if args.json {
                    let mut m = puzzle_json(entry.line, grid);
                    match answer {
                        Answer::Count(n, limited) => {
                            m.insert("count".into(), json!(n));
                            m.insert("limit_reached".into(), json!(limited));
                        }
                        Answer::Solution(s) => {
                            m.insert("solution".into(), json!(s.to_line()));
                        }
                        Answer::Status(status) => {
                            m.insert("status".into(), json!(status));
                        }
                    }
                    Value::Object(m).to_string()
                } else {
                    match answer {
                        Answer::Count(n, true) => format!("{n}+"),
                        Answer::Count(n, false) => n.to_string(),
                        Answer::Solution(s) => s.to_string(),
                        Answer::Status(status) => status.to_string(),
                    }
                }
            }
        };
        if crate::interrupt::requested() {
            // This puzzle's search was cut short: its answer is not known.
            tally = Tally {
                search: tally.search,
                ..before
            };
            interrupted = true;
            break;
        }
        writeln!(out, "{line}").map_err(|e| CliError::io("-", e))?;
        batch.tick(tally.puzzles, entries.len(), "puzzles");
    }
    out.flush().map_err(|e| CliError::io("-", e))?;
    batch.clear();
    if !args.quiet || interrupted {
        let mut line = summary(&tally, batch.started.elapsed());
        if interrupted {
            line.push_str(&format!(
                " (interrupted: {} of {} answered)",
                tally.puzzles,
                crate::output::counted(entries.len() as u64, "puzzle")
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

/// What `dlx sudoku` says about a puzzle.
enum Answer {
    /// `--count`: the solutions, and whether the limit stopped the count.
    Count(u64, bool),
    /// A solution (the only one, with `--unique`).
    Solution(Grid),
    /// `no solution` or `multiple solutions`.
    Status(&'static str),
}

/// Solves, counts or checks one puzzle as the flags ask, and tallies the outcome.
fn answer(solver: &mut Solver, grid: &Grid, args: &SolveArgs, tally: &mut Tally) -> Answer {
    if args.count {
        let n = solver.count(grid, args.limit);
        if n > 0 {
            tally.solved += 1;
        }
        return Answer::Count(n, args.limit.is_some_and(|l| n >= l));
    }
    let found = if args.unique {
        match solver.count(grid, Some(2)) {
            0 => None,
            1 => solver.solve(grid),
            _ => {
                tally.multiple += 1;
                return Answer::Status("multiple solutions");
            }
        }
    } else {
        solver.solve(grid)
    };
    match found {
        Some(s) => {
            tally.solved += 1;
            Answer::Solution(s)
        }
        None => {
            tally.unsolvable += 1;
            Answer::Status("no solution")
        }
    }
}

/// `95 puzzles: 95 solved, ...; 41.2 µs per puzzle (search), 0.012 s in all`.
fn summary(t: &Tally, total: Duration) -> String {
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
