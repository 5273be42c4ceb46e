//! Counts the solutions of a matrix in Knuth's format on one thread and prints the figures,
//! for comparing the engine with other programs on the same input:
//! `cargo run --release -p dlx-core --example count -- FILE [mrv|leftmost]`.

use std::time::Instant;

use dlx_core::{Dlx, Heuristic, format};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: count FILE [mrv|leftmost]")?;
    let heuristic: Heuristic = args.next().as_deref().unwrap_or("mrv").parse()?;
    let matrix = format::parse(&std::fs::read_to_string(&path)?)?;
    let mut dlx = Dlx::new(&matrix);
    let start = Instant::now();
    let stats = dlx.count(heuristic);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{} solutions, {} updates, {} nodes",
        stats.solutions, stats.updates, stats.nodes
    );
    eprintln!(
        "{seconds:.3} s, {:.1} M updates/s",
        stats.updates as f64 / seconds / 1e6
    );
    Ok(())
}
