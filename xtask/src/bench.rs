//! `cargo xtask bench <target>`: time per item on real data, printed directly (the criterion
//! benches give the statistics; this gives the one number people quote).
//!
//! Targets: `search` (updates per second and the all-cores speed-up on 6x10, 14 queens and
//! Scott; see `bench_search.rs`), `sudoku` (µs per puzzle on magictour top95 and top1465, reused matrix against a
//! per-puzzle rebuild).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use dlx_core::Dlx;
use dlx_sudoku::{Grid, SEARCH_RULE, Solver, parse_lines, puzzle_matrix};

/// The bench targets, for the usage line.
const TARGETS: &[&str] = &["search", "sudoku"];

/// Runs the bench target named by the first argument.
pub fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("search") => crate::bench_search::run(&args[1..]),
        Some("sudoku") => sudoku(&args[1..]),
        Some(other) => Err(format!(
            "unknown bench target `{other}` (targets: {})",
            TARGETS.join(", ")
        )),
        None => Err(format!(
            "bench needs a target (targets: {})",
            TARGETS.join(", ")
        )),
    }
}

fn data_dir() -> PathBuf {
    crate::workspace_root().join("../shared/data")
}

/// The best (least disturbed) of `rounds` timings of `f`.
fn best_of(rounds: usize, mut f: impl FnMut()) -> Duration {
    (0..rounds.max(1))
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .expect("at least one round")
}

fn micros_per(d: Duration, n: usize) -> f64 {
    d.as_secs_f64() * 1e6 / n as f64
}

/// `cargo xtask bench sudoku [--rounds N]`.
fn sudoku(args: &[String]) -> Result<(), String> {
    let rounds = crate::option_number(args, "--rounds", 5)?;
    let t = Instant::now();
    let empty = Grid::empty(3).map_err(|e| e.to_string())?;
    let mut solver = Solver::new();
    solver.solve(&empty);
    println!(
        "sudoku: building the 9x9 matrix (324 columns, 729 rows) and solving the empty grid: {:.0} µs",
        micros_per(t.elapsed(), 1)
    );
    for set in ["magictour_top95.txt", "magictour_top1465.txt"] {
        let path = data_dir().join("sudoku/9x9").join(set);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("{}: {e} (the shared data folder is needed)", path.display()))?;
        let puzzles: Vec<Grid> = parse_lines(&text, None)
            .into_iter()
            .map(|e| e.puzzle.map_err(|err| format!("{set}: {err}")))
            .collect::<Result<_, _>>()?;
        let n = puzzles.len();
        // Check before timing: every puzzle solved, and uniquely.
        for p in &puzzles {
            let s = solver
                .solve(p)
                .ok_or_else(|| format!("{set}: no solution for {}", p.to_line()))?;
            if !s.solves(p) || !solver.is_unique(p) {
                return Err(format!(
                    "{set}: wrong or non-unique solution for {}",
                    p.to_line()
                ));
            }
        }
        let solve = best_of(rounds, || {
            for p in &puzzles {
                std::hint::black_box(solver.solve(std::hint::black_box(p)));
            }
        });
        let unique = best_of(rounds, || {
            for p in &puzzles {
                std::hint::black_box(solver.is_unique(std::hint::black_box(p)));
            }
        });
        let rebuild = best_of(rounds.div_ceil(2), || {
            for p in &puzzles {
                let (m, _) = puzzle_matrix(std::hint::black_box(p));
                // The same column rule as the solver, so only the set-up differs.
                let _ = std::hint::black_box(Dlx::new(&m).search().heuristic(SEARCH_RULE).first());
            }
        });
        let name = set.trim_end_matches(".txt");
        println!(
            "{name} ({n} puzzles, best of {rounds}): solve {:.1} µs/puzzle, \
             uniqueness (count to 2) {:.1} µs/puzzle; \
             rebuild per puzzle {:.1} µs/puzzle",
            micros_per(solve, n),
            micros_per(unique, n),
            micros_per(rebuild, n),
        );
        println!(
            "{name}: reuse+fix is {:.1} times faster than rebuild",
            rebuild.as_secs_f64() / solve.as_secs_f64()
        );
    }
    Ok(())
}
