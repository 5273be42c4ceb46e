//! Explanations: a puzzle solved one deduction at a time by the rules of the grading scale
//! ([`crate::grade`]), each step with its reason, as a person would solve it with pencil marks.
//!
//! [`explain`] takes the simplest deduction that applies, every time: hidden singles (boxes,
//! then rows, then columns), naked singles, locked candidates (pointing, then claiming), and
//! only when none of these applies, probing (a cell with two digits left, or a unit's digit
//! with two places left: each choice assumed and followed by the rules above). Each rule only
//! removes options, and removing options never undoes what a rule found (a single stays a
//! single or becomes a dead end, a confined digit stays confined, a choice that failed still
//! fails), so the order of the steps changes what is shown, never where the rules end: an
//! explanation stops where the grader's rules stop, and its rating is the grader's.
//!
//! ```
//! use dlx_sudoku::explain::{Step, explain};
//! use dlx_sudoku::grade::Grade;
//! use dlx_sudoku::Grid;
//!
//! let puzzle: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()?;
//! let e = explain(&puzzle)?;
//! assert_eq!(e.rating.grade, Grade::Singles);
//! assert!(e.reached.is_complete());
//! // One step for each of the 49 empty cells: singles place a digit each.
//! assert_eq!(e.steps.len(), 49);
//! let first = &e.steps[0];
//! assert!(matches!(first, Step::HiddenSingle { .. }));
//! assert_eq!(
//!     first.display(puzzle.alphabet()).to_string(),
//!     "r2c2=6: hidden single in box 1"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! On a puzzle the rules cannot finish ([`Grade::Branching`]), the explanation shows the steps
//! they take, [`Explanation::reached`] the cells they fill, and the rating the search's node
//! count; on one without a solution, or with several, it is the grader's [`NotUnique`].

use std::collections::BTreeSet;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

mod board;

use board::{Board, Geometry};

use crate::grade::{Grade, Grader, NotUnique, Rating};
use crate::{Alphabet, Grid};

/// A cell, by row and column from 0 (shown as `r1c1`, from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub column: usize,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.column + 1)
    }
}

/// A row, column or box, numbered from 0 (shown from 1; boxes go row-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box.
    Box(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// One deduction. Digits are cell values, 1 to the side (shown in the puzzle's alphabet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `unit` has one place left for `digit`, `cell`: the digit goes there.
    HiddenSingle {
        /// Where it goes.
        cell: Cell,
        /// The digit.
        digit: u8,
        /// The unit with one place left for it.
        unit: Unit,
    },
    /// `cell` has one digit left, `digit`: it takes it.
    NakedSingle {
        /// The cell.
        cell: Cell,
        /// Its last digit.
        digit: u8,
    },
    /// Locked candidates: the places left for `digit` in `within` all lie in `along`, so one
    /// of them holds it and the rest of `along` loses it (`removed`). Pointing when `within`
    /// is a box and `along` a row or column; claiming the other way round.
    Locked {
        /// The digit.
        digit: u8,
        /// The unit whose places for it are confined.
        within: Unit,
        /// The unit they are confined to.
        along: Unit,
        /// The cells of `along` that lose the digit.
        removed: Vec<Cell>,
    },
    /// Probing: each choice of `probed` assumed in turn and followed by singles and locked
    /// candidates; what that shows, `outcome`.
    Probe {
        /// The cell or unit's digit with two choices.
        probed: Probed,
        /// What the two choices show.
        outcome: Outcome,
    },
}

/// What a probing step tries: an item with exactly two options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Probed {
    /// A cell with two digits left.
    Cell {
        /// The cell.
        cell: Cell,
        /// Its two digits.
        digits: [u8; 2],
    },
    /// A unit with two places left for a digit.
    Place {
        /// The unit.
        unit: Unit,
        /// The digit.
        digit: u8,
        /// Its two places.
        cells: [Cell; 2],
    },
}

/// What probing found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Placing `digit` in `cell` leads to `dead`: the digit leaves the cell (and the other
    /// choice is made by a single).
    Fails {
        /// The cell of the failed choice.
        cell: Cell,
        /// Its digit.
        digit: u8,
        /// The dead end it leads to.
        dead: DeadEnd,
        /// The steps from the choice to the dead end (singles and locked candidates), the
        /// last of them the one that meets it; empty when placing the digit meets it.
        chain: Vec<Step>,
    },
    /// Neither choice fails, and both remove these options (cell, digit): one of the two will
    /// be made, so they go.
    Either {
        /// The options both choices remove.
        removed: Vec<(Cell, u8)>,
    },
}

/// A dead end: a state the puzzle's solution cannot be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadEnd {
    /// A cell with no digit left.
    NoDigit(Cell),
    /// A unit with no place left for a digit.
    NoPlace {
        /// The unit.
        unit: Unit,
        /// The digit.
        digit: u8,
    },
}

impl Step {
    /// The rule: `hidden-single`, `naked-single`, `pointing`, `claiming` or `probing`.
    pub fn rule(&self) -> &'static str {
        match self {
            Step::HiddenSingle { .. } => "hidden-single",
            Step::NakedSingle { .. } => "naked-single",
            Step::Locked {
                within: Unit::Box(_),
                ..
            } => "pointing",
            Step::Locked { .. } => "claiming",
            Step::Probe { .. } => "probing",
        }
    }

    /// The grade whose rules include this step's.
    pub fn grade(&self) -> Grade {
        match self {
            Step::HiddenSingle { .. } | Step::NakedSingle { .. } => Grade::Singles,
            Step::Locked { .. } => Grade::LockedCandidates,
            Step::Probe { .. } => Grade::Probing,
        }
    }

    /// The digit the step places, and where; `None` for a step that removes options.
    pub fn placed(&self) -> Option<(Cell, u8)> {
        match *self {
            Step::HiddenSingle { cell, digit, .. } | Step::NakedSingle { cell, digit } => {
                Some((cell, digit))
            }
            _ => None,
        }
    }

    /// The options (cell, digit) the step removes; empty for a step that places a digit
    /// (which removes the digit from the cell's row, column and box, and the cell's other
    /// digits, as placing always does).
    pub fn removed(&self) -> Vec<(Cell, u8)> {
        match self {
            Step::Locked { digit, removed, .. } => removed.iter().map(|&c| (c, *digit)).collect(),
            Step::Probe { outcome, .. } => match outcome {
                Outcome::Fails { cell, digit, .. } => vec![(*cell, *digit)],
                Outcome::Either { removed } => removed.clone(),
            },
            _ => Vec::new(),
        }
    }

    /// The step in words, digits in `alphabet`: `r1c3=4: hidden single in box 1`,
    /// `r2c5,r2c8<>7: pointing, box 1's 7s lie in row 2`, `r4c4<>3: probing r4c4 (3 or 8),
    /// r4c4=3 leaves r7c2 no digit`.
    pub fn display<'a>(&'a self, alphabet: &'a Alphabet) -> impl fmt::Display + 'a {
        Shown {
            step: self,
            alphabet,
        }
    }
}

/// A step in words ([`Step::display`]).
struct Shown<'a> {
    step: &'a Step,
    alphabet: &'a Alphabet,
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sym = |d: u8| self.alphabet.symbol(d);
        match self.step {
            Step::HiddenSingle { cell, digit, unit } => {
                write!(f, "{cell}={}: hidden single in {unit}", sym(*digit))
            }
            Step::NakedSingle { cell, digit } => write!(f, "{cell}={}: naked single", sym(*digit)),
            Step::Locked {
                digit,
                within,
                along,
                removed,
            } => {
                let d = sym(*digit);
                write!(
                    f,
                    "{}<>{d}: {}, {within}'s {d}s lie in {along}",
                    cells(removed),
                    self.step.rule()
                )
            }
            Step::Probe { probed, outcome } => {
                let removed = self.step.removed();
                let (mut listed, mut digits) = (String::new(), BTreeSet::new());
                for (k, (c, d)) in removed.iter().enumerate() {
                    if k > 0 {
                        listed.push(',');
                    }
                    listed.push_str(&c.to_string());
                    digits.insert(*d);
                }
                if digits.len() == 1 {
                    write!(f, "{listed}<>{}", sym(removed[0].1))?;
                } else {
                    let each: Vec<String> = (removed.iter())
                        .map(|(c, d)| format!("{c}<>{}", sym(*d)))
                        .collect();
                    write!(f, "{}", each.join(","))?;
                }
                match probed {
                    Probed::Cell { cell, digits } => write!(
                        f,
                        ": probing {cell} ({} or {})",
                        sym(digits[0]),
                        sym(digits[1])
                    )?,
                    Probed::Place { unit, digit, cells } => write!(
                        f,
                        ": probing {unit}'s {} ({} or {})",
                        sym(*digit),
                        cells[0],
                        cells[1]
                    )?,
                }
                match outcome {
                    Outcome::Fails {
                        cell,
                        digit,
                        dead,
                        chain,
                    } => {
                        write!(f, ", {cell}={} leaves ", sym(*digit))?;
                        match dead {
                            DeadEnd::NoDigit(c) => write!(f, "{c} no digit")?,
                            DeadEnd::NoPlace { unit, digit } => {
                                write!(f, "no place for {} in {unit}", sym(*digit))?
                            }
                        }
                        match chain.len() {
                            0 => Ok(()),
                            1 => write!(f, " after 1 step"),
                            n => write!(f, " after {n} steps"),
                        }
                    }
                    Outcome::Either { .. } => write!(f, ", either choice removes them"),
                }
            }
        }
    }
}

/// Cells joined by commas.
fn cells(list: &[Cell]) -> String {
    let shown: Vec<String> = list.iter().map(Cell::to_string).collect();
    shown.join(",")
}

/// A puzzle solved step by step ([`explain`]).
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The puzzle's grade, the grader's: the hardest step's grade when the steps solve it,
    /// [`Grade::Branching`] with the search's node count when they stop short.
    pub rating: Rating,
    /// The grid with the cells the steps fill, in the puzzle's layout and alphabet: the
    /// solution when they solve it.
    pub reached: Grid,
}

/// The puzzle solved step by step by the grading rules (module docs), or why it has no grade.
/// [`Grader::explain`] keeps the grader's layouts for the next puzzle.
pub fn explain(puzzle: &Grid) -> Result<Explanation, NotUnique> {
    Grader::new().explain(puzzle)
}

impl Grader {
    /// The puzzle solved step by step by the grading rules ([`explain`]), rated by this
    /// grader where the rules stop short.
    pub fn explain(&mut self, puzzle: &Grid) -> Result<Explanation, NotUnique> {
        explained(puzzle, self, &AtomicBool::new(false)).expect("never stopped")
    }

    /// [`Grader::explain`], given up once `stop` is set (by a Ctrl-C handler, another
    /// thread, a deadline): `None` then. The flag is read before each step and as
    /// [`Grader::grade_until`] reads it.
    pub fn explain_until(
        &mut self,
        puzzle: &Grid,
        stop: &AtomicBool,
    ) -> Option<Result<Explanation, NotUnique>> {
        explained(puzzle, self, stop)
    }
}

/// [`explain`], with `grader` to rate a puzzle the rules leave open; `None` once `stop` is
/// set.
fn explained(
    puzzle: &Grid,
    grader: &mut Grader,
    stop: &AtomicBool,
) -> Option<Result<Explanation, NotUnique>> {
    let geometry = Geometry::new(puzzle.box_size());
    let mut board = Board::new(&geometry);
    for (cell, &v) in puzzle.values().iter().enumerate() {
        if v != 0 && !board.assign(cell, usize::from(v) - 1) {
            return Some(Err(NotUnique::NoSolution));
        }
    }
    let mut steps = Vec::new();
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if board.dead.is_some() {
            return Some(Err(NotUnique::NoSolution));
        }
        if board.open == 0 {
            break;
        }
        if let Some(step) = board.simple_step() {
            steps.push(step);
            continue;
        }
        match board.probe_step() {
            Ok(Some(step)) => steps.push(step),
            Ok(None) => break,
            Err(()) => return Some(Err(NotUnique::NoSolution)),
        }
    }
    let rating = if board.open == 0 {
        let grade = (steps.iter().map(Step::grade).max()).unwrap_or(Grade::Singles);
        Rating { grade, nodes: 0 }
    } else {
        // The rules are stuck: the search decides, as the grader's does.
        match grader.grade_until(puzzle, stop)? {
            Ok(rating) => rating,
            Err(e) => return Some(Err(e)),
        }
    };
    Some(Ok(Explanation {
        steps,
        rating,
        reached: puzzle.with_values(board.value),
    }))
}
