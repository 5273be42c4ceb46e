//! Counts the solutions of a matrix in Knuth's format (with colours and multiplicities too)
//! on one thread and prints the figures, for comparing the engine with other programs on the
//! same input:
//! `cargo run --release -p dlx-core --example count -- FILE [mrv|leftmost]`.

use std::time::Instant;

use dlx_core::{Heuristic, Problem, format};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: count FILE [mrv|leftmost]")?;
    let heuristic: Heuristic = args.next().as_deref().unwrap_or("mrv").parse()?;
    let matrix = format::parse(&std::fs::read_to_string(&path)?)?;
    let mut problem = Problem::new(&matrix);
    let start = Instant::now();
    let stats = problem.solve().heuristic(heuristic).count();
    let seconds = start.elapsed().as_secs_f64();
    if problem.counts_cleansings() {
        println!(
            "{} solutions, {} updates, {} cleansings, {} nodes",
            stats.solutions, stats.updates, stats.cleansings, stats.nodes
        );
    } else {
        println!(
            "{} solutions, {} updates, {} nodes",
            stats.solutions, stats.updates, stats.nodes
        );
    }
    eprintln!(
        "{seconds:.3} s, {:.1} M updates/s",
        stats.updates as f64 / seconds / 1e6
    );
    Ok(())
}
