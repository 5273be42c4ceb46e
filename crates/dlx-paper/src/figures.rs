//! The paper's own figures, typed once from the paper into `paper-figures.tsv`.
//!
//! Each line is `table <TAB> row <TAB> column <TAB> value [<TAB> note]`; lines starting with `#`
//! are comments. Values are written as the paper prints them (commas allowed). A note marks
//! a figure that is a slip of the paper or not reproducible (`docs/paper-conventions.md`).

const FIGURES: &str = include_str!("../paper-figures.tsv");

/// One figure as the paper prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaperFigure {
    /// The value as printed (commas removed).
    pub value: String,
    /// Why our figure legitimately differs, if it does.
    pub note: Option<String>,
}

/// The paper's figure for a cell of a table, if the paper prints one.
pub fn paper(table: &str, row: &str, column: &str) -> Option<PaperFigure> {
    FIGURES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|f| f.len() >= 4 && f[0] == table && f[1] == row && f[2] == column)
        .map(|f| PaperFigure {
            value: f[3].replace(',', ""),
            note: f.get(4).map(|s| s.to_string()).filter(|s| !s.is_empty()),
        })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_line_has_four_or_five_fields_and_a_numeric_value() {
        for (n, line) in super::FIGURES.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            assert!(
                (4..=5).contains(&f.len()),
                "paper-figures.tsv line {}: {line:?}",
                n + 1
            );
            assert!(
                f[3].replace(',', "").parse::<u64>().is_ok() || f[3].contains(' '),
                "paper-figures.tsv line {}: value {:?}",
                n + 1,
                f[3]
            );
        }
    }
}
