//! Knuth's Monte Carlo estimate of the size of a backtrack tree ("Estimating the efficiency
//! of backtrack programs", 1975, the paper's reference \[24\]).
//!
//! A *probe* walks from the root to a leaf, choosing at every node the column the search
//! would choose (same heuristic, same tie-break), then one of its d rows uniformly at random.
//! A node reached through columns of sizes d_0, ..., d_{k-1} stands for d_0 ⋯ d_{k-1} nodes of
//! its depth, so the weighted sum of the nodes and updates met on the way is an unbiased
//! estimate of the tree's nodes and updates, counted exactly as [`crate::Stats`] counts them.
//! The mean of many probes converges to the truth, but slowly when the tree is lopsided: the
//! distribution is heavy-tailed (rare probes into the deep, bushy parts carry huge weights),
//! so the sample standard deviation is often several times the mean and the confidence
//! interval from it is only a guide.
//!
//! ```
//! use dlx_core::{format, Dlx};
//! // Every probe of a tree whose branching degree depends only on the depth is exact.
//! let m = format::parse("a b\na\nb\n")?;
//! let est = Dlx::new(&m).solve().estimate_plain(10, 1);
//! assert_eq!(est.nodes.mean, 3.0);
//! assert_eq!(est.nodes.std_dev, 0.0);
//! # Ok::<(), dlx_core::FormatError>(())
//! ```

use crate::links::{Link, Links};
use crate::rule::Rule;

/// SplitMix64 (Steele, Lea and Flood 2014): a tiny, well-mixed generator, so that an estimate
/// is reproducible from its seed without a dependency.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The first number of the stream seeded with `seed`: a bijective hash of 64 bits.
    pub fn mix(seed: u64) -> u64 {
        SplitMix64::new(seed).next_u64()
    }

    /// A number in `0..n` (n > 0), by Lemire's multiply-shift (bias below 2^-32 for the
    /// column sizes met here).
    pub fn below(&mut self, n: u32) -> u32 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u32
    }
}

/// Mean and spread of one estimated quantity over the probes.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Summary {
    /// The sample mean: the estimate.
    pub mean: f64,
    /// The sample standard deviation of a single probe.
    pub std_dev: f64,
    /// The standard error of the mean, std_dev / √samples.
    pub std_error: f64,
    /// The largest share of the mean that one probe carries (0 to 1; 0 when the mean is 0).
    /// Near 1, one lucky probe is the estimate, and its interval means little.
    pub heaviest: f64,
    /// Hill's estimate of the tail index of the probes' contributions, from the largest
    /// ones ([`tail_index`]); `None` where fewer than 20 probes carry anything. Below 2
    /// ([`TAIL_TRUSTED`]) the probes' variance is, as far as the sample shows, infinite,
    /// and the normal interval says nothing.
    pub tail_index: Option<f64>,
}

impl Summary {
    /// The normal-approximation 95% confidence interval, mean ± 1.96 standard errors
    /// (the lower end clamped at 0). Meaningful only where [`Summary::is_bounded`]: with
    /// heavy tails it is optimistic.
    pub fn ci95(&self) -> (f64, f64) {
        let h = 1.96 * self.std_error;
        ((self.mean - h).max(0.0), self.mean + h)
    }

    /// Whether the sample bounds this figure at all: some probe reached it (a mean of 0 says
    /// only that none did), no single probe carries more than a third of it (the threshold
    /// past which, on the paper's problems, the interval missed the truth), and the probes'
    /// tail is measured and light enough for the probes to have a variance
    /// ([`TAIL_TRUSTED`]), unless the sample has no spread at all (a tree counted whole,
    /// or whose probes are all alike).
    pub fn is_bounded(&self) -> bool {
        self.mean > 0.0
            && self.heaviest <= HEAVIEST_TRUSTED
            && match self.tail_index {
                Some(a) => a >= TAIL_TRUSTED,
                None => self.std_error == 0.0,
            }
    }

    /// Whether the probes' tail is too heavy to bound the figure ([`TAIL_TRUSTED`]).
    pub fn tail_too_heavy(&self) -> bool {
        self.tail_index.is_some_and(|a| a < TAIL_TRUSTED)
    }
}

/// The largest share of an estimate one probe may carry for [`Summary::is_bounded`].
pub const HEAVIEST_TRUSTED: f64 = 1.0 / 3.0;

/// The least tail index ([`tail_index`]) for [`Summary::is_bounded`]. Below 2 the probes'
/// variance is, as far as the sample shows, infinite: the mean converges more slowly than
/// its standard error says, and a sample that has not yet met the rare large probes has both
/// a low mean and a small standard error, so its interval sits below the truth (below 1 the
/// mean does not settle at all). Measured with 10,000 probes, seeds 1-20, stratified, plain
/// and by shard: the 6x10 pentominoes and Scott's problem (either rule) 0.6-1.7, where the
/// intervals stated with the threshold at 1 missed the truth up to 6 times in 20 (a shard's
/// up to 18 times in 80); queens 12 2.4-5.3 (one shard's solutions once 2.0), whose
/// intervals missed it at most twice in 20 (`tests/tests/estimates.rs`); the Aztec
/// diamond's subcases 0.49-0.77.
pub const TAIL_TRUSTED: f64 = 2.0;

/// Welford's running mean and variance.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Running {
    pub(crate) n: u64,
    mean: f64,
    m2: f64,
    pub(crate) max: f64,
}

impl Running {
    pub(crate) fn push(&mut self, x: f64) {
        self.n += 1;
        let delta = x - self.mean;
        self.mean += delta / self.n as f64;
        self.m2 += delta * (x - self.mean);
        self.max = self.max.max(x);
    }

    pub(crate) fn summary(&self) -> Summary {
        let var = if self.n > 1 {
            self.m2 / (self.n - 1) as f64
        } else {
            0.0
        };
        let std_dev = var.sqrt();
        Summary {
            mean: self.mean,
            std_dev,
            std_error: if self.n > 0 {
                std_dev / (self.n as f64).sqrt()
            } else {
                0.0
            },
            heaviest: if self.mean > 0.0 {
                self.max / (self.n as f64 * self.mean)
            } else {
                0.0
            },
            tail_index: None,
        }
    }
}

/// Hill's estimator of the tail index α of a sample (P(X > x) ~ x^-α): from its k largest
/// values, k / Σ ln(x_i / x_(k+1)), with k the square root of the number of positive values
/// (at least 10). `None` with fewer than 20 positive values. A sample whose tail index is
/// below 2 has no finite variance to estimate, so a mean ± 1.96 standard errors interval
/// from it is not a 95% interval, however many probes there are.
pub fn tail_index(values: &[f64]) -> Option<f64> {
    let mut tail = Tail::new(values.len() as u64);
    for &x in values {
        tail.push(x);
    }
    tail.index()
}

/// The k of Hill's estimator for a sample of `positive` positive values.
fn hill_k(positive: u64) -> usize {
    ((positive as f64).sqrt() as usize).max(10)
}

/// The largest values of a sample of at most `samples` values, as many as [`tail_index`]
/// reads, and how many are positive: the tail of a hundred million probes in kilobytes.
#[derive(Debug, Clone)]
pub(crate) struct Tail {
    /// Values kept: Hill's k for `samples` values, plus the (k+1)-th.
    keep: usize,
    /// At least the `keep` largest positive values so far (up to twice as many).
    top: Vec<f64>,
    positive: u64,
}

impl Tail {
    /// A tail for a sample of at most `samples` values.
    pub(crate) fn new(samples: u64) -> Self {
        // Past 2^40 probes (a million kept, 16 MB) the tail stops growing with the sample;
        // the room is taken as values come, so an absurd `samples` reserves nothing.
        let keep = hill_k(samples.min(1 << 40)) + 1;
        Tail {
            keep,
            top: Vec::new(),
            positive: 0,
        }
    }

    pub(crate) fn push(&mut self, x: f64) {
        if x > 0.0 {
            self.positive += 1;
            self.top.push(x);
            if self.top.len() == 2 * self.keep {
                // Drop the smaller half: never among the largest `keep` again.
                self.top
                    .select_nth_unstable_by(self.keep - 1, |a, b| b.total_cmp(a));
                self.top.truncate(self.keep);
            }
        }
    }

    /// Hill's estimate ([`tail_index`]).
    pub(crate) fn index(&self) -> Option<f64> {
        if self.positive < 20 {
            return None;
        }
        let mut v = self.top.clone();
        v.sort_unstable_by(|a, b| b.total_cmp(a));
        // More values than planned for would want a larger k than was kept.
        let k = hill_k(self.positive)
            .min(self.positive as usize - 1)
            .min(v.len() - 1);
        let base = v[k].ln();
        let sum: f64 = v[..k].iter().map(|x| x.ln() - base).sum();
        Some(if sum > 0.0 {
            k as f64 / sum
        } else {
            f64::INFINITY
        })
    }
}

/// The result of an estimate ([`crate::Solve::estimate`], [`crate::Solve::estimate_plain`]).
#[must_use]
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Probes made.
    pub samples: u64,
    /// Nodes of the tree (root and solution leaves included, as [`crate::Stats::nodes`]).
    pub nodes: Summary,
    /// Updates (as [`crate::Stats::updates`]).
    pub updates: Summary,
    /// Solutions.
    pub solutions: Summary,
    /// Mean estimated nodes at each depth k+1 (aligned with [`crate::Stats::levels`]).
    pub level_nodes: Vec<f64>,
    /// The strata the probes were spread over: 1 for Knuth's plain estimate, the subtrees
    /// at the cut for [`crate::Solve::estimate`] (0 when the cut has none: see
    /// [`Estimate::is_exact`]).
    pub strata: usize,
}

impl Estimate {
    /// Whether the figures are counted, not estimated: a stratified estimate whose part of
    /// the tree lies wholly above its cut (a small tree, or a shard given no subtree), so
    /// that no probe was made and every figure, 0 included, is exact.
    pub fn is_exact(&self) -> bool {
        self.strata == 0
    }
}

/// What one probe found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Probe {
    /// Estimated nodes.
    pub nodes: f64,
    /// Estimated updates.
    pub updates: f64,
    /// Estimated solutions (the weight of the leaf if it is a solution, else 0).
    pub solutions: f64,
}

impl Probe {
    /// Nodes, updates and solutions, in that order.
    pub fn values(&self) -> [f64; 3] {
        [self.nodes, self.updates, self.solutions]
    }
}

/// One random root-to-leaf probe of the links as they stand (the caller marks them moving);
/// `level_nodes[k]` receives the weight of the node met at depth k+1. The links are put
/// back afterwards. `path` is room for the probe's choices, kept by the caller from one
/// probe to the next: a plan makes a million probes, and a vector grown afresh in each was
/// most of the allocator's work (on several threads, a queue at its lock).
pub(crate) fn probe(
    links: &mut Links,
    rule: &mut Rule<'_>,
    rng: &mut SplitMix64,
    level_nodes: &mut Vec<f64>,
    path: &mut Vec<(Link, Link)>,
) -> Probe {
    path.clear();
    let (mut weight, mut nodes, mut updates, mut solutions) = (1.0f64, 1.0f64, 0.0f64, 0.0f64);
    if links.all_covered() {
        return Probe {
            nodes,
            updates,
            solutions: 1.0,
        };
    }
    loop {
        let col = rule.choose(links);
        let d = links.len(col);
        updates += weight * links.cover(col) as f64;
        if d == 0 {
            links.uncover(col);
            break;
        }
        let mut row = links.down(col);
        for _ in 0..rng.below(d) {
            row = links.down(row);
        }
        weight *= f64::from(d);
        nodes += weight;
        if level_nodes.len() <= path.len() {
            level_nodes.push(0.0);
        }
        level_nodes[path.len()] += weight;
        updates += weight * links.cover_others(row) as f64;
        path.push((col, row));
        if links.all_covered() {
            solutions = weight;
            break;
        }
    }
    for &(col, row) in path.iter().rev() {
        links.uncover_others(row);
        links.uncover(col);
    }
    Probe {
        nodes,
        updates,
        solutions,
    }
}

/// Runs `samples` probes from a generator seeded with `seed` and sums them up; `probe` says
/// `None` when the search is interrupted, and the probes made so far are then the sample.
pub(crate) fn sample(
    samples: u64,
    seed: u64,
    mut probe: impl FnMut(&mut SplitMix64, &mut Vec<f64>) -> Option<Probe>,
    mut each: impl FnMut(u64, &Probe),
) -> Estimate {
    let mut rng = SplitMix64::new(seed);
    let mut runs = [Running::default(); 3];
    let mut tails = [(); 3].map(|_| Tail::new(samples));
    let mut level_nodes = Vec::new();
    let mut done = 0;
    for k in 0..samples {
        let Some(p) = probe(&mut rng, &mut level_nodes) else {
            break;
        };
        done += 1;
        for ((r, t), x) in runs.iter_mut().zip(&mut tails).zip(p.values()) {
            r.push(x);
            t.push(x);
        }
        each(k + 1, &p);
    }
    let n = done.max(1) as f64;
    let [nodes, updates, solutions] = std::array::from_fn(|f| Summary {
        tail_index: tails[f].index(),
        ..runs[f].summary()
    });
    Estimate {
        samples: done,
        nodes,
        updates,
        solutions,
        level_nodes: level_nodes.into_iter().map(|x| x / n).collect(),
        strata: 1,
    }
}

#[cfg(test)]
mod tail_tests {
    use super::*;

    /// A Pareto sample of index `alpha` (its quantiles, so the test is exact).
    fn pareto(alpha: f64, n: usize) -> Vec<f64> {
        (1..=n)
            .map(|i| (1.0 - i as f64 / (n + 1) as f64).powf(-1.0 / alpha))
            .collect()
    }

    #[test]
    fn an_absurd_sample_size_reserves_nothing() {
        // `--samples 18446744073709551615` once asked for 68 GB before the first probe.
        let mut tail = Tail::new(u64::MAX);
        assert!(tail.keep <= (1 << 20) + 2, "{}", tail.keep);
        assert_eq!(tail.top.capacity(), 0);
        for x in pareto(1.5, 1000) {
            tail.push(x);
        }
        // Fewer values than planned: k follows the values seen (sqrt(1000) = 31).
        let alone = tail_index(&pareto(1.5, 1000)).unwrap();
        assert_eq!(tail.index(), Some(alone));
    }

    #[test]
    fn hill_finds_the_tail_index_of_a_pareto_sample() {
        for alpha in [0.6, 1.5, 4.0] {
            let a = tail_index(&pareto(alpha, 10_000)).unwrap();
            assert!((a / alpha - 1.0).abs() < 0.1, "{alpha}: {a}");
        }
        // Too few values carry anything: not measured.
        assert_eq!(tail_index(&[0.0; 100]), None);
        // All alike: no tail at all.
        assert_eq!(tail_index(&[2.0; 100]), Some(f64::INFINITY));
        let heavy = Summary {
            mean: 1.0,
            std_dev: 1.0,
            std_error: 0.1,
            heaviest: 0.01,
            tail_index: Some(0.7),
        };
        assert!(heavy.tail_too_heavy() && !heavy.is_bounded());
        // A mean that converges, but with an infinite variance: no 95% interval either.
        let finite_mean = Summary {
            tail_index: Some(1.5),
            ..heavy
        };
        assert!(finite_mean.tail_too_heavy() && !finite_mean.is_bounded());
        let light = Summary {
            tail_index: Some(3.0),
            ..heavy
        };
        assert!(light.is_bounded());
        // Too few probes to see the tail: bounded only if there is no spread at all.
        let unseen = Summary {
            tail_index: None,
            ..heavy
        };
        assert!(!unseen.tail_too_heavy() && !unseen.is_bounded());
        let exact = Summary {
            std_dev: 0.0,
            std_error: 0.0,
            ..unseen
        };
        assert!(exact.is_bounded());
    }

    /// Hill's estimate from all the values sorted, as the streamed tail must give it.
    fn hill_sorted(values: &[f64]) -> f64 {
        let mut v: Vec<f64> = values.iter().copied().filter(|&x| x > 0.0).collect();
        v.sort_unstable_by(|a, b| b.total_cmp(a));
        let k = ((v.len() as f64).sqrt() as usize).max(10).min(v.len() - 1);
        let sum: f64 = v[..k].iter().map(|x| (x / v[k]).ln()).sum();
        k as f64 / sum
    }

    #[test]
    fn the_streamed_tail_keeps_what_hill_reads() {
        let mut rng = SplitMix64::new(5);
        let mut values = pareto(1.2, 50_000);
        // In random order, with zeros among them (probes that carry nothing).
        for i in (1..values.len()).rev() {
            values.swap(i, rng.below(i as u32 + 1) as usize);
        }
        for x in values.iter_mut().step_by(3) {
            *x = 0.0;
        }
        let a = tail_index(&values).unwrap();
        assert!((a - hill_sorted(&values)).abs() < 1e-9, "{a}");
        // Fewer values than planned for, and the same values in another order.
        let mut tail = Tail::new(1_000_000);
        for &x in values.iter().rev() {
            tail.push(x);
        }
        assert!((tail.index().unwrap() - a).abs() < 1e-9);
    }
}
