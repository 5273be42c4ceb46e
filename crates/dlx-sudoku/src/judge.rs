//! Online judges' sudoku formats, read exactly as the judges give them and answered exactly
//! as they expect: POJ 3074 (9x9) and POJ 3076 / UVa 1309 (16x16), the two sudoku problems
//! of momodi's contest article on dancing links (2008).
//!
//! - [`Judge::Poj3074`]: one puzzle a line, 81 characters, `1`-`9` or `.` for a blank,
//!   until a line `end` (what follows it is not read); each answer is the solved grid as one
//!   81-character line.
//! - [`Judge::Poj3076`] (also UVa 1309): data sets of 16 lines of 16 characters, `A`-`P` or
//!   `-` for a blank, separated by single empty lines, to the end of the file; each answer is
//!   the solved grid in the same shape, and answers are separated by one empty line, as the
//!   statement asks ("in the same format and order as used for input").
//!
//! Line ends may be `\n` or `\r\n`, and white space at the end of a line is ignored; every
//! other departure from the format is an error naming its line ([`SudokuError`]). The
//! puzzles are solved one after another by one [`Solver`], the batch path of `dlx sudoku`.
//!
//! ```
//! use dlx_sudoku::{Solver, judge::Judge};
//!
//! // POJ 3074's sample input and output.
//! let input = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n\
//!              ......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.\n\
//!              end\n";
//! let output = Judge::Poj3074.answer_all(input, &mut Solver::new())?;
//! assert_eq!(
//!     output,
//!     "527389416819426735436751829375692184194538267268174593643217958951843672782965341\n\
//!      416837529982465371735129468571298643293746185864351297647913852359682714128574936\n"
//! );
//! let err = Judge::Poj3074.read("..1\n").unwrap_err();
//! assert_eq!(err.to_string(), "line 1: found 3 cells, expected 81 (9x9)");
//! # Ok::<(), dlx_sudoku::SudokuError>(())
//! ```

use std::sync::Arc;

use crate::alphabet::Alphabet;
use crate::error::SudokuError;
use crate::grid::{Grid, Layout};
use crate::solver::Solver;

/// The rows (and columns) of a POJ 3076 grid.
const SIDE_3076: usize = 16;

/// An online judge's sudoku problem: how its input is read and its answers written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Judge {
    /// POJ 3074, "Sudoku" (Stanford Local 2006): 9x9 puzzles, one a line, until `end`.
    Poj3074,
    /// POJ 3076, "Sudoku" (Southeastern Europe 2006; UVa 1309): 16x16 puzzles in `A`-`P`,
    /// 16 lines each, separated by empty lines, to the end of the file.
    Poj3076,
}

impl Judge {
    /// Reads the judge's input: every puzzle, each carrying the line it starts on
    /// ([`Grid::line`]). Bad input is refused with the line it is on: a row or puzzle of the
    /// wrong length, a character the judge does not use, two equal givens in a unit, a data
    /// set cut short, a missing `end` (POJ 3074) or a missing empty line between data sets
    /// (POJ 3076).
    ///
    /// ```
    /// use dlx_sudoku::judge::Judge;
    /// let grid = "-".repeat(16);
    /// let input = format!("{}\n\n{}", [grid.as_str(); 16].join("\n"), grid);
    /// assert_eq!(
    ///     Judge::Poj3076.read(&input).unwrap_err().to_string(),
    ///     "line 19: the input ends after 1 of the 16 rows of the data set from line 18"
    /// );
    /// ```
    pub fn read(self, text: &str) -> Result<Vec<Grid>, SudokuError> {
        match self {
            Judge::Poj3074 => read_3074(text),
            Judge::Poj3076 => read_3076(text),
        }
    }

    /// The judge's answer to one puzzle: the solved grid as the judge expects it, ending with
    /// a line feed (the separator between answers is [`Judge::separator`]). A puzzle without
    /// solution is refused with its line: both judges promise one, and their output has no
    /// way to say there is none.
    pub fn answer(self, solver: &mut Solver, puzzle: &Grid) -> Result<String, SudokuError> {
        let solution = solver.solve(puzzle).ok_or_else(|| SudokuError::Judge {
            line: puzzle.line(),
            reason: "the puzzle has no solution (the judge promises one)".to_string(),
        })?;
        let line = solution.to_line();
        Ok(match self {
            Judge::Poj3074 => line + "\n",
            Judge::Poj3076 => {
                let mut out = String::with_capacity(line.len() + SIDE_3076);
                for row in line.as_bytes().chunks(SIDE_3076) {
                    // The alphabet is ASCII: every row is whole characters.
                    out.push_str(std::str::from_utf8(row).expect("ASCII symbols"));
                    out.push('\n');
                }
                out
            }
        })
    }

    /// What the judge expects between two answers: nothing (POJ 3074), or an empty line
    /// (POJ 3076, whose answers are separated as its data sets are).
    pub fn separator(self) -> &'static str {
        match self {
            Judge::Poj3074 => "",
            Judge::Poj3076 => "\n",
        }
    }

    /// The whole output for an input: [`Judge::read`], then [`Judge::answer`] for each
    /// puzzle in turn, with [`Judge::separator`] between answers.
    pub fn answer_all(self, text: &str, solver: &mut Solver) -> Result<String, SudokuError> {
        let mut out = String::new();
        for (k, puzzle) in self.read(text)?.iter().enumerate() {
            if k > 0 {
                out.push_str(self.separator());
            }
            out.push_str(&self.answer(solver, puzzle)?);
        }
        Ok(out)
    }
}

/// The lines of a text, numbered from 1, without their line ends or trailing white space
/// (a byte order mark at the start is skipped).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines().enumerate().map(|(k, l)| (k + 1, l.trim_end()))
}

/// A grid of box size `n` from its cell values (0 for a blank), written in one line; refused
/// when two givens clash.
fn grid(
    n: usize,
    cells: Vec<u8>,
    alphabet: &Arc<Alphabet>,
    blank: char,
    line: usize,
) -> Result<Grid, SudokuError> {
    let grid = Grid {
        n,
        cells,
        alphabet: Arc::clone(alphabet),
        blank,
        layout: Layout::Line,
        line,
    };
    grid.check_clashes()?;
    Ok(grid)
}

/// Appends the cells of `text`, line `line` of the input, to `cells`, each character read by
/// `value` (0 for the blank, 1..=N for a symbol, `None` for a character the judge does not
/// use, which `accepted` describes); returns how many there were.
fn push_cells(
    cells: &mut Vec<u8>,
    line: usize,
    text: &str,
    value: impl Fn(char) -> Option<u8>,
    accepted: &str,
) -> Result<usize, SudokuError> {
    let before = cells.len();
    for (k, ch) in text.chars().enumerate() {
        let v = value(ch).ok_or_else(|| SudokuError::UnknownChar {
            line,
            position: k + 1,
            ch,
            accepted: accepted.to_string(),
        })?;
        cells.push(v);
    }
    Ok(cells.len() - before)
}

/// POJ 3074: puzzles of 81 characters (`1`-`9`, `.`), one a line, until a line `end`. Empty
/// lines are skipped, as the judges' readers of whitespace-separated words skip them.
fn read_3074(text: &str) -> Result<Vec<Grid>, SudokuError> {
    const ACCEPTED: &str = "POJ 3074 takes digits 1-9 and `.` for a blank";
    let alphabet = Arc::new(Alphabet::from_spec("1-9").expect("a built-in alphabet"));
    let mut puzzles = Vec::new();
    let mut last = 0;
    for (line, t) in lines(text) {
        last = line;
        if t.is_empty() {
            continue;
        }
        if t == "end" {
            return Ok(puzzles);
        }
        let mut cells = Vec::with_capacity(81);
        let value = |c: char| match c {
            '1'..='9' => Some(c as u8 - b'0'),
            '.' => Some(0),
            _ => None,
        };
        push_cells(&mut cells, line, t, value, ACCEPTED)?;
        if cells.len() != 81 {
            return Err(SudokuError::WrongLength {
                line,
                found: cells.len(),
                expected: "81 (9x9)".to_string(),
            });
        }
        puzzles.push(grid(3, cells, &alphabet, '.', line)?);
    }
    Err(SudokuError::Judge {
        line: last + 1,
        reason: "the input ends without the line `end` that closes POJ 3074's input".to_string(),
    })
}

/// POJ 3076 / UVa 1309: data sets of 16 lines of 16 characters (`A`-`P`, `-`), separated by
/// empty lines (more than one is taken as one), to the end of the file.
fn read_3076(text: &str) -> Result<Vec<Grid>, SudokuError> {
    const ACCEPTED: &str = "POJ 3076 takes letters A-P and `-` for a blank";
    let alphabet = Arc::new(Alphabet::from_spec("A-P").expect("a built-in alphabet"));
    let mut puzzles = Vec::new();
    let mut cells: Vec<u8> = Vec::with_capacity(SIDE_3076 * SIDE_3076);
    // The first line of the data set being read, and whether one just ended (so that the
    // next line must be empty).
    let mut start = 0;
    let mut need_gap = false;
    let mut last = 0;
    for (line, t) in lines(text) {
        last = line;
        if t.is_empty() {
            if !cells.is_empty() {
                return Err(SudokuError::Judge {
                    line,
                    reason: format!(
                        "an empty line after {} of the 16 rows of the data set from line {start}",
                        cells.len() / SIDE_3076
                    ),
                });
            }
            need_gap = false;
            continue;
        }
        if need_gap {
            return Err(SudokuError::Judge {
                line,
                reason: "expected an empty line between data sets (each has 16 rows)".to_string(),
            });
        }
        if cells.is_empty() {
            start = line;
        }
        let value = |c: char| match c {
            'A'..='P' => Some(c as u8 - b'A' + 1),
            '-' => Some(0),
            _ => None,
        };
        let found = push_cells(&mut cells, line, t, value, ACCEPTED)?;
        if found != SIDE_3076 {
            return Err(SudokuError::Judge {
                line,
                reason: format!("a row of {found} characters, expected 16"),
            });
        }
        if cells.len() == SIDE_3076 * SIDE_3076 {
            let values = std::mem::replace(&mut cells, Vec::with_capacity(SIDE_3076 * SIDE_3076));
            puzzles.push(grid(4, values, &alphabet, '-', start)?);
            need_gap = true;
        }
    }
    if !cells.is_empty() {
        return Err(SudokuError::Judge {
            line: last + 1,
            reason: format!(
                "the input ends after {} of the 16 rows of the data set from line {start}",
                cells.len() / SIDE_3076
            ),
        });
    }
    Ok(puzzles)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// POJ 3074's sample (http://poj.org/problem?id=3074, Stanford Local 2006).
    const SAMPLE_3074_IN: &str = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n\
                                  ......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.\n\
                                  end\n";
    const SAMPLE_3074_OUT: &str = "527389416819426735436751829375692184194538267268174593643217958951843672782965341\n\
                                   416837529982465371735129468571298643293746185864351297647913852359682714128574936\n";

    /// POJ 3076's sample, the same as UVa 1309's (Southeastern Europe 2006).
    const SAMPLE_3076_IN: &str = "--A----C-----O-I\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n\
        -G-EL-H----M-J--\n----E----C--G---\n-I--K-GA-B---E-J\nD-GP--J-F----A--\n\
        -E---C-B--DP--O-\nE--F-M--D--L-K-A\n-C--------O-I-L-\nH-P-C--F-A--B---\n\
        ---G-OD---J----H\nK---J----H-A-P-L\n--B--P--E--K--A-\n-H--B--K--FI-C--\n\
        --F---C--D--H-N-\n";
    const SAMPLE_3076_OUT: &str = "FPAHMJECNLBDKOGI\nOJMIANBDPKCGFLHE\nLNDKGFOIJEAHMBPC\n\
        BGCELKHPOFIMAJDN\nMFHBELPOACKJGNID\nCILNKDGAHBMOPEFJ\nDOGPIHJMFNLECAKB\n\
        JEKAFCNBGIDPLHOM\nEBOFPMIJDGHLNKCA\nNCJDHBAEKMOFIGLP\nHMPLCGKFIAENBDJO\n\
        AKIGNODLBPJCEFMH\nKDEMJIFNCHGAOPBL\nGLBCDPMHEONKJIAF\nPHNOBALKMJFIDCEG\n\
        IAFJOECGLDPBHMNK\n";

    #[test]
    fn the_samples_are_answered_byte_for_byte() {
        let mut solver = Solver::new();
        assert_eq!(
            Judge::Poj3074
                .answer_all(SAMPLE_3074_IN, &mut solver)
                .unwrap(),
            SAMPLE_3074_OUT
        );
        assert_eq!(
            Judge::Poj3076
                .answer_all(SAMPLE_3076_IN, &mut solver)
                .unwrap(),
            SAMPLE_3076_OUT
        );
    }

    #[test]
    fn data_sets_are_separated_in_and_out_by_empty_lines() {
        let input = format!("{SAMPLE_3076_IN}\n{SAMPLE_3076_IN}\n\n{SAMPLE_3076_IN}");
        let puzzles = Judge::Poj3076.read(&input).unwrap();
        assert_eq!(
            puzzles.iter().map(Grid::line).collect::<Vec<_>>(),
            [1, 18, 36]
        );
        let out = Judge::Poj3076
            .answer_all(&input, &mut Solver::new())
            .unwrap();
        assert_eq!(out, [SAMPLE_3076_OUT; 3].join("\n"));
        // `\r\n` line ends and trailing blanks are read as the plain lines.
        let dos = SAMPLE_3074_IN.replace('\n', " \r\n");
        assert_eq!(
            Judge::Poj3074.answer_all(&dos, &mut Solver::new()).unwrap(),
            SAMPLE_3074_OUT
        );
    }

    #[test]
    fn bad_input_names_its_line() {
        let first = SAMPLE_3074_IN.lines().next().unwrap();
        let cases: [(Judge, String, &str); 9] = [
            (
                Judge::Poj3074,
                format!("{first}\n"),
                "line 2: the input ends without the line `end` that closes POJ 3074's input",
            ),
            (
                Judge::Poj3074,
                format!("{first}\n{}\nend\n", &first[1..]),
                "line 2: found 80 cells, expected 81 (9x9)",
            ),
            (
                Judge::Poj3074,
                format!("{}0\nend\n", &first[..80]),
                "line 1, position 81: unknown character `0` (POJ 3074 takes digits 1-9 and `.` for a blank)",
            ),
            (
                Judge::Poj3074,
                format!("\n22{}\nend\n", &first[2..]),
                "line 2: r1c1 and r1c2 both hold 2",
            ),
            (
                Judge::Poj3076,
                SAMPLE_3076_IN.replacen("--A-", "--a-", 1),
                "line 1, position 3: unknown character `a` (POJ 3076 takes letters A-P and `-` for a blank)",
            ),
            (
                Judge::Poj3076,
                SAMPLE_3076_IN.replacen("-J--A-B-P-CGF-H-", "-J--A-B-P-CGF-H", 1),
                "line 2: a row of 15 characters, expected 16",
            ),
            (
                Judge::Poj3076,
                format!("{SAMPLE_3076_IN}{SAMPLE_3076_IN}"),
                "line 17: expected an empty line between data sets (each has 16 rows)",
            ),
            (
                Judge::Poj3076,
                SAMPLE_3076_IN.replacen("\n", "\n\n", 3),
                "line 2: an empty line after 1 of the 16 rows of the data set from line 1",
            ),
            (
                Judge::Poj3076,
                format!("{SAMPLE_3076_IN}\n{}", &SAMPLE_3076_IN[..17 * 3]),
                "line 21: the input ends after 3 of the 16 rows of the data set from line 18",
            ),
        ];
        for (judge, input, message) in cases {
            let err = judge.read(&input).unwrap_err();
            assert_eq!(err.to_string(), message, "{judge:?}");
        }
    }

    #[test]
    fn a_puzzle_without_solution_is_refused_with_its_line() {
        // Row 1 leaves r1c9 only 9, which r2c9, in its box, already holds.
        let puzzle = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        let input = format!(
            "{}\n{puzzle}\nend\n",
            SAMPLE_3074_IN.lines().next().unwrap()
        );
        let puzzles = Judge::Poj3074.read(&input).unwrap();
        let mut solver = Solver::new();
        assert!(Judge::Poj3074.answer(&mut solver, &puzzles[0]).is_ok());
        assert_eq!(
            Judge::Poj3074
                .answer(&mut solver, &puzzles[1])
                .unwrap_err()
                .to_string(),
            "line 2: the puzzle has no solution (the judge promises one)"
        );
    }

    #[test]
    fn what_follows_end_is_not_read_and_empty_input_is_no_data_set() {
        let input = format!("{SAMPLE_3074_IN}not a puzzle\n");
        assert_eq!(Judge::Poj3074.read(&input).unwrap().len(), 2);
        assert!(Judge::Poj3074.read("end").unwrap().is_empty());
        assert!(Judge::Poj3076.read("").unwrap().is_empty());
        assert!(Judge::Poj3076.read("\n\n").unwrap().is_empty());
    }
}
