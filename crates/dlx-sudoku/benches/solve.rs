//! Time per puzzle on the magictour top95 and top1465 sets: the reused matrix with fixed
//! givens (`Solver`), against rebuilding the seeds' matrix for every puzzle. Then the 25x25
//! puzzles that the search with propagation makes solvable (about a second each).
//!
//! Criterion reports the time to solve the whole set; the throughput line gives puzzles per
//! second. `cargo xtask bench sudoku` prints µs per puzzle directly.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dlx_core::Dlx;
use dlx_sudoku::{Grid, Solver, parse_lines, puzzle_matrix};

fn data_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data"))
}

fn load(name: &str) -> Option<Vec<Grid>> {
    let path = data_dir().join("sudoku/9x9").join(name);
    let text = std::fs::read_to_string(&path).ok()?;
    Some(
        parse_lines(&text, None)
            .into_iter()
            .map(|e| e.puzzle.expect("the data sets parse"))
            .collect(),
    )
}

/// The generic-library way: build the puzzle's matrix, lay out its links, search.
fn solve_by_rebuilding(grid: &Grid) -> bool {
    let (m, _) = puzzle_matrix(grid);
    Dlx::new(&m).first().is_some()
}

fn bench(c: &mut Criterion) {
    for set in ["magictour_top95.txt", "magictour_top1465.txt"] {
        let Some(puzzles) = load(set) else {
            eprintln!(
                "skipping {set}: data folder {} not found",
                data_dir().display()
            );
            continue;
        };
        let mut group = c.benchmark_group(set.trim_end_matches(".txt"));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        let mut solver = Solver::new();
        group.bench_function("reuse+fix", |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(solver.solve(black_box(p)));
                }
            })
        });
        group.bench_function("rebuild", |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(solve_by_rebuilding(black_box(p)));
                }
            })
        });
        group.finish();
    }
}

/// The 25x25 michael404 puzzles that take at most a second or two (first solution).
fn bench_25x25(c: &mut Criterion) {
    let path = data_dir().join("sudoku/25x25/sudoku25_michael404.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping 25x25: {} not found", path.display());
        return;
    };
    let mut group = c.benchmark_group("michael404_25x25");
    group.sample_size(10);
    let mut solver = Solver::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split(':');
        let (Some(name), Some(puzzle)) = (fields.next(), fields.next()) else {
            continue;
        };
        if !["puzzel1", "minimal2", "minimal3"].contains(&name) {
            continue;
        }
        let grid: Grid = puzzle.parse().expect("the data set parses");
        group.bench_function(name, |b| {
            b.iter(|| black_box(solver.solve(black_box(&grid))))
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_25x25);
criterion_main!(benches);
