//! The paper's polyomino problems: Scott's pentomino problem, the pentomino rectangles,
//! Dudeney's chessboard, 45 Y pentominoes, the one-sided pentominoes in 3x30 and the
//! mutilated chessboard — each set up exactly as `docs/paper-conventions.md` states (column
//! order and restrictions), so that updates and nodes agree with Knuth's program to the unit.

mod figures;
mod tables;

use dlx_core::Solution;
use dlx_polyomino::{
    Board, CellNames, Packing, Puzzle, Shape, Slot, domino, one_sided, pentomino, pentominoes,
    square_tetromino,
};

use crate::{Family, PaperError, Problem};

pub use figures::{Figure, figure1, figure6, figure9, figures, most_symmetric};
pub(crate) use tables::TABLES;

/// Every named polyomino problem, with one line on its set-up.
pub const NAMES: &[(&str, &str)] = &[
    (
        "scott",
        "Scott: 12 pentominoes in the 8x8 board minus its centre, full matrix (1568 rows)",
    ),
    (
        "scott-x23",
        "Scott with X centred at 23 (X column kept with its one row, first)",
    ),
    (
        "scott-x24",
        "Scott with X centred at 24 (X column kept with its one row, first)",
    ),
    (
        "scott-x33",
        "Scott with X centred at 33 and P not turned over (X column kept, first)",
    ),
    (
        "pentomino-6x10",
        "12 pentominoes in 6x10, X column first, X in the upper-left quarter",
    ),
    (
        "pentomino-5x12",
        "12 pentominoes in 5x12, single-run reduction with secondary column M",
    ),
    (
        "pentomino-4x15",
        "12 pentominoes in 4x15, single-run reduction with secondary column M",
    ),
    (
        "pentomino-3x20",
        "12 pentominoes in 3x20, single-run reduction with secondary column M",
    ),
    (
        "dudeney",
        "Dudeney: 12 pentominoes and the square tetromino on the 8x8 board (one run)",
    ),
    (
        "dudeney-a",
        "Dudeney, the paper's first run: X centred at 23, 24 or 34",
    ),
    (
        "dudeney-b",
        "Dudeney, the paper's second run: X centred at 22, 33 or 44, Z turned over",
    ),
    (
        "y45-a",
        "45 Y pentominoes in 15x15, corner class A (pinwheel)",
    ),
    ("y45-b", "45 Y pentominoes in 15x15, corner class B"),
    ("y45-c", "45 Y pentominoes in 15x15, corner class C"),
    (
        "y45-d",
        "45 Y pentominoes in 15x15, corner class D (no solution)",
    ),
    ("one-sided-3x30", "the 18 one-sided pentominoes in 3x30"),
    (
        "one-sided-9x10",
        "the 18 one-sided pentominoes in 9x10, the half turn broken (Wassermann's count)",
    ),
    (
        "dominoes",
        "the mutilated chessboard (corners 11 and 88 removed) and 31 dominoes",
    ),
];

fn board(height: usize, width: usize, names: CellNames) -> Board {
    Board::rectangle(height, width)
        .and_then(|b| b.with_names(names))
        .expect("the paper's boards are valid")
}

fn shape(picture: &str) -> Shape {
    Shape::from_ascii(picture).expect("built-in pictures are well formed")
}

/// Scott's board, cells `ij` (1-based) without the centre 44 45 54 55, all 12 pentominoes,
/// cells first, then F I L P N T U V W X Y Z.
fn scott_full() -> Puzzle {
    let b = board(8, 8, CellNames::OneBased)
        .without([(3, 3), (3, 4), (4, 3), (4, 4)])
        .expect("the centre is on the board");
    let mut p = Puzzle::new(b);
    p.pieces(pentominoes());
    p
}

/// One of Scott's subproblems: X centred at `ij` with its column kept (one row) and put
/// first, so that the leftmost rule branches on X first as in the paper's tables (with the S
/// heuristic the position of X changes nothing); for 33 the P is not turned over.
fn scott_x(i: usize, j: usize) -> Puzzle {
    let mut p = scott_full();
    p.order([Slot::Piece("X".into())]);
    spec(&mut p, "X").allow(move |pl| pl.centre() == (i - 1, j - 1));
    if (i, j) == (3, 3) {
        spec(&mut p, "P").one_sided();
    }
    p
}

fn spec<'a>(p: &'a mut Puzzle, name: &str) -> &'a mut dlx_polyomino::PieceSpec {
    p.spec(name).expect("the set-up names its own pieces")
}

/// 6x10: X column first, then the cells `rc` (0-based) row-major, then the other pieces; X
/// centred in the upper-left quarter (rows 1-2, columns 1-4).
fn six_by_ten() -> Puzzle {
    let mut p = Puzzle::new(board(6, 10, CellNames::Base36));
    p.pieces(pentominoes());
    p.order([Slot::Piece("X".into())]);
    spec(&mut p, "X").allow(|pl| {
        let (r, c) = pl.centre();
        (1..=2).contains(&r) && (1..=4).contains(&c)
    });
    p
}

/// The single-run reduction for an `h` x `w` rectangle: X centred in the upper-left quarter
/// including the middle lines; the X rows centred on a middle line and the turned-over P rows
/// share the secondary column `M`, so at most one of them is used.
fn rectangle(h: usize, w: usize) -> Puzzle {
    let mut p = Puzzle::new(board(h, w, CellNames::Base36));
    p.pieces(pentominoes());
    spec(&mut p, "X")
        .allow(move |pl| {
            let (r, c) = pl.centre();
            2 * r < h && 2 * c < w
        })
        .mark("M", move |pl| {
            let (r, c) = pl.centre();
            2 * r + 1 == h || 2 * c + 1 == w
        });
    let rotations = pentomino("P").expect("P exists").shape.rotations().len();
    spec(&mut p, "P").mark("M", move |pl| pl.orientation >= rotations);
    p
}

fn dudeney_board() -> Puzzle {
    let mut p = Puzzle::new(board(8, 8, CellNames::OneBased));
    p.pieces(pentominoes());
    p.piece(square_tetromino());
    p
}

/// Dudeney in one run: the full 8x8 board, cells `ij`, pieces F..Z then O; X centred at
/// i, j <= 4, P not turned over.
fn dudeney() -> Puzzle {
    let mut p = dudeney_board();
    spec(&mut p, "X").allow(|pl| {
        let (r, c) = pl.centre();
        r <= 3 && c <= 3
    });
    spec(&mut p, "P").one_sided();
    p
}

/// Dudeney as the paper runs it, in two runs whose figures add up to its own: X centred in
/// the eighth i <= j <= 4, either off the diagonal (`diagonal` false: 23, 24, 34; nothing else
/// restricted) or on it (22, 33, 44, where the diagonal reflection is left: Z turned over,
/// the two rotations of its mirror image).
fn dudeney_eighth(diagonal: bool) -> Puzzle {
    let mut p = dudeney_board();
    spec(&mut p, "X").allow(move |pl| {
        let (r, c) = pl.centre();
        r <= c && c <= 3 && (r == c) == diagonal
    });
    if diagonal {
        let rotations = pentomino("Z").expect("Z exists").shape.rotations().len();
        spec(&mut p, "Z").only_orientations(&[rotations, rotations + 1]);
    }
    p
}

/// Where the 4-long bar of a Y covering a corner runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bar {
    /// Along the vertical edge.
    V,
    /// Along the horizontal edge.
    H,
}

/// The four corner classes of Figure 6: bars at corners 00 0e ee e0, and the orientations
/// kept for rows through the centre cell 77.
fn y45_class(class: char) -> Option<([Bar; 4], &'static [usize])> {
    use Bar::{H, V};
    Some(match class {
        'a' => ([V, H, V, H], &[2, 5]),
        'b' => ([V, H, V, V], &[0, 1, 2, 3, 4, 5, 6, 7]),
        'c' => ([V, H, H, V], &[4, 5, 6, 7]),
        'd' => ([V, V, V, V], &[4, 5]),
        _ => return None,
    })
}

/// 45 Y pentominoes in 15x15: no piece column, every orientation, restricted by class.
fn y45(class: char) -> Option<Puzzle> {
    let (bars, centre) = y45_class(class)?;
    let mut p = Puzzle::new(board(15, 15, CellNames::Base36));
    p.piece(pentomino("Y").expect("Y exists"))
        .without_column()
        .allow(move |pl| {
            let corners = [(0, 0), (0, 14), (14, 14), (14, 0)];
            let corner_ok = corners.iter().zip(bars).all(|(&(r, c), bar)| {
                if !pl.covers(r, c) {
                    return true;
                }
                let far = |x: usize| if x == 0 { 3 } else { 11 };
                match bar {
                    Bar::V => pl.covers(far(r), c),
                    Bar::H => pl.covers(r, far(c)),
                }
            });
            corner_ok && (!pl.covers(7, 7) || centre.contains(&pl.orientation))
        });
    Some(p)
}

/// The 18 one-sided pentominoes in 3x30: X centred at (1,2), (1,7) or (1,12) only, V in its
/// orientations `###/#../#..` and `###/..#/..#` only.
fn one_sided_3x30() -> Puzzle {
    let mut p = Puzzle::new(board(3, 30, CellNames::Base36));
    for piece in one_sided(&pentominoes()) {
        p.piece(piece).one_sided();
    }
    spec(&mut p, "X").allow(|pl| [(1, 2), (1, 7), (1, 12)].contains(&pl.centre()));
    let v = pentomino("V").expect("V exists").shape.orientations();
    let keep: Vec<usize> = ["###/#../#..", "###/..#/..#"]
        .iter()
        .filter_map(|pic| v.iter().position(|s| *s == shape(pic)))
        .collect();
    spec(&mut p, "V").only_orientations(&keep);
    p
}

/// The 18 one-sided pentominoes in 9x10, the count the addendum reports (Wassermann's
/// 10,440,433). The one-sided set is closed under reflection, so all four symmetries of the
/// rectangle map the problem to itself; X is kept at the 28 of its 56 placements whose centre
/// comes before its half-turn image in reading order (no placement of X is its own image:
/// the rectangle's centre is not a cell), which counts one of each solution and its half-turn
/// image. Mirror images are both counted (see `results/pentomino-9x10-one-sided`).
fn one_sided_9x10() -> Puzzle {
    let mut p = Puzzle::new(board(9, 10, CellNames::Base36));
    for piece in one_sided(&pentominoes()) {
        p.piece(piece).one_sided();
    }
    spec(&mut p, "X").allow(|pl| {
        let (r, c) = pl.centre();
        r * 10 + c < (8 - r) * 10 + (9 - c)
    });
    p
}

/// The mutilated chessboard: cells `ij` without 11 and 88, dominoes without a piece column.
fn dominoes() -> Puzzle {
    let b = board(8, 8, CellNames::OneBased)
        .without([(0, 0), (7, 7)])
        .expect("the corners are on the board");
    let mut p = Puzzle::new(b);
    p.piece(domino()).without_column();
    p
}

/// The set-up of a named polyomino problem, as `docs/paper-conventions.md` states it.
pub fn puzzle(name: &str) -> Option<Puzzle> {
    Some(match name {
        "scott" => scott_full(),
        "scott-x23" => scott_x(2, 3),
        "scott-x24" => scott_x(2, 4),
        "scott-x33" => scott_x(3, 3),
        "pentomino-6x10" => six_by_ten(),
        "pentomino-5x12" => rectangle(5, 12),
        "pentomino-4x15" => rectangle(4, 15),
        "pentomino-3x20" => rectangle(3, 20),
        "dudeney" => dudeney(),
        "dudeney-a" => dudeney_eighth(false),
        "dudeney-b" => dudeney_eighth(true),
        "one-sided-3x30" => one_sided_3x30(),
        "one-sided-9x10" => one_sided_9x10(),
        "dominoes" => dominoes(),
        _ => {
            return name.strip_prefix("y45-").and_then(|c| {
                let mut chars = c.chars();
                match (chars.next(), chars.next()) {
                    (Some(class), None) => y45(class),
                    _ => None,
                }
            });
        }
    })
}

/// The matrix of a named problem, with its placements.
pub fn packing(name: &str) -> Option<Packing> {
    puzzle(name).map(|p| p.build().expect("the paper's set-ups build"))
}

fn make(name: &str) -> Option<Result<Problem, PaperError>> {
    let about = NAMES.iter().find(|(n, _)| *n == name)?.1;
    let packing = packing(name)?;
    let matrix = packing.matrix.clone();
    Some(Ok(Problem::new(name, about, matrix).with_render(
        move |s: &Solution| packing.tiling(s).to_outline(),
    )))
}

/// The families `dlx paper` knows (one per group of names).
pub(crate) fn families() -> Vec<Family> {
    vec![
        Family {
            pattern: "scott[-x23|-x24|-x33]",
            about: "Scott's pentomino problem: full matrix, or X fixed at 23, 24, 33",
            make: |n| n.starts_with("scott").then(|| make(n)).flatten(),
        },
        Family {
            pattern: "pentomino-HxW",
            about: "12 pentominoes in 6x10, 5x12, 4x15 or 3x20 (each solution once)",
            make: |n| n.starts_with("pentomino-").then(|| make(n)).flatten(),
        },
        Family {
            pattern: "dudeney[-a|-b]",
            about: "12 pentominoes and the square tetromino on the chessboard (one run, or the paper's two)",
            make: |n| n.starts_with("dudeney").then(|| make(n)).flatten(),
        },
        Family {
            pattern: "y45-a|b|c|d",
            about: "45 Y pentominoes in 15x15, one corner class of Figure 6",
            make: |n| n.starts_with("y45-").then(|| make(n)).flatten(),
        },
        Family {
            pattern: "one-sided-3x30",
            about: "the 18 one-sided pentominoes in 3x30 (Figure 9)",
            make: |n| (n == "one-sided-3x30").then(|| make(n)).flatten(),
        },
        Family {
            pattern: "one-sided-9x10",
            about: "the 18 one-sided pentominoes in 9x10, half turn broken (a campaign)",
            make: |n| (n == "one-sided-9x10").then(|| make(n)).flatten(),
        },
        Family {
            pattern: "dominoes",
            about: "the mutilated chessboard and 31 dominoes",
            make: |n| (n == "dominoes").then(|| make(n)).flatten(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_builds_with_the_reference_sizes() {
        for (name, _) in NAMES {
            assert!(packing(name).is_some(), "{name}");
        }
        let rows = |n: &str| packing(n).unwrap().matrix.options().len();
        assert_eq!(rows("scott"), 1568);
        assert_eq!(rows("dominoes"), 108);
        let y_rows = Puzzle::new(board(15, 15, CellNames::Base36))
            .pieces([pentomino("Y").unwrap()])
            .placements()
            .unwrap()
            .len();
        assert_eq!(y_rows, 1344);
        assert_eq!(puzzle("y45-e").map(|_| ()), None);
        assert_eq!(puzzle("y45-ab").map(|_| ()), None);
    }

    #[test]
    fn restrictions_keep_the_stated_placements() {
        let count = |n: &str, piece: &str| {
            let p = packing(n).unwrap();
            p.placements()
                .iter()
                .filter(|pl| p.piece_name(pl) == piece)
                .count()
        };
        assert_eq!(count("pentomino-6x10", "X"), 8);
        assert_eq!(count("dudeney", "X"), 9);
        assert_eq!(count("dudeney-a", "X"), 3);
        assert_eq!(count("dudeney-b", "X"), 3);
        assert_eq!(count("dudeney-b", "Z"), 2 * 36);
        assert_eq!(count("one-sided-3x30", "X"), 3);
        assert_eq!(count("one-sided-9x10", "X"), 28);
        assert_eq!(count("scott-x23", "X"), 1);
        let p = packing("pentomino-6x10").unwrap();
        assert_eq!(p.matrix.item(0).name, "X");
        assert_eq!(p.matrix.item(1).name, "00");
    }
}
