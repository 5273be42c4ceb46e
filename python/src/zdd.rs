//! `Zdd`: every solution of a problem as a zero-suppressed decision diagram (dlx-core's
//! `Solve::zdd`, Knuth's DLX6): the exact count as a Python int, uniform samples, iteration.

use std::sync::Arc;

use dlx_core::estimate::SplitMix64;
use dlx_core::{Matrix, Solution};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::DlxError;
use crate::errors::{io_error, raise};

/// The most solutions one `sample` call returns, as a list held in memory: far past it,
/// memory runs out and the process aborts instead of raising.
const MAX_DRAWS: u64 = 1 << 20;

/// Every solution of a problem as a ZDD (`Problem.zdd()`): `count()` exactly (a Python int,
/// however large), `sample(k, seed)` uniformly at random, iteration in the search's order,
/// `nodes`, DLX6's figures (`stats`), and the diagram in DLX6's text format (`to_text`,
/// `write`). Solutions are lists of option numbers, as `Problem.solutions()` gives them.
#[pyclass(frozen, module = "dancing_links._native")]
pub struct Zdd {
    zdd: Arc<dlx_core::Zdd>,
    matrix: Arc<Matrix>,
}

impl Zdd {
    pub fn new(zdd: dlx_core::Zdd, matrix: Arc<Matrix>) -> Self {
        Zdd {
            zdd: Arc::new(zdd),
            matrix,
        }
    }
}

/// A number's decimal digits as a Python int.
fn py_int<'py>(py: Python<'py>, decimal: String) -> PyResult<Bound<'py, PyAny>> {
    py.import("builtins")?.getattr("int")?.call1((decimal,))
}

#[pymethods]
impl Zdd {
    /// The number of solutions, exactly.
    fn count<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let zdd = &*self.zdd;
        py_int(py, py.detach(|| zdd.count().to_string()))
    }

    /// `k` solutions drawn uniformly at random (independently, so one may repeat); the same
    /// seed draws the same solutions on every machine. Empty when there is no solution. At
    /// most 1,048,576 a call (a list held in memory).
    /// `names=True`: each as its rows of item names, as `dlx sample` prints them.
    #[pyo3(signature = (k, seed=1, *, names=false))]
    fn sample<'py>(
        &self,
        py: Python<'py>,
        k: u64,
        seed: u64,
        names: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        if k > MAX_DRAWS {
            return Err(raise::<DlxError>(format!(
                "k: at most {MAX_DRAWS} draws a call (each call with its own seed draws more)"
            )));
        }
        let mut rng = SplitMix64::new(seed);
        let mut drawn: Vec<Solution> = Vec::new();
        let zdd = &*self.zdd;
        // Drawn without the GIL, 4,096 at a time; Ctrl-C (KeyboardInterrupt) is heard
        // between the batches. A diagram without a solution draws none.
        while (drawn.len() as u64) < k {
            let batch = (k - drawn.len() as u64).min(4096) as usize;
            let before = drawn.len();
            py.detach(|| drawn.extend((0..batch).map_while(|_| zdd.sample(&mut rng))));
            if drawn.len() < before + batch {
                break;
            }
            py.check_signals()?;
        }
        if names {
            let lines: Vec<Vec<String>> = drawn.iter().map(|s| s.lines(&self.matrix)).collect();
            lines.into_pyobject(py).map(Bound::into_any)
        } else {
            let options: Vec<Vec<usize>> = drawn.iter().map(Solution::options).collect();
            options.into_pyobject(py).map(Bound::into_any)
        }
    }

    /// Every solution, lazily, in the search's order (a list of option numbers each).
    fn __iter__(&self) -> ZddIter {
        ZddIter {
            zdd: Arc::clone(&self.zdd),
            next: Some(0),
        }
    }

    /// The diagram's option nodes (its terminals aside).
    #[getter]
    fn nodes(&self) -> usize {
        self.zdd.nodes().len()
    }

    /// DLX6's figures: `solutions` (an int), `updates`, `cleansings`, `nodes` (search
    /// nodes), `zdd_nodes` (with the terminals, as DLX6 counts them), `signatures_failed`,
    /// `signatures_solved`, `hits`: the keys of `dlx zdd --json`.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let s = self
            .zdd
            .stats()
            .ok_or_else(|| raise::<DlxError>("a diagram read from text has no figures"))?;
        d.set_item("solutions", py_int(py, s.solutions.to_string())?)?;
        let names = [
            "updates",
            "cleansings",
            "nodes",
            "zdd_nodes",
            "signatures_failed",
            "signatures_solved",
            "hits",
        ];
        for (name, value) in names.iter().zip(s.figures()) {
            d.set_item(name, value)?;
        }
        Ok(d)
    }

    /// The diagram in DLX6's text format (Knuth's ZDDREAD format).
    fn to_text(&self) -> String {
        self.zdd.to_text()
    }

    /// Writes the diagram in DLX6's text format to `path`, whole or not at all.
    fn write(&self, path: std::path::PathBuf) -> PyResult<()> {
        dlx_core::file::write_atomic(&path, self.zdd.to_text().as_bytes())
            .map_err(|e| io_error(&path.display().to_string(), &e))
    }

    fn __len__(&self) -> PyResult<usize> {
        // Python's len() holds at most 2^63 - 1 (isize), not every u64.
        self.zdd
            .count()
            .to_u64()
            .filter(|&n| n <= isize::MAX as u64)
            .map(|n| n as usize)
            .ok_or_else(|| {
                pyo3::exceptions::PyOverflowError::new_err(
                    "more solutions than len() can say: use count()",
                )
            })
    }

    fn __repr__(&self) -> String {
        format!(
            "Zdd(count={}, nodes={})",
            self.zdd.count(),
            self.zdd.nodes().len()
        )
    }
}

/// The solutions of a [`Zdd`], one rank after another.
#[pyclass(module = "dancing_links._native")]
pub struct ZddIter {
    zdd: Arc<dlx_core::Zdd>,
    /// The next rank (`None` once past the last).
    next: Option<u64>,
}

#[pymethods]
impl ZddIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<Vec<usize>> {
        let r = self.next?;
        let s = self.zdd.solution(&dlx_core::BigUint::from(r));
        self.next = s.as_ref().and_then(|_| r.checked_add(1));
        s.map(|s| s.options())
    }
}
