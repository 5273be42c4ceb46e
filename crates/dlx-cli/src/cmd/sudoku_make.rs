//! `dlx sudoku generate` and `dlx sudoku grade`: minimal puzzles with one solution, made
//! from a seed, and puzzles rated by the rules they need.

use std::io::{BufWriter, Write};
use std::sync::atomic::AtomicBool;

use dlx_sudoku::Grid;
use dlx_sudoku::generate::{ATTEMPTS, Generated, Generator};
use dlx_sudoku::grade::{Grade, Grader, NotUnique};
use dlx_sudoku::variant::{DEFAULT_MAX_CAGE, Variant};
use serde_json::{Value, json};

use super::sudoku::{Batch, PuzzleInput, Tally, answer_each, made as made_summary};
use super::sudoku_variant::Generation;
use crate::error::CliError;

/// Arguments of `dlx sudoku generate`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// The side: 4, 9, 16, 25 or 36 (boxes 2x2 to 6x6); with --variant, 2 to 9.
    #[arg(long, value_name = "N", default_value_t = 9)]
    pub size: usize,
    /// How many puzzles to make.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// The seed: the same seed makes the same puzzles, in the same order, on every machine.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Clues in 180° rotational symmetry, removed in pairs (then minimal within that
    /// constraint: no pair can go).
    #[arg(long)]
    pub symmetric: bool,
    /// Only puzzles of this grade (1 singles, 2 locked-candidates, 3 probing, 4 branching;
    /// `dlx sudoku grade --help` gives the scale): minimal puzzles are made until one has
    /// it, at most --attempts for each.
    #[arg(long, value_name = "LEVEL")]
    pub grade: Option<Grade>,
    /// With --grade: minimal puzzles tried for each puzzle before giving up (exit status 2).
    #[arg(long, value_name = "N", default_value_t = ATTEMPTS, requires = "grade",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub attempts: u64,
    /// A variant instead of the classic board: x, windoku, jigsaw, samurai, killer or
    /// classic (any side 2 to 9 with boxes); puzzle k is made from seed S + k - 1, in the
    /// variant's line format (`dlx sudoku --help`, --variant).
    #[arg(long, value_name = "NAME", conflicts_with_all = ["symmetric", "grade"])]
    pub variant: Option<Variant>,
    /// With --variant killer: the most cells a cage may have (default 5).
    #[arg(long, value_name = "CELLS", requires = "variant")]
    pub max_cage: Option<usize>,
    /// One JSON object a line: the puzzle, its solution, clues, grade and nodes; with
    /// --variant: `variant`, `puzzle`, `solution`, `givens`, `cages` and `seed`.
    #[arg(long)]
    pub json: bool,
    /// No summary on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Arguments of `dlx sudoku grade`.
///
/// The scale: 1 `singles` (naked and hidden singles solve it), 2 `locked-candidates`
/// (with pointing and claiming), 3 `probing` (with one level of trial: each option of a cell
/// or a unit's digit with two options left, at every size, is assumed and followed by
/// the rules above; a contradiction removes it), 4 `branching` (a search must guess; the
/// number after it is the branch nodes of the search that proves the solution unique, the
/// same on every run). The same puzzle always gets the same grade.
#[derive(Debug, clap::Args)]
pub struct GradeArgs {
    /// The puzzles.
    #[command(flatten)]
    pub input: PuzzleInput,
    /// One JSON object a line: line, grade, name, nodes (or the reason there is no grade).
    #[arg(long)]
    pub json: bool,
}

/// Runs `dlx sudoku generate`.
pub fn generate(args: GenerateArgs) -> Result<(), CliError> {
    if let Some(variant) = args.variant {
        if variant != Variant::Killer && args.max_cage.is_some() {
            return Err(CliError::Sudoku(format!(
                "--max-cage is for --variant killer, not {variant}"
            )));
        }
        let g = Generation {
            variant,
            count: args.count,
            seed: args.seed,
            side: args.size,
            max_cage: args.max_cage.unwrap_or(DEFAULT_MAX_CAGE),
            json: args.json,
        };
        return super::sudoku_variant::generate(g, args.quiet);
    }
    let box_size = (2..=6).find(|n| n * n == args.size).ok_or_else(|| {
        CliError::Sudoku(format!(
            "--size {}: sides are 4, 9, 16, 25 or 36 (--variant classic makes 6x6, 8x8 ...)",
            args.size
        ))
    })?;
    let mut generator = Generator::new(box_size)
        .map_err(|e| CliError::Sudoku(e.to_string()))?
        .seed(args.seed)
        .symmetric(args.symmetric)
        .attempts(args.attempts);
    if let Some(grade) = args.grade {
        generator = generator.grade(grade);
    }
    let mut grader = Grader::new();
    let mut batch = Batch::new(args.count as usize, args.quiet);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut made = 0u64;
    let mut attempts = 0u64;
    while made < args.count && !crate::interrupt::requested() {
        let g = generator
            .generate()
            .map_err(|e| CliError::Sudoku(format!("--seed {}: {e}", args.seed)))?;
        attempts += g.attempts;
        let line = if args.json {
            generated_json(&g, &mut grader, args.seed, made + 1).to_string()
        } else {
            g.puzzle.to_line()
        };
        writeln!(out, "{line}").map_err(|e| CliError::io("-", e))?;
        made += 1;
        batch.tick(made as usize);
    }
    out.flush().map_err(|e| CliError::io("-", e))?;
    let elapsed = batch.clear();
    let tried = match args.grade {
        Some(_) => format!(" ({attempts} minimal puzzles tried)"),
        None => String::new(),
    };
    let what = format!("{}x{}{tried}", args.size, args.size);
    made_summary(made, args.count, &what, elapsed, args.quiet)
}

/// A generated puzzle as JSON: its grade is the one asked for, or is rated here.
fn generated_json(g: &Generated, grader: &mut Grader, seed: u64, index: u64) -> Value {
    let rating = g.rating.map(Ok).unwrap_or_else(|| grader.grade(&g.puzzle));
    let clues = g.puzzle.values().iter().filter(|&&v| v != 0).count();
    let mut fields = json!({
        "seed": seed,
        "index": index,
        "puzzle": g.puzzle.to_line(),
        "solution": g.solution.to_line(),
        "clues": clues,
    });
    // A generated puzzle has one solution, so it has a grade.
    if let Ok(r) = rating {
        fields["grade"] = json!(r.grade.number());
        fields["name"] = json!(r.grade.name());
        fields["nodes"] = json!(r.nodes);
    }
    fields
}

/// Runs `dlx sudoku grade`.
pub fn grade(args: GradeArgs) -> Result<(), CliError> {
    let mut grader = Grader::new();
    let mut by_grade = [0u64; 4];
    let answered = answer_each(
        &args.input,
        args.json,
        |_| "invalid".to_string(),
        |grid, _, tally, stop| rate(&mut grader, grid, tally, &mut by_grade, stop),
    )?;
    if !args.input.quiet && by_grade.iter().any(|&n| n > 0) {
        let parts: Vec<String> = Grade::ALL
            .iter()
            .zip(by_grade)
            .map(|(g, n)| format!("{} {} {n}", g.number(), g.name()))
            .collect();
        note!("grades: {}", parts.join(", "));
    }
    answered.finish()
}

/// One puzzle's grade, plain (`3 probing`, `4 branching 57`) and as JSON fields.
fn rate(
    grader: &mut Grader,
    grid: &Grid,
    tally: &mut Tally,
    by_grade: &mut [u64; 4],
    stop: &AtomicBool,
) -> Option<(String, Value)> {
    Some(match grader.grade_until(grid, stop)? {
        Ok(r) => {
            tally.solved += 1;
            by_grade[usize::from(r.grade.number()) - 1] += 1;
            let plain = r.to_string();
            let fields = json!({
                "grade": r.grade.number(),
                "name": r.grade.name(),
                "nodes": r.nodes,
            });
            (plain, fields)
        }
        Err(why) => {
            match why {
                NotUnique::NoSolution => tally.unsolvable += 1,
                NotUnique::Multiple => tally.multiple += 1,
            }
            let plain = match why {
                NotUnique::NoSolution => "no solution",
                NotUnique::Multiple => "multiple solutions",
            };
            (plain.to_string(), json!({ "grade": null, "error": plain }))
        }
    })
}
