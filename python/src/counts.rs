//! What a search returns to Python: [`Counts`] (a count's figures, a shard's record),
//! [`Estimate`] and [`MinCover`], each with `to_dict()` giving the `--json` object of the
//! matching `dlx` command, key for key.

use dlx_campaign::{Merged, ShardRecord, add_up};
use dlx_core::mincover::{Bound as CoverBound, MinCoverResult};
use dlx_core::{Estimate as CoreEstimate, Heuristic, Matrix, Stats, Summary};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use serde_json::{Value, json};

use crate::ShardError;
use crate::errors::raise;

/// A JSON value as the Python object `json.loads` makes of it.
pub fn to_python<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (v.to_string(),))
}

/// The figures of a count: solutions, updates, nodes, Knuth's cleansings (searches with
/// colours or bounds), the per-level profile, and whether the search ran to the end.
#[pyclass(frozen, module = "dancing_links._native")]
pub struct Counts {
    stats: Stats,
    heuristic: Heuristic,
    /// Whether the search counts cleansings (the matrix has colours or bounds).
    cleansings: bool,
    /// Whether the per-level profile is known (merged records may keep totals only).
    profiled: bool,
    /// A shard's record, as `dlx solve --shard K/N --json` prints it.
    record: Option<ShardRecord>,
}

impl Counts {
    pub fn new(stats: Stats, heuristic: Heuristic, cleansings: bool) -> Self {
        Counts {
            stats,
            heuristic,
            cleansings,
            profiled: true,
            record: None,
        }
    }

    pub fn with_record(mut self, record: ShardRecord) -> Self {
        self.record = Some(record);
        self
    }

    fn from_merged(merged: Merged) -> Self {
        Counts {
            stats: merged.stats,
            heuristic: merged.key.heuristic,
            cleansings: merged.cleansings,
            profiled: merged.profiled,
            record: None,
        }
    }

    /// The object `--json` prints: a shard's record, or the figures as every search command
    /// prints them (without the levels when some merged record kept totals only).
    fn json(&self) -> Value {
        if let Some(record) = &self.record {
            return record.to_json();
        }
        let s = &self.stats;
        let mut v = json!({
            "solutions": s.solutions,
            "updates": s.updates,
            "nodes": s.nodes,
            "levels": s.levels.iter().map(|l| json!({"nodes": l.nodes, "updates": l.updates})).collect::<Vec<_>>(),
            "complete": s.complete,
            "heuristic": self.heuristic.to_string(),
        });
        if self.cleansings {
            v["cleansings"] = json!(s.cleansings);
        }
        if !self.profiled {
            v.as_object_mut().map(|o| o.remove("levels"));
        }
        v
    }
}

#[pymethods]
impl Counts {
    /// Solutions found.
    #[getter]
    fn solutions(&self) -> u64 {
        self.stats.solutions
    }

    /// Link updates, counted as dance.w (exact cover) or DLX2/DLX3 (colours, bounds) count them.
    #[getter]
    fn updates(&self) -> u64 {
        self.stats.updates
    }

    /// Nodes of the search tree, the root included.
    #[getter]
    fn nodes(&self) -> u64 {
        self.stats.nodes
    }

    /// Knuth's cleansings; always 0 for exact cover, which has none.
    #[getter]
    fn cleansings(&self) -> u64 {
        self.stats.cleansings
    }

    /// The per-level profile: `(nodes, updates)` for each depth, as the paper's tables give it.
    #[getter]
    fn levels(&self) -> Vec<(u64, u64)> {
        self.stats
            .levels
            .iter()
            .map(|l| (l.nodes, l.updates))
            .collect()
    }

    /// False when a limit stopped the search (or a shard stopped early).
    #[getter]
    fn complete(&self) -> bool {
        self.stats.complete
    }

    /// The item-choice rule: `mrv` (Knuth's S heuristic), `leftmost` or `mrv-eager`.
    #[getter]
    fn heuristic(&self) -> String {
        self.heuristic.to_string()
    }

    /// `(k, n)` for the figures of shard k of n, else None.
    #[getter]
    fn shard(&self) -> Option<(usize, usize)> {
        self.record.as_ref().map(|r| (r.k, r.key.n))
    }

    /// The object `dlx ... --json` prints for the same search (a shard's record with
    /// `count(shard=...)`, what `dlx merge --json` prints after `merge`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.json())
    }

    /// [`Counts::to_dict`] as one line of JSON, exactly as the command prints it: a shard's
    /// record can be written to a file and added up by `dlx merge` or `merge`.
    fn to_json(&self) -> String {
        self.json().to_string()
    }

    fn __repr__(&self) -> String {
        let s = &self.stats;
        let cleansings = if self.cleansings {
            format!(", cleansings={}", s.cleansings)
        } else {
            String::new()
        };
        let shard = match self.shard() {
            Some((k, n)) => format!(", shard=({k}, {n})"),
            None => String::new(),
        };
        format!(
            "Counts(solutions={}, updates={}, nodes={}{cleansings}, complete={}{shard})",
            s.solutions,
            s.updates,
            s.nodes,
            if s.complete { "True" } else { "False" }
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Counts>()
            .is_ok_and(|o| o.get().json() == self.json())
    }
}

/// Adds up the figures of the shards of one run: `Counts` from `count(shard=(k, n))`, or
/// their JSON (`to_json()`, or what `dlx solve --shard K/N --json` printed). Refuses
/// shards of another run, one given twice, and names those missing, as `dlx merge` does.
#[pyfunction]
pub fn merge(parts: &Bound<'_, PyAny>) -> PyResult<Counts> {
    let mut records = Vec::new();
    for (k, part) in parts.try_iter()?.enumerate() {
        let part = part?;
        let name = format!("part {}", k + 1);
        let record = if let Ok(counts) = part.cast::<Counts>() {
            counts.get().record.clone().ok_or_else(|| {
                raise::<ShardError>(format!(
                    "{name}: not the figures of a shard (count with shard=(k, n))"
                ))
            })?
        } else {
            let text = if part.is_instance_of::<PyString>() {
                part.extract::<String>()?
            } else if part.is_instance_of::<PyDict>() {
                part.py()
                    .import("json")?
                    .call_method1("dumps", (&part,))?
                    .extract::<String>()?
            } else {
                return Err(raise::<ShardError>(format!(
                    "{name}: expected Counts, a dict or JSON text"
                )));
            };
            ShardRecord::parse(&name, &text).map_err(raise::<ShardError>)?
        };
        records.push((name, record));
    }
    let merged = add_up(&records).map_err(raise::<ShardError>)?;
    Ok(Counts::from_merged(merged))
}

/// One figure of an estimate: its mean over the probes and how far to trust it.
fn summary_json(s: &Summary) -> Value {
    let (lo, hi) = s.ci95();
    json!({"mean": s.mean, "std_dev": s.std_dev, "std_error": s.std_error, "ci95": [lo, hi],
           "heaviest": s.heaviest, "tail_index": s.tail_index, "bounded": s.is_bounded()})
}

/// Knuth's Monte Carlo estimate of a search tree: `nodes`, `updates` and `solutions`, each
/// a dict (mean, std_dev, std_error, ci95, heaviest, tail_index, bounded) as `dlx estimate
/// --json` prints them.
#[pyclass(frozen, module = "dancing_links._native")]
pub struct Estimate {
    json: Value,
}

impl Estimate {
    pub fn new(est: &CoreEstimate, seed: u64, heuristic: Heuristic) -> Self {
        Estimate {
            json: json!({
                "samples": est.samples,
                "seed": seed,
                "heuristic": heuristic.to_string(),
                "nodes": summary_json(&est.nodes),
                "updates": summary_json(&est.updates),
                "solutions": summary_json(&est.solutions),
                "level_nodes": est.level_nodes,
                "strata": est.strata,
            }),
        }
    }

    fn field<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.json[key])
    }
}

#[pymethods]
impl Estimate {
    /// The estimated nodes of the tree.
    #[getter]
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "nodes")
    }

    /// The estimated updates.
    #[getter]
    fn updates<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "updates")
    }

    /// The estimated solutions.
    #[getter]
    fn solutions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "solutions")
    }

    /// The estimated nodes at each depth.
    #[getter]
    fn level_nodes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "level_nodes")
    }

    /// The probes made.
    #[getter]
    fn samples<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "samples")
    }

    /// The subtrees the probes were spread over (1 for Knuth's plain estimate).
    #[getter]
    fn strata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "strata")
    }

    /// The object `dlx estimate --json` prints for the same estimate.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.json)
    }

    fn __repr__(&self) -> String {
        let mean = |k: &str| self.json[k]["mean"].as_f64().unwrap_or_default();
        format!(
            "Estimate(nodes≈{:.4e}, updates≈{:.4e}, solutions≈{:.4e}, samples={})",
            mean("nodes"),
            mean("updates"),
            mean("solutions"),
            self.json["samples"]
        )
    }
}

/// The fewest options covering every primary item at least once (IDA* on repeat-cover
/// dancing links), as `dlx min-cover --json` reports them.
#[pyclass(frozen, module = "dancing_links._native")]
pub struct MinCover {
    /// The smallest number of options in a cover, or None when some item is in no option.
    #[pyo3(get)]
    minimum: Option<usize>,
    /// The minimum covers found (each a list of option numbers in input order).
    #[pyo3(get)]
    covers: Vec<Vec<usize>>,
    /// Whether `covers` holds every minimum cover (with `all=True`, below its limit).
    #[pyo3(get)]
    all: bool,
    /// The primary items no option contains (so there is no cover).
    #[pyo3(get)]
    uncoverable: Vec<String>,
    json: Value,
}

impl MinCover {
    pub fn new(matrix: &Matrix, result: MinCoverResult, bound: CoverBound) -> Self {
        let row = |o: usize| {
            matrix
                .option(o)
                .iter()
                .map(|&i| matrix.item(i).name.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let uncoverable: Vec<String> = result
            .uncoverable
            .iter()
            .map(|&i| matrix.item(i).name.clone())
            .collect();
        let stats = &result.stats;
        let json = json!({
            "minimum": result.minimum,
            "covers": result.covers.iter().map(|c| json!({"options": c, "rows": c.iter().map(|&o| row(o)).collect::<Vec<_>>()})).collect::<Vec<_>>(),
            "all": result.all,
            "uncoverable": uncoverable,
            "interrupted": result.interrupted,
            "nodes": stats.nodes,
            "updates": stats.updates,
            "bound_evaluations": stats.bound_evaluations,
            "bound": match bound { CoverBound::Seed => "seed", CoverBound::Strong => "strong" },
            "iterations": stats.iterations.iter().map(|it| json!({
                "limit": it.limit, "nodes": it.nodes, "updates": it.updates
            })).collect::<Vec<_>>(),
        });
        MinCover {
            minimum: result.minimum,
            covers: result.covers,
            all: result.all,
            uncoverable,
            json,
        }
    }
}

#[pymethods]
impl MinCover {
    /// The object `dlx min-cover --json` prints for the same search.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.json)
    }

    fn __repr__(&self) -> String {
        format!(
            "MinCover(minimum={}, covers={})",
            self.minimum
                .map_or_else(|| "None".to_string(), |m| m.to_string()),
            self.covers.len()
        )
    }
}
