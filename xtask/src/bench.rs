//! `cargo xtask bench <target>`: time per item on real data, printed directly (the criterion
//! benches give the statistics; this gives the one number people quote).
//!
//! Targets: `search` (updates per second and the all-cores speed-up on 6x10, 14 queens and
//! Scott; see `bench_search.rs`), `scaling` (one long search on 1, 2, 4, ... threads; see
//! `bench_scaling.rs`), `sudoku` (µs per puzzle on four 9x9 sets: the band layer
//! against the candidate masks and dancing links, reused matrix against a per-puzzle rebuild,
//! and optionally a peer solver's binary; `--large`: 16x16 to 36x36; `--generate`: minimal
//! unique 9x9 puzzles per second, optionally against a peer generator), `zdd` (DLX6's
//! search against Knuth's DLX6; see `bench_zdd.rs`), and `anchors`: the
//! three of them in one command, each with the oracles given, so that every ratio issue 40
//! sets a target for comes out of one run.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use dlx_core::Dlx;
use dlx_sudoku::{Grid, SEARCH_RULE, Solver, parse_lines, puzzle_matrix};

/// The bench targets, for the usage line.
const TARGETS: &[&str] = &["search", "scaling", "sudoku", "zdd", "anchors"];

/// Runs the bench target named by the first argument.
pub fn run(args: &[String]) -> crate::Result {
    match args.first().map(String::as_str) {
        Some("search") => crate::bench_search::run(&args[1..]),
        Some("scaling") => crate::bench_scaling::run(&args[1..]),
        Some("sudoku") => sudoku(&args[1..]),
        Some("zdd") => crate::bench_zdd::run(&args[1..]),
        Some("anchors") => anchors(&args[1..]),
        Some(other) => crate::input(format!(
            "unknown bench target `{other}` (targets: {})",
            TARGETS.join(", ")
        )),
        None => crate::input(format!(
            "bench needs a target (targets: {})",
            TARGETS.join(", ")
        )),
    }
}

/// `bench anchors`: `search` (exact cover against dance.w, colours against DLX2 and SSXCC,
/// and, with `--dlx3` or `--ssmcc`, the workloads with multiplicities against DLX3 and
/// SSMCC), then `sudoku` (against `--peer`) and `scaling`, each given the arguments that
/// concern it, one after the other. A part whose data folder is absent says so and the others
/// run.
fn anchors(args: &[String]) -> crate::Result {
    let mut search = args.to_vec();
    if (crate::option_value(args, "--dlx3").is_some()
        || crate::option_value(args, "--ssmcc").is_some())
        && !args.iter().any(|a| a == "--bounds")
    {
        search.push("--bounds".into());
    }
    let parts: [(&str, &str, Vec<String>); 3] = [
        (
            "search",
            "exact cover vs dance.w, colours vs DLX2/SSXCC, multiplicities vs DLX3/SSMCC",
            search,
        ),
        (
            "sudoku",
            "9x9 sudoku vs the peer",
            pass(args, &["--rounds", "--peer"]),
        ),
        ("scaling", "many cores", {
            let mut scaling = pass(args, &["--threads", "--only"]);
            if args.iter().any(|a| a == "--own-ceiling") {
                scaling.push("--own-ceiling".into());
            }
            scaling
        }),
    ];
    let mut failed = Vec::new();
    for (target, what, part_args) in parts {
        println!("== bench {target}: {what}\n");
        // One part failing (a missing data file, a figure that differs) is reported, and the
        // others still run: the command's status says that something failed.
        if let Err(e) = run(&[vec![target.to_string()], part_args].concat()) {
            println!("bench {target}: {e}");
            failed.push(target);
        }
        println!();
    }
    if failed.is_empty() {
        Ok(())
    } else {
        crate::failed(format!("anchors: {} failed", failed.join(", ")))
    }
}

/// The flags of `args` named in `flags`, each with its value.
fn pass(args: &[String], flags: &[&str]) -> Vec<String> {
    flags
        .iter()
        .filter_map(|&f| crate::option_value(args, f).map(|v| [f.to_string(), v.to_string()]))
        .flatten()
        .collect()
}

/// The path and text of a file of the optional data folder (`DLX_DATA_DIR`, by default
/// shared/data beside the workspace), which the sudoku benchmarks need.
fn data_file(rel: &str) -> crate::Result<(PathBuf, String)> {
    let path = dlx_test_data::dir().join(rel);
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok((path, text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            crate::input(dlx_test_data::missing(&path))
        }
        Err(e) => crate::input(format!("{}: {e}", path.display())),
    }
}

/// The best (least disturbed) of `rounds` timings of `f`.
fn best_of(rounds: usize, mut f: impl FnMut()) -> Duration {
    (0..rounds.max(1))
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .expect("at least one round")
}

fn micros_per(d: Duration, n: usize) -> f64 {
    d.as_secs_f64() * 1e6 / n as f64
}

/// The 9x9 sets of `cargo xtask bench sudoku`, and whether each also times a per-puzzle
/// rebuild of the matrix (slow on the hardest sets, and the same story on every set).
const SUDOKU_SETS: &[(&str, bool)] = &[
    ("magictour_top95.txt", true),
    ("magictour_top1465.txt", true),
    ("forum_hardest_1106.txt", false),
    ("royle_17clue_sample.txt", false),
];

/// The larger boards of `cargo xtask bench sudoku --large`.
const LARGE_SETS: &[&str] = &[
    "16x16/alspv_16x16-easy.txt",
    "16x16/alspv_16x16-medium.txt",
    "16x16/hexadoku_michael404.txt",
    "25x25/alspv_25x25-easy.txt",
    "25x25/sudoku25_michael404.txt",
    "36x36/sudoku36_michael404.txt",
];

/// The puzzles of a sudoku file: a grid layout or numbers (one puzzle), else one per line,
/// with their names where the lines have them (a bad line is a bad puzzle, not the end).
fn puzzles_of(text: &str) -> Vec<(String, Result<Grid, String>)> {
    if let Ok(g) = dlx_sudoku::parse(text, None) {
        return vec![(String::new(), Ok(g))];
    }
    let lines: Vec<&str> = text.lines().collect();
    parse_lines(text, None)
        .into_iter()
        .map(|e| {
            let line = lines.get(e.line - 1).copied().unwrap_or("");
            let name = line
                .split_once(':')
                .map_or("", |(name, _)| name)
                .to_string();
            (name, e.puzzle.map_err(|err| err.to_string()))
        })
        .collect()
}

/// Runs `f` with `flag` set after `limit` unless it returns first; true if it did.
fn within<T>(flag: &Arc<AtomicBool>, limit: Duration, f: impl FnOnce() -> T) -> (T, bool) {
    flag.store(false, Ordering::Relaxed);
    let (done, wait) = mpsc::channel::<()>();
    let watch = Arc::clone(flag);
    let watchdog = std::thread::spawn(move || {
        if wait.recv_timeout(limit) == Err(mpsc::RecvTimeoutError::Timeout) {
            watch.store(true, Ordering::Relaxed);
        }
    });
    let out = f();
    let _ = done.send(());
    let _ = watchdog.join();
    (out, !flag.load(Ordering::Relaxed))
}

/// 16x16 to 36x36: first solution and uniqueness, candidate masks against dancing links
/// with propagation (stopped after `links_limit` seconds a puzzle), per puzzle, in the same
/// run.
fn large_boards(links_limit: Duration) -> crate::Result {
    let mut masks = Solver::new();
    let flag = Arc::new(AtomicBool::new(false));
    let mut links = Solver::new().masks_from(7).interrupt(Arc::clone(&flag));
    for &file in LARGE_SETS {
        let (_, text) = data_file(&format!("sudoku/{file}"))?;
        for (name, p) in puzzles_of(&text) {
            let label = if name.is_empty() {
                file.to_string()
            } else {
                format!("{file} {name}")
            };
            let p = match p {
                Ok(p) => p,
                Err(e) => {
                    println!("{label}: skipped, not a puzzle ({e})");
                    continue;
                }
            };
            let time = |solver: &mut Solver| {
                let t = Instant::now();
                let s = solver.solve(&p);
                let first = t.elapsed();
                let t = Instant::now();
                let count = solver.count(&p, Some(2));
                (s, count, first, t.elapsed())
            };
            let (s, count, first, proof) = time(&mut masks);
            if !s.as_ref().is_some_and(|s| s.solves(&p)) {
                return crate::failed(format!("{label}: no solution found by the masks"));
            }
            let ms = |d: Duration| d.as_secs_f64() * 1e3;
            let mut line = format!(
                "{label}: masks {:.1} ms solve, {:.1} ms uniqueness{}",
                ms(first),
                ms(proof),
                if count == 1 { "" } else { " (not unique)" }
            );
            let ((s2, count2, first2, proof2), finished) =
                within(&flag, links_limit, || time(&mut links));
            if !finished {
                line += &format!("; dancing links did not finish in {links_limit:?}");
            } else if s2.is_none() || count2 != count {
                return crate::failed(format!("{label}: dancing links disagree with the masks"));
            } else {
                line += &format!(
                    "; dancing links {:.1} and {:.1} ms ({:.1}x and {:.1}x slower)",
                    ms(first2),
                    ms(proof2),
                    first2.as_secs_f64() / first.as_secs_f64(),
                    proof2.as_secs_f64() / proof.as_secs_f64()
                );
            }
            println!("{line}");
        }
    }
    Ok(())
}

/// `cargo xtask bench sudoku [--rounds N] [--peer PATH] [--large [--links-limit S]]
/// [--generate [--count N]]`.
fn sudoku(args: &[String]) -> crate::Result {
    if args.iter().any(|a| a == "--large") {
        let limit = crate::option_number(args, "--links-limit", 20)?;
        return large_boards(Duration::from_secs(limit as u64));
    }
    let rounds = crate::option_count(args, "--rounds", 5)?;
    let peer = crate::option_value(args, "--peer").map(PathBuf::from);
    if args.iter().any(|a| a == "--generate") {
        let count = crate::option_count(args, "--count", 2000)?;
        return generate(count, rounds, peer.as_deref());
    }
    let t = Instant::now();
    let empty = Grid::empty(3).map_err(|e| e.to_string())?;
    let mut solver = Solver::new();
    solver.solve(&empty);
    println!(
        "sudoku: solving the empty 9x9 grid: {:.0} µs",
        micros_per(t.elapsed(), 1)
    );
    // The same puzzles through the candidate masks (the engine of 16x16 and up), and through
    // plain dancing links (the engine 9x9 used before).
    let mut masks = Solver::new().bands(false).masks_from(3);
    let mut links = Solver::new().bands(false);
    for &(set, rebuild) in SUDOKU_SETS {
        let (path, text) = data_file(&format!("sudoku/9x9/{set}"))?;
        let puzzles: Vec<Grid> = parse_lines(&text, None)
            .into_iter()
            .map(|e| e.puzzle.map_err(|err| format!("{set}: {err}")))
            .collect::<Result<_, _>>()?;
        let n = puzzles.len();
        // Check before timing: every puzzle solved, and uniquely, by both engines.
        for p in &puzzles {
            let s = solver
                .solve(p)
                .ok_or_else(|| format!("{set}: no solution for {}", p.to_line()))?;
            let same = |other: &mut Solver| other.solve(p).as_ref() == Some(&s);
            if !s.solves(p) || !solver.is_unique(p) || !same(&mut masks) || !same(&mut links) {
                return crate::failed(format!(
                    "{set}: wrong or non-unique solution for {}",
                    p.to_line()
                ));
            }
        }
        let time = |solver: &mut Solver, unique: bool| {
            best_of(rounds, || {
                for p in &puzzles {
                    let p = std::hint::black_box(p);
                    if unique {
                        std::hint::black_box(solver.is_unique(p));
                    } else {
                        std::hint::black_box(solver.solve(p));
                    }
                }
            })
        };
        // With a peer, its runs and ours take turns, three times, and each keeps its best:
        // a load that comes and goes then weighs on both alike.
        let mut peer_best = (f64::INFINITY, f64::INFINITY);
        let (mut solve, mut unique) = (Duration::MAX, Duration::MAX);
        for _ in 0..if peer.is_some() { 3 } else { 1 } {
            if let Some(peer) = &peer {
                let (first, two) = run_peer(peer, &path, rounds)?;
                peer_best = (peer_best.0.min(first), peer_best.1.min(two));
            }
            solve = solve.min(time(&mut solver, false));
            unique = unique.min(time(&mut solver, true));
        }
        let (masks_solve, masks_unique) = (time(&mut masks, false), time(&mut masks, true));
        let (links_solve, links_unique) = (time(&mut links, false), time(&mut links, true));
        let name = set.trim_end_matches(".txt");
        let (solve, unique) = (micros_per(solve, n), micros_per(unique, n));
        println!(
            "{name} ({n} puzzles, best of {rounds}): solve {solve:.1} µs/puzzle, \
             uniqueness (count to 2) {unique:.1} µs/puzzle"
        );
        for (engine, s, u) in [
            ("candidate masks", masks_solve, masks_unique),
            ("dancing links", links_solve, links_unique),
        ] {
            let (s, u) = (micros_per(s, n), micros_per(u, n));
            println!(
                "{name}: {engine} {s:.1} and {u:.1} µs/puzzle ({:.1}x and {:.1}x slower)",
                s / solve,
                u / unique
            );
        }
        if rebuild {
            let rebuild = best_of(rounds.div_ceil(2), || {
                for p in &puzzles {
                    let (m, _) = puzzle_matrix(std::hint::black_box(p));
                    // The same column rule as the links solver, so only the set-up differs.
                    let _ =
                        std::hint::black_box(Dlx::new(&m).solve().heuristic(SEARCH_RULE).first());
                }
            });
            println!(
                "{name}: dancing links, reuse+fix is {:.1} times faster than a rebuild per puzzle ({:.1} µs/puzzle)",
                rebuild.as_secs_f64() / links_solve.as_secs_f64(),
                micros_per(rebuild, n),
            );
        }
        if peer.is_some() {
            let (first, two) = peer_best;
            println!(
                "{name}: peer {first:.1} and {two:.1} µs/puzzle; ours/peer {:.2} (solve) and {:.2} (uniqueness)",
                solve / first,
                unique / two,
            );
        }
    }
    Ok(())
}

/// Minimal unique 9x9 puzzles per second on one thread, without symmetry and with the 180°
/// one: `count` puzzles a round, the best of `rounds`. With a peer generator, its runs and ours
/// take turns, three times, each keeping its best, as in the solving bench.
fn generate(count: usize, rounds: usize, peer: Option<&Path>) -> crate::Result {
    use dlx_sudoku::generate::Generator;
    // One generator per mode for the whole run: every round makes new puzzles.
    let mut ours = [false, true].map(|symmetric| {
        Generator::new(3)
            .map(|g| g.seed(1).symmetric(symmetric))
            .map_err(|e| e.to_string())
    });
    let mut best = [0.0f64; 2];
    let mut peer_best = [0.0f64; 2];
    for _ in 0..if peer.is_some() { 3 } else { 1 } {
        if let Some(peer) = peer {
            let rates = run_peer_generate(peer, count, rounds)?;
            for (best, rate) in peer_best.iter_mut().zip(rates) {
                *best = best.max(rate);
            }
        }
        for (best, generator) in best.iter_mut().zip(&mut ours) {
            let generator = generator.as_mut().map_err(|e| e.clone())?;
            let mut failed = None;
            let time = best_of(rounds, || {
                for _ in 0..count {
                    match generator.generate() {
                        Ok(g) => {
                            std::hint::black_box(g);
                        }
                        Err(e) => failed = Some(e.to_string()),
                    }
                }
            });
            if let Some(e) = failed {
                return crate::failed(e);
            }
            *best = best.max(count as f64 / time.as_secs_f64());
        }
    }
    println!(
        "generate 9x9 ({count} minimal unique puzzles a round, best of {rounds}): \
         {:.0} puzzles/s, {:.0} with 180° symmetry",
        best[0], best[1]
    );
    if peer.is_some() {
        println!(
            "generate 9x9: peer {:.0} and {:.0} puzzles/s; ours/peer {:.2} and {:.2} (higher is faster)",
            peer_best[0],
            peer_best[1],
            best[0] / peer_best[0],
            best[1] / peer_best[1],
        );
    }
    Ok(())
}

/// Runs a peer generator under the contract in the usage text: `PEER --generate COUNT
/// ROUNDS` prints minimal unique puzzles per second without symmetry and with the 180° one.
fn run_peer_generate(peer: &Path, count: usize, rounds: usize) -> crate::Result<[f64; 2]> {
    let args = [
        "--generate".to_string(),
        count.to_string(),
        rounds.to_string(),
    ];
    match peer_numbers(peer, &args)?[..] {
        [plain, symmetric] => Ok([plain, symmetric]),
        _ => crate::input(format!("{}: wanted two numbers", peer.display())),
    }
}

/// Runs a peer solver on a puzzle file under the contract in the usage text: `PEER FILE
/// ROUNDS` prints µs per puzzle for the first solution and for counting to 2.
fn run_peer(peer: &Path, file: &Path, rounds: usize) -> crate::Result<(f64, f64)> {
    let args = [file.display().to_string(), rounds.to_string()];
    match peer_numbers(peer, &args)?[..] {
        [first, two] => Ok((first, two)),
        _ => crate::input(format!("{}: wanted two numbers", peer.display())),
    }
}

/// Runs a peer with `args` and reads the positive numbers it prints on standard output.
fn peer_numbers(peer: &Path, args: &[String]) -> crate::Result<Vec<f64>> {
    let out = Command::new(peer)
        .args(args)
        .output()
        .map_err(|e| format!("{}: {e}", peer.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        return crate::input(format!(
            "{} {} failed ({}): {}",
            peer.display(),
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let numbers: Vec<f64> = text
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{}: wanted numbers, got `{}`", peer.display(), text.trim()))?;
    if numbers.iter().all(|&x| x > 0.0) {
        Ok(numbers)
    } else {
        crate::input(format!(
            "{}: wanted positive numbers, got `{}`",
            peer.display(),
            text.trim()
        ))
    }
}
