//! [`MinCost`]: what `Problem.min_cost` found, with `to_dict()` giving the object
//! `dlx solve --min-cost --json` prints, key for key.

use dlx_core::{CostedSolution, Heuristic, Matrix, MinCostResult};
use pyo3::prelude::*;
use serde_json::{Value, json};

use crate::counts::{Counts, to_python};

/// The cheapest solutions of a problem with option costs (Knuth's DLX5), and the figures of
/// the search, DLX5's to the unit.
#[pyclass(frozen, module = "dancing_links._native")]
pub struct MinCost {
    /// The cost of the cheapest solution, or None when there is none.
    #[pyo3(get)]
    cost: Option<u64>,
    /// The cheapest solutions, cheapest first: `(cost, options)` with the options in the
    /// order chosen.
    #[pyo3(get)]
    best: Vec<(u64, Vec<usize>)>,
    /// Every solution found, in the order found, each cheaper than the `best`-th cheapest
    /// known when it was found: `(cost, options)`.
    #[pyo3(get)]
    found: Vec<(u64, Vec<usize>)>,
    /// The taxes DLX5 assessed, which every solution pays.
    #[pyo3(get)]
    total_tax: u64,
    /// DLX5's mems of the search (the second figure of its `input+search mems`).
    #[pyo3(get)]
    mems: u64,
    stats: dlx_core::Stats,
    json: Value,
}

/// A solution as Python sees it, and as the command's JSON shows it.
fn pair(s: &CostedSolution) -> (u64, Vec<usize>) {
    (s.cost, s.solution.options())
}

fn costed_json(matrix: &Matrix, s: &CostedSolution) -> Value {
    json!({"cost": s.cost, "rows": s.lines(matrix)})
}

impl MinCost {
    pub fn new(matrix: &Matrix, result: MinCostResult, found: Vec<CostedSolution>) -> Self {
        let s = &result.stats;
        let json = json!({
            "solutions": s.solutions,
            "updates": s.updates,
            "nodes": s.nodes,
            "levels": s.levels.iter().map(|l| json!({"nodes": l.nodes, "updates": l.updates})).collect::<Vec<_>>(),
            "complete": s.complete,
            "cleansings": s.cleansings,
            "mems": result.mems,
            "cost": result.best.first().map(|b| b.cost),
            "best": result.best.iter().map(|b| costed_json(matrix, b)).collect::<Vec<_>>(),
            "found": found.iter().map(|b| costed_json(matrix, b)).collect::<Vec<_>>(),
        });
        MinCost {
            cost: result.best.first().map(|b| b.cost),
            best: result.best.iter().map(pair).collect(),
            found: found.iter().map(pair).collect(),
            total_tax: result.total_tax,
            mems: result.mems,
            stats: result.stats,
            json,
        }
    }
}

#[pymethods]
impl MinCost {
    /// The figures: solutions found, updates, cleansings, nodes, the per-level profile.
    #[getter]
    fn counts(&self) -> Counts {
        Counts::new(self.stats.clone(), Heuristic::Mrv, true)
    }

    /// The object `dlx solve --min-cost --json` prints for the same search.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.json)
    }

    fn __repr__(&self) -> String {
        format!(
            "MinCost(cost={}, {} best, {} found)",
            self.cost
                .map_or_else(|| "None".to_string(), |c| c.to_string()),
            self.best.len(),
            self.found.len()
        )
    }
}
