//! `plan.json`: the deal of a campaign's subproblems to its shards, kept once made.
//!
//! Planning balances the shards by Knuth's estimate of every subtree at the cut, which costs
//! seconds on a large problem; a run of one shard per job (GNU parallel, a job array) would pay
//! it in every job, more than the search itself when the shards are small. So the plan is
//! written into the folder the first time it is made (by `start` or the first `run`) and read
//! back by every later run: only the cut's depth and the deal are kept, and the cut is made
//! again (the top of the tree only). The plan depends on nothing but the matrix, the fixed
//! options, the rule and the number of shards, so a folder without the file (or a run that
//! cannot read it) gives the same plan by making it again; a file that is damaged or of another
//! campaign is refused with its name, never used, since shards searched under two deals could
//! overlap.

use std::path::PathBuf;

use dlx_core::{Problem, ShardPlan};
use serde_json::{Value, json};

use crate::digest::{DIGEST, check, digest, seal};
use crate::folder::{file_error, write};
use crate::{Campaign, CampaignError, Shards};

/// The format line of a plan file.
const PLAN_FORMAT: &str = "dlx campaign plan 1";

impl Shards {
    /// The plan file.
    pub fn plan_path(&self) -> PathBuf {
        self.dir.join("plan.json")
    }

    /// The campaign's plan: read back from `plan.json` if the folder has it, else made (the
    /// subtrees estimated on `threads` threads, 0 = one per core, `interrupt` able to stop
    /// it) and written there for the next runs. The plan does not depend on the threads.
    pub fn plan(
        &self,
        problem: &mut Problem,
        interrupt: &std::sync::atomic::AtomicBool,
        threads: usize,
    ) -> Result<ShardPlan, CampaignError> {
        let fixed = self.fixed.iter().copied();
        let invalid = |e: &dyn std::fmt::Display| CampaignError::Invalid(e.to_string());
        let solve = (problem.solve().fix(fixed).map_err(|e| invalid(&e))?)
            .heuristic(self.heuristic)
            .threads(threads)
            .interrupt(interrupt);
        // A stopped plan is no plan: the run stops before its first shard.
        let stopped = CampaignError::Stopped {
            during: crate::StoppedIn::Planning,
            kept: 0,
        };
        match self.saved_deal()? {
            Some((depth, owner, load)) => solve
                .plan_shards_dealt(self.shards, depth, owner, load)
                .map_err(|e| match e {
                    dlx_core::ShardError::Interrupted => stopped,
                    e => file_error(&self.plan_path(), format!("does not fit: {e}")),
                }),
            None => {
                let made = solve.plan_shards(self.shards).map_err(|e| match e {
                    dlx_core::ShardError::Interrupted => stopped,
                    e => invalid(&e),
                })?;
                self.save_plan(&made)?;
                Ok(made)
            }
        }
    }

    /// Writes the plan's deal to `plan.json` (whole, then renamed into place: runs that make
    /// it at once write the same text).
    fn save_plan(&self, plan: &ShardPlan) -> Result<(), CampaignError> {
        let mut v = json!({
            "format": PLAN_FORMAT,
            "matrix": self.hash,
            "heuristic": self.heuristic.to_string(),
            "shards": self.shards,
            "fixed": self.fixed,
            "depth": plan.split.depth,
            "owner": plan.owner,
            "load": plan.load,
        });
        seal(&mut v);
        write(&self.plan_path(), &format!("{v}\n"))
    }

    /// The depth, owners and loads of `plan.json`, or `None` if the folder has no such file;
    /// an error naming the file if it is damaged or another campaign's.
    #[allow(clippy::type_complexity)]
    pub(crate) fn saved_deal(
        &self,
    ) -> Result<Option<(usize, Vec<usize>, Vec<f64>)>, CampaignError> {
        let path = self.plan_path();
        let text = match crate::folder::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(file_error(&path, format!("cannot be read: {e}"))),
        };
        let damaged = |what: &str| {
            file_error(
                &path,
                format!("damaged, {what} (remove it: the next run plans again)"),
            )
        };
        let v: Value = serde_json::from_str(&text).map_err(|_| damaged("not JSON"))?;
        if v["format"] != PLAN_FORMAT {
            return Err(damaged("not a plan file of this dlx"));
        }
        check(v.get(DIGEST), &digest(&v)).map_err(|why| file_error(&path, why))?;
        let fixed: Option<Vec<usize>> = v["fixed"]
            .as_array()
            .and_then(|a| a.iter().map(|x| x.as_u64().map(|x| x as usize)).collect());
        let same = v["matrix"] == self.hash.as_str()
            && v["heuristic"] == self.heuristic.to_string().as_str()
            && v["shards"].as_u64() == Some(self.shards as u64)
            && fixed.as_ref() == Some(&self.fixed);
        if !same {
            return Err(damaged(
                "made for another matrix, rule, count of shards or fixed options",
            ));
        }
        let depth = v["depth"].as_u64().ok_or_else(|| damaged("no depth"))? as usize;
        let owner: Option<Vec<usize>> = v["owner"]
            .as_array()
            .and_then(|a| a.iter().map(|x| x.as_u64().map(|x| x as usize)).collect());
        let load: Option<Vec<f64>> = v["load"]
            .as_array()
            .and_then(|a| a.iter().map(Value::as_f64).collect());
        match (owner, load) {
            (Some(owner), Some(load)) => Ok(Some((depth, owner, load))),
            _ => Err(damaged("its owners or loads are not lists of numbers")),
        }
    }
}

impl Campaign {
    /// Makes the plan of each of the campaign's searches (every subcase of a split) that has
    /// none kept yet, on `threads` threads (0 = one per core), and keeps it: what `dlx
    /// campaign start` does, so that runs started together (one job per shard) all read it
    /// instead of each making it.
    pub fn prepare(
        &self,
        interrupt: &std::sync::atomic::AtomicBool,
        threads: usize,
    ) -> Result<(), CampaignError> {
        let one = |shards: &Shards| {
            let mut problem = Problem::new(&shards.matrix);
            shards.plan(&mut problem, interrupt, threads).map(drop)
        };
        match self {
            Campaign::Search(shards) => one(shards),
            Campaign::Split(split) => {
                (0..split.subcases.len()).try_for_each(|i| one(&split.subcase(i)?))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use dlx_core::{Heuristic, Matrix, Problem, Stats};

    use crate::{Campaign, CampaignError, RunOptions, Shards};

    fn queens(n: usize) -> Matrix {
        // Ranks and files primary, diagonals secondary.
        let mut text = String::new();
        let items = |p: &'static str, k: usize| (0..k).map(move |i| format!("{p}{i}"));
        let primary: Vec<String> = items("r", n).chain(items("c", n)).collect();
        let secondary: Vec<String> = items("a", 2 * n - 1).chain(items("b", 2 * n - 1)).collect();
        text.push_str(&format!(
            "{} | {}\n",
            primary.join(" "),
            secondary.join(" ")
        ));
        for r in 0..n {
            for c in 0..n {
                text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, n - 1 + r - c));
            }
        }
        dlx_core::format::parse(&text).unwrap()
    }

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("dlx-plan-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn run_all(dir: &std::path::Path) -> Result<Stats, CampaignError> {
        let Campaign::Search(shards) = Campaign::open(dir)? else {
            unreachable!("one search")
        };
        for k in 1..=shards.shards {
            // One run per shard, as one job each.
            let only = RunOptions {
                only: Some(k),
                threads: 1,
                ..RunOptions::default()
            };
            Campaign::open(dir)?.run(&only, |_| {})?;
        }
        Ok(shards.merge()?.stats)
    }

    /// The plan kept by `prepare` is the plan every run would make, and the runs that read it
    /// add up to the whole search.
    #[test]
    fn the_kept_plan_is_the_plan_made() {
        let dir = temp("kept");
        let m = queens(8);
        let shards = Shards::create(&dir, "q8", &m, 5, Heuristic::Mrv, Vec::new(), false).unwrap();
        assert!(!shards.plan_path().exists());
        let never = AtomicBool::new(false);
        Campaign::open(&dir).unwrap().prepare(&never, 2).unwrap();
        let text = std::fs::read_to_string(shards.plan_path()).unwrap();
        let made = Problem::new(&m).solve().plan_shards(5).unwrap();
        let read = shards.plan(&mut Problem::new(&m), &never, 1).unwrap();
        assert_eq!(read, made);
        assert_eq!(run_all(&dir).unwrap(), Problem::new(&m).solve().count());
        // Without the file the next run plans again, and writes the same file.
        std::fs::remove_file(shards.plan_path()).unwrap();
        shards.plan(&mut Problem::new(&m), &never, 1).unwrap();
        assert_eq!(std::fs::read_to_string(shards.plan_path()).unwrap(), text);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A damaged plan file, or another campaign's, is refused with its name: shards searched
    /// under two deals could overlap.
    #[test]
    fn a_damaged_or_foreign_plan_is_refused() {
        let dir = temp("damaged");
        let other = temp("other");
        let m = queens(6);
        let shards = Shards::create(&dir, "q6", &m, 3, Heuristic::Mrv, Vec::new(), false).unwrap();
        let never = AtomicBool::new(false);
        shards.plan(&mut Problem::new(&m), &never, 1).unwrap();
        let good = std::fs::read_to_string(shards.plan_path()).unwrap();
        let mut edited = good.replacen("\"owner\":[", "\"owner\":[2,", 1);
        if edited == good {
            edited = good.replacen("\"depth\":", "\"depth\":1", 1);
        }
        for (what, text) in [
            ("cut short", good[..good.len() / 2].to_string()),
            ("edited", edited),
            ("empty", String::new()),
        ] {
            // The damaged plan replaces the good one whole, as the campaign writes its files.
            dlx_core::file::write_atomic(shards.plan_path(), text.as_bytes()).unwrap();
            let e = run_all(&dir).unwrap_err().to_string();
            assert!(e.contains("plan.json"), "{what}: {e}");
            assert!(!e.contains('\n'), "{what}: one line: {e}");
        }
        // Another campaign's plan (4 shards) in this folder (3 shards).
        let four = Shards::create(&other, "q6", &m, 4, Heuristic::Mrv, Vec::new(), false).unwrap();
        four.plan(&mut Problem::new(&m), &never, 1).unwrap();
        std::fs::copy(four.plan_path(), shards.plan_path()).unwrap();
        let e = run_all(&dir).unwrap_err().to_string();
        assert!(e.contains("another"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
        std::fs::remove_dir_all(&other).unwrap();
    }
}
