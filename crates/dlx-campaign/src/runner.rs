//! The runner: searches the shards of a campaign that have no record yet, each written whole
//! as soon as it is finished, so that a run stopped at any moment loses at most the shards
//! under way and the next run goes on.
//!
//! ```
//! use dlx_campaign::{Campaign, RunOptions, Shards};
//! use dlx_core::{Heuristic, format};
//!
//! let dir = std::env::temp_dir().join(format!("dlx-runner-doc-{}", std::process::id()));
//! let m = format::parse("a b c d\na b\nc d\na\nb\nc\nd\na c\nb d\n")?;
//! Shards::create(&dir, "doc", &m, 3, Heuristic::Mrv, Vec::new(), false)?;
//! let campaign = Campaign::open(&dir)?;
//! let searched = campaign.run(&RunOptions::default(), |_| {})?;
//! assert_eq!(searched, 3);
//! // Nothing is left to search, and the shards add up to the whole search.
//! assert_eq!(campaign.run(&RunOptions::default(), |_| {})?, 0);
//! let Campaign::Search(shards) = &campaign else { unreachable!() };
//! assert_eq!(shards.merge()?.stats.solutions, 7);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dlx_core::{Problem, Solution, Stats};

use crate::lease::{self, Claim};
use crate::{Campaign, CampaignError, RunKey, ShardRecord, Shards, StoppedIn, matrix_hash};

/// How a campaign's shards are searched ([`Campaign::run`], [`Shards::run`]).
#[derive(Debug, Clone, Copy)]
pub struct RunOptions<'a> {
    /// Search only this shard (one job of a job array), or every shard without a record.
    pub only: Option<usize>,
    /// Threads per shard (0 = one per core).
    pub threads: usize,
    /// The flag that stops the run (a Ctrl-C handler's): the shard under way is dropped and
    /// searched again, whole, by the next run.
    pub interrupt: Option<&'a AtomicBool>,
}

impl Default for RunOptions<'_> {
    /// Every shard without a record, on every core, until the end.
    fn default() -> Self {
        RunOptions {
            only: None,
            threads: 0,
            interrupt: None,
        }
    }
}

/// What the runner tells as it goes.
#[derive(Debug)]
pub enum Event<'r> {
    /// The subcase about to be searched (a split campaign), by name and description; told
    /// again, while the run waits for shards other runs hold, before the first line about a
    /// shard of another subcase than the last told.
    Subcase {
        /// Its folder's name.
        name: &'r str,
        /// What it fixes.
        about: &'r str,
    },
    /// Shard `k` of `n`, asked for by [`RunOptions::only`], is finished already.
    AlreadyDone {
        /// The shard.
        k: usize,
        /// The shards of the search.
        n: usize,
    },
    /// Shard `k` of `n` is being searched by another run (its marker is held) when this run
    /// has been through the other shards: it waits for it, and searches it if that run is
    /// killed. Told once, as the waiting begins.
    Held {
        /// The shard.
        k: usize,
        /// The shards of the search.
        n: usize,
    },
    /// Shard `k` of `n` is finished and its record written.
    Finished {
        /// The shard.
        k: usize,
        /// The shards of the search.
        n: usize,
        /// Its record, as written.
        record: &'r ShardRecord,
    },
}

/// How long a run waits between looks at the shards other runs hold.
const WAIT: Duration = Duration::from_secs(2);

/// A run's state for one search (a subcase, in a split): the problem and the plan, made at
/// its first shard to search.
#[derive(Default)]
struct Turn {
    problem: Option<Problem>,
    plan: Option<dlx_core::ShardPlan>,
}

/// What one look at a shard came to.
enum Attempt {
    /// It has its record (an earlier run's, or another run's).
    Done,
    /// Another run holds its marker.
    Held,
    /// This run searched it: its record, as written.
    Searched(ShardRecord),
    /// Its record cannot be trusted: why (never overwritten; the run goes on without it).
    Damaged(CampaignError),
}

/// A run over one or more searches (the subcases of a split): what it searched, the first
/// damaged record it met, and the shards other runs hold, by search.
struct Run<'o, 'f> {
    options: &'o RunOptions<'f>,
    flag: &'o AtomicBool,
    searched: usize,
    damaged: Option<CampaignError>,
    held: Vec<(usize, usize)>,
}

impl<'o, 'f> Run<'o, 'f> {
    /// A run with these options, stopped by their flag, else by `never` (never set).
    fn new(options: &'o RunOptions<'f>, never: &'o AtomicBool) -> Self {
        Run {
            options,
            flag: options.interrupt.unwrap_or(never),
            searched: 0,
            damaged: None,
            held: Vec::new(),
        }
    }

    /// Every shard of `todo` in search `i`, once: a shard another run holds is left for
    /// [`Run::wait`].
    fn pass(
        &mut self,
        i: usize,
        shards: &Shards,
        todo: impl IntoIterator<Item = usize>,
        tell: &mut impl FnMut(Event<'_>),
    ) -> Result<(), CampaignError> {
        let mut turn = Turn::default();
        for k in todo {
            if self.take(shards, k, &mut turn, tell)? {
                self.held.push((i, k));
            }
        }
        Ok(())
    }

    /// Shard `k` once, told; true when another run holds it.
    fn take(
        &mut self,
        shards: &Shards,
        k: usize,
        turn: &mut Turn,
        tell: &mut impl FnMut(Event<'_>),
    ) -> Result<bool, CampaignError> {
        let n = shards.shards;
        let threads = self.options.threads;
        match shards.attempt(k, turn, threads, self.flag, self.searched)? {
            Attempt::Done if self.options.only.is_some() => tell(Event::AlreadyDone { k, n }),
            Attempt::Done => {}
            Attempt::Held => return Ok(true),
            Attempt::Searched(record) => {
                self.searched += 1;
                tell(Event::Finished {
                    k,
                    n,
                    record: &record,
                });
            }
            Attempt::Damaged(e) => {
                self.damaged.get_or_insert(e);
            }
        }
        Ok(false)
    }

    /// Waits for the shards other runs hold, until each has its record or its marker goes
    /// stale (its run was killed) and this run searches it: a run that ends well leaves every
    /// shard finished. `search(i)` is search `i`; `about(i)` tells its subcase, if any,
    /// before the first line about one of its shards.
    fn wait<'s>(
        &mut self,
        search: impl Fn(usize) -> Result<Cow<'s, Shards>, CampaignError>,
        about: impl Fn(usize, &mut dyn FnMut(Event<'_>)),
        tell: &mut impl FnMut(Event<'_>),
    ) -> Result<(), CampaignError> {
        if self.held.is_empty() {
            return Ok(());
        }
        let mut told = None;
        // Each search with held shards opened once, with its turn.
        let mut open: BTreeMap<usize, (Cow<'s, Shards>, Turn)> = BTreeMap::new();
        // The first look comes at once and searches nothing: the shards finished meanwhile
        // (most of those held during the pass) go, and the others are told, once.
        let mut first_look = true;
        while !self.held.is_empty() {
            let waited = Instant::now();
            loop {
                if self.flag.load(Ordering::Relaxed) {
                    return Err(CampaignError::Stopped {
                        during: StoppedIn::Waiting,
                        kept: self.searched,
                    });
                }
                if first_look || waited.elapsed() >= WAIT {
                    break;
                }
                std::thread::sleep(WAIT / 10);
            }
            for (i, k) in std::mem::take(&mut self.held) {
                let (shards, turn) = match open.entry(i) {
                    Entry::Occupied(e) => e.into_mut(),
                    Entry::Vacant(e) => e.insert((search(i)?, Turn::default())),
                };
                let n = shards.shards;
                // A subcase is told before the first line about one of its shards.
                let mut tell_about = |event: Event<'_>| {
                    if told != Some(i) {
                        about(i, tell);
                        told = Some(i);
                    }
                    tell(event);
                };
                let still = if first_look {
                    match shards.finished(k) {
                        Ok(Some(_)) if self.options.only.is_some() => {
                            tell_about(Event::AlreadyDone { k, n });
                            false
                        }
                        Ok(Some(_)) => false,
                        Ok(None) => {
                            tell_about(Event::Held { k, n });
                            true
                        }
                        Err(e) => {
                            self.damaged.get_or_insert(e);
                            false
                        }
                    }
                } else {
                    self.take(shards, k, turn, &mut |event| tell_about(event))?
                };
                if still {
                    self.held.push((i, k));
                }
            }
            first_look = false;
        }
        Ok(())
    }

    /// How many shards were searched, or the first damaged record met.
    fn end(self) -> Result<usize, CampaignError> {
        match self.damaged {
            Some(e) => Err(e),
            None => Ok(self.searched),
        }
    }
}

impl Campaign {
    /// Searches every shard without a record (each subcase in turn, for a split), writing each
    /// as it finishes, then waits for the shards other runs hold; returns how many were
    /// searched. See [`Shards::run`].
    pub fn run(
        &self,
        options: &RunOptions<'_>,
        mut tell: impl FnMut(Event<'_>),
    ) -> Result<usize, CampaignError> {
        match self {
            Campaign::Search(s) => s.run(options, tell),
            Campaign::Split(split) => {
                let never = AtomicBool::new(false);
                let mut run = Run::new(options, &never);
                let about = |i: usize, tell: &mut dyn FnMut(Event<'_>)| {
                    let sub = &split.subcases[i];
                    tell(Event::Subcase {
                        name: &sub.name,
                        about: &sub.about,
                    });
                };
                for i in 0..split.subcases.len() {
                    about(i, &mut tell);
                    let shards = split.subcase(i)?;
                    let todo = shards.todo(options.only)?;
                    run.pass(i, &shards, todo, &mut tell)?;
                }
                run.wait(|i| split.subcase(i).map(Cow::Owned), about, &mut tell)?;
                run.end()
            }
        }
    }
}

impl Shards {
    /// Searches the shards without a record (or only [`RunOptions::only`]), in order, each
    /// with the plan made once for the campaign: a `shard-K-of-N.running` marker (the process,
    /// its machine and its start, renewed every [`crate::MARKER_RENEW`]) while it runs, then
    /// its record, written whole and renamed into place, with its wall and CPU seconds and,
    /// if the campaign keeps them, its solutions. Returns how many shards were searched.
    ///
    /// Runs on one folder share the shards: a shard whose marker another run holds is left
    /// to it ([`Event::Held`]), and one whose marker was left by a killed run is taken over
    /// (module `lease`: a marker not renewed for [`crate::MARKER_STALE`], or naming a process
    /// of this machine that is gone). Once through the shards, the run waits for those other
    /// runs hold, taking over any whose run is killed, so that a run that returns `Ok` leaves
    /// its shards finished. An interrupt stops the run with [`CampaignError::Stopped`]; the
    /// shard under way leaves nothing behind. A damaged record is skipped, the other shards
    /// searched, and the run then ends with the error naming it.
    pub fn run(
        &self,
        options: &RunOptions<'_>,
        mut tell: impl FnMut(Event<'_>),
    ) -> Result<usize, CampaignError> {
        let todo = self.todo(options.only)?;
        let never = AtomicBool::new(false);
        let mut run = Run::new(options, &never);
        run.pass(0, self, todo, &mut tell)?;
        run.wait(|_| Ok(Cow::Borrowed(self)), |_, _| {}, &mut tell)?;
        run.end()
    }

    /// The shards a run looks at: only `only`, or all.
    fn todo(&self, only: Option<usize>) -> Result<Vec<usize>, CampaignError> {
        let n = self.shards;
        match only {
            Some(k) if k == 0 || k > n => Err(CampaignError::Invalid(format!(
                "shard {k} does not exist: shards are numbered 1 to {n}"
            ))),
            Some(k) => Ok(vec![k]),
            None => Ok((1..=n).collect()),
        }
    }

    /// Shard `k`, once: done already, its record damaged, held by another run, or searched
    /// now on `threads`, stopped by `flag`, and its record written (`kept` shards before it,
    /// for a stop's message).
    fn attempt(
        &self,
        k: usize,
        turn: &mut Turn,
        threads: usize,
        flag: &AtomicBool,
        kept: usize,
    ) -> Result<Attempt, CampaignError> {
        let marker = self.marker_path(k);
        match self.finished(k) {
            Ok(Some(_)) => {
                // A run killed between its record and its marker's removal left the marker.
                lease::clear_left(&marker)?;
                return Ok(Attempt::Done);
            }
            Ok(None) => {}
            Err(e) => return Ok(Attempt::Damaged(e)),
        }
        let text = lease::text();
        if lease::claim(&marker, k, &text)? == Claim::Held {
            return Ok(Attempt::Held);
        }
        // Finished by another run since it was looked at (its record is written before its
        // marker goes), or a record there now that cannot be trusted (never overwritten).
        let since = match self.finished(k) {
            Ok(Some(_)) => Some(Attempt::Done),
            Ok(None) => None,
            Err(e) => Some(Attempt::Damaged(e)),
        };
        if let Some(since) = since {
            let _ = std::fs::remove_file(&marker);
            return Ok(since);
        }
        // Renewed from the claim to the record: making the plan may take a while too.
        let searched =
            lease::renewing(&marker, &text, || self.search(k, turn, threads, flag, kept));
        // Only once the record is written: a run that finds neither would search the shard
        // again.
        let _ = std::fs::remove_file(&marker);
        searched.map(Attempt::Searched)
    }

    /// Searches shard `k`, whose marker this run holds, and writes its record.
    fn search(
        &self,
        k: usize,
        turn: &mut Turn,
        threads: usize,
        flag: &AtomicBool,
        kept: usize,
    ) -> Result<ShardRecord, CampaignError> {
        let problem = match &mut turn.problem {
            Some(problem) => problem,
            None => {
                let mut problem = Problem::new(&self.matrix);
                let fixed = self.fixed.iter().copied();
                (problem.solve().fix(fixed).map(drop)).map_err(|e| {
                    CampaignError::Invalid(format!("cannot fix the options {:?}: {e}", self.fixed))
                })?;
                turn.problem.insert(problem)
            }
        };
        // Read back from the folder, or made once (and kept there for the next runs).
        let plan = match &turn.plan {
            Some(plan) => plan,
            None => {
                let made = self.plan(problem, flag, threads).map_err(|e| match e {
                    CampaignError::Stopped { during, .. } => {
                        CampaignError::Stopped { during, kept }
                    }
                    e => e,
                })?;
                turn.plan.insert(made)
            }
        };
        let cleansings = problem.counts_cleansings();
        let (start, cpu) = (Instant::now(), cpu_seconds());
        let (stats, depth, subproblems, rows) = self.shard(problem, plan, k, threads, flag)?;
        if !stats.complete {
            // Stopped: the shard is searched again, whole, by the next run.
            return Err(CampaignError::Stopped {
                during: StoppedIn::Shard(k),
                kept,
            });
        }
        let n = self.shards;
        let mut key = RunKey::new(matrix_hash(&self.matrix), self.heuristic, n, depth);
        key.fixed = self.fixed.clone();
        let mut record = ShardRecord::new(key, k, subproblems, stats);
        record.cleansings = cleansings;
        record.seconds = Some(start.elapsed().as_secs_f64());
        record.cpu_seconds = cpu.zip(cpu_seconds()).map(|(a, b)| b - a);
        record.rows = rows;
        self.save(&record)?;
        Ok(record)
    }

    /// Searches shard `k` of the plan: its figures, the cut's depth and subproblems, and the
    /// solutions' options (sorted, the fixed ones included, in a fixed order) if kept.
    #[allow(clippy::type_complexity)]
    fn shard(
        &self,
        problem: &mut Problem,
        plan: &dlx_core::ShardPlan,
        k: usize,
        threads: usize,
        flag: &AtomicBool,
    ) -> Result<(Stats, usize, usize, Option<Vec<Vec<usize>>>), CampaignError> {
        let invalid = |e: &dyn std::fmt::Display| CampaignError::Invalid(e.to_string());
        // The plan fixes the options it was made with.
        let mut solve = (problem.solve())
            .shard_plan(plan, k)
            .map_err(|e| invalid(&e))?
            .threads(threads)
            .interrupt(flag);
        let cut = solve.shard_cut().expect("a shard has a cut");
        let mut rows = Vec::new();
        let stats = if self.keep_solutions {
            solve.run(|s: &Solution| {
                let mut options = s.sorted_options();
                options.extend(&self.fixed);
                options.sort_unstable();
                rows.push(options);
                std::ops::ControlFlow::Continue(())
            })
        } else {
            solve.count()
        };
        // In a fixed order, whatever the threads' timing.
        rows.sort_unstable();
        let rows = self.keep_solutions.then_some(rows);
        Ok((stats, cut.depth, cut.subproblems, rows))
    }
}

/// The process's CPU time (all threads), where the system tells it (Linux's `/proc`).
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) in parentheses; utime and stime
    // are the 14th and 15th fields, in clock ticks of 1/100 s on Linux.
    let rest = text.rsplit_once(')')?.1;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use dlx_core::{Heuristic, Problem, format};

    use super::*;
    use crate::Split;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("dlx-runner-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// Found by an audit: a link planted as a shard's marker made the run write through it,
    /// over a file outside the campaign; a pipe planted as a record made every command wait
    /// forever. The marker is now replaced in place, and a record that is not a regular file
    /// is named as such.
    #[cfg(unix)]
    #[test]
    fn links_and_pipes_in_the_folder_are_not_followed_or_waited_on() {
        let dir = temp("planted");
        let m = four_items();
        let shards =
            Shards::create(&dir, "test", &m, 2, Heuristic::Mrv, Vec::new(), false).unwrap();
        let victim = temp("victim");
        std::fs::write(&victim, "precious").unwrap();
        std::os::unix::fs::symlink(&victim, shards.marker_path(1)).unwrap();
        // A dangling link as the record: the shard is not done, and its record is written.
        std::os::unix::fs::symlink(dir.join("nowhere"), shards.shard_path(2)).unwrap();
        shards.run(&RunOptions::default(), |_| {}).unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(
            shards.merge().unwrap().stats,
            Problem::new(&m).solve().count()
        );
        std::fs::remove_file(shards.shard_path(1)).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(shards.shard_path(1))
            .status();
        if made.is_ok_and(|s| s.success()) {
            let e = shards.finished(1).unwrap_err().to_string();
            assert!(
                e.contains("shard-1-of-2.json") && e.contains("not a regular file"),
                "{e}"
            );
            assert!(shards.merge().is_err());
        }
        std::fs::remove_dir_all(&dir).unwrap();
        std::fs::remove_file(&victim).unwrap();
    }

    /// A stopped run keeps nothing of the shard under way; the next run finishes the
    /// campaign, whose records add up to the unsharded search, solutions included.
    #[test]
    fn a_stopped_run_is_taken_up_by_the_next() {
        let dir = temp("resume");
        let m = four_items();
        let shards = Shards::create(&dir, "test", &m, 4, Heuristic::Mrv, Vec::new(), true).unwrap();
        let stop = AtomicBool::new(true);
        let options = RunOptions {
            interrupt: Some(&stop),
            ..RunOptions::default()
        };
        let e = shards.run(&options, |_| {}).unwrap_err();
        assert!(matches!(e, CampaignError::Stopped { kept: 0, .. }), "{e}");
        assert!(shards.progress().done.is_empty());
        assert!(shards.progress().running.is_empty(), "no marker is left");
        let mut finished = Vec::new();
        let searched = shards
            .run(&RunOptions::default(), |e| {
                if let Event::Finished { k, .. } = e {
                    finished.push(k);
                }
            })
            .unwrap();
        assert_eq!((searched, finished), (4, vec![1, 2, 3, 4]));
        let merged = shards.merge().unwrap();
        assert_eq!(merged.stats, Problem::new(&m).solve().count());
        let mut rows: Vec<Vec<usize>> = (shards.progress().done.into_iter())
            .flat_map(|r| r.rows.unwrap())
            .collect();
        rows.sort();
        let mut all: Vec<Vec<usize>> = Problem::new(&m)
            .solve()
            .iter()
            .map(|s| s.sorted_options())
            .collect();
        all.sort();
        assert_eq!(rows, all);
        // Asked for again, a finished shard is said to be done.
        let mut told = false;
        let only = RunOptions {
            only: Some(2),
            ..RunOptions::default()
        };
        assert_eq!(
            shards
                .run(&only, |e| told |=
                    matches!(e, Event::AlreadyDone { k: 2, n: 4 }))
                .unwrap(),
            0
        );
        assert!(told);
        let missing = RunOptions {
            only: Some(5),
            ..RunOptions::default()
        };
        assert!(shards.run(&missing, |_| {}).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Colours and bounds: the records count Knuth's cleansings and add up to DLX2's figures.
    #[test]
    fn a_campaign_with_colours_adds_up_to_the_whole_search() {
        let dir = temp("colours");
        let m = format::parse(
            "a b c | ab bc\na ab:1\na ab:2\nb ab:1 bc:1\nb ab:2 bc:2\nb ab:1 bc:2\nc bc:1\nc bc:2\n",
        )
        .unwrap();
        let shards =
            Shards::create(&dir, "test", &m, 3, Heuristic::Mrv, Vec::new(), false).unwrap();
        let campaign = Campaign::open(&dir).unwrap();
        assert_eq!(campaign.run(&RunOptions::default(), |_| {}).unwrap(), 3);
        let merged = shards.merge().unwrap();
        assert!(merged.cleansings);
        assert_eq!(merged.stats, Problem::new(&m).solve().count());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A split: each subcase is searched with its option fixed, and the subcases' solutions
    /// are those of the whole problem that hold their option.
    #[test]
    fn the_subcases_of_a_split_are_searched_in_turn() {
        let dir = temp("split");
        let m = split_by_a(&dir, true);
        let campaign = Campaign::open(&dir).unwrap();
        let mut subcases = Vec::new();
        let searched = campaign
            .run(&RunOptions::default(), |e| {
                if let Event::Subcase { name, .. } = e {
                    subcases.push(name.to_string());
                }
            })
            .unwrap();
        assert_eq!(
            (searched, subcases),
            (6, vec!["o0".into(), "o2".into(), "o6".into()])
        );
        let Campaign::Split(split) = campaign else {
            panic!("a split")
        };
        let solutions: u64 = (0..3)
            .map(|i| split.subcase(i).unwrap().merge().unwrap().stats.solutions)
            .sum();
        assert_eq!(solutions, Problem::new(&m).solve().count().solutions);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Four items, each in three of eight options.
    fn four_items() -> dlx_core::Matrix {
        format::parse("a b c d\na b\nc d\na\nb\nc\nd\na c\nb d\n").unwrap()
    }

    /// A split of [`four_items`] in `dir` by item a, which lies in options 0, 2 and 6: one
    /// subcase each, of 2 shards (keeping the solutions if asked). Returns the matrix.
    fn split_by_a(dir: &std::path::Path, keep: bool) -> dlx_core::Matrix {
        let m = four_items();
        let parts = crate::subcases_fixing(&m, &[0, 2, 6]);
        Split::create(dir, "test", parts, 2, Heuristic::Mrv, keep).unwrap();
        m
    }

    /// Plants another machine's live marker on `marker`; `stale` makes it two minutes old.
    fn foreign(marker: &std::path::Path, stale: bool) {
        if !marker.exists() {
            std::fs::write(marker, "process 1 on elsewhere.example since 0\n").unwrap();
        }
        let at = match stale {
            true => std::time::SystemTime::now() - crate::MARKER_STALE,
            false => std::time::SystemTime::now(),
        };
        let file = std::fs::File::options().write(true).open(marker).unwrap();
        file.set_modified(at).unwrap();
    }

    /// Found by a review: a split's run waited for another run's shard in the first subcase
    /// before it went on to the next. It goes through every subcase first, then waits, and
    /// searches the shard once its run is gone (telling the subcase again).
    #[test]
    fn a_split_waits_for_held_shards_after_all_its_subcases() {
        let dir = temp("split-held");
        split_by_a(&dir, false);
        let campaign = Campaign::open(&dir).unwrap();
        let Campaign::Split(split) = &campaign else {
            panic!("a split")
        };
        let first = split.subcase(0).unwrap();
        let marker = first.marker_path(1);
        foreign(&marker, false);
        let mut events = Vec::new();
        let searched = campaign
            .run(&RunOptions::default(), |e| {
                events.push(match e {
                    Event::Subcase { name, .. } => name.to_string(),
                    Event::Held { k, .. } => format!("held {k}"),
                    Event::Finished { k, .. } => format!("finished {k}"),
                    Event::AlreadyDone { k, .. } => format!("done {k}"),
                });
                // Told as the waiting begins: then the other run is killed.
                if events.last().is_some_and(|e| e == "held 1") {
                    foreign(&marker, true);
                }
            })
            .unwrap();
        let expected = [
            "o0",
            "finished 2",
            "o2",
            "finished 1",
            "finished 2",
            "o6",
            "finished 1",
            "finished 2",
            "o0",
            "held 1",
            "finished 1",
        ];
        assert_eq!((searched, events), (6, expected.map(String::from).to_vec()));
        assert!(!marker.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `--shard K` waits for the run on K, as a whole run does; a stop while waiting says so.
    #[test]
    fn one_shard_asked_for_waits_for_its_run_and_a_stop_while_waiting_is_named() {
        let dir = temp("only-held");
        let m = four_items();
        let shards =
            Shards::create(&dir, "test", &m, 4, Heuristic::Mrv, Vec::new(), false).unwrap();
        let marker = shards.marker_path(2);
        foreign(&marker, false);
        let only = RunOptions {
            only: Some(2),
            ..RunOptions::default()
        };
        let mut held = false;
        let searched = shards
            .run(&only, |e| {
                if let Event::Held { k: 2, n: 4 } = e {
                    held = true;
                    foreign(&marker, true);
                }
            })
            .unwrap();
        assert!(held);
        assert_eq!(searched, 1);
        assert!(shards.finished(2).unwrap().is_some());
        // A whole run stopped while it waits for shard 3: its other shards are kept.
        foreign(&shards.marker_path(3), false);
        let stop = AtomicBool::new(false);
        let options = RunOptions {
            interrupt: Some(&stop),
            ..RunOptions::default()
        };
        let mut finished = 0;
        let e = shards
            .run(&options, |e| {
                if let Event::Finished { .. } = e {
                    finished += 1;
                    if finished == 2 {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            })
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "stopped while waiting for the shards other runs search; the 2 shards finished \
             before it are kept"
        );
        assert!(shards.finished(3).unwrap().is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
