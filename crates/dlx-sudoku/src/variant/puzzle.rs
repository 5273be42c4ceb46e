//! [`Variant`]s, their one-line formats, and [`Puzzle`]s read from them.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::layout::{Cage, Layout, SAMURAI_GRIDS, SYMBOLS, position_name};
use crate::error::SudokuError;

/// The names cages and jigsaw regions are written with when a puzzle is made in code (89
/// characters, so that even 81 one-cell cages have names): letters, digits, then
/// punctuation other than the format's own `.`, `:`, `,`, `=` and `-`.
pub(crate) const NAMES: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\
                                !\"#$%&'()*+/;<>?@[\\]^_`{|}~";

/// The named layouts, each with its one-line format (see the [module](super) documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Rows, columns and boxes, any side with boxes (4, 6, 8, 9, 10, 12, 16, ...).
    Classic,
    /// X-sudoku: classic and both main diagonals.
    X,
    /// Windoku (hyper, NRC): classic and the four (n-1)² extra windows.
    Windoku,
    /// Jigsaw: rows, columns and irregular regions, given after the cells.
    Jigsaw,
    /// Samurai: five 9x9 grids overlapping in four boxes.
    Samurai,
    /// Killer: classic and cages with sums, given after the (optional) cells.
    Killer,
}

impl Variant {
    /// Every variant, in the order of the documentation.
    pub const ALL: [Variant; 6] = [
        Variant::Classic,
        Variant::X,
        Variant::Windoku,
        Variant::Jigsaw,
        Variant::Samurai,
        Variant::Killer,
    ];

    /// Its name on the command line: `classic`, `x`, `windoku`, `jigsaw`, `samurai`, `killer`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::Jigsaw => "jigsaw",
            Variant::Samurai => "samurai",
            Variant::Killer => "killer",
        }
    }

    /// Reads one puzzle in this variant's one-line format (surrounding whitespace ignored).
    ///
    /// ```
    /// use dlx_sudoku::variant::Variant;
    /// let p = Variant::Jigsaw.parse("1...:aabb")?; // 2x2: regions are the rows
    /// assert_eq!((p.layout().cell_count(), p.givens()), (4, 1));
    /// let err = Variant::Jigsaw.parse("1...:aaab").unwrap_err();
    /// assert_eq!(err.to_string(), "line 1: region `a` has 3 cells, not 2");
    /// # Ok::<(), dlx_sudoku::SudokuError>(())
    /// ```
    pub fn parse(self, line: &str) -> Result<Puzzle, SudokuError> {
        Reader::default().read(self, line, 1)
    }

    /// Reads a file of puzzles, one per line; blank lines and lines starting with `#` are
    /// skipped. Each entry has its line number and its puzzle or the error that line has.
    /// Puzzles of the same layout share it (one `Arc`), which [`super::VariantSolver`] uses
    /// to build the cover once.
    pub fn parse_lines(self, text: &str) -> Vec<VariantEntry> {
        let mut reader = Reader::default();
        text.lines()
            .enumerate()
            .filter(|(_, l)| {
                let t = l.trim();
                !t.is_empty() && !t.starts_with('#')
            })
            .map(|(i, l)| VariantEntry {
                line: i + 1,
                puzzle: reader.read(self, l, i + 1),
            })
            .collect()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;

    /// A variant by name, or by another name it goes by: `sudoku-x`/`diagonal`,
    /// `hyper`/`nrc`, `irregular`/`nonomino`/`chaos`, `gattai-5`.
    fn from_str(s: &str) -> Result<Variant, String> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "classic" | "sudoku" => Variant::Classic,
            "x" | "sudoku-x" | "diagonal" => Variant::X,
            "windoku" | "hyper" | "nrc" => Variant::Windoku,
            "jigsaw" | "irregular" | "nonomino" | "chaos" => Variant::Jigsaw,
            "samurai" | "gattai-5" => Variant::Samurai,
            "killer" => Variant::Killer,
            _ => {
                let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
                return Err(format!(
                    "unknown variant `{s}` (one of {})",
                    names.join(", ")
                ));
            }
        })
    }
}

/// One line of a file of puzzles: its number and its puzzle, or what is wrong with it.
#[derive(Debug, Clone)]
pub struct VariantEntry {
    /// 1-based line.
    pub line: usize,
    /// The puzzle, or the line's error.
    pub puzzle: Result<Puzzle, SudokuError>,
}

/// How a puzzle's cells are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// One character per cell, in the cells' order.
    Cells,
    /// A samurai's five 9x9 grids one after another (405 characters).
    Grids,
    /// Every position of the frame, row by row, `.` where there is no cell (441 characters
    /// for a samurai).
    Frame,
}

/// A puzzle of any layout: the layout, a value per cell (0 = empty), and how it is written.
///
/// It prints (`Display`) in its variant's one-line format, regions or cages included;
/// [`Puzzle::to_line`] writes the cells alone, as a solution is printed. Every constructor
/// refuses givens that repeat a symbol in a unit or cage.
#[derive(Clone, PartialEq, Eq)]
pub struct Puzzle {
    variant: Option<Variant>,
    layout: Arc<Layout>,
    values: Vec<u8>,
    form: Form,
    /// What follows the cells in the one-line format, from its `:` (regions, cages and sums).
    notes: String,
    line: usize,
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.variant.map_or("custom", Variant::name);
        write!(f, "Puzzle({name}, {self})")
    }
}

impl fmt::Display for Puzzle {
    /// The one-line format; a killer without givens is written `CAGES:SUMS`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.variant == Some(Variant::Killer) && self.givens() == 0 {
            return f.write_str(self.notes.trim_start_matches(':'));
        }
        write!(f, "{}{}", self.to_line(), self.notes)
    }
}

/// The character of a value: `.` for empty, else its symbol.
fn symbol(v: u8) -> char {
    if v == 0 {
        '.'
    } else {
        SYMBOLS[v as usize - 1] as char
    }
}

/// The value of a cell's character among N symbols: `.`, `0` and `-` are blanks; `1`-`9`
/// then `A`-`Z` (either case) are the symbols.
fn value_of(ch: char, n: usize) -> Option<u8> {
    let v = match ch {
        '.' | '0' | '-' => return Some(0),
        '1'..='9' => ch as usize - '0' as usize,
        'a'..='z' | 'A'..='Z' => ch.to_ascii_uppercase() as usize - 'A' as usize + 10,
        _ => return None,
    };
    (v <= n).then_some(v as u8)
}

/// The side N of a square of `len` cells, N up to 35.
fn side_of(len: usize) -> Option<usize> {
    (1..=super::MAX_SYMBOLS).find(|s| s * s == len)
}

impl Puzzle {
    /// A puzzle of any layout from its cell values (0 = empty, else 1..=N), written one
    /// character per cell in the cells' order. Refused: the wrong number of values, a value
    /// above N, two equal givens in a unit or cage.
    ///
    /// ```
    /// use dlx_sudoku::variant::{Layout, Puzzle, VariantSolver};
    /// let layout = Layout::x(4)?;
    /// let mut values = vec![0; 16];
    /// values[0] = 1;
    /// let p = Puzzle::new(layout, values)?;
    /// assert_eq!(p.to_string(), "1...............");
    /// // A quarter of the 48 X-sudokus of side 4 have 1 in the corner.
    /// assert_eq!(VariantSolver::new().count(&p, None), 12);
    /// # Ok::<(), dlx_sudoku::SudokuError>(())
    /// ```
    pub fn new(layout: impl Into<Arc<Layout>>, values: Vec<u8>) -> Result<Puzzle, SudokuError> {
        let layout = layout.into();
        if values.len() != layout.cell_count() {
            return Err(SudokuError::WrongLength {
                line: 1,
                found: values.len(),
                expected: format!("{} (one per cell)", layout.cell_count()),
            });
        }
        if let Some((k, &v)) = values
            .iter()
            .enumerate()
            .find(|&(_, &v)| v as usize > layout.symbols())
        {
            return Err(SudokuError::BadNumber {
                line: 1,
                token: format!("{v} (cell {})", layout.cell_name(k)),
                max: layout.symbols(),
            });
        }
        let puzzle = Puzzle {
            variant: None,
            layout,
            values,
            form: Form::Cells,
            notes: String::new(),
            line: 1,
        };
        puzzle.check_clash()?;
        Ok(puzzle)
    }

    /// A puzzle of a named variant, with the fields written after its cells.
    pub(crate) fn named(
        variant: Variant,
        layout: Arc<Layout>,
        values: Vec<u8>,
        form: Form,
        notes: String,
    ) -> Puzzle {
        Puzzle {
            variant: Some(variant),
            layout,
            values,
            form,
            notes,
            line: 1,
        }
    }

    fn check_clash(&self) -> Result<(), SudokuError> {
        match self.layout.clash(&self.values) {
            None => Ok(()),
            Some((a, b)) => Err(SudokuError::Clash {
                line: self.line,
                first: self.layout.cell_name(a),
                second: self.layout.cell_name(b),
                symbol: symbol(self.values[a]).to_string(),
            }),
        }
    }

    /// Its variant (`None` for a puzzle made with [`Puzzle::new`]).
    pub fn variant(&self) -> Option<Variant> {
        self.variant
    }

    /// Its layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub(crate) fn layout_arc(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// The cell values, in the cells' order: 0 for empty, 1..=N for a symbol.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The number of filled cells.
    pub fn givens(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// True when every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// True when this is a solution of `puzzle`: the same layout, complete, keeping its
    /// givens, and right by every unit and cage ([`Layout::is_solution`]).
    pub fn solves(&self, puzzle: &Puzzle) -> bool {
        *self.layout == *puzzle.layout
            && self.layout.is_solution(&self.values)
            && puzzle
                .values
                .iter()
                .zip(&self.values)
                .all(|(&g, &v)| g == 0 || g == v)
    }

    /// The line of the input the puzzle was read from (1 for one made in code).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The cells alone, as a solution is printed: one character per cell (`.` for empty),
    /// a samurai as its five grids or its 21x21 square, as it was read.
    pub fn to_line(&self) -> String {
        let layout = &self.layout;
        match self.form {
            Form::Cells => self.values.iter().map(|&v| symbol(v)).collect(),
            Form::Frame => (0..layout.rows())
                .flat_map(|r| (0..layout.cols()).map(move |c| (r, c)))
                .map(|(r, c)| layout.cell_at(r, c).map_or('.', |k| symbol(self.values[k])))
                .collect(),
            Form::Grids => SAMURAI_GRIDS
                .iter()
                .flat_map(|&(r0, c0)| (0..81).map(move |i| (r0 + i / 9, c0 + i % 9)))
                .map(|(r, c)| {
                    let k = layout.cell_at(r, c).expect("grids are cells");
                    symbol(self.values[k])
                })
                .collect(),
        }
    }

    /// The same puzzle with other values (a solution of it), written the same way.
    pub(crate) fn with_values(&self, values: Vec<u8>) -> Puzzle {
        Puzzle {
            values,
            layout: Arc::clone(&self.layout),
            notes: self.notes.clone(),
            ..*self
        }
    }
}

/// `:` then the region of each cell of a jigsaw, named from [`NAMES`].
pub(crate) fn region_notes(regions: &[usize]) -> String {
    let names: Vec<char> = NAMES.chars().collect();
    std::iter::once(':')
        .chain(regions.iter().map(|&r| names[r]))
        .collect()
}

/// `:CAGES:SUMS` for cages named from [`NAMES`] in their order: the cage map (`.` for a cell
/// in none), then `a=10,b=15,...`.
pub(crate) fn cage_notes(cell_count: usize, cages: &[Cage]) -> String {
    let mut map = vec!['.'; cell_count];
    for cage in cages {
        let name = cage.name().chars().next().unwrap_or('?');
        for &k in cage.cells() {
            map[k] = name;
        }
    }
    let sums: Vec<String> = cages
        .iter()
        .map(|c| format!("{}={}", c.name(), c.sum()))
        .collect();
    format!(
        ":{}:{}",
        map.into_iter().collect::<String>(),
        sums.join(",")
    )
}

/// Reads lines, keeping the last layout of each variant and side so that a file's puzzles
/// share it.
#[derive(Default)]
struct Reader {
    last: Option<(Variant, usize, Arc<Layout>)>,
}

/// A line's error.
fn wrong(line: usize, reason: impl Into<String>) -> SudokuError {
    SudokuError::Variant {
        line,
        reason: reason.into(),
    }
}

/// `16 (4x4), 36 (6x6), ..., up to 1225 (35x35)`: the squares a variant accepts.
fn square_sizes(sides: &[usize]) -> String {
    let all: Vec<String> = sides
        .iter()
        .map(|s| format!("{} ({s}x{s})", s * s))
        .collect();
    let m = super::MAX_SYMBOLS;
    format!("{}, ... up to {} ({m}x{m})", all.join(", "), m * m)
}

impl Reader {
    /// Reads `text` (one line, `line` its number) as a puzzle of `variant`.
    fn read(&mut self, variant: Variant, text: &str, line: usize) -> Result<Puzzle, SudokuError> {
        // Positions in messages count from the start of the line, its indent included.
        let lead = text.len() - text.trim_start().len();
        let text = text.trim();
        let mut p = match variant {
            Variant::Classic | Variant::X | Variant::Windoku => {
                self.plain(variant, text, line, lead)
            }
            Variant::Jigsaw => self.jigsaw(text, line, lead),
            Variant::Samurai => self.samurai(text, line, lead),
            Variant::Killer => self.killer(text, line, lead),
        }?;
        p.line = line;
        p.check_clash()?;
        Ok(p)
    }

    /// The layout of a square variant of side N, shared with the previous line's if the same.
    fn square_layout(
        &mut self,
        variant: Variant,
        side: usize,
        line: usize,
    ) -> Result<Arc<Layout>, SudokuError> {
        if let Some((v, s, layout)) = &self.last
            && *v == variant
            && *s == side
        {
            return Ok(Arc::clone(layout));
        }
        let layout = match variant {
            Variant::X => Layout::x(side),
            Variant::Windoku => Layout::windoku(side),
            _ => Layout::classic(side),
        }
        .map_err(|e| e.shift_lines(line - 1))?;
        let layout = Arc::new(layout);
        self.last = Some((variant, side, Arc::clone(&layout)));
        Ok(layout)
    }

    /// The cell values of `field`, which starts at character `start` (0-based) of the line.
    fn cells(field: &str, n: usize, line: usize, start: usize) -> Result<Vec<u8>, SudokuError> {
        field
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                value_of(ch, n).ok_or_else(|| SudokuError::UnknownChar {
                    line,
                    position: start + i + 1,
                    ch,
                    accepted: format!("symbols 1-{} and blanks . 0 -", symbol(n as u8)),
                })
            })
            .collect()
    }

    /// The side of a field of N x N cells, or the error naming what was found.
    fn side(field: &str, line: usize, sides: &[usize]) -> Result<usize, SudokuError> {
        let len = field.chars().count();
        side_of(len).ok_or_else(|| SudokuError::WrongLength {
            line,
            found: len,
            expected: square_sizes(sides),
        })
    }

    fn plain(
        &mut self,
        variant: Variant,
        text: &str,
        line: usize,
        lead: usize,
    ) -> Result<Puzzle, SudokuError> {
        let side = Reader::side(text, line, &[4, 6, 8, 9, 16])?;
        let layout = self.square_layout(variant, side, line)?;
        let values = Reader::cells(text, side, line, lead)?;
        Ok(Puzzle::named(
            variant,
            layout,
            values,
            Form::Cells,
            String::new(),
        ))
    }

    fn jigsaw(&mut self, text: &str, line: usize, lead: usize) -> Result<Puzzle, SudokuError> {
        let Some((givens, regions)) = text.split_once(':') else {
            return Err(wrong(
                line,
                "a jigsaw line is GIVENS:REGIONS, N x N characters each",
            ));
        };
        let side = Reader::side(givens, line, &[4, 5, 6, 7, 8, 9])?;
        let region_count = regions.chars().count();
        if region_count != side * side {
            return Err(wrong(
                line,
                format!("{region_count} region characters for {} cells", side * side),
            ));
        }
        let layout = Layout::jigsaw(regions).map_err(|e| e.shift_lines(line - 1))?;
        let values = Reader::cells(givens, side, line, lead)?;
        let notes = format!(":{regions}");
        Ok(Puzzle::named(
            Variant::Jigsaw,
            Arc::new(layout),
            values,
            Form::Cells,
            notes,
        ))
    }

    fn samurai(&mut self, text: &str, line: usize, lead: usize) -> Result<Puzzle, SudokuError> {
        let layout = match &self.last {
            Some((Variant::Samurai, _, l)) => Arc::clone(l),
            _ => {
                let l = Arc::new(Layout::samurai());
                self.last = Some((Variant::Samurai, 21, Arc::clone(&l)));
                l
            }
        };
        let chars = Reader::cells(text, 9, line, lead)?;
        let mut values = vec![0u8; layout.cell_count()];
        match chars.len() {
            405 => {
                // The four shared boxes are written twice: both must agree where both are given.
                let mut from = vec![None; layout.cell_count()];
                for (g, &(r0, c0)) in SAMURAI_GRIDS.iter().enumerate() {
                    for i in 0..81 {
                        let k = layout
                            .cell_at(r0 + i / 9, c0 + i % 9)
                            .expect("grids are cells");
                        let v = chars[g * 81 + i];
                        if v == 0 {
                            continue;
                        }
                        if let Some((h, w)) = from[k]
                            && w != v
                        {
                            return Err(wrong(
                                line,
                                format!(
                                    "{} is {} in grid {} and {} in grid {}",
                                    layout.cell_name(k),
                                    symbol(w),
                                    h + 1,
                                    symbol(v),
                                    g + 1
                                ),
                            ));
                        }
                        from[k] = Some((g, v));
                        values[k] = v;
                    }
                }
                Ok(Puzzle::named(
                    Variant::Samurai,
                    layout,
                    values,
                    Form::Grids,
                    String::new(),
                ))
            }
            441 => {
                for (p, &v) in chars.iter().enumerate() {
                    match layout.cell_at(p / 21, p % 21) {
                        Some(k) => values[k] = v,
                        None if v != 0 => {
                            return Err(wrong(
                                line,
                                format!(
                                    "position {} ({}) lies outside the five grids: it must be blank",
                                    lead + p + 1,
                                    position_name(21, p)
                                ),
                            ));
                        }
                        None => {}
                    }
                }
                Ok(Puzzle::named(
                    Variant::Samurai,
                    layout,
                    values,
                    Form::Frame,
                    String::new(),
                ))
            }
            found => Err(SudokuError::WrongLength {
                line,
                found,
                expected: "405 (five 9x9 grids) or 441 (the 21x21 square)".to_string(),
            }),
        }
    }

    fn killer(&mut self, text: &str, line: usize, lead: usize) -> Result<Puzzle, SudokuError> {
        let fields: Vec<&str> = text.split(':').collect();
        let (givens, map, sums) = match fields[..] {
            [map, sums] => (None, map, sums),
            [givens, map, sums] => (Some(givens), map, sums),
            _ => {
                return Err(wrong(
                    line,
                    "a killer line is [GIVENS:]CAGES:SUMS, e.g. aab...:a=3,b=17,...",
                ));
            }
        };
        let side = Reader::side(map, line, &[4, 6, 8, 9])?;
        let layout = self.square_layout(Variant::Classic, side, line)?;
        let map_start = lead + givens.map_or(0, |g| g.chars().count() + 1);
        let cages = Reader::cages(map, sums, line, map_start)?;
        let values = match givens {
            None => vec![0; side * side],
            Some(g) => {
                let found = g.chars().count();
                if found != side * side {
                    return Err(wrong(
                        line,
                        format!("{found} givens for {} cage cells", side * side),
                    ));
                }
                Reader::cells(g, side, line, lead)?
            }
        };
        let layout = Layout::clone(&layout)
            .with_cages(cages)
            .map_err(|e| e.shift_lines(line - 1))?;
        let notes = format!(":{map}:{sums}");
        Ok(Puzzle::named(
            Variant::Killer,
            Arc::new(layout),
            values,
            Form::Cells,
            notes,
        ))
    }

    /// The cages of a killer line: the map names each cell's cage (`.` for none), the sums
    /// give each name its total.
    fn cages(map: &str, sums: &str, line: usize, start: usize) -> Result<Vec<Cage>, SudokuError> {
        let mut names: Vec<char> = Vec::new();
        let mut cells: Vec<Vec<usize>> = Vec::new();
        for (k, ch) in map.chars().enumerate() {
            if ch == '.' {
                continue;
            }
            if ch.is_whitespace() || ch == ',' || ch == '=' {
                return Err(SudokuError::UnknownChar {
                    line,
                    position: start + k + 1,
                    ch,
                    accepted: "a cage's name, or `.` for a cell in no cage".to_string(),
                });
            }
            match names.iter().position(|&c| c == ch) {
                Some(i) => cells[i].push(k),
                None => {
                    names.push(ch);
                    cells.push(vec![k]);
                }
            }
        }
        let mut total: Vec<Option<u32>> = vec![None; names.len()];
        for item in sums.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let parsed = item.split_once('=').and_then(|(name, sum)| {
                let mut chars = name.trim().chars();
                let ch = chars.next()?;
                let sum = sum.trim().parse::<u32>().ok()?;
                chars.next().is_none().then_some((ch, sum))
            });
            let Some((ch, sum)) = parsed else {
                return Err(wrong(
                    line,
                    format!("`{item}` is not a cage's sum, NAME=TOTAL like a=10"),
                ));
            };
            let Some(i) = names.iter().position(|&c| c == ch) else {
                return Err(wrong(
                    line,
                    format!("the sum `{item}` names no cage of the map"),
                ));
            };
            if total[i].replace(sum).is_some() {
                return Err(wrong(line, format!("cage `{ch}` has two sums")));
            }
        }
        names
            .iter()
            .zip(cells)
            .zip(total)
            .map(|((&ch, cells), sum)| match sum {
                Some(sum) => Ok(Cage::new(ch.to_string(), cells, sum)),
                None => Err(wrong(line, format!("cage `{ch}` has no sum"))),
            })
            .collect()
    }
}
