//! Polyiamonds: sets of triangles, normalised, with their orientations.

use std::fmt;

use crate::cell::{Cell, Orient, reflect, rotate_cw};
use crate::error::PolyiamondError;

/// The most a shape's cells may span along an axis: a million, far past any board.
pub const MAX_EXTENT: i64 = 1 << 20;

/// A polyiamond: a non-empty set of triangles, kept sorted and translated so that
/// min x = min y = 0 ("normalised").
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    cells: Vec<Cell>,
}

impl Shape {
    /// The normalised shape of these cells (duplicates dropped).
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Result<Self, PolyiamondError> {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        let min_x = cells
            .iter()
            .map(|c| c.x)
            .min()
            .ok_or(PolyiamondError::EmptyShape)?;
        let min_y = cells
            .iter()
            .map(|c| c.y)
            .min()
            .ok_or(PolyiamondError::EmptyShape)?;
        let span = |of: fn(&Cell) -> i32, min: i32| {
            let max = cells.iter().map(of).max().unwrap_or(min);
            i64::from(max) - i64::from(min)
        };
        if span(|c| c.x, min_x) >= MAX_EXTENT || span(|c| c.y, min_y) >= MAX_EXTENT {
            return Err(PolyiamondError::ShapeTooLarge);
        }
        // Each difference is below MAX_EXTENT, though -min_x may not be an i32.
        for c in &mut cells {
            *c = Cell {
                x: c.x - min_x,
                y: c.y - min_y,
                z: c.z,
            };
        }
        cells.sort_unstable();
        cells.dedup();
        Ok(Shape { cells })
    }

    /// Parses cell names separated by blanks, e.g. `"00 00* 01 01* 02 10"` (the sphinx).
    pub fn parse(names: &str) -> Result<Self, PolyiamondError> {
        Shape::new(
            names
                .split_whitespace()
                .map(Cell::parse)
                .collect::<Result<Vec<_>, _>>()?,
        )
    }

    /// Parses ASCII art, one line per strip, the **top** line being the highest strip. Each
    /// line lists the strip's triangles from left to right, two characters per x (up, then
    /// down); `.` and blanks are holes, anything else is a cell. Lines are not shifted: the
    /// half-unit slant of the strips is implied. For instance the 2x2 rhombus is `"####\n####"`.
    pub fn from_art(art: &str) -> Result<Self, PolyiamondError> {
        Shape::new(cells_from_art(art)?)
    }

    /// The cells, sorted.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of triangles.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a shape has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Number of down triangles (black in the paper's colour experiment).
    pub fn downs(&self) -> usize {
        self.cells.iter().filter(|c| c.is_down()).count()
    }

    /// Turned 60° clockwise (and normalised).
    pub fn rotated_cw(&self) -> Self {
        self.mapped(rotate_cw)
    }

    /// The mirror image: x and y swapped (the reflection in the 30° line).
    pub fn reflected(&self) -> Self {
        self.mapped(reflect)
    }

    fn mapped(&self, f: fn((i32, i32)) -> (i32, i32)) -> Self {
        Shape::new(self.cells.iter().map(|c| c.map(f))).expect("a shape is never empty")
    }

    /// The distinct rotations, in the order 0°, 60°, 120°, … clockwise.
    pub fn rotations(&self) -> Vec<Shape> {
        let mut out: Vec<Shape> = Vec::new();
        let mut s = self.clone();
        for _ in 0..6 {
            if !out.contains(&s) {
                out.push(s.clone());
            }
            s = s.rotated_cw();
        }
        out
    }

    /// The distinct orientations: the rotations of the shape, then those of its mirror image
    /// (at most 12).
    pub fn orientations(&self) -> Vec<Shape> {
        let mut out = self.rotations();
        for s in self.reflected().rotations() {
            if !out.contains(&s) {
                out.push(s);
            }
        }
        out
    }

    /// True when the mirror image is one of the rotations (the shape is not chiral).
    pub fn is_achiral(&self) -> bool {
        self.rotations().contains(&self.reflected())
    }

    /// The names of the cells, e.g. `00 00* 01`.
    pub fn names(&self) -> String {
        self.cells
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.names())
    }
}

/// The cells of an ASCII-art picture (see [`Shape::from_art`]), not normalised.
pub fn cells_from_art(art: &str) -> Result<Vec<Cell>, PolyiamondError> {
    let lines: Vec<&str> = art.lines().collect();
    let top = lines.len() as i32 - 1;
    let mut cells = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        for (j, ch) in line.chars().enumerate() {
            if ch == '.' || ch == ' ' {
                continue;
            }
            if !ch.is_ascii_graphic() {
                return Err(PolyiamondError::BadArt {
                    line: k + 1,
                    column: j + 1,
                    found: ch,
                });
            }
            let (x, y) = (j / 2, top - k as i32);
            if x >= 36 || y >= 36 {
                return Err(PolyiamondError::ArtTooLarge {
                    line: k + 1,
                    column: j + 1,
                });
            }
            let z = if j % 2 == 0 { Orient::Up } else { Orient::Down };
            cells.push(Cell { x: x as i32, y, z });
        }
    }
    if cells.is_empty() {
        return Err(PolyiamondError::EmptyShape);
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_and_names_agree() {
        let a = Shape::from_art("#....\n#####").unwrap();
        let n = Shape::parse("00 00* 10 10* 20 01").unwrap();
        assert_eq!(a, n);
        assert_eq!(Shape::from_art("####\n####").unwrap().len(), 8);
        // Past 72 columns, or 36 lines, a cell would have no name: said where.
        let wide = format!("{}#", ".".repeat(72));
        assert_eq!(
            cells_from_art(&wide),
            Err(PolyiamondError::ArtTooLarge {
                line: 1,
                column: 73
            })
        );
        let tall = "#\n".repeat(37);
        assert_eq!(
            cells_from_art(&tall),
            Err(PolyiamondError::ArtTooLarge { line: 1, column: 1 })
        );
        assert_eq!(cells_from_art(&"#\n".repeat(36)).unwrap().len(), 36);
        assert!(matches!(
            Shape::from_art("#\u{7}"),
            Err(PolyiamondError::BadArt {
                line: 1,
                column: 2,
                ..
            })
        ));
        assert_eq!(Shape::from_art("..\n"), Err(PolyiamondError::EmptyShape));
        assert!(Shape::parse("00 0").is_err());
    }

    #[test]
    fn cells_far_apart_are_refused_before_any_turn() {
        assert_eq!(
            Shape::new([Cell::up(i32::MIN, 0), Cell::down(i32::MAX, 0)]),
            Err(PolyiamondError::ShapeTooLarge)
        );
        assert_eq!(
            Shape::new([Cell::up(0, 0), Cell::up(0, MAX_EXTENT as i32)]),
            Err(PolyiamondError::ShapeTooLarge)
        );
        let far = Shape::new([Cell::up(i32::MIN, i32::MAX), Cell::down(i32::MIN, i32::MAX)]);
        assert_eq!(far.unwrap().orientations().len(), 3);
    }

    #[test]
    fn a_single_triangle_has_two_orientations_and_a_diamond_three() {
        assert_eq!(Shape::parse("00").unwrap().orientations().len(), 2);
        assert_eq!(Shape::parse("00 00*").unwrap().orientations().len(), 3);
    }
}
