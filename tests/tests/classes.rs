//! Distinct solutions of the classic boards, counted by classes (dlx-core's
//! `Solve::classes` under the symmetries each domain finds for its board), as snapshots, each
//! checked against its published count:
//!
//! - pentominoes (dlx-polyomino's named boards): 6x10 2,339, 5x12 1,010, 4x15 368, 3x20 2
//!   (C. B. and J. Haselgrove, Eureka 23, 1960), the 8x8 board without its centre 65 (D. S.
//!   Scott, 1958);
//! - polycubes (dlx-polycube's named boxes): the Soma cube 240 (Berlekamp, Conway and Guy),
//!   the flat pentacubes in 2x3x10 12 and 2x5x6 264 (Bouwkamp), the tetracubes;
//! - hexiamonds: the 6x6 rhombus 156 (Knuth, *Dancing Links*; D. Goodger's Polyform
//!   Puzzler), the 4x9 parallelogram 74, the 4x11 trapezium 76, the long hexagon of side 4
//!   and 10 856 (Polyform Puzzler, `hexiamonds.py`);
//! - tetrasticks: the ten one-sided welded ones in the 4x4 grid 3, two of them symmetric
//!   (Knuth, *Dancing Links*), fifteen free ones without H in the 5x5 grid 72 (Polyform
//!   Puzzler, and the paper's Figure 11 run with P held still).
//!
//! Every figure is the search's. How much the restriction saves is checked against a count
//! of every solution where that count is quick, and for 6x10 under `cargo xtask slow`.

use dlx_core::classes::Classes;
use dlx_core::symmetry::Symmetries;
use dlx_core::{Matrix, Problem};

/// Counts the classes and describes them, asserting the published count.
fn classes(name: &str, matrix: &Matrix, group: Symmetries, published: u64) -> (String, Classes) {
    let found = Problem::new(matrix)
        .solve()
        .classes(&group)
        .expect("a whole search");
    assert_eq!(found.classes, published, "{name}");
    let first = found.splits.first().map_or(String::from("none"), |s| {
        format!(
            "`{}` to {} of {} places, {} fixed by a symmetry",
            matrix.item(s.item).name,
            s.orbits,
            s.options,
            s.fixed
        )
    });
    let text = format!(
        "{name}: {} classes under {} symmetries, {} symmetric, {} solutions\n\
         first split: {first}; {} splits in all, {} solutions compared\n\
         searched: {} solutions, {} updates, {} nodes\n",
        found.classes,
        found.group,
        found.symmetric,
        found.solutions,
        found.splits.len(),
        found.compared,
        found.stats.solutions,
        found.stats.updates,
        found.stats.nodes,
    );
    (text, found)
}

/// The updates of a count of every solution, with the number of solutions.
fn all_solutions(matrix: &Matrix) -> (u64, u64) {
    let stats = Problem::new(matrix).solve().count();
    (stats.solutions, stats.updates)
}

fn pentominoes(name: &str) -> (String, Classes, Matrix) {
    let p = dlx_polyomino::problems::Problem::named(name).expect("a named board");
    let packing = p.puzzle().build().expect("builds");
    let group = packing.symmetry_group().expect("found");
    let (text, found) = classes(name, &packing.matrix, group, p.published.0);
    (text, found, packing.matrix)
}

#[test]
fn pentomino_boards() {
    let mut text = String::new();
    for name in [
        "pentominoes-6x10",
        "pentominoes-5x12",
        "pentominoes-4x15",
        "pentominoes-3x20",
    ] {
        text += &pentominoes(name).0;
    }
    let (hole, found, matrix) = pentominoes("pentominoes-8x8-hole");
    text += &hole;
    // Scott's board: the classes take 8x fewer updates than every solution.
    let (solutions, updates) = all_solutions(&matrix);
    assert_eq!(solutions, found.solutions);
    assert!(
        found.stats.updates * 7 < updates,
        "{} against {updates}",
        found.stats.updates
    );
    insta::assert_snapshot!(text);
}

#[test]
#[ignore = "counts all 9,356 solutions of 6x10 too (1.2e9 updates, about 5 s in release)"]
fn six_by_ten_classes_take_four_times_fewer_updates() {
    let (_, found, matrix) = pentominoes("pentominoes-6x10");
    let (solutions, updates) = all_solutions(&matrix);
    assert_eq!((found.solutions, solutions), (9_356, 9_356));
    let ratio = updates as f64 / found.stats.updates as f64;
    println!(
        "6x10: {updates} updates for every solution, {} by classes: {ratio:.2}x",
        found.stats.updates
    );
    assert!(ratio >= 3.5, "{ratio}");
}

#[test]
fn polycube_boxes() {
    let mut text = String::new();
    for name in [
        "soma",
        "flat-pentacubes-2x3x10",
        "flat-pentacubes-2x5x6",
        "tetracubes-2x2x8",
        "tetracubes-2x4x4",
    ] {
        let p = dlx_polycube::problem(name).expect("a named box");
        let packing = p.puzzle().build().expect("builds");
        let group = packing.symmetry_group().expect("found");
        let (known, source) = match p.published {
            Some((n, source)) => (n, source),
            // The tetracubes' counts are not in print: their classes are checked against a
            // comparison of every solution with its images instead.
            None => {
                let all: Vec<Vec<usize>> = (Problem::new(&packing.matrix).solve().iter())
                    .map(|s| s.sorted_options())
                    .collect();
                let forms: std::collections::HashSet<_> = all
                    .iter()
                    .map(|s| group.canonical(s).expect("an option"))
                    .collect();
                (forms.len() as u64, "every solution compared")
            }
        };
        let (line, found) = classes(name, &packing.matrix, group, known);
        text += &line;
        text += &format!("  ({known}: {source})\n");
        if name == "soma" {
            // The Soma cube: at least 20x fewer updates than all 11,520 solutions.
            let (solutions, updates) = all_solutions(&packing.matrix);
            assert_eq!((solutions, found.solutions), (11_520, 11_520));
            assert!(
                found.stats.updates * 20 < updates,
                "{} against {updates}",
                found.stats.updates
            );
        }
    }
    insta::assert_snapshot!(text);
}

#[test]
fn hexiamond_boards() {
    use dlx_polyiamond::{Board, Cell, problems::hexiamonds_on};
    let cells = |keep: &dyn Fn(i32, i32, i32) -> bool, w: i32, h: i32| {
        let mut out = Vec::new();
        for x in 0..w {
            for y in 0..h {
                for (z, cell) in [(0, Cell::up(x, y)), (1, Cell::down(x, y))] {
                    if keep(x, y, z) {
                        out.push(cell);
                    }
                }
            }
        }
        Board::new(out).expect("a board")
    };
    let boards = [
        ("rhombus 6x6", Board::rhombus(6, 6).expect("a board"), 156),
        (
            "parallelogram 4x9",
            Board::rhombus(9, 4).expect("a board"),
            74,
        ),
        (
            "trapezium 4x11",
            cells(&|x, y, z| x + y + z < 11, 11, 4),
            76,
        ),
        (
            "long hexagon 4x10",
            cells(&|x, y, z| 1 < x + y + z && x + y + z <= 11, 10, 4),
            856,
        ),
    ];
    let mut text = String::new();
    for (name, board, published) in boards {
        let placed = hexiamonds_on(board).build().expect("builds");
        let group = placed.symmetry_group().expect("found");
        text += &classes(name, &placed.matrix, group, published).0;
    }
    insta::assert_snapshot!(text);
}

#[test]
fn tetrastick_boards() {
    let welded = dlx_paper::polystick::puzzle("tetrasticks-welded-4x4")
        .expect("named")
        .expect("builds");
    let without_h = dlx_polystick::Puzzle::new(
        dlx_polystick::Board::grid(5, 5).expect("a board"),
        dlx_polystick::parse_piece_set("all,-H").expect("a set"),
    );
    let mut text = String::new();
    for (name, puzzle, published) in [("welded 4x4", welded, 3), ("5x5 without H", without_h, 72)] {
        let built = puzzle.build().expect("builds");
        let group = built.symmetry_group().expect("found");
        let (line, found) = classes(name, &built.matrix, group, published);
        if name == "welded 4x4" {
            // The paper: two of the three are symmetric.
            assert_eq!((found.symmetric, found.solutions), (2, 16));
        }
        text += &line;
    }
    insta::assert_snapshot!(text);
}

#[test]
#[ignore = "1.9e9 updates, about 8 s in release"]
fn flat_pentacubes_in_3x4x5() {
    let p = dlx_polycube::problem("flat-pentacubes-3x4x5").expect("a named box");
    let packing = p.puzzle().build().expect("builds");
    let group = packing.symmetry_group().expect("found");
    let (known, source) = p.published.expect("published");
    let (text, found) = classes("flat-pentacubes-3x4x5", &packing.matrix, group, known);
    assert_eq!(found.solutions, 31_520, "{source}");
    println!("{text}");
}
