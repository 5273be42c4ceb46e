//! Colours and multiplicities ([`Xcc`]) on small problems of both kinds, and the general
//! engine against Algorithm DLX on exact cover (where both give dance.w's figures): the ratio
//! is what a plain problem would pay for going through `Xcc`.
//!
//! `cargo xtask bench search --xcc FILE --dlx2 PATH` times a long one (MacMahon's hexagon)
//! against Knuth's DLX2.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dlx_core::{Dlx, Matrix, MatrixBuilder, Xcc};

#[path = "../tests/common/mod.rs"]
mod common;

/// Proper colourings of the Petersen graph with `q` colours (XCC): edges primary, each
/// chosen once with two different colours at its ends, vertices secondary.
fn petersen(q: u32) -> Matrix {
    let outer = (0..5).map(|i| (i, (i + 1) % 5));
    let spokes = (0..5).map(|i| (i, i + 5));
    let inner = (0..5).map(|i| (i + 5, (i + 2) % 5 + 5));
    let edges: Vec<(u32, u32)> = outer.chain(spokes).chain(inner).collect();
    let mut b = MatrixBuilder::new();
    for k in 0..edges.len() {
        b.primary(format!("e{k}")).unwrap();
    }
    for v in 0..10 {
        b.secondary(format!("v{v}")).unwrap();
    }
    for (k, &(u, w)) in edges.iter().enumerate() {
        for a in 0..q {
            for c in (0..q).filter(|&c| c != a) {
                let (a, c) = (a.to_string(), c.to_string());
                b.option_coloured([
                    (format!("e{k}"), None),
                    (format!("v{u}"), Some(a.as_str())),
                    (format!("v{w}"), Some(c.as_str())),
                ])
                .unwrap();
            }
        }
    }
    b.build().unwrap()
}

/// n x n 0/1 matrices with every row and column sum k (MCC; OEIS A001499 for k = 2).
fn sums(n: usize, k: u32) -> Matrix {
    let mut b = MatrixBuilder::new();
    for i in 0..n {
        b.primary_with(format!("r{i}"), k, k).unwrap();
    }
    for j in 0..n {
        b.primary_with(format!("c{j}"), k, k).unwrap();
    }
    for i in 0..n {
        for j in 0..n {
            b.option([format!("r{i}"), format!("c{j}")]).unwrap();
        }
    }
    b.build().unwrap()
}

fn xcc(c: &mut Criterion) {
    let mut group = c.benchmark_group("xcc");
    group.sample_size(10);
    for (name, m) in [
        ("petersen-5-colourings", petersen(5)),
        ("sums-6x6-k2", sums(6, 2)),
    ] {
        let mut x = Xcc::new(&m);
        let stats = x.solve().count();
        group.throughput(Throughput::Elements(stats.updates));
        group.bench_function(BenchmarkId::new("xcc", name), |b| {
            b.iter(|| black_box(x.solve().count().updates))
        });
    }
    let m = common::queens(10);
    let (mut x, mut d) = (Xcc::new(&m), Dlx::new(&m));
    let stats = d.solve().count();
    assert_eq!(x.solve().count(), stats, "the engines agree on exact cover");
    group.throughput(Throughput::Elements(stats.updates));
    group.bench_function(BenchmarkId::new("xcc", "queens-10"), |b| {
        b.iter(|| black_box(x.solve().count().updates))
    });
    group.bench_function(BenchmarkId::new("dlx", "queens-10"), |b| {
        b.iter(|| black_box(d.solve().count().updates))
    });
    group.finish();
}

criterion_group!(benches, xcc);
criterion_main!(benches);
