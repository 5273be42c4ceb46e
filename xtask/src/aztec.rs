//! `cargo xtask aztec`: the Aztec diamond of Figure 15 (all 25 one-sided tetrasticks), a
//! search of an estimated 10^13 updates, run as a resumable campaign of shards.
//!
//! The problem is split by the position of X (one representative of each orbit of its
//! placements under the board's 8 symmetries, fixed before the search; where symmetries fix
//! that place, W is kept only at the least placement of each of its orbits under them), and
//! each subcase into `--shards` pieces by dlx-core's shard plan. Every finished shard is written to its own file
//! in `--dir` (figures and the rows of its solutions), so a run that is stopped loses at most
//! the shards in progress, and the next run starts where it stopped. When every shard is done
//! the solutions are sorted into classes under the board's symmetries (Wassermann found 107)
//! and the figures are summed.
//!
//! The shard plan depends only on the matrix and the number of shards (its probes use fixed
//! seeds), and each file records the plan's shape, so files from another plan are refused.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use dlx_core::{Dlx, Heuristic, OptionId, ShardPlan, Stats};
use dlx_paper::polystick::{AZTEC_BREAKER, AztecSubcase, aztec_subcases};
use dlx_polystick::orbits;

use crate::{option_value, workspace_root};

const HEURISTIC: Heuristic = Heuristic::Mrv;
/// Default shards per subcase: small enough that a stopped run loses little.
const SHARDS: usize = 64;

pub fn run(args: &[String]) -> Result<(), String> {
    let shards: usize = parse(args, "--shards", SHARDS)?;
    let threads: usize = parse(args, "--threads", 0)?;
    let status_only = args.iter().any(|a| a == "--status");
    let only = option_value(args, "--only");
    let dir = option_value(args, "--dir")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target").join("aztec"));
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;

    let (built, subcases) = aztec_subcases();
    println!(
        "Aztec diamond: {} rows, X in {} positions up to symmetry, {AZTEC_BREAKER} breaking what \
         symmetry is left; {shards} shards each; results in {}",
        built.matrix.options().len(),
        subcases.len(),
        dir.display()
    );
    let mut all_done = true;
    let mut results: Vec<(AztecSubcase, Vec<Shard>)> = Vec::new();
    for (s, sub) in subcases.into_iter().enumerate() {
        if only.is_some_and(|o| o.parse::<usize>().ok() != Some(s + 1)) {
            all_done = false;
            continue;
        }
        let mut dlx = Dlx::new(&sub.built.matrix);
        dlx.fix(sub.x_option)
            .map_err(|e| format!("cannot fix X's row: {e}"))?;
        let plan = dlx.shard_plan(HEURISTIC, shards);
        // The breaker is part of the plan's shape: row numbers depend on it.
        let shape = format!(
            "{} {} {AZTEC_BREAKER}",
            plan.split.paths.len(),
            plan.split.depth
        );
        let mut done = Vec::new();
        for k in 1..=plan.shards {
            let file = dir.join(format!("x{}-{k}-of-{}.txt", s + 1, plan.shards));
            if let Some(shard) = Shard::load(&file, &shape)? {
                done.push(shard);
                continue;
            }
            if status_only {
                all_done = false;
                continue;
            }
            let shard = run_shard(&mut dlx, &plan, k, threads, sub.x_option)?;
            shard.save(&file, &shape)?;
            println!(
                "subcase {} ({}) shard {k}/{}: {} solutions, {} updates, {:.0} s",
                s + 1,
                sub.label,
                plan.shards,
                shard.stats.solutions,
                shard.stats.updates,
                shard.seconds
            );
            done.push(shard);
        }
        if done.len() < plan.shards {
            all_done = false;
        }
        results.push((sub, done));
    }
    report(&built, &results, all_done, shards);
    Ok(())
}

fn parse(args: &[String], flag: &str, default: usize) -> Result<usize, String> {
    option_value(args, flag).map_or(Ok(default), |v| {
        v.parse()
            .map_err(|_| format!("{flag} wants a number, not `{v}`"))
    })
}

/// A finished shard: its figures, its running time and the rows of its solutions (X's row
/// included).
struct Shard {
    stats: Stats,
    seconds: f64,
    solutions: Vec<Vec<OptionId>>,
}

fn run_shard(
    dlx: &mut Dlx,
    plan: &ShardPlan,
    k: usize,
    threads: usize,
    x_option: OptionId,
) -> Result<Shard, String> {
    let found = std::sync::Mutex::new(Vec::new());
    let start = Instant::now();
    let stats = dlx
        .shard(HEURISTIC, plan, k, threads, |sol| {
            let mut rows = sol.sorted_options();
            rows.push(x_option);
            rows.sort_unstable();
            found.lock().expect("no panics while holding it").push(rows);
        })
        .map_err(|e| e.to_string())?;
    let mut solutions = found.into_inner().expect("no panics while holding it");
    solutions.sort();
    Ok(Shard {
        stats,
        seconds: start.elapsed().as_secs_f64(),
        solutions,
    })
}

impl Shard {
    fn save(&self, file: &Path, shape: &str) -> Result<(), String> {
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
        fs::write(&tmp, text).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
        fs::rename(&tmp, file).map_err(|e| format!("cannot rename to {}: {e}", file.display()))
    }

    fn load(file: &Path, shape: &str) -> Result<Option<Shard>, String> {
        let Ok(text) = fs::read_to_string(file) else {
            return Ok(None);
        };
        let bad = |why: &str| format!("{}: {why}", file.display());
        let mut fields: BTreeMap<&str, &str> = BTreeMap::new();
        let mut solutions = Vec::new();
        for line in text.lines() {
            let (key, value) = line.split_once(' ').ok_or_else(|| bad("malformed line"))?;
            if key == "rows" {
                let rows = value
                    .split(' ')
                    .map(|r| r.parse::<OptionId>().map_err(|_| bad("bad row number")))
                    .collect::<Result<Vec<_>, _>>()?;
                solutions.push(rows);
            } else {
                fields.insert(key, value);
            }
        }
        if fields.get("plan") != Some(&shape) {
            return Err(bad(&format!(
                "written for another shard plan (`{}`, this one is `{shape}`): use another --dir",
                fields.get("plan").unwrap_or(&"?")
            )));
        }
        let num = |key: &str| -> Result<u64, String> {
            fields
                .get(key)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| bad(&format!("no `{key}`")))
        };
        let stats = Stats {
            solutions: num("solutions")?,
            updates: num("updates")?,
            nodes: num("nodes")?,
            complete: true,
            ..Stats::default()
        };
        if stats.solutions != solutions.len() as u64 {
            return Err(bad("the solution count and the rows listed disagree"));
        }
        let seconds = fields
            .get("seconds")
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| bad("no `seconds`"))?;
        Ok(Some(Shard {
            stats,
            seconds,
            solutions,
        }))
    }
}

fn report(
    built: &dlx_polystick::PolystickMatrix,
    results: &[(AztecSubcase, Vec<Shard>)],
    all_done: bool,
    shards: usize,
) {
    println!();
    println!(
        "{:<28} {:>5} {:>5} {:>7} {:>10} {:>20} {:>16} {:>10}",
        "X row", "orbit", "stab", "shards", "solutions", "updates", "nodes", "wall s"
    );
    let mut arrangements = Vec::new();
    let (mut updates, mut nodes, mut seconds) = (0u64, 0u64, 0f64);
    for (sub, done) in results {
        let mut stats = Stats::default();
        let mut secs = 0.0;
        for shard in done {
            stats.solutions += shard.stats.solutions;
            stats.updates += shard.stats.updates;
            stats.nodes += shard.stats.nodes;
            secs += shard.seconds;
            for rows in &shard.solutions {
                arrangements.push(sub.built.arrangement_of(rows.iter().copied()));
            }
        }
        updates += stats.updates;
        nodes += stats.nodes;
        seconds += secs;
        println!(
            "{:<28} {:>5} {:>5} {:>7} {:>10} {:>20} {:>16} {:>10.0}",
            sub.label,
            sub.orbit,
            sub.stabiliser,
            format!("{}/{shards}", done.len()),
            stats.solutions,
            stats.updates,
            stats.nodes,
            secs
        );
    }
    let classes = orbits(&arrangements, &built.board, &built.pieces);
    println!(
        "{:<28} {:>5} {:>5} {:>7} {:>10} {:>20} {:>16} {:>10.0}",
        "total",
        "",
        "",
        "",
        arrangements.len(),
        updates,
        nodes,
        seconds
    );
    if all_done {
        println!(
            "classes under the 8 symmetries: {} (Wassermann, 1999: 107); symmetric: {}",
            classes.classes, classes.symmetric
        );
    } else {
        println!(
            "not finished: {} classes so far; run `cargo xtask aztec` again to go on",
            classes.classes
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_shard_loads_back_and_another_plan_is_refused() {
        let dir = std::env::temp_dir().join(format!("aztec-test-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
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
        shard.save(&file, "2048 4").unwrap();
        let back = Shard::load(&file, "2048 4").unwrap().unwrap();
        assert_eq!(back.stats.updates, 12_345_678_901);
        assert_eq!(back.stats.nodes, 987);
        assert_eq!(back.solutions, shard.solutions);
        let err = Shard::load(&file, "2048 5").err().unwrap();
        assert!(err.contains("another shard plan"), "{err}");
        assert!(
            Shard::load(&dir.join("missing.txt"), "2048 4")
                .unwrap()
                .is_none()
        );
        fs::write(
            &file,
            "plan 2048 4\nsolutions 1\nupdates 1\nnodes 1\nseconds 1\n",
        )
        .unwrap();
        let err = Shard::load(&file, "2048 4").err().unwrap();
        assert!(err.contains("disagree"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
