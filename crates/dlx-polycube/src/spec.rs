//! The input of Knuth's polycube-dlx, read as his program reads it, so that his problem files
//! run unchanged.
//!
//! ```text
//! | the Soma cube (a line starting with `|` is a comment)
//! [0-2][0-2][0-2]
//! V 000 100 010
//! L 000 100 200 010
//! ...
//! ```
//!
//! The first line that is not a comment lists the cells of the box: triples `xyz`, each
//! coordinate a "digit" `0-9a-zA-Z` (0 to 61) or a set of them in brackets, with ranges:
//! `[0-2]`, `[13]`, `[a-c9]`. A cell listed twice is one cell. Every further line is a piece:
//! its name, then its cells written the same way. The piece may be placed in each of its
//! rotations (up to 24), shifted anywhere inside the box. A name `4*Z` asks for 4 copies of
//! `Z` (one digit, the item's multiplicity). Several lines with one name are one piece whose
//! placements are those of every line (as in Knuth's program, two lines that give the same
//! rotation give it twice). An empty line is skipped.

use std::collections::BTreeSet;

use thiserror::Error;

use crate::board::{Board, digit_value};
use crate::piece::Piece;
use crate::puzzle::Puzzle;
use crate::shape::{Cell, Shape};

/// What is wrong with a polycube-dlx file, and on which line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct SpecError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// Reads one coordinate set at the start of `s`: a digit, or digits and ranges in brackets.
/// Returns the coordinates and the rest of `s`.
fn coordinates(s: &str) -> Result<(Vec<i32>, &str), String> {
    let mut chars = s.chars();
    match chars.next() {
        None => Err("a cell needs three coordinates".into()),
        Some('[') => {
            let body = chars.as_str();
            let end = body
                .find(']')
                .ok_or_else(|| format!("no closing bracket in `{s}`"))?;
            let mut out = Vec::new();
            // The previous digit, and whether a `-` follows it.
            let mut last: Option<i32> = None;
            let mut range = false;
            for c in body[..end].chars() {
                if c == '-' {
                    if last.is_none() || range {
                        return Err(format!("illegal range in `[{}]`", &body[..end]));
                    }
                    range = true;
                    continue;
                }
                let v = digit_value(c)
                    .ok_or_else(|| format!("`{c}` is not a coordinate (0-9, a-z, A-Z)"))?;
                if range {
                    let from = last.expect("a range has a start");
                    if v < from {
                        return Err(format!("decreasing range in `[{}]`", &body[..end]));
                    }
                    out.extend(from..=v);
                    // A range ends a run: `[1-2-3]` is refused.
                    (last, range) = (None, false);
                } else {
                    out.push(v);
                    last = Some(v);
                }
            }
            if range {
                return Err(format!("illegal range in `[{}]`", &body[..end]));
            }
            out.sort_unstable();
            out.dedup();
            Ok((out, &body[end + 1..]))
        }
        Some(c) => {
            let v = digit_value(c)
                .ok_or_else(|| format!("`{c}` is not a coordinate (0-9, a-z, A-Z)"))?;
            Ok((vec![v], chars.as_str()))
        }
    }
}

/// The cells of a list of triples `xyz` separated by spaces.
fn cells(words: &[&str]) -> Result<Vec<Cell>, String> {
    // A set: a cell may be given more than once (`[123]22 2[123]2`), and is one cell.
    let mut out = BTreeSet::new();
    for word in words {
        let (xs, rest) = coordinates(word)?;
        let (ys, rest) = coordinates(rest)?;
        let (zs, rest) = coordinates(rest)?;
        if !rest.is_empty() {
            return Err(format!(
                "`{word}` is not one cell `xyz` (a space is missing?)"
            ));
        }
        for &x in &xs {
            for &y in &ys {
                for &z in &zs {
                    out.insert([x, y, z]);
                }
            }
        }
    }
    Ok(out.into_iter().collect())
}

/// Reads a polycube-dlx file into a puzzle (see the module's documentation).
///
/// ```
/// let puzzle = dlx_polycube::parse_spec(
///     "| two dominoes fill a 2x2x1 box\n[01][01]0\n2*D 000 100\n",
/// )?;
/// let packing = puzzle.build().expect("a puzzle");
/// assert_eq!(packing.matrix.options().len(), 4);
/// let count = dlx_core::Problem::new(&packing.matrix).solve().count();
/// assert_eq!(count.solutions, 2);
/// # Ok::<(), dlx_polycube::SpecError>(())
/// ```
pub fn parse_spec(text: &str) -> Result<Puzzle, SpecError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l))
        .filter(|(_, l)| !l.starts_with('|'));
    let (line, box_line) = lines.next().ok_or(SpecError {
        line: text.lines().count().max(1),
        reason: "the file ends before the line of the box's cells".into(),
    })?;
    let words: Vec<&str> = box_line.split_whitespace().collect();
    let board_cells = cells(&words).map_err(|reason| SpecError { line, reason })?;
    let board = Board::from_cells(board_cells).map_err(|e| SpecError {
        line,
        reason: format!("the box: {e}"),
    })?;
    let mut puzzle = Puzzle::new(board);
    for (line, raw) in lines {
        let err = |reason: String| SpecError { line, reason };
        let words: Vec<&str> = raw.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            continue;
        };
        let (copies, name) = match first.split_once('*') {
            Some((m, name)) => {
                let mut digits = m.chars();
                let copies = match (digits.next().and_then(digit_value), digits.next()) {
                    (Some(v), None) if v > 0 => v as u32,
                    _ => {
                        return Err(err(format!(
                            "`{first}`: a multiplicity is one digit from 1 to Z before `*`"
                        )));
                    }
                };
                (copies, name)
            }
            None => (1, first),
        };
        if name.is_empty() || name.contains(['|', ':', '*']) {
            return Err(err(format!(
                "`{name}` is not a piece name (one or more characters, none of `|`, `:`, `*`)"
            )));
        }
        let cells = cells(rest).map_err(err)?;
        let shape = Shape::from_cells(cells).map_err(|e| err(format!("piece {name}: {e}")))?;
        if puzzle.board().contains_name(name) {
            return Err(err(format!(
                "piece `{name}` has the name of a cell of the box"
            )));
        }
        puzzle
            .piece(Piece {
                name: name.to_string(),
                shape,
            })
            .copies(copies);
    }
    Ok(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PuzzleError;
    use dlx_core::{MatrixBuilder, MatrixError};

    fn spec_cells(s: &str) -> Result<Vec<Cell>, String> {
        cells(&s.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn coordinate_sets_as_knuth_writes_them() {
        assert_eq!(spec_cells("[01]a[9b]").unwrap().len(), 4);
        assert_eq!(spec_cells("[0-1][a-a][9-b]").unwrap().len(), 6);
        assert_eq!(spec_cells("[1-3][1-4][1-5]").unwrap().len(), 60);
        // `222` and its six neighbours; 222 is given three times.
        assert_eq!(spec_cells("[123]22 2[123]2 22[123]").unwrap().len(), 7);
        // Ranges and digits mixed: Knuth's `[7-z32-4A5-5]` is `[2-57-A]`.
        let (v, rest) = coordinates("[7-z32-4A5-5]x").unwrap();
        assert_eq!(rest, "x");
        assert_eq!(v, coordinates("[2-57-A]").unwrap().0);
        assert_eq!(v.len(), 4 + 30);
        assert_eq!(coordinates("[]").unwrap().0, Vec::<i32>::new());
        for bad in [
            "[-5]", "[1-]", "[3-2]", "[1-2-3]", "[3--5]", "[12", "[1?]", "-",
        ] {
            assert!(coordinates(bad).is_err(), "{bad}");
        }
        assert!(spec_cells("0000").is_err());
        assert!(spec_cells("00").is_err());
    }

    #[test]
    fn a_small_file_asking_for_a_huge_matrix_is_refused_before_it_is_built() {
        // A 62x62x62 box and eight 31x31x31 cubes: 32,768 places of 29,791 cubes each, four
        // times the arena's limit, refused after a count that keeps no place.
        let puzzle = parse_spec("[0-Z][0-Z][0-Z]\n8*A [0-u][0-u][0-u]\n").unwrap();
        match puzzle.build() {
            Err(PuzzleError::Matrix(MatrixError::TooLarge { nodes, limit })) => {
                assert_eq!(limit, MatrixBuilder::MAX_NODES);
                assert!(nodes > limit && nodes <= limit + 29_793, "{nodes}");
            }
            other => panic!("{:?}", other.map(|p| p.placements().len())),
        }
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse_spec("| c\n[0-1]00\nD 000 1?0\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: `?` is not a coordinate (0-9, a-z, A-Z)"
        );
        let e = parse_spec("| only comments\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse_spec("[0-1]00\n000 000\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: piece `000` has the name of a cell of the box"
        );
        let e = parse_spec("[0-1]00\n0*D 000 100\n").unwrap_err();
        assert!(e.to_string().starts_with("line 2: `0*D`"), "{e}");
        let e = parse_spec("[0-1]00\nD:x 000\n").unwrap_err();
        assert!(e.to_string().starts_with("line 2: `D:x`"), "{e}");
        let e = parse_spec("[0-1]00\nD\n").unwrap_err();
        assert_eq!(e.to_string(), "line 2: piece D: the shape has no cube");
        let e = parse_spec("[]00\n").unwrap_err();
        assert_eq!(e.to_string(), "line 1: the box: the board has no cell");
    }
}
