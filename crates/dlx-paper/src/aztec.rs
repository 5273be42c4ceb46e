//! The Aztec diamond of Figure 15 (all 25 one-sided tetrasticks), a search of about 10^13
//! updates, run as a resumable campaign of shards.
//!
//! The problem is split by the position of X: one representative of each orbit of its
//! placements under the board's 8 symmetries, fixed before the search; where symmetries map
//! that place onto itself, W is kept only at the least placement of each of its orbits under
//! them ([`dlx_polystick::subcase`]). Each subcase is cut into shards by dlx-core's shard plan
//! ([`dlx_core::shard`]), and every finished shard is written to its own file (figures and
//! the rows of its solutions), so a run that is stopped loses at most the shards in progress
//! and the next run starts where it stopped. When every shard is done, the solutions are
//! sorted into classes under the board's symmetries (Wassermann found 107 in 1999).
//!
//! The shard plan depends only on the matrix and the number of shards (its probes use fixed
//! seeds), and each file records the plan's shape and the breaker, so files from another plan
//! are refused. Summing the shards gives exactly the figures of one unsharded search of each
//! subcase, whatever the number of shards or threads.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

use dlx_core::{Dlx, Heuristic, OptionId, ShardPlan, Stats};
use dlx_polystick::{Arrangement, PolystickError, PolystickMatrix, Puzzle, orbits, subcases};
use thiserror::Error;

use crate::Table;
use crate::polystick::named;

/// The piece that breaks the symmetry left when X sits on an axis, a diagonal or the centre
/// of the Aztec diamond. W is its own mirror image, so every symmetry of the board maps W's
/// placements onto W's. Monte Carlo (400,000 probes per subcase) put the whole split at about
/// 1e13 updates with W, against 2.5e13 unbroken (T: 1.4e13).
pub const AZTEC_BREAKER: &str = "W";

/// The search's heuristic: the S heuristic, as everywhere in the paper.
const HEURISTIC: Heuristic = Heuristic::Mrv;

/// Default shards per subcase: small enough that a stopped run loses little.
pub const SHARDS: usize = 64;

/// One subcase of a split: a piece (X for the Aztec diamond) fixed at one representative of
/// an orbit of its placements, the breaker (W) restricted under the symmetries that fix that
/// place.
#[derive(Debug, Clone)]
pub struct Subcase {
    /// The fixed piece's row, as the paper writes rows (`X H45 H55 V54 V55 I55`).
    pub label: String,
    /// How many of the piece's placements the representative stands for.
    pub orbit: usize,
    /// How many symmetries of the board fix the piece's place (8 / orbit on a square board).
    pub stabiliser: usize,
    /// The subcase's matrix: the full one less the breaker's rows that the breaking removes.
    pub built: PolystickMatrix,
    /// The fixed piece's row in it, to be fixed before the search.
    pub x_option: OptionId,
}

/// A puzzle's full matrix and its split by the place of `piece`, with `breaker` restricted in
/// each subcase ([`dlx_polystick::subcase`]). Every class of solutions under the board's
/// symmetries has a member in some subcase; a class can be met more than once (a symmetric
/// solution, or the breaker on a place its subcase's symmetries fix), so the classes are
/// counted afterwards with [`dlx_polystick::orbits`].
pub fn split(
    puzzle: &Puzzle,
    piece: &str,
    breaker: Option<&str>,
) -> Result<(PolystickMatrix, Vec<Subcase>), PolystickError> {
    let built = puzzle.build()?;
    let subcases = subcases(puzzle, piece, breaker)?
        .into_iter()
        .map(|sub| {
            let (sub_built, x_option) = sub.build()?;
            Ok(Subcase {
                label: sub_built.row_text(x_option),
                orbit: sub.orbit,
                stabiliser: sub.stabiliser.len(),
                built: sub_built,
                x_option,
            })
        })
        .collect::<Result<_, PolystickError>>()?;
    Ok((built, subcases))
}

/// The Aztec diamond of Figure 15 (the full matrix) and its split by the position of X, with
/// [`AZTEC_BREAKER`] restricted in each subcase: [`split`] of the paper's puzzle.
pub fn aztec_subcases() -> (PolystickMatrix, Vec<Subcase>) {
    x_split("tetrasticks-aztec")
}

/// The spiked diamond (`tetrasticks-aztec-spiked`, not Figure 15's board) split the same way.
pub fn spiked_subcases() -> (PolystickMatrix, Vec<Subcase>) {
    x_split("tetrasticks-aztec-spiked")
}

fn x_split(name: &str) -> (PolystickMatrix, Vec<Subcase>) {
    split(&named(name), "X", Some(AZTEC_BREAKER)).expect("W is its own mirror image")
}

/// Where the campaign's shard files live by default: `$DLX_AZTEC_DIR` if set, else
/// `results/aztec` in the workspace, so `cargo xtask aztec`, the slow snapshot test and
/// `cargo xtask figures` share them. That directory is under version control: the campaign
/// takes longer than one sitting of one machine, and a committed shard is one nobody runs
/// again (a clone resumes where the last commit stopped).
pub fn default_dir() -> PathBuf {
    std::env::var_os("DLX_AZTEC_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/aztec"),
        PathBuf::from,
    )
}

/// Where the finished campaign on the spiked diamond lives: `results/aztec-spiked`.
pub fn spiked_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/aztec-spiked")
}

/// Why a campaign could not go on.
#[derive(Debug, Error)]
pub enum CampaignError {
    /// The puzzle cannot be split as asked (a piece missing, a breaker that is not
    /// symmetric enough).
    #[error("cannot split the puzzle: {0}")]
    Puzzle(String),
    /// A shard file could not be read, written or trusted.
    #[error("{}: {reason}", file.display())]
    File {
        /// The file.
        file: PathBuf,
        /// What went wrong.
        reason: String,
    },
}

fn file_error(file: &Path, reason: impl Into<String>) -> CampaignError {
    CampaignError::File {
        file: file.to_path_buf(),
        reason: reason.into(),
    }
}

/// How to run (or only read) a campaign. One directory holds one campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Campaign {
    /// The puzzle ([`Campaign::new`]: the Aztec diamond with the 25 one-sided tetrasticks).
    pub puzzle: Puzzle,
    /// The report's table: its name (the key of the paper's figures) and its title.
    pub table: (String, String),
    /// How to go on, for the report of an unfinished campaign.
    pub command: String,
    /// The piece whose place splits it (X).
    pub piece: String,
    /// The piece that breaks the symmetry left in a subcase (W), if any.
    pub breaker: Option<String>,
    /// Where the shard files live.
    pub dir: PathBuf,
    /// Shards per subcase.
    pub shards: usize,
    /// Shards searched at once, one thread each (0 = one per core).
    pub threads: usize,
    /// Only this subcase (1-based), if given.
    pub only: Option<usize>,
    /// False to read what is done without searching (`--status`).
    pub search: bool,
}

impl Campaign {
    /// The Aztec diamond campaign in `dir`: split by X, W breaking what symmetry is left,
    /// [`SHARDS`] shards per subcase, every core, every subcase.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Campaign {
            puzzle: named("tetrasticks-aztec"),
            table: (
                "tetrasticks-aztec-search".to_string(),
                "3(d) All 25 one-sided tetrasticks in the Aztec diamond (Figure 15): the search"
                    .to_string(),
            ),
            command: "cargo xtask aztec".to_string(),
            piece: "X".to_string(),
            breaker: Some(AZTEC_BREAKER.to_string()),
            dir: dir.into(),
            shards: SHARDS,
            threads: 0,
            only: None,
            search: true,
        }
    }

    /// The same campaign on the spiked diamond, the order-4 Aztec diamond with a spike at each
    /// tip (every segment joining points with |x| + |y| <= 5): a board of 100 segments once
    /// taken for Figure 15's. Its search is finished and kept in [`spiked_dir`].
    pub fn spiked(dir: impl Into<PathBuf>) -> Self {
        Campaign {
            puzzle: named("tetrasticks-aztec-spiked"),
            table: (
                "tetrasticks-aztec-spiked-search".to_string(),
                "All 25 one-sided tetrasticks in the spiked diamond (not Figure 15): the search"
                    .to_string(),
            ),
            command: "cargo xtask aztec --board spiked".to_string(),
            ..Campaign::new(dir)
        }
    }

    /// The shards searched at once: `threads`, or every core when it is 0.
    pub fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            t => t,
        }
    }

    /// Plans every subcase, loads the shards finished before, searches the others (unless
    /// `search` is off), calling `progress` with a line as each shard finishes, and returns
    /// what is done.
    pub fn run(&self, progress: impl Fn(&str) + Sync) -> Result<Report, CampaignError> {
        fs::create_dir_all(&self.dir).map_err(|e| file_error(&self.dir, e.to_string()))?;
        let (built, subcases) = split(&self.puzzle, &self.piece, self.breaker.as_deref())
            .map_err(|e| CampaignError::Puzzle(e.to_string()))?;
        let chosen: Vec<(usize, Subcase)> = subcases
            .into_iter()
            .enumerate()
            .filter(|(s, _)| self.only.is_none_or(|o| o == s + 1))
            .collect();
        // The plans (Monte Carlo probes of thousands of subproblems) in parallel.
        let planned: Vec<(Dlx, ShardPlan)> = std::thread::scope(|scope| {
            let handles: Vec<_> = chosen
                .iter()
                .map(|(_, sub)| {
                    scope.spawn(move || {
                        let mut dlx = Dlx::new(&sub.built.matrix);
                        dlx.fix(sub.x_option)
                            .expect("X's row is a row of its subcase's matrix");
                        let plan = dlx.shard_plan(HEURISTIC, self.shards);
                        (dlx, plan)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("planning does not panic"))
                .collect()
        });
        let mut parts = Vec::new();
        for ((s, sub), (dlx, plan)) in chosen.into_iter().zip(planned) {
            // The breaker is part of the plan's shape: row numbers depend on it.
            let shape = format!(
                "{} {} {}",
                plan.split.paths.len(),
                plan.split.depth,
                self.breaker.as_deref().unwrap_or("-")
            );
            let mut done = Vec::new();
            for k in 1..=plan.shards {
                done.push(Shard::load(&self.file(s + 1, k), &shape)?);
            }
            parts.push(Part {
                number: s + 1,
                sub,
                dlx,
                plan,
                shape,
                done,
            });
        }
        if self.search {
            self.run_pending(&mut parts, &progress)?;
        }
        let complete =
            self.only.is_none() && parts.iter().all(|p| p.done.iter().all(Option::is_some));
        let subcases = parts
            .into_iter()
            .map(|p| {
                let shards = p.done.len();
                // The plan's Monte Carlo sizes of the shards, done and in all.
                let estimate = (
                    p.done
                        .iter()
                        .zip(&p.plan.load)
                        .filter(|(d, _)| d.is_some())
                        .fold(0.0, |a, (_, l)| a + l),
                    p.plan.load.iter().sum::<f64>(),
                );
                let done: Vec<Shard> = p.done.into_iter().flatten().collect();
                let mut stats = sum_shards(done.iter().map(|shard| &shard.stats));
                stats.complete = done.len() == shards;
                // A fold from +0.0: an empty f64 sum is -0.0, which would print as "-0".
                let seconds = done.iter().fold(0.0, |a, shard| a + shard.seconds);
                let solutions = done
                    .iter()
                    .flat_map(|shard| &shard.solutions)
                    .map(|rows| p.sub.built.arrangement_of(rows.iter().copied()))
                    .collect();
                SubcaseReport {
                    sub: p.sub,
                    shards,
                    shards_done: done.len(),
                    estimate,
                    stats,
                    seconds,
                    solutions,
                }
            })
            .collect();
        Ok(Report {
            built,
            subcases,
            complete,
            table: self.table.clone(),
            command: self.command.clone(),
        })
    }

    fn file(&self, subcase: usize, k: usize) -> PathBuf {
        self.dir
            .join(format!("x{subcase}-{k}-of-{}.txt", self.shards))
    }

    /// Runs every unfinished shard, one shard per thread (each single-threaded: whole shards
    /// keep every core busy, where the subproblems inside one shard are too uneven to share
    /// well), saving each as it finishes.
    fn run_pending(
        &self,
        parts: &mut [Part],
        progress: &(impl Fn(&str) + Sync),
    ) -> Result<(), CampaignError> {
        let jobs: Vec<(usize, usize)> = parts
            .iter()
            .enumerate()
            .flat_map(|(p, part)| {
                (1..=part.plan.shards)
                    .filter(|&k| part.done[k - 1].is_none())
                    .map(move |k| (p, k))
            })
            .collect();
        let threads = self.thread_count();
        let next = AtomicUsize::new(0);
        let finished = Mutex::new(Vec::new());
        let failed = Mutex::new(None);
        let parts_ref = &*parts;
        std::thread::scope(|scope| {
            for _ in 0..threads.min(jobs.len()) {
                scope.spawn(|| {
                    while let Some(&(p, k)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let part = &parts_ref[p];
                        let shard = Shard::search(part, k);
                        if let Err(e) = shard.save(&self.file(part.number, k), &part.shape) {
                            lock(&failed).get_or_insert(e);
                            break;
                        }
                        progress(&format!(
                            "subcase {} ({}) shard {k}/{}: {} solutions, {} updates, {:.0} s",
                            part.number,
                            part.sub.label,
                            part.plan.shards,
                            shard.stats.solutions,
                            shard.stats.updates,
                            shard.seconds
                        ));
                        lock(&finished).push((p, k, shard));
                    }
                });
            }
        });
        if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(e);
        }
        for (p, k, shard) in finished.into_inner().unwrap_or_else(|e| e.into_inner()) {
            parts[p].done[k - 1] = Some(shard);
        }
        Ok(())
    }
}

/// The totals of the shards of one tree. The shard files keep no per-level profile, so
/// [`Stats::merge`] (which sums profiles) does not apply; and every shard's Stats counts the
/// root (nodes = 1 + its levels), which the tree has once.
fn sum_shards<'a>(shards: impl Iterator<Item = &'a Stats>) -> Stats {
    let mut total = Stats::default();
    let mut any = false;
    for s in shards {
        total.solutions += s.solutions;
        total.updates += s.updates;
        total.nodes += s.nodes - 1;
        any = true;
    }
    total.nodes += u64::from(any);
    total
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// One subcase: its matrix with X fixed, its shard plan and the shards finished so far.
struct Part {
    number: usize,
    sub: Subcase,
    dlx: Dlx,
    plan: ShardPlan,
    shape: String,
    done: Vec<Option<Shard>>,
}

/// What a campaign has done so far.
#[derive(Debug)]
pub struct Report {
    /// The full matrix (board and pieces for the classes).
    pub built: PolystickMatrix,
    /// Each subcase run, in order.
    pub subcases: Vec<SubcaseReport>,
    /// True when every shard of every subcase is done.
    pub complete: bool,
    /// The table's name and title ([`Campaign::table`]).
    pub table: (String, String),
    /// How to go on ([`Campaign::command`]).
    pub command: String,
}

/// One subcase's finished shards, added up.
#[derive(Debug)]
pub struct SubcaseReport {
    /// The subcase.
    pub sub: Subcase,
    /// Shards in its plan.
    pub shards: usize,
    /// Shards finished.
    pub shards_done: usize,
    /// The estimated nodes (the shard plan's Monte Carlo sizes) of the shards done, and of
    /// all: a rough measure of progress, since the sizes are heavy-tailed guesses.
    pub estimate: (f64, f64),
    /// Their figures, added (totals only); `complete` when all are done.
    pub stats: Stats,
    /// Their running times, added: thread-seconds, each shard running on one thread (wall
    /// time of that thread, so a busy machine makes it longer than the CPU time).
    pub seconds: f64,
    /// Their solutions, X included.
    pub solutions: Vec<Arrangement>,
}

impl Report {
    /// The classes of all solutions found under the board's 8 symmetries.
    pub fn classes(&self) -> dlx_polystick::Orbits {
        let all: Vec<Arrangement> = self
            .subcases
            .iter()
            .flat_map(|s| s.solutions.iter().cloned())
            .collect();
        orbits(&all, &self.built.board, &self.built.pieces)
    }

    /// The share of the estimated work done (by the shard plans' Monte Carlo sizes).
    pub fn estimated_progress(&self) -> f64 {
        let (done, all) = self
            .subcases
            .iter()
            .fold((0.0, 0.0), |(d, a), s| (d + s.estimate.0, a + s.estimate.1));
        if all > 0.0 { done / all } else { 0.0 }
    }

    /// Thread-seconds still to go, extrapolated from the shards done: their running
    /// time per estimated node, times the estimated nodes left. The estimates' scale errors
    /// cancel (shards in one subcase come out some 1.25-1.5x above their estimate alike); their
    /// scatter does not, so this is a guide. `None` before any shard is done.
    pub fn estimated_seconds_left(&self) -> Option<f64> {
        let (done, all) = self
            .subcases
            .iter()
            .fold((0.0, 0.0), |(d, a), s| (d + s.estimate.0, a + s.estimate.1));
        (done > 0.0).then(|| self.seconds() / done * (all - done))
    }

    /// The running times of every shard done, added (thread-seconds).
    pub fn seconds(&self) -> f64 {
        self.subcases.iter().fold(0.0, |t, s| t + s.seconds)
    }

    /// The figures of every subcase done so far, added.
    pub fn total(&self) -> Stats {
        // Separate trees, each with its own root: their figures simply add up.
        let mut total = Stats::default();
        for s in &self.subcases {
            total.solutions += s.stats.solutions;
            total.updates += s.stats.updates;
            total.nodes += s.stats.nodes;
        }
        total.complete = self.complete;
        total
    }

    /// The report as a table (the `tetrasticks-aztec-search` snapshot when complete).
    pub fn table(&self) -> Table {
        let (name, title) = &self.table;
        let mut t = Table::new(
            name,
            title,
            &[
                "X at",
                "orbit",
                "symmetries",
                "rows",
                "shards",
                "solutions",
                "classes",
                "updates",
                "nodes",
            ],
        );
        for s in &self.subcases {
            let classes = orbits(&s.solutions, &self.built.board, &self.built.pieces);
            t.row(
                &s.sub.label,
                vec![
                    s.sub.orbit.to_string(),
                    s.sub.stabiliser.to_string(),
                    Table::num(s.sub.built.matrix.options().len() as u64),
                    format!("{}/{}", s.shards_done, s.shards),
                    Table::num(s.stats.solutions),
                    Table::num(classes.classes as u64),
                    Table::num(s.stats.updates),
                    Table::num(s.stats.nodes),
                ],
            );
        }
        let total = self.total();
        let done: usize = self.subcases.iter().map(|s| s.shards_done).sum();
        let shards: usize = self.subcases.iter().map(|s| s.shards).sum();
        // Until every shard is in, the classes found are a lower bound: compare them with the
        // paper's 107 only then (a key with no paper figures compares nothing).
        let key = if self.complete {
            name.clone()
        } else {
            format!("{name} unfinished")
        };
        let places: usize = self.subcases.iter().map(|s| s.sub.orbit).sum();
        t.row_keyed(
            &key,
            "all",
            vec![
                Table::num(places as u64),
                String::new(),
                String::new(),
                format!("{done}/{shards}"),
                Table::num(total.solutions),
                Table::num(self.classes().classes as u64),
                Table::num(total.updates),
                Table::num(total.nodes),
            ],
        );
        t.note(format!(
            "X fixed at one place of each orbit of its {places} places under the 8 symmetries; where"
        ));
        t.note("symmetries fix that place (\"symmetries\"), W is kept only at the least place of");
        t.note(
            "each of its orbits under them (\"rows\": the subcase's matrix). Classes: solutions",
        );
        t.note(
            "sorted under the 8 symmetries (a reflection turns F into F' and so on); a class can",
        );
        t.note(
            "be met in two subcases, so \"all\" counts them anew. Updates and nodes are those of",
        );
        t.note("one plain DLX search (S heuristic) per subcase with X's row fixed beforehand.");
        if !self.complete {
            t.note(format!(
                "NOT FINISHED: run `{}` until every shard is done; the classes",
                self.command
            ));
            t.note("are counted in full (and compared with the paper's, if it has one) then.");
        }
        t
    }
}

/// A finished shard: its figures, its running time and the rows of its solutions (X's row
/// included).
#[derive(Debug, Clone, PartialEq)]
struct Shard {
    stats: Stats,
    seconds: f64,
    solutions: Vec<Vec<OptionId>>,
}

impl Shard {
    /// Searches shard `k` of a subcase on the calling thread.
    fn search(part: &Part, k: usize) -> Shard {
        let mut dlx = part.dlx.clone();
        let found = Mutex::new(Vec::new());
        let start = Instant::now();
        let stats = dlx
            .shard(HEURISTIC, &part.plan, k, 1, |sol| {
                let mut rows = sol.sorted_options();
                rows.push(part.sub.x_option);
                rows.sort_unstable();
                lock(&found).push(rows);
            })
            .expect("k is a shard of the plan");
        let mut solutions = found.into_inner().unwrap_or_else(|e| e.into_inner());
        solutions.sort();
        Shard {
            stats,
            seconds: start.elapsed().as_secs_f64(),
            solutions,
        }
    }

    fn save(&self, file: &Path, shape: &str) -> Result<(), CampaignError> {
        let mut text = format!(
            "plan {shape}\nsolutions {}\nupdates {}\nnodes {}\nseconds {:.1}\n",
            self.stats.solutions, self.stats.updates, self.stats.nodes, self.seconds
        );
        for rows in &self.solutions {
            let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
            text.push_str(&format!("rows {}\n", rows.join(" ")));
        }
        // Written whole, then renamed: a file that exists is a finished shard.
        let tmp = file.with_extension("tmp");
        fs::write(&tmp, text).map_err(|e| file_error(&tmp, e.to_string()))?;
        fs::rename(&tmp, file).map_err(|e| file_error(file, e.to_string()))
    }

    fn load(file: &Path, shape: &str) -> Result<Option<Shard>, CampaignError> {
        let Ok(text) = fs::read_to_string(file) else {
            return Ok(None);
        };
        let bad = |why: String| file_error(file, why);
        let mut fields: BTreeMap<&str, &str> = BTreeMap::new();
        let mut solutions = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let (key, value) = line
                .split_once(' ')
                .ok_or_else(|| bad(format!("line {}: malformed", n + 1)))?;
            if key == "rows" {
                let rows = value
                    .split(' ')
                    .map(|r| r.parse::<OptionId>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|_| bad(format!("line {}: bad row number", n + 1)))?;
                solutions.push(rows);
            } else {
                fields.insert(key, value);
            }
        }
        if fields.get("plan") != Some(&shape) {
            return Err(bad(format!(
                "written for another shard plan (`{}`, this one is `{shape}`): use another --dir",
                fields.get("plan").unwrap_or(&"?")
            )));
        }
        let num = |key: &str| -> Result<u64, CampaignError> {
            fields
                .get(key)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| bad(format!("no `{key}`")))
        };
        let stats = Stats {
            solutions: num("solutions")?,
            updates: num("updates")?,
            nodes: num("nodes")?,
            complete: true,
            ..Stats::default()
        };
        if stats.nodes == 0 {
            return Err(bad("`nodes` is 0, but every search counts its root".into()));
        }
        if stats.solutions != solutions.len() as u64 {
            return Err(bad("the solution count and the rows listed disagree".into()));
        }
        let seconds = fields
            .get("seconds")
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| bad("no `seconds`".into()))?;
        Ok(Some(Shard {
            stats,
            seconds,
            solutions,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("aztec-{tag}-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_saved_shard_loads_back_and_another_plan_is_refused() {
        let dir = temp_dir("file");
        let file = dir.join("x1-1-of-2.txt");
        let shard = Shard {
            stats: Stats {
                solutions: 2,
                updates: 12_345_678_901,
                nodes: 987,
                complete: true,
                ..Stats::default()
            },
            seconds: 1.5,
            solutions: vec![vec![3, 17, 2954], vec![4, 18, 2954]],
        };
        shard.save(&file, "2048 4 W").unwrap();
        assert_eq!(Shard::load(&file, "2048 4 W").unwrap(), Some(shard));
        let err = Shard::load(&file, "2048 4 T").unwrap_err().to_string();
        assert!(err.contains("another shard plan"), "{err}");
        assert!(err.contains("x1-1-of-2.txt"), "{err}");
        assert!(
            Shard::load(&dir.join("missing.txt"), "2048 4 W")
                .unwrap()
                .is_none()
        );
        fs::write(
            &file,
            "plan 2048 4 W\nsolutions 1\nupdates 1\nnodes 1\nseconds 1\n",
        )
        .unwrap();
        let err = Shard::load(&file, "2048 4 W").unwrap_err().to_string();
        assert!(err.contains("disagree"), "{err}");
        fs::write(
            &file,
            "plan 2048 4 W\nsolutions 0\nupdates 1\nnodes 0\nseconds 1\n",
        )
        .unwrap();
        let err = Shard::load(&file, "2048 4 W").unwrap_err().to_string();
        assert!(err.contains("`nodes` is 0"), "{err}");
        fs::write(&file, "plan 2048 4 W\nrows 1 x\n").unwrap();
        let err = Shard::load(&file, "2048 4 W").unwrap_err().to_string();
        assert!(err.contains("line 2: bad row number"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn x_splits_figure_15_into_six_places_as_goodger_and_wassermann_do() {
        // 40 points where four segments meet, none at the centre (a square's): two orbits of
        // 4 on the diagonals, four of 8 off them; (4,4) is the centre square's lower left
        // corner.
        let (built, subcases) = aztec_subcases();
        check_split(
            &built,
            &subcases,
            &[4, 4, 8, 8, 8, 8],
            "X H34 H44 V43 V44 I44",
        );
    }

    #[test]
    fn x_splits_the_spiked_diamond_into_nine_places() {
        // 41 interior points: the centre, then points on the axes and diagonals (4 each) and
        // off them (8 each).
        let (built, subcases) = spiked_subcases();
        assert_eq!(built.matrix.options().len(), 2955);
        check_split(
            &built,
            &subcases,
            &[1, 4, 4, 4, 4, 4, 4, 8, 8],
            "X H45 H55 V54 V55 I55",
        );
    }

    /// The orbits of X's places are `orbits` (sorted), `label` is one subcase, and W is cut
    /// as X's stabiliser says.
    fn check_split(built: &PolystickMatrix, subcases: &[Subcase], orbits: &[usize], label: &str) {
        let mut found: Vec<usize> = subcases.iter().map(|s| s.orbit).collect();
        found.sort_unstable();
        assert_eq!(found, orbits);
        assert!(subcases.iter().any(|s| s.label == label), "{label}");
        w_is_cut_by_the_stabiliser(built, subcases);
    }

    fn w_is_cut_by_the_stabiliser(built: &PolystickMatrix, subcases: &[Subcase]) {
        assert!(subcases.iter().all(|s| s.label.starts_with("X ")));
        // W is cut to about 1/|stabiliser| of its rows where X's place has symmetries.
        let w_rows = |b: &PolystickMatrix| {
            b.placements
                .iter()
                .filter(|pl| b.pieces[pl.piece].name() == AZTEC_BREAKER)
                .count()
        };
        let all_w = w_rows(built);
        for s in subcases {
            assert_eq!(s.orbit * s.stabiliser, 8, "{}", s.label);
            assert_eq!(s.built.row_text(s.x_option), s.label);
            let kept = w_rows(&s.built);
            assert!(
                kept * s.stabiliser >= all_w,
                "{}: {kept} of {all_w}",
                s.label
            );
            assert!(
                kept * s.stabiliser < all_w + 8 * s.stabiliser,
                "{}",
                s.label
            );
            if s.stabiliser == 1 {
                assert_eq!(s.built.matrix, built.matrix);
            }
        }
    }

    #[test]
    fn a_whole_campaign_on_figure_13_finds_its_3_classes_and_resumes_without_searching() {
        let dir = temp_dir("figure13");
        let campaign = Campaign {
            puzzle: named("tetrasticks-welded-4x4"),
            piece: "X".to_string(),
            breaker: Some("T".to_string()),
            shards: 3,
            threads: 2,
            ..Campaign::new(&dir)
        };
        let lines = Mutex::new(0);
        let report = campaign.run(|_| *lock(&lines) += 1).unwrap();
        assert!(report.complete);
        assert_eq!(
            report.subcases.len(),
            3,
            "X's places in 4x4: centre, edges, corners"
        );
        assert_eq!(*lock(&lines), 3 * 3, "one line per shard");
        assert_eq!(report.classes().classes, 3);
        // Complete, so the table compares the classes with the paper's figure (here the
        // Aztec diamond's 107, which Figure 13 is not meant to meet).
        let text = report.table().render();
        assert!(text.contains("all classes: paper 107; ours 3"), "{text}");
        // The shards add up to exactly one plain search of each subcase.
        let (_, subcases) = split(&campaign.puzzle, "X", Some("T")).unwrap();
        for (done, sub) in report.subcases.iter().zip(&subcases) {
            let mut dlx = Dlx::new(&sub.built.matrix);
            dlx.fix(sub.x_option).unwrap();
            let whole = dlx.count(HEURISTIC);
            assert_eq!(
                (done.stats.solutions, done.stats.updates, done.stats.nodes),
                (whole.solutions, whole.updates, whole.nodes),
                "{}",
                sub.label
            );
        }
        // A second run finds every shard done and searches nothing.
        let again = campaign
            .run(|line| panic!("searched again: {line}"))
            .unwrap();
        assert_eq!(again.total(), report.total());
        assert_eq!(again.classes().classes, 3);
        // Without the breaker the plan differs, and the files say so.
        let unbroken = Campaign {
            breaker: None,
            ..campaign.clone()
        };
        let err = unbroken.run(|_| {}).unwrap_err().to_string();
        assert!(err.contains("another shard plan"), "{err}");
        // A breaker that a reflection turns into another piece is refused.
        let chiral = Campaign {
            breaker: Some("F".to_string()),
            ..campaign
        };
        let err = chiral.run(|_| {}).unwrap_err().to_string();
        assert!(err.contains("cannot split") && err.contains("`F`"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Each primary item of `matrix` exactly once in `rows`, each secondary at most once.
    fn exact_cover(matrix: &dlx_core::Matrix, rows: &[OptionId]) -> Result<(), String> {
        let mut seen = vec![0u32; matrix.items().len()];
        for &r in rows {
            let row = matrix.options().get(r).ok_or(format!("no row {r}"))?;
            for &i in row {
                seen[i] += 1;
            }
        }
        for (item, &n) in matrix.items().iter().zip(&seen) {
            let ok = match item.kind {
                dlx_core::ItemKind::Primary => n == 1,
                dlx_core::ItemKind::Secondary => n <= 1,
            };
            if !ok {
                return Err(format!("item {} covered {n} times", item.name));
            }
        }
        Ok(())
    }

    /// `results/aztec` is under version control (see [`default_dir`]): a change to the
    /// matrix or to the shard plan that makes those files wrong must fail here, not hours
    /// into the next campaign; and every solution they hold must be a solution.
    #[test]
    fn the_committed_shards_fit_the_current_plan_and_hold_exact_covers() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/aztec");
        committed_shards_check(Campaign::new(&dir), aztec_subcases().1);
    }

    #[test]
    fn the_spiked_diamonds_shards_fit_the_current_plan_and_hold_exact_covers() {
        let spiked = Campaign::spiked(spiked_dir());
        let report = committed_shards_check(spiked, spiked_subcases().1);
        assert!(
            report.complete,
            "the spiked diamond's campaign is finished and committed"
        );
    }

    fn committed_shards_check(campaign: Campaign, subcases: Vec<Subcase>) -> Report {
        let dir = campaign.dir.clone();
        let status = Campaign {
            search: false,
            ..campaign
        };
        // Counted first: a campaign running in this directory may add files meanwhile.
        let files = fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|name| name.ends_with(&format!("-of-{SHARDS}.txt")))
            .count();
        // Refuses (errs on) any file written under another plan.
        let report = status.run(|_| {}).unwrap();
        let loaded: usize = report.subcases.iter().map(|s| s.shards_done).sum();
        assert!(
            loaded >= files,
            "{loaded} of the {files} shard files in {} read",
            dir.display()
        );
        for (s, sub) in subcases.iter().enumerate() {
            for k in 1..=SHARDS {
                let file = status.file(s + 1, k);
                let Ok(text) = fs::read_to_string(&file) else {
                    continue;
                };
                let shape = text.lines().next().unwrap().trim_start_matches("plan ");
                let shard = Shard::load(&file, shape).unwrap().unwrap();
                for rows in &shard.solutions {
                    assert!(
                        rows.contains(&sub.x_option),
                        "{}: X elsewhere",
                        file.display()
                    );
                    exact_cover(&sub.built.matrix, rows)
                        .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
                }
            }
        }
        report
    }

    #[test]
    fn exact_cover_refuses_a_gap_and_an_overlap() {
        let m = dlx_core::format::parse("a b | x\na x\nb x\nb\n").unwrap();
        assert!(exact_cover(&m, &[0, 2]).is_ok());
        assert!(
            exact_cover(&m, &[0])
                .unwrap_err()
                .contains("item b covered 0 times")
        );
        assert!(
            exact_cover(&m, &[0, 1])
                .unwrap_err()
                .contains("item x covered 2 times")
        );
    }

    #[test]
    fn a_status_run_reads_without_searching_and_sums_what_is_done() {
        let dir = temp_dir("status");
        let status = Campaign {
            search: false,
            only: Some(6),
            shards: 2,
            ..Campaign::new(&dir)
        };
        let report = status.run(|_| {}).unwrap();
        assert_eq!(report.subcases.len(), 1);
        assert_eq!(report.subcases[0].shards_done, 0);
        assert!(!report.complete);
        assert_eq!(report.estimated_seconds_left(), None);
        // Nothing done reads +0, not the -0 of an empty f64 sum (printed as "-0").
        assert!(report.estimated_progress().is_sign_positive());
        assert!(report.subcases[0].seconds.is_sign_positive());
        // A shard written by hand for this plan is read back into the sums.
        let (_, subcases) = aztec_subcases();
        let mut dlx = Dlx::new(&subcases[5].built.matrix);
        dlx.fix(subcases[5].x_option).unwrap();
        let plan = dlx.shard_plan(HEURISTIC, 2);
        let shape = format!("{} {} W", plan.split.paths.len(), plan.split.depth);
        let shard = Shard {
            stats: Stats {
                updates: 5_000_000_000,
                nodes: 7,
                complete: true,
                ..Stats::default()
            },
            seconds: 2.0,
            solutions: Vec::new(),
        };
        shard.save(&status.file(6, 2), &shape).unwrap();
        let report = status.run(|_| {}).unwrap();
        assert_eq!(report.subcases[0].shards_done, 1);
        assert_eq!(report.total().updates, 5_000_000_000);
        // Progress by the plan's estimates: shard 2's share of the subcase.
        let share = plan.load[1] / plan.load.iter().sum::<f64>();
        assert!((report.estimated_progress() - share).abs() < 1e-12);
        assert!(share > 0.0 && share < 1.0);
        // Time left: 2 s for that share, so 2 s x (1 - share) / share for the rest.
        let left = report.estimated_seconds_left().unwrap();
        assert!((left - 2.0 * (1.0 - share) / share).abs() < 1e-9, "{left}");
        let text = report.table().render();
        assert!(text.contains("NOT FINISHED"), "{text}");
        assert!(!text.contains("UNEXPLAINED"), "{text}");
        assert!(text.contains("1/2"), "{text}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
