//! A search for the symmetry breaking behind the paper's update total for O'Beirne's hexagon
//! (issue 27).
//!
//! The paper splits the 19 one-sided hexiamonds in O'Beirne's hexagon by the position of the
//! hexagon piece O, seven subcases by its squared distance d² from the centre, and prints
//! 124,519 solutions and 134,425,768,494 updates in all. Subcase d² = 7 (no symmetry fixes
//! O's point) is reproduced exactly with O around (2, 6): 8,976,245,858 updates. So the other
//! six subcases must sum to 125,449,522,636 under the paper's conventions (columns as in
//! `docs/paper-conventions.md`, "O'Beirne's hexagon (Figure 8)"). This program runs a family
//! of candidate conventions for each of them and looks for the sum.
//!
//! * **Reflective subcases** d² = 1, 3, 4, 9, 12 (`reflective` mode): one reflection σ fixes
//!   O's point. Candidates: O fixed at each of the 6 points of the class (the point changes
//!   the count, as at d² = 7), and either nothing else restricted (`-`) or one achiral piece
//!   (C, E, V, X) kept to the placements least (`least`) or greatest (`greatest`) in their
//!   orbit under {1, σ}, sorted cells compared lexicographically, placements fixed by σ kept:
//!   6 × 9 = 54 runs per subcase.
//! * **The centre** d² = 0 (`centre` mode): all 12 symmetries fix O. The paper split this case
//!   by the position of the crown (V). Every V placement is run with V fixed there (its column
//!   kept with one row, like O); a placement fixed by a reflection is also run with C, E or X
//!   kept to its least or greatest placements under that reflection. A candidate total takes
//!   one placement per orbit of V under the 12 symmetries, the least or the greatest of the
//!   orbit, with one of those 7 further restrictions where the placement is fixed by a
//!   reflection: 14 candidates. Also run: O alone (nothing restricted) and C, E, V or X kept
//!   to orbit-least or orbit-greatest placements under all 12 symmetries (9 more).
//! * `combine FILE...` reads the lines written by the runs and searches the combinations for
//!   the exact sum: (a) one convention for all five reflective subcases (the same piece and
//!   half, or nothing), the point free in each, with any d² = 0 candidate; (b) everything free.
//!   It prints the number of combinations, the spread of their totals and so the number of
//!   chance matches to expect, the matches and the nearest totals.
//!
//! Usage: `cargo run --release -p dlx-research --bin hexagon_search -- reflective 1,3,4,9,12
//! THREADS FILE [DEADLINE_S]`, `... -- centre THREADS FILE`, `... -- device THREADS FILE
//! [DEADLINE_S]` (everything, the most likely first) and `... -- combine FILE...`.
//! Each finished run is appended to FILE at once as a tab-separated line
//! `d2 point piece half solutions nodes updates seconds` (centre: `0 V=cells ...`). Runs not
//! started by DEADLINE_S seconds are skipped. The results are recorded in
//! `docs/paper-conventions.md`, "O'Beirne's hexagon (Figure 8)".

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use dlx_core::{Dlx, Stats};
use dlx_polyiamond::board::unit_hexagon;
use dlx_polyiamond::cell::Point;
use dlx_polyiamond::hexiamonds::{one_sided, one_sided_set};
use dlx_polyiamond::problems::o_positions;
use dlx_polyiamond::subcase::{Sym, d6, stabiliser};
use dlx_polyiamond::{Board, Cell, Puzzle};

/// The paper's total over the six subcases other than d² = 7.
const TARGET: u64 = 134_425_768_494 - 8_976_245_858;

const ACHIRAL: [&str; 4] = ["C", "E", "V", "X"];

fn sorted(cells: &[Cell]) -> Vec<Cell> {
    let mut c = cells.to_vec();
    c.sort_unstable();
    c
}

fn image(centre: Point, g: Sym, cells: &[Cell]) -> Vec<Cell> {
    sorted(&cells.iter().map(|&c| g.cell(centre, c)).collect::<Vec<_>>())
}

/// Keeps the placements least (or greatest) in their orbit under `group`.
fn half(centre: Point, group: Vec<Sym>, greatest: bool) -> impl Fn(&[Cell]) -> bool + Send + Sync {
    move |cells| {
        let own = sorted(cells);
        group.iter().all(|&g| {
            let img = image(centre, g, cells);
            if greatest { own >= img } else { own <= img }
        })
    }
}

/// One restriction of a piece: `piece` kept to least/greatest placements under `group`.
#[derive(Clone)]
struct Restrict {
    piece: &'static str,
    greatest: bool,
    group: Vec<Sym>,
}

/// One run: O at `o`, optionally another piece fixed at one placement, and restrictions.
#[derive(Clone)]
struct Job {
    /// Output line prefix (tab-separated description).
    label: String,
    o: Point,
    fixed: Option<(&'static str, Vec<Cell>)>,
    restrict: Option<Restrict>,
}

impl Job {
    fn puzzle(&self, centre: Point) -> Puzzle {
        let mut p = Puzzle::new(Board::obeirne_hexagon());
        let hexagon = sorted(&unit_hexagon(self.o));
        for (label, orientations) in one_sided_set().pieces {
            if label == "O" {
                let want = hexagon.clone();
                p.piece_where(label, orientations, move |c| sorted(c) == want);
            } else if let Some((_, want)) = self.fixed.as_ref().filter(|(f, _)| *f == label) {
                let want = want.clone();
                p.piece_where(label, orientations, move |c| sorted(c) == want);
            } else if let Some(r) = self.restrict.as_ref().filter(|r| r.piece == label) {
                p.piece_where(
                    label,
                    orientations,
                    half(centre, r.group.clone(), r.greatest),
                );
            } else {
                p.piece(label, orientations);
            }
        }
        p
    }

    fn run(&self, centre: Point) -> Stats {
        let placed = self.puzzle(centre).build().expect("the hexagon builds");
        Dlx::new(&placed.matrix).solve().count()
    }
}

fn centre() -> Point {
    Board::obeirne_hexagon()
        .centre()
        .expect("the hexagon has a centre")
}

/// Which of a class's points to run: the least (the point our table uses, and the one in the
/// 30° wedge that holds the paper's subcase (c) point (2, 6)), the five others, or all.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Points {
    Least,
    Others,
    All,
}

/// The runs restricting each of `pieces` to the least, then the greatest, placements of
/// their orbits under `group`, labelled `prefix piece half`.
fn restricted(
    prefix: &str,
    o: Point,
    fixed: Option<(&'static str, Vec<Cell>)>,
    pieces: &[&'static str],
    group: &[Sym],
) -> Vec<Job> {
    let mut jobs = Vec::new();
    for &piece in pieces {
        for greatest in [false, true] {
            let half = if greatest { "greatest" } else { "least" };
            jobs.push(Job {
                label: format!("{prefix}\t{piece}\t{half}"),
                o,
                fixed: fixed.clone(),
                restrict: Some(Restrict {
                    piece,
                    greatest,
                    group: group.to_vec(),
                }),
            });
        }
    }
    jobs
}

fn reflective_jobs(classes: &[i32], which: Points) -> Vec<Job> {
    let c = centre();
    let mut jobs = Vec::new();
    for &d2 in classes {
        let points: Vec<Point> = o_positions()
            .into_iter()
            .filter(|(e, _)| *e == d2)
            .map(|(_, o)| o)
            .collect();
        for (k, o) in points.into_iter().enumerate() {
            if (which == Points::Least && k > 0) || (which == Points::Others && k == 0) {
                continue;
            }
            let group = stabiliser(c, o);
            assert_eq!(group.len(), 2, "one reflection fixes a point at d2 = {d2}");
            let point = format!("{},{}", o.0, o.1);
            jobs.push(Job {
                label: format!("{d2}\t{point}\t-\t-"),
                o,
                fixed: None,
                restrict: None,
            });
            jobs.extend(restricted(
                &format!("{d2}\t{point}"),
                o,
                None,
                &ACHIRAL,
                &group,
            ));
        }
    }
    jobs
}

fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| c.name().unwrap_or_default())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The placements of V on the board (sorted cells), O's centre hexagon excluded.
fn v_placements(c: Point) -> Vec<Vec<Cell>> {
    let hexagon = sorted(&unit_hexagon(c));
    let mut p = Puzzle::new(Board::obeirne_hexagon());
    p.piece("V", one_sided("V").expect("V exists"));
    let mut out: Vec<Vec<Cell>> = p
        .placements()
        .into_iter()
        .map(|pl| sorted(&pl.cells))
        .filter(|cells| cells.iter().all(|x| !hexagon.contains(x)))
        .collect();
    out.sort();
    out.dedup();
    out
}

fn centre_jobs() -> Vec<Job> {
    let c = centre();
    let mut jobs = Vec::new();
    jobs.push(Job {
        label: "0\tall\t-\t-".into(),
        o: c,
        fixed: None,
        restrict: None,
    });
    jobs.extend(restricted("0\tall", c, None, &ACHIRAL, &d6()));
    for v in v_placements(c) {
        let stab: Vec<Sym> = d6().into_iter().filter(|&g| image(c, g, &v) == v).collect();
        let name = format!("V={}", cells_text(&v));
        jobs.push(Job {
            label: format!("0\t{name}\t-\t-"),
            o: c,
            fixed: Some(("V", v.clone())),
            restrict: None,
        });
        if stab.len() > 1 {
            jobs.extend(restricted(
                &format!("0\t{name}"),
                c,
                Some(("V", v.clone())),
                &["C", "E", "X"],
                &stab,
            ));
        }
    }
    jobs
}

fn run_jobs(jobs: Vec<Job>, threads: usize, file: &str, deadline: Option<f64>) {
    let c = centre();
    let start = Instant::now();
    let out = Mutex::new(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
            .expect("the output file opens"),
    );
    let next = AtomicUsize::new(0);
    eprintln!("{} runs, {threads} threads", jobs.len());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    if deadline.is_some_and(|d| start.elapsed().as_secs_f64() > d) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let t = Instant::now();
                    let s = job.run(c);
                    let line = format!(
                        "{}\t{}\t{}\t{}\t{:.1}",
                        job.label,
                        s.solutions,
                        s.nodes,
                        s.updates,
                        t.elapsed().as_secs_f64()
                    );
                    println!("{line}");
                    let mut f = out.lock().expect("no panics");
                    writeln!(f, "{line}").expect("the output file is writable");
                    f.flush().expect("the output file is writable");
                }
            });
        }
    });
}

/// A parsed result line.
struct Rec {
    d2: i32,
    point: String,
    piece: String,
    half: String,
    solutions: u64,
    updates: u64,
}

fn read(files: &[String]) -> Vec<Rec> {
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).expect("a readable result file");
        for line in text.lines() {
            let v: Vec<&str> = line.split('\t').collect();
            if line.starts_with('#') || v.len() < 8 {
                continue;
            }
            out.push(Rec {
                d2: v[0].parse().expect("d2"),
                point: v[1].to_string(),
                piece: v[2].to_string(),
                half: v[3].to_string(),
                solutions: v[4].parse().expect("solutions"),
                updates: v[6].parse().expect("updates"),
            });
        }
    }
    out
}

/// The d² = 0 candidates: (name, solutions, updates).
fn centre_candidates(recs: &[Rec]) -> Vec<(String, u64, u64)> {
    let c = centre();
    let mut out = Vec::new();
    for r in recs.iter().filter(|r| r.d2 == 0 && r.point == "all") {
        out.push((
            format!("O alone, {} {}", r.piece, r.half),
            r.solutions,
            r.updates,
        ));
    }
    // Per V placement: the runs, keyed by (placement, piece, half).
    let runs: HashMap<(String, String, String), (u64, u64)> = recs
        .iter()
        .filter(|r| r.d2 == 0 && r.point.starts_with("V="))
        .map(|r| {
            (
                (r.point.clone(), r.piece.clone(), r.half.clone()),
                (r.solutions, r.updates),
            )
        })
        .collect();
    let vs = v_placements(c);
    // Orbits of V placements under the 12 symmetries.
    let mut orbits: BTreeMap<Vec<Cell>, Vec<Vec<Cell>>> = BTreeMap::new();
    for v in &vs {
        let least = d6()
            .into_iter()
            .map(|g| image(c, g, v))
            .min()
            .expect("twelve images");
        orbits.entry(least).or_default().push(v.clone());
    }
    let furthers: Vec<(String, String)> = std::iter::once(("-".to_string(), "-".to_string()))
        .chain(["C", "E", "X"].iter().flat_map(|p| {
            ["least", "greatest"]
                .iter()
                .map(move |h| (p.to_string(), h.to_string()))
        }))
        .collect();
    for greatest in [false, true] {
        for (fp, fh) in &furthers {
            let mut total = (0, 0);
            let mut complete = true;
            for members in orbits.values() {
                let rep = if greatest {
                    members.iter().max()
                } else {
                    members.iter().min()
                }
                .expect("an orbit has members");
                let stabilised = d6()
                    .into_iter()
                    .filter(|&g| image(c, g, rep) == *rep)
                    .count()
                    > 1;
                let key = |p: &str, h: &str| {
                    (
                        format!("V={}", cells_text(rep)),
                        p.to_string(),
                        h.to_string(),
                    )
                };
                let got = if stabilised {
                    runs.get(&key(fp, fh))
                } else {
                    runs.get(&key("-", "-"))
                };
                match got {
                    Some(&(s, u)) => {
                        total.0 += s;
                        total.1 += u;
                    }
                    None => complete = false,
                }
            }
            if complete {
                out.push((
                    format!(
                        "crown split, {} representatives, stabilised ones {fp} {fh}",
                        if greatest { "greatest" } else { "least" }
                    ),
                    total.0,
                    total.1,
                ));
            }
        }
    }
    out
}

/// The solution classes of each subcase (Goodger's counts, equal to ours).
const CLASSES: [(i32, u64); 6] = [
    (0, 1914),
    (1, 5727),
    (3, 11447),
    (4, 7549),
    (9, 15717),
    (12, 75490),
];

/// One candidate figure for a subcase: (updates, solutions found, description).
type Cand = (u64, u64, String);

fn combine(files: &[String]) {
    let recs = read(files);
    let mut per: BTreeMap<i32, Vec<Cand>> = BTreeMap::new();
    for (n, s, u) in centre_candidates(&recs) {
        per.entry(0).or_default().push((u, s, format!("d2=0 {n}")));
    }
    // The least point of each class (the first in `o_positions`).
    let least: BTreeMap<i32, String> = o_positions()
        .into_iter()
        .rev()
        .map(|(d2, o)| (d2, format!("{},{}", o.0, o.1)))
        .collect();
    for r in recs.iter().filter(|r| r.d2 != 0) {
        let mark = if least.get(&r.d2) == Some(&r.point) {
            " (least point)"
        } else {
            ""
        };
        per.entry(r.d2).or_default().push((
            r.updates,
            r.solutions,
            format!("d2={}@{}{mark} {} {}", r.d2, r.point, r.piece, r.half),
        ));
    }
    for (d2, list) in &per {
        let exact = CLASSES.iter().find(|c| c.0 == *d2).map_or(0, |c| c.1);
        let n_exact = list.iter().filter(|c| c.1 == exact).count();
        println!(
            "d2 = {d2}: {} candidates, {n_exact} finding each of the {exact} classes once",
            list.len()
        );
    }
    for (d2, exact) in CLASSES {
        println!("d2 = {d2}, candidates finding exactly {exact} solutions:");
        for (u, _, n) in per.get(&d2).into_iter().flatten().filter(|c| c.1 == exact) {
            println!("  {u}  {n}");
        }
    }
    let exact_only = |d2: i32, c: &Cand| CLASSES.iter().any(|k| k.0 == d2 && k.1 == c.1);
    search(
        "F1: every subcase finds each of its classes once (total 124,519 found)",
        &per,
        &exact_only,
    );
    search(
        "F2: O at the least point (the wedge of (2, 6)), any candidate",
        &per,
        &|d2, c: &Cand| d2 == 0 || c.2.contains("(least point)"),
    );
    search("F3: F1 at the least points only", &per, &|d2, c: &Cand| {
        exact_only(d2, c) && (d2 == 0 || c.2.contains("(least point)"))
    });
    search("F4: every candidate run", &per, &|_, _| true);
}

/// Searches the combinations of one candidate per subcase (those `keep` admits) for the
/// paper's total: a meet in the middle on (1, 3, 4) and (0, 9, 12).
fn search(title: &str, per: &BTreeMap<i32, Vec<Cand>>, keep: &dyn Fn(i32, &Cand) -> bool) {
    let list = |d2: i32| -> Vec<(u64, String)> {
        per.get(&d2)
            .into_iter()
            .flatten()
            .filter(|c| keep(d2, c))
            .map(|c| (c.0, c.2.clone()))
            .collect()
    };
    let side = |classes: &[i32]| -> Vec<(u64, String)> {
        let mut acc: Vec<(u64, String)> = vec![(0, String::new())];
        for &d2 in classes {
            let l = list(d2);
            acc = acc
                .iter()
                .flat_map(|(u, n)| {
                    l.iter().map(move |(v, m)| {
                        (
                            u + v,
                            if n.is_empty() {
                                m.clone()
                            } else {
                                format!("{n}; {m}")
                            },
                        )
                    })
                })
                .collect();
        }
        acc
    };
    let mut left = side(&[1, 3, 4]);
    let right = side(&[0, 9, 12]);
    if left.is_empty() || right.is_empty() {
        println!("{title}: no complete combination");
        return;
    }
    left.sort();
    let combos = left.len() as f64 * right.len() as f64;
    let lo = left[0].0 + right.iter().map(|r| r.0).min().unwrap_or(0);
    let hi = left[left.len() - 1].0 + right.iter().map(|r| r.0).max().unwrap_or(0);
    let mut matches = 0u64;
    let mut nearest: Vec<(u64, String)> = Vec::new();
    for (u, n) in &right {
        let want = TARGET.saturating_sub(*u);
        let k = left.partition_point(|(v, _)| *v < want);
        for (v, m) in &left[k.saturating_sub(1)..(k + 1).min(left.len())] {
            let total = v + u;
            if total == TARGET {
                matches += 1;
                println!("MATCH: {m}; {n}");
            }
            nearest.push((total.abs_diff(TARGET), format!("{total}: {m}; {n}")));
        }
    }
    nearest.sort();
    nearest.truncate(3);
    println!(
        "{title}: {combos:.3e} combinations, totals {lo}..{hi}, expected chance matches {:.2e}, exact matches {matches}",
        combos / (hi - lo).max(1) as f64
    );
    for (d, n) in nearest {
        println!("  off by {d}: {n}");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("reflective") => {
            let classes: Vec<i32> = args[2]
                .split(',')
                .map(|d| d.parse().expect("a squared distance"))
                .collect();
            let threads = args[3].parse().expect("a thread count");
            let deadline = args.get(5).map(|d| d.parse().expect("seconds"));
            run_jobs(
                reflective_jobs(&classes, Points::All),
                threads,
                &args[4],
                deadline,
            );
        }
        Some("device") => {
            // The least points of every class (d2 = 12 first: the longest runs), the centre,
            // then the other points of d2 = 1, 3, 4, 9 and last of d2 = 12.
            let threads = args[2].parse().expect("a thread count");
            let deadline = args.get(4).map(|d| d.parse().expect("seconds"));
            let mut jobs = reflective_jobs(&[12, 9, 4, 3, 1], Points::Least);
            jobs.extend(centre_jobs());
            jobs.extend(reflective_jobs(&[1, 3, 4, 9, 12], Points::Others));
            run_jobs(jobs, threads, &args[3], deadline);
        }
        Some("centre") => {
            let threads = args[2].parse().expect("a thread count");
            run_jobs(centre_jobs(), threads, &args[3], None);
        }
        Some("pick") => {
            // pick THREADS FILE DEADLINE DONE d2:PIECES...: the other points of each class, only
            // the listed pieces, skipping runs already in DONE.
            let threads = args[2].parse().expect("a thread count");
            let deadline = Some(args[4].parse().expect("seconds"));
            let done = std::fs::read_to_string(&args[5]).unwrap_or_default();
            let mut jobs = Vec::new();
            for spec in &args[6..] {
                let (d2, pieces) = spec.split_once(':').expect("d2:PIECES");
                let d2: i32 = d2.parse().expect("a squared distance");
                let pieces: Vec<&str> = pieces.split(',').collect();
                jobs.extend(
                    reflective_jobs(&[d2], Points::Others)
                        .into_iter()
                        .filter(|j| {
                            j.restrict
                                .as_ref()
                                .is_some_and(|r| pieces.contains(&r.piece))
                        })
                        .filter(|j| {
                            !done
                                .lines()
                                .any(|l| l.starts_with(&format!("{}\t", j.label)))
                        }),
                );
            }
            run_jobs(jobs, threads, &args[3], deadline);
        }
        Some("combine") => combine(&args[2..]),
        Some("count") => {
            let classes: Vec<i32> = args[2]
                .split(',')
                .map(|d| d.parse().expect("a squared distance"))
                .collect();
            println!(
                "{} reflective runs, {} centre runs",
                reflective_jobs(&classes, Points::All).len(),
                centre_jobs().len()
            );
        }
        _ => eprintln!("usage: hexagon_search reflective|centre|combine|count ..."),
    }
}
