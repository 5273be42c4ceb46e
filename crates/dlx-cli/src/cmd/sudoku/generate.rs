//! `dlx sudoku generate`: minimal unique puzzles, one a line, reproducible from a seed.

use std::io::{BufWriter, Write};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use dlx_sudoku::generate::{Generated, Generator};
use dlx_sudoku::grade::{Grade, Grader};
use dlx_sudoku::{Alphabet, Grid};
use serde_json::json;

use super::Batch;
use crate::error::CliError;

/// Arguments of `dlx sudoku generate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board's side: 4, 9, 16, 25 or 36. 9x9 makes about 10,000 puzzles a second on one
    /// core, 16x16 about 10, 25x25 about one a minute; a 36x36 one took over 25 minutes.
    #[arg(long, default_value_t = 9, value_parser = parse_size)]
    pub size: usize,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// The seed of the random numbers: the same seed (and flags) gives the same puzzles on
    /// every machine. Drawn from the clock when absent, and shown in the summary.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Clues in 180° rotational symmetry; no pair of them can go (a single clue sometimes
    /// could).
    #[arg(long)]
    pub symmetric: bool,
    /// Only puzzles of this grade (1 singles, 2 locked-candidates, 3 probing, 4 branching;
    /// see `dlx sudoku grade`): minimal puzzles are made until one has it.
    #[arg(long, value_name = "LEVEL", value_parser = parse_grade)]
    pub grade: Option<Grade>,
    /// With --grade: the minimal puzzles to try for each puzzle before giving up (exit
    /// status 2). Branching 9x9 puzzles are rare: none among 5,000 of seed 1.
    #[arg(long, value_name = "N", default_value_t = 10_000, requires = "grade",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub attempts: u64,
    /// The symbols written (`1-9`, `0-F`, `1-G`, `A-P`, `A-Y`, `1-P`, `0-Z`, or spelled out);
    /// by default the first of the size: 1-4, 1-9, 0-F, A-Y, 0-Z.
    #[arg(long, value_name = "SPEC")]
    pub alphabet: Option<String>,
    /// One JSON object a puzzle instead: `puzzle`, `solution`, `clues`, `grade`, `name`,
    /// `nodes` (branch nodes, for grade 4), `attempts` (minimal puzzles made for it).
    #[arg(long)]
    pub json: bool,
    /// No summary on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

fn parse_size(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(side @ (4 | 9 | 16 | 25 | 36)) => Ok(side),
        _ => Err(format!("`{s}` is not a board side (4, 9, 16, 25 or 36)")),
    }
}

fn parse_grade(s: &str) -> Result<Grade, String> {
    s.parse()
}

/// What the puzzles are made on: the box size and the symbols they are written in. The one
/// place where the flags become a board.
struct Board {
    box_size: usize,
    alphabet: Alphabet,
}

impl Board {
    fn of(args: &Args) -> Result<Board, CliError> {
        let side = args.size;
        let box_size = (2..=6)
            .find(|n| n * n == side)
            .ok_or_else(|| CliError::Sudoku(format!("no board of side {side}")))?;
        let alphabet = match super::alphabet(args.alphabet.as_deref())? {
            Some(a) if a.side() != side => {
                return Err(CliError::Sudoku(format!(
                    "alphabet `{}` has {} symbols, not {side}",
                    a.name(),
                    a.side()
                )));
            }
            Some(a) => a,
            None => Grid::empty(box_size)
                .map_err(|e| CliError::Sudoku(e.to_string()))?
                .alphabet()
                .clone(),
        };
        Ok(Board { box_size, alphabet })
    }

    fn generator(&self, args: &Args, seed: u64) -> Result<Generator, CliError> {
        let g = Generator::new(self.box_size)
            .map_err(|e| CliError::Sudoku(e.to_string()))?
            .seed(seed)
            .symmetric(args.symmetric);
        Ok(match args.grade {
            Some(grade) => g.grade(grade).attempts(args.attempts),
            None => g,
        })
    }

    /// A grid of the generator's, written in this board's symbols.
    fn written(&self, grid: &Grid) -> Result<Grid, CliError> {
        Grid::from_values(grid.values().to_vec(), self.alphabet.clone())
            .map_err(|e| CliError::Sudoku(e.to_string()))
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    let board = Board::of(&args)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut generator = board.generator(&args, seed)?;
    let mut grader = Grader::new();
    let interrupt = crate::interrupt::watch();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut batch = Batch::new(args.quiet);
    let (mut written, mut attempts) = (0u64, 0u64);
    let mut last_flush = Instant::now();
    let mut failed = None;
    while written < args.count {
        if interrupt.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let g = match generator.generate() {
            Ok(g) => g,
            Err(e) => {
                failed = Some(e);
                break;
            }
        };
        attempts += g.attempts;
        let line = if args.json {
            json_line(&board, &mut grader, &g)?
        } else {
            board.written(&g.puzzle)?.to_line()
        };
        writeln!(out, "{line}").map_err(|e| CliError::io("-", e))?;
        written += 1;
        // Slow boards show each puzzle as it comes; fast ones are written in blocks.
        if last_flush.elapsed() > Duration::from_millis(100) {
            out.flush().map_err(|e| CliError::io("-", e))?;
            last_flush = Instant::now();
        }
        batch.tick(written as usize, args.count as usize, "puzzles");
    }
    out.flush().map_err(|e| CliError::io("-", e))?;
    batch.clear();
    let interrupted = written < args.count && failed.is_none();
    if !args.quiet || interrupted {
        let side = args.size;
        let elapsed = batch.started.elapsed().as_secs_f64();
        let mut line = format!(
            "{side}x{side}, seed {seed}: {}",
            crate::output::counted(written, "puzzle")
        );
        if written > 0 {
            line.push_str(&format!(", {:.3} ms each", elapsed * 1e3 / written as f64));
        }
        line.push_str(&format!(", {elapsed:.3} s in all"));
        if args.grade.is_some() && written > 0 {
            line.push_str(&format!(
                " ({} made to reach the grade)",
                crate::output::counted(attempts, "minimal puzzle")
            ));
        }
        if interrupted {
            line.push_str(&format!(
                " (interrupted: {written} of {} written)",
                args.count
            ));
        }
        note!("{line}");
    }
    if let Some(e) = failed {
        return Err(CliError::Sudoku(format!(
            "{e} (try more with --attempts N)"
        )));
    }
    if interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// The JSON line of a generated puzzle, graded here when no grade was asked for.
fn json_line(board: &Board, grader: &mut Grader, g: &Generated) -> Result<String, CliError> {
    let rating = match g.rating {
        Some(r) => r,
        // A generated puzzle is unique, so it has a grade.
        None => grader
            .grade(&g.puzzle)
            .map_err(|e| CliError::Sudoku(format!("a generated puzzle has {e}")))?,
    };
    Ok(json!({
        "puzzle": board.written(&g.puzzle)?.to_line(),
        "solution": board.written(&g.solution)?.to_line(),
        "clues": g.puzzle.givens(),
        "grade": rating.grade.number(),
        "name": rating.grade.name(),
        "nodes": rating.nodes,
        "attempts": g.attempts,
    })
    .to_string())
}

/// A seed from the clock, for runs that name none (the summary shows it).
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
