//! A search for the matrix behind the paper's update count for Dudeney's chessboard (issue 27).
//!
//! The paper packs the twelve pentominoes and the square tetromino O into the 8x8 board and
//! prints 16,146 solutions and 1,526,279,783 updates. Our set-up (`docs/paper-conventions.md`,
//! "Dudeney's chessboard") gives the solutions but 1,527,711,697 updates. With the S heuristic
//! the updates depend only on the set of rows and on the order of the column headers (its
//! tie-breaks), so this program varies exactly those two things:
//!
//! * **cell order**: the 64 cells row-major in one of the 8 orientations of the board (key
//!   `g(r, c)` row-major for each symmetry `g`; 0 is row-major, 4 column-major). With the
//!   restrictions below fixed on the board, this is the same as moving the restrictions to
//!   each of the 8 images of the board under a fixed row-major order;
//! * **symmetry breaking** (each must count every dissection once, 16,146 solutions):
//!   - `quarter P/s`: X centred at `i, j <= 4` (9 rows) and P kept to 4 of its 8
//!     orientations, one of each pair swapped by the diagonal reflection that maps the quarter
//!     to itself (`s` = 0..16 picks which; `s = 0` is P not turned over, `s = 15` P turned
//!     over);
//!   - `quarter Q/rot`, `Q/mir`: the same with another chiral piece Q (F L N Y Z) kept to the
//!     rotations of its picture or of its mirror image;
//!   - `eighthM Q/..`: X centred at `i <= j <= 4` (6 rows), and Q kept to one chirality only
//!     when X is on the diagonal (a secondary column `M` in the diagonal X rows and in Q's
//!     other rows), one run;
//!   - `eighth2 Q/..`: the same as two runs summed (X off the diagonal, Q free; X on the
//!     diagonal, Q restricted);
//!   - `split9 P/..`: one run per X centre in the quarter (X's column kept, one row), P kept to
//!     one chirality, summed, as the paper does for Scott's problem;
//! * **column order of the pieces** (`order` mode): pieces after the cells, before them, or X
//!   first and the others after, in the paper's order F I L P N T U V W X Y Z, alphabetical
//!   (F I L N P T U V W X Y Z) or Conway's (O P Q R S T U V W X Y Z = I P L F N T U V W X Y
//!   Z), with the square O last or first.
//!
//! Run with `cargo run --release -p dlx-research --bin dudeney_search -- MODE [threads]`,
//! MODE `breaking` (the restrictions, paper piece order, pieces after the cells), `order` (the
//! column orders, on the restriction `quarter P/rot`, and for the paper's order also `quarter
//! P/mir`; `order-rest` leaves out the paper's order) or `all`. Each line gives the variant, solutions, nodes and
//! updates and the distance to the paper's figure; `MATCH` marks the paper's updates with
//! 16,146 solutions.
//! The results are recorded in `docs/paper-conventions.md`, "Dudeney's chessboard".

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use dlx_core::{Dlx, MatrixBuilder};
use dlx_polyomino::{Shape, pentominoes, square_tetromino};

const PAPER_UPDATES: u64 = 1_526_279_783;
const SOLUTIONS: u64 = 16_146;

type Cells = Vec<(i32, i32)>;

/// The 8 symmetries of the board (0..8): transpose first when `k >= 4`, then `k % 4`
/// quarter turns clockwise.
fn sym(k: usize, (r, c): (i32, i32)) -> (i32, i32) {
    let (mut r, mut c) = if k >= 4 { (c, r) } else { (r, c) };
    for _ in 0..k % 4 {
        (r, c) = (c, 7 - r);
    }
    (r, c)
}

/// One row: the piece and its cells (0-based `(r, c)`).
#[derive(Clone)]
struct Row {
    piece: &'static str,
    cells: Cells,
    /// Index of the orientation in [`Shape::orientations`] of the piece's picture.
    orientation: usize,
    /// Whether the row contains the secondary column `M`.
    marked: bool,
}

/// Every placement of every piece (all orientations).
fn all_rows() -> Vec<Row> {
    let mut pieces: Vec<(String, Shape)> = pentominoes()
        .into_iter()
        .map(|p| (p.name, p.shape))
        .collect();
    let o = square_tetromino();
    pieces.push((o.name, o.shape));
    let mut rows = Vec::new();
    for (name, shape) in pieces {
        let name: &'static str = Box::leak(name.into_boxed_str());
        for (k, s) in shape.orientations().iter().enumerate() {
            for dr in 0..=8 - s.height() {
                for dc in 0..=8 - s.width() {
                    rows.push(Row {
                        piece: name,
                        cells: s.cells().iter().map(|&(r, c)| (r + dr, c + dc)).collect(),
                        orientation: k,
                        marked: false,
                    });
                }
            }
        }
    }
    rows
}

/// The centre of an X row (the mean of its cells).
fn centre(row: &Row) -> (i32, i32) {
    let (r, c) = row
        .cells
        .iter()
        .fold((0, 0), |(a, b), &(r, c)| (a + r, b + c));
    (r / 5, c / 5)
}

/// For a piece, the orientation indices grouped in the pairs swapped by the transpose
/// (a reflection): `pairs[i] = (a, b)`, `a` a rotation of the picture.
fn transpose_pairs(piece: &str) -> Vec<(usize, usize)> {
    let shape = pentominoes()
        .into_iter()
        .find(|p| p.name == piece)
        .expect("a pentomino")
        .shape;
    let all = shape.orientations();
    let rot = shape.rotations().len();
    (0..rot)
        .map(|a| {
            let t =
                Shape::from_cells(all[a].cells().iter().map(|&(r, c)| (c, r))).expect("a shape");
            let b = all.iter().position(|s| *s == t).expect("the transpose");
            (a, b)
        })
        .collect()
}

/// The orientations of `piece` kept by choice `s` (bit i set: the second of pair i).
fn chosen(piece: &str, s: usize) -> Vec<usize> {
    transpose_pairs(piece)
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| if s >> i & 1 == 1 { b } else { a })
        .collect()
}

/// A restriction of the rows: the runs it takes (their figures are summed).
#[derive(Clone, Debug)]
enum Breaking {
    /// X in the quarter, `piece` kept to the orientations of choice `s`.
    Quarter(&'static str, usize),
    /// X in the eighth, `piece` kept to choice `s` when X is on the diagonal (secondary M).
    EighthM(&'static str, usize),
    /// As `EighthM` but two runs.
    Eighth2(&'static str, usize),
    /// One run per X centre of the quarter, `piece` kept to choice `s`.
    Split9(&'static str, usize),
}

fn chir(piece: &str, s: usize) -> String {
    let full = (1 << transpose_pairs(piece).len()) - 1;
    if s == 0 {
        format!("{piece}/rot")
    } else if s == full {
        format!("{piece}/mir")
    } else {
        format!("{piece}/{s}")
    }
}

impl Breaking {
    fn label(&self) -> String {
        match self {
            Breaking::Quarter(p, s) => format!("quarter {}", chir(p, *s)),
            Breaking::EighthM(p, s) => format!("eighthM {}", chir(p, *s)),
            Breaking::Eighth2(p, s) => format!("eighth2 {}", chir(p, *s)),
            Breaking::Split9(p, s) => format!("split9 {}", chir(p, *s)),
        }
    }

    /// The row sets of the runs.
    fn runs(&self, rows: &[Row]) -> Vec<Vec<Row>> {
        let quarter = |r: &Row| {
            let (i, j) = centre(r);
            i <= 3 && j <= 3
        };
        let eighth = |r: &Row| {
            let (i, j) = centre(r);
            i <= j && j <= 3
        };
        let diagonal = |r: &Row| {
            let (i, j) = centre(r);
            i == j
        };
        let keep = |piece: &str, s: usize| {
            let kept = chosen(piece, s);
            let piece = piece.to_string();
            move |r: &Row| r.piece != piece || kept.contains(&r.orientation)
        };
        let filter = |f: &dyn Fn(&Row) -> bool| -> Vec<Row> {
            rows.iter().filter(|r| f(r)).cloned().collect()
        };
        match *self {
            Breaking::Quarter(p, s) => {
                let k = keep(p, s);
                vec![filter(&|r| (r.piece != "X" || quarter(r)) && k(r))]
            }
            Breaking::EighthM(p, s) => {
                let k = keep(p, s);
                let mut out = filter(&|r| r.piece != "X" || eighth(r));
                for r in &mut out {
                    r.marked = (r.piece == "X" && diagonal(r)) || (r.piece == p && !k(r));
                }
                vec![out]
            }
            Breaking::Eighth2(p, s) => {
                let k = keep(p, s);
                vec![
                    filter(&|r| r.piece != "X" || (eighth(r) && !diagonal(r))),
                    filter(&|r| (r.piece != "X" || (eighth(r) && diagonal(r))) && k(r)),
                ]
            }
            Breaking::Split9(p, s) => {
                let k = keep(p, s);
                let mut out = Vec::new();
                for i in 1..=3 {
                    for j in 1..=3 {
                        out.push(filter(&|r| (r.piece != "X" || centre(r) == (i, j)) && k(r)));
                    }
                }
                out
            }
        }
    }
}

/// Where the piece columns go.
#[derive(Clone, Copy, Debug)]
enum Place {
    After,
    Before,
    XFirst,
}

#[derive(Clone, Debug)]
struct Variant {
    /// Orientation of the cell order (0 row-major, 4 column-major).
    k: usize,
    place: Place,
    /// Piece columns in order (13 names).
    pieces: Vec<&'static str>,
    order_name: &'static str,
    breaking: Breaking,
}

impl Variant {
    fn label(&self) -> String {
        format!(
            "cells g{} {:?} {} {}",
            self.k,
            self.place,
            self.order_name,
            self.breaking.label()
        )
    }

    /// Runs every part; (solutions, nodes, updates) summed.
    fn run(&self, rows: &[Row]) -> (u64, u64, u64) {
        let mut cells: Cells = (0..8).flat_map(|r| (0..8).map(move |c| (r, c))).collect();
        cells.sort_by_key(|&p| {
            let (a, b) = sym(self.k, p);
            a * 8 + b
        });
        let cell_names: Vec<String> = cells
            .iter()
            .map(|&(r, c)| format!("{}{}", r + 1, c + 1))
            .collect();
        let mut names: Vec<String> = Vec::new();
        let pieces: Vec<String> = self.pieces.iter().map(|p| p.to_string()).collect();
        match self.place {
            Place::After => {
                names.extend(cell_names);
                names.extend(pieces);
            }
            Place::Before => {
                names.extend(pieces);
                names.extend(cell_names);
            }
            Place::XFirst => {
                names.push("X".into());
                names.extend(cell_names);
                names.extend(pieces.into_iter().filter(|p| p != "X"));
            }
        }
        let (mut sol, mut nodes, mut upd) = (0, 0, 0);
        for part in self.breaking.runs(rows) {
            let mut b = MatrixBuilder::new();
            for n in &names {
                b.primary(n.as_str()).expect("distinct names");
            }
            b.secondary("M").expect("distinct names");
            for r in &part {
                let mut items: Vec<String> = vec![r.piece.to_string()];
                items.extend(r.cells.iter().map(|&(i, j)| format!("{}{}", i + 1, j + 1)));
                if r.marked {
                    items.push("M".into());
                }
                b.option(&items).expect("known items");
            }
            let m = b.build().expect("a valid matrix");
            let s = Dlx::new(&m).solve().count();
            sol += s.solutions;
            nodes += s.nodes;
            upd += s.updates;
        }
        (sol, nodes, upd)
    }
}

const CHIRAL: [&str; 6] = ["F", "L", "N", "P", "Y", "Z"];

fn paper_order() -> Vec<&'static str> {
    vec![
        "F", "I", "L", "P", "N", "T", "U", "V", "W", "X", "Y", "Z", "O",
    ]
}

fn breakings() -> Vec<Breaking> {
    let mut out = Vec::new();
    for s in 0..16 {
        out.push(Breaking::Quarter("P", s));
    }
    for p in CHIRAL {
        let full = (1 << transpose_pairs(p).len()) - 1;
        if p != "P" {
            out.push(Breaking::Quarter(p, 0));
            out.push(Breaking::Quarter(p, full));
        }
        for s in [0, full] {
            out.push(Breaking::EighthM(p, s));
            out.push(Breaking::Eighth2(p, s));
        }
    }
    out.push(Breaking::Split9("P", 0));
    out.push(Breaking::Split9("P", 15));
    out
}

fn orders() -> Vec<(&'static str, Vec<&'static str>)> {
    let paper = ["F", "I", "L", "P", "N", "T", "U", "V", "W", "X", "Y", "Z"];
    let alpha = ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"];
    let conway = ["I", "P", "L", "F", "N", "T", "U", "V", "W", "X", "Y", "Z"];
    let mut out = Vec::new();
    for (name, o) in [("paper", paper), ("alpha", alpha), ("conway", conway)] {
        let mut last = o.to_vec();
        last.push("O");
        let mut first = vec!["O"];
        first.extend(o);
        out.push((name, last));
        out.push((
            match name {
                "paper" => "paper/O-first",
                "alpha" => "alpha/O-first",
                _ => "conway/O-first",
            },
            first,
        ));
    }
    out
}

fn variants(mode: &str) -> Vec<Variant> {
    let mut out = Vec::new();
    if mode == "breaking" || mode == "all" {
        for breaking in breakings() {
            for k in 0..8 {
                out.push(Variant {
                    k,
                    place: Place::After,
                    pieces: paper_order(),
                    order_name: "paper",
                    breaking: breaking.clone(),
                });
            }
        }
    }
    if mode == "order" || mode == "order-rest" || mode == "all" {
        // The paper's order with the pieces before the cells and with X first, on P/rot and
        // P/mir; every other order and place on P/rot only (the machine time available).
        for (name, pieces) in orders() {
            for place in [Place::After, Place::Before, Place::XFirst] {
                if name == "paper" && matches!(place, Place::After) {
                    continue;
                }
                let bs: &[Breaking] = if name == "paper" {
                    &[Breaking::Quarter("P", 0), Breaking::Quarter("P", 15)]
                } else {
                    &[Breaking::Quarter("P", 0)]
                };
                if mode == "order-rest" && name == "paper" {
                    continue;
                }
                for b in bs {
                    for k in 0..8 {
                        out.push(Variant {
                            k,
                            place,
                            pieces: pieces.clone(),
                            order_name: name,
                            breaking: b.clone(),
                        });
                    }
                }
            }
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("breaking");
    let threads: usize = args.get(2).and_then(|t| t.parse().ok()).unwrap_or(1);
    let rows = all_rows();
    let vs = variants(mode);
    eprintln!("{} variants, {threads} threads", vs.len());
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(u64, String)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(v) = vs.get(i) else { break };
                    let (sol, nodes, upd) = v.run(&rows);
                    let diff = upd as i64 - PAPER_UPDATES as i64;
                    let mark = if upd == PAPER_UPDATES && sol == SOLUTIONS {
                        "  MATCH"
                    } else {
                        ""
                    };
                    let line = format!(
                        "{}\tsolutions {sol}\tnodes {nodes}\tupdates {upd}\tdiff {diff:+}{mark}",
                        v.label()
                    );
                    println!("{line}");
                    if sol == SOLUTIONS {
                        results
                            .lock()
                            .expect("no panics")
                            .push((diff.unsigned_abs(), line));
                    }
                }
            });
        }
    });
    let mut results = results.into_inner().expect("no panics");
    results.sort();
    println!("nearest (16,146 solutions):");
    for (_, line) in results.iter().take(10) {
        println!("{line}");
    }
}
