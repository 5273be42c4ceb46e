//! `dlx sudoku --variant NAME [FILE|-]`: sudoku variants (X, windoku, jigsaw, samurai,
//! killer, classic of any side with boxes) one puzzle a line, solved, counted or checked for
//! uniqueness, one answer a line; and the minimal puzzles `dlx sudoku generate --variant`
//! makes from a seed.

use std::io::{BufWriter, Write};
use std::time::Instant;

use dlx_sudoku::SudokuError;
use dlx_sudoku::variant::{MAX_GENERATED_SIDE, Puzzle, Variant, VariantSolver, generate_many};
use serde_json::{Value, json};

use super::sudoku::{Args, Batch, Tally};
use crate::error::CliError;
use crate::output::read_input;

/// The variant flags of `dlx sudoku`.
#[derive(Debug, clap::Args)]
pub struct VariantArgs {
    /// Read (or make) puzzles of a variant: classic, x, windoku, jigsaw, samurai or killer.
    ///
    /// One puzzle a line; cells are `1`-`9` then `A`-`Z`, with `.`, `0` or `-` for empty.
    /// classic, x, windoku: the N x N cells row by row (classic: any side with boxes, e.g.
    /// 6x6 with 2x3 boxes; windoku: square boxes). jigsaw: `GIVENS:REGIONS`, the cells then a
    /// character per cell naming its region. samurai: the five 9x9 grids (top-left,
    /// top-right, centre, bottom-left, bottom-right), 405 characters, or the 21x21 square
    /// with `.` outside the grids, 441. killer: `[GIVENS:]CAGES:SUMS`, a character per cell
    /// naming its cage (`.` for none), then NAME=TOTAL for each cage, separated by commas,
    /// e.g. `aabcadbcedbfedff:a=9,b=8,c=3,d=7,e=4,f=9`. Answers: the cells of the solution
    /// (a samurai in the form read), `no solution`, `multiple solutions`, a count, or
    /// `invalid` (the reason on standard error).
    #[arg(long, value_name = "NAME", conflicts_with = "alphabet")]
    pub variant: Option<Variant>,
    /// One JSON object a line instead of the plain answers: `line`, then `solution`
    /// (null when there is none), `solutions` with --unique, `count` and `complete` with
    /// --count, `error` for a bad line.
    #[arg(long)]
    pub json: bool,
}

/// What `dlx sudoku generate --variant NAME` makes.
#[derive(Debug, Clone, Copy)]
pub struct Generation {
    /// The variant.
    pub variant: Variant,
    /// How many puzzles.
    pub count: u64,
    /// The first puzzle's seed.
    pub seed: u64,
    /// The side N.
    pub side: usize,
    /// A killer's largest cage.
    pub max_cage: usize,
    /// One JSON object a line (`seed`, `puzzle`, `solution`, `givens`, `cages`).
    pub json: bool,
}

/// Runs `dlx sudoku --variant NAME`: reads and answers the puzzles.
pub fn run(args: Args) -> Result<(), CliError> {
    let variant = args.variants.variant.expect("called with --variant");
    solve(&args, variant)
}

/// The answer to one puzzle, plain and as JSON fields.
fn answer(
    args: &Args,
    solver: &mut VariantSolver,
    puzzle: &Puzzle,
    tally: &mut Tally,
) -> (String, Value) {
    if args.count {
        let n = solver.count(puzzle, args.limit);
        if n > 0 {
            tally.solved += 1;
        }
        let reached = args.limit.is_some_and(|l| n >= l);
        let plain = if reached {
            format!("{n}+")
        } else {
            n.to_string()
        };
        return (plain, json!({ "count": n, "complete": !reached }));
    }
    if args.unique {
        let (n, solution) = solver.solve_unique(puzzle);
        return match (n, solution) {
            (1, Some(s)) => {
                tally.solved += 1;
                let line = s.to_line();
                (line.clone(), json!({ "solutions": 1, "solution": line }))
            }
            (0, _) => {
                tally.unsolvable += 1;
                (
                    "no solution".into(),
                    json!({ "solutions": 0, "solution": null }),
                )
            }
            _ => {
                tally.multiple += 1;
                // "solutions": 2 means two or more: the search stops at the second.
                let j = json!({ "solutions": 2, "solution": null });
                ("multiple solutions".into(), j)
            }
        };
    }
    match solver.solve(puzzle) {
        Some(s) => {
            tally.solved += 1;
            let line = s.to_line();
            (line.clone(), json!({ "solution": line }))
        }
        None => {
            tally.unsolvable += 1;
            ("no solution".into(), json!({ "solution": null }))
        }
    }
}

/// Reads the puzzles and prints an answer a line, with the summary and progress of
/// `dlx sudoku`.
fn solve(args: &Args, variant: Variant) -> Result<(), CliError> {
    let json = args.variants.json;
    let (path, text) = read_input(args.file.as_deref())?;
    let entries = variant.parse_lines(&text);
    let mut batch = Batch::new(entries.len(), args.quiet);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut solver = VariantSolver::new().interrupt(crate::interrupt::watch());
    let mut interrupted = false;
    let mut tally = Tally::default();
    for entry in &entries {
        let before = tally.clone();
        tally.puzzles += 1;
        let (plain, mut fields) = match &entry.puzzle {
            Err(e) => {
                tally.invalid += 1;
                note!("dlx: {path}: {e}");
                ("invalid".to_string(), json!({ "error": e.to_string() }))
            }
            Ok(puzzle) => {
                let t = Instant::now();
                let answered = answer(args, &mut solver, puzzle, &mut tally);
                tally.search += t.elapsed();
                answered
            }
        };
        if crate::interrupt::requested() {
            // Cut short: this puzzle's answer is not known, and nothing of it is kept (the
            // time per puzzle is that of the puzzles answered).
            tally = before;
            interrupted = true;
            break;
        }
        let line = if json {
            fields["line"] = json!(entry.line);
            fields["variant"] = json!(variant.name());
            fields.to_string()
        } else {
            plain
        };
        writeln!(out, "{line}").map_err(|e| CliError::io("-", e))?;
        batch.tick(tally.puzzles);
    }
    out.flush().map_err(|e| CliError::io("-", e))?;
    batch.finish(&tally, interrupted, &path)
}

/// Makes `g.count` puzzles, seeds `g.seed`, `g.seed + 1`, ..., and prints one a line (as
/// JSON with its solution if asked), with progress and a summary on standard error unless
/// `quiet`.
pub fn generate(g: Generation, quiet: bool) -> Result<(), CliError> {
    if !(2..=MAX_GENERATED_SIDE).contains(&g.side) {
        return Err(CliError::Sudoku(format!(
            "--size {}: variants are made with sides 2 to {MAX_GENERATED_SIDE}",
            g.side
        )));
    }
    if g.variant == Variant::Killer && g.max_cage == 0 {
        return Err(CliError::Sudoku(
            "--max-cage 0: a cage has a cell at least".into(),
        ));
    }
    // Puzzle k has seed S + k - 1: the last one's must not wrap round to 0.
    if g.seed.checked_add(g.count.saturating_sub(1)).is_none() {
        return Err(CliError::Sudoku(format!(
            "--seed {} --count {}: the seeds would pass {}",
            g.seed,
            g.count,
            u64::MAX
        )));
    }
    let mut batch = Batch::new(g.count as usize, quiet);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut made = 0u64;
    let mut puzzles = generate_many(g.variant, g.side, g.max_cage, g.seed, g.count)
        .map_err(|e| CliError::Sudoku(e.to_string()))?;
    // Each puzzle is made when it is taken: an interrupt is looked at before.
    while !crate::interrupt::requested() {
        let Some((seed, result)) = puzzles.next() else {
            break;
        };
        // A layout's errors say `line 1`: here there is no line, only the seed.
        let generated = result.map_err(|e| {
            let reason = match e {
                SudokuError::Variant { reason, .. } => reason,
                e => e.to_string(),
            };
            CliError::Sudoku(format!("--variant {} --seed {seed}: {reason}", g.variant))
        })?;
        let puzzle = &generated.puzzle;
        let line = if g.json {
            json!({
                "variant": g.variant.name(),
                "seed": seed,
                "puzzle": puzzle.to_string(),
                "solution": generated.solution.to_line(),
                "givens": puzzle.givens(),
                "cages": puzzle.layout().cages().len(),
            })
            .to_string()
        } else {
            puzzle.to_string()
        };
        writeln!(out, "{line}").map_err(|e| CliError::io("-", e))?;
        made += 1;
        batch.tick(made as usize);
    }
    out.flush().map_err(|e| CliError::io("-", e))?;
    let elapsed = batch.clear();
    super::sudoku::made(made, g.count, &format!("({})", g.variant), elapsed, quiet)
}
