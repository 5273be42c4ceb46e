//! The estimate's stated 95% intervals against the exactly counted truth, over 20 seeds, on
//! the problems the paper's tables and the README estimate: an interval `dlx estimate`
//! states (one [`Summary::is_bounded`]) must hold the truth in at least 18 of 20 seeds, for
//! every figure, problem and kind of estimate; a figure it says it cannot bound is not a
//! miss. The truth is counted here, by the search.

use std::sync::Mutex;

use dlx_core::{Dlx, Estimate, Heuristic, Stats, Summary};

/// Probes per estimate: `dlx estimate`'s default.
const SAMPLES: u64 = 10_000;
const SEEDS: u64 = 20;
/// Stated intervals that may miss the truth among the 20 seeds: a 95% interval misses it
/// once on average, and 3 or more times with probability 7.5%.
const MISSES_ALLOWED: usize = 2;
/// Shards of the sharded estimates (as `dlx estimate --shard K/4`).
const SHARDS: usize = 4;

/// The kinds of estimate `dlx estimate` makes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// The default, stratified by the subtrees at a cut.
    Stratified,
    /// `--knuth`.
    Plain,
    /// `--shard K/SHARDS`.
    Shard(usize),
}

/// For each figure (nodes, updates, solutions): intervals stated and stated intervals
/// missing the truth.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    stated: [usize; 3],
    missed: [usize; 3],
}

fn figures(e: &Estimate) -> [&Summary; 3] {
    [&e.nodes, &e.updates, &e.solutions]
}

fn truths(s: &Stats) -> [f64; 3] {
    [s.nodes as f64, s.updates as f64, s.solutions as f64]
}

fn estimate(dlx: &mut Dlx, h: Heuristic, kind: Kind, seed: u64) -> Estimate {
    let solve = dlx.solve().heuristic(h);
    match kind {
        Kind::Stratified => solve.estimate(SAMPLES, seed),
        Kind::Plain => solve.estimate_plain(SAMPLES, seed),
        Kind::Shard(k) => solve
            .shard(k, SHARDS)
            .expect("a shard of the plan")
            .estimate(SAMPLES, seed),
    }
}

/// The tallies of every kind of estimate of one problem over the seeds, the seeds spread
/// over the cores.
fn tally(name: &str, h: Heuristic) -> Vec<(Kind, Tally)> {
    let matrix = dlx_paper::problem(name).expect("a named problem").matrix;
    let mut dlx = Dlx::new(&matrix);
    let whole = dlx.solve().heuristic(h).threads(0).count();
    let mut kinds = vec![(Kind::Stratified, whole.clone()), (Kind::Plain, whole)];
    for k in 1..=SHARDS {
        let part = dlx
            .solve()
            .heuristic(h)
            .shard(k, SHARDS)
            .unwrap()
            .threads(0);
        kinds.push((Kind::Shard(k), part.count()));
    }
    let tallies = Mutex::new(vec![Tally::default(); kinds.len()]);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (kinds, tallies, matrix) = (&kinds, &tallies, &matrix);
            scope.spawn(move || {
                let mut dlx = Dlx::new(matrix);
                for seed in (1..=SEEDS).filter(|s| s % threads == t) {
                    for (i, (kind, truth)) in kinds.iter().enumerate() {
                        let est = estimate(&mut dlx, h, *kind, seed);
                        let mut tallies = tallies.lock().unwrap();
                        for (f, (s, t)) in figures(&est).into_iter().zip(truths(truth)).enumerate()
                        {
                            if s.is_bounded() {
                                let (lo, hi) = s.ci95();
                                tallies[i].stated[f] += 1;
                                tallies[i].missed[f] += usize::from(!(lo <= t && t <= hi));
                            }
                        }
                    }
                }
            });
        }
    });
    kinds
        .iter()
        .map(|(kind, _)| *kind)
        .zip(tallies.into_inner().unwrap())
        .collect()
}

#[test]
#[ignore = "counts 6x10, Scott (two rules) and queens 12, then 20 seeds x 6 estimates of each: \
            110 s in release on 2 cores; cargo xtask slow"]
fn stated_intervals_hold_the_truth_in_18_of_20_seeds() {
    let problems = [
        ("pentomino-6x10", Heuristic::Mrv),
        ("scott", Heuristic::Mrv),
        ("scott", Heuristic::Leftmost),
        ("queens-12", Heuristic::Mrv),
    ];
    let mut failures = Vec::new();
    println!("stated intervals missing the truth / stated, of {SEEDS} seeds:");
    println!(
        "{:<26} {:<12} {:>9} {:>9} {:>9}",
        "problem", "estimate", "nodes", "updates", "solutions"
    );
    for (name, h) in problems {
        let problem = format!("{name} ({h})");
        for (kind, t) in tally(name, h) {
            let cells: Vec<String> = (0..3)
                .map(|f| format!("{}/{}", t.missed[f], t.stated[f]))
                .collect();
            println!(
                "{problem:<26} {:<12} {:>9} {:>9} {:>9}",
                format!("{kind:?}"),
                cells[0],
                cells[1],
                cells[2]
            );
            for (f, what) in ["nodes", "updates", "solutions"].iter().enumerate() {
                if t.missed[f] > MISSES_ALLOWED {
                    failures.push(format!("{problem}, {kind:?}, {what}: {}", cells[f]));
                }
                // The queens' probes have light tails: their intervals are stated, not
                // withheld wholesale to pass.
                let whole = matches!(kind, Kind::Stratified | Kind::Plain);
                if name == "queens-12" && whole && t.stated[f] < 18 {
                    failures.push(format!(
                        "{problem}, {kind:?}, {what}: stated {}",
                        t.stated[f]
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
