//! [`Layout`]: cells anywhere in a rectangle, the units whose cells must hold distinct
//! symbols, and killer [`Cage`]s.

use std::fmt;

use crate::error::SudokuError;

/// The most symbols a layout may have: they are written `1`-`9`, then `A`-`Z`.
pub const MAX_SYMBOLS: usize = 35;

/// The symbols in value order: value k is written `SYMBOLS[k - 1]`.
pub(crate) const SYMBOLS: &[u8; MAX_SYMBOLS] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The most nodes a layout's exact cover may have: far above any puzzle (a samurai has
/// about 28,000), far below the link arena's limit, so that building the cover never fails.
const MAX_NODES: usize = 50_000_000;

/// The most digit sets a cage may have (a 9-cell cage of 1-9 has one; 8 cells of 1-16 summing
/// to 68 have 1,000 or so): the cover holds one option per set.
const MAX_DIGIT_SETS: usize = 100_000;

/// The biggest frame, rows times columns.
const MAX_FRAME: usize = 1 << 20;

/// A "bad layout" error: layouts built in code report line 1.
pub(crate) fn bad(reason: impl Into<String>) -> SudokuError {
    SudokuError::Variant {
        line: 1,
        reason: reason.into(),
    }
}

/// A killer cage: cells whose symbols are distinct and add up to `sum`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    name: String,
    cells: Vec<usize>,
    sum: u32,
}

impl Cage {
    /// A cage named `name` (for messages and for writing it back) over `cells` (indices into
    /// the layout's cells) with total `sum`. [`Layout::with_cages`] checks it.
    pub fn new(name: impl Into<String>, cells: Vec<usize>, sum: u32) -> Cage {
        Cage {
            name: name.into(),
            cells,
            sum,
        }
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its cells, as indices into the layout's cells.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// The total of its digits.
    pub fn sum(&self) -> u32 {
        self.sum
    }
}

/// Where the cells of a puzzle lie and which of them must differ: Knuth's general sudoku
/// (sudoku-general-dlx) as data.
///
/// The cells lie in a frame of `rows` x `cols` positions (a samurai's 369 cells in a 21x21
/// square), numbered in the order given (the named layouts number them row by row). Each
/// cell holds one of the symbols 1..=N. Each unit is a set of cells holding distinct
/// symbols: a unit of N cells holds every symbol once, a smaller one some of them. Each
/// cage also holds distinct symbols, with a given sum. Every constructor checks what it is
/// given, so a `Layout` is always one the exact cover can be built from.
///
/// ```
/// use dlx_sudoku::variant::Layout;
/// let x = Layout::x(9)?;
/// assert_eq!((x.cell_count(), x.symbols(), x.units().len()), (81, 9, 29));
/// let samurai = Layout::samurai();
/// assert_eq!((samurai.rows(), samurai.cell_count(), samurai.units().len()), (21, 369, 131));
/// assert_eq!(samurai.cell_at(9, 0), None); // left of the centre grid: no cell
///
/// // Regions must have N cells each; the error names the region.
/// let err = Layout::jigsaw("aaab").unwrap_err();
/// assert_eq!(err.to_string(), "line 1: region `a` has 3 cells, not 2");
/// # Ok::<(), dlx_sudoku::SudokuError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Layout {
    rows: usize,
    cols: usize,
    /// The frame position (row-major) of each cell.
    positions: Vec<usize>,
    /// The cell at each frame position, if any.
    at: Vec<Option<usize>>,
    symbols: usize,
    units: Vec<Vec<usize>>,
    cages: Vec<Cage>,
    /// Each cage's digit sets, one bit per digit (bit d-1 for digit d).
    digit_sets: Vec<Vec<u64>>,
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Layout({}x{} frame, {} cells, {} symbols, {} units, {} cages)",
            self.rows,
            self.cols,
            self.positions.len(),
            self.symbols,
            self.units.len(),
            self.cages.len()
        )
    }
}

/// The boxes of a side N: `rows x cols` with rows the largest divisor of N at most √N (6x6
/// has boxes of 2 rows and 3 columns), or `None` when N has no such divisor above 1.
pub(crate) fn box_shape(side: usize) -> Option<(usize, usize)> {
    (2..=side)
        .take_while(|d| d * d <= side)
        .filter(|d| side.is_multiple_of(*d))
        .last()
        .map(|d| (d, side / d))
}

/// The rows, then the columns, of an N x N square (cells numbered row by row).
fn lines(side: usize) -> Vec<Vec<usize>> {
    let rows = (0..side).map(|r| (0..side).map(|c| r * side + c).collect());
    let cols = (0..side).map(|c| (0..side).map(|r| r * side + c).collect());
    rows.chain(cols).collect()
}

/// The `h x w` boxes of an N x N square whose top-left corners are at `(top, left)` + the
/// multiples of the box size, as far as they fit.
fn boxes(
    side: usize,
    (h, w): (usize, usize),
    (top, left): (usize, usize),
    step: (usize, usize),
) -> Vec<Vec<usize>> {
    let mut units = Vec::new();
    let mut r0 = top;
    while r0 + h <= side {
        let mut c0 = left;
        while c0 + w <= side {
            units.push(
                (0..h)
                    .flat_map(|r| (0..w).map(move |c| (r0 + r) * side + c0 + c))
                    .collect(),
            );
            c0 += step.1;
        }
        r0 += step.0;
    }
    units
}

/// The 1-based name of a frame position, `r1c5`.
pub(crate) fn position_name(cols: usize, position: usize) -> String {
    format!("r{}c{}", position / cols + 1, position % cols + 1)
}

impl Layout {
    /// A layout from its frame, the positions `(row, col)` of its cells (0-based), the number
    /// of symbols N (1 to [`MAX_SYMBOLS`]) and its units (lists of cell indices). Units are
    /// kept sorted and without repeats (a unit listed twice counts once).
    ///
    /// ```
    /// use dlx_sudoku::variant::Layout;
    /// // A 2x3 rectangle where each row and each column holds distinct symbols of 1-3.
    /// let cells = (0..2).flat_map(|r| (0..3).map(move |c| (r, c))).collect();
    /// let units = vec![vec![0, 1, 2], vec![3, 4, 5], vec![0, 3], vec![1, 4], vec![2, 5]];
    /// let layout = Layout::new(2, 3, cells, 3, units)?;
    /// assert_eq!(layout.units().len(), 5);
    /// # Ok::<(), dlx_sudoku::SudokuError>(())
    /// ```
    pub fn new(
        rows: usize,
        cols: usize,
        cells: Vec<(usize, usize)>,
        symbols: usize,
        units: Vec<Vec<usize>>,
    ) -> Result<Layout, SudokuError> {
        if !(1..=MAX_SYMBOLS).contains(&symbols) {
            return Err(bad(format!(
                "{symbols} symbols: a layout has 1 to {MAX_SYMBOLS}"
            )));
        }
        if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_FRAME {
            return Err(bad(format!(
                "a {rows}x{cols} frame: it must have 1 to {MAX_FRAME} positions"
            )));
        }
        if cells.is_empty() {
            return Err(bad("a layout needs at least one cell"));
        }
        let mut at = vec![None; rows * cols];
        let mut positions = Vec::with_capacity(cells.len());
        for (k, &(r, c)) in cells.iter().enumerate() {
            if r >= rows || c >= cols {
                return Err(bad(format!(
                    "cell {k} at row {r}, column {c} lies outside the {rows}x{cols} frame"
                )));
            }
            let p = r * cols + c;
            if at[p].is_some() {
                return Err(bad(format!(
                    "cell {} is listed twice",
                    position_name(cols, p)
                )));
            }
            at[p] = Some(k);
            positions.push(p);
        }
        let mut layout = Layout {
            rows,
            cols,
            positions,
            at,
            symbols,
            units: Vec::new(),
            cages: Vec::new(),
            digit_sets: Vec::new(),
        };
        layout.units = layout.check_units(units)?;
        layout.check_size()?;
        Ok(layout)
    }

    /// Sorts each unit and drops repeated units, refusing a unit that is empty, too big, or
    /// names a cell twice or one that does not exist.
    fn check_units(&self, units: Vec<Vec<usize>>) -> Result<Vec<Vec<usize>>, SudokuError> {
        let mut kept: Vec<Vec<usize>> = Vec::with_capacity(units.len());
        let mut seen = std::collections::HashSet::new();
        for (i, mut unit) in units.into_iter().enumerate() {
            if unit.is_empty() {
                return Err(bad(format!("unit {i} is empty")));
            }
            if let Some(&k) = unit.iter().find(|&&k| k >= self.positions.len()) {
                return Err(bad(format!(
                    "unit {i} names cell {k}; the layout has {}",
                    self.positions.len()
                )));
            }
            unit.sort_unstable();
            if let Some(w) = unit.windows(2).find(|w| w[0] == w[1]) {
                return Err(bad(format!(
                    "unit {i} lists {} twice",
                    self.cell_name(w[0])
                )));
            }
            if unit.len() > self.symbols {
                return Err(bad(format!(
                    "unit {i} has {} cells, more than the {} symbols",
                    unit.len(),
                    self.symbols
                )));
            }
            if seen.insert(unit.clone()) {
                kept.push(unit);
            }
        }
        Ok(kept)
    }

    /// Refuses a layout whose exact cover would be unreasonably big.
    fn check_size(&self) -> Result<(), SudokuError> {
        let n = self.symbols;
        let unit_nodes: usize = self.units.iter().map(|u| u.len() * n).sum();
        let cage_nodes: usize = self.cages.iter().map(|c| c.cells.len() * n).sum();
        let set_nodes: usize = self.digit_sets.iter().map(|s| s.len() * (n + 1)).sum();
        let nodes = self.positions.len() * n + unit_nodes + cage_nodes + set_nodes;
        if nodes > MAX_NODES {
            return Err(bad(format!(
                "the layout's exact cover would have {nodes} nodes, more than {MAX_NODES}"
            )));
        }
        Ok(())
    }

    /// A square of side N whose units are given: the cells are numbered row by row.
    fn square(side: usize, units: Vec<Vec<usize>>) -> Result<Layout, SudokuError> {
        let cells = (0..side)
            .flat_map(|r| (0..side).map(move |c| (r, c)))
            .collect();
        Layout::new(side, side, cells, side, units)
    }

    /// The rows, columns and boxes of a classic N x N sudoku: N = 4, 6, 8, 9, 10, 12, 16, ...
    /// up to [`MAX_SYMBOLS`], with boxes of `r x c` cells, r the largest divisor of N at most
    /// √N (2x3 boxes for 6x6, 3x3 for 9x9, 3x4 for 12x12).
    pub fn classic(side: usize) -> Result<Layout, SudokuError> {
        Layout::square(side, Layout::classic_units(side)?)
    }

    fn classic_units(side: usize) -> Result<Vec<Vec<usize>>, SudokuError> {
        if side > MAX_SYMBOLS {
            return Err(bad(format!("side {side}: at most {MAX_SYMBOLS} symbols")));
        }
        let Some(shape) = box_shape(side) else {
            return Err(bad(format!(
                "side {side} cannot be cut into boxes (a jigsaw can have any side)"
            )));
        };
        let mut units = lines(side);
        units.extend(boxes(side, shape, (0, 0), shape));
        Ok(units)
    }

    /// X-sudoku (sudoku X, diagonal sudoku): classic, and both main diagonals hold every
    /// symbol once.
    pub fn x(side: usize) -> Result<Layout, SudokuError> {
        let mut units = Layout::classic_units(side)?;
        units.push((0..side).map(|i| i * side + i).collect());
        units.push((0..side).map(|i| i * side + side - 1 - i).collect());
        Layout::square(side, units)
    }

    /// Windoku (hyper sudoku, NRC sudoku): classic with square boxes (N = n²), and the extra
    /// n x n "windows" one cell in from the edges with one cell between them hold every
    /// symbol once: in 9x9, the four boxes at rows and columns 2-4 and 6-8 (1-based).
    pub fn windoku(side: usize) -> Result<Layout, SudokuError> {
        // 36 would need 36 symbols, one more than the variants' alphabet holds.
        let n = (2..=6)
            .find(|n| n * n == side && side <= MAX_SYMBOLS)
            .ok_or_else(|| {
                bad(format!(
                    "side {side}: windoku needs square boxes, so a side of 4, 9, 16 or 25"
                ))
            })?;
        let mut units = Layout::classic_units(side)?;
        units.extend(boxes(side, (n, n), (1, 1), (n + 1, n + 1)));
        Layout::square(side, units)
    }

    /// Jigsaw (irregular, nonomino, chaos) sudoku: rows, columns and N irregular regions of N
    /// cells each, given as N² characters naming each cell's region, row by row (any
    /// characters: `aaabbbccc...`). Regions need not be connected.
    pub fn jigsaw(regions: &str) -> Result<Layout, SudokuError> {
        let names: Vec<char> = regions.chars().collect();
        let side = (1..=MAX_SYMBOLS)
            .find(|s| s * s == names.len())
            .ok_or_else(|| {
                bad(format!(
                    "{} region cells: a jigsaw has N x N cells, N up to {MAX_SYMBOLS}",
                    names.len()
                ))
            })?;
        let mut order: Vec<char> = Vec::new();
        let mut members: Vec<Vec<usize>> = Vec::new();
        for (k, &ch) in names.iter().enumerate() {
            let i = match order.iter().position(|&c| c == ch) {
                Some(i) => i,
                None => {
                    order.push(ch);
                    members.push(Vec::new());
                    order.len() - 1
                }
            };
            members[i].push(k);
        }
        if order.len() > side {
            return Err(bad(format!(
                "region `{}` is one too many: a {side}x{side} jigsaw has {side} regions",
                order[side]
            )));
        }
        for (ch, cells) in order.iter().zip(&members) {
            if cells.len() != side {
                return Err(bad(format!(
                    "region `{ch}` has {} cells, not {side}",
                    cells.len()
                )));
            }
        }
        let mut units = lines(side);
        units.extend(members);
        Layout::square(side, units)
    }

    /// Samurai sudoku (gattai-5): five 9x9 sudokus in a 21x21 square, one in each corner and
    /// one in the centre, the centre one sharing a 3x3 box with each of the others. 369 cells,
    /// numbered row by row through the square.
    pub fn samurai() -> Layout {
        let origins = SAMURAI_GRIDS;
        let mut at = vec![None; 21 * 21];
        let mut cells = Vec::new();
        for r in 0..21 {
            for c in 0..21 {
                let inside = origins
                    .iter()
                    .any(|&(r0, c0)| (r0..r0 + 9).contains(&r) && (c0..c0 + 9).contains(&c));
                if inside {
                    at[r * 21 + c] = Some(cells.len());
                    cells.push((r, c));
                }
            }
        }
        let mut units = Vec::new();
        for &(r0, c0) in &origins {
            for unit in Layout::classic_units(9).expect("9x9 has boxes") {
                let cell = |k: usize| at[(r0 + k / 9) * 21 + c0 + k % 9].expect("inside a grid");
                units.push(unit.into_iter().map(cell).collect());
            }
        }
        Layout::new(21, 21, cells, 9, units).expect("the samurai layout is well formed")
    }

    /// The same layout with killer cages: each cage's cells hold distinct symbols adding up
    /// to its sum. Cages must not share cells, and each sum must be one that distinct
    /// symbols make; the error names the cage.
    ///
    /// ```
    /// use dlx_sudoku::variant::{Cage, Layout};
    /// let four = Layout::classic(4)?;
    /// // Cells 0 and 1 (r1c1, r1c2): two distinct digits of 1-4 make 3 to 7.
    /// assert!(four.clone().with_cages(vec![Cage::new("a", vec![0, 1], 7)]).is_ok());
    /// let err = four.with_cages(vec![Cage::new("a", vec![0, 1], 8)]).unwrap_err();
    /// assert_eq!(err.to_string(), "line 1: cage `a`: no 2 distinct symbols of 1-4 add up to 8");
    /// # Ok::<(), dlx_sudoku::SudokuError>(())
    /// ```
    pub fn with_cages(mut self, cages: Vec<Cage>) -> Result<Layout, SudokuError> {
        let mut owner: Vec<Option<usize>> = vec![None; self.positions.len()];
        let mut digit_sets = Vec::with_capacity(cages.len());
        for (i, cage) in cages.iter().enumerate() {
            let name = &cage.name;
            if cage.cells.is_empty() {
                return Err(bad(format!("cage `{name}` has no cells")));
            }
            if cage.cells.len() > self.symbols {
                return Err(bad(format!(
                    "cage `{name}` has {} cells, more than the {} symbols",
                    cage.cells.len(),
                    self.symbols
                )));
            }
            for &k in &cage.cells {
                if k >= self.positions.len() {
                    return Err(bad(format!(
                        "cage `{name}` names cell {k}; the layout has {}",
                        self.positions.len()
                    )));
                }
                if let Some(j) = owner[k] {
                    let what = if j == i {
                        format!("cage `{name}` lists {} twice", self.cell_name(k))
                    } else {
                        format!(
                            "{} lies in cages `{}` and `{name}`",
                            self.cell_name(k),
                            cages[j].name
                        )
                    };
                    return Err(bad(what));
                }
                owner[k] = Some(i);
            }
            let sets = digit_sets_of(cage.cells.len(), cage.sum, self.symbols);
            match sets {
                Some(sets) if sets.is_empty() => {
                    return Err(bad(format!(
                        "cage `{name}`: no {} distinct symbols of 1-{} add up to {}",
                        cage.cells.len(),
                        self.symbols,
                        cage.sum
                    )));
                }
                Some(sets) => digit_sets.push(sets),
                None => {
                    return Err(bad(format!(
                        "cage `{name}`: more than {MAX_DIGIT_SETS} sets of digits make its sum"
                    )));
                }
            }
        }
        self.cages = cages;
        self.digit_sets = digit_sets;
        self.check_size()?;
        Ok(self)
    }

    /// The frame's rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The frame's columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.positions.len()
    }

    /// The number of symbols N: each cell holds one of 1..=N.
    pub fn symbols(&self) -> usize {
        self.symbols
    }

    /// The units: each a sorted list of cells holding distinct symbols.
    pub fn units(&self) -> &[Vec<usize>] {
        &self.units
    }

    /// The killer cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Each cage's digit sets (bit d-1 stands for digit d), in the order of [`Layout::cages`].
    pub(crate) fn digit_sets(&self) -> &[Vec<u64>] {
        &self.digit_sets
    }

    /// The (row, column) of a cell in the frame, 0-based.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        let p = self.positions[cell];
        (p / self.cols, p % self.cols)
    }

    /// The cell at a frame position, if there is one.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        if row < self.rows && col < self.cols {
            self.at[row * self.cols + col]
        } else {
            None
        }
    }

    /// A cell's 1-based name in the frame, `r1c5`.
    pub fn cell_name(&self, cell: usize) -> String {
        position_name(self.cols, self.positions[cell])
    }

    /// The first two cells (in the order of units, then cages) sharing a unit or a cage and
    /// holding the same symbol (0 = empty is never a clash).
    pub fn clash(&self, values: &[u8]) -> Option<(usize, usize)> {
        let mut seen = vec![usize::MAX; self.symbols + 1];
        let groups = self.units.iter().map(Vec::as_slice);
        for group in groups.chain(self.cages.iter().map(|c| c.cells.as_slice())) {
            for &k in group {
                let v = values[k] as usize;
                if v != 0 {
                    if seen[v] != usize::MAX {
                        let first = seen[v];
                        return Some((first.min(k), first.max(k)));
                    }
                    seen[v] = k;
                }
            }
            for &k in group {
                seen[values[k] as usize] = usize::MAX;
            }
        }
        None
    }

    /// Whether `values` fill every cell with a symbol 1..=N, no unit or cage repeats one, and
    /// every cage adds up to its sum: a check of a solution that does not use the cover.
    pub fn is_solution(&self, values: &[u8]) -> bool {
        values.len() == self.positions.len()
            && values
                .iter()
                .all(|&v| (1..=self.symbols).contains(&(v as usize)))
            && self.clash(values).is_none()
            && self
                .cages
                .iter()
                .all(|c| c.cells.iter().map(|&k| u32::from(values[k])).sum::<u32>() == c.sum)
    }
}

/// The top-left corners of a samurai's five grids in its 21x21 square: top-left, top-right,
/// centre, bottom-left, bottom-right (the order of the five-grid form).
pub(crate) const SAMURAI_GRIDS: [(usize, usize); 5] = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];

/// The sets of `k` distinct digits of 1..=n adding up to `sum`, one bit per digit; `None` when
/// there are more than [`MAX_DIGIT_SETS`].
pub(crate) fn digit_sets_of(k: usize, sum: u32, n: usize) -> Option<Vec<u64>> {
    /// Extends `set` (whose largest digit is below `from`) by `k` more digits from `from..=n`.
    fn grow(k: usize, sum: u32, from: u32, n: u32, set: u64, out: &mut Vec<u64>) -> bool {
        if k == 0 {
            if sum == 0 {
                if out.len() == MAX_DIGIT_SETS {
                    return false;
                }
                out.push(set);
            }
            return true;
        }
        let k32 = k as u32;
        for d in from..=n {
            // The k smallest digits from d on must fit under the sum, the k largest reach it.
            let least = k32 * d + k32 * (k32 - 1) / 2;
            let most = k32 * n - k32 * (k32 - 1) / 2;
            if least > sum {
                break;
            }
            if most < sum {
                return true;
            }
            if !grow(k - 1, sum - d, d + 1, n, set | 1 << (d - 1), out) {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    if k > n {
        return Some(out);
    }
    grow(k, sum, 1, n as u32, 0, &mut out).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sets_match_a_count_over_all_subsets() {
        for n in 1..=9usize {
            for k in 1..=n {
                for sum in 0..=50u32 {
                    let sets = digit_sets_of(k, sum, n).unwrap();
                    let brute: Vec<u64> = (0u64..1 << n)
                        .filter(|s| s.count_ones() as usize == k)
                        .filter(|s| {
                            (1..=n as u32)
                                .filter(|d| s >> (d - 1) & 1 == 1)
                                .sum::<u32>()
                                == sum
                        })
                        .collect();
                    let mut sorted = sets.clone();
                    sorted.sort_unstable();
                    assert_eq!(sorted, brute, "n {n}, k {k}, sum {sum}");
                }
            }
        }
        assert_eq!(digit_sets_of(9, 45, 9).unwrap(), [0x1ff]);
        assert_eq!(digit_sets_of(10, 55, 9).unwrap(), Vec::<u64>::new());
        // 17 of 1-35 adding up to their middle sum: far more than the cap.
        assert_eq!(digit_sets_of(17, 306, 35), None);
    }

    #[test]
    fn named_layouts_have_their_units() {
        assert_eq!(box_shape(6), Some((2, 3)));
        assert_eq!(box_shape(12), Some((3, 4)));
        assert_eq!(box_shape(7), None);
        let six = Layout::classic(6).unwrap();
        assert_eq!(six.units().len(), 18);
        assert!(six.units()[12..].iter().all(|u| u.len() == 6));
        assert_eq!(six.units()[12], [0, 1, 2, 6, 7, 8]);
        let w = Layout::windoku(9).unwrap();
        assert_eq!(w.units().len(), 31);
        assert_eq!(w.units()[27], [10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(w.units()[30][0], 5 * 9 + 5);
        assert_eq!(Layout::windoku(4).unwrap().units().len(), 13);
        assert!(Layout::windoku(6).is_err());
        let x = Layout::x(9).unwrap();
        assert_eq!(x.units()[28], [8, 16, 24, 32, 40, 48, 56, 64, 72]);
        // The centre grid's corner boxes are the corner grids' boxes: 5 x 27 - 4 units.
        let s = Layout::samurai();
        assert_eq!(s.units().len(), 131);
        assert_eq!(s.cell_name(s.cell_at(20, 20).unwrap()), "r21c21");
        assert!(Layout::classic(7).is_err());
        assert!(Layout::classic(36).is_err());
    }

    #[test]
    fn bad_layouts_say_what_is_wrong() {
        let err = |r: Result<Layout, SudokuError>| r.unwrap_err().to_string();
        for side in [6, 36] {
            assert_eq!(
                err(Layout::windoku(side)),
                format!(
                    "line 1: side {side}: windoku needs square boxes, so a side of 4, 9, 16 or 25"
                )
            );
        }
        assert_eq!(
            err(Layout::jigsaw("aabbbcccddd")),
            "line 1: 11 region cells: a jigsaw has N x N cells, N up to 35"
        );
        assert_eq!(
            err(Layout::jigsaw("aaabbbccd")),
            "line 1: region `d` is one too many: a 3x3 jigsaw has 3 regions"
        );
        assert_eq!(
            err(Layout::jigsaw("aaaabbccc")),
            "line 1: region `a` has 4 cells, not 3"
        );
        assert_eq!(
            err(Layout::new(2, 2, vec![(0, 0), (0, 0)], 2, vec![])),
            "line 1: cell r1c1 is listed twice"
        );
        assert_eq!(
            err(Layout::new(2, 2, vec![(0, 0), (2, 0)], 2, vec![])),
            "line 1: cell 1 at row 2, column 0 lies outside the 2x2 frame"
        );
        assert_eq!(
            err(Layout::new(
                1,
                3,
                vec![(0, 0), (0, 1), (0, 2)],
                2,
                vec![vec![0, 1, 2]]
            )),
            "line 1: unit 0 has 3 cells, more than the 2 symbols"
        );
        assert_eq!(
            err(Layout::new(1, 2, vec![(0, 0), (0, 1)], 2, vec![vec![1, 1]])),
            "line 1: unit 0 lists r1c2 twice"
        );
        let four = Layout::classic(4).unwrap();
        let cages = |c: Vec<Cage>| err(four.clone().with_cages(c));
        assert_eq!(
            cages(vec![
                Cage::new("a", vec![0, 1], 3),
                Cage::new("b", vec![1, 2], 3)
            ]),
            "line 1: r1c2 lies in cages `a` and `b`"
        );
        assert_eq!(
            cages(vec![Cage::new("a", vec![0, 0], 3)]),
            "line 1: cage `a` lists r1c1 twice"
        );
        assert_eq!(
            cages(vec![Cage::new("a", (0..5).collect(), 15)]),
            "line 1: cage `a` has 5 cells, more than the 4 symbols"
        );
    }

    #[test]
    fn clashes_are_found_in_units_and_cages() {
        let four = Layout::classic(4).unwrap();
        let mut v = vec![0u8; 16];
        v[0] = 1;
        v[5] = 1;
        assert_eq!(four.clash(&v), Some((0, 5)));
        let caged = four
            .with_cages(vec![Cage::new("a", vec![0, 15], 3)])
            .unwrap();
        let mut v = vec![0u8; 16];
        v[0] = 1;
        v[15] = 1;
        assert_eq!(caged.clash(&v), Some((0, 15)));
    }
}
