//! Shapes: sets of unit cubes, normalised, with their 24 rotations and their mirror images.

use thiserror::Error;

/// A unit cube `[x, y, z]`. In a layer picture, `x` is the column, `y` the row and `z` the
/// layer (the first layer is `z = 0`).
pub type Cell = [i32; 3];

/// The largest extent of a shape along an axis: far more than any box holds (62 cells a side),
/// small enough that no arithmetic on coordinates overflows.
const MAX_EXTENT: i64 = 1 << 20;

/// Why a picture or a cell list is not a shape.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// A picture holds a character other than `#` (cube) and `.` (no cube).
    #[error(
        "layer {layer}, row {row}, column {col}: unexpected character `{ch}` (expected `#` or `.`)"
    )]
    BadChar {
        /// 1-based layer.
        layer: usize,
        /// 1-based row of the layer.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The character found.
        ch: char,
    },
    /// The picture or list has no cube.
    #[error("the shape has no cube")]
    Empty,
    /// A cell list names the same cube twice.
    #[error("cube {},{},{} is listed twice", .0[0], .0[1], .0[2])]
    Repeated(Cell),
    /// A cell list spans more than a million cubes along an axis.
    #[error("the cubes span more than {MAX_EXTENT} along an axis")]
    TooLarge,
    /// A cell is not written `x,y,z` with three integers.
    #[error("`{0}` is not a cube `x,y,z` (three integers)")]
    BadCell(String),
}

/// The cells `#` of a layer picture: layers separated by blank lines, rows by newlines or `/`
/// (so `//` separates layers in a one-line picture). Spaces at the ends of rows and blank
/// lines before the first layer or after the last are ignored.
pub(crate) fn picture_cells(picture: &str) -> Result<Vec<Cell>, ShapeError> {
    let rows: Vec<&str> = picture.split(['/', '\n']).map(str::trim).collect();
    let first = rows
        .iter()
        .position(|r| !r.is_empty())
        .unwrap_or(rows.len());
    let mut cells = Vec::new();
    let (mut layer, mut row) = (0usize, 0usize);
    let mut blank = false;
    for line in &rows[first..] {
        if line.is_empty() {
            blank = true;
            continue;
        }
        if blank {
            (layer, row, blank) = (layer + 1, 0, false);
        }
        for (col, ch) in line.chars().enumerate() {
            match ch {
                '#' => cells.push([col as i32, row as i32, layer as i32]),
                '.' => {}
                _ => {
                    return Err(ShapeError::BadChar {
                        layer: layer + 1,
                        row: row + 1,
                        col: col + 1,
                        ch,
                    });
                }
            }
        }
        row += 1;
    }
    Ok(cells)
}

/// A set of unit cubes, translated so that its least `x`, `y` and `z` are 0, and sorted by
/// `x`, then `y`, then `z` (the order of Knuth's polycube-dlx). Two shapes are equal when they
/// are the same set.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<Cell>,
}

impl Shape {
    /// Reads a layer picture: `#` for a cube, `.` for none, rows separated by newlines or
    /// `/`, layers by blank lines (`//` in a one-line picture). In each layer the column is
    /// `x` and the row `y`; the first layer is `z = 0`.
    ///
    /// ```
    /// // The tripod: three cubes in the first layer, one above the corner.
    /// let p = dlx_polycube::Shape::from_layers("##/#.//#.")?;
    /// assert_eq!(p.cells(), [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]);
    /// assert_eq!(p.to_layers(), "##/#.//#./..");
    /// assert_eq!(p.rotations().len(), 8);
    /// # Ok::<(), dlx_polycube::ShapeError>(())
    /// ```
    pub fn from_layers(picture: &str) -> Result<Shape, ShapeError> {
        Shape::from_cells(picture_cells(picture)?)
    }

    /// A shape from its cubes, in any position.
    pub fn from_cells(cells: impl IntoIterator<Item = Cell>) -> Result<Shape, ShapeError> {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        if cells.is_empty() {
            return Err(ShapeError::Empty);
        }
        for axis in 0..3 {
            let lo = cells.iter().map(|c| c[axis] as i64).min().unwrap_or(0);
            let hi = cells.iter().map(|c| c[axis] as i64).max().unwrap_or(0);
            if hi - lo >= MAX_EXTENT {
                return Err(ShapeError::TooLarge);
            }
        }
        cells.sort_unstable();
        if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(ShapeError::Repeated(w[0]));
        }
        Ok(Shape::normalised(cells))
    }

    /// Reads a cell list: cubes `x,y,z` separated by spaces.
    ///
    /// ```
    /// let s = dlx_polycube::Shape::parse_cells("0,0,0 1,0,0 1,1,0 1,1,1")?;
    /// assert_eq!(s.len(), 4);
    /// assert!(!s.is_achiral());
    /// # Ok::<(), dlx_polycube::ShapeError>(())
    /// ```
    pub fn parse_cells(list: &str) -> Result<Shape, ShapeError> {
        let cells = list
            .split_whitespace()
            .map(parse_cell)
            .collect::<Result<Vec<_>, _>>()?;
        Shape::from_cells(cells)
    }

    fn normalised(mut cells: Vec<Cell>) -> Shape {
        let mut lo = [i32::MAX; 3];
        for c in &cells {
            for axis in 0..3 {
                lo[axis] = lo[axis].min(c[axis]);
            }
        }
        for c in &mut cells {
            for axis in 0..3 {
                c[axis] -= lo[axis];
            }
        }
        cells.sort_unstable();
        Shape { cells }
    }

    /// The cubes, sorted, the least coordinates 0.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of cubes.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// The number of pieces the cubes fall into, cubes meeting along a face being one: 1 for
    /// a polycube, more for cubes that do not all touch (a typo, most often).
    ///
    /// ```
    /// use dlx_polycube::Shape;
    /// assert_eq!(Shape::parse_cells("0,0,0 1,0,0 1,1,0")?.parts(), 1);
    /// assert_eq!(Shape::parse_cells("0,0,0 9,9,9")?.parts(), 2);
    /// # Ok::<(), dlx_polycube::ShapeError>(())
    /// ```
    pub fn parts(&self) -> usize {
        let mut left: std::collections::BTreeSet<Cell> = self.cells.iter().copied().collect();
        let mut parts = 0;
        while let Some(start) = left.pop_first() {
            parts += 1;
            let mut stack = vec![start];
            while let Some([x, y, z]) = stack.pop() {
                for d in [[1, 0, 0], [0, 1, 0], [0, 0, 1]] {
                    for s in [-1, 1] {
                        let n = [x + s * d[0], y + s * d[1], z + s * d[2]];
                        if left.remove(&n) {
                            stack.push(n);
                        }
                    }
                }
            }
        }
        parts
    }

    /// Always false: a shape has at least one cube.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The extent along each axis (`[1, 1, 1]` for one cube).
    pub fn size(&self) -> [i32; 3] {
        let mut size = [0; 3];
        for c in &self.cells {
            for axis in 0..3 {
                size[axis] = size[axis].max(c[axis] + 1);
            }
        }
        size
    }

    /// True when every cube lies in one plane of the grid (a solid polyomino).
    pub fn is_flat(&self) -> bool {
        self.size().contains(&1)
    }

    /// The shape under a map of cells (normalised again).
    pub fn mapped(&self, f: impl Fn(Cell) -> Cell) -> Shape {
        Shape::normalised(self.cells.iter().map(|&c| f(c)).collect())
    }

    /// The quarter turn about the `z` axis, `(x, y, z)` to `(y, -x, z)`.
    pub fn quarter_turn(&self) -> Shape {
        self.mapped(|[x, y, z]| [y, -x, z])
    }

    /// The cycle of the axes, `(x, y, z)` to `(y, z, x)`: a third of a turn about a diagonal.
    pub fn cycled(&self) -> Shape {
        self.mapped(|[x, y, z]| [y, z, x])
    }

    /// The mirror image, `x` reversed.
    pub fn mirrored(&self) -> Shape {
        self.mapped(|[x, y, z]| [-x, y, z])
    }

    /// The distinct rotations, in the order Knuth's polycube-dlx makes its base placements:
    /// the shape, then breadth first, each known rotation turned by
    /// [`Shape::quarter_turn`] and by [`Shape::cycled`] (these two generate the 24 rotations
    /// of the cube), new ones appended. 24 for a shape without symmetry.
    pub fn rotations(&self) -> Vec<Shape> {
        let mut out = vec![self.clone()];
        let mut next = 0;
        while next < out.len() {
            for turned in [out[next].quarter_turn(), out[next].cycled()] {
                if !out.contains(&turned) {
                    out.push(turned);
                }
            }
            next += 1;
        }
        out
    }

    /// Every distinct orientation, rotations and reflections: the rotations
    /// ([`Shape::rotations`]), then those of the mirror image that are new. 48 for a shape
    /// without symmetry; the same as the rotations for a shape that is its own mirror image.
    pub fn orientations(&self) -> Vec<Shape> {
        let mut out = self.rotations();
        for s in self.mirrored().rotations() {
            if !out.contains(&s) {
                out.push(s);
            }
        }
        out
    }

    /// True when the mirror image is one of the rotations (every flat shape is).
    pub fn is_achiral(&self) -> bool {
        self.rotations().contains(&self.mirrored())
    }

    /// The least of the rotations: two shapes are the same solid piece exactly when their
    /// canonical forms are equal.
    pub fn canonical(&self) -> Shape {
        self.rotations()
            .into_iter()
            .min()
            .expect("a shape is one of its rotations")
    }

    /// The one-line layer picture: rows separated by `/`, layers by `//`.
    pub fn to_layers(&self) -> String {
        let [w, h, d] = self.size();
        let mut grid = vec![vec![vec!['.'; w as usize]; h as usize]; d as usize];
        for &[x, y, z] in &self.cells {
            grid[z as usize][y as usize][x as usize] = '#';
        }
        grid.iter()
            .map(|layer| {
                layer
                    .iter()
                    .map(|row| row.iter().collect::<String>())
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .collect::<Vec<_>>()
            .join("//")
    }
}

/// Reads one cube `x,y,z`.
pub(crate) fn parse_cell(token: &str) -> Result<Cell, ShapeError> {
    let bad = || ShapeError::BadCell(token.to_string());
    let mut parts = token.split(',').map(|p| p.trim().parse::<i32>());
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(Ok(x)), Some(Ok(y)), Some(Ok(z)), None) => Ok([x, y, z]),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(p: &str) -> Shape {
        Shape::from_layers(p).unwrap()
    }

    #[test]
    fn numbers_of_rotations_and_orientations() {
        // The cube's rotation group has 24 elements: a shape's rotations are 24 divided by
        // the order of its own rotation group.
        let cases = [
            ("#", 1, 1),
            ("##", 3, 3),
            ("###/#..", 24, 24),      // L tetracube: flat, so achiral
            ("##/##", 3, 3),          // square
            ("##/#.//#.", 8, 8),      // tripod: a third of a turn about the diagonal
            ("##/.#//../.#", 12, 24), // screw: a half turn, and chiral
            (".#./###/.#.", 3, 3),    // X
            ("#####", 3, 3),
        ];
        for (picture, rotations, orientations) in cases {
            let shape = s(picture);
            assert_eq!(shape.rotations().len(), rotations, "{picture}");
            assert_eq!(shape.orientations().len(), orientations, "{picture}");
            assert_eq!(shape.is_achiral(), rotations == orientations, "{picture}");
        }
    }

    #[test]
    fn rotations_follow_knuths_order() {
        // The L tricube: the shape, its quarter turn, its cycle, then the quarter turn of
        // the quarter turn...
        let got: Vec<String> = s("##/#.")
            .rotations()
            .iter()
            .map(Shape::to_layers)
            .collect();
        assert_eq!(got[0], "##/#.");
        assert_eq!(got[1], s("##/#.").quarter_turn().to_layers());
        assert_eq!(got[2], s("##/#.").cycled().to_layers());
        assert_eq!(got.len(), 12);
    }

    #[test]
    fn pictures_and_cell_lists_agree() {
        let a = s("##/.#//../.#");
        let b = Shape::parse_cells("0,0,0 1,0,0 1,1,0 1,1,1").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.size(), [2, 2, 2]);
        assert!(!a.is_flat() && s("###/.#.").is_flat());
        // Blank lines around a multi-line picture, and spaces, are ignored.
        assert_eq!(
            Shape::from_layers("\n  ##\n  .#\n\n  ..\n  .#\n\n").unwrap(),
            a
        );
        // The canonical form is the same for every rotation, and tells mirror images apart.
        assert!(a.rotations().iter().all(|r| r.canonical() == a.canonical()));
        assert_ne!(a.mirrored().canonical(), a.canonical());
    }

    #[test]
    fn bad_shapes_are_errors() {
        assert_eq!(
            Shape::from_layers("##//#x"),
            Err(ShapeError::BadChar {
                layer: 2,
                row: 1,
                col: 2,
                ch: 'x'
            })
        );
        assert_eq!(Shape::from_layers("..//.."), Err(ShapeError::Empty));
        assert_eq!(
            Shape::parse_cells("0,0,0 0,0,0"),
            Err(ShapeError::Repeated([0, 0, 0]))
        );
        assert_eq!(
            Shape::parse_cells("0,0"),
            Err(ShapeError::BadCell("0,0".into()))
        );
        assert_eq!(
            Shape::parse_cells("0,0,-2147483648 0,0,2147483647"),
            Err(ShapeError::TooLarge)
        );
    }
}
