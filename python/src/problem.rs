//! `Problem`: a matrix and the engine that searches it, with every terminal of `Solve`.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dlx_campaign::{RunKey, ShardRecord, matrix_hash};
use dlx_core::mincover::Bound as CoverBound;
use dlx_core::symmetry::Symmetries;
use dlx_core::{ChosenRow, Heuristic, Matrix, MinCostParams, Solution, format};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::counts::{Counts, Estimate, MinCover};
use crate::errors::{io_error, raise};
use crate::mincost::MinCost;
use crate::solutions::Solutions;
use crate::watch::{SLICE, watched};
use crate::{DlxError, FormatError, MatrixError, ShardError};

/// Draws a solution as the `dlx` command's `--print` does.
pub type Render = dyn Fn(&Solution) -> String + Send + Sync;

/// The most threads a search takes (the library's cap, refused here with an error rather
/// than lowered in silence), as the `dlx` command's `--threads` allows.
use dlx_core::MAX_THREADS;

/// The most minimum covers `min_cover(all=True)` lists without a limit: a list held in memory.
const MAX_COVERS: u64 = 1 << 20;

/// An exact cover problem (with colours and multiplicities if it has them), ready to search.
///
/// Build one from options (`Problem(options, primary, secondary, colored=True,
/// bounds=None)`), from Knuth's text (`Problem.parse`, `Problem.read`), from a 0/1 array
/// (`Problem.from_array`), or from the puzzle builders (`queens`, `polyomino`, `paper`).
/// Options are numbered from 0 in the order given; solutions are lists of those numbers.
#[pyclass(frozen, module = "dancing_links._native")]
pub struct Problem {
    matrix: Arc<Matrix>,
    /// The engine, kept between searches (building it is linear in the matrix); a search
    /// running on another Python thread at the same time builds its own.
    engine: Mutex<Option<dlx_core::Problem>>,
    /// The rule searches use unless told otherwise (the paper's, for its problems).
    heuristic: Heuristic,
    /// The items as the caller gave them (`Problem(options, ...)`), in the matrix's order.
    keys: Option<Vec<Py<PyAny>>>,
    name: Option<String>,
    render: Option<Arc<Render>>,
    /// The puzzle's symmetries, when a domain found them (`classes()` counts under them).
    symmetries: Option<Arc<Symmetries>>,
}

impl Problem {
    pub fn from_matrix(matrix: Matrix) -> Self {
        Problem {
            matrix: Arc::new(matrix),
            engine: Mutex::new(None),
            heuristic: Heuristic::Mrv,
            keys: None,
            name: None,
            render: None,
            symmetries: None,
        }
    }

    /// The same problem, with the symmetries its domain found for `classes()`.
    pub fn with_symmetries(mut self, group: Option<Symmetries>) -> Self {
        self.symmetries = group.map(Arc::new);
        self
    }

    /// A named problem of a puzzle builder, with its rule and its picture of a solution.
    pub fn named(
        matrix: Matrix,
        name: String,
        heuristic: Heuristic,
        render: Option<Arc<Render>>,
    ) -> Self {
        Problem {
            name: Some(name),
            heuristic,
            render,
            ..Problem::from_matrix(matrix)
        }
    }

    /// The kept engine, or a new one when another search holds it.
    fn take_engine(&self) -> dlx_core::Problem {
        let kept = self.engine.try_lock().ok().and_then(|mut e| e.take());
        kept.unwrap_or_else(|| dlx_core::Problem::new(&self.matrix))
    }

    fn put_back(&self, engine: dlx_core::Problem) {
        if let Ok(mut e) = self.engine.try_lock() {
            *e = Some(engine);
        }
    }

    /// Runs `work` on the kept engine with the GIL released, watched for Ctrl-C (and `tick`
    /// every slice); the engine is kept again whatever happens.
    fn searching<T: Send>(
        &self,
        py: Python<'_>,
        tick: impl FnMut(Python<'_>) -> PyResult<()>,
        work: impl FnOnce(&mut dlx_core::Problem, &AtomicBool) -> T + Send,
    ) -> PyResult<T> {
        let stop = AtomicBool::new(false);
        let mut engine = self.take_engine();
        let result = watched(py, &stop, tick, || work(&mut engine, &stop));
        self.put_back(engine);
        result
    }

    /// The rule named, or the problem's own.
    fn rule(&self, heuristic: Option<&str>) -> PyResult<Heuristic> {
        match heuristic {
            None => Ok(self.heuristic),
            Some(h) => h.parse().map_err(raise::<DlxError>),
        }
    }

    /// Refuses a search that would ignore the options' costs.
    fn no_costs(&self) -> PyResult<()> {
        match self.matrix.has_costs() {
            true => Err(raise::<MatrixError>(
                "the options have costs, which this search would ignore: use min_cost",
            )),
            false => Ok(()),
        }
    }

    pub fn matrix(&self) -> &Arc<Matrix> {
        &self.matrix
    }

    /// The solution with these options, each row starting from its first item (the search's
    /// own solutions start from the item branched on).
    fn solution_of(&self, options: &[usize]) -> PyResult<Solution> {
        let count = self.matrix.options().len();
        let rows = options
            .iter()
            .map(|&option| match self.matrix.options().get(option) {
                Some(items) => Ok(ChosenRow {
                    option,
                    item: items[0],
                }),
                None => Err(raise::<DlxError>(format!(
                    "option {option} does not exist: the options are numbered 0 to {}",
                    count.saturating_sub(1)
                ))),
            })
            .collect::<PyResult<_>>()?;
        Ok(Solution { rows })
    }
}

/// A limit as the command takes it: at least 1.
fn check_limit(limit: Option<u64>) -> PyResult<()> {
    match limit {
        Some(0) => Err(raise::<DlxError>("limit: at least 1 solution")),
        _ => Ok(()),
    }
}

/// A thread count as the command takes it (0 = one per core).
fn check_threads(threads: Option<usize>) -> PyResult<()> {
    match threads {
        Some(t) if t > MAX_THREADS => Err(raise::<DlxError>(format!(
            "{t} threads: at most {MAX_THREADS} (0 means one per core)"
        ))),
        _ => Ok(()),
    }
}

/// The figures of a run in parts so far, for a progress callback.
#[derive(Default)]
struct Live {
    solutions: AtomicU64,
    updates: AtomicU64,
    done: AtomicUsize,
    total: AtomicUsize,
}

#[pymethods]
impl Problem {
    /// A problem from options, each a list of items (any hashable values). With `colored`,
    /// a string `"x:c"` gives item `x` the colour `c` (unless `"x:c"` is itself an item).
    /// Items not declared are inferred as xcover infers them: with neither list, every item
    /// is primary except those given a colour; with one list, the others are of the other
    /// kind. `bounds` maps primary items to `(lower, upper)` (or one number): how many
    /// chosen options must contain them (Knuth's multiplicities). `costs`, one number per
    /// option, makes it a problem for `min_cost` (Knuth's DLX5).
    #[new]
    #[pyo3(signature = (options, primary=None, secondary=None, *, colored=true, bounds=None, costs=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        options: &Bound<'_, PyAny>,
        primary: Option<&Bound<'_, PyAny>>,
        secondary: Option<&Bound<'_, PyAny>>,
        colored: bool,
        bounds: Option<&Bound<'_, PyAny>>,
        costs: Option<Vec<u64>>,
    ) -> PyResult<Self> {
        let (mut matrix, keys) =
            crate::items::from_options(py, options, primary, secondary, colored, bounds)?;
        if let Some(costs) = costs {
            matrix = matrix.with_costs(costs).map_err(raise::<MatrixError>)?;
        }
        Ok(Problem {
            keys: Some(keys),
            ..Problem::from_matrix(matrix)
        })
    }

    /// A problem in Knuth's text format (the `dlx solve` input): the items on the first
    /// line (primary, then `|` and secondary), one option per line, `x:c` for a colour,
    /// `a:b|x` for bounds, `|n` after an option for its cost (for `min_cost`). Raises
    /// `FormatError` naming the line and column.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Self> {
        let matrix = format::parse_with_costs(text).map_err(raise::<FormatError>)?;
        Ok(Problem::from_matrix(matrix))
    }

    /// [`Problem::parse`] of a file; errors name the file, as the command's do.
    #[staticmethod]
    fn read(path: std::path::PathBuf) -> PyResult<Self> {
        let (name, text) = read_text(&path)?;
        let matrix = format::parse_with_costs(&text)
            .map_err(|e| raise::<FormatError>(format!("{name}: {e}")))?;
        Ok(Problem::from_matrix(matrix))
    }

    /// A problem from a 0/1 array (a numpy array or nested lists): rows are options, columns
    /// items (named `0`, `1`, ...), the last `secondary` columns secondary.
    #[staticmethod]
    #[pyo3(signature = (array, secondary=0))]
    fn from_array(array: &Bound<'_, PyAny>, secondary: usize) -> PyResult<Self> {
        Ok(Problem::from_matrix(crate::items::from_array(
            array, secondary,
        )?))
    }

    /// Counts the solutions and returns the figures (`Counts`), those the `dlx` command
    /// prints for the same search. `threads`: None = one per core (one thread, in Knuth's
    /// order, with a `limit`), as the command's default; the figures of a search run to the
    /// end do not depend on it. `shard=(k, n)` searches shard k of n only (`merge` adds the
    /// shards up). `progress(figures)` is called every `interval` seconds with a dict
    /// (solutions, updates: of the parts finished; fraction: of the parts; seconds); it
    /// changes no figure (a limited count on one thread is stepped in Knuth's order, and
    /// reports its figures so far and its estimated fraction).
    /// Ctrl-C raises KeyboardInterrupt within a fraction of a second.
    #[pyo3(signature = (threads=None, limit=None, heuristic=None, *, shard=None, progress=None, interval=1.0))]
    #[allow(clippy::too_many_arguments)]
    fn count(
        &self,
        py: Python<'_>,
        threads: Option<usize>,
        limit: Option<u64>,
        heuristic: Option<&str>,
        shard: Option<(usize, usize)>,
        progress: Option<Py<PyAny>>,
        interval: f64,
    ) -> PyResult<Counts> {
        self.no_costs()?;
        let h = self.rule(heuristic)?;
        check_limit(limit)?;
        check_threads(threads)?;
        // Checked now, not when the first report is due: a short search would never call it.
        if let Some(callback) = &progress
            && !callback.bind(py).is_callable()
        {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "progress: a function taking one dict of figures",
            ));
        }
        if interval.is_nan() || interval < 0.0 {
            // Refused, as `time.sleep` refuses it, rather than taken as 0.
            return Err(raise::<DlxError>(format!(
                "interval: a number of seconds, 0 or more, not {interval}"
            )));
        }
        let n_threads = threads.unwrap_or(0);
        // As the command decides: a limit without threads keeps Knuth's order on one thread.
        // A progress report changes no figure: without a limit the parts add up to the
        // whole run's figures, and a limited count on one thread stays one run, stepped.
        let in_parts = shard.is_some()
            || (progress.is_some() && limit.is_none())
            || (n_threads != 1 && (limit.is_none() || threads.is_some()));
        let live = Live::default();
        let cleansings = self.counts_cleansings();
        let start = Instant::now();
        let every = Duration::from_secs_f64(interval.clamp(0.0, 1e6));
        let mut last = start;
        let tick = |py: Python<'_>| -> PyResult<()> {
            let Some(callback) = &progress else {
                return Ok(());
            };
            if last.elapsed() < every {
                return Ok(());
            }
            last = Instant::now();
            let figures = PyDict::new(py);
            figures.set_item("solutions", live.solutions.load(Ordering::Relaxed))?;
            figures.set_item("updates", live.updates.load(Ordering::Relaxed))?;
            let total = live.total.load(Ordering::Relaxed).max(1);
            figures.set_item(
                "fraction",
                live.done.load(Ordering::Relaxed) as f64 / total as f64,
            )?;
            figures.set_item("seconds", start.elapsed().as_secs_f64())?;
            callback.call1(py, (figures,))?;
            Ok(())
        };
        let work = |engine: &mut dlx_core::Problem, stop: &AtomicBool| {
            let mut solve = engine.solve().heuristic(h).interrupt(stop);
            if let Some(l) = limit {
                solve = solve.limit(l);
            }
            if !in_parts && progress.is_none() {
                return Ok((solve.count(), None));
            }
            if !in_parts {
                // Stepped from solution to solution in Knuth's order, its figures shown as it
                // goes (between two solutions the report stands still).
                let mut search = solve.iter();
                let mut shown = Instant::now();
                let show = |search: &dlx_core::Solutions<'_>| {
                    let so_far = search.stats();
                    live.solutions.store(so_far.solutions, Ordering::Relaxed);
                    live.updates.store(so_far.updates, Ordering::Relaxed);
                    live.done
                        .store((search.progress() * 1e6) as usize, Ordering::Relaxed);
                    live.total.store(1_000_000, Ordering::Relaxed);
                };
                while search.advance() {
                    if shown.elapsed() >= SLICE {
                        shown = Instant::now();
                        show(&search);
                    }
                }
                show(&search);
                return Ok((search.stats(), None));
            }
            let observe = |part: &dlx_core::Stats, done: usize, total: usize| {
                live.solutions.fetch_add(part.solutions, Ordering::Relaxed);
                live.updates.fetch_add(part.updates, Ordering::Relaxed);
                live.done.store(done, Ordering::Relaxed);
                live.total.store(total, Ordering::Relaxed);
            };
            let mut solve = solve.threads(n_threads).observe(observe);
            let mut cut = None;
            if let Some((k, n)) = shard {
                solve = solve.shard(k, n)?;
                cut = solve.shard_cut();
            }
            let stats = if limit.is_some() {
                solve.run(|_| ControlFlow::Continue(()))
            } else {
                solve.count()
            };
            Ok((stats, cut))
        };
        let (stats, cut) = self
            .searching(py, tick, work)?
            .map_err(|e: dlx_core::ShardError| raise::<ShardError>(e))?;
        let counts = Counts::new(stats.clone(), h, cleansings);
        Ok(match (shard, cut) {
            (Some((k, n)), Some(cut)) => {
                let key = RunKey::new(matrix_hash(&self.matrix), h, n, cut.depth);
                let mut record = ShardRecord::new(key, k, cut.subproblems, stats);
                record.cleansings = cleansings;
                counts.with_record(record)
            }
            _ => counts,
        })
    }

    /// Every solution, lazily, in Knuth's order: an iterator of lists of option numbers
    /// (in the order chosen), or with `names=True` of the rows as the command prints them
    /// (item names, each row from the item branched on). The search runs ahead of the
    /// consumer on a thread of its own, without the GIL.
    #[pyo3(signature = (limit=None, heuristic=None, *, names=false))]
    fn solutions(
        &self,
        limit: Option<u64>,
        heuristic: Option<&str>,
        names: bool,
    ) -> PyResult<Solutions> {
        self.no_costs()?;
        let h = self.rule(heuristic)?;
        check_limit(limit)?;
        // The search thread owns its engine: the iterator may outlive this call.
        let engine = self.take_engine();
        let copy = engine.clone();
        self.put_back(engine);
        Solutions::start(copy, h, limit, names.then(|| Arc::clone(&self.matrix)))
    }

    /// Every solution as a ZDD (Knuth's DLX6): a `Zdd`, with the exact count, uniform
    /// samples and iteration. `heuristic`: `mrv` (the default, DLX6's rule, whose figures
    /// `Zdd.stats` gives) or `leftmost`.
    #[pyo3(signature = (heuristic=None))]
    fn zdd(&self, py: Python<'_>, heuristic: Option<&str>) -> PyResult<crate::zdd::Zdd> {
        let h = match heuristic {
            None => Heuristic::Mrv,
            Some(h) => h.parse().map_err(raise::<DlxError>)?,
        };
        let z = self.searching(
            py,
            |_| Ok(()),
            |engine, stop| engine.solve().heuristic(h).interrupt(stop).zdd(),
        )?;
        let z = z.map_err(raise::<DlxError>)?;
        Ok(crate::zdd::Zdd::new(z, Arc::clone(&self.matrix)))
    }

    /// A diagram of this problem's solutions in DLX6's text format (`Zdd.to_text()`,
    /// `dlx zdd --out`), as a `Zdd` (without `stats`: the text holds no figures). Raises
    /// `FormatError` naming the line: text that is not the format, or a diagram holding a set
    /// of options that is no solution of this problem (another problem's diagram).
    fn parse_zdd(&self, py: Python<'_>, text: &str) -> PyResult<crate::zdd::Zdd> {
        // Checking a diagram of millions of nodes takes seconds: other threads run meanwhile.
        let z = py
            .detach(|| dlx_core::Zdd::read(text, &self.matrix))
            .map_err(raise::<FormatError>)?;
        Ok(crate::zdd::Zdd::new(z, Arc::clone(&self.matrix)))
    }

    /// [`Problem::parse_zdd`] of a file (`Zdd.write(path)`); errors name the file.
    fn read_zdd(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<crate::zdd::Zdd> {
        let (name, text) = read_text(&path)?;
        let z = py
            .detach(|| dlx_core::Zdd::read(&text, &self.matrix))
            .map_err(|e| raise::<FormatError>(format!("{name}: {e}")))?;
        Ok(crate::zdd::Zdd::new(z, Arc::clone(&self.matrix)))
    }

    /// The first solution (Knuth's first, on one thread), or None.
    #[pyo3(signature = (heuristic=None))]
    fn first(&self, py: Python<'_>, heuristic: Option<&str>) -> PyResult<Option<Vec<usize>>> {
        self.no_costs()?;
        let h = self.rule(heuristic)?;
        let first = self.searching(
            py,
            |_| Ok(()),
            |engine, stop| engine.solve().heuristic(h).interrupt(stop).first(),
        )?;
        Ok(first.map(|s| s.options()))
    }

    /// Knuth's Monte Carlo estimate of the search tree from `samples` random probes seeded
    /// with `seed`, stratified by the subtrees at a cut (`knuth=True`: his plain estimate
    /// from the root), of shard k of n only with `shard=(k, n)`; `dlx estimate`'s figures.
    #[pyo3(signature = (samples=10_000, seed=1, heuristic=None, *, shard=None, knuth=false))]
    fn estimate(
        &self,
        py: Python<'_>,
        samples: u64,
        seed: u64,
        heuristic: Option<&str>,
        shard: Option<(usize, usize)>,
        knuth: bool,
    ) -> PyResult<Estimate> {
        self.no_costs()?;
        let h = self.rule(heuristic)?;
        if samples == 0 {
            return Err(raise::<DlxError>("samples: at least 1"));
        }
        if knuth && shard.is_some() {
            return Err(raise::<DlxError>(
                "a shard is estimated by the stratified estimate only, not knuth=True",
            ));
        }
        let est = self.searching(
            py,
            |_| Ok(()),
            |engine, stop| {
                let solve = engine.solve().heuristic(h).interrupt(stop);
                match shard {
                    _ if knuth => Ok(solve.estimate_plain(samples, seed)),
                    Some((k, n)) => Ok(solve.shard(k, n)?.estimate(samples, seed)),
                    None => Ok(solve.estimate(samples, seed)),
                }
            },
        )?;
        let est = est.map_err(|e: dlx_core::ShardError| raise::<ShardError>(e))?;
        Ok(Estimate::new(&est, seed, h))
    }

    /// The fewest options covering every primary item at least once (IDA*), as `dlx
    /// min-cover` finds them: the first minimum cover, or with `all=True` every one (up to
    /// `limit`; without one, more than 1,048,576 raise DlxError). `bound`: `seed` or
    /// `strong`. Exact cover matrices only (no colours or
    /// bounds). A Ctrl-C stops it at once (KeyboardInterrupt).
    #[pyo3(signature = (all=false, limit=None, bound="seed"))]
    fn min_cover(
        &self,
        py: Python<'_>,
        all: bool,
        limit: Option<u64>,
        bound: &str,
    ) -> PyResult<MinCover> {
        self.no_costs()?;
        let bound: CoverBound = bound.parse().map_err(raise::<DlxError>)?;
        check_limit(limit)?;
        if !self.matrix.is_plain() {
            return Err(raise::<MatrixError>(
                "the matrix has colours or bounds, which min_cover does not read",
            ));
        }
        if limit.is_some() && !all {
            return Err(raise::<DlxError>(
                "limit: only with all=True (without it, the first minimum cover is found)",
            ));
        }
        let stop = AtomicBool::new(false);
        let matrix = &self.matrix;
        // Every cover is kept: without a limit, one past the most a list holds here, so that
        // a matrix with 2^30 of them raises instead of filling the memory.
        let most = limit.unwrap_or(MAX_COVERS + 1);
        let result = watched(
            py,
            &stop,
            |_| Ok(()),
            || {
                let mut mc = dlx_core::MinCover::new(matrix).with_bound(bound);
                if all {
                    mc.solve_all_until(Some(most), &stop)
                } else {
                    mc.solve_until(&stop)
                }
            },
        )?;
        if limit.is_none() && result.covers.len() as u64 > MAX_COVERS {
            return Err(raise::<DlxError>(format!(
                "more than {MAX_COVERS} minimum covers: give limit"
            )));
        }
        Ok(MinCover::new(matrix, result, bound))
    }

    /// The solutions counted up to symmetry (`dlx polyomino --classes`): the classes no
    /// symmetry maps to one another, found by holding one piece to one place of each orbit
    /// (`Solve::classes`). The symmetries are the ones the puzzle's domain found
    /// (`polyomino(...)`, `queens(...)`), or `symmetries`: maps of item names, each a dict sending an item
    /// to its image (items left out stay), generating the group. Returns a dict: `classes`,
    /// `symmetric`, `solutions` (every solution, counted from the classes), `group` (its
    /// order), `splits` (item, orbits, options, fixed, within) and `counts` (the figures of
    /// the searches made); with `members`, also `members`: one solution of each class (its
    /// option indices, sorted), in the order of their options, as `--classes --print` draws
    /// them. Ctrl-C raises KeyboardInterrupt within a fraction of a second.
    #[pyo3(signature = (symmetries=None, *, threads=None, heuristic=None, members=false))]
    fn classes(
        &self,
        py: Python<'_>,
        symmetries: Option<Vec<std::collections::HashMap<String, String>>>,
        threads: Option<usize>,
        heuristic: Option<&str>,
        members: bool,
    ) -> PyResult<Py<PyDict>> {
        self.no_costs()?;
        let h = self.rule(heuristic)?;
        check_threads(threads)?;
        let m = &self.matrix;
        let group = match (symmetries, &self.symmetries) {
            (Some(maps), _) => {
                let mut perms = Vec::with_capacity(maps.len());
                let ids = m.item_ids();
                for map in maps {
                    let mut perm: Vec<usize> = (0..m.items().len()).collect();
                    for (from, to) in &map {
                        let find = |name: &str| {
                            ids.get(name).copied().ok_or_else(|| {
                                raise::<MatrixError>(format!("`{name}` is not an item"))
                            })
                        };
                        perm[find(from)?] = find(to)?;
                    }
                    perms.push(perm);
                }
                Arc::new(Symmetries::new(m, perms).map_err(raise::<MatrixError>)?)
            }
            (None, Some(group)) => Arc::clone(group),
            (None, None) => {
                return Err(raise::<DlxError>(
                    "no symmetries known: give symmetries=[{item: image, ...}, ...], or make \
                     the problem with a puzzle builder (polyomino)",
                ));
            }
        };
        let kept = std::sync::Mutex::new(Vec::new());
        let work = |engine: &mut dlx_core::Problem, stop: &AtomicBool| {
            let solve = (engine.solve().heuristic(h).threads(threads.unwrap_or(0))).interrupt(stop);
            if members {
                let mut found = Vec::new();
                let counted = solve.classes_with(&group, |s| found.push(s.to_vec()));
                *kept.lock().unwrap_or_else(|e| e.into_inner()) = found;
                counted
            } else {
                solve.classes(&group)
            }
        };
        let found = self
            .searching(py, |_| Ok(()), work)?
            .map_err(raise::<DlxError>)?;
        let mut kept = kept.into_inner().unwrap_or_else(|e| e.into_inner());
        kept.sort_unstable();
        let out = PyDict::new(py);
        out.set_item("classes", found.classes)?;
        out.set_item("symmetric", found.symmetric)?;
        out.set_item("solutions", found.solutions)?;
        out.set_item("group", found.group)?;
        out.set_item("compared", found.compared)?;
        if members {
            out.set_item("members", kept)?;
        }
        let splits = PyList::empty(py);
        for split in &found.splits {
            let d = PyDict::new(py);
            d.set_item("item", &m.item(split.item).name)?;
            d.set_item("orbits", split.orbits)?;
            d.set_item("options", split.options)?;
            d.set_item("fixed", split.fixed)?;
            d.set_item("within", split.within.clone())?;
            splits.append(d)?;
        }
        out.set_item("splits", splits)?;
        let counts = Counts::new(found.stats, h, self.counts_cleansings());
        out.set_item("counts", Py::new(py, counts)?)?;
        Ok(out.unbind())
    }

    /// The problem made smaller as Knuth's DLX-PRE makes it (`dlx pre`): a `Pre` with the
    /// smaller problem, the original option of each of its options, and DLX-PRE's counts.
    /// `rounds` stops it after that many rounds (`dlx pre --rounds`). Multiplicities raise
    /// `DlxError`.
    #[pyo3(signature = (rounds=None))]
    fn pre(&self, py: Python<'_>, rounds: Option<usize>) -> PyResult<crate::pre::Pre> {
        crate::pre::Pre::of(py, &self.matrix, rounds)
    }

    /// The `best` cheapest solutions of a problem with option costs, found as Knuth's DLX5
    /// finds them and as `dlx solve --min-cost --best K` prints them (`MinCost`: the best
    /// cost, the best solutions and every solution found, each with its cost, and DLX5's
    /// figures). `limit` stops after that many solutions found. `one_of_each` and
    /// `per_option` give DLX5's lower bound for options of that shape (`Z` and `z`),
    /// `lookahead` its `h`. Ctrl-C raises KeyboardInterrupt within a fraction of a second.
    #[pyo3(signature = (best=1, limit=None, *, one_of_each=String::new(), per_option=0, lookahead=10))]
    fn min_cost(
        &self,
        py: Python<'_>,
        best: usize,
        limit: Option<u64>,
        one_of_each: String,
        per_option: usize,
        lookahead: usize,
    ) -> PyResult<MinCost> {
        check_limit(limit)?;
        let params = MinCostParams {
            best,
            lookahead,
            one_of_each,
            per_option,
        };
        let mut found = Vec::new();
        let result = self.searching(
            py,
            |_| Ok(()),
            |engine, stop| {
                let mut solve = engine.solve().interrupt(stop);
                if let Some(l) = limit {
                    solve = solve.limit(l);
                }
                solve.min_cost_with(params, |s| {
                    found.push(s.clone());
                    ControlFlow::Continue(())
                })
            },
        )?;
        let result = result.map_err(raise::<MatrixError>)?;
        Ok(MinCost::new(&self.matrix, result, found))
    }

    /// Whether options have costs (`|n` in the text, `costs=` given): then `min_cost` is the
    /// only search, and the others raise `MatrixError` rather than ignore them.
    #[getter]
    fn has_costs(&self) -> bool {
        self.matrix.has_costs()
    }

    /// The picture of a solution (a list of option numbers) that the command's `--print`
    /// draws: a board for the puzzles, the rows' item names otherwise.
    fn render(&self, solution: Vec<usize>) -> PyResult<String> {
        let s = self.solution_of(&solution)?;
        Ok(match &self.render {
            Some(render) => render(&s),
            None => s.lines(&self.matrix).join("\n") + "\n",
        })
    }

    /// The items of option `k`, as Knuth's format writes them (`x:c` for a colour).
    fn option(&self, k: usize) -> PyResult<Vec<String>> {
        let items = self.solution_of(&[k])?;
        let option = items.rows[0].option;
        Ok((0..self.matrix.option(option).len())
            .map(|j| self.matrix.entry_text(option, j))
            .collect())
    }

    /// The items' names, primary items first, as the matrix holds them.
    #[getter]
    fn items(&self) -> Vec<String> {
        self.matrix.items().iter().map(|i| i.name.clone()).collect()
    }

    /// The items as given to `Problem(options, ...)` (any hashable values), in the matrix's
    /// order; for other problems, their names.
    #[getter]
    fn item_values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        match &self.keys {
            Some(keys) => PyList::new(py, keys.iter().map(|k| k.bind(py))),
            None => PyList::new(py, self.items()),
        }
    }

    /// How many items are primary (they come first in `items`).
    #[getter]
    fn primary_count(&self) -> usize {
        self.matrix.primary_count()
    }

    /// Whether searches count Knuth's cleansings: the matrix has colours or bounds (and is
    /// searched by Algorithm C or M rather than DLX).
    #[getter]
    fn counts_cleansings(&self) -> bool {
        !self.matrix.is_plain() || self.matrix.options_without_primary() > 0
    }

    /// The rule searches use unless told otherwise (`mrv`, or the paper's for its problems).
    #[getter]
    fn heuristic(&self) -> String {
        self.heuristic.to_string()
    }

    /// The problem's name, for a named one.
    #[getter]
    fn name(&self) -> Option<String> {
        self.name.clone()
    }

    /// The matrix in Knuth's text format, as `--emit` writes it; `Problem.parse` reads it back.
    #[pyo3(signature = (comment=None))]
    fn to_text(&self, comment: Option<&str>) -> String {
        format::write(&self.matrix, comment)
    }

    fn __len__(&self) -> usize {
        self.matrix.options().len()
    }

    fn __repr__(&self) -> String {
        let m = &self.matrix;
        format!(
            "Problem({}{} items ({} primary), {} options{})",
            self.name
                .as_ref()
                .map_or_else(String::new, |n| format!("{n}: ")),
            m.items().len(),
            m.primary_count(),
            m.options().len(),
            if m.is_plain() {
                ""
            } else {
                ", colours or bounds"
            }
        )
    }
}

/// A file's text and its name as errors give it; text that is not UTF-8 raises
/// `FormatError` with the line and column where it stops being UTF-8.
fn read_text(path: &std::path::Path) -> PyResult<(String, String)> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| io_error(&name, &e))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
        raise::<FormatError>(format!(
            "{name}: line {}, column {}: not UTF-8 text",
            good.iter().filter(|&&b| b == b'\n').count() + 1,
            String::from_utf8_lossy(&good[start..]).chars().count() + 1
        ))
    })?;
    Ok((name, text))
}
