//! A reproduced table: our figures, each next to the paper's, rendered as the paper prints it.

use std::fmt::Write as _;

use crate::figures::paper;

/// One cell: our figure and the paper's, if the paper prints one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// Our figure, as text (numbers are written with thousands separators by [`Table::num`]).
    pub ours: String,
    /// The paper's figure for the same cell (digits only), if any.
    pub paper: Option<String>,
    /// The explanation when the paper's figure is a known slip (`paper-figures.tsv`).
    pub note: Option<String>,
}

impl Cell {
    /// True when the paper prints no figure or ours equals it.
    pub fn matches(&self) -> bool {
        self.paper
            .as_ref()
            .is_none_or(|p| *p == self.ours.replace(',', ""))
    }
}

/// A table of figures, keyed for the paper-figures file by `(name, row label, column)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Key of the table in `paper-figures.tsv` and name of its snapshot.
    pub name: String,
    /// Heading, as the paper would caption it.
    pub title: String,
    /// Column headings; the first is the row label's.
    pub columns: Vec<String>,
    /// Rows: a label and one cell per further column.
    pub rows: Vec<(String, Vec<Cell>)>,
    /// Free-form lines printed under the table (set-up, conventions).
    pub notes: Vec<String>,
    /// Labels of rows whose problem was searched for and not found: they have no figures of
    /// ours and are marked `not found` instead of `~`.
    pub not_found: Vec<String>,
}

impl Table {
    /// An empty table.
    pub fn new(name: &str, title: &str, columns: &[&str]) -> Self {
        Table {
            name: name.to_string(),
            title: title.to_string(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: Vec::new(),
            notes: Vec::new(),
            not_found: Vec::new(),
        }
    }

    /// Formats a count with thousands separators, as the paper prints them.
    pub fn num(n: u64) -> String {
        let s = n.to_string();
        let mut out = String::new();
        for (k, ch) in s.chars().enumerate() {
            if k > 0 && (s.len() - k).is_multiple_of(3) {
                out.push(',');
            }
            out.push(ch);
        }
        out
    }

    /// Appends a row; each value is paired with the paper's figure for `(self.name, label,
    /// column heading)`.
    pub fn row(&mut self, label: &str, values: Vec<String>) {
        let key = self.name.clone();
        self.row_keyed(&key, label, values);
    }

    /// Appends a row whose paper figures are filed under another table name (when one paper
    /// table is split into several snapshots).
    pub fn row_keyed(&mut self, key: &str, label: &str, values: Vec<String>) {
        assert_eq!(
            values.len() + 1,
            self.columns.len(),
            "table {}: row {label} has the wrong width",
            self.name
        );
        let cells = values
            .into_iter()
            .zip(&self.columns[1..])
            .map(|(ours, col)| {
                let p = paper(key, label, col);
                Cell {
                    ours,
                    paper: p.as_ref().map(|p| p.value.clone()),
                    note: p.and_then(|p| p.note),
                }
            })
            .collect();
        self.rows.push((label.to_string(), cells));
    }

    /// Appends a row for a problem that could not be set up because a search for it (for
    /// instance for a board known only from a picture) found nothing that gives the paper's
    /// figures: `-` in every column, the mark `not found`, and the paper's figures with their
    /// notes under the table.
    pub fn row_not_found(&mut self, label: &str) {
        let values = vec!["-".to_string(); self.columns.len() - 1];
        self.row(label, values);
        self.not_found.push(label.to_string());
    }

    /// Appends a line under the table.
    pub fn note(&mut self, line: impl Into<String>) {
        self.notes.push(line.into());
    }

    /// True when every figure equals the paper's, except those with a noted reason.
    pub fn all_match(&self) -> bool {
        self.rows
            .iter()
            .flat_map(|(_, c)| c)
            .all(|c| c.matches() || c.note.is_some())
    }

    /// The table as text: our figures in columns, a mark per row (`=` every figure the paper
    /// prints is equal, `~` differs for a reason noted below, `!` differs, `not found` see
    /// [`Table::row_not_found`]), and under the table
    /// every differing figure with the paper's value and the reason.
    pub fn render(&self) -> String {
        let mut grid: Vec<Vec<String>> = vec![self.columns.clone()];
        grid[0].push(String::new());
        let mut footnotes = Vec::new();
        for (label, cells) in &self.rows {
            let mut line = vec![label.clone()];
            let mut mark = if cells.iter().any(|c| c.paper.is_some()) {
                "="
            } else {
                ""
            };
            for (cell, col) in cells.iter().zip(&self.columns[1..]) {
                line.push(cell.ours.clone());
                if !cell.matches() {
                    let paper = cell.paper.as_deref().unwrap_or_default();
                    let paper = paper
                        .parse()
                        .map(Table::num)
                        .unwrap_or_else(|_| paper.to_string());
                    let why = cell.note.as_deref().unwrap_or("UNEXPLAINED DIFFERENCE");
                    mark = if cell.note.is_some() && mark != "!" {
                        "~"
                    } else {
                        "!"
                    };
                    footnotes.push(format!(
                        "{label} {col}: paper {paper}; ours {} ({why})",
                        cell.ours
                    ));
                }
            }
            if self.not_found.contains(label) {
                mark = "not found";
            }
            line.push(mark.to_string());
            grid.push(line);
        }
        let width: Vec<usize> = (0..grid[0].len())
            .map(|k| grid.iter().map(|r| r[k].chars().count()).max().unwrap_or(0))
            .collect();
        let mut out = format!("{}\n\n", self.title);
        for row in &grid {
            let mut line = String::new();
            for (k, cell) in row.iter().enumerate() {
                let pad = width[k] - cell.chars().count();
                if k == 0 {
                    let _ = write!(line, "{cell}{}", " ".repeat(pad));
                } else if k == row.len() - 1 {
                    // The mark, left-aligned (`not found` is wider than the others).
                    let _ = write!(line, "  {cell}{}", " ".repeat(pad));
                } else {
                    let _ = write!(line, "  {}{cell}", " ".repeat(pad));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        if !footnotes.is_empty() || !self.notes.is_empty() {
            out.push('\n');
        }
        for f in footnotes {
            let _ = writeln!(out, "* {f}");
        }
        for n in &self.notes {
            let _ = writeln!(out, "{n}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_not_found_shows_dashes_the_mark_and_the_papers_figures() {
        let mut t = Table::new(
            "hexiamonds-rhombus",
            "t",
            &["board", "solutions", "nodes", "updates"],
        );
        t.row_not_found("arrow 2");
        let text = t.render();
        let row = text.lines().find(|l| l.starts_with("arrow 2")).unwrap();
        assert!(row.ends_with("-  not found"), "{row}");
        assert!(
            text.contains("* arrow 2 nodes: paper 7,603; ours -"),
            "{text}"
        );
        // The paper's figures are noted, so the table still counts as explained.
        assert!(t.all_match());
    }
}
