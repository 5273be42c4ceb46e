//! One shard: its search on the calling thread, and its file.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use dlx_core::{OptionId, Stats};

use super::campaign::{CampaignError, Part, file_error};
use super::{HEURISTIC, lock};

/// A finished shard: its figures, its running time and the rows of its solutions (X's row
/// included).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Shard {
    pub(super) stats: Stats,
    /// Wall time of the thread that searched it.
    pub(super) seconds: f64,
    /// That thread's CPU time, where the system tells it (files written before it was kept
    /// have none): unlike the wall time, not lengthened by other work on a busy machine.
    pub(super) cpu_seconds: Option<f64>,
    pub(super) solutions: Vec<Vec<OptionId>>,
}

impl Shard {
    /// Searches shard `k` of a subcase on the calling thread.
    pub(super) fn search(part: &Part, k: usize) -> Shard {
        let mut dlx = part.dlx.clone();
        let found = Mutex::new(Vec::new());
        let start = Instant::now();
        let cpu_start = thread_cpu_seconds();
        // One thread: the search runs on this one, so this thread's CPU clock sees it all.
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
            cpu_seconds: cpu_start.zip(thread_cpu_seconds()).map(|(a, b)| b - a),
            solutions,
        }
    }

    /// The shard's running time in thread-seconds: its CPU time if known, else its wall time.
    pub(super) fn busy(&self) -> f64 {
        self.cpu_seconds.unwrap_or(self.seconds)
    }

    pub(super) fn save(&self, file: &Path, shape: &str) -> Result<(), CampaignError> {
        let mut text = format!(
            "plan {shape}\nsolutions {}\nupdates {}\nnodes {}\nseconds {:.1}\n",
            self.stats.solutions, self.stats.updates, self.stats.nodes, self.seconds
        );
        if let Some(cpu) = self.cpu_seconds {
            text.push_str(&format!("cpu-seconds {cpu:.1}\n"));
        }
        for rows in &self.solutions {
            let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
            text.push_str(&format!("rows {}\n", rows.join(" ")));
        }
        // Written whole, then renamed: a file that exists is a finished shard.
        let tmp = file.with_extension("tmp");
        fs::write(&tmp, text).map_err(|e| file_error(&tmp, e.to_string()))?;
        fs::rename(&tmp, file).map_err(|e| file_error(file, e.to_string()))
    }

    pub(super) fn load(file: &Path, shape: &str) -> Result<Option<Shard>, CampaignError> {
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
        let cpu_seconds = match fields.get("cpu-seconds") {
            None => None,
            Some(v) => Some(
                v.parse()
                    .map_err(|_| bad(format!("`cpu-seconds` is not a number: `{v}`")))?,
            ),
        };
        Ok(Some(Shard {
            stats,
            seconds,
            cpu_seconds,
            solutions,
        }))
    }
}

/// The calling thread's CPU time in seconds, where the system tells it: on Linux, the first
/// field of `/proc/thread-self/schedstat` (nanoseconds spent on a CPU).
fn thread_cpu_seconds() -> Option<f64> {
    let text = fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

#[cfg(test)]
mod tests {
    use super::super::temp_dir;
    use super::*;

    /// `text` written as a shard file, read back under the plan `2048 4 W`.
    fn load_text(file: &Path, text: &str) -> Result<Option<Shard>, CampaignError> {
        fs::write(file, text).unwrap();
        Shard::load(file, "2048 4 W")
    }

    /// The message with which `text` is refused.
    fn refused(file: &Path, text: &str) -> String {
        load_text(file, text).unwrap_err().to_string()
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
            cpu_seconds: Some(1.4),
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
        let err = refused(
            &file,
            "plan 2048 4 W\nsolutions 1\nupdates 1\nnodes 1\nseconds 1\n",
        );
        assert!(err.contains("disagree"), "{err}");
        let err = refused(
            &file,
            "plan 2048 4 W\nsolutions 0\nupdates 1\nnodes 0\nseconds 1\n",
        );
        assert!(err.contains("`nodes` is 0"), "{err}");
        let err = refused(&file, "plan 2048 4 W\nrows 1 x\n");
        assert!(err.contains("line 2: bad row number"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn cpu_time_is_optional_in_a_file_and_counts_before_wall_time() {
        let dir = temp_dir("cpu");
        let file = dir.join("x1-1-of-2.txt");
        let head = "plan 2048 4 W\nsolutions 0\nupdates 9\nnodes 3\nseconds 7.5\n";
        // Files written before CPU time was kept: the wall time stands in.
        let old = load_text(&file, head).unwrap().unwrap();
        assert_eq!((old.cpu_seconds, old.busy()), (None, 7.5));
        let new = load_text(&file, &format!("{head}cpu-seconds 6.0\n"))
            .unwrap()
            .unwrap();
        assert_eq!((new.cpu_seconds, new.busy()), (Some(6.0), 6.0));
        let err = refused(&file, &format!("{head}cpu-seconds soon\n"));
        assert!(
            err.contains("`cpu-seconds` is not a number: `soon`"),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_threads_cpu_clock_runs_while_it_works() {
        let before = thread_cpu_seconds().expect("Linux tells a thread's CPU time");
        let start = std::time::Instant::now();
        let mut x = 1u64;
        while start.elapsed().as_millis() < 30 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let after = thread_cpu_seconds().unwrap();
        assert!(after > before, "{before} -> {after}");
        // Never more CPU than wall time on one thread.
        assert!(after - before <= start.elapsed().as_secs_f64() + 1e-3);
    }
}
