//! `cargo xtask bench search`: the engine's speed on the paper's benchmark problems.
//!
//! For the 6x10 pentominoes, 14 queens and Scott's problem it prints the updates per second
//! of one thread, the gain of the dead-end test (the same search with it turned off, over the
//! search with it), and the speed-up of all cores in the same run (the figures are checked to
//! be identical). Beside the speed-up it prints the machine's ceiling for it: N independent
//! copies of the one-thread search run side by side on N threads, each with its own arena,
//! share nothing but the processor, so N times one search's time over their time is the most
//! any split of one search could gain here (on a virtual machine whose cores share a physical
//! one, well below N). Two optional baselines, each run on the same matrices in the same command:
//! - `--baseline REV`: the `dlx` binary of another revision (built in a git worktree under
//!   `target/bench-baseline/`), e.g. `HEAD~1`, for the ratio against the previous commit; it
//!   reads the same matrices through `dlx solve` (`--baseline-bin PATH`: such a binary built
//!   beforehand, for a machine that cannot build);
//! - `--dance PATH`: a local build of Knuth's dance.w (not part of this repository), fed the
//!   matrix in his format without comment lines, for the ratio against his program.
//!
//! `--xcc FILE` adds a problem with colours or multiplicities (for example MacMahon's
//! triangles in a hexagon, written by Knuth's macmahon-triangles-dlx), and `--bounds` the
//! problems with multiplicities of [`crate::workloads`] (whose figures are checked against
//! DLX3's, known beforehand): [`dlx_core::Xcc`] on one thread and on all cores (figures
//! checked identical), the baseline's `dlx solve`, and Knuth's programs on the same text in
//! the same round: `--dlx2 PATH` (colours) or `--dlx3 PATH` (bounds), whose figures must
//! equal ours to the unit, and his dancing-cells programs `--ssxcc PATH` or `--ssmcc PATH`,
//! whose count of solutions must. `--xcc-only` leaves out the exact cover problems; `--cpu`
//! times those lines by CPU time instead of the wall clock (steadier on a shared machine),
//! without the all-cores run.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use dlx_core::{Dlx, Stats, format};

use crate::{option_value, workspace_root};

/// The problems timed, by their `dlx paper` names.
const PROBLEMS: &[&str] = &["pentomino-6x10", "queens-14", "scott"];

pub fn run(args: &[String]) -> crate::Result {
    let rounds = crate::option_count(args, "--rounds", 3)?;
    // A revision to build here, or a `dlx` binary built elsewhere (a machine without the
    // registry, say) of the revision to compare with.
    let baseline = match option_value(args, "--baseline-bin") {
        Some(bin) => Some(PathBuf::from(bin)),
        None => option_value(args, "--baseline")
            .map(build_baseline)
            .transpose()?,
    };
    let dance = option_value(args, "--dance").map(PathBuf::from);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("best of {rounds} runs; all cores = {threads} threads\n");
    // `--xcc-only`: only the lines of problems with colours and multiplicities.
    let exact: &[&str] = if args.iter().any(|a| a == "--xcc-only") {
        &[]
    } else {
        PROBLEMS
    };
    if !exact.is_empty() {
        println!(
            "{:<16} {:>14} {:>10} {:>10} {:>10} {:>9} {:>8}{}{}",
            "problem",
            "updates",
            "1 thread",
            "M upd/s",
            "dead ends",
            "speed-up",
            "ceiling",
            if baseline.is_some() {
                "  vs baseline"
            } else {
                ""
            },
            if dance.is_some() { "  vs dance" } else { "" }
        );
    }
    for name in exact {
        let problem = dlx_paper::problem(name).map_err(|e| e.to_string())?;
        let mut dlx = Dlx::new(&problem.matrix);
        let h = problem.heuristic;
        let text = format::write(&problem.matrix, None);
        let mut baseline_cmd = match &baseline {
            Some(bin) => {
                // Any revision's `dlx solve` reads the matrix; `--threads 1` runs the plain
                // sequential search (no split into subtrees), as the in-process column does.
                let dir = std::env::temp_dir().join("dlx-bench-baseline");
                std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                let file = dir.join(format!("{name}.dlx"));
                dlx_core::file::write_atomic(&file, text.as_bytes())
                    .map_err(|e| format!("{}: {e}", file.display()))?;
                let mut cmd = Command::new(bin);
                cmd.arg("solve")
                    .arg(&file)
                    .args(["--threads", "1"])
                    .env("RAYON_NUM_THREADS", "1");
                Some(cmd)
            }
            None => None,
        };
        // The timings are interleaved round by round and the best of each kept, so that a
        // slow spell of the machine does not fall on one column only.
        let mut one = Duration::MAX;
        let mut plain = Duration::MAX;
        let mut all = Duration::MAX;
        let mut side_by_side = Duration::MAX;
        let mut theirs = Duration::MAX;
        let mut knuth = Duration::MAX;
        let mut stats = Stats::default();
        for _ in 0..rounds.max(1) {
            let (t, seq) = timed(|| dlx.solve().heuristic(h).count());
            (one, stats) = (one.min(t), seq);
            let (t, untested) = timed(|| dlx.solve().heuristic(h).dead_end_test(false).count());
            plain = plain.min(t);
            if untested != stats {
                return crate::failed(format!(
                    "{name}: the figures without the dead-end test differ from those with it"
                ));
            }
            let (t, par) = timed(|| dlx.solve().heuristic(h).threads(threads).count());
            all = all.min(t);
            if par != stats {
                return crate::failed(format!(
                    "{name}: parallel figures differ from sequential ones"
                ));
            }
            side_by_side =
                side_by_side.min(copies_side_by_side(threads, &problem.matrix, h, &stats)?);
            if let Some(cmd) = &mut baseline_cmd {
                theirs = theirs.min(time_command(cmd, None)?);
            }
            if let Some(dance) = &dance {
                knuth = knuth.min(time_command(&mut Command::new(dance), Some(&text))?);
            }
        }
        let mut line = format!(
            "{:<16} {:>14} {:>8.3} s {:>10.1} {:>9.2}x {:>8.2}x {:>7.2}x",
            name,
            stats.updates,
            one.as_secs_f64(),
            stats.updates as f64 / one.as_secs_f64() / 1e6,
            plain.as_secs_f64() / one.as_secs_f64(),
            one.as_secs_f64() / all.as_secs_f64(),
            threads as f64 * one.as_secs_f64() / side_by_side.as_secs_f64()
        );
        if baseline.is_some() {
            line.push_str(&format!(
                "  {:>10.2}x",
                theirs.as_secs_f64() / one.as_secs_f64()
            ));
        }
        if dance.is_some() {
            line.push_str(&format!(
                "  {:>8.2}x",
                knuth.as_secs_f64() / one.as_secs_f64()
            ));
        }
        println!("{line}");
    }
    xcc_lines(args, rounds, threads, baseline.as_deref())?;
    println!(
        "\ndead ends: one thread's time without the dead-end test over its time with it (the \
         figures are the same); about 1x where the matrix is searched without links (up to \
         4,096 options and 128 primary items: all three problems), which has no such test."
    );
    println!(
        "speed-up: one thread's time over all cores' on the same search. ceiling: {threads} \
         independent one-thread searches side by side, {threads} times one's time over theirs."
    );
    println!(
        "\"vs\" columns: the baseline's time over ours on one thread (above 1 = we are faster)."
    );
    Ok(())
}

/// Knuth's programs for colours and multiplicities given on the command line.
struct Knuth {
    dlx2: Option<PathBuf>,
    dlx3: Option<PathBuf>,
    ssxcc: Option<PathBuf>,
    ssmcc: Option<PathBuf>,
}

impl Knuth {
    fn from_args(args: &[String]) -> Self {
        let path = |flag| option_value(args, flag).map(PathBuf::from);
        Knuth {
            dlx2: path("--dlx2"),
            dlx3: path("--dlx3"),
            ssxcc: path("--ssxcc"),
            ssmcc: path("--ssmcc"),
        }
    }

    /// The dancing-links program and the dancing-cells one for a matrix: DLX3 and SSMCC
    /// with bounds, else DLX2 (or DLX3, which reads the same files) and SSXCC (or SSMCC).
    fn for_matrix(&self, bounds: bool) -> (Option<&Path>, Option<&Path>) {
        let (links, cells) = if bounds {
            (self.dlx3.as_ref(), self.ssmcc.as_ref())
        } else {
            (
                self.dlx2.as_ref().or(self.dlx3.as_ref()),
                self.ssxcc.as_ref().or(self.ssmcc.as_ref()),
            )
        };
        (links.map(PathBuf::as_path), cells.map(PathBuf::as_path))
    }
}

/// One problem with colours or multiplicities to time.
struct XccProblem<'a> {
    name: &'a str,
    text: &'a str,
    /// The file `dlx solve` reads for the baseline.
    file: PathBuf,
    /// Figures known beforehand (a workload's, from Knuth's DLX3): checked against ours.
    expected: Option<crate::workloads::Figures>,
}

/// The lines of problems with colours and multiplicities: `--xcc FILE` and, with
/// `--bounds`, the workloads of [`crate::workloads`].
fn xcc_lines(
    args: &[String],
    rounds: usize,
    threads: usize,
    baseline: Option<&Path>,
) -> crate::Result {
    let knuth = Knuth::from_args(args);
    let cpu = args.iter().any(|a| a == "--cpu");
    let mut problems = Vec::new();
    if let Some(file) = option_value(args, "--xcc") {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let name = Path::new(file)
            .file_stem()
            .map_or(file.to_string(), |s| s.to_string_lossy().into_owned());
        problems.push((name, text, PathBuf::from(file), None));
    }
    if args.iter().any(|a| a == "--bounds") {
        let dir = std::env::temp_dir().join("dlx-bench-workloads");
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for w in crate::workloads::all() {
            let file = dir.join(format!("{}.dlx", w.name));
            dlx_core::file::write_atomic(&file, w.text.as_bytes())
                .map_err(|e| format!("{}: {e}", file.display()))?;
            problems.push((w.name.to_string(), w.text, file, Some(w.dlx3)));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    println!(
        "\n{:<18} {:>14} {:>10} {:>10} {:>10} {:>9}  {:>11}  {:>11}  {:>12}",
        "colours, bounds",
        "updates",
        "1 thread",
        "M upd/s",
        "cleansings",
        "speed-up",
        "vs baseline",
        "vs DLX2/3",
        "vs SSXCC/MCC"
    );
    for (name, text, file, expected) in &problems {
        xcc_line(
            &XccProblem {
                name,
                text,
                file: file.clone(),
                expected: *expected,
            },
            &knuth,
            rounds,
            if cpu { None } else { Some(threads) },
            baseline,
        )?;
    }
    Ok(())
}

/// One line: [`dlx_core::Xcc`] on one thread and on all cores, the baseline's `dlx solve` on
/// one thread, and Knuth's programs, interleaved round by round; the figures of all cores,
/// of DLX2/DLX3 (solutions, updates, cleansings, nodes) and of SSXCC/SSMCC (solutions: it
/// counts its updates otherwise) are checked against ours. With `threads` `None` (`--cpu`)
/// every time is CPU time (the search's thread, each program's process), which other work
/// on a shared machine disturbs far less than the wall clock, and all cores are not run.
fn xcc_line(
    p: &XccProblem<'_>,
    knuth: &Knuth,
    rounds: usize,
    threads: Option<usize>,
    baseline: Option<&Path>,
) -> crate::Result {
    let cpu = threads.is_none();
    let name = p.name;
    let matrix = format::parse(p.text).map_err(|e| format!("{name}: {e}"))?;
    let (links, cells) = knuth.for_matrix(matrix.has_bounds());
    let mut x = dlx_core::Xcc::new(&matrix);
    let mut one = Duration::MAX;
    let (mut all, mut before) = (Duration::MAX, Duration::MAX);
    let (mut theirs, mut cells_time) = (Duration::MAX, Duration::MAX);
    let mut stats = Stats::default();
    for _ in 0..rounds.max(1) {
        let (t, seq) = if cpu {
            cpu_timed(|| x.solve().count())
        } else {
            timed(|| x.solve().count())
        };
        (one, stats) = (one.min(t), seq);
        let ours = (
            stats.solutions,
            stats.updates,
            stats.cleansings,
            stats.nodes,
        );
        if let Some(expected) = p.expected
            && ours != expected
        {
            return crate::failed(format!(
                "{name}: figures {ours:?}, but Knuth's DLX3 prints {expected:?}"
            ));
        }
        if let Some(threads) = threads {
            let (t, par) = timed(|| x.solve().threads(threads).count());
            all = all.min(t);
            if par != stats {
                return crate::failed(format!(
                    "{name}: parallel figures differ from sequential ones"
                ));
            }
        }
        if let Some(k) = links {
            let (t, err) = time_capture(&mut Command::new(k), Some(p.text), cpu)?;
            theirs = theirs.min(t);
            let f = knuth_figures(&err);
            let want = [
                ("solutions", stats.solutions),
                ("updates", stats.updates),
                ("cleansings", stats.cleansings),
                ("nodes", stats.nodes),
            ];
            for (what, ours) in want {
                if f.get(what) != Some(&ours) {
                    return crate::failed(format!(
                        "{name}: {} prints {what} {:?}, we count {ours}",
                        k.display(),
                        f.get(what)
                    ));
                }
            }
        }
        if let Some(k) = cells {
            let (t, err) = time_capture(&mut Command::new(k), Some(p.text), cpu)?;
            cells_time = cells_time.min(t);
            let f = knuth_figures(&err);
            if f.get("solutions") != Some(&stats.solutions) {
                return crate::failed(format!(
                    "{name}: {} prints {:?} solutions, we count {}",
                    k.display(),
                    f.get("solutions"),
                    stats.solutions
                ));
            }
        }
        if let Some(bin) = baseline {
            let mut cmd = Command::new(bin);
            cmd.arg("solve").arg(&p.file).args(["--threads", "1"]);
            before = before.min(time_capture(&mut cmd, None, cpu)?.0);
        }
    }
    let ratio = |t: Duration, given: bool| {
        if given {
            format!("{:>10.2}x", t.as_secs_f64() / one.as_secs_f64())
        } else {
            format!("{:>11}", "-")
        }
    };
    println!(
        "{:<18} {:>14} {:>8.3} s {:>10.1} {:>10} {:>9}  {}  {}  {:>11}",
        name,
        stats.updates,
        one.as_secs_f64(),
        stats.updates as f64 / one.as_secs_f64() / 1e6,
        stats.cleansings,
        if cpu {
            "-".to_string()
        } else {
            format!("{:.2}x", one.as_secs_f64() / all.as_secs_f64())
        },
        ratio(before, baseline.is_some()),
        ratio(theirs, links.is_some()),
        ratio(cells_time, cells.is_some()),
    );
    Ok(())
}

/// The figures of the last line of a Knuth program's report (`Altogether 3 solutions, ...,
/// 14 updates, 7 cleansings, ..., 6 nodes, ...`), by name: solutions, updates, cleansings,
/// nodes (DLX6's search nodes), and DLX6's ZDD nodes as `zdd_nodes`.
pub(crate) fn knuth_figures(report: &str) -> std::collections::HashMap<&'static str, u64> {
    let mut figures = std::collections::HashMap::new();
    let Some(line) = report.lines().rev().find(|l| l.starts_with("Altogether ")) else {
        return figures;
    };
    for part in line["Altogether ".len()..].split(", ") {
        let mut words = part.split_whitespace();
        let (Some(n), Some(what)) = (words.next(), words.next()) else {
            continue;
        };
        // DLX6 says `search nodes` and `ZDD nodes`.
        let next = words.next().map(|w| w.trim_end_matches('.'));
        let key = match (what.trim_end_matches('.'), next) {
            ("solution" | "solutions", _) => "solutions",
            ("updates", _) => "updates",
            ("cleansings", _) => "cleansings",
            ("nodes", _) | ("search", Some("nodes")) => "nodes",
            ("ZDD", Some("nodes")) => "zdd_nodes",
            _ => continue,
        };
        if let Ok(n) = n.parse() {
            figures.insert(key, n);
        }
    }
    figures
}

/// The CPU time of the calling thread.
pub(crate) fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given, which lives on this stack.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// The CPU time (user and system) of every child process waited for so far: the difference
/// across one run is that run's.
fn children_cpu() -> Duration {
    // SAFETY: an all-zero rusage is a valid value of that plain C struct.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes the struct it is given, which lives on this stack.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru) };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    tv(ru.ru_utime) + tv(ru.ru_stime)
}

/// [`timed`] by the CPU time of the calling thread, which runs the search.
fn cpu_timed(f: impl FnOnce() -> Stats) -> (Duration, Stats) {
    let t = thread_cpu();
    let s = f();
    (thread_cpu().saturating_sub(t), s)
}

fn timed(f: impl FnOnce() -> Stats) -> (Duration, Stats) {
    let t = Instant::now();
    let s = f();
    (t.elapsed(), s)
}

/// The wall-clock time of `threads` copies of the one-thread search run at once, each on its
/// own thread and arena; each copy's figures are checked against the sequential ones.
pub(crate) fn copies_side_by_side(
    threads: usize,
    matrix: &dlx_core::Matrix,
    h: dlx_core::Heuristic,
    expected: &Stats,
) -> crate::Result<Duration> {
    let arenas: Vec<Dlx> = (0..threads).map(|_| Dlx::new(matrix)).collect();
    side_by_side(
        arenas,
        |mut dlx| Ok(dlx.solve().heuristic(h).count()),
        expected,
    )
}

/// The wall-clock time of `search` run on each of `arenas` at once, each on a thread of its
/// own (the arenas are built before the clock starts, as for a one-thread time); each must
/// give `expected`.
pub(crate) fn side_by_side<T: Send>(
    arenas: Vec<T>,
    search: impl Fn(T) -> crate::Result<Stats> + Sync,
    expected: &Stats,
) -> crate::Result<Duration> {
    let t = Instant::now();
    let figures = std::thread::scope(|s| {
        let handles: Vec<_> = arenas
            .into_iter()
            .map(|arena| s.spawn(|| search(arena)))
            .collect();
        handles
            .into_iter()
            .map(|t| t.join().expect("a side-by-side search panicked"))
            .collect::<crate::Result<Vec<Stats>>>()
    })?;
    let elapsed = t.elapsed();
    if figures.iter().any(|f| f != expected) {
        return crate::failed("side-by-side copies of the search disagree with it");
    }
    Ok(elapsed)
}

/// The wall-clock time of one run of a command.
fn time_command(cmd: &mut Command, input: Option<&str>) -> crate::Result<Duration> {
    time_capture(cmd, input, false).map(|(t, _)| t)
}

/// The time of one run of a command fed `input` on stdin (wall-clock, or with `cpu` the CPU
/// time of the process, user and system), and what it wrote to stderr (where Knuth's
/// programs report their figures); its stdout is discarded.
pub(crate) fn time_capture(
    cmd: &mut Command,
    input: Option<&str>,
    cpu: bool,
) -> crate::Result<(Duration, String)> {
    let t = Instant::now();
    let children = children_cpu();
    let mut child = cmd
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if let (Some(text), Some(mut stdin)) = (input, child.stdin.take()) {
        stdin
            .write_all(text.as_bytes())
            .map_err(|e| format!("writing to {cmd:?}: {e}"))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{cmd:?}: {e}"))?;
    let elapsed = if cpu {
        children_cpu().saturating_sub(children)
    } else {
        t.elapsed()
    };
    if out.status.success() {
        Ok((elapsed, String::from_utf8_lossy(&out.stderr).into_owned()))
    } else {
        crate::failed(format!("{cmd:?} failed: {}", out.status))
    }
}

/// Builds the `dlx` binary of revision `rev` in a worktree and returns its path.
pub(crate) fn build_baseline(rev: &str) -> crate::Result<PathBuf> {
    let root = workspace_root();
    let dir = root.join("target/bench-baseline");
    let tree = dir.join("tree");
    let git = |args: &[&str], at: &Path| -> crate::Result {
        let ok = Command::new("git")
            .args(args)
            .current_dir(at)
            .status()
            .map_err(|e| format!("git: {e}"))?
            .success();
        if ok {
            Ok(())
        } else {
            crate::failed(format!("git {} failed", args.join(" ")))
        }
    };
    if tree.exists() {
        git(
            &[
                "worktree",
                "remove",
                "--force",
                tree.to_str().ok_or("non-UTF-8 path")?,
            ],
            &root,
        )?;
    }
    git(
        &[
            "worktree",
            "add",
            "--detach",
            tree.to_str().ok_or("non-UTF-8 path")?,
            rev,
        ],
        &root,
    )?;
    eprintln!("building the baseline {rev} in {} ...", tree.display());
    let ok = Command::new(env!("CARGO"))
        .args(["build", "--release", "-q", "-p", "dlx-cli", "--target-dir"])
        .arg(dir.join("target"))
        .current_dir(&tree)
        .status()
        .map_err(|e| format!("cargo: {e}"))?
        .success();
    if !ok {
        return crate::failed(format!("the baseline {rev} does not build"));
    }
    Ok(dir.join("target/release/dlx"))
}
