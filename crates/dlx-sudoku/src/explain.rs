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

use crate::grade::{Grade, Grader, NotUnique, Rating};
use crate::masks::bits;
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
        explained(puzzle, self)
    }
}

/// [`explain`], with `grader` to rate a puzzle the rules leave open.
fn explained(puzzle: &Grid, grader: &mut Grader) -> Result<Explanation, NotUnique> {
    let geometry = Geometry::new(puzzle.box_size());
    let mut board = Board::new(&geometry);
    for (cell, &v) in puzzle.values().iter().enumerate() {
        if v != 0 && !board.assign(cell, usize::from(v) - 1) {
            return Err(NotUnique::NoSolution);
        }
    }
    let mut steps = Vec::new();
    loop {
        if board.dead.is_some() {
            return Err(NotUnique::NoSolution);
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
            Err(()) => return Err(NotUnique::NoSolution),
        }
    }
    let rating = if board.open == 0 {
        let grade = (steps.iter().map(Step::grade).max()).unwrap_or(Grade::Singles);
        Rating { grade, nodes: 0 }
    } else {
        // The rules are stuck: the search decides, as the grader's does.
        grader.grade(puzzle)?
    };
    Ok(Explanation {
        steps,
        rating,
        reached: puzzle.with_values(board.value),
    })
}

/// The board of one box size. Units are numbered boxes, then rows, then columns, so that
/// hidden singles are looked for in boxes first.
struct Geometry {
    side: usize,
    /// `unit_cells[u][i]`: cell i of unit u (a box's row-major, a row's by column, a
    /// column's by row).
    unit_cells: Vec<Vec<usize>>,
    /// `cell_units[cell]`: its box, row and column, each with the cell's place in it.
    cell_units: Vec<[(usize, usize); 3]>,
}

impl Geometry {
    fn new(n: usize) -> Geometry {
        let side = n * n;
        let mut unit_cells = vec![Vec::with_capacity(side); 3 * side];
        let mut cell_units = vec![[(0, 0); 3]; side * side];
        for r in 0..side {
            for c in 0..side {
                let cell = r * side + c;
                let b = (r / n) * n + c / n;
                for (k, u) in [b, side + r, 2 * side + c].into_iter().enumerate() {
                    cell_units[cell][k] = (u, unit_cells[u].len());
                    unit_cells[u].push(cell);
                }
            }
        }
        Geometry {
            side,
            unit_cells,
            cell_units,
        }
    }

    fn cell(&self, cell: usize) -> Cell {
        Cell {
            row: cell / self.side,
            column: cell % self.side,
        }
    }

    fn unit(&self, u: usize) -> Unit {
        match u / self.side {
            0 => Unit::Box(u % self.side),
            1 => Unit::Row(u % self.side),
            _ => Unit::Column(u % self.side),
        }
    }
}

/// Pencil marks: each open cell's digits and each unit's places for each digit, with the
/// items a change may have made ready for a rule.
#[derive(Clone)]
struct Board<'g> {
    g: &'g Geometry,
    /// Per cell, its open digits (bit d for digit d + 1); 0 once it holds one.
    cand: Vec<u64>,
    /// Per cell, its digit (1..=side), or 0.
    value: Vec<u8>,
    /// Per unit and digit (`u * side + d`), the unit's open places for it; 0 once placed.
    places: Vec<u64>,
    /// Per unit, the digits placed in it.
    placed: Vec<u64>,
    /// Cells without a digit.
    open: usize,
    /// The first dead end met, if any.
    dead: Option<DeadEnd>,
    /// Items changed since a rule last looked at them: unit digits for hidden singles and
    /// for locked candidates, cells for naked singles.
    hidden: BTreeSet<usize>,
    naked: BTreeSet<usize>,
    locked: BTreeSet<usize>,
}

impl<'g> Board<'g> {
    /// Every digit open everywhere, every item to be looked at.
    fn new(g: &'g Geometry) -> Board<'g> {
        let (side, cells) = (g.side, g.side * g.side);
        // Sides go up to 36: a word holds a cell's digits or a unit's places.
        let full = (1u64 << side) - 1;
        Board {
            g,
            cand: vec![full; cells],
            value: vec![0; cells],
            places: vec![full; 3 * side * side],
            placed: vec![0; 3 * side],
            open: cells,
            dead: None,
            hidden: (0..3 * side * side).collect(),
            naked: (0..cells).collect(),
            locked: (0..3 * side * side).collect(),
        }
    }

    /// Removes digit d from an open cell, noting a dead end it makes.
    fn remove(&mut self, cell: usize, d: usize) {
        debug_assert!(self.cand[cell] & (1 << d) != 0);
        let side = self.g.side;
        self.cand[cell] &= !(1 << d);
        if self.value[cell] == 0 {
            self.naked.insert(cell);
            if self.cand[cell] == 0 {
                self.dead.get_or_insert(DeadEnd::NoDigit(self.g.cell(cell)));
            }
        }
        for (u, i) in self.g.cell_units[cell] {
            let x = u * side + d;
            self.places[x] &= !(1 << i);
            if self.placed[u] & (1 << d) == 0 {
                self.hidden.insert(x);
                self.locked.insert(x);
                if self.places[x] == 0 {
                    self.dead.get_or_insert(DeadEnd::NoPlace {
                        unit: self.g.unit(u),
                        digit: d as u8 + 1,
                    });
                }
            }
        }
    }

    /// Places digit d in a cell: its other digits go, and d leaves its units. False when d is
    /// no longer open there.
    fn assign(&mut self, cell: usize, d: usize) -> bool {
        if self.value[cell] != 0 || self.cand[cell] & (1 << d) == 0 {
            return false;
        }
        let side = self.g.side;
        self.value[cell] = d as u8 + 1;
        self.open -= 1;
        for (u, _) in self.g.cell_units[cell] {
            self.placed[u] |= 1 << d;
        }
        for e in bits(self.cand[cell]) {
            self.remove(cell, e);
        }
        for (u, _) in self.g.cell_units[cell] {
            for i in bits(self.places[u * side + d]) {
                self.remove(self.g.unit_cells[u][i], d);
            }
        }
        true
    }

    /// The simplest of singles and locked candidates that applies, applied.
    fn simple_step(&mut self) -> Option<Step> {
        let side = self.g.side;
        while let Some(x) = self.hidden.pop_first() {
            let (u, d) = (x / side, x % side);
            let p = self.places[x];
            if self.placed[u] & (1 << d) == 0 && p.count_ones() == 1 {
                let cell = self.g.unit_cells[u][p.trailing_zeros() as usize];
                self.assign(cell, d);
                return Some(Step::HiddenSingle {
                    cell: self.g.cell(cell),
                    digit: d as u8 + 1,
                    unit: self.g.unit(u),
                });
            }
        }
        while let Some(cell) = self.naked.pop_first() {
            let c = self.cand[cell];
            if self.value[cell] == 0 && c.count_ones() == 1 {
                let d = c.trailing_zeros() as usize;
                self.assign(cell, d);
                return Some(Step::NakedSingle {
                    cell: self.g.cell(cell),
                    digit: d as u8 + 1,
                });
            }
        }
        while let Some(x) = self.locked.pop_first() {
            let (u, d) = (x / side, x % side);
            if self.placed[u] & (1 << d) != 0 || self.places[x].count_ones() < 2 {
                continue;
            }
            let Some(along) = self.confined(u, self.places[x]) else {
                continue;
            };
            let inside: Vec<usize> = bits(self.places[x])
                .map(|i| self.g.unit_cells[u][i])
                .collect();
            let removed: Vec<usize> = bits(self.places[along * side + d])
                .map(|i| self.g.unit_cells[along][i])
                .filter(|c| !inside.contains(c))
                .collect();
            if removed.is_empty() {
                continue;
            }
            for &cell in &removed {
                self.remove(cell, d);
            }
            return Some(Step::Locked {
                digit: d as u8 + 1,
                within: self.g.unit(u),
                along: self.g.unit(along),
                removed: removed.into_iter().map(|c| self.g.cell(c)).collect(),
            });
        }
        None
    }

    /// The other unit that unit u's places `p` (two or more) all lie in: a box's row or
    /// column, or a line's box.
    fn confined(&self, u: usize, p: u64) -> Option<usize> {
        let g = self.g;
        // The unit of kind k (0 box, 1 row, 2 column) of the unit's place i.
        let unit_of = |i: usize, k: usize| g.cell_units[g.unit_cells[u][i]][k].0;
        let first = p.trailing_zeros() as usize;
        let kinds: &[usize] = if u < g.side { &[1, 2] } else { &[0] };
        (kinds.iter().copied())
            .find(|&k| bits(p).all(|i| unit_of(i, k) == unit_of(first, k)))
            .map(|k| unit_of(first, k))
    }

    /// Singles and locked candidates until none applies, each step onto `chain`: `Err` with
    /// the dead end they meet.
    fn propagate(&mut self, chain: &mut Vec<Step>) -> Result<(), DeadEnd> {
        while self.dead.is_none() {
            match self.simple_step() {
                Some(step) => chain.push(step),
                None => break,
            }
        }
        self.dead.map_or(Ok(()), Err)
    }

    /// The first item with two options whose probing removes something, that step applied;
    /// `Ok(None)` when none does, `Err` when both choices of an item fail (no solution).
    fn probe_step(&mut self) -> Result<Option<Step>, ()> {
        let side = self.g.side;
        let mut items: Vec<(Probed, [(usize, usize); 2])> = Vec::new();
        for cell in 0..side * side {
            if self.value[cell] == 0 && self.cand[cell].count_ones() == 2 {
                let mut ds = bits(self.cand[cell]);
                let (a, b) = (ds.next().expect("two"), ds.next().expect("two"));
                let probed = Probed::Cell {
                    cell: self.g.cell(cell),
                    digits: [a as u8 + 1, b as u8 + 1],
                };
                items.push((probed, [(cell, a), (cell, b)]));
            }
        }
        for u in 0..3 * side {
            for d in 0..side {
                let p = self.places[u * side + d];
                if self.placed[u] & (1 << d) == 0 && p.count_ones() == 2 {
                    let mut is = bits(p).map(|i| self.g.unit_cells[u][i]);
                    let (a, b) = (is.next().expect("two"), is.next().expect("two"));
                    let probed = Probed::Place {
                        unit: self.g.unit(u),
                        digit: d as u8 + 1,
                        cells: [self.g.cell(a), self.g.cell(b)],
                    };
                    items.push((probed, [(a, d), (b, d)]));
                }
            }
        }
        for (probed, choices) in items {
            let tried = choices.map(|(cell, d)| {
                let mut b = self.clone();
                b.assign(cell, d);
                let mut chain = Vec::new();
                match b.propagate(&mut chain) {
                    Ok(()) => Ok(b),
                    Err(dead) => Err((dead, chain)),
                }
            });
            let outcome = match tried {
                [Err(_), Err(_)] => return Err(()),
                [Err(dead), Ok(_)] => self.failed(choices[0], dead),
                [Ok(_), Err(dead)] => self.failed(choices[1], dead),
                [Ok(a), Ok(b)] => {
                    let removed: Vec<(usize, usize)> = (0..side * side)
                        .filter(|&c| self.value[c] == 0)
                        .flat_map(|c| bits(self.cand[c]).map(move |d| (c, d)))
                        .filter(|&(c, d)| a.lost(c, d) && b.lost(c, d))
                        .collect();
                    if removed.is_empty() {
                        continue;
                    }
                    for &(c, d) in &removed {
                        self.remove(c, d);
                    }
                    let removed = (removed.into_iter())
                        .map(|(c, d)| (self.g.cell(c), d as u8 + 1))
                        .collect();
                    Outcome::Either { removed }
                }
            };
            return Ok(Some(Step::Probe { probed, outcome }));
        }
        Ok(None)
    }

    /// A choice whose probe met `dead` by the steps of `chain`: it goes.
    fn failed(
        &mut self,
        (cell, d): (usize, usize),
        (dead, chain): (DeadEnd, Vec<Step>),
    ) -> Outcome {
        self.remove(cell, d);
        Outcome::Fails {
            cell: self.g.cell(cell),
            digit: d as u8 + 1,
            dead,
            chain,
        }
    }

    /// Whether option (cell, d), open before, is gone here: the cell lost d, or holds
    /// another digit.
    fn lost(&self, cell: usize, d: usize) -> bool {
        match self.value[cell] {
            0 => self.cand[cell] & (1 << d) == 0,
            v => usize::from(v) != d + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_units_are_shown_from_one() {
        let g = Geometry::new(3);
        assert_eq!(g.cell(80).to_string(), "r9c9");
        assert_eq!(g.unit(0).to_string(), "box 1");
        assert_eq!(g.unit(9 + 4).to_string(), "row 5");
        assert_eq!(g.unit(18 + 8).to_string(), "column 9");
        // Box 5 of 9x9 is rows 4-6, columns 4-6; its first cell r4c4 is number 30.
        assert_eq!(g.unit_cells[4][0], 30);
        assert_eq!(g.cell_units[30], [(4, 0), (12, 3), (21, 3)]);
    }
}
