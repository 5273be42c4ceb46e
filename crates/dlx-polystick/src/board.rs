//! Boards: sets of unit segments to be covered, and their interior points.

use std::collections::BTreeSet;

use crate::error::PolystickError;
use crate::stick::{Point, Seg, Symmetry, digit};

/// A board: the unit segments that must be covered (the primary columns `Hxy`, `Vxy`).
///
/// Its *interior* points are those all four of whose unit segments are on the board: only
/// there can two pieces cross, so only they get secondary columns `Ixy`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    segs: Vec<Seg>,
    /// Segments that may stay uncovered (secondary items), sorted.
    optional: Vec<Seg>,
}

/// A symmetry of the square followed by a translation: how a board is mapped onto itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Transform {
    /// The symmetry about the origin.
    pub sym: Symmetry,
    /// Translation applied after it, in x.
    pub dx: i32,
    /// Translation applied after it, in y.
    pub dy: i32,
}

impl Transform {
    /// The image of a segment.
    pub fn seg(&self, s: Seg) -> Seg {
        s.apply(self.sym).shift(self.dx, self.dy)
    }

    /// The image of a set of segments (a piece's place, a board), sorted.
    pub fn image(&self, segs: &[Seg]) -> Vec<Seg> {
        let mut out: Vec<Seg> = segs.iter().map(|&s| self.seg(s)).collect();
        out.sort_unstable();
        out
    }
}

/// Refuses a board whose largest coordinate would be `top`, past what base-36 names express
/// (the error [`Board::from_segments`] would give, without making the segments first).
fn off_the_map(top: i32) -> Result<(), PolystickError> {
    if top >= 36 {
        return Err(PolystickError::OffTheMap { x: top, y: top });
    }
    Ok(())
}

impl Board {
    /// A board from any set of segments (duplicates merged). Coordinates must lie in 0..36,
    /// the range of base-36 column names.
    pub fn from_segments(segs: impl IntoIterator<Item = Seg>) -> Result<Self, PolystickError> {
        let set: BTreeSet<Seg> = segs.into_iter().collect();
        if set.is_empty() {
            return Err(PolystickError::EmptyBoard);
        }
        if let Some(s) = set.iter().find(|s| s.name().is_none()) {
            return Err(PolystickError::OffTheMap { x: s.x, y: s.y });
        }
        Ok(Board {
            segs: set.into_iter().collect(),
            optional: Vec::new(),
        })
    }

    /// The board with these segments marked as segments that may stay uncovered: each
    /// becomes a secondary item, covered at most once, where the others are covered exactly
    /// once. A segment not on the board is an error.
    pub fn with_optional(
        mut self,
        segs: impl IntoIterator<Item = Seg>,
    ) -> Result<Self, PolystickError> {
        for s in segs {
            if !self.contains(s) {
                return Err(PolystickError::NotOnBoard { seg: s.to_string() });
            }
            if let Err(k) = self.optional.binary_search(&s) {
                self.optional.insert(k, s);
            }
        }
        Ok(self)
    }

    /// True when the segment is on the board and may stay uncovered.
    pub fn is_optional(&self, s: Seg) -> bool {
        self.optional.binary_search(&s).is_ok()
    }

    /// The segments that may stay uncovered, sorted by name.
    pub fn optional_segments(&self) -> &[Seg] {
        &self.optional
    }

    /// The segments of a `w`×`h` grid of unit squares: H x y for 0 ≤ x < w, 0 ≤ y ≤ h and
    /// V x y for 0 ≤ x ≤ w, 0 ≤ y < h.
    pub fn grid(w: i32, h: i32) -> Result<Self, PolystickError> {
        // Checked before the segments are made: a size of millions would fill memory first.
        off_the_map(w.max(h))?;
        let hs = (0..w).flat_map(|x| (0..=h).map(move |y| Seg::h(x, y)));
        let vs = (0..=w).flat_map(|x| (0..h).map(move |y| Seg::v(x, y)));
        Board::from_segments(hs.chain(vs))
    }

    /// Every unit segment joining two lattice points with |x| + |y| ≤ `r`, shifted by +r so
    /// that all coordinates are non-negative: the order-(r−1) Aztec diamond with a spike at
    /// each tip. `diamond(5)` has 100 segments like Figure 15's board, but it is not that
    /// board ([`Board::diamond_lattice`] is).
    pub fn diamond(r: i32) -> Result<Self, PolystickError> {
        off_the_map(r.saturating_mul(2))?;
        if r < 1 {
            return Err(PolystickError::EmptyBoard);
        }
        let inside = |p: Point| (p.x - r).abs() + (p.y - r).abs() <= r;
        let mut segs = Vec::new();
        for x in 0..=2 * r {
            for y in 0..=2 * r {
                for s in [Seg::h(x, y), Seg::v(x, y)] {
                    if s.ends().iter().all(|&p| inside(p)) {
                        segs.push(s);
                    }
                }
            }
        }
        Board::from_segments(segs)
    }

    /// The edges of the `n`×`n` *diamond lattice*: the 2n² − 2n + 1 unit squares whose centres
    /// lie within n − 1 steps (|dx| + |dy| ≤ n − 1) of a central square, the square cornered
    /// at (n−1, n−1) being the centre. `diamond_lattice(5)` is the board of Figure 15 (41
    /// squares, 100 segments): the shape Wassermann covered in 107 ways, which Goodger's
    /// Polyform Puzzler calls the 5×5 diamond lattice. Its 40 points where four segments
    /// meet fall into 6 orbits under the 8 symmetries, the 6 places of X by which both split
    /// the search.
    pub fn diamond_lattice(n: i32) -> Result<Self, PolystickError> {
        off_the_map(n.saturating_mul(2).saturating_sub(1))?;
        if n < 1 {
            return Err(PolystickError::EmptyBoard);
        }
        let c = n - 1;
        let mut segs = Vec::new();
        for a in 0..=2 * c {
            for b in 0..=2 * c {
                if (a - c).abs() + (b - c).abs() <= c {
                    segs.extend([
                        Seg::h(a, b),
                        Seg::h(a, b + 1),
                        Seg::v(a, b),
                        Seg::v(a + 1, b),
                    ]);
                }
            }
        }
        Board::from_segments(segs)
    }

    /// Reads a board description:
    /// * `WxH`, e.g. `5x5`: the grid of W×H unit squares;
    /// * `diamond-R`, e.g. `diamond-5`: the segments joining points with |x|+|y| ≤ R;
    /// * `lattice-N`, e.g. `lattice-5`: the N×N diamond lattice ([`Board::diamond_lattice`];
    ///   `aztec` is `lattice-5`, Figure 15's board);
    /// * otherwise a list of segment names `Hxy` / `Vxy` separated by white space or commas.
    ///
    /// ```
    /// use dlx_polystick::Board;
    /// assert_eq!(Board::parse("5x5")?.segments().len(), 60);
    /// assert_eq!(Board::parse("aztec")?.segments().len(), 100);
    /// assert_eq!(Board::parse("H00 H01 V00 V10")?.interior_points().len(), 0);
    /// # Ok::<(), dlx_polystick::PolystickError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, PolystickError> {
        let t = text.trim();
        let bad = |line: usize, item: usize, text: &str, reason: &str| PolystickError::BadBoard {
            line,
            item,
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let dimension = |s: &str| -> Result<i32, PolystickError> {
            match s.parse::<i32>() {
                Ok(v) if (1..=35).contains(&v) => Ok(v),
                _ => Err(bad(1, 1, t, "sizes must be whole numbers from 1 to 35")),
            }
        };
        if t == "aztec" {
            return Board::diamond_lattice(5);
        }
        if let Some(n) = t.strip_prefix("lattice-") {
            let n = dimension(n)?;
            if n > 18 {
                return Err(bad(1, 1, t, "a diamond lattice's size must be at most 18"));
            }
            return Board::diamond_lattice(n);
        }
        if let Some(r) = t.strip_prefix("diamond-") {
            let r = dimension(r)?;
            if r > 17 {
                return Err(bad(1, 1, t, "a diamond's radius must be at most 17"));
            }
            return Board::diamond(r);
        }
        if let Some((w, h)) = t.split_once(['x', 'X'])
            && !w.is_empty()
            && w.chars().all(|c| c.is_ascii_digit())
        {
            return Board::grid(dimension(w)?, dimension(h)?);
        }
        let mut segs = Vec::new();
        let mut optional = Vec::new();
        // Lines counted in the text as given (a file's first lines may be blank).
        let words = text.lines().enumerate().flat_map(|(n, line)| {
            line.split(|c: char| c.is_whitespace() || c == ',')
                .filter(|w| !w.is_empty())
                .map(move |w| (n + 1, w))
        });
        for (k, (line, word)) in words.enumerate() {
            let (name, may_stay) = match word.strip_suffix('?') {
                Some(name) => (name, true),
                None => (word, false),
            };
            let s: Seg = name.parse().map_err(|_| {
                bad(
                    line,
                    k + 1,
                    word,
                    "expected WxH, diamond-R, lattice-N, aztec, or segment names like H23 V40 \
                     (H23? may stay uncovered)",
                )
            })?;
            // A repeat is a slip (or says both "must be covered" and "may stay uncovered"):
            // refused rather than merged.
            if segs.contains(&s) {
                return Err(bad(line, k + 1, word, "this segment is listed twice"));
            }
            segs.push(s);
            if may_stay {
                optional.push(s);
            }
        }
        Board::from_segments(segs)?.with_optional(optional)
    }

    /// The segments, sorted by name (all H, then all V).
    pub fn segments(&self) -> &[Seg] {
        &self.segs
    }

    /// True when the segment is on the board.
    pub fn contains(&self, s: Seg) -> bool {
        self.segs.binary_search(&s).is_ok()
    }

    /// The points all four of whose unit segments are on the board, sorted by name.
    pub fn interior_points(&self) -> Vec<Point> {
        let mut pts: BTreeSet<Point> = BTreeSet::new();
        for s in &self.segs {
            for p in s.ends() {
                if p.arms().iter().all(|&a| self.contains(a)) {
                    pts.insert(p);
                }
            }
        }
        pts.into_iter().collect()
    }

    /// The largest x and y of any lattice point on the board.
    pub fn extent(&self) -> (i32, i32) {
        let pts = self.segs.iter().flat_map(|s| s.ends());
        pts.fold((0, 0), |(mx, my), p| (mx.max(p.x), my.max(p.y)))
    }

    /// The symmetries of the square that map the board onto itself (after a translation);
    /// the identity first.
    pub fn symmetries(&self) -> Vec<Transform> {
        let min = |segs: &[Seg]| {
            (
                segs.iter().map(|s| s.x).min().unwrap_or(0),
                segs.iter().map(|s| s.y).min().unwrap_or(0),
            )
        };
        let (bx, by) = min(&self.segs);
        Symmetry::all()
            .into_iter()
            .filter_map(|sym| {
                let moved: Vec<Seg> = self.segs.iter().map(|s| s.apply(sym)).collect();
                let (mx, my) = min(&moved);
                let t = Transform {
                    sym,
                    dx: bx - mx,
                    dy: by - my,
                };
                (t.image(&self.segs) == self.segs && t.image(&self.optional) == self.optional)
                    .then_some(t)
            })
            .collect()
    }

    /// The symmetries of the board (as [`Board::symmetries`]) that map a set of segments,
    /// such as a piece fixed in place, onto itself; the identity first.
    pub fn stabiliser(&self, segs: &[Seg]) -> Vec<Transform> {
        let mut want = segs.to_vec();
        want.sort_unstable();
        self.symmetries()
            .into_iter()
            .filter(|t| t.image(&want) == want)
            .collect()
    }

    /// The board as a list of segment names, the form [`Board::parse`] reads back (`H23?`
    /// for a segment that may stay uncovered).
    pub fn describe(&self) -> String {
        let names: Vec<String> = self
            .segs
            .iter()
            .map(|&s| {
                if self.is_optional(s) {
                    format!("{s}?")
                } else {
                    s.to_string()
                }
            })
            .collect();
        names.join(" ")
    }
}

/// The name of a point's secondary column; boards guarantee it exists.
pub(crate) fn point_name(p: Point) -> String {
    format!(
        "I{}{}",
        digit(p.x).expect("board points have base-36 names"),
        digit(p.y).expect("board points have base-36 names")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_that_may_stay_uncovered() {
        let b = Board::parse("H00 H01? V00\nV10?").unwrap();
        assert!(b.is_optional(Seg::h(0, 1)) && !b.is_optional(Seg::h(0, 0)));
        assert_eq!(b.optional_segments(), [Seg::h(0, 1), Seg::v(1, 0)]);
        assert_eq!(b.describe(), "H00 H01? V00 V10?");
        assert_eq!(Board::parse(&b.describe()).unwrap(), b);
        assert!(matches!(
            Board::parse("H00 H01 V00 V10")
                .unwrap()
                .with_optional([Seg::h(5, 5)]),
            Err(PolystickError::NotOnBoard { .. })
        ));
        let e = Board::parse("H00\nV0?").unwrap_err().to_string();
        assert!(
            e.starts_with("board description, line 2, item 2 (`V0?`)"),
            "{e}"
        );
        // The square keeps the symmetries that map its optional segments to optional ones.
        assert_eq!(b.symmetries().len(), 2);
    }

    #[test]
    fn the_5x5_grid_has_60_segments_and_16_interior_points() {
        let b = Board::grid(5, 5).unwrap();
        assert_eq!(b.segments().len(), 60);
        let names: Vec<String> = b.interior_points().iter().map(|&p| point_name(p)).collect();
        assert_eq!(names.len(), 16);
        assert_eq!(names.first().unwrap(), "I11");
        assert_eq!(names.last().unwrap(), "I44");
        assert_eq!(b.symmetries().len(), 8);
        assert_eq!(b.extent(), (5, 5));
    }

    #[test]
    fn figure_15_is_the_5x5_diamond_lattice_with_40_crossing_points_in_6_orbits() {
        let b = Board::parse("aztec").unwrap();
        assert_eq!(b, Board::diamond_lattice(5).unwrap());
        assert_eq!(b.segments().len(), 100, "25 tetrasticks of 4 segments");
        let inner = b.interior_points();
        assert_eq!(inner.len(), 40);
        assert_eq!(b.symmetries().len(), 8);
        // No spikes: every end of every segment meets another segment.
        for s in b.segments() {
            for p in s.ends() {
                let arms = p.arms().iter().filter(|&&a| b.contains(a)).count();
                assert!(arms >= 2, "{s} ends at a point with {arms} arm");
            }
        }
        // The orbits of the crossing points, the places of X: 4 + 4 + 8 + 8 + 8 + 8.
        let x = crate::Puzzle::new(b.clone(), vec![crate::tetrastick("X").unwrap()]);
        let mut orbits: Vec<usize> = crate::subcases(&x, "X", None)
            .unwrap()
            .iter()
            .map(|s| s.orbit)
            .collect();
        orbits.sort_unstable();
        assert_eq!(orbits, [4, 4, 8, 8, 8, 8]);
        // Rows of 1, 3, 5, 7, 9, 7, 5, 3, 1 squares: the 5x5 grid turned 45 degrees.
        let small = Board::diamond_lattice(2).unwrap();
        assert_eq!(small.segments().len(), 16, "5 squares in a plus");
        assert_eq!(Board::parse("lattice-2").unwrap(), small);
        assert!(matches!(
            Board::parse("lattice-19"),
            Err(PolystickError::BadBoard { .. })
        ));
    }

    #[test]
    fn the_spiked_diamond_has_100_segments_and_41_interior_points() {
        let b = Board::diamond(5).unwrap();
        assert_eq!(b.segments().len(), 100);
        let inner = b.interior_points();
        assert_eq!(inner.len(), 41);
        assert!(inner.iter().all(|p| (p.x - 5).abs() + (p.y - 5).abs() <= 4));
        assert_eq!(b.symmetries().len(), 8);
        // The spikes at the tips: (5,0)-(5,1) and (0,5)-(1,5).
        assert!(b.contains(Seg::v(5, 0)) && b.contains(Seg::h(0, 5)));
        assert!(!b.contains(Seg::h(4, 0)));
    }

    #[test]
    fn a_rectangle_has_four_symmetries() {
        assert_eq!(Board::grid(4, 3).unwrap().symmetries().len(), 4);
    }

    #[test]
    fn descriptions_round_trip_and_errors_name_the_item() {
        let b = Board::grid(2, 1).unwrap();
        assert_eq!(Board::parse(&b.describe()).unwrap(), b);
        assert_eq!(
            Board::parse("H00 Q12"),
            Err(PolystickError::BadBoard {
                line: 1,
                item: 2,
                text: "Q12".to_string(),
                reason: "expected WxH, diamond-R, lattice-N, aztec, or segment names like H23 V40 \
                         (H23? may stay uncovered)"
                    .to_string()
            })
        );
        assert!(matches!(
            Board::parse("0x5"),
            Err(PolystickError::BadBoard { .. })
        ));
        assert!(matches!(
            Board::parse("5xq"),
            Err(PolystickError::BadBoard { .. })
        ));
        assert_eq!(Board::parse(""), Err(PolystickError::EmptyBoard));
        // A segment twice, even once as optional: refused, not merged.
        for text in ["H00 V00 H00", "H00 V00 h00?"] {
            assert_eq!(
                Board::parse(text).unwrap_err().to_string(),
                format!(
                    "board description, line 1, item 3 (`{}`): this segment is listed twice",
                    text.rsplit(' ').next().unwrap()
                )
            );
        }
        // A file: the line is counted as the file has it.
        let err = Board::parse("\nH00 V00\nH01,\n V10 H9\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "board description, line 4, item 5 (`H9`): expected WxH, diamond-R, lattice-N, aztec, \
             or segment names like H23 V40 (H23? may stay uncovered)"
        );
        assert!(matches!(
            Board::from_segments([Seg::h(-1, 0)]),
            Err(PolystickError::OffTheMap { .. })
        ));
        // Sizes past the names are refused before any segment is made (a grid of 100,000
        // squares a side had asked for gigabytes), at once, the largest that fit still made.
        for board in [
            Board::grid(100_000, 100_000),
            Board::grid(i32::MAX, 1),
            Board::grid(36, 1),
            Board::diamond(3000),
            Board::diamond(i32::MAX),
            Board::diamond(18),
            Board::diamond_lattice(i32::MAX),
            Board::diamond_lattice(19),
        ] {
            assert!(matches!(board, Err(PolystickError::OffTheMap { .. })));
        }
        for board in [
            Board::diamond(i32::MIN),
            Board::diamond_lattice(i32::MIN),
            Board::grid(i32::MIN, 3),
        ] {
            assert!(matches!(board, Err(PolystickError::EmptyBoard)));
        }
        assert!(Board::grid(35, 35).is_ok());
        assert!(Board::diamond(17).is_ok());
        assert!(Board::diamond_lattice(18).is_ok());
    }
}
