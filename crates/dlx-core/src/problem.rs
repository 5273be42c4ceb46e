//! [`Problem`]: a matrix searched by whichever engine it needs.

use std::sync::atomic::AtomicBool;

use crate::dlx::{Dlx, FixError, PathError};
use crate::engine::sealed::Searcher;
use crate::engine::{How, Owned, Path, Split, Stepper, Visitor};
use crate::estimate::{Estimate, Probe};
use crate::matrix::{Matrix, OptionId};
use crate::solution::Solution;
use crate::solve::Solve;
use crate::stats::Stats;
use crate::xcc::Xcc;

/// A matrix ready to be searched by the engine it needs: Algorithm DLX ([`Dlx`], dance.w's
/// figures) for exact cover, Algorithms C and M ([`Xcc`], DLX2's and DLX3's figures) for a
/// matrix with colours or multiplicities. The same [`Solve`] drives either, with the same
/// [`Stats`] (cleansings are counted only with colours or bounds).
///
/// ```
/// use dlx_core::{format, Problem};
///
/// // Exact cover: the paper's matrix (3).
/// let exact = format::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
/// let stats = Problem::new(&exact).solve().count();
/// assert_eq!((stats.solutions, stats.updates, stats.nodes), (1, 30, 6));
///
/// // Colours: TAOCP's toy problem (49).
/// let colours = format::parse("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n")?;
/// let mut problem = Problem::new(&colours);
/// assert!(problem.counts_cleansings());
/// let stats = problem.solve().count();
/// assert_eq!((stats.solutions, stats.updates, stats.cleansings), (1, 20, 3));
/// # Ok::<(), dlx_core::FormatError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// Exact cover, with primary and secondary items.
    Exact(Dlx),
    /// Colours or multiplicities.
    General(Xcc),
}

impl Problem {
    /// The engine the matrix needs: [`Dlx`] when it is plain exact cover, [`Xcc`] when it has
    /// colours, bounds, option costs (for [`Solve::min_cost`]), or options without a primary
    /// item (which Knuth's programs drop, as `Xcc` does; `Dlx` would keep them in the
    /// secondary columns, at a cost in updates that Knuth's figures do not have).
    pub fn new(matrix: &Matrix) -> Problem {
        if matrix.is_plain() && matrix.options_without_primary() == 0 && !matrix.has_costs() {
            Problem::Exact(Dlx::new(matrix))
        } else {
            Problem::General(Xcc::new(matrix))
        }
    }

    /// A search of this problem, to be configured and run: see [`Solve`].
    pub fn solve(&mut self) -> Solve<'_, Problem> {
        Solve::new(self)
    }

    /// Whether the searches count Knuth's cleansings (the matrix has colours or bounds).
    pub fn counts_cleansings(&self) -> bool {
        matches!(self, Problem::General(_))
    }

    /// The fingerprint of the problem ([`Dlx::fingerprint`], [`Xcc::fingerprint`]).
    pub fn fingerprint(&self) -> u64 {
        match self {
            Problem::Exact(d) => d.fingerprint(),
            Problem::General(x) => x.fingerprint(),
        }
    }
}

/// Calls `$body` with `$e` bound to the engine inside.
macro_rules! either {
    ($self:expr, $e:ident => $body:expr) => {
        match $self {
            Problem::Exact($e) => $body,
            Problem::General($e) => $body,
        }
    };
}

impl crate::engine::Engine for Problem {}

impl Searcher for Problem {
    fn costed(&self) -> Option<&Matrix> {
        either!(self, e => e.costed())
    }

    fn zdd_input(&self) -> crate::zdd::Input {
        either!(self, e => e.zdd_input())
    }

    fn fingerprint_with(&self, fixed: &[OptionId]) -> u64 {
        either!(self, e => e.fingerprint_with(fixed))
    }

    fn prepare(&mut self, how: &How<'_>) {
        either!(self, e => e.prepare(how))
    }

    fn check_fixed(&mut self, fixed: &[OptionId]) -> Result<(), FixError> {
        either!(self, e => e.check_fixed(fixed))
    }

    fn whole(&mut self, how: &How<'_>, visit: Option<&mut Visitor<'_>>) -> Stats {
        either!(self, e => e.whole(how, visit))
    }

    fn split_at_most(&mut self, how: &How<'_>, depth: usize, most: usize) -> Option<Split> {
        either!(self, e => e.split_at_most(how, depth, most))
    }

    fn below(
        &mut self,
        path: &Path,
        how: &How<'_>,
        visit: Option<&mut dyn FnMut(&Solution)>,
    ) -> Result<Stats, PathError> {
        either!(self, e => e.below(path, how, visit))
    }

    fn plan_size(&mut self, how: &How<'_>, path: &Path, index: usize) -> Option<u64> {
        either!(self, e => e.plan_size(how, path, index))
    }

    fn estimate_below(
        &mut self,
        path: Option<&Path>,
        how: &How<'_>,
        samples: u64,
        seed: u64,
        each: &mut dyn FnMut(u64, &Probe),
    ) -> Estimate {
        either!(self, e => e.estimate_below(path, how, samples, seed, each))
    }

    fn check_path(&mut self, how: &How<'_>, path: &Path) -> Result<(), PathError> {
        either!(self, e => e.check_path(how, path))
    }

    fn check_steps(&mut self, fixed: &[OptionId], path: &Path) -> Result<(), PathError> {
        either!(self, e => e.check_steps(fixed, path))
    }

    fn stepper<'s>(
        &'s mut self,
        how: &How<'_>,
        interrupt: &'s AtomicBool,
        path: Option<&Path>,
        owned: Owned<'s>,
    ) -> Result<Stepper<'s>, PathError> {
        either!(self, e => e.stepper(how, interrupt, path, owned))
    }
}
