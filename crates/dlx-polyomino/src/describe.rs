//! Puzzles described in text files: a board picture and a piece list.
//!
//! Board: rows of `#` (cell) and `.` (hole). Pieces, one per line (a line starting with `#`
//! is a comment):
//!
//! ```text
//! # a standard set: pentominoes, tetrominoes, domino
//! pentominoes
//! # the same set with the mirror images of asymmetric pieces, rotations only
//! one-sided pentominoes
//! # NAME PICTURE [one-sided] [copies]
//! piece O ##/##
//! ```
//!
//! `one-sided` allows the rotations only; `copies` leaves the piece column out, so the piece
//! may be placed any number of times.

use thiserror::Error;

use crate::board::{Board, BoardError};
use crate::piece::{Piece, domino, one_sided, pentominoes, tetrominoes};
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
        "pentominoes" => Some(pentominoes()),
        "tetrominoes" => Some(tetrominoes()),
        "domino" | "dominoes" => Some(vec![domino()]),
        _ => None,
    }
}

/// A puzzle from a board picture and a piece list.
pub fn parse_puzzle(board: &str, pieces: &str) -> Result<Puzzle, DescribeError> {
    let mut puzzle = Puzzle::new(Board::from_ascii(board)?);
    let mut any = false;
    for (k, raw) in pieces.lines().enumerate() {
        let line = k + 1;
        // `#` also draws cells, so only whole lines are comments.
        if raw.trim_start().starts_with('#') {
            continue;
        }
        let words: Vec<&str> = raw.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["one-sided", name] => {
                let base = set(name).ok_or_else(|| DescribeError::Line {
                    line,
                    reason: format!("unknown piece set `{name}`"),
                })?;
                for p in one_sided(&base) {
                    puzzle.piece(p).one_sided();
                }
                any = true;
            }
            [name] if set(name).is_some() => {
                puzzle.pieces(set(name).unwrap_or_default());
                any = true;
            }
            ["piece", name, picture, flags @ ..] => {
                let piece = Piece::from_ascii(*name, picture)
                    .map_err(|source| DescribeError::Shape { line, source })?;
                let spec = puzzle.piece(piece);
                for flag in flags {
                    match *flag {
                        "one-sided" => {
                            spec.one_sided();
                        }
                        "copies" => {
                            spec.without_column();
                        }
                        other => {
                            return Err(DescribeError::Line {
                                line,
                                reason: format!(
                                    "unknown flag `{other}` (expected `one-sided` or `copies`)"
                                ),
                            });
                        }
                    }
                }
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
    }
    if !any {
        return Err(DescribeError::NoPieces);
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

    #[test]
    fn errors_name_the_line() {
        let e = parse_puzzle("##", "pentominoes\npiece Q #x#\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "pieces line 2: row 1, column 2: unexpected character `x` (expected `#` or `.`)"
        );
        let e = parse_puzzle("##", "\nhexominoes\n").unwrap_err();
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
    }
}
