//! Unit segments ("sticks") and lattice points of the square lattice, their names, and the
//! eight symmetries of the square acting on them.
//!
//! Lattice points are (x, y) with x to the right and y upward. `Hxy` is the horizontal
//! segment (x,y)–(x+1,y), `Vxy` the vertical segment (x,y)–(x,y+1), `Ixy` the point (x,y);
//! digits are base 36, as in Knuth's `polysticks.w`.

use std::fmt;
use std::str::FromStr;

use crate::error::PolystickError;

/// The direction of a unit segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir {
    /// Horizontal: (x,y)–(x+1,y).
    H,
    /// Vertical: (x,y)–(x,y+1).
    V,
}

/// A lattice point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    /// Abscissa (to the right).
    pub x: i32,
    /// Ordinate (upward).
    pub y: i32,
}

/// A unit segment: horizontal `H x y` or vertical `V x y`, named from its lower-left end.
///
/// Segments order as their names sort (all `H` before all `V`, then x, then y), which is the
/// column order `polysticks.w` produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seg {
    /// Horizontal or vertical.
    pub dir: Dir,
    /// Abscissa of the lower-left end.
    pub x: i32,
    /// Ordinate of the lower-left end.
    pub y: i32,
}

const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// The base-36 digit of a coordinate, if it has one (0 ≤ v < 36).
pub fn digit(v: i32) -> Option<char> {
    usize::try_from(v)
        .ok()
        .and_then(|v| DIGITS.get(v))
        .map(|&b| b as char)
}

fn undigit(c: char) -> Option<i32> {
    let c = c.to_ascii_lowercase();
    DIGITS
        .iter()
        .position(|&b| b as char == c)
        .map(|v| v as i32)
}

impl Point {
    /// The point (x, y).
    pub const fn new(x: i32, y: i32) -> Self {
        Point { x, y }
    }

    /// The secondary column's name `Ixy`, if both coordinates have a base-36 digit.
    pub fn name(self) -> Option<String> {
        Some(format!("I{}{}", digit(self.x)?, digit(self.y)?))
    }

    /// The image under a symmetry of the square (about the origin).
    pub fn apply(self, s: Symmetry) -> Point {
        let mut p = if s.reflect {
            Point::new(self.y, self.x)
        } else {
            self
        };
        for _ in 0..s.turns {
            p = Point::new(-p.y, p.x);
        }
        p
    }

    /// The four unit segments that meet at this point: left, right, below, above.
    pub fn arms(self) -> [Seg; 4] {
        [
            Seg::h(self.x - 1, self.y),
            Seg::h(self.x, self.y),
            Seg::v(self.x, self.y - 1),
            Seg::v(self.x, self.y),
        ]
    }
}

impl Seg {
    /// The horizontal segment (x,y)–(x+1,y).
    pub const fn h(x: i32, y: i32) -> Self {
        Seg { dir: Dir::H, x, y }
    }

    /// The vertical segment (x,y)–(x,y+1).
    pub const fn v(x: i32, y: i32) -> Self {
        Seg { dir: Dir::V, x, y }
    }

    /// Its two end points, lower-left first.
    pub fn ends(self) -> [Point; 2] {
        let a = Point::new(self.x, self.y);
        match self.dir {
            Dir::H => [a, Point::new(self.x + 1, self.y)],
            Dir::V => [a, Point::new(self.x, self.y + 1)],
        }
    }

    /// The primary column's name `Hxy` or `Vxy`, if both coordinates have a base-36 digit.
    pub fn name(self) -> Option<String> {
        let d = match self.dir {
            Dir::H => 'H',
            Dir::V => 'V',
        };
        Some(format!("{d}{}{}", digit(self.x)?, digit(self.y)?))
    }

    /// The segment moved by (dx, dy).
    pub fn shift(self, dx: i32, dy: i32) -> Seg {
        Seg {
            dir: self.dir,
            x: self.x + dx,
            y: self.y + dy,
        }
    }

    /// The image under a symmetry of the square (about the origin):
    /// a quarter turn maps H(x,y) to V(−y,x) and V(x,y) to H(−y−1,x); the reflection in
    /// x = y swaps H(x,y) and V(y,x).
    pub fn apply(self, s: Symmetry) -> Seg {
        let mut g = if s.reflect {
            Seg {
                dir: match self.dir {
                    Dir::H => Dir::V,
                    Dir::V => Dir::H,
                },
                x: self.y,
                y: self.x,
            }
        } else {
            self
        };
        for _ in 0..s.turns {
            g = match g.dir {
                Dir::H => Seg::v(-g.y, g.x),
                Dir::V => Seg::h(-g.y - 1, g.x),
            };
        }
        g
    }
}

impl fmt::Display for Seg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => f.write_str(&n),
            None => write!(f, "{:?}({},{})", self.dir, self.x, self.y),
        }
    }
}

impl FromStr for Seg {
    type Err = PolystickError;

    /// Parses `Hxy` or `Vxy` (base-36 digits, either case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || PolystickError::BadSegment {
            name: s.to_string(),
        };
        let mut chars = s.chars();
        let dir = match chars.next() {
            Some('H' | 'h') => Dir::H,
            Some('V' | 'v') => Dir::V,
            _ => return Err(bad()),
        };
        let x = chars.next().and_then(undigit).ok_or_else(bad)?;
        let y = chars.next().and_then(undigit).ok_or_else(bad)?;
        if chars.next().is_some() {
            return Err(bad());
        }
        Ok(Seg { dir, x, y })
    }
}

/// One of the eight symmetries of the square: an optional reflection in the line x = y,
/// followed by `turns` quarter turns counter-clockwise about the origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// Reflect in x = y first.
    pub reflect: bool,
    /// Then turn this many quarter turns counter-clockwise (0..4).
    pub turns: u8,
}

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry {
        reflect: false,
        turns: 0,
    };

    /// All eight, the four rotations first.
    pub fn all() -> [Symmetry; 8] {
        let mut out = [Symmetry::IDENTITY; 8];
        for (k, s) in out.iter_mut().enumerate() {
            *s = Symmetry {
                reflect: k >= 4,
                turns: (k % 4) as u8,
            };
        }
        out
    }

    /// The four rotations.
    pub fn rotations() -> [Symmetry; 4] {
        let all = Symmetry::all();
        [all[0], all[1], all[2], all[3]]
    }
}

/// Translates segments so that the smallest x and the smallest y are 0, and sorts them:
/// the canonical form of a shape up to translation.
///
/// # Panics
/// If the segments spread over more than `i32::MAX` in x or y: no translated piece holds
/// them.
pub fn normalize(segs: &[Seg]) -> Vec<Seg> {
    let dx = segs.iter().map(|s| s.x).min().unwrap_or(0);
    let dy = segs.iter().map(|s| s.y).min().unwrap_or(0);
    let spread = "segments spread over more than i32::MAX cannot be normalised";
    let mut out: Vec<Seg> = segs
        .iter()
        .map(|s| Seg {
            x: s.x.checked_sub(dx).expect(spread),
            y: s.y.checked_sub(dy).expect(spread),
            ..*s
        })
        .collect();
    out.sort_unstable();
    out
}

/// The points where two collinear segments of `segs` meet: where a piece made of these
/// segments passes straight through. Sorted.
pub fn straight_points(segs: &[Seg]) -> Vec<Point> {
    let mut out: Vec<Point> = segs
        .iter()
        .filter_map(|&s| {
            let next = match s.dir {
                Dir::H => s.shift(1, 0),
                Dir::V => s.shift(0, 1),
            };
            segs.contains(&next).then(|| s.ends()[1])
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "segments spread over more than i32::MAX")]
    fn segments_too_far_apart_panic_by_name() {
        // Found by an audit: the shift negated i32::MIN.
        let far = [
            Seg {
                dir: Dir::H,
                x: i32::MAX,
                y: 0,
            },
            Seg {
                dir: Dir::V,
                x: i32::MIN,
                y: 0,
            },
        ];
        normalize(&far);
    }

    #[test]
    fn names_round_trip_in_base_36() {
        for s in [Seg::h(0, 0), Seg::v(3, 4), Seg::h(10, 35), Seg::v(35, 10)] {
            let name = s.name().unwrap();
            assert_eq!(name.parse::<Seg>().unwrap(), s);
        }
        assert_eq!(Seg::h(10, 2).name().unwrap(), "Ha2");
        assert_eq!(Point::new(4, 4).name().unwrap(), "I44");
        assert_eq!(Seg::h(-1, 0).name(), None);
        assert_eq!(Seg::h(36, 0).name(), None);
    }

    #[test]
    fn bad_names_are_errors() {
        for bad in ["", "H", "H0", "X00", "H000", "H0-", "V0é"] {
            assert!(bad.parse::<Seg>().is_err(), "{bad}");
        }
    }

    #[test]
    fn quarter_turn_follows_the_reference() {
        let q = Symmetry {
            reflect: false,
            turns: 1,
        };
        assert_eq!(Seg::h(2, 3).apply(q), Seg::v(-3, 2));
        assert_eq!(Seg::v(2, 3).apply(q), Seg::h(-4, 2));
        let r = Symmetry {
            reflect: true,
            turns: 0,
        };
        assert_eq!(Seg::h(2, 3).apply(r), Seg::v(3, 2));
    }

    #[test]
    fn symmetries_move_segment_ends_like_points() {
        for s in Symmetry::all() {
            for g in [Seg::h(2, 5), Seg::v(-1, 3)] {
                let mut moved: Vec<Point> = g.ends().iter().map(|p| p.apply(s)).collect();
                moved.sort_unstable();
                let mut ends = g.apply(s).ends().to_vec();
                ends.sort_unstable();
                assert_eq!(moved, ends, "{s:?} on {g}");
            }
        }
    }

    #[test]
    fn four_turns_are_the_identity() {
        let q = Symmetry {
            reflect: false,
            turns: 1,
        };
        let g = Seg::v(2, 7);
        assert_eq!(g.apply(q).apply(q).apply(q).apply(q), g);
    }

    #[test]
    fn straight_points_of_an_l() {
        // H00 H10 H20 V00: straight through (1,0) and (2,0); (0,0) is a corner.
        let l = [Seg::h(0, 0), Seg::h(1, 0), Seg::h(2, 0), Seg::v(0, 0)];
        assert_eq!(straight_points(&l), [Point::new(1, 0), Point::new(2, 0)]);
    }
}
