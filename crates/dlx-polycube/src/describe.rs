//! Puzzles described in text: a board (a box size or a layer picture) and a piece list.
//!
//! Board: `AxBxC` (a full box, e.g. `3x4x5`), or layers of `#` (cell), `o` (a cell that may
//! stay empty: a secondary item) and `.` (hole) separated by blank lines, the first layer
//! `z = 0`, in each the column `x` and the row `y`.
//!
//! Pieces, one entry a line (a line starting with `#` is a comment):
//!
//! ```text
//! # a standard set: soma, tetracubes, pentacubes, flat-pentacubes, bedlam
//! flat-pentacubes
//! # a set with flags: each piece up to twice, its names ending in 5 (`I5`, `L5`, ...)
//! pentacubes copies=0-2 suffix=5
//! # piece NAME SHAPE [free] [copies=N | copies=LO-HI]: SHAPE a one-line layer picture (rows
//! # separated by `/`, layers by `//`) or cubes x,y,z
//! piece Q ##/##//#.
//! piece S 0,0,0 1,0,0 1,1,0 1,1,1 free
//! # place NAME CUBE...: the one placement a piece given above may take, by its cubes x,y,z
//! place Q 0,0,0 1,0,0 0,1,0 1,1,0 0,0,1
//! ```
//!
//! A piece is placed with its rotations only unless it is `free` (its mirror image may be
//! used too); `copies=N` places it N times (the copies are not told apart), `copies=LO-HI`
//! from LO to HI times (`0-1`: it may be left out), through its item's multiplicity. A set
//! takes `copies=N` or `copies=LO-HI` for each of its pieces, and `suffix=TEXT`, appended to
//! each of its names, so that two sets whose names meet can be used together. A piece name
//! is given once, a set's names included.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use dlx_core::Multiplicity;
use thiserror::Error;

use crate::board::{Board, BoardError};
use crate::piece::{Piece, bedlam, flat_pentacubes, pentacubes, soma, tetracubes};
use crate::puzzle::Puzzle;
use crate::shape::{Cell, Shape, ShapeError};

/// Why a description cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DescribeError {
    /// The board is malformed.
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
    /// A piece's shape is malformed.
    #[error("pieces line {line}: {source}")]
    Shape {
        /// 1-based line number.
        line: usize,
        /// What is wrong with the shape.
        source: ShapeError,
    },
    /// A piece name is given a second time, by a piece line or a set.
    #[error(
        "pieces line {line}: piece `{piece}` is given twice (first on line {first}; use \
         copies=N for copies of a piece, suffix=TEXT to rename a set's pieces)"
    )]
    DuplicatePiece {
        /// 1-based line number of the second time.
        line: usize,
        /// The piece's name.
        piece: String,
        /// 1-based line number of the first time.
        first: usize,
    },
    /// No piece was given.
    #[error("the piece list is empty")]
    NoPieces,
}

/// The standard sets by the names a piece list uses.
pub const SETS: [&str; 5] = [
    "soma",
    "tetracubes",
    "pentacubes",
    "flat-pentacubes",
    "bedlam",
];

/// A standard set by name ([`SETS`]).
pub fn piece_set(name: &str) -> Option<Vec<Piece>> {
    match name {
        "soma" => Some(soma()),
        "tetracubes" => Some(tetracubes()),
        "pentacubes" => Some(pentacubes()),
        "flat-pentacubes" => Some(flat_pentacubes()),
        "bedlam" => Some(bedlam()),
        _ => None,
    }
}

/// A board from a description: a box size `AxBxC`, or a layer picture.
pub fn parse_board(text: &str) -> Result<Board, BoardError> {
    let trimmed = text.trim();
    // One line with an `x` and nothing drawn is a size, well formed or not: `axbxc` is a
    // size with letters, not a picture whose `a` is an unexpected character.
    let drawn = trimmed.contains(['\n', '/', '#', 'o', '.']);
    if trimmed.contains('x') && !drawn {
        Board::parse_size(trimmed)
    } else {
        Board::from_layers(text)
    }
}

/// Reads a `place NAME CUBE...` line: the piece's one placement, by the cubes it covers.
fn place_line(
    puzzle: &mut Puzzle,
    name: &str,
    cubes: &[&str],
    line: usize,
) -> Result<(), DescribeError> {
    let bad = |reason: String| DescribeError::Line { line, reason };
    if cubes.is_empty() {
        return Err(bad(format!(
            "`place {name}`: give the cubes it covers, as x,y,z"
        )));
    }
    let mut target: Vec<Cell> = Vec::with_capacity(cubes.len());
    for &cube in cubes {
        let at = crate::shape::parse_cell(cube)
            .map_err(|_| bad(format!("`place {name}`: `{cube}` is not a cube x,y,z")))?;
        if !puzzle.board().contains(at) {
            return Err(bad(format!(
                "`place {name}`: `{cube}` is no cell of the board"
            )));
        }
        if target.contains(&at) {
            return Err(bad(format!("`place {name}`: cube `{cube}` is given twice")));
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
    if lo > 1 {
        return Err(bad(format!(
            "`place {name}`: {name} is placed {lo} times or more, and a placement takes one \
             (give the copy to fix as a piece of its own)"
        )));
    }
    spec.allow(move |p| p.cells == target);
    Ok(())
}

/// A puzzle from a board description ([`parse_board`]) and a piece list.
///
/// ```
/// let puzzle = dlx_polycube::parse_puzzle("2x2x2", "piece D ## copies=4\n")?;
/// let packing = puzzle.build().expect("the dominoes fill the cube");
/// let count = dlx_core::Problem::new(&packing.matrix).solve().count();
/// assert_eq!(count.solutions, 9);
/// # Ok::<(), dlx_polycube::DescribeError>(())
/// ```
pub fn parse_puzzle(board: &str, pieces: &str) -> Result<Puzzle, DescribeError> {
    let mut puzzle = Puzzle::new(parse_board(board)?);
    let mut any = false;
    // The pieces placed, each with its line: each once, and each where it can go.
    let mut placed: Vec<(usize, &str)> = Vec::new();
    // The line that gave each piece name: a [`Puzzle`] merges the entries of one name into
    // one piece (how Knuth's files give a piece's orientations), which from a piece list
    // would silently join two pieces, whatever their shapes.
    let mut given: HashMap<String, usize> = HashMap::new();
    let mut first_time = |piece: &str, line: usize| match given.entry(piece.to_string()) {
        Entry::Occupied(e) => Err(DescribeError::DuplicatePiece {
            line,
            piece: piece.to_string(),
            first: *e.get(),
        }),
        Entry::Vacant(e) => {
            e.insert(line);
            Ok(())
        }
    };
    for (k, raw) in pieces.lines().enumerate() {
        let line = k + 1;
        let err = |reason: String| DescribeError::Line { line, reason };
        // `#` also draws cubes, so only whole lines are comments.
        if raw.trim_start().starts_with('#') {
            continue;
        }
        let words: Vec<&str> = raw.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [name, flags @ ..] if piece_set(name).is_some() => {
                let (count, suffix) = set_flags(flags).map_err(err)?;
                let mut set = piece_set(name).unwrap_or_default();
                for p in &mut set {
                    p.name.push_str(suffix);
                    first_time(&p.name, line)?;
                }
                for p in set {
                    let spec = puzzle.piece(p);
                    if let Some(m) = count {
                        set_count(spec, m);
                    }
                }
                any = true;
            }
            [name] => {
                return Err(err(format!(
                    "unknown piece set `{name}` (expected {} or `piece NAME SHAPE`)",
                    SETS.join(", ")
                )));
            }
            ["place", name, cubes @ ..] => {
                if let Some((first, _)) = placed.iter().find(|(_, n)| n == name) {
                    return Err(err(format!(
                        "piece `{name}` is placed twice (first on line {first})"
                    )));
                }
                place_line(&mut puzzle, name, cubes, line)?;
                placed.push((line, name));
            }
            ["piece", name, rest @ ..] => {
                // The shape: cubes `x,y,z` (with a comma) or one picture, then the flags.
                let shape_words = if rest.first().is_some_and(|w| w.contains(',')) {
                    rest.iter().take_while(|w| w.contains(',')).count()
                } else {
                    rest.len().min(1)
                };
                let (shape, flags) = rest.split_at(shape_words);
                if shape.is_empty() {
                    return Err(err(format!("piece {name} has no shape")));
                }
                let shape = if shape_words == 1 && !shape[0].contains(',') {
                    Shape::from_layers(shape[0])
                } else {
                    Shape::parse_cells(&shape.join(" "))
                }
                .map_err(|source| DescribeError::Shape { line, source })?;
                first_time(name, line)?;
                let spec = puzzle.piece(Piece {
                    name: name.to_string(),
                    shape,
                });
                // One flag of each kind: a second (`copies=1 copies=2`) would silently
                // override the first.
                let (mut free, mut copies) = (None, None);
                for flag in flags {
                    let seen = match flag.split_once('=') {
                        None if *flag == "free" => {
                            spec.free();
                            &mut free
                        }
                        Some(("copies", n)) => {
                            set_count(spec, copies_flag(flag, n).map_err(err)?);
                            &mut copies
                        }
                        _ => {
                            return Err(err(format!(
                                "unknown flag `{flag}` (expected `free`, `copies=N` or \
                                 `copies=LO-HI`)"
                            )));
                        }
                    };
                    if let Some(prev) = seen.replace(flag) {
                        let kind = if *prev == "free" { "`free`" } else { "copies" };
                        return Err(err(format!(
                            "`{flag}` after `{prev}`: a line takes one {kind} flag"
                        )));
                    }
                }
                any = true;
            }
            _ => {
                return Err(err(format!(
                    "expected a set name or `piece NAME SHAPE [FLAGS]`, found `{}`",
                    raw.trim()
                )));
            }
        }
    }
    if !any {
        return Err(DescribeError::NoPieces);
    }
    if !placed.is_empty() {
        // A placement that is none of the piece's (another shape, a mirror image it may not
        // take) would leave its item empty: no solution, without a word. (Placements that
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
                        "`place {name}`: the cubes given are no placement of {name} (its \
                         shape, in an orientation it may take)"
                    ),
                });
            }
        }
    }
    Ok(puzzle)
}

/// `copies=N` or `copies=LO-HI`, read.
fn copies_flag(flag: &str, n: &str) -> Result<Multiplicity, String> {
    Multiplicity::parse_count(n)
        .map_err(|e| format!("`{flag}`: copies=N with N >= 1, or copies=LO-HI: {e}"))
}

/// A piece counted as a copies flag says: N times, or LO to HI times.
fn set_count(spec: &mut crate::PieceSpec, m: Multiplicity) {
    if m.lower == m.upper {
        spec.copies(m.upper);
    } else {
        spec.count(m.lower, m.upper);
    }
}

/// The flags of a set line: a count for each piece, and a suffix for each name.
fn set_flags<'a>(flags: &[&'a str]) -> Result<(Option<Multiplicity>, &'a str), String> {
    let (mut count, mut suffix) = (None, None);
    for &flag in flags {
        let seen = match flag.split_once('=') {
            Some(("copies", n)) => count.replace((flag, copies_flag(flag, n)?)).map(|p| p.0),
            Some(("suffix", s)) if !s.is_empty() => suffix.replace((flag, s)).map(|p| p.0),
            _ => {
                return Err(format!(
                    "unknown flag `{flag}` for a set (expected `copies=N`, `copies=LO-HI` or \
                     `suffix=TEXT`)"
                ));
            }
        };
        if let Some(prev) = seen {
            return Err(format!(
                "`{flag}` after `{prev}`: a line takes each flag once"
            ));
        }
    }
    Ok((count.map(|c| c.1), suffix.map_or("", |s| s.1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_build_the_expected_options() {
        // The L tricube, free or not, in a 2x2x1 box with a cube missing: the one position,
        // in whichever orientation fits.
        let p = parse_puzzle("##\n#.\n", "piece V ##/#.").unwrap();
        assert_eq!(p.build().unwrap().matrix.options().len(), 1);
        let p = parse_puzzle("2x3x1", "piece L 0,0,0 1,0,0 0,1,0 0,2,0 free\npiece D ##").unwrap();
        let packing = p.build().unwrap();
        assert_eq!(packing.matrix.items().len(), 8);
        let count = dlx_core::Problem::new(&packing.matrix).solve().count();
        assert_eq!(count.solutions, 4);
        assert!(parse_puzzle("3x4x5", "flat-pentacubes").is_ok());
    }

    /// A set with `copies=` and `suffix=` is its pieces listed one by one with those counts
    /// and names: the same matrix, the same count. Two sets whose names meet go together
    /// once one is renamed.
    #[test]
    fn a_set_takes_counts_and_a_suffix() {
        let listed: String = tetracubes()
            .iter()
            .map(|p| {
                let cubes: Vec<String> = (p.shape.cells().iter())
                    .map(|[x, y, z]| format!("{x},{y},{z}"))
                    .collect();
                format!("piece {}t {} copies=0-2\n", p.name, cubes.join(" "))
            })
            .collect();
        let count = |pieces: &str| {
            let packing = parse_puzzle("2x2x3", pieces).unwrap().build().unwrap();
            let names: Vec<String> = (packing.matrix.items().iter())
                .map(|i| i.name.clone())
                .collect();
            let c = dlx_core::Problem::new(&packing.matrix).solve().count();
            (
                names,
                packing.matrix.options().len(),
                c.solutions,
                c.updates,
            )
        };
        let set = count("tetracubes copies=0-2 suffix=t");
        assert_eq!(set, count(&listed));
        assert!(set.0.contains(&"It".to_string()) && set.2 > 0, "{set:?}");
        assert!(parse_puzzle("4x4x4", "tetracubes\nflat-pentacubes suffix=5").is_ok());
        for (flags, want) in [
            (
                "copies=1 copies=2",
                "`copies=2` after `copies=1`: a line takes each flag once",
            ),
            ("suffix=", "unknown flag `suffix=` for a set"),
            ("free", "unknown flag `free` for a set"),
        ] {
            let e = parse_puzzle("2x2x2", &format!("soma {flags}")).unwrap_err();
            assert!(
                e.to_string().starts_with(&format!("pieces line 1: {want}")),
                "{e}"
            );
        }
    }

    /// `place` keeps one placement of a piece: two dominoes fill a 2x2x1 box in 4 ways, in 1
    /// with A along x at y = 0; a placement that is not the piece's is refused by line.
    #[test]
    fn place_keeps_one_placement_of_a_piece() {
        let count = |pieces: &str| {
            let packing = parse_puzzle("2x2x1", pieces).unwrap().build().unwrap();
            dlx_core::Problem::new(&packing.matrix)
                .solve()
                .count()
                .solutions
        };
        assert_eq!(count("piece A ##\npiece B ##"), 4);
        assert_eq!(count("piece A ##\npiece B ##\nplace A 1,0,0 0,0,0"), 1);
        for (pieces, want) in [
            (
                "piece A ##\nplace A 0,0,0 1,1,0",
                "line 2: `place A`: the cubes given are no placement of A",
            ),
            (
                "piece A ##\nplace A 0,0,0 2,0,0",
                "line 2: `place A`: `2,0,0` is no cell of the board",
            ),
            (
                "piece A ##\nplace A 0,0,0 0,0",
                "line 2: `place A`: `0,0` is not a cube x,y,z",
            ),
            (
                "piece A ##\nplace A 0,0,0 0,0,0",
                "line 2: `place A`: cube `0,0,0` is given twice",
            ),
            (
                "place A 0,0,0 1,0,0\npiece A ##",
                "line 1: `place A`: no piece `A` is given above",
            ),
            (
                "piece A ##\nplace A 0,0,0 1,0,0\nplace A 0,1,0 1,1,0",
                "line 3: piece `A` is placed twice (first on line 2)",
            ),
            (
                "piece A ## copies=2\nplace A 0,0,0 1,0,0",
                "line 2: `place A`: A is placed 2 times or more",
            ),
        ] {
            let e = parse_puzzle("2x2x1", pieces).unwrap_err().to_string();
            assert!(e.starts_with(&format!("pieces {want}")), "{pieces:?}: {e}");
        }
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse_puzzle("2x2x2", "soma\npiece Q ##/#x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "pieces line 2: layer 1, row 2, column 2: unexpected character `x` (expected `#` or `.`)"
        );
        let e = parse_puzzle("2x2x2", "\nhexacubes\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("pieces line 2: unknown piece set"),
            "{e}"
        );
        let e = parse_puzzle("2x2x2", "piece D ## twice").unwrap_err();
        assert!(e.to_string().contains("unknown flag `twice`"), "{e}");
        for bad in ["copies=0", "copies=3-2", "copies=1-", "copies=x-1"] {
            let e = parse_puzzle("2x2x2", &format!("\npiece D ## {bad}")).unwrap_err();
            assert!(
                e.to_string()
                    .starts_with(&format!("pieces line 2: `{bad}`: copies=N with N >= 1")),
                "{e}"
            );
        }
        // A repeated flag is refused, not overridden by the last one.
        for (flags, want) in [
            (
                "copies=1 copies=2",
                "`copies=2` after `copies=1`: a line takes one copies flag",
            ),
            (
                "free free",
                "`free` after `free`: a line takes one `free` flag",
            ),
        ] {
            let e = parse_puzzle("2x2x2", &format!("\npiece D ## {flags}")).unwrap_err();
            assert_eq!(e.to_string(), format!("pieces line 2: {want}"));
        }
        // A name given twice is refused, not merged into one piece.
        let e = parse_puzzle("2x2x1", "piece Q ##\n\npiece Q ##").unwrap_err();
        assert_eq!(
            e.to_string(),
            "pieces line 3: piece `Q` is given twice (first on line 1; use copies=N for \
             copies of a piece, suffix=TEXT to rename a set's pieces)"
        );
        let e = parse_puzzle("4x4x4", "tetracubes\nflat-pentacubes").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("pieces line 2: piece `I` is given twice (first on line 1;"),
            "{e}"
        );
        // A range of counts, and a corner that may stay empty.
        let p = parse_puzzle("o#\n##\n\n##\n##", "piece D ## copies=0-4 free").unwrap();
        assert_eq!(p.piece_specs()[0].counts(), (0, 4));
        assert!(p.board().is_optional([0, 0, 0]) && !p.board().is_optional([1, 0, 0]));
        assert_eq!((p.board().volume(), p.board().required_volume()), (8, 7));
        let packing = p.build().unwrap();
        assert!(packing.matrix.has_bounds());
        // Only the symmetries that keep the corner where it is: the 6 of its diagonal.
        assert_eq!(packing.symmetries().len(), 6);
        let e = parse_puzzle("2x2x2", "piece D").unwrap_err();
        assert_eq!(e.to_string(), "pieces line 1: piece D has no shape");
        assert_eq!(
            parse_puzzle("2x2x2", "# nothing").unwrap_err(),
            DescribeError::NoPieces
        );
        assert_eq!(
            parse_puzzle("2x2x99", "soma").unwrap_err().to_string(),
            "board: `2x2x99` is not a box size AxBxC with sides from 1 to 62"
        );
        assert!(matches!(
            parse_puzzle("#?", "soma"),
            Err(DescribeError::Board(_))
        ));
    }
}
