//! A solution as a chessboard: ASCII and SVG pictures.

use std::fmt::Write as _;

/// Queens on an N x N board, as (rank, file) pairs, rank 0 at the top as Knuth numbers them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    queens: Vec<(usize, usize)>,
}

impl Board {
    /// A board with queens on the given squares (sorted by rank, then file).
    pub fn new(n: usize, mut queens: Vec<(usize, usize)>) -> Self {
        queens.sort_unstable();
        Board { n, queens }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The queens, sorted by rank.
    pub fn queens(&self) -> &[(usize, usize)] {
        &self.queens
    }

    /// True when no two queens share a rank, file or diagonal.
    pub fn is_peaceful(&self) -> bool {
        self.queens.iter().enumerate().all(|(k, &(r, f))| {
            self.queens[k + 1..]
                .iter()
                .all(|&(r2, f2)| r != r2 && f != f2 && r.abs_diff(r2) != f.abs_diff(f2))
        })
    }

    /// One line per rank, `Q` for a queen and `.` for an empty square.
    pub fn ascii(&self) -> String {
        let mut out = String::with_capacity(self.n * (2 * self.n + 1));
        for r in 0..self.n {
            let line: Vec<&str> = (0..self.n)
                .map(|f| {
                    if self.queens.contains(&(r, f)) {
                        "Q"
                    } else {
                        "."
                    }
                })
                .collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }

    /// A chessboard picture with the queens as dark discs.
    pub fn svg(&self) -> String {
        const CELL: usize = 40;
        let size = self.n * CELL;
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{s}" height="{s}" viewBox="0 0 {s} {s}">"#,
            s = size + 2
        );
        let _ = writeln!(out, r#"<g transform="translate(1,1)">"#);
        for r in 0..self.n {
            for f in 0..self.n {
                let fill = if (r + f) % 2 == 0 {
                    "#f0d9b5"
                } else {
                    "#b58863"
                };
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#,
                    f * CELL,
                    r * CELL
                );
            }
        }
        for &(r, f) in &self.queens {
            let (cx, cy) = (f * CELL + CELL / 2, r * CELL + CELL / 2);
            let _ = writeln!(
                out,
                r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="#222" stroke="#fff" stroke-width="2"/>"##,
                CELL * 3 / 10
            );
        }
        let _ = writeln!(
            out,
            r##"<rect x="0" y="0" width="{size}" height="{size}" fill="none" stroke="#000" stroke-width="2"/>"##
        );
        out.push_str("</g>\n</svg>\n");
        out
    }
}
