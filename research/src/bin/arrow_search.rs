//! A search for the four "arrowlike shapes" of Figure 7 (issue 27).
//!
//! The paper prints, for the twelve hexiamonds in each of four arrow-shaped boards of 72
//! triangles, the solutions, nodes and updates of one run under the rhombus conventions
//! (`docs/paper-conventions.md`, "Figure 7's arrows"). The shapes appear only in the figure's
//! picture, so this program enumerates a family of arrow-like polyiamonds with one mirror axis,
//! places each in its six distinct orientations on the grid (the cell order, and so the
//! column order, depends on the orientation), restricts the sphinx to the six rotations of one
//! chirality (either one: one representative of each orbit under the board's mirror), and
//! compares each run's (solutions, nodes, updates) with the paper's four triples.
//!
//! Two sub-families, each given by its upper (or top) profile:
//!
//! * **vertical axis** (the arrow points along a line perpendicular to a lattice direction):
//!   rows are segments symmetric about the axis, so each row is `2w + 1` triangles. The head
//!   is a triangle or trapezoid (widths `t, t+1, ..., t+hr-1` from the top), the shaft `L`
//!   rows of width `ws`, the tail optional fletching (`f` rows of width `wf`) and an optional
//!   notch cut up into the tail's middle (`n` rows, a triangle pointing into the shaft).
//! * **horizontal axis** (the arrow points along a lattice line): the upper half is a shaft of
//!   `b` strips, a head whose front edges meet the axis at a 120° tip and whose back edge
//!   has slope `db` (barbs), and a tail end of slope `dt` (a notch, a point or a zigzag),
//!   with optional fletching of `fh` strips above the shaft.
//!
//! Run with `cargo run --release -p dlx-research --bin arrow_search [threads]`. It prints
//! every run whose solution count is one of the paper's, with its distance to that arrow's
//! triple, and the nearest five per arrow at the end; `MATCH` marks an exact triple. Further
//! modes take a file of such output lines and rerun their boards:
//!
//! * `refine FILE`: under all 64 choices of one sphinx orientation from each mirror pair;
//! * `orders FILE`: under 100 piece orders with X before O;
//! * `pieces FILE`: with another chiral piece than the sphinx kept to one mirror image;
//! * `local FILE`: every shape one move away (a mirror pair of triangles out, another in);
//!
//! and `thin` searches a second family, the horizontal arrows with a two-strip shaft and a
//! notched tail, with free head and fletching widths. The results are recorded in
//! `docs/paper-conventions.md`, "Figure 7's arrows".

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use dlx_core::{Dlx, Stats};
use dlx_polyiamond::cell::symmetry;
use dlx_polyiamond::hexiamonds::{free_set, rhombus_order};
use dlx_polyiamond::problems;
use dlx_polyiamond::{Board, Cell, Puzzle, Shape};

/// The paper's figures for the four arrows: (solutions, nodes, updates).
const PAPER: [(u64, u64, u64); 4] = [
    (4, 6_677, 4_687_159),
    (0, 7_603, 3_115_387),
    (41, 35_332, 14_948_759),
    (3, 5_546, 3_604_817),
];

type Cells = BTreeSet<Cell>;

/// The triangle at position `p` of strip `y` (positions advance by one triangle, the up
/// triangle `(x, y, 0)` being at `2x + y`).
fn at(p: i32, y: i32) -> Cell {
    let z = (p - y).rem_euclid(2);
    let x = (p - y - z) / 2;
    if z == 0 {
        Cell::up(x, y)
    } else {
        Cell::down(x, y)
    }
}

fn normalised(cells: impl IntoIterator<Item = Cell>) -> Vec<Cell> {
    Shape::new(cells)
        .map(|s| s.cells().to_vec())
        .unwrap_or_default()
}

/// The distinct images of a shape under the 12 symmetries of the grid, normalised.
fn images(cells: &Cells) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = Vec::new();
    for mirror in [false, true] {
        for k in 0..6 {
            let f = symmetry((0, 0), k, mirror);
            let img = normalised(cells.iter().map(|c| c.map(&f)));
            if !out.contains(&img) {
                out.push(img);
            }
        }
    }
    out
}

fn connected(cells: &Cells) -> bool {
    let Some(&start) = cells.iter().next() else {
        return false;
    };
    let mut seen = BTreeSet::from([start]);
    let mut stack = vec![start];
    while let Some(c) = stack.pop() {
        for n in c.neighbours() {
            if cells.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen.len() == cells.len()
}

/// Vertical-axis arrows: rows from the top, each `(w, gap)`: cells `-w..=w` less `-gap..=gap`.
fn vertical(top_parity: i32, rows: &[(i32, i32)]) -> Cells {
    let mut cells = Cells::new();
    let n = rows.len() as i32;
    for (k, &(w, gap)) in rows.iter().enumerate() {
        let y = top_parity + n - 1 - k as i32;
        for p in -w..=w {
            if p.abs() > gap {
                cells.insert(at(p, y));
            }
        }
    }
    cells
}

fn vertical_family(out: &mut Vec<(String, Cells)>) {
    for parity in 0..2 {
        for t in 0..=3 {
            for hr in 1..=9 {
                let hb = t + hr - 1;
                for ws in 0..=hb {
                    for (f, wf) in (0..=4).flat_map(|f| (ws..=ws + 4).map(move |wf| (f, wf))) {
                        if f == 0 && wf != ws {
                            continue;
                        }
                        for n in 0..=4 {
                            for l in 0..=30 {
                                let mut rows: Vec<(i32, i32)> =
                                    (0..hr).map(|k| (t + k, -1)).collect();
                                rows.extend((0..l).map(|_| (ws, -1)));
                                rows.extend((0..f).map(|_| (wf, -1)));
                                if n as usize > rows.len() {
                                    continue;
                                }
                                let len = rows.len();
                                for j in 0..n as usize {
                                    rows[len - 1 - j].1 = n - 1 - j as i32;
                                }
                                let cells = vertical(parity, &rows);
                                let area = cells.len();
                                if area == 72 {
                                    out.push((
                                        format!(
                                            "V par={parity} t={t} hr={hr} ws={ws} L={l} f={f} wf={wf} notch={n}"
                                        ),
                                        cells,
                                    ));
                                }
                                if area > 72 {
                                    break;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Horizontal-axis arrows: the upper half (strips `0..`), mirrored in the lattice line
/// between strips -1 and 0.
fn horizontal(upper: &Cells) -> Cells {
    let mirror = |(a, b): (i32, i32)| (a + b, -b);
    let mut cells = upper.clone();
    cells.extend(upper.iter().map(|c| c.map(mirror)));
    cells
}

fn horizontal_family(out: &mut Vec<(String, Cells)>) {
    // Tip on strip 0 at position 0; the front edge runs back one position per strip.
    for b in 1..=4 {
        for h in b..=b + 6 {
            for db in -1..=2 {
                // back edge of the barbs: `barb` triangles behind the front at strip b,
                // then `db` positions per strip (0 and 2 are the two phases of a zigzag).
                for barb in 0..=8 {
                    for dt in -1..=2 {
                        for fh in 0..=4 {
                            for fw in 1..=8 {
                                if fh == 0 && fw > 1 {
                                    continue;
                                }
                                for shaft in 2..=80 {
                                    let mut upper = Cells::new();
                                    let tail = -shaft;
                                    let slope = |d: i32, y: i32| -> i32 {
                                        if d == 2 { y % 2 } else { d * y }
                                    };
                                    for y in 0..h {
                                        let front = -y;
                                        let start = if y < b {
                                            tail + slope(dt, y)
                                        } else {
                                            -b - barb + slope(db, y - b)
                                        };
                                        for p in start..=front {
                                            upper.insert(at(p, y));
                                        }
                                    }
                                    for y in b..b + fh {
                                        let s = tail + slope(dt, y);
                                        for p in s..s + fw {
                                            upper.insert(at(p, y));
                                        }
                                    }
                                    if upper.len() > 36 {
                                        break;
                                    }
                                    if upper.len() == 36 {
                                        let cells = horizontal(&upper);
                                        if cells.len() == 72 {
                                            out.push((
                                                format!(
                                                    "H b={b} h={h} db={db} barb={barb} dt={dt} fh={fh} fw={fw} shaft={shaft}"
                                                ),
                                                cells,
                                            ));
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn count(board: &[Cell], sphinx: &[Shape], limit: Option<u64>) -> Stats {
    count_in(&rhombus_order(), board, sphinx, limit)
}

fn count_in(order: &str, board: &[Cell], sphinx: &[Shape], limit: Option<u64>) -> Stats {
    let board = Board::new(board.iter().copied()).expect("named cells");
    let mut set = free_set(order).expect("the twelve");
    for (label, orientations) in &mut set.pieces {
        if label == "P" {
            *orientations = sphinx.to_vec();
        }
    }
    let mut p = Puzzle::new(board);
    p.pieces(set);
    let placed = p.build().expect("72 triangles");
    let mut dlx = Dlx::new(&placed.matrix);
    let solve = dlx.solve();
    match limit {
        Some(n) => solve.limit(n).count(),
        None => solve.count(),
    }
}

/// The lattice map (a symmetry about the origin) that takes `cells` to itself up to
/// translation, other than the identity.
fn mirror_of(cells: &[Cell]) -> Option<(u32, bool)> {
    let own = normalised(cells.iter().copied());
    (0..6)
        .flat_map(|k| [(k, false), (k, true)])
        .filter(|&(k, m)| (k, m) != (0, false))
        .find(|&(k, m)| {
            let f = symmetry((0, 0), k, m);
            normalised(cells.iter().map(|c| c.map(&f))) == own
        })
}

/// Every choice of one sphinx orientation from each pair {o, mirror(o)}: 64 restrictions.
fn restrictions(cells: &[Cell]) -> Vec<Vec<Shape>> {
    let (k, m) = mirror_of(cells).expect("the board has a mirror");
    let f = symmetry((0, 0), k, m);
    let all = Shape::parse("00 00* 10 10* 11 20").unwrap().orientations();
    let mut pairs: Vec<(Shape, Shape)> = Vec::new();
    for o in &all {
        let img = Shape::new(o.cells().iter().map(|c| c.map(&f))).unwrap();
        if !pairs.iter().any(|(a, b)| a == o || b == o) {
            pairs.push((o.clone(), img));
        }
    }
    assert_eq!(pairs.len(), 6);
    (0..64u32)
        .map(|bits| {
            pairs
                .iter()
                .enumerate()
                .map(|(j, (a, b))| {
                    if bits >> j & 1 == 0 {
                        a.clone()
                    } else {
                        b.clone()
                    }
                })
                .collect()
        })
        .collect()
}

/// 100 piece orders with X before O (a fixed pseudo-random sequence).
fn piece_orders() -> Vec<String> {
    let mut seed: u64 = 27;
    let mut out = Vec::new();
    while out.len() < 100 {
        let mut letters: Vec<char> = rhombus_order().chars().collect();
        for k in (1..letters.len()).rev() {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            letters.swap(k, (seed >> 33) as usize % (k + 1));
        }
        let order: String = letters.into_iter().collect();
        if order.find('X') < order.find('O') {
            out.push(order);
        }
    }
    out
}

/// The lines `arrow A ... | NAME | ... | CELLS` of an earlier output: the arrow, the name of
/// the shape and its cells.
fn candidates(path: &str) -> Vec<(usize, String, Vec<Cell>)> {
    let text = std::fs::read_to_string(path).expect("a file of candidate lines");
    text.lines()
        .filter_map(|line| {
            let a = line
                .strip_prefix("arrow ")?
                .split(' ')
                .next()?
                .parse::<usize>()
                .ok()?;
            let name = line.split('|').nth(1)?.trim().to_string();
            let cells = line
                .rsplit('|')
                .next()?
                .split_whitespace()
                .map(|n| Cell::parse(n).ok())
                .collect::<Option<Vec<Cell>>>()?;
            Some((a, name, cells))
        })
        .collect()
}

/// Distance of a run from the paper's triple: the relative errors of nodes and updates, in
/// millionths, added.
fn distance(st: &Stats, t: (u64, u64, u64)) -> u64 {
    st.nodes.abs_diff(t.1) * 1_000_000 / t.1 + st.updates.abs_diff(t.2) * 1_000_000 / t.2
}

/// Reruns the boards of earlier output lines (`arrow A ... | cells`) under all 64 sphinx
/// restrictions.
fn refine(path: &str, by_order: bool) {
    for (a, name, cells) in candidates(path) {
        let t = PAPER[a - 1];
        let mut best: Option<(u64, Stats, u32)> = None;
        let orders = piece_orders();
        let tries: Vec<(u32, String, Vec<Shape>)> = if by_order {
            let base = Shape::parse("00 00* 10 10* 11 20").unwrap();
            let chiral = [base.rotations(), base.reflected().rotations()];
            orders
                .iter()
                .enumerate()
                .flat_map(|(k, o)| {
                    chiral
                        .iter()
                        .enumerate()
                        .map(move |(c, s)| ((2 * k + c) as u32, o.clone(), s.clone()))
                })
                .collect()
        } else {
            restrictions(&cells)
                .into_iter()
                .enumerate()
                .map(|(b, s)| (b as u32, rhombus_order(), s))
                .collect()
        };
        for (bits, order, sphinx) in &tries {
            let bits = *bits;
            let st = count_in(order, &cells, sphinx, None);
            let score = distance(&st, t);
            if score == 0 && st.solutions == t.0 {
                println!("MATCH arrow {a} restriction {bits} | {name}");
            }
            if best.as_ref().is_none_or(|b| score < b.0) {
                best = Some((score, st, bits));
            }
        }
        let (score, st, bits) = best.unwrap();
        let what = if by_order { "order" } else { "restriction" };
        println!(
            "arrow {a} best of {}: score {score} {what} {bits}: {} {} {} | {}",
            tries.len(),
            st.solutions,
            st.nodes,
            st.updates,
            name
        );
    }
}

/// Horizontal arrows with a shaft of two strips (one above the axis), a notched tail, any
/// non-increasing widths for up to three head strips above the shaft and up to two
/// fletching strips (the nearest misses of the first family are of this kind).
fn thin_family() -> Vec<(String, Vec<Vec<Cell>>)> {
    fn seqs(len: usize, max: i32) -> Vec<Vec<i32>> {
        if len == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for rest in seqs(len - 1, max) {
            let cap = rest.last().copied().unwrap_or(max);
            for w in 1..=cap {
                let mut v = rest.clone();
                v.push(w);
                out.push(v);
            }
        }
        out
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for hn in 1..=3 {
        for head in seqs(hn, 9) {
            for fh in 0..=2 {
                for fl in seqs(fh, 9) {
                    for shaft in 2..=40 {
                        let mut upper = Cells::new();
                        for p in -shaft..=0 {
                            upper.insert(at(p, 0));
                        }
                        for (j, &w) in head.iter().enumerate() {
                            let y = j as i32 + 1;
                            for p in -y - w + 1..=-y {
                                upper.insert(at(p, y));
                            }
                        }
                        for (j, &w) in fl.iter().enumerate() {
                            let y = j as i32 + 1;
                            let s = -shaft - y;
                            for p in s..s + w {
                                upper.insert(at(p, y));
                            }
                        }
                        if upper.len() > 36 {
                            break;
                        }
                        if upper.len() < 36 {
                            continue;
                        }
                        let cells = horizontal(&upper);
                        if cells.len() != 72 || !connected(&cells) {
                            continue;
                        }
                        let imgs = images(&cells);
                        if imgs.len() == 6 && seen.insert(imgs.iter().min().unwrap().clone()) {
                            out.push((
                                format!("T head={head:?} fletch={fl:?} shaft={shaft}"),
                                imgs,
                            ));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Reruns the boards of earlier output lines with another chiral piece than the sphinx
/// kept to the rotations of one of its two mirror images.
fn other_pieces(path: &str) {
    for (a, name, cells) in candidates(path) {
        let t = PAPER[a - 1];
        for label in ["P", "F", "G", "H", "J", "I", "S"] {
            let base = dlx_polyiamond::hexiamonds::hexiamond(label)
                .unwrap()
                .shape();
            for (c, keep) in [base.rotations(), base.reflected().rotations()]
                .iter()
                .enumerate()
            {
                let board = Board::new(cells.iter().copied()).unwrap();
                let mut set = free_set(&rhombus_order()).unwrap();
                for (l, orientations) in &mut set.pieces {
                    if l == label {
                        *orientations = keep.clone();
                    }
                }
                let mut p = Puzzle::new(board);
                p.pieces(set);
                let st = Dlx::new(&p.build().unwrap().matrix).solve().count();
                let score = distance(&st, t);
                let tag = if score == 0 && st.solutions == t.0 {
                    "MATCH "
                } else {
                    ""
                };
                println!(
                    "{tag}arrow {a} piece {label} chirality {c}: score {score}: {} {} {} | {}",
                    st.solutions, st.nodes, st.updates, name
                );
            }
        }
    }
}

/// The shapes one move away from the boards of earlier output lines: a mirror pair of
/// triangles removed and another mirror pair added, still connected, still one mirror.
fn neighbours(path: &str) -> Vec<(String, Vec<Vec<Cell>>)> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for (_, source, cells) in candidates(path) {
        let (k, m) = mirror_of(&cells).expect("a mirror");
        let f = symmetry((0, 0), k, m);
        let image: Vec<Cell> = cells.iter().map(|c| c.map(&f)).collect();
        let dx = -image.iter().map(|c| c.x).min().unwrap();
        let dy = -image.iter().map(|c| c.y).min().unwrap();
        let partner = |c: Cell| c.map(&f).shifted(dx, dy);
        let own: Cells = cells.iter().copied().collect();
        let outside: Cells = own
            .iter()
            .flat_map(|c| c.neighbours())
            .filter(|c| !own.contains(c))
            .collect();
        for &u in &own {
            for &v in &outside {
                let (pu, pv) = (partner(u), partner(v));
                if pu == u || pv == v || pu == v {
                    continue;
                }
                let mut new = own.clone();
                new.remove(&u);
                new.remove(&pu);
                new.insert(v);
                new.insert(pv);
                if new.len() != 72 || !connected(&new) {
                    continue;
                }
                let new: Cells = normalised(new).into_iter().collect();
                let imgs = images(&new);
                if imgs.len() != 6 || !seen.insert(imgs.iter().min().unwrap().clone()) {
                    continue;
                }
                let name = format!("move from {source} (-{u} +{v})");
                out.push((name, imgs));
            }
        }
    }
    out
}

fn main() {
    let arg = std::env::args().nth(1);
    if arg.as_deref() == Some("thin") {
        let shapes = thin_family();
        eprintln!("{} thin-shaft shapes", shapes.len());
        evaluate(&shapes, 2, &[3, 4, 41]);
        return;
    }
    if arg.as_deref() == Some("pieces") {
        other_pieces(&std::env::args().nth(2).expect("a file"));
        return;
    }
    if arg.as_deref() == Some("local") {
        let shapes = neighbours(&std::env::args().nth(2).expect("a file"));
        eprintln!("{} neighbouring shapes", shapes.len());
        evaluate(&shapes, 2, &[0, 3, 4, 41]);
        return;
    }
    if arg.as_deref() == Some("refine") {
        refine(&std::env::args().nth(2).expect("a file"), false);
        return;
    }
    if arg.as_deref() == Some("orders") {
        refine(&std::env::args().nth(2).expect("a file"), true);
        return;
    }
    let threads: usize = arg.and_then(|a| a.parse().ok()).unwrap_or(2);
    let r = Dlx::new(&problems::rhombus().build().unwrap().matrix)
        .solve()
        .count();
    assert_eq!((r.solutions, r.nodes, r.updates), (156, 70_505, 37_313_405));
    eprintln!("rhombus reproduced: {r:?}");

    let mut raw = Vec::new();
    vertical_family(&mut raw);
    let n_vertical = raw.len();
    horizontal_family(&mut raw);
    eprintln!(
        "generated {} parameter sets ({} vertical)",
        raw.len(),
        n_vertical
    );
    // Keep connected shapes whose symmetry group is exactly one mirror (6 distinct images),
    // one per congruence class.
    let mut seen = BTreeSet::new();
    let mut shapes = Vec::new();
    for (name, cells) in raw {
        if !connected(&cells) {
            continue;
        }
        let imgs = images(&cells);
        if imgs.len() != 6 {
            continue;
        }
        let key = imgs.iter().min().unwrap().clone();
        if seen.insert(key) {
            shapes.push((name, imgs));
        }
    }
    eprintln!(
        "{} distinct shapes with exactly one mirror axis",
        shapes.len()
    );
    evaluate(&shapes, threads, &[0, 3, 4, 41]);
}

/// Runs every shape in its six images under both one-chirality restrictions of the sphinx
/// (after a first run that filters on the solution count) and prints the nearest misses.
fn evaluate(shapes: &[(String, Vec<Vec<Cell>>)], threads: usize, wanted: &[u64]) {
    let base = Shape::parse("00 00* 10 10* 11 20").unwrap();
    let chiral = [base.rotations(), base.reflected().rotations()];
    let next = AtomicUsize::new(0);
    let runs = AtomicUsize::new(0);
    let results: Mutex<Vec<(u64, String)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some((name, imgs)) = shapes.get(k) else {
                        break;
                    };
                    // The solution count is the same in every orientation: filter first.
                    // Stopping at 42 solutions keeps the shapes with many solutions cheap.
                    let first = count(&imgs[0], &chiral[0], Some(42));
                    runs.fetch_add(1, Ordering::Relaxed);
                    if !wanted.contains(&first.solutions) {
                        continue;
                    }
                    for (o, img) in imgs.iter().enumerate() {
                        for (c, sphinx) in chiral.iter().enumerate() {
                            let st = if o == 0 && c == 0 && first.complete {
                                first.clone()
                            } else {
                                runs.fetch_add(1, Ordering::Relaxed);
                                count(img, sphinx, None)
                            };
                            for (a, t) in PAPER.iter().enumerate() {
                                if t.0 != st.solutions {
                                    continue;
                                }
                                let score = distance(&st, *t);
                                let cells: Vec<String> = img.iter().map(|c| c.to_string()).collect();
                                let line = format!(
                                    "arrow {} score {score} | {name} | orient {o} sphinx {c} | {} {} {} | {}",
                                    a + 1,
                                    st.solutions,
                                    st.nodes,
                                    st.updates,
                                    cells.join(" ")
                                );
                                if score == 0 {
                                    println!("MATCH {line}");
                                } else {
                                    println!("{line}");
                                }
                                results.lock().unwrap().push((score, line));
                            }
                        }
                    }
                    if k.is_multiple_of(200) {
                        eprintln!("{k}/{} shapes", shapes.len());
                    }
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort();
    eprintln!("{} runs", runs.load(Ordering::Relaxed));
    for a in 1..=4 {
        let prefix = format!("arrow {a} ");
        let best: Vec<_> = results
            .iter()
            .filter(|r| r.1.starts_with(&prefix))
            .take(5)
            .collect();
        println!(
            "nearest for arrow {a} ({} candidates with its solution count):",
            results.iter().filter(|r| r.1.starts_with(&prefix)).count()
        );
        for (_, line) in best {
            println!("  {line}");
        }
    }
}
