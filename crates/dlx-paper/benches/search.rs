//! Algorithm DLX on paper problems short enough for criterion, with the dead-end test
//! (`Solve::dead_end_test`) on and off in the same run: the ratio of the two is the test's
//! gain on that problem. The figures of both are checked equal before timing.
//!
//! `cargo xtask bench search` times the longer benchmark problems (6x10, 14 queens, Scott's)
//! against dance.w and other revisions.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dlx_core::Dlx;

/// Short problems of several shapes: pentominoes, Scott's board with X fixed, queens (where
/// the test is given up), hexiamonds.
const PROBLEMS: &[&str] = &[
    "pentomino-3x20",
    "scott-x23",
    "queens-11",
    "hexiamonds-rhombus",
];

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(20);
    for name in PROBLEMS {
        let problem = dlx_paper::problem(name).expect("a named problem");
        let h = problem.heuristic;
        let mut dlx = Dlx::new(&problem.matrix);
        let tested = dlx.solve().heuristic(h).count();
        let plain = dlx.solve().heuristic(h).dead_end_test(false).count();
        assert_eq!(tested, plain, "{name}: the test changed the figures");
        group.throughput(Throughput::Elements(tested.updates));
        for on in [true, false] {
            let label = if on { "dead-end test" } else { "plain" };
            group.bench_with_input(BenchmarkId::new(label, name), &on, |b, &on| {
                b.iter(|| black_box(dlx.solve().heuristic(h).dead_end_test(on).count().updates))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
