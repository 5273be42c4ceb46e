//! Shapes: sets of unit squares, normalised, with their rotations and reflections.

use thiserror::Error;

/// Why a picture or a cell list is not a shape.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// A picture holds a character other than `#` (cell) and `.` (no cell).
    #[error("row {row}, column {col}: unexpected character `{ch}` (expected `#` or `.`)")]
    BadChar {
        /// 1-based row of the picture.
        row: usize,
        /// 1-based column of the picture.
        col: usize,
        /// The character found.
        ch: char,
    },
    /// The picture or list has no cell.
    #[error("the shape has no cell")]
    Empty,
    /// A cell list names the same cell twice.
    #[error("cell ({0}, {1}) is listed twice")]
    Repeated(i32, i32),
    /// A cell list spans more than [`MAX_EXTENT`] rows or columns, so that its turns and
    /// mirror images could not be counted in `i32` coordinates.
    #[error("the cells span more than {MAX_EXTENT} rows or columns")]
    TooLarge,
}

/// The most rows or columns a shape may span: a million, far past any board.
pub const MAX_EXTENT: i64 = 1 << 20;

/// A set of unit squares `(row, column)`, translated so that its topmost row and leftmost
/// column are 0, and sorted row-major. Two shapes are equal when they are the same set.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<(i32, i32)>,
}

impl Shape {
    /// Reads a picture: rows separated by `/` or newlines, `#` for a cell, `.` for none
    /// (surrounding blank lines and spaces at the ends of rows are ignored).
    ///
    /// ```
    /// let p = dlx_polyomino::Shape::from_ascii("##/##/#.")?;
    /// assert_eq!(p.len(), 5);
    /// assert_eq!(p.to_ascii(), "##/##/#.");
    /// # Ok::<(), dlx_polyomino::ShapeError>(())
    /// ```
    pub fn from_ascii(picture: &str) -> Result<Shape, ShapeError> {
        let mut cells = Vec::new();
        let rows = picture
            .split(['/', '\n'])
            .map(str::trim)
            .skip_while(|r| r.is_empty());
        for (r, line) in rows.enumerate() {
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '#' => cells.push((r as i32, c as i32)),
                    '.' => {}
                    _ => {
                        return Err(ShapeError::BadChar {
                            row: r + 1,
                            col: c + 1,
                            ch,
                        });
                    }
                }
            }
        }
        Shape::from_cells(cells)
    }

    /// A shape from its cells `(row, column)`, in any position.
    pub fn from_cells(cells: impl IntoIterator<Item = (i32, i32)>) -> Result<Shape, ShapeError> {
        let mut cells: Vec<(i32, i32)> = cells.into_iter().collect();
        if cells.is_empty() {
            return Err(ShapeError::Empty);
        }
        let span = |of: fn(&(i32, i32)) -> i32| {
            let lo = cells.iter().map(of).min().unwrap_or(0);
            let hi = cells.iter().map(of).max().unwrap_or(0);
            i64::from(hi) - i64::from(lo)
        };
        if span(|c| c.0) >= MAX_EXTENT || span(|c| c.1) >= MAX_EXTENT {
            return Err(ShapeError::TooLarge);
        }
        cells.sort_unstable();
        if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(ShapeError::Repeated(w[0].0, w[0].1));
        }
        Ok(Shape::normalised(cells))
    }

    fn normalised(mut cells: Vec<(i32, i32)>) -> Shape {
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        for c in &mut cells {
            *c = (c.0 - r0, c.1 - c0);
        }
        cells.sort_unstable();
        Shape { cells }
    }

    /// The cells, row-major, with the top row and left column at 0.
    pub fn cells(&self) -> &[(i32, i32)] {
        &self.cells
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// The number of pieces the cells fall into, cells meeting along a side being one: 1
    /// for a polyomino, more for a picture whose cells do not all touch (a typo, most often).
    ///
    /// ```
    /// use dlx_polyomino::Shape;
    /// assert_eq!(Shape::from_ascii("##\n.#")?.parts(), 1);
    /// assert_eq!(Shape::from_ascii("#.\n.#")?.parts(), 2);
    /// # Ok::<(), dlx_polyomino::ShapeError>(())
    /// ```
    pub fn parts(&self) -> usize {
        let mut left: std::collections::BTreeSet<(i32, i32)> = self.cells.iter().copied().collect();
        let mut parts = 0;
        while let Some(start) = left.pop_first() {
            parts += 1;
            let mut stack = vec![start];
            while let Some((r, c)) = stack.pop() {
                for n in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
                    if left.remove(&n) {
                        stack.push(n);
                    }
                }
            }
        }
        parts
    }

    /// Always false: a shape has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Rows spanned.
    pub fn height(&self) -> i32 {
        self.cells.iter().map(|c| c.0).max().unwrap_or(0) + 1
    }

    /// Columns spanned.
    pub fn width(&self) -> i32 {
        self.cells.iter().map(|c| c.1).max().unwrap_or(0) + 1
    }

    /// The quarter turn clockwise.
    pub fn rotated(&self) -> Shape {
        let h = self.height();
        Shape::normalised(self.cells.iter().map(|&(r, c)| (c, h - 1 - r)).collect())
    }

    /// The left-right mirror image (the piece turned over).
    pub fn mirrored(&self) -> Shape {
        let w = self.width();
        Shape::normalised(self.cells.iter().map(|&(r, c)| (r, w - 1 - c)).collect())
    }

    /// The distinct rotations: the shape, then successive quarter turns clockwise,
    /// duplicates removed (first occurrence kept).
    pub fn rotations(&self) -> Vec<Shape> {
        let mut out: Vec<Shape> = Vec::with_capacity(4);
        let mut s = self.clone();
        for _ in 0..4 {
            if !out.contains(&s) {
                out.push(s.clone());
            }
            s = s.rotated();
        }
        out
    }

    /// Every distinct orientation, in this documented order: the rotations of the shape
    /// ([`Shape::rotations`]), then those of its mirror image that are new, again turning
    /// clockwise from the mirror image. So for the Y picture `####/.#..` the order is o0..o7
    /// of `docs/paper-conventions.md`: `####/.#..`, `.#/##/.#/.#`, `..#./####`, `#./#./##/#.`,
    /// `####/..#.`, `.#/.#/##/.#`, `.#../####`, `#./##/#./#.`. The rotations always come first.
    pub fn orientations(&self) -> Vec<Shape> {
        let mut out = self.rotations();
        for s in self.mirrored().rotations() {
            if !out.contains(&s) {
                out.push(s);
            }
        }
        out
    }

    /// True when the mirror image is one of the rotations (the piece is its own one-sided
    /// twin).
    pub fn is_achiral(&self) -> bool {
        self.rotations().contains(&self.mirrored())
    }

    /// The picture, rows separated by `/`.
    pub fn to_ascii(&self) -> String {
        let (h, w) = (self.height(), self.width());
        let mut rows = vec![vec!['.'; w as usize]; h as usize];
        for &(r, c) in &self.cells {
            rows[r as usize][c as usize] = '#';
        }
        rows.iter()
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(p: &str) -> Shape {
        Shape::from_ascii(p).unwrap()
    }

    #[test]
    fn cells_far_apart_are_refused_before_any_turn() {
        // i32::MIN and i32::MAX in one shape: normalising would overflow.
        assert_eq!(
            Shape::from_cells([(i32::MIN, 0), (i32::MAX, 0)]),
            Err(ShapeError::TooLarge)
        );
        assert_eq!(
            Shape::from_cells([(0, 0), (0, MAX_EXTENT as i32)]),
            Err(ShapeError::TooLarge)
        );
        let far = Shape::from_cells([(i32::MIN, i32::MAX), (i32::MIN, i32::MAX - 1)]).unwrap();
        assert_eq!(far.to_ascii(), "##");
        let long = Shape::from_cells([(0, 0), (0, MAX_EXTENT as i32 - 1)]).unwrap();
        assert_eq!(long.rotated().height(), MAX_EXTENT as i32);
    }

    #[test]
    fn y_orientations_follow_the_documented_order() {
        let got: Vec<String> = s("####/.#..")
            .orientations()
            .iter()
            .map(Shape::to_ascii)
            .collect();
        assert_eq!(
            got,
            [
                "####/.#..",
                ".#/##/.#/.#",
                "..#./####",
                "#./#./##/#.",
                "####/..#.",
                ".#/.#/##/.#",
                ".#../####",
                "#./##/#./#.",
            ]
        );
    }

    #[test]
    fn counts_of_orientations() {
        assert_eq!(s(".#./###/.#.").orientations().len(), 1);
        assert_eq!(s("#####").orientations().len(), 2);
        assert_eq!(s("##./.#./.##").orientations().len(), 4);
        assert_eq!(s("#.#/###").orientations().len(), 4);
        assert_eq!(s("##/##/#.").orientations().len(), 8);
        assert_eq!(
            s("##/##/#.")
                .rotations()
                .iter()
                .map(Shape::to_ascii)
                .collect::<Vec<_>>(),
            ["##/##/#.", "###/.##", ".#/##/##", "##./###"]
        );
    }

    #[test]
    fn bad_pictures_are_errors() {
        assert_eq!(
            Shape::from_ascii("##/#x"),
            Err(ShapeError::BadChar {
                row: 2,
                col: 2,
                ch: 'x'
            })
        );
        assert_eq!(Shape::from_ascii("../.."), Err(ShapeError::Empty));
        assert_eq!(
            Shape::from_cells([(0, 0), (0, 0)]),
            Err(ShapeError::Repeated(0, 0))
        );
    }
}
