//! Triangles of the triangular grid, their names, neighbours and symmetries.
//!
//! Lattice points are `(a, b)` with basis e1 = (1, 0) and e2 = (1/2, √3/2). Cell `(x, y, z)`
//! is the **up** triangle with vertices (x,y), (x+1,y), (x,y+1) when z = 0, and the **down**
//! triangle with vertices (x+1,y), (x,y+1), (x+1,y+1) when z = 1. A horizontal strip y reads
//! `(0,y,0) (0,y,1) (1,y,0) (1,y,1) …` from left to right; strip y+1 lies on top of strip y,
//! shifted half a unit to the right. This is the naming of Knuth's `polyiamonds.w`.

use std::fmt;

use crate::error::PolyiamondError;

/// Which way a triangle points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Orient {
    /// z = 0: a horizontal edge at the bottom, the apex on top.
    Up,
    /// z = 1: a horizontal edge on top, the apex below.
    Down,
}

/// One triangle `(x, y, z)` of the grid. Cells order lexicographically by `(x, y, z)`, up
/// before down: the column order of the paper's matrices.
///
/// Shapes and boards keep their cells within 2^20 of the origin
/// ([`crate::shape::MAX_EXTENT`]); the lattice arithmetic of a cell (its vertices,
/// neighbours and shifts) adds 1 to its coordinates, which overflows at `i32::MAX` as plain
/// arithmetic does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// Position along e1.
    pub x: i32,
    /// Position along e2 (the strip).
    pub y: i32,
    /// Up (z = 0) or down (z = 1).
    pub z: Orient,
}

/// A lattice point `(a, b)` = a·e1 + b·e2.
pub type Point = (i32, i32);

const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

impl Cell {
    /// The up triangle at `(x, y)`.
    pub const fn up(x: i32, y: i32) -> Self {
        Cell {
            x,
            y,
            z: Orient::Up,
        }
    }

    /// The down triangle at `(x, y)`.
    pub const fn down(x: i32, y: i32) -> Self {
        Cell {
            x,
            y,
            z: Orient::Down,
        }
    }

    /// True for a down triangle (the paper's colour experiment calls these black).
    pub fn is_down(self) -> bool {
        self.z == Orient::Down
    }

    /// The three corners, as lattice points.
    pub fn vertices(self) -> [Point; 3] {
        let (x, y) = (self.x, self.y);
        match self.z {
            Orient::Up => [(x, y), (x + 1, y), (x, y + 1)],
            Orient::Down => [(x + 1, y), (x, y + 1), (x + 1, y + 1)],
        }
    }

    /// The triangle with these three corners, if they form one.
    pub fn from_vertices(v: [Point; 3]) -> Option<Self> {
        let x = v.iter().map(|p| p.0).min()?;
        let y = v.iter().map(|p| p.1).min()?;
        // In 64 bits: any three points give an answer, not an overflow.
        let sum: i64 = v.iter().map(|p| i64::from(p.0) + i64::from(p.1)).sum();
        let cell = match sum - 3 * i64::from(x) - 3 * i64::from(y) {
            2 if x < i32::MAX && y < i32::MAX => Cell::up(x, y),
            4 if x < i32::MAX && y < i32::MAX => Cell::down(x, y),
            _ => return None,
        };
        let mut want = cell.vertices();
        let mut got = v;
        want.sort_unstable();
        got.sort_unstable();
        (want == got).then_some(cell)
    }

    /// Applies a map of lattice points that preserves the grid (a rotation or reflection).
    ///
    /// # Panics
    /// If `f` maps the triangle's corners to three points that are not a triangle (it is no
    /// symmetry of the lattice).
    pub fn map(self, f: impl Fn(Point) -> Point) -> Self {
        let [p, q, r] = self.vertices();
        Cell::from_vertices([f(p), f(q), f(r)])
            .expect("a symmetry of the lattice maps triangles to triangles")
    }

    /// The three triangles sharing an edge with this one.
    pub fn neighbours(self) -> [Cell; 3] {
        let (x, y) = (self.x, self.y);
        match self.z {
            Orient::Up => [Cell::down(x, y), Cell::down(x - 1, y), Cell::down(x, y - 1)],
            Orient::Down => [Cell::up(x, y), Cell::up(x + 1, y), Cell::up(x, y + 1)],
        }
    }

    /// Knuth's name: the base-36 digits of x and y, then `*` for a down triangle (`00`, `5a*`).
    /// Only cells with `0 <= x, y < 36` have names.
    pub fn name(self) -> Option<String> {
        let d = |v: i32| {
            usize::try_from(v)
                .ok()
                .and_then(|v| DIGITS.get(v))
                .map(|&c| c as char)
        };
        let mut s = String::with_capacity(3);
        s.push(d(self.x)?);
        s.push(d(self.y)?);
        if self.is_down() {
            s.push('*');
        }
        Some(s)
    }

    /// Parses a name such as `00`, `12*` or `a5*`.
    pub fn parse(name: &str) -> Result<Self, PolyiamondError> {
        let bad = || PolyiamondError::BadCellName {
            name: name.to_string(),
        };
        let b = name.as_bytes();
        let (digits, down) = match b {
            [x, y] => ([*x, *y], false),
            [x, y, b'*'] => ([*x, *y], true),
            _ => return Err(bad()),
        };
        let v = |c: u8| {
            DIGITS
                .iter()
                .position(|&d| d == c.to_ascii_lowercase())
                .map(|p| p as i32)
        };
        let (x, y) = (v(digits[0]).ok_or_else(bad)?, v(digits[1]).ok_or_else(bad)?);
        Ok(if down {
            Cell::down(x, y)
        } else {
            Cell::up(x, y)
        })
    }

    /// The cell moved by `(dx, dy)` lattice units.
    pub fn shifted(self, dx: i32, dy: i32) -> Self {
        Cell {
            x: self.x + dx,
            y: self.y + dy,
            z: self.z,
        }
    }

    /// Cartesian coordinates of the centroid (e1 = (1,0), e2 = (1/2, √3/2)).
    pub fn centroid(self) -> (f64, f64) {
        let v = self.vertices();
        let (mut cx, mut cy) = (0.0, 0.0);
        for p in v {
            let (x, y) = cartesian(p);
            cx += x / 3.0;
            cy += y / 3.0;
        }
        (cx, cy)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => f.write_str(&n),
            None => write!(f, "({},{},{})", self.x, self.y, u8::from(self.is_down())),
        }
    }
}

/// Cartesian coordinates of a lattice point.
pub fn cartesian((a, b): Point) -> (f64, f64) {
    (a as f64 + b as f64 / 2.0, b as f64 * 3f64.sqrt() / 2.0)
}

/// Rotates a lattice point 60° clockwise about the origin: (a,b) → (a+b, −a).
pub fn rotate_cw((a, b): Point) -> Point {
    (a + b, -a)
}

/// Rotates a lattice point 60° counter-clockwise about the origin: (a,b) → (−b, a+b).
pub fn rotate_ccw((a, b): Point) -> Point {
    (-b, a + b)
}

/// Reflects a lattice point in the line x = y (the 30° line through the origin).
pub fn reflect((a, b): Point) -> Point {
    (b, a)
}

/// The twelve symmetries of the lattice about a point `centre`: `k` clockwise 60° turns,
/// after the reflection in the 30° line through `centre` when `mirror`.
pub fn symmetry(centre: Point, k: u32, mirror: bool) -> impl Fn(Point) -> Point {
    move |(a, b)| {
        let mut p = (a - centre.0, b - centre.1);
        if mirror {
            p = reflect(p);
        }
        for _ in 0..k % 6 {
            p = rotate_cw(p);
        }
        (p.0 + centre.0, p.1 + centre.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_order_is_knuths() {
        for name in ["00", "00*", "5a", "z9*"] {
            assert_eq!(Cell::parse(name).unwrap().name().unwrap(), name);
        }
        for bad in ["", "0", "0*", "00x", "0!", "000"] {
            assert!(Cell::parse(bad).is_err(), "{bad}");
        }
        let mut cells = [
            Cell::up(1, 0),
            Cell::down(0, 1),
            Cell::up(0, 1),
            Cell::down(0, 0),
        ];
        cells.sort();
        let names: Vec<_> = cells.iter().map(|c| c.to_string()).collect();
        assert_eq!(names, ["00*", "01", "01*", "10"]);
    }

    #[test]
    fn any_three_points_are_a_triangle_or_none() {
        // Found by an audit: these overflowed.
        let far = [(i32::MAX, i32::MAX), (i32::MIN, 0), (0, i32::MIN)];
        assert_eq!(Cell::from_vertices(far), None);
        let edge = [(i32::MAX, 0), (i32::MAX, 1), (i32::MAX - 1, 1)];
        assert_eq!(Cell::from_vertices(edge), Some(Cell::down(i32::MAX - 1, 0)));
        let line = [(i32::MAX, 0), (i32::MAX, 1), (i32::MAX, 2)];
        assert_eq!(Cell::from_vertices(line), None);
        // Sums that name an up triangle at x = i32::MAX, whose corners would overflow.
        let rim = [(i32::MAX, 0), (i32::MAX, 0), (i32::MAX, 2)];
        assert_eq!(Cell::from_vertices(rim), None);
        let corner = Cell::down(i32::MAX - 1, 5);
        assert_eq!(Cell::from_vertices(corner.vertices()), Some(corner));
        for c in [Cell::up(-3, 7), Cell::down(4, -2)] {
            assert_eq!(Cell::from_vertices(c.vertices()), Some(c));
        }
    }

    #[test]
    fn neighbours_are_symmetric_and_share_an_edge() {
        for c in [Cell::up(3, 4), Cell::down(3, 4)] {
            for n in c.neighbours() {
                assert!(n.neighbours().contains(&c));
                let shared = c
                    .vertices()
                    .iter()
                    .filter(|v| n.vertices().contains(v))
                    .count();
                assert_eq!(shared, 2);
            }
        }
        // The up triangle (x,y+1,0) sits on the down triangle (x,y,1).
        assert!(Cell::down(2, 2).neighbours().contains(&Cell::up(2, 3)));
    }

    #[test]
    fn six_turns_are_the_identity_and_turns_swap_up_and_down() {
        let c = Cell::up(2, 1);
        let mut d = c;
        for k in 0..6 {
            assert_eq!(d.is_down(), k % 2 == 1);
            d = d.map(rotate_cw);
        }
        assert_eq!(d, c);
        assert_eq!(c.map(rotate_cw).map(rotate_ccw), c);
        assert_eq!(Cell::down(2, 1).map(reflect), Cell::down(1, 2));
        assert_eq!(Cell::from_vertices([(0, 0), (2, 0), (0, 1)]), None);
    }
}
