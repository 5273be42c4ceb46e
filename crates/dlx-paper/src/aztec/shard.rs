//! One shard: its search on the calling thread, and its file.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::time::Instant;

use dlx_core::{OptionId, Stats};

use super::campaign::{CampaignError, Part, file_error};

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
        let mut found = Vec::new();
        let start = Instant::now();
        let cpu_start = thread_cpu_seconds();
        // One thread: the search runs on this one, so this thread's CPU clock sees it all.
        let stats = dlx
            .solve()
            .shard_plan(&part.plan, k)
            .expect("k is a shard of the plan")
            .run(|sol| {
                let mut rows = sol.sorted_options();
                rows.push(part.sub.x_option);
                rows.sort_unstable();
                found.push(rows);
                std::ops::ControlFlow::Continue(())
            });
        let mut solutions = found;
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

    /// Writes the file: the plan's shape, the fingerprint of the arena searched
    /// ([`dlx_core::Dlx::fingerprint`]), the figures, the solutions' rows, and `end` last,
    /// so that a file cut short anywhere is seen to be.
    pub(super) fn save(&self, file: &Path, shape: &str, matrix: u64) -> Result<(), CampaignError> {
        let mut text = format!(
            "plan {shape}\nmatrix {matrix:016x}\nsolutions {}\nupdates {}\nnodes {}\nseconds {:.1}\n",
            self.stats.solutions, self.stats.updates, self.stats.nodes, self.seconds
        );
        if let Some(cpu) = self.cpu_seconds {
            text.push_str(&format!("cpu-seconds {cpu:.1}\n"));
        }
        for rows in &self.solutions {
            let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
            text.push_str(&format!("rows {}\n", rows.join(" ")));
        }
        text.push_str("end\n");
        // Written whole, synced, then renamed: a file that exists is a finished shard.
        dlx_core::file::write_atomic(file, text.as_bytes())
            .map_err(|e| file_error(file, e.to_string()))
    }

    /// Reads a shard's file: `None` if there is none; an error naming the file if it cannot
    /// be read, is damaged (cut short: no `end` line) or was written for another plan or
    /// matrix. Such a file is never trusted, and never overwritten: the campaign stops.
    pub(super) fn load(
        file: &Path,
        shape: &str,
        matrix: u64,
    ) -> Result<Option<Shard>, CampaignError> {
        let bad = |why: String| file_error(file, why);
        let text = match fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(bad(format!(
                    "cannot be read ({e}); move it away to search the shard again"
                )));
            }
        };
        let Some(body) = text.strip_suffix("end\n") else {
            return Err(bad(
                "damaged: it does not end with the line `end` (cut short?); move it away to search the shard again"
                    .into(),
            ));
        };
        let mut fields: BTreeMap<&str, &str> = BTreeMap::new();
        let mut solutions = Vec::new();
        for (n, line) in body.lines().enumerate() {
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
        let want = format!("{matrix:016x}");
        if fields.get("matrix") != Some(&want.as_str()) {
            return Err(bad(format!(
                "written for another matrix (fingerprint `{}`, this one is `{want}`): use another --dir",
                fields.get("matrix").unwrap_or(&"?")
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

    /// The fingerprint the test files carry.
    const M: u64 = 0x0123_4567_89ab_cdef;

    /// `text` written as a shard file, read back under the plan `2048 4 W` and matrix `M`.
    fn load_text(file: &Path, text: &str) -> Result<Option<Shard>, CampaignError> {
        fs::write(file, text).unwrap();
        Shard::load(file, "2048 4 W", M)
    }

    /// A shard with two solutions.
    fn sample() -> Shard {
        Shard {
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
        }
    }

    /// The message with which `text` is refused.
    fn refused(file: &Path, text: &str) -> String {
        load_text(file, text).unwrap_err().to_string()
    }

    #[test]
    fn a_saved_shard_loads_back_and_another_plan_is_refused() {
        let dir = temp_dir("file");
        let file = dir.join("x1-1-of-2.txt");
        let shard = sample();
        shard.save(&file, "2048 4 W", M).unwrap();
        assert_eq!(Shard::load(&file, "2048 4 W", M).unwrap(), Some(shard));
        let err = Shard::load(&file, "2048 4 T", M).unwrap_err().to_string();
        assert!(err.contains("another shard plan"), "{err}");
        assert!(err.contains("x1-1-of-2.txt"), "{err}");
        let err = Shard::load(&file, "2048 4 W", M + 1)
            .unwrap_err()
            .to_string();
        assert!(err.contains("another matrix"), "{err}");
        assert!(
            Shard::load(&dir.join("missing.txt"), "2048 4 W", M)
                .unwrap()
                .is_none()
        );
        let head = "plan 2048 4 W\nmatrix 0123456789abcdef\n";
        let err = refused(
            &file,
            &format!("{head}solutions 1\nupdates 1\nnodes 1\nseconds 1\nend\n"),
        );
        assert!(err.contains("disagree"), "{err}");
        let err = refused(
            &file,
            &format!("{head}solutions 0\nupdates 1\nnodes 0\nseconds 1\nend\n"),
        );
        assert!(err.contains("`nodes` is 0"), "{err}");
        let err = refused(&file, &format!("{head}rows 1 x\nend\n"));
        assert!(err.contains("line 3: bad row number"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A file cut anywhere (a full disk, a killed copy) is refused by name, never read as
    /// finished; so are an empty file and one that cannot be read.
    #[test]
    fn a_damaged_or_unreadable_file_is_named_and_refused() {
        let dir = temp_dir("damaged");
        let file = dir.join("x1-2-of-2.txt");
        let shard = sample();
        shard.save(&file, "2048 4 W", M).unwrap();
        let whole = fs::read_to_string(&file).unwrap();
        for cut in 0..whole.len() {
            let err = refused(&file, &whole[..cut]);
            assert!(err.contains("x1-2-of-2.txt"), "cut at {cut}: {err}");
            assert!(err.contains("damaged"), "cut at {cut}: {err}");
        }
        assert_eq!(load_text(&file, &whole).unwrap(), Some(shard));
        // A directory where the file should be cannot be read as one.
        fs::remove_file(&file).unwrap();
        fs::create_dir(&file).unwrap();
        let err = Shard::load(&file, "2048 4 W", M).unwrap_err().to_string();
        assert!(err.contains("cannot be read"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn cpu_time_is_optional_in_a_file_and_counts_before_wall_time() {
        let dir = temp_dir("cpu");
        let file = dir.join("x1-1-of-2.txt");
        let head = "plan 2048 4 W\nmatrix 0123456789abcdef\nsolutions 0\nupdates 9\nnodes 3\nseconds 7.5\n";
        // Files written before CPU time was kept: the wall time stands in.
        let old = load_text(&file, &format!("{head}end\n")).unwrap().unwrap();
        assert_eq!((old.cpu_seconds, old.busy()), (None, 7.5));
        let new = load_text(&file, &format!("{head}cpu-seconds 6.0\nend\n"))
            .unwrap()
            .unwrap();
        assert_eq!((new.cpu_seconds, new.busy()), (Some(6.0), 6.0));
        let err = refused(&file, &format!("{head}cpu-seconds soon\nend\n"));
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
