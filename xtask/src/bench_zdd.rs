//! `cargo xtask bench zdd`: every solution as a ZDD (DLX6's memoised search) on 13 and 14
//! queens and the 6x10 pentominoes, by the CPU time of the thread that runs it, against two
//! optional baselines run on the same matrices, round by round, in the same command:
//! - `--dlx6 PATH`: a local build of Knuth's DLX6 (not part of this repository), fed the
//!   matrix on standard input; its figures (solutions, updates, search nodes, ZDD nodes) must
//!   equal ours to the unit, and its CPU time is the process's;
//! - `--baseline REV` or `--baseline-bin PATH`: another revision's `dlx zdd` on the matrix's
//!   file, by its process's CPU time.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use dlx_core::{Heuristic, Problem, format};

use crate::bench_search::{build_baseline, knuth_figures, thread_cpu, time_capture};
use crate::option_value;

/// The problems timed, by their `dlx paper` names.
const PROBLEMS: &[&str] = &["queens-13", "queens-14", "pentomino-6x10"];

pub fn run(args: &[String]) -> crate::Result {
    let rounds = crate::option_count(args, "--rounds", 3)?;
    let dlx6 = option_value(args, "--dlx6").map(PathBuf::from);
    let baseline = match option_value(args, "--baseline-bin") {
        Some(bin) => Some(PathBuf::from(bin)),
        None => option_value(args, "--baseline")
            .map(build_baseline)
            .transpose()?,
    };
    println!(
        "best of {rounds} runs, CPU seconds of one thread (Knuth's and the baseline's: of their process)\n"
    );
    println!(
        "{:<16} {:>12} {:>11} {:>9}{}{}",
        "problem",
        "updates",
        "ZDD nodes",
        "ours",
        if dlx6.is_some() { "  vs DLX6" } else { "" },
        if baseline.is_some() {
            "  vs baseline"
        } else {
            ""
        }
    );
    let dir = std::env::temp_dir().join("dlx-bench-zdd");
    for name in PROBLEMS {
        let problem = dlx_paper::problem(name).map_err(|e| e.to_string())?;
        let text = format::write(&problem.matrix, None);
        let mut engine = Problem::new(&problem.matrix);
        let mut baseline_cmd = match &baseline {
            Some(bin) => {
                std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                let file = dir.join(format!("{name}.dlx"));
                dlx_core::file::write_atomic(&file, text.as_bytes())
                    .map_err(|e| format!("{}: {e}", file.display()))?;
                let mut cmd = Command::new(bin);
                cmd.arg("zdd").arg(file);
                Some(cmd)
            }
            None => None,
        };
        let (mut ours, mut knuth, mut theirs) = (Duration::MAX, Duration::MAX, Duration::MAX);
        let mut stats = None;
        for _ in 0..rounds.max(1) {
            let t = thread_cpu();
            let zdd = engine
                .solve()
                .heuristic(Heuristic::Mrv)
                .zdd()
                .map_err(|e| format!("{name}: {e}"))?;
            ours = ours.min(thread_cpu().saturating_sub(t));
            stats = zdd.stats().cloned();
            if let Some(dlx6) = &dlx6 {
                let (t, report) = time_capture(&mut Command::new(dlx6), Some(&text), true)?;
                knuth = knuth.min(t);
                let s = stats.as_ref().ok_or("a ZDD without figures")?;
                let theirs = knuth_figures(&report);
                let want = [
                    ("solutions", s.solutions.to_u64()),
                    ("updates", Some(s.updates)),
                    ("nodes", Some(s.nodes)),
                    ("zdd_nodes", Some(s.zdd_nodes)),
                ];
                for (what, ours) in want {
                    if theirs.get(what).copied() != ours {
                        return crate::failed(format!(
                            "{name}: DLX6 reports {what} {:?}, ours {ours:?}",
                            theirs.get(what)
                        ));
                    }
                }
            }
            if let Some(cmd) = &mut baseline_cmd {
                theirs = theirs.min(time_capture(cmd, None, true)?.0);
            }
        }
        let s = stats.ok_or("a ZDD without figures")?;
        let mut line = format!(
            "{:<16} {:>12} {:>11} {:>7.3} s",
            name,
            s.updates,
            s.zdd_nodes,
            ours.as_secs_f64()
        );
        if dlx6.is_some() {
            line.push_str(&format!(
                "  {:>6.2}x",
                knuth.as_secs_f64() / ours.as_secs_f64()
            ));
        }
        if baseline.is_some() {
            line.push_str(&format!(
                "  {:>10.2}x",
                theirs.as_secs_f64() / ours.as_secs_f64()
            ));
        }
        println!("{line}");
    }
    println!("\n\"vs\" columns: their CPU time over ours (above 1 = we are faster).");
    Ok(())
}
