//! A polystick puzzle as a generalised cover problem: one row per placement of a piece.
//!
//! Columns, in this order (the order `polysticks.w` produces): one primary column per piece,
//! the board's segments `Hxy` and `Vxy` sorted by name, then the secondary columns `Ixy` of
//! the board's interior points (after the segments that may stay uncovered, secondary too,
//! when the board has some; a piece placed a number or range of times, [`Puzzle::count`], has
//! that multiplicity). A row holds its piece, its segments and the interior points
//! the piece passes straight through; two pieces that would cross share such a point, so the
//! secondary columns forbid crossings (the paper's generalised cover).

use std::collections::BTreeSet;

use dlx_core::{Matrix, MatrixBuilder, OptionId, Solution};

use crate::arrangement::{Arrangement, Placed};
use crate::board::{Board, Transform, point_name};
use crate::error::PolystickError;
use crate::piece::Piece;
use crate::stick::{Point, Seg, normalize, straight_points};

/// Whether the matrix has the secondary columns that keep pieces from crossing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Crossings {
    /// Secondary columns `Ixy` for the interior points: no two pieces cross (the paper's
    /// formulation).
    #[default]
    Forbidden,
    /// No `Ixy` columns: a plain exact cover of the segments, whose solutions may cross
    /// (Figure 12).
    Allowed,
}

/// A board and the pieces to put on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The segments to cover.
    pub board: Board,
    /// The pieces, in column order; each is used exactly once unless [`Puzzle::count`]
    /// says otherwise.
    pub pieces: Vec<Piece>,
    /// Pieces placed a number or range of times, `(piece, (lo, hi))`.
    counts: Vec<(usize, (u32, u32))>,
    /// Pieces restricted to some of their orientations (symmetry breaking).
    restricted: Vec<(usize, Vec<Vec<Seg>>)>,
    /// Pieces kept only at the least placement of each orbit under a group of board
    /// symmetries (symmetry breaking inside a subcase).
    orbit_minima: Vec<(usize, Vec<Transform>)>,
    /// With or without the secondary columns.
    pub crossings: Crossings,
}

/// One row of the matrix: a piece at one position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Index of the piece in [`Puzzle::pieces`].
    pub piece: usize,
    /// The segments it covers, sorted by name.
    pub segs: Vec<Seg>,
    /// The board's interior points it passes straight through (its secondary items, when
    /// crossings are forbidden).
    pub straight: Vec<Point>,
}

/// A puzzle's matrix together with what each row means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolystickMatrix {
    /// The generalised cover matrix.
    pub matrix: Matrix,
    /// `placements[option]` is the placement behind each row.
    pub placements: Vec<Placement>,
    /// The pieces, as in the puzzle.
    pub pieces: Vec<Piece>,
    /// The board.
    pub board: Board,
}

impl Puzzle {
    /// A puzzle with crossings forbidden and no orientation restricted.
    pub fn new(board: Board, pieces: Vec<Piece>) -> Self {
        Puzzle {
            board,
            pieces,
            restricted: Vec::new(),
            orbit_minima: Vec::new(),
            counts: Vec::new(),
            crossings: Crossings::Forbidden,
        }
    }

    /// Places the piece named `name` between `lo` and `hi` times (`lo = 0`: it may be left
    /// out): its column gets Knuth's multiplicity, solved by the engine [`dlx_core::Problem`]
    /// picks. A piece placed once (the default) stays a plain primary column, and one placed
    /// at most once is a secondary one ([`dlx_core::MatrixBuilder::counted`]).
    ///
    /// ```
    /// use dlx_polystick::{Board, Puzzle, parse_piece_set};
    /// // The 2x2 grid (12 segments) with the L up to three times, the I at most once.
    /// let puzzle = Puzzle::new(Board::grid(2, 2)?, parse_piece_set("L I")?)
    ///     .count("L", 0, 3)?
    ///     .count("I", 0, 1)?;
    /// let built = puzzle.build()?;
    /// assert!(built.matrix.has_bounds());
    /// # Ok::<(), dlx_polystick::PolystickError>(())
    /// ```
    pub fn count(mut self, name: &str, lo: u32, hi: u32) -> Result<Self, PolystickError> {
        let k = self.piece_index(name)?;
        if lo > hi || hi == 0 {
            return Err(PolystickError::BadCount {
                name: name.to_string(),
                lo,
                hi,
            });
        }
        self.counts.retain(|(p, _)| *p != k);
        self.counts.push((k, (lo, hi)));
        Ok(self)
    }

    /// How many times the piece in column `piece` is placed, `(lo, hi)`.
    pub fn counts(&self, piece: usize) -> (u32, u32) {
        self.counts
            .iter()
            .find(|(p, _)| *p == piece)
            .map_or((1, 1), |&(_, c)| c)
    }

    /// Sets whether the secondary columns are built.
    pub fn with_crossings(mut self, crossings: Crossings) -> Self {
        self.crossings = crossings;
        self
    }

    /// The column (index in [`Puzzle::pieces`]) of the piece with this name.
    pub fn piece_index(&self, name: &str) -> Result<usize, PolystickError> {
        self.pieces
            .iter()
            .position(|p| p.name() == name)
            .ok_or_else(|| PolystickError::PieceNotInPuzzle {
                name: name.to_string(),
            })
    }

    /// Keeps only one orientation of a piece, given by segment names (any translation).
    /// Fixing one of the 8 orientations of a piece without symmetry, on a board with the 8
    /// symmetries of the square, picks exactly one solution of every orbit.
    ///
    /// ```
    /// use dlx_polystick::{Board, Puzzle, parse_piece_set};
    /// let puzzle = Puzzle::new(Board::grid(5, 5)?, parse_piece_set("all -H")?)
    ///     .fix_orientation("P", "H00 H01 V00 V11")?;
    /// let built = puzzle.build()?;
    /// let p_rows = built.placements.iter().filter(|p| built.pieces[p.piece].name() == "P");
    /// assert_eq!(p_rows.count(), 20); // one orientation, 1 wide and 2 tall: 5 x 4 places
    /// # Ok::<(), dlx_polystick::PolystickError>(())
    /// ```
    pub fn fix_orientation(mut self, piece: &str, shape: &str) -> Result<Self, PolystickError> {
        let k = self.piece_index(piece)?;
        let segs = shape
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<Seg>, _>>()?;
        let shape_n = normalize(&segs);
        if !self.pieces[k].orientations().contains(&shape_n) {
            return Err(PolystickError::NoSuchOrientation {
                piece: piece.to_string(),
                shape: shape.to_string(),
            });
        }
        self.restricted.retain(|(p, _)| *p != k);
        self.restricted.push((k, vec![shape_n]));
        Ok(self)
    }

    /// Keeps a piece only at the placements that are least (as sorted segment lists) among
    /// their images under `group`: the way to break a symmetry that is left once another
    /// piece is fixed in place (`group` is then that piece's [`Board::stabiliser`]). Every
    /// solution has an image under `group` with this piece at such a placement, so every class
    /// of solutions under `group` is still found, about |group| times fewer times; a placement
    /// that some of `group` fixes lets a class be found more than once, so classes are counted
    /// afterwards ([`crate::orbits`]).
    ///
    /// `group` must map the puzzle onto itself (the caller's fixed pieces included), and the
    /// piece's own placements onto themselves, which is checked: a chiral one-sided piece is
    /// turned into its mirror image by a reflection, so it cannot break one.
    ///
    /// ```
    /// use dlx_polystick::{Board, Puzzle, parse_piece_set};
    /// let board = Board::grid(5, 5)?;
    /// let all = board.symmetries();
    /// let puzzle = Puzzle::new(board, parse_piece_set("all -H")?);
    /// let x = puzzle.pieces.iter().position(|p| p.name() == "X").unwrap();
    /// let x_rows = |p: &Puzzle| p.placements().iter().filter(|pl| pl.piece == x).count();
    /// assert_eq!(x_rows(&puzzle), 16);
    /// // Under the 8 symmetries of the square, X's 16 places fall into 3 orbits.
    /// let broken = puzzle.restrict_to_orbit_minima("X", &all)?;
    /// assert_eq!(x_rows(&broken), 3);
    /// # Ok::<(), dlx_polystick::PolystickError>(())
    /// ```
    pub fn restrict_to_orbit_minima(
        mut self,
        piece: &str,
        group: &[Transform],
    ) -> Result<Self, PolystickError> {
        let k = self.piece_index(piece)?;
        self.orbit_minima.retain(|(p, _)| *p != k);
        let places: BTreeSet<Vec<Seg>> = self
            .placements()
            .into_iter()
            .filter(|pl| pl.piece == k)
            .map(|pl| pl.segs)
            .collect();
        for t in group {
            if let Some(segs) = places.iter().find(|s| !places.contains(&t.image(s))) {
                return Err(PolystickError::NotInvariant {
                    piece: piece.to_string(),
                    place: segs
                        .iter()
                        .map(Seg::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                });
            }
        }
        self.orbit_minima.push((k, group.to_vec()));
        Ok(self)
    }

    /// The pieces, in column order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The orientations a piece may take in this puzzle.
    ///
    /// # Panics
    /// If `piece` is not below the number of the puzzle's pieces.
    pub fn orientations(&self, piece: usize) -> Vec<Vec<Seg>> {
        match self.restricted.iter().find(|(p, _)| *p == piece) {
            Some((_, shapes)) => shapes.clone(),
            None => self.pieces[piece].orientations(),
        }
    }

    /// Every placement: each piece in column order, each allowed orientation, each translate
    /// that lies on the board.
    pub fn placements(&self) -> Vec<Placement> {
        let inner = self.board.interior_points();
        let (mx, my) = self.board.extent();
        let mut out = Vec::new();
        for piece in 0..self.pieces.len() {
            for shape in self.orientations(piece) {
                for dx in 0..=mx {
                    for dy in 0..=my {
                        let segs: Vec<Seg> = shape.iter().map(|s| s.shift(dx, dy)).collect();
                        if !segs.iter().all(|&s| self.board.contains(s)) {
                            continue;
                        }
                        if let Some((_, group)) =
                            self.orbit_minima.iter().find(|(p, _)| *p == piece)
                        {
                            // A shape's segments are sorted, and a translation keeps them so.
                            debug_assert!(segs.is_sorted());
                            if group.iter().any(|t| t.image(&segs) < segs) {
                                continue;
                            }
                        }
                        let straight = straight_points(&segs)
                            .into_iter()
                            .filter(|p| inner.binary_search(p).is_ok())
                            .collect();
                        out.push(Placement {
                            piece,
                            segs,
                            straight,
                        });
                    }
                }
            }
        }
        out
    }

    /// Builds the matrix.
    ///
    /// Fails when two pieces share a name or when the pieces' segments do not add up to the
    /// board's (then no cover could exist).
    pub fn build(&self) -> Result<PolystickMatrix, PolystickError> {
        let counts: Vec<(u32, u32)> = (0..self.pieces.len()).map(|k| self.counts(k)).collect();
        let size = |k: usize, n: u32| self.pieces[k].base().len() * n as usize;
        let least: usize = counts.iter().enumerate().map(|(k, c)| size(k, c.0)).sum();
        let most: usize = counts.iter().enumerate().map(|(k, c)| size(k, c.1)).sum();
        let board = self.board.segments().len();
        let required = board - self.board.optional_segments().len();
        if least == most && required == board {
            if least != board {
                return Err(PolystickError::AreaMismatch {
                    pieces: least,
                    board,
                });
            }
        } else if least > board || most < required {
            return Err(PolystickError::AreaOutOfRange {
                least,
                most,
                required,
                board,
            });
        }
        let mut b = MatrixBuilder::new();
        for (p, &(lo, hi)) in self.pieces.iter().zip(&counts) {
            b.counted(p.name(), lo, hi)
                .map_err(|_| PolystickError::DuplicatePiece {
                    name: p.name().to_string(),
                })?;
        }
        for &s in self.board.segments() {
            if !self.board.is_optional(s) {
                b.primary(s.to_string())?;
            }
        }
        // Segments that may stay uncovered: secondary items, before the interior points.
        for s in self.board.optional_segments() {
            b.secondary(s.to_string())?;
        }
        let secondary = self.crossings == Crossings::Forbidden;
        if secondary {
            for &p in &self.board.interior_points() {
                b.secondary(point_name(p))?;
            }
        }
        let placements = self.placements();
        for pl in &placements {
            let mut row = vec![self.pieces[pl.piece].name().to_string()];
            row.extend(pl.segs.iter().map(Seg::to_string));
            if secondary {
                row.extend(pl.straight.iter().map(|&p| point_name(p)));
            }
            b.option(row)?;
        }
        Ok(PolystickMatrix {
            matrix: b.build()?,
            placements,
            pieces: self.pieces.clone(),
            board: self.board.clone(),
        })
    }
}

impl PolystickMatrix {
    /// A row as the paper writes it: the piece, then its items, e.g.
    /// `V H23 H33 V43 V44 I33 I44`.
    pub fn row_text(&self, option: OptionId) -> String {
        let names: Vec<&str> = self
            .matrix
            .option(option)
            .iter()
            .map(|&i| self.matrix.item(i).name.as_str())
            .collect();
        names.join(" ")
    }

    /// The pieces of a solution, with their segments.
    pub fn arrangement(&self, solution: &Solution) -> Arrangement {
        self.arrangement_of(solution.sorted_options())
    }

    /// The pieces of a set of rows, with their segments.
    pub fn arrangement_of(&self, options: impl IntoIterator<Item = OptionId>) -> Arrangement {
        Arrangement::new(
            options
                .into_iter()
                .map(|o| {
                    let pl = &self.placements[o];
                    Placed {
                        name: self.pieces[pl.piece].name().to_string(),
                        segs: pl.segs.clone(),
                    }
                })
                .collect(),
        )
    }
}

impl PolystickMatrix {
    /// The symmetries of the puzzle as dlx-core counts classes under them
    /// ([`dlx_core::Solve::classes`]): the board's symmetries ([`Board::symmetries`]) that map
    /// the matrix onto itself, each piece going to itself or, in a one-sided set, to its
    /// mirror image, and the interior points with the segments (found by matching
    /// placements).
    pub fn symmetry_group(
        &self,
    ) -> Result<dlx_core::symmetry::Symmetries, dlx_core::symmetry::SymmetryError> {
        let segs = self.board.segments();
        let motions = self.board.symmetries().into_iter().map(|t| {
            segs.iter()
                .map(move |&s| (s.to_string(), t.seg(s).to_string()))
        });
        dlx_core::symmetry::Symmetries::find_named(&self.matrix, motions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{one_sided, parse_piece_set, tetrasticks, welded};

    fn figure_11c() -> PolystickMatrix {
        Puzzle::new(
            Board::grid(5, 5).unwrap(),
            parse_piece_set("all -L").unwrap(),
        )
        .build()
        .unwrap()
    }

    #[test]
    fn the_papers_two_example_rows_are_rows_of_the_matrix() {
        let m = figure_11c();
        let rows: Vec<String> = (0..m.placements.len()).map(|o| m.row_text(o)).collect();
        // The paper's V and "Z" rows of Figure 12, items in our order (Z is our S).
        assert!(rows.contains(&"V H23 H33 V43 V44 I33 I44".to_string()));
        assert!(rows.contains(&"S H24 H32 V32 V33 I33".to_string()));
    }

    #[test]
    fn column_order_is_pieces_segments_then_points() {
        let m = figure_11c();
        let names: Vec<&str> = m.matrix.items().iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names.len(), 15 + 60 + 16);
        assert_eq!(&names[..3], ["F", "H", "I"]);
        assert_eq!(&names[15..18], ["H00", "H01", "H02"]);
        assert_eq!(names[15 + 30], "V00");
        assert_eq!(names[15 + 60], "I11");
        assert_eq!(names[90], "I44");
        assert_eq!(m.matrix.primary_count(), 75);
    }

    #[test]
    fn placements_lie_on_the_board_and_points_are_interior() {
        let m = figure_11c();
        let inner = m.board.interior_points();
        for pl in &m.placements {
            assert!(pl.segs.iter().all(|&s| m.board.contains(s)));
            assert!(pl.straight.iter().all(|p| inner.contains(p)));
        }
        // No straight-through point on the edge: the bottom row of I goes through nothing.
        let i_bottom = m
            .placements
            .iter()
            .find(|p| p.segs == normalize(&p.segs) && m.pieces[p.piece].name() == "I")
            .unwrap();
        assert!(i_bottom.straight.is_empty());
    }

    #[test]
    fn the_aztec_diamond_matrix_has_2945_rows() {
        let puzzle = Puzzle::new(
            Board::diamond_lattice(5).unwrap(),
            one_sided(&tetrasticks()),
        );
        let m = puzzle.build().unwrap();
        assert_eq!(m.placements.len(), 2945);
        assert_eq!(m.matrix.primary_count(), 25 + 100);
        assert_eq!(m.matrix.items().len(), 25 + 100 + 40);
        // The spiked diamond, with as many segments, takes ten placements more.
        let spiked = Puzzle::new(Board::diamond(5).unwrap(), one_sided(&tetrasticks()));
        assert_eq!(spiked.build().unwrap().placements.len(), 2955);
    }

    #[test]
    fn without_crossings_there_are_no_secondary_columns() {
        let puzzle = Puzzle::new(Board::grid(4, 4).unwrap(), one_sided(&welded()))
            .with_crossings(Crossings::Allowed);
        let m = puzzle.build().unwrap();
        assert_eq!(m.matrix.items().len(), m.matrix.primary_count());
    }

    #[test]
    fn bad_puzzles_are_errors() {
        let board = Board::grid(5, 5).unwrap();
        assert_eq!(
            Puzzle::new(board.clone(), tetrasticks()).build(),
            Err(PolystickError::AreaMismatch {
                pieces: 64,
                board: 60
            })
        );
        let p = Puzzle::new(board.clone(), parse_piece_set("all -L").unwrap());
        assert!(matches!(
            p.clone().fix_orientation("L", "H00 H10 H20 V00"),
            Err(PolystickError::PieceNotInPuzzle { .. })
        ));
        assert!(matches!(
            p.clone().fix_orientation("P", "H00 H10 H20 V00"),
            Err(PolystickError::NoSuchOrientation { .. })
        ));
        assert!(matches!(
            p.fix_orientation("P", "H00 Z"),
            Err(PolystickError::BadSegment { .. })
        ));
    }
}
