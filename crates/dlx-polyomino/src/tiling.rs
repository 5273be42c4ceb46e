//! A solved board: every cell labelled with the piece covering it, as text, and the paper's
//! symmetry scores.

use std::fmt::Write as _;

use crate::board::Board;

/// A board whose cells are labelled with the placed piece covering them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tiling {
    height: usize,
    width: usize,
    /// Index into `pieces` of the placed piece covering each cell, row-major.
    owner: Vec<Option<usize>>,
    /// Name and cells of each placed piece.
    pieces: Vec<(String, Vec<(usize, usize)>)>,
    /// Cells of the board that no piece covers (optional cells left empty), row-major.
    empty: Vec<bool>,
}

/// What [`Tiling::region`] gives a cell of the board left empty: one region of its own,
/// outlined apart from the pieces and from the holes.
const EMPTY: usize = usize::MAX;

impl Tiling {
    /// A tiling of `board` by named placed pieces (cells outside the board are ignored).
    pub fn new(
        board: &Board,
        placed: impl IntoIterator<Item = (String, Vec<(usize, usize)>)>,
    ) -> Tiling {
        let (height, width) = (board.height(), board.width());
        let mut owner = vec![None; height * width];
        let mut pieces = Vec::new();
        for (k, (name, cells)) in placed.into_iter().enumerate() {
            for &(r, c) in &cells {
                if r < height && c < width {
                    owner[r * width + c] = Some(k);
                }
            }
            pieces.push((name, cells));
        }
        let mut empty = vec![false; height * width];
        for (r, c) in board.cells() {
            empty[r * width + c] = owner[r * width + c].is_none();
        }
        Tiling {
            height,
            width,
            owner,
            pieces,
            empty,
        }
    }

    /// Rows of the board's rectangle.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Columns of the board's rectangle.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The placed pieces: name and cells.
    pub fn pieces(&self) -> &[(String, Vec<(usize, usize)>)] {
        &self.pieces
    }

    /// Index of the placed piece covering a cell, if any.
    pub fn owner(&self, row: usize, col: usize) -> Option<usize> {
        if row < self.height && col < self.width {
            self.owner[row * self.width + col]
        } else {
            None
        }
    }

    /// The name of the piece covering a cell.
    pub fn label(&self, row: usize, col: usize) -> Option<&str> {
        self.owner(row, col).map(|k| self.pieces[k].0.as_str())
    }

    /// True for a cell of the board that no piece covers: an optional cell left empty (a
    /// hole is no cell of the board).
    pub fn is_left_empty(&self, row: usize, col: usize) -> bool {
        row < self.height && col < self.width && self.empty[row * self.width + col]
    }

    /// What a drawing outlines a cell with: its piece, [`EMPTY`] for a cell left empty (all
    /// of them one region), `None` for a hole or a place off the board.
    pub(crate) fn region(&self, r: i64, c: i64) -> Option<usize> {
        if r < 0 || c < 0 {
            return None;
        }
        let (r, c) = (r as usize, c as usize);
        self.owner(r, c)
            .or_else(|| self.is_left_empty(r, c).then_some(EMPTY))
    }

    /// One character per cell: the piece's name (a primed name such as `P'` as the lower-case
    /// letter `p`), `.` for an uncovered cell or hole.
    pub fn to_ascii(&self) -> String {
        let mut out = String::new();
        for r in 0..self.height {
            for c in 0..self.width {
                out.push(match self.label(r, c) {
                    Some(n) if n.ends_with('\'') => {
                        n.chars().next().map_or('?', |ch| ch.to_ascii_lowercase())
                    }
                    Some(n) => n.chars().next().unwrap_or('?'),
                    None => '.',
                });
            }
            out.push('\n');
        }
        out
    }

    /// True when an edge separates `a` from `b` in the picture: they belong to different
    /// placed pieces, or one is a piece and the other a hole or a cell left empty.
    fn boundary(&self, a: Option<usize>, b: Option<usize>) -> bool {
        a != b
    }

    fn at(&self, r: i64, c: i64) -> Option<usize> {
        self.region(r, c)
    }

    /// The tiling drawn with `+--+` and `|` lines around every piece, names inside; the
    /// cells left empty are outlined too, with an `o` inside (as a board draws an optional
    /// cell), and the holes are blank.
    pub fn to_outline(&self) -> String {
        // Each cell as wide as the longest name (two characters at least).
        let w = (self.pieces.iter())
            .map(|p| p.0.chars().count())
            .max()
            .unwrap_or(0)
            .max(2);
        let (rule, blank) = ("-".repeat(w), " ".repeat(w));
        let mut out = String::new();
        for r in 0..=self.height as i64 {
            let mut line = String::new();
            for c in 0..=self.width as i64 {
                let horiz_left = c > 0 && self.boundary(self.at(r - 1, c - 1), self.at(r, c - 1));
                let horiz_right = self.boundary(self.at(r - 1, c), self.at(r, c));
                let vert_up = r > 0 && self.boundary(self.at(r - 1, c - 1), self.at(r - 1, c));
                let vert_down = self.boundary(self.at(r, c - 1), self.at(r, c));
                let horiz = horiz_left || horiz_right;
                let vert = vert_up || vert_down;
                line.push(match (horiz, vert) {
                    (true, true) => '+',
                    (true, false) => '-',
                    (false, true) => '|',
                    (false, false) => ' ',
                });
                if c < self.width as i64 {
                    line.push_str(if horiz_right { &rule } else { &blank });
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
            if r == self.height as i64 {
                break;
            }
            let mut line = String::new();
            for c in 0..=self.width as i64 {
                line.push(if self.boundary(self.at(r, c - 1), self.at(r, c)) {
                    '|'
                } else {
                    ' '
                });
                if c < self.width as i64 {
                    let (r, c) = (r as usize, c as usize);
                    let name = match self.label(r, c) {
                        Some(name) => name,
                        None if self.is_left_empty(r, c) => "o",
                        None => "",
                    };
                    let _ = write!(line, "{name:<w$}");
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// The internal edges of the board as cell pairs: horizontal neighbours, then vertical.
    fn internal_edges(&self) -> impl Iterator<Item = ((usize, usize), (usize, usize))> + '_ {
        let (h, w) = (self.height, self.width);
        let across = (0..h).flat_map(move |r| (1..w).map(move |c| ((r, c - 1), (r, c))));
        let down = (1..h).flat_map(move |r| (0..w).map(move |c| ((r - 1, c), (r, c))));
        across.chain(down)
    }

    fn between_pieces(&self, a: (usize, usize), b: (usize, usize)) -> bool {
        match (self.owner(a.0, a.1), self.owner(b.0, b.1)) {
            (Some(x), Some(y)) => x != y,
            _ => false,
        }
    }

    fn symmetry(&self, reflect: impl Fn((usize, usize)) -> (usize, usize)) -> usize {
        self.internal_edges()
            .filter(|&(a, b)| {
                self.between_pieces(a, b) && self.between_pieces(reflect(a), reflect(b))
            })
            .count()
    }

    /// Edges between pieces.
    pub fn piece_edges(&self) -> usize {
        self.internal_edges()
            .filter(|&(a, b)| self.between_pieces(a, b))
            .count()
    }

    /// The paper's *horizontal symmetry*: the number of edges between pieces that also are
    /// edges between pieces in the left-right reflection of the configuration.
    pub fn hsym(&self) -> usize {
        let w = self.width;
        self.symmetry(|(r, c)| (r, w - 1 - c))
    }

    /// The paper's *vertical symmetry*: the same with respect to top-bottom reflection.
    pub fn vsym(&self) -> usize {
        let h = self.height;
        self.symmetry(|(r, c)| (h - 1 - r, c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_dominoes() -> Tiling {
        let b = Board::rectangle(2, 2).unwrap();
        Tiling::new(
            &b,
            [
                ("A".to_string(), vec![(0, 0), (0, 1)]),
                ("B".to_string(), vec![(1, 0), (1, 1)]),
            ],
        )
    }

    #[test]
    fn ascii_and_outline() {
        let t = two_dominoes();
        assert_eq!(t.to_ascii(), "AA\nBB\n");
        assert_eq!(
            t.to_outline(),
            "+-----+\n|A  A |\n+-----+\n|B  B |\n+-----+\n"
        );
    }

    /// A 2x4 board with a hole at its top right and two optional cells beside it, which
    /// the one domino leaves empty: the empty cells are outlined as one region with an `o`
    /// in each, the hole is blank and outside every line, and the scores count pieces only.
    #[test]
    fn cells_left_empty_are_outlined_apart_from_holes() {
        let b = Board::from_ascii("##o.\n##o#").unwrap();
        let b = b.with_optional([(0, 2), (1, 2)]).unwrap();
        let t = Tiling::new(
            &b,
            [
                ("A".to_string(), vec![(0, 0), (0, 1)]),
                ("B".to_string(), vec![(1, 0), (1, 1)]),
                ("C".to_string(), vec![(1, 3)]),
            ],
        );
        assert!(t.is_left_empty(0, 2) && t.is_left_empty(1, 2));
        assert!(!t.is_left_empty(0, 3) && !t.is_left_empty(0, 0));
        assert_eq!(t.to_ascii(), "AA..\nBB.C\n");
        assert_eq!(
            t.to_outline(),
            "+-----+--+\n|A  A |o |\n+-----+  +--+\n|B  B |o |C |\n+-----+--+--+\n"
        );
        assert_eq!((t.piece_edges(), t.hsym(), t.vsym()), (2, 0, 2));
        // Names longer than two characters widen every cell.
        let long = Tiling::new(&b, [("L'4".to_string(), vec![(1, 0), (1, 1)])]);
        assert_eq!(
            long.to_outline(),
            "+-----------+\n|o   o   o  |\n+-------+   +---+\n|L'4 L'4|o   o  |\n+-------+-------+\n"
        );
        let svg = crate::to_svg(&t, &crate::SvgStyle::default());
        assert_eq!(svg.matches(r##"fill="#e6e6e6""##).count(), 2, "{svg}");
    }

    #[test]
    fn symmetry_scores_of_two_dominoes() {
        let t = two_dominoes();
        // Two edges between pieces, both horizontal lines: a left-right reflection keeps
        // them, a top-bottom reflection keeps them too (the middle line maps to itself).
        assert_eq!((t.piece_edges(), t.hsym(), t.vsym()), (2, 2, 2));
        let b = Board::rectangle(2, 3).unwrap();
        let t = Tiling::new(
            &b,
            [
                ("A".to_string(), vec![(0, 0), (1, 0)]),
                ("B".to_string(), vec![(0, 1), (0, 2), (1, 1), (1, 2)]),
            ],
        );
        // The two vertical edges between A and B are mirrored onto edges inside B.
        assert_eq!((t.piece_edges(), t.hsym(), t.vsym()), (2, 0, 2));
    }
}
