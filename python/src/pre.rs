//! `Problem.pre()`: the problem made smaller as Knuth's DLX-PRE makes it (`dlx pre`), with
//! the way back to the original options.

use std::sync::atomic::AtomicBool;

use pyo3::prelude::*;

use crate::DlxError;
use crate::errors::raise;
use crate::problem::Problem;
use crate::watch::watched;

/// A problem after preprocessing (`Problem.pre()`): the smaller problem, each of its options'
/// original option, and DLX-PRE's counts, as `dlx pre` prints them.
#[pyclass(frozen, module = "dancing_links._native")]
pub struct Pre {
    reduced: dlx_core::pre::Pre,
    problem: Py<Problem>,
}

impl Pre {
    /// Preprocesses a matrix without the GIL, watched for Ctrl-C; multiplicities raise
    /// `DlxError` with the command's line.
    pub fn of(py: Python<'_>, matrix: &dlx_core::Matrix, rounds: Option<usize>) -> PyResult<Self> {
        let rounds = rounds.unwrap_or(usize::MAX);
        let stop = AtomicBool::new(false);
        let reduced = watched(
            py,
            &stop,
            |_| Ok(()),
            || dlx_core::pre::pre_interruptible(matrix, rounds, &stop),
        )?
        .map_err(raise::<DlxError>)?;
        let problem = Py::new(py, Problem::from_matrix(reduced.matrix.clone()))?;
        Ok(Pre { reduced, problem })
    }
}

#[pymethods]
impl Pre {
    /// The smaller problem: the items left in their order, the options left in DLX-PRE's
    /// order. Its solutions are the original's through `original`.
    #[getter]
    fn problem(&self, py: Python<'_>) -> Py<Problem> {
        self.problem.clone_ref(py)
    }

    /// For each option of `problem`, the number (from 0) of the original option it comes
    /// from (its items are some of that option's).
    #[getter]
    fn origins(&self) -> Vec<usize> {
        self.reduced.origin.clone()
    }

    /// A solution of `problem` (option numbers) as the original problem's option numbers.
    fn original(&self, solution: Vec<usize>) -> PyResult<Vec<usize>> {
        let origin = &self.reduced.origin;
        solution
            .iter()
            .map(|&k| {
                origin.get(k).copied().ok_or_else(|| {
                    raise::<DlxError>(format!(
                        "option {k} is out of range (the reduced problem has {} options)",
                        origin.len()
                    ))
                })
            })
            .collect()
    }

    /// Options removed, as DLX-PRE counts them (not those without a primary item).
    #[getter]
    fn removed_options(&self) -> usize {
        self.reduced.removed_options
    }

    /// Items removed, as DLX-PRE counts them (every item when the problem is infeasible).
    #[getter]
    fn removed_items(&self) -> usize {
        self.reduced.removed_items
    }

    /// Options dropped first because they have no primary item.
    #[getter]
    fn ignored_options(&self) -> usize {
        self.reduced.ignored_options
    }

    /// DLX-PRE's rounds, the last one changing nothing (or the limit `rounds`, if it stopped
    /// the preprocessing).
    #[getter]
    fn rounds(&self) -> usize {
        self.reduced.rounds
    }

    /// The primary item no option can cover, if preprocessing found one (then there is no
    /// solution, and `problem` is that item with no option).
    #[getter]
    fn infeasible(&self) -> Option<String> {
        self.reduced
            .infeasible
            .map(|_| self.reduced.matrix.item(0).name.clone())
    }

    /// The smaller problem as `dlx pre` prints it (DLX-PRE's layout), with the comment
    /// `| (from N)` after each option (N from 1) unless `origins` is false.
    #[pyo3(signature = (origins=true))]
    fn text(&self, origins: bool) -> String {
        self.reduced.text(origins)
    }

    fn __repr__(&self) -> String {
        let r = &self.reduced;
        format!(
            "Pre(removed_options={}, removed_items={}, rounds={}, options_left={})",
            r.removed_options,
            r.removed_items,
            r.rounds,
            r.origin.len()
        )
    }
}
