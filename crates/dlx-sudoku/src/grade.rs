//! Grading: how hard a puzzle is, by the weakest rules that solve it.
//!
//! The scale is the candidate masks' own rules (the engine of 16x16 and up), applied at the
//! root one set after another until the puzzle is solved. No step depends on a random draw,
//! a clock or the order of earlier puzzles, so the same puzzle gets the same grade and node
//! count every time; the rules are the same at every size:
//!
//! | grade | name | what solves it |
//! |---|---|---|
//! | 1 | `singles` | the single rule alone: a cell with one digit left takes it (naked single), a row, column or box with one place left for a digit puts it there (hidden single) |
//! | 2 | `locked-candidates` | with locked candidates: a box's digit confined to one row or column leaves the rest of that line (pointing), a line's digit confined to one box leaves the rest of the box (claiming) |
//! | 3 | `probing` | with probing, one level of trial: both options of every cell with two digits left, and of every unit's digit with two places left, are assumed in turn and followed by the rules above; one that ends in a contradiction goes, and when neither does, whatever both remove goes; repeated until nothing changes |
//! | 4 | `branching` | none of that: a search has to branch; its node count is the number of branch nodes (at least 1) of the masks' search that finds the solution and proves it unique: the rules of grade 3 at the root and, from 16x16 up, the solver's below it (which also probe cells and digits with three options, up to 25x25) |
//!
//! Grades 1 to 3 are solved without a guess, so [`Rating::nodes`] is 0 for them. A puzzle
//! without a solution, or with several, has no grade ([`NotUnique`]).
//!
//! Random minimal 9x9 puzzles ([`crate::generate`]) are mostly grades 1 to 3: of 5,000 from
//! seed 1, 2,169 needed singles only, 600 locked candidates, 2,231 probing and none a search
//! (with 180° symmetry: 3,356, 329, 1,315, 0). Minimal 16x16 puzzles mostly need a search, and
//! 4x4 ones singles only.
//!
//! ```
//! use dlx_sudoku::grade::{Grade, grade};
//! use dlx_sudoku::Grid;
//!
//! let easy: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()?;
//! assert_eq!(grade(&easy)?.grade, Grade::Singles);
//! // Arto Inkala's "world's hardest sudoku" (2012): it needs a search.
//! let hard: Grid =
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
//!         .parse()?;
//! let rating = grade(&hard)?;
//! assert_eq!(rating.grade, Grade::Branching);
//! assert!(rating.nodes > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::grid::Grid;
use crate::masks::{self, Deduced, Deduction, Rules, Units};

/// A puzzle's grade: the weakest rules that solve it (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// 1: naked and hidden singles.
    Singles = 1,
    /// 2: with locked candidates (pointing and claiming).
    LockedCandidates = 2,
    /// 3: with probing (one level of trial on the pairs, by the rules above).
    Probing = 3,
    /// 4: a search has to branch.
    Branching = 4,
}

impl Grade {
    /// Every grade, easiest first.
    pub const ALL: [Grade; 4] = [
        Grade::Singles,
        Grade::LockedCandidates,
        Grade::Probing,
        Grade::Branching,
    ];

    /// The grade's number, 1 to 4.
    pub fn number(self) -> u8 {
        self as u8
    }

    /// The grade's name: `singles`, `locked-candidates`, `probing`, `branching`.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Singles => "singles",
            Grade::LockedCandidates => "locked-candidates",
            Grade::Probing => "probing",
            Grade::Branching => "branching",
        }
    }

    /// The rules of grades 1 to 3.
    fn rules(self) -> Option<Rules> {
        match self {
            Grade::Singles => Some(Rules::Singles),
            Grade::LockedCandidates => Some(Rules::Locked),
            Grade::Probing => Some(Rules::Probing),
            Grade::Branching => None,
        }
    }
}

impl fmt::Display for Grade {
    /// The name: `singles`, `locked-candidates`, `probing`, `branching`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Grade {
    type Err = String;

    /// A grade by number (`1` to `4`) or name (`singles`, `locked-candidates` or `locked`,
    /// `probing`, `branching`).
    ///
    /// ```
    /// use dlx_sudoku::grade::Grade;
    /// assert_eq!("2".parse::<Grade>(), Ok(Grade::LockedCandidates));
    /// assert_eq!("branching".parse::<Grade>(), Ok(Grade::Branching));
    /// assert!("5".parse::<Grade>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Grade, String> {
        let s = s.trim();
        Grade::ALL
            .into_iter()
            .find(|g| s == g.number().to_string() || s.eq_ignore_ascii_case(g.name()))
            .or_else(|| {
                s.eq_ignore_ascii_case("locked")
                    .then_some(Grade::LockedCandidates)
            })
            .ok_or_else(|| {
                format!(
                    "`{s}` is not a grade (1 singles, 2 locked-candidates, 3 probing, 4 branching)"
                )
            })
    }
}

/// A puzzle's grade, and the branch nodes of the search when it needs one (0 otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The weakest rules that solve it.
    pub grade: Grade,
    /// For [`Grade::Branching`], the branch nodes of the deterministic search that proves the
    /// solution unique; 0 for the other grades.
    pub nodes: u64,
}

impl fmt::Display for Rating {
    /// As `dlx sudoku grade` prints it: the grade's number and name, then for
    /// [`Grade::Branching`] its node count (`3 probing`, `4 branching 57`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.grade.number(), self.grade)?;
        if self.grade == Grade::Branching {
            write!(f, " {}", self.nodes)?;
        }
        Ok(())
    }
}

/// Why a puzzle has no grade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotUnique {
    /// It has no solution.
    #[error("no solution")]
    NoSolution,
    /// It has more than one solution.
    #[error("multiple solutions")]
    Multiple,
}

/// Grades puzzles of any size, keeping the candidate masks' layout of each box size.
#[derive(Debug, Default, Clone)]
pub struct Grader {
    units: Vec<Option<Units>>,
}

impl Grader {
    /// A grader with no layout built yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The puzzle's grade (module docs), or why it has none.
    pub fn grade(&mut self, puzzle: &Grid) -> Result<Rating, NotUnique> {
        let units = self.units_of(puzzle.box_size());
        rate(units, puzzle.values(), None)
    }

    /// [`Grader::grade`], given up once `stop` is set (by a Ctrl-C handler, another thread,
    /// a deadline): `None` then. The flag is read at every node of the search and between
    /// two passes of the probing, so a hard 36x36 puzzle stops within a fraction of a second.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use dlx_sudoku::grade::{Grade, Grader};
    ///
    /// let hard: dlx_sudoku::Grid =
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    ///         .parse()?;
    /// let mut grader = Grader::new();
    /// let rating = grader.grade_until(&hard, &AtomicBool::new(false)).unwrap()?;
    /// assert_eq!(rating.grade, Grade::Branching);
    /// assert_eq!(grader.grade_until(&hard, &AtomicBool::new(true)), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grade_until(
        &mut self,
        puzzle: &Grid,
        stop: &AtomicBool,
    ) -> Option<Result<Rating, NotUnique>> {
        let units = self.units_of(puzzle.box_size());
        // Once the flag is set, the rules and the search return whatever they reached: the
        // flag, read after them, says whether that was the end.
        let rated = rate(units, puzzle.values(), Some(stop));
        (!stop.load(Ordering::Relaxed)).then_some(rated)
    }

    /// The candidate masks' layout of boxes of `n` x `n` cells, built once.
    pub(crate) fn units_of(&mut self, n: usize) -> &Units {
        if self.units.len() <= n {
            self.units.resize(n + 1, None);
        }
        self.units[n].get_or_insert_with(|| Units::new(n))
    }
}

/// The puzzle's grade (module docs), or why it has none. [`Grader`] keeps its layouts for
/// the next puzzle.
pub fn grade(puzzle: &Grid) -> Result<Rating, NotUnique> {
    Grader::new().grade(puzzle)
}

/// The grade of a puzzle's cells (side² values, 0 for blank) on the units' board; once
/// `stop` is set, whatever the rules and the search reached (the caller reads the flag).
pub(crate) fn rate(
    units: &Units,
    cells: &[u8],
    stop: Option<&AtomicBool>,
) -> Result<Rating, NotUnique> {
    let mut root = Deduction::new(units, cells, stop);
    for grade in Grade::ALL {
        let Some(rules) = grade.rules() else { break };
        match root.apply(rules) {
            Deduced::Solved => return Ok(Rating { grade, nodes: 0 }),
            Deduced::Contradiction => return Err(NotUnique::NoSolution),
            Deduced::Stuck => {}
        }
    }
    let found = masks::graded_search(units, cells, stop);
    match found.solutions {
        0 => Err(NotUnique::NoSolution),
        1 => Ok(Rating {
            grade: Grade::Branching,
            nodes: found.nodes,
        }),
        _ => Err(NotUnique::Multiple),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal puzzle of grade 3 (`dlx sudoku generate --grade 3 --seed 2`).
    const PROBING: &str =
        "..8........2..6..4.7.4..5...3.7......251....88...3.2...1...4.7.......86.5...1...2";
    /// Arto Inkala's, which needs a search.
    const BRANCHING: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn a_stop_flag_ends_the_probing_and_the_search_at_once() {
        let units = Units::new(3);
        let set = AtomicBool::new(true);
        let probing: Grid = PROBING.parse().unwrap();
        let cells = probing.values();
        let solved = |stop| Deduction::new(&units, cells, stop).apply(Rules::Probing);
        assert_eq!(solved(None), Deduced::Solved);
        // Not one pass of probing is made once the flag is set.
        assert_eq!(solved(Some(&set)), Deduced::Stuck);
        let hard: Grid = BRANCHING.parse().unwrap();
        assert!(masks::graded_search(&units, hard.values(), None).nodes > 0);
        assert_eq!(
            masks::graded_search(&units, hard.values(), Some(&set)).nodes,
            0
        );
    }

    #[test]
    fn grading_until_a_flag_is_grading_until_it_is_set() {
        let mut grader = Grader::new();
        let (clear, set) = (AtomicBool::new(false), AtomicBool::new(true));
        // Row 1 leaves r1c9 only a 9, which column 9 has: no solution.
        let none = format!("12345678.........9{}", ".".repeat(63));
        for line in [PROBING, BRANCHING, &none, &".".repeat(81)] {
            let puzzle: Grid = line.parse().unwrap();
            let graded = grader.grade(&puzzle);
            assert_eq!(grader.grade_until(&puzzle, &clear), Some(graded));
            assert_eq!(grader.grade_until(&puzzle, &set), None);
            let explained = grader.explain_until(&puzzle, &clear).unwrap();
            assert_eq!(explained.map(|e| e.rating), graded);
            assert!(grader.explain_until(&puzzle, &set).is_none());
        }
    }
}
