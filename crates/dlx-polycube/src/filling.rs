//! A solved board: every cell labelled with the piece covering it, drawn as text layer by
//! layer.

use crate::board::Board;
use crate::shape::Cell;

/// A board whose cells are labelled with the placed pieces covering them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filling {
    board: Board,
    /// Index into `pieces` of the placed piece covering each slot of the bounding box.
    owner: Vec<Option<usize>>,
    /// Name and cells of each placed piece.
    pieces: Vec<(String, Vec<Cell>)>,
}

impl Filling {
    /// The board filled by named placed pieces (cells outside the board are ignored).
    pub fn new(board: &Board, placed: impl IntoIterator<Item = (String, Vec<Cell>)>) -> Filling {
        let mut owner = vec![None; board.slots()];
        let mut pieces = Vec::new();
        for (k, (name, cells)) in placed.into_iter().enumerate() {
            for &c in &cells {
                if let Some(s) = board.slot(c).filter(|_| board.contains(c)) {
                    owner[s] = Some(k);
                }
            }
            pieces.push((name, cells));
        }
        Filling {
            board: board.clone(),
            owner,
            pieces,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The placed pieces: name and cells.
    pub fn pieces(&self) -> &[(String, Vec<Cell>)] {
        &self.pieces
    }

    /// Index (into [`Filling::pieces`]) of the placed piece covering a cell, if any.
    pub fn owner(&self, c: Cell) -> Option<usize> {
        self.board.slot(c).and_then(|s| self.owner[s])
    }

    /// The name of the piece covering a cell.
    pub fn label(&self, c: Cell) -> Option<&str> {
        self.owner(c).map(|k| self.pieces[k].0.as_str())
    }

    /// The owner of each slot of the bounding box as a number, `u32::MAX` for none.
    pub(crate) fn slot_labels(&self) -> Vec<u32> {
        self.owner
            .iter()
            .map(|o| o.map_or(u32::MAX, |k| k as u32))
            .collect()
    }

    /// The layers side by side, the first (`z` least) on the left: in each, rows by `y`,
    /// columns by `x`, each cell the name of its piece padded to the longest name, `o` for a
    /// cell left empty (an optional one), `.` for a hole, as a board's layers draw them.
    /// Layers are three spaces apart.
    ///
    /// ```
    /// use dlx_polycube::{Board, Filling};
    ///
    /// let board = Board::cuboid(2, 1, 2)?;
    /// let f = Filling::new(
    ///     &board,
    ///     [("A".to_string(), vec![[0, 0, 0], [1, 0, 0]]), ("B".to_string(), vec![[0, 0, 1], [1, 0, 1]])],
    /// );
    /// assert_eq!(f.to_text(), "A A   B B\n");
    /// # Ok::<(), dlx_polycube::BoardError>(())
    /// ```
    pub fn to_text(&self) -> String {
        let width = self
            .pieces
            .iter()
            .map(|p| p.0.chars().count())
            .max()
            .unwrap_or(1);
        let (lo, [sx, sy, sz]) = (self.board.lo(), self.board.size());
        let mut out = String::new();
        for y in 0..sy {
            let layers: Vec<String> = (0..sz)
                .map(|z| {
                    (0..sx)
                        .map(|x| {
                            let c = [lo[0] + x, lo[1] + y, lo[2] + z];
                            let empty = if self.board.contains(c) { "o" } else { "." };
                            format!("{:<width$}", self.label(c).unwrap_or(empty))
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            out.push_str(layers.join("   ").trim_end());
            out.push('\n');
        }
        out
    }
}
