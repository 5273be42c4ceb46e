//! Criterion benchmarks of the engine: counting every solution of sizeable matrices.
//!
//! `cargo bench -p dancing-links-tests --bench search`. The figures per iteration are fixed
//! (e.g. 3,594,752 updates for 12 queens), so time per iteration converts to updates/s.

use criterion::{Criterion, criterion_group, criterion_main};
use dlx_core::{Dlx, Heuristic};
use dlx_queens::Queens;

fn count_queens(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    for n in [10, 12] {
        let matrix = Queens::new(n).expect("in range").matrix();
        let mut dlx = Dlx::new(&matrix);
        let updates = dlx.solve().heuristic(Heuristic::Mrv).count().updates;
        group.throughput(criterion::Throughput::Elements(updates));
        group.bench_function(format!("queens-{n} (elements = updates)"), |b| {
            b.iter(|| dlx.solve().heuristic(Heuristic::Mrv).count().solutions)
        });
    }
    group.finish();
}

fn build_arena(c: &mut Criterion) {
    let matrix = Queens::new(12).expect("in range").matrix();
    c.bench_function("arena/queens-12", |b| b.iter(|| Dlx::new(&matrix)));
}

criterion_group!(benches, count_queens, build_arena);
criterion_main!(benches);
