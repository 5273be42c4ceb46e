//! Puzzles described in text files: a board picture and a piece list.
//!
//! Board: rows of `#` (cell), `o` (a cell that may stay empty) and `.` (hole). Pieces, one
//! per line (a line starting with `#` is a comment):
//!
//! ```text
//! # a standard set: hexominoes (H1 to H35), pentominoes, tetrominoes, trominoes, domino,
//! # monomino, each with optional flags
//! pentominoes
//! # the same set with the mirror images of asymmetric pieces, rotations only
//! one-sided pentominoes
//! # NAME PICTURE [free | one-sided] [copies | copies=N | copies=LO-HI]
//! piece O ##/## copies=2
//! piece M # copies=5-7
//! # a set whose names meet another's: `suffix=TEXT` ends each of its names (I4, L4, ...)
//! tetrominoes suffix=4
//! # place NAME CELL...: the one placement a piece given above may take, by the cells it
//! # covers, named by row and column in base 36 (`12` row 1, column 2; `0a` row 0, column 10)
//! place X 12 21 22 23 32
//! ```
//!
//! Pieces are free (rotations and reflections) unless `one-sided` (rotations only). A piece
//! is placed once unless `copies=N` (exactly N times), `copies=LO-HI` (LO to HI times; `0-1`
//! lets it be left out) or `copies` (any number of times: no piece column). Counts other than
//! once give the piece column Knuth's multiplicity, which [`dlx_core::Problem`] solves (`0-1`
//! a secondary item, the same solutions searched by exact cover). A
//! placement of a `copies` piece wholly on cells that may stay empty (`o`) holds no cell that
//! must be covered: such placements share one more primary item, `o*`, which any number of
//! them may cover, so that they are counted as a bounded piece's would be.

use dlx_core::Multiplicity;
use thiserror::Error;

use crate::board::{Board, BoardError};
use crate::piece::{
    Piece, domino, hexominoes, monomino, one_sided, pentominoes, tetrominoes, trominoes,
};
use crate::puzzle::Puzzle;
use crate::shape::ShapeError;

/// Why a description cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DescribeError {
    /// The board picture is malformed.
    #[error("board: {0}")]
    Board(#[from] BoardError),
    /// A piece line is malformed.
    #[error("pieces line {line}: {reason}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A piece picture is malformed.
    #[error("pieces line {line}: {source}")]
    Shape {
        /// 1-based line number.
        line: usize,
        /// What is wrong with the picture.
        source: ShapeError,
    },
    /// No piece was given.
    #[error("the piece list is empty")]
    NoPieces,
}

fn set(name: &str) -> Option<Vec<Piece>> {
    match name {
        "hexominoes" => Some(hexominoes()),
        "pentominoes" => Some(pentominoes()),
        "tetrominoes" => Some(tetrominoes()),
        "trominoes" => Some(trominoes()),
        "domino" | "dominoes" => Some(vec![domino()]),
        "monomino" | "monominoes" => Some(vec![monomino()]),
        _ => None,
    }
}

/// Applies a piece line's flags to the pieces it added (`first..` of the puzzle's pieces);
/// `one_sided_set` for a `one-sided SET` line.
fn apply_flags(
    puzzle: &mut Puzzle,
    first: usize,
    flags: &[&str],
    line: usize,
    one_sided_set: bool,
) -> Result<(), DescribeError> {
    // One sides flag and one copies flag a line: a second (`copies=1 copies=2`, `free
    // one-sided`) would silently override the first.
    let mut sides = one_sided_set.then_some("one-sided");
    let (mut copies, mut suffix) = (None, None);
    for flag in flags {
        let bad = |reason: String| DescribeError::Line { line, reason };
        let count = match *flag {
            "free" | "one-sided" | "copies" => None,
            f if f.strip_prefix("suffix=").is_some_and(|s| !s.is_empty()) => None,
            f => match f.strip_prefix("copies=") {
                Some(n) => Some(
                    Multiplicity::parse_count(n)
                        .map_err(|e| bad(format!("`{f}`: expected copies=N or LO-HI: {e}")))?,
                ),
                None => {
                    return Err(bad(format!(
                        "unknown flag `{f}` (expected `free`, `one-sided`, `copies`, \
                         `copies=N`, `copies=LO-HI` or `suffix=TEXT`)"
                    )));
                }
            },
        };
        let (slot, which) = if matches!(*flag, "free" | "one-sided") {
            (&mut sides, "one of `free` and `one-sided`")
        } else if flag.starts_with("suffix=") {
            (&mut suffix, "one suffix")
        } else {
            (&mut copies, "one copies flag")
        };
        if let Some(prev) = slot.replace(flag) {
            return Err(bad(format!(
                "`{flag}` after `{prev}`: a line takes {which}"
            )));
        }
        for spec in puzzle.piece_specs_mut()[first..].iter_mut() {
            match (*flag, count) {
                (f, _) if f.starts_with("suffix=") => {
                    spec.piece.name.push_str(&f["suffix=".len()..]);
                }
                ("free", _) => spec.orientations = crate::Orientations::All,
                ("one-sided", _) => {
                    spec.one_sided();
                }
                ("copies", _) => {
                    spec.without_column();
                }
                (_, Some(m)) => {
                    spec.count(m.lower, m.upper);
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// Reads a `place NAME CELL...` line: the piece's one placement, by the cells it covers.
/// Returns the piece's name.
fn place<'a>(
    puzzle: &mut Puzzle,
    name: &'a str,
    cells: &[&str],
    line: usize,
) -> Result<&'a str, DescribeError> {
    let bad = |reason: String| DescribeError::Line { line, reason };
    if cells.is_empty() {
        return Err(bad(format!(
            "`place {name}`: give the cells it covers, by row and column in base 36 (`12`)"
        )));
    }
    let board = puzzle.board();
    let named: std::collections::HashMap<String, (usize, usize)> = (board.cells())
        .map(|(r, c)| (board.cell_name(r, c), (r, c)))
        .collect();
    let mut target = Vec::with_capacity(cells.len());
    for &cell in cells {
        let &at = named.get(cell).ok_or_else(|| {
            bad(format!(
                "`place {name}`: `{cell}` is no cell of the board (cells are named by row and \
                 column in base 36: `12` row 1, column 2; `0a` row 0, column 10)"
            ))
        })?;
        if target.contains(&at) {
            return Err(bad(format!("`place {name}`: cell `{cell}` is given twice")));
        }
        target.push(at);
    }
    target.sort_unstable();
    let spec = puzzle.spec(name).ok_or_else(|| {
        bad(format!(
            "`place {name}`: no piece `{name}` is given above this line"
        ))
    })?;
    // Every copy would be held to the one placement: two could never be placed.
    let (lo, _) = spec.counts();
    if spec.column && lo > 1 {
        return Err(bad(format!(
            "`place {name}`: {name} is placed {lo} times or more, and a placement takes one \
             (give the copy to fix as a piece of its own)"
        )));
    }
    spec.allow(move |p| {
        let mut cells = p.cells.clone();
        cells.sort_unstable();
        cells == target
    });
    Ok(name)
}

/// A puzzle from a board picture and a piece list.
pub fn parse_puzzle(board: &str, pieces: &str) -> Result<Puzzle, DescribeError> {
    let mut puzzle = Puzzle::new(Board::from_ascii(board)?);
    let mut any = false;
    // The pieces placed, each with its line: each once, and each where it can go.
    let mut placed: Vec<(usize, &str)> = Vec::new();
    for (k, raw) in pieces.lines().enumerate() {
        let line = k + 1;
        // `#` also draws cells, so only whole lines are comments.
        if raw.trim_start().starts_with('#') {
            continue;
        }
        let words: Vec<&str> = raw.split_whitespace().collect();
        let first = puzzle.piece_specs().len();
        match words.as_slice() {
            [] => {}
            ["one-sided", name, flags @ ..] => {
                let base = set(name).ok_or_else(|| DescribeError::Line {
                    line,
                    reason: format!("unknown piece set `{name}`"),
                })?;
                for p in one_sided(&base) {
                    puzzle.piece(p).one_sided();
                }
                apply_flags(&mut puzzle, first, flags, line, true)?;
                any = true;
            }
            [name, flags @ ..] if set(name).is_some() => {
                puzzle.pieces(set(name).unwrap_or_default());
                apply_flags(&mut puzzle, first, flags, line, false)?;
                any = true;
            }
            ["place", name, cells @ ..] => {
                if let Some((first, _)) = placed.iter().find(|(_, n)| n == name) {
                    return Err(DescribeError::Line {
                        line,
                        reason: format!("piece `{name}` is placed twice (first on line {first})"),
                    });
                }
                placed.push((line, place(&mut puzzle, name, cells, line)?));
            }
            ["piece", name, picture, flags @ ..] => {
                if let Some(f) = flags.iter().find(|f| f.starts_with("suffix=")) {
                    return Err(DescribeError::Line {
                        line,
                        reason: format!(
                            "`{f}` renames a set's pieces: a piece line names its piece itself"
                        ),
                    });
                }
                let piece = Piece::from_ascii(*name, picture)
                    .map_err(|source| DescribeError::Shape { line, source })?;
                puzzle.piece(piece);
                apply_flags(&mut puzzle, first, flags, line, false)?;
                any = true;
            }
            _ => {
                return Err(DescribeError::Line {
                    line,
                    reason: format!(
                        "expected a set name or `piece NAME PICTURE [flags]`, found `{}`",
                        raw.trim()
                    ),
                });
            }
        }
        // A second piece of one name is refused here, with its line, before `build` would
        // refuse it without one; two without a column would count each packing twice.
        let specs = puzzle.piece_specs();
        for p in &specs[first..] {
            if specs[..first].iter().any(|q| q.piece.name == p.piece.name) {
                return Err(DescribeError::Line {
                    line,
                    reason: format!(
                        "piece `{}` is given twice (leave the piece column out for copies \
                         of a piece: the flag `copies`; `suffix=TEXT` renames a set's pieces)",
                        p.piece.name
                    ),
                });
            }
        }
    }
    if !any {
        return Err(DescribeError::NoPieces);
    }
    if !placed.is_empty() {
        // A placement that is none of the piece's (another shape, an orientation it may not
        // take) would leave its column empty: no solution, without a word. (Placements that
        // cannot be made at all are refused by `build`, which says why.)
        let fits = puzzle.placements().ok();
        let specs = puzzle.piece_specs();
        for &(line, name) in &placed {
            let k = specs.iter().position(|s| s.piece.name == name);
            if fits
                .as_ref()
                .is_some_and(|f| !f.iter().any(|p| Some(p.piece) == k))
            {
                return Err(DescribeError::Line {
                    line,
                    reason: format!(
                        "`place {name}`: the cells given are no placement of {name} (its \
                         shape, in an orientation it may take)"
                    ),
                });
            }
        }
    }
    Ok(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_builds_the_expected_rows() {
        let p = parse_puzzle(
            "###\n###\n",
            "# two copies of a domino\npiece D ## copies\n",
        )
        .unwrap();
        let packing = p.build().unwrap();
        // 2 horizontal positions per row x 2 rows + 3 vertical positions.
        assert_eq!(packing.matrix.options().len(), 7);
        let count = dlx_core::Dlx::new(&packing.matrix)
            .solve()
            .count()
            .solutions;
        assert_eq!(count, 3);
    }

    /// The solutions of a described puzzle.
    fn solutions(board: &str, pieces: &str) -> u64 {
        let packing = parse_puzzle(board, pieces).unwrap().build().unwrap();
        dlx_core::Problem::new(&packing.matrix)
            .solve()
            .count()
            .solutions
    }

    /// `place` keeps one placement of a piece: two dominoes A and B fill a 2x2 square in 4
    /// ways, in 1 with A across the top. Cells are the board's names; a placement that is
    /// not the piece's shape, or not in an orientation it may take, is refused by line.
    #[test]
    fn place_keeps_one_placement_of_a_piece() {
        let count = |pieces: &str| solutions("##\n##", pieces);
        assert_eq!(count("piece A ##\npiece B ##"), 4);
        assert_eq!(count("piece A ##\npiece B ##\nplace A 01 00"), 1);
        assert_eq!(
            count("piece A ##\npiece B ##\nplace A 00 10\nplace B 11 01"),
            1
        );
        for (pieces, want) in [
            (
                "piece A ##\nplace A 00 11",
                "line 2: `place A`: the cells given are no placement of A",
            ),
            (
                "piece A ##\nplace A 00 0z",
                "line 2: `place A`: `0z` is no cell of the board",
            ),
            (
                "piece A ##\nplace A 00 00",
                "line 2: `place A`: cell `00` is given twice",
            ),
            (
                "place A 00 01\npiece A ##",
                "line 1: `place A`: no piece `A` is given above",
            ),
            (
                "piece A ##\nplace A 00 01\nplace A 10 11",
                "line 3: piece `A` is placed twice (first on line 2)",
            ),
            (
                "piece A ##\nplace A",
                "line 2: `place A`: give the cells it covers",
            ),
        ] {
            let e = parse_puzzle("##\n##", pieces).unwrap_err().to_string();
            assert!(e.starts_with(&format!("pieces {want}")), "{pieces:?}: {e}");
        }
        // Two copies held to one placement could never both be placed; a range from 1 can.
        let e = parse_puzzle("####", "piece A ## copies=2\nplace A 00 01").unwrap_err();
        assert!(e.to_string().contains("A is placed 2 times or more"), "{e}");
        assert!(parse_puzzle("####", "piece A ## copies=1-2\nplace A 00 01").is_ok());
        // The mirror image of a one-sided piece is no placement of it; the free one's is.
        let mirrored = "place S 01 02 10 11";
        let e = parse_puzzle(
            "###\n###",
            &format!("piece S ##./.## one-sided\n{mirrored}"),
        );
        assert!(e.unwrap_err().to_string().contains("no placement of S"));
        assert!(parse_puzzle("###\n###", &format!("piece S ##./.##\n{mirrored}")).is_ok());
    }

    /// `suffix=` renames a set's pieces, so that sets whose names meet go together, and each
    /// line takes it once.
    #[test]
    fn a_suffix_renames_a_sets_pieces() {
        let e = parse_puzzle("#####", "pentominoes\ntetrominoes").unwrap_err();
        assert!(e.to_string().contains("`suffix=TEXT` renames"), "{e}");
        let p = parse_puzzle("#####", "pentominoes\none-sided tetrominoes suffix=4").unwrap();
        let names: Vec<&str> = (p.piece_specs().iter())
            .map(|s| s.piece.name.as_str())
            .collect();
        assert_eq!(names[12..], ["I4", "O4", "T4", "L4", "N4", "L'4", "N'4"]);
        let e = parse_puzzle("##", "domino suffix=a suffix=b").unwrap_err();
        assert_eq!(
            e.to_string(),
            "pieces line 1: `suffix=b` after `suffix=a`: a line takes one suffix"
        );
        assert!(parse_puzzle("##", "domino suffix=").is_err());
        let e = parse_puzzle("##", "piece A ## suffix=x").unwrap_err();
        assert!(e.to_string().contains("renames a set's pieces"), "{e}");
    }

    /// The small sets, counted by hand: a 2x3 box holds trominoes in 3 ways (two I's, or two
    /// V's in either of 2 ways; an I and a V never), three dominoes in 3 ways, six monominoes
    /// in 1.
    #[test]
    fn small_sets_fill_small_boxes() {
        let count = |pieces: &str| solutions("###\n###", pieces);
        assert_eq!(count("trominoes copies=0-2\n"), 3);
        assert_eq!(count("domino copies=3\n"), 3);
        assert_eq!(count("monomino copies=6\n"), 1);
        // Monominoes in any number on two cells, one of which may stay empty: both filled,
        // or the optional cell left empty. A monomino on the optional cell holds no cell
        // that must be covered, and its options share the item `o*`, which stays primary
        // even when one such cell makes it `[0, 1]`.
        assert_eq!(solutions("#o", "monomino copies\n"), 2);
        // A domino that may be left out, wholly on cells that may stay empty: its item keeps
        // the bounds 0:1 there, or the placement would hold no primary item and be lost. The
        // monomino on the first cell with the domino beside it or not, or the domino on the
        // first two cells and the monomino on the third: 3.
        assert_eq!(solutions("#oo", "monomino\ndomino copies=0-1\n"), 3);
        assert_eq!(count("trominoes\n"), 0);
    }

    #[test]
    fn a_piece_given_twice_names_its_line() {
        let e = parse_puzzle("##\n##\n", "piece D ##\n\npiece D ##\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "pieces line 3: piece `D` is given twice (leave the piece column out for copies \
             of a piece: the flag `copies`; `suffix=TEXT` renames a set's pieces)"
        );
        // A set after one of its own pieces, alike; and two entries of one name without a
        // column, or one beside a piece with a column, which would count each packing of
        // theirs twice (the two entries swapped).
        let e = parse_puzzle("#####\n", "piece P ###\npentominoes\n").unwrap_err();
        assert!(e.to_string().starts_with("pieces line 2: piece `P`"), "{e}");
        for twice in [
            "piece D ##\npiece D ## copies\n",
            "piece D ## copies\npiece D ## copies\n",
        ] {
            let e = parse_puzzle("##\n##\n", twice).unwrap_err();
            assert!(
                e.to_string()
                    .starts_with("pieces line 2: piece `D` is given twice"),
                "{e}"
            );
        }
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse_puzzle("##", "pentominoes\npiece Q #x#\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "pieces line 2: row 1, column 2: unexpected character `x` (expected `#` or `.`)"
        );
        let e = parse_puzzle("##", "\nheptominoes\n").unwrap_err();
        assert!(e.to_string().starts_with("pieces line 2:"));
        let e = parse_puzzle("##", "piece D ## twice").unwrap_err();
        assert!(e.to_string().contains("unknown flag `twice`"));
        assert_eq!(
            parse_puzzle("##", "# nothing").unwrap_err(),
            DescribeError::NoPieces
        );
        assert!(matches!(
            parse_puzzle("#?", "domino"),
            Err(DescribeError::Board(_))
        ));
        for bad in [
            "copies=0",
            "copies=3-2",
            "copies=x",
            "copies=1-",
            "copies=-1",
        ] {
            let e = parse_puzzle("##", &format!("\npiece D ## {bad}")).unwrap_err();
            assert!(
                e.to_string()
                    .starts_with(&format!("pieces line 2: `{bad}`: expected copies=N")),
                "{e}"
            );
        }
        // A repeated or contradictory flag is refused, not overridden by the last one.
        for (flags, want) in [
            (
                "piece D ## copies=1 copies=2",
                "`copies=2` after `copies=1`: a line takes one copies flag",
            ),
            (
                "piece D ## copies copies=2",
                "`copies=2` after `copies`: a line takes one copies flag",
            ),
            (
                "domino free one-sided",
                "`one-sided` after `free`: a line takes one of `free` and `one-sided`",
            ),
            (
                "piece D ## free free",
                "`free` after `free`: a line takes one of `free` and `one-sided`",
            ),
            (
                "one-sided tetrominoes free",
                "`free` after `one-sided`: a line takes one of `free` and `one-sided`",
            ),
        ] {
            let e = parse_puzzle("##", &format!("\n{flags}")).unwrap_err();
            assert_eq!(e.to_string(), format!("pieces line 2: {want}"));
        }
    }

    #[test]
    fn counts_optional_cells_and_sides() {
        let p = parse_puzzle(
            "o##\n###",
            "piece M # copies=0-2 one-sided\ndomino copies=1-2 free\npiece T ### copies",
        )
        .unwrap();
        let specs = p.piece_specs();
        assert_eq!(specs[0].counts(), (0, 2));
        assert_eq!(specs[0].orientations, crate::Orientations::Rotations);
        assert_eq!(specs[1].counts(), (1, 2));
        assert!(!specs[2].column);
        assert!(p.board().is_optional(0, 0) && !p.board().is_optional(0, 1));
        assert_eq!(p.board().required_area(), 5);
        let m = p.build().unwrap().matrix;
        assert!(m.has_bounds());
        // A piece placed once stays a plain primary item.
        let plain = parse_puzzle("o##\n###", "piece D ## copies=1\npiece T ###").unwrap();
        let m = plain.build().unwrap().matrix;
        assert!(!m.has_bounds());
        assert_eq!(m.primary_count(), 7);
    }
}
