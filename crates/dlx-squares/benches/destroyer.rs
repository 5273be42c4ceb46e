//! The square destroyer on full grids with the classic bound h and the strong bound: the time ratio
//! of the two bounds (their node counts are printed by `dlx squares N --bound B`).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use dlx_core::Bound;
use dlx_squares::{Grid, destroy};

fn full_grids(c: &mut Criterion) {
    let mut group = c.benchmark_group("squares");
    group.sample_size(10);
    for n in [3, 4, 5, 6] {
        let grid = Grid::full(n).expect("n is in range");
        for bound in [Bound::Seed, Bound::Strong] {
            group.bench_with_input(
                BenchmarkId::new(format!("{bound:?}"), n),
                &grid,
                |b, grid| b.iter(|| destroy(grid, bound).minimum),
            );
        }
    }
    group.finish();
}

criterion_group!(benches, full_grids);
criterion_main!(benches);
