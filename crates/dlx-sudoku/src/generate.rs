//! Generating puzzles: every one has exactly one solution and is minimal (no clue can be
//! removed without losing uniqueness), at every size, reproducibly from a seed.
//!
//! The method:
//! 1. **A random solved grid.** The n boxes of the diagonal share no row or column, so each
//!    gets a random permutation of the symbols; the engine completes the grid (a first
//!    solution, deterministic, redrawn in the rare case there is none); then the grid's
//!    symmetries shuffle it further: the symbols relabelled, the bands and the rows within
//!    each band, the stacks and the columns within each stack permuted, and a transposition
//!    half the time.
//! 2. **Clues removed in a random order** while the puzzle stays unique, each cell tried
//!    once. The puzzle P is unique (its solution S) and loses clue c: a second solution of
//!    P less c would agree with S in c, and so solve P, unless it puts another value in c.
//!    So P less c is unique exactly when it has no solution with another value in c: one
//!    search for a single solution, not a count to 2, and one that stops as soon as S's
//!    values can complete the node it reached. Two shortcuts spare most searches: a clue
//!    whose removal leaves a set of cells where two digits of S can be swapped without a
//!    clue must stay, and one that the other clues force as a naked or hidden single can
//!    go. A clue kept stays needed as more clues go (fewer clues, more solutions), so the
//!    puzzle is minimal once every clue has been tried.
//!
//! With [`Generator::symmetric`] the clues come in pairs under the 180° rotation (the
//! centre of an odd board alone) and are removed pair by pair; the puzzle is then minimal
//! within that constraint: no pair can go, though a single clue of a pair sometimes could.
//! 9x9 runs on the band layer, the other sizes on the candidate masks. The random numbers
//! are SplitMix64's ([`dlx_core::estimate::SplitMix64`]) and the engines are deterministic,
//! so a seed gives the same puzzles on every machine.
//!
//! Speed on one core: about 10,000 9x9 puzzles a second, at least as fast as the `sudoku`
//! crate's generator (`cargo xtask bench sudoku --generate --peer PATH`); 16x16 about a
//! tenth of a second a puzzle; 25x25 about a minute; the first 36x36 puzzle of seed 1 was not
//! done after 25 minutes.
//!
//! ```
//! use dlx_sudoku::generate::Generator;
//!
//! let mut generator = Generator::new(3)?.seed(42).symmetric(true);
//! let first = generator.generate()?;
//! assert!(first.puzzle.is_unique());
//! assert!(first.solution.solves(&first.puzzle));
//! // The same seed, the same puzzles.
//! let again = Generator::new(3)?.seed(42).symmetric(true).generate()?;
//! assert_eq!(again.puzzle, first.puzzle);
//! # Ok::<(), dlx_sudoku::SudokuError>(())
//! ```

use dlx_core::estimate::SplitMix64;

use crate::bands;
use crate::error::SudokuError;
use crate::grade::{Grade, Rating, rate};
use crate::grid::Grid;
use crate::masks::{self, Units};

/// The attempts [`Generator::grade`] makes by default before giving up.
pub const ATTEMPTS: u64 = 10_000;

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: unique and minimal.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its grade, when [`Generator::grade`] asked for one.
    pub rating: Option<Rating>,
    /// The minimal puzzles generated to find this one (1 without a grade to reach).
    pub attempts: u64,
}

/// Makes minimal unique puzzles of one size from a seed (module docs).
#[derive(Clone, Debug)]
pub struct Generator {
    n: usize,
    rng: SplitMix64,
    symmetric: bool,
    grade: Option<Grade>,
    attempts: u64,
    units: Units,
    empty: Grid,
}

impl Generator {
    /// A generator of n²×n² puzzles (box size n = 2..=6: 4x4 to 36x36), seeded with 0.
    pub fn new(box_size: usize) -> Result<Generator, SudokuError> {
        let empty = Grid::empty(box_size)?;
        Ok(Generator {
            n: box_size,
            rng: SplitMix64::new(0),
            symmetric: false,
            grade: None,
            attempts: ATTEMPTS,
            units: Units::new(box_size),
            empty,
        })
    }

    /// Starts the random numbers from `seed`: the same seed gives the same puzzles, in the
    /// same order, on every machine.
    pub fn seed(mut self, seed: u64) -> Self {
        self.rng = SplitMix64::new(seed);
        self
    }

    /// Clues in 180° rotational symmetry, removed in pairs (minimal within that
    /// constraint; module docs).
    pub fn symmetric(mut self, on: bool) -> Self {
        self.symmetric = on;
        self
    }

    /// Only puzzles of this grade ([`crate::grade`]): minimal puzzles are generated until one
    /// has it, at most [`Generator::attempts`] for each puzzle.
    ///
    /// ```
    /// use dlx_sudoku::generate::Generator;
    /// use dlx_sudoku::grade::{Grade, grade};
    ///
    /// let mut generator = Generator::new(3)?.seed(7).grade(Grade::LockedCandidates);
    /// let g = generator.generate()?;
    /// assert_eq!(g.rating.map(|r| r.grade), Some(Grade::LockedCandidates));
    /// assert_eq!(grade(&g.puzzle).ok(), g.rating);
    /// // Minimal 4x4 puzzles rarely need more than singles: none of these 100 needs probing.
    /// let mut small = Generator::new(2)?.grade(Grade::Probing).attempts(100);
    /// assert!(small.generate().is_err());
    /// # Ok::<(), dlx_sudoku::SudokuError>(())
    /// ```
    pub fn grade(mut self, grade: Grade) -> Self {
        self.grade = Some(grade);
        self
    }

    /// How many minimal puzzles [`Generator::grade`] tries for each puzzle before giving up
    /// (default [`ATTEMPTS`]).
    pub fn attempts(mut self, attempts: u64) -> Self {
        self.attempts = attempts.max(1);
        self
    }

    /// The next puzzle. An error only when a grade was asked for and none of the attempts
    /// reached it ([`SudokuError::GradeNotReached`]).
    pub fn generate(&mut self) -> Result<Generated, SudokuError> {
        let Some(wanted) = self.grade else {
            let (puzzle, solution) = self.minimal();
            return Ok(self.generated(puzzle, solution, None, 1));
        };
        for attempt in 1..=self.attempts {
            let (puzzle, solution) = self.minimal();
            let rating = rate(&self.units, &puzzle, None).expect("generated puzzles are unique");
            if rating.grade == wanted {
                return Ok(self.generated(puzzle, solution, Some(rating), attempt));
            }
        }
        let side = self.n * self.n;
        Err(SudokuError::GradeNotReached {
            grade: format!("{} ({wanted})", wanted.number()),
            attempts: self.attempts,
            size: format!("{side}x{side}"),
            symmetric: self.symmetric,
        })
    }

    fn generated(
        &self,
        puzzle: Vec<u8>,
        solution: Vec<u8>,
        rating: Option<Rating>,
        attempts: u64,
    ) -> Generated {
        Generated {
            puzzle: self.empty.with_values(puzzle),
            solution: self.empty.with_values(solution),
            rating,
            attempts,
        }
    }

    /// A minimal puzzle and its solution, as cell values.
    fn minimal(&mut self) -> (Vec<u8>, Vec<u8>) {
        let mut solution = self.solved();
        let mut puzzle = self.carve(&solution);
        last_missing(self.n * self.n, &mut puzzle, &mut solution);
        (puzzle, solution)
    }

    /// A random permutation of 0..k.
    fn permutation(&mut self, k: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..k).collect();
        self.shuffle(&mut p);
        p
    }

    /// Fisher-Yates with SplitMix64.
    fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            xs.swap(i, j);
        }
    }

    /// A random solved grid (method, step 1).
    fn solved(&mut self) -> Vec<u8> {
        let (n, side) = (self.n, self.n * self.n);
        let grid = loop {
            let mut cells = vec![0u8; side * side];
            for b in 0..n {
                let symbols = self.permutation(side);
                for (i, &s) in symbols.iter().enumerate() {
                    let (r, c) = (b * n + i / n, b * n + i % n);
                    cells[r * side + c] = s as u8 + 1;
                }
            }
            if let Some(solved) = self.first_solution(&cells) {
                break solved;
            }
        };
        // The grid's symmetries: symbols, rows within bands and bands, likewise columns,
        // and a transposition.
        let symbols = self.permutation(side);
        let rows = self.lines();
        let columns = self.lines();
        let transpose = self.rng.next_u64() & 1 == 1;
        let mut out = vec![0u8; side * side];
        for r in 0..side {
            for c in 0..side {
                let v = grid[rows[r] * side + columns[c]];
                let (r, c) = if transpose { (c, r) } else { (r, c) };
                out[r * side + c] = symbols[usize::from(v) - 1] as u8 + 1;
            }
        }
        out
    }

    /// A random order of the lines that keeps a grid valid: the bands permuted, and the
    /// lines within each band. `lines()[i]` is the line that goes to place i.
    fn lines(&mut self) -> Vec<usize> {
        let n = self.n;
        let bands = self.permutation(n);
        let mut lines = Vec::with_capacity(n * n);
        for &b in &bands {
            for i in self.permutation(n) {
                lines.push(b * n + i);
            }
        }
        lines
    }

    /// The engine's first solution of a puzzle's cells.
    fn first_solution(&self, cells: &[u8]) -> Option<Vec<u8>> {
        let mut found = None;
        let visit = |v: &[u8]| found = Some(v.to_vec());
        if self.n == 3 {
            bands::solutions(cells, Some(1), None, visit);
        } else {
            masks::solutions(&self.units, cells, Some(1), None, visit);
        }
        found
    }

    /// Removes clues from the solved grid in a random order while the puzzle stays unique
    /// (method, step 2).
    fn carve(&mut self, solution: &[u8]) -> Vec<u8> {
        let cells = solution.len();
        // Each cell stands for its orbit: itself, or with its image under the rotation.
        let mut order: Vec<usize> = if self.symmetric {
            (0..cells.div_ceil(2)).collect()
        } else {
            (0..cells).collect()
        };
        self.shuffle(&mut order);
        let orbits: Vec<Orbit> = order
            .into_iter()
            .map(|k| Orbit::of(k, cells, self.symmetric))
            .collect();
        let mut c = Carving::new(self.n, solution);
        let mut search = Searches::new(self.n, &self.units, solution, &orbits);
        for (i, orbit) in orbits.iter().enumerate() {
            let orbit = orbit.cells();
            for &x in orbit {
                c.remove(x);
            }
            let unique = if orbit.iter().any(|&x| c.exposed(x)) {
                false
            } else if orbit.iter().all(|&x| c.forced(x)) {
                true
            } else {
                // Another solution differs in the first cell, or else agrees there and
                // differs in the second.
                !search.other_solution(i, &c.puzzle, None, orbit[0])
                    && orbit.get(1).is_none_or(|&image| {
                        !search.other_solution(i, &c.puzzle, Some(orbit[0]), image)
                    })
            };
            if !unique {
                for &x in orbit {
                    c.restore(x);
                }
                search.keep(orbit);
            }
        }
        c.puzzle
    }
}

/// The clues removed together: one cell, or a cell and its image under the 180° rotation.
#[derive(Clone, Copy, Debug)]
struct Orbit {
    cells: [usize; 2],
    len: usize,
}

impl Orbit {
    fn of(k: usize, cells: usize, symmetric: bool) -> Orbit {
        let image = cells - 1 - k;
        let len = if symmetric && image != k { 2 } else { 1 };
        Orbit {
            cells: [k, image],
            len,
        }
    }

    fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// The searches of carving, each for a solution other than the grid's. On 9x9 (the band
/// layer) the clues of each puzzle tried are combined from two sets of givens placed once:
/// the clues kept so far and those of the orbits not yet tried ([`bands::Givens::with`]),
/// which spares placing every clue again for each search. The candidate masks take the
/// puzzle's cells.
enum Searches<'a> {
    // Boxed: its givens are words, and one is made per puzzle.
    Bands(Box<BandSearches<'a>>),
    Masks {
        units: &'a Units,
        solution: &'a [u8],
    },
}

/// [`Searches`] on the band layer.
struct BandSearches<'a> {
    solution: &'a [u8],
    near: bands::Near<'a>,
    /// `untried[i]`: the clues of the orbits after orbit i.
    untried: Vec<bands::Givens>,
    kept: bands::Givens,
}

impl<'a> Searches<'a> {
    fn new(n: usize, units: &'a Units, solution: &'a [u8], orbits: &[Orbit]) -> Self {
        if n != 3 {
            return Searches::Masks { units, solution };
        }
        let mut untried = vec![bands::Givens::none(); orbits.len()];
        for i in (1..orbits.len()).rev() {
            let mut g = untried[i];
            for &x in orbits[i].cells() {
                let placed = g.place(x, solution[x]);
                debug_assert!(placed, "clues of one solution never clash");
            }
            untried[i - 1] = g;
        }
        Searches::Bands(Box::new(BandSearches {
            solution,
            near: bands::Near::new(solution),
            untried,
            kept: bands::Givens::none(),
        }))
    }

    /// True when the puzzle tried at orbit i, with the clue of `extra` put back, has a
    /// solution other than the grid's: one with another value in `cell`. `puzzle` is that
    /// puzzle's cells, without `extra`.
    fn other_solution(&self, i: usize, puzzle: &[u8], extra: Option<usize>, cell: usize) -> bool {
        match self {
            Searches::Bands(b) => {
                let mut givens = b.kept.with(&b.untried[i]);
                if let Some(x) = extra {
                    givens.place(x, b.solution[x]);
                }
                bands::other_solution(givens, &b.near, cell)
            }
            Searches::Masks { units, solution } => match extra {
                None => masks::other_solution(units, puzzle, solution, cell),
                Some(x) => {
                    let mut cells = puzzle.to_vec();
                    cells[x] = solution[x];
                    masks::other_solution(units, &cells, solution, cell)
                }
            },
        }
    }

    /// The clues of an orbit stay.
    fn keep(&mut self, orbit: &[usize]) {
        if let Searches::Bands(b) = self {
            for &x in orbit {
                let placed = b.kept.place(x, b.solution[x]);
                debug_assert!(placed, "clues of one solution never clash");
            }
        }
    }
}

/// Relabels a unique puzzle and its solution so that the symbol its clues lack, if any, is the
/// last. A unique puzzle lacks one symbol at most (two missing could be swapped), and a line
/// lacking the first symbol can be ambiguous to read back: 16x16 clues without `0` fit both
/// the 0-F and the 1-G alphabets.
fn last_missing(side: usize, puzzle: &mut [u8], solution: &mut [u8]) {
    let used = puzzle
        .iter()
        .filter(|&&v| v != 0)
        .fold(0u64, |m, &v| m | 1 << (v - 1));
    let Some(missing) = (1..=side as u8).find(|&v| used & 1 << (v - 1) == 0) else {
        return;
    };
    let last = side as u8;
    for v in puzzle.iter_mut().chain(solution.iter_mut()) {
        if *v == missing {
            *v = last;
        } else if *v == last {
            *v = missing;
        }
    }
}

/// A puzzle being carved out of its solution: the clues left, as values, the digits the
/// clues of each unit hold, and small unavoidable sets of the solution with the clues each
/// holds. Two shortcuts spare most searches: a removed clue that leaves one of those sets
/// without a clue was needed (the set's two digits swapped give another solution), and one
/// that the clues still force as a naked or hidden single was not.
struct Carving<'s> {
    n: usize,
    side: usize,
    solution: &'s [u8],
    puzzle: Vec<u8>,
    /// Per unit (the rows, the columns, then the boxes): the digits its clues hold, bit v - 1
    /// for value v.
    held: Vec<u64>,
    /// Per unavoidable set: the clues it holds.
    clues_in: Vec<u32>,
    /// Per cell, the `side - 1` sets holding it, one for each other digit.
    sets_of: Vec<u32>,
}

impl<'s> Carving<'s> {
    /// The solution with every clue in place.
    fn new(n: usize, solution: &'s [u8]) -> Self {
        let side = n * n;
        let cells = side * side;
        let mut c = Carving {
            n,
            side,
            solution,
            puzzle: vec![0; cells],
            held: vec![0; 3 * side],
            clues_in: Vec::new(),
            sets_of: vec![0; cells * (side - 1)],
        };
        c.swaps();
        for cell in 0..cells {
            c.restore(cell);
        }
        c
    }

    /// The row, column and box of a cell.
    #[inline]
    fn units(&self, cell: usize) -> [usize; 3] {
        let (n, side) = (self.n, self.side);
        let (r, col) = (cell / side, cell % side);
        [r, side + col, 2 * side + (r / n) * n + col / n]
    }

    /// The sets of cells where swapping two digits of the solution gives another solution:
    /// for digits a and b, the cells holding either, linked by the units they share (each
    /// unit holds one of each); a connected part swapped leaves every unit with both or
    /// neither changed. Each part is an unavoidable set: a unique puzzle has a clue in it.
    /// The sets start empty of clues; [`Carving::restore`] counts them in.
    fn swaps(&mut self) {
        let side = self.side;
        // cell_of[v * 3side + u]: the cell of unit u holding value v + 1.
        let mut cell_of = vec![0usize; side * 3 * side];
        for (cell, &v) in self.solution.iter().enumerate() {
            for u in self.units(cell) {
                cell_of[usize::from(v - 1) * 3 * side + u] = cell;
            }
        }
        // A node per cell holding a or b: its row, plus side for b.
        let mut parent: Vec<usize> = Vec::with_capacity(2 * side);
        let mut part = vec![u32::MAX; 2 * side];
        fn root(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for a in 0..side {
            for b in a + 1..side {
                parent.clear();
                parent.extend(0..2 * side);
                for u in 0..3 * side {
                    let (x, y) = (cell_of[a * 3 * side + u], cell_of[b * 3 * side + u]);
                    let (x, y) = (
                        root(&mut parent, x / side),
                        root(&mut parent, side + y / side),
                    );
                    parent[x] = y;
                }
                // One set per part, numbered at its root.
                part.fill(u32::MAX);
                for node in 0..2 * side {
                    let r = root(&mut parent, node);
                    if part[r] == u32::MAX {
                        part[r] = self.clues_in.len() as u32;
                        self.clues_in.push(0);
                    }
                    // The node's cell, and its slot for the other digit (its sets go by
                    // the other digit, less its own).
                    let (row, own, slot) = if node < side {
                        (node, a, b - 1)
                    } else {
                        (node - side, b, a)
                    };
                    let cell = cell_of[own * 3 * side + row];
                    self.sets_of[cell * (side - 1) + slot] = part[r];
                }
            }
        }
    }

    /// The sets holding a cell.
    #[inline]
    fn sets(&self, cell: usize) -> &[u32] {
        let k = self.side - 1;
        &self.sets_of[cell * k..(cell + 1) * k]
    }

    /// Takes away the clue of a cell.
    fn remove(&mut self, cell: usize) {
        let v = self.solution[cell];
        self.puzzle[cell] = 0;
        for u in self.units(cell) {
            self.held[u] &= !(1 << (v - 1));
        }
        let k = self.side - 1;
        for &set in &self.sets_of[cell * k..(cell + 1) * k] {
            self.clues_in[set as usize] -= 1;
        }
    }

    /// Puts the clue of a cell back.
    fn restore(&mut self, cell: usize) {
        let v = self.solution[cell];
        self.puzzle[cell] = v;
        for u in self.units(cell) {
            self.held[u] |= 1 << (v - 1);
        }
        let k = self.side - 1;
        for &set in &self.sets_of[cell * k..(cell + 1) * k] {
            self.clues_in[set as usize] += 1;
        }
    }

    /// True when a set holding this blank cell holds no clue: the puzzle has another
    /// solution.
    fn exposed(&self, cell: usize) -> bool {
        self.sets(cell)
            .iter()
            .any(|&set| self.clues_in[set as usize] == 0)
    }

    /// True when the clues force this blank cell's value: every other value is held by a
    /// clue of its row, column or box (naked single), or every other blank cell of one of
    /// its units sees a clue of that value (hidden single).
    fn forced(&self, cell: usize) -> bool {
        let (n, side) = (self.n, self.side);
        let bit = 1u64 << (self.solution[cell] - 1);
        let units = self.units(cell);
        let seen = units.iter().fold(0, |m, &u| m | self.held[u]);
        if (seen | bit).count_ones() as usize == side {
            return true;
        }
        // A blank cell other than this one where the value could still go.
        let open = |other: usize| {
            other != cell
                && self.puzzle[other] == 0
                && self.units(other).iter().all(|&u| self.held[u] & bit == 0)
        };
        let (r, col) = (cell / side, cell % side);
        let (r0, c0) = (r / n * n, col / n * n);
        !(0..side).any(|i| open(r * side + i))
            || !(0..side).any(|i| open(i * side + col))
            || !(0..side).any(|i| open((r0 + i / n) * side + c0 + i % n))
    }
}

impl Iterator for Generator {
    type Item = Result<Generated, SudokuError>;

    /// [`Generator::generate`], without end.
    fn next(&mut self) -> Option<Self::Item> {
        Some(self.generate())
    }
}
