//! HUST 1017, "Exact cover" (dupeng), the exact cover problem of momodi's contest article on
//! dancing links (2008): its input read as the judge gives it, a [`Matrix`] built for each
//! case with [`MatrixBuilder`], and the judge's answer from `Problem::solve().first()`.
//!
//! The input is several cases, to the end of the file: a line `N M`, then N lines
//! `C c1 ... cC`, the C columns (numbered from 1) holding a 1 in that row. The answer to a case
//! is one line, `k r1 ... rk` (an exact cover's k rows, numbered from 1, in increasing order;
//! the judge accepts any exact cover) or `NO`.

use std::fmt;

use dlx_core::{Matrix, MatrixBuilder, Problem};

/// Bad input, on a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

fn at(line: usize, reason: impl Into<String>) -> InputError {
    InputError {
        line,
        reason: reason.into(),
    }
}

/// One case: its columns and rows as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The line of the case's `N M`.
    pub line: usize,
    /// M, the number of columns.
    pub columns: usize,
    /// The rows: each row's columns, 0-based.
    pub rows: Vec<Vec<usize>>,
}

/// The numbers of a line (`None` for a line without any), or the word that is not one.
fn numbers(line: usize, text: &str) -> Result<Option<Vec<usize>>, InputError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return Ok(None);
    }
    words
        .iter()
        .map(|w| {
            w.parse()
                .map_err(|_| at(line, format!("`{w}` is not a number")))
        })
        .collect::<Result<Vec<usize>, _>>()
        .map(Some)
}

/// Reads the judge's input: every case, to the end of the file. Empty lines are skipped.
/// Refused, with the line: a word that is not a number, a header that is not `N M` with
/// N, M >= 1, a row whose length is not its C + 1 or whose C is 0, a column outside 1..=M or
/// twice in a row, and a case cut short by the end of the file.
pub fn read(text: &str) -> Result<Vec<Case>, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(k, l)| numbers(k + 1, l).map(|n| (k + 1, n)))
        .filter(|r| !matches!(r, Ok((_, None))));
    let mut cases = Vec::new();
    while let Some(header) = lines.next() {
        let (line, header) = header?;
        let header = header.expect("empty lines are skipped");
        let mut last = line;
        let [n, m] = header[..] else {
            return Err(at(
                line,
                format!(
                    "expected a case's `N M`, found {} number{}",
                    header.len(),
                    if header.len() == 1 { "" } else { "s" }
                ),
            ));
        };
        if n == 0 || m == 0 {
            return Err(at(
                line,
                format!("N = {n}, M = {m}: both must be at least 1"),
            ));
        }
        let mut rows = Vec::with_capacity(n.min(1 << 16));
        for r in 1..=n {
            let Some(row) = lines.next() else {
                return Err(at(
                    last + 1,
                    format!("the input ends before row {r} of the {n} of the case on line {line}"),
                ));
            };
            let (row_line, row) = row?;
            let row = row.expect("empty lines are skipped");
            last = row_line;
            let c = row[0];
            if c == 0 {
                return Err(at(row_line, "C = 0: a row holds at least one 1"));
            }
            if row.len() != c + 1 {
                return Err(at(
                    row_line,
                    format!(
                        "C is {c} but {} column{} follow{}",
                        row.len() - 1,
                        if row.len() == 2 { "" } else { "s" },
                        if row.len() == 2 { "s" } else { "" }
                    ),
                ));
            }
            let mut columns = Vec::with_capacity(c);
            for &col in &row[1..] {
                if col == 0 || col > m {
                    return Err(at(row_line, format!("column {col} is outside 1..={m}")));
                }
                columns.push(col - 1);
            }
            let mut sorted = columns.clone();
            sorted.sort_unstable();
            if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
                return Err(at(
                    row_line,
                    format!("column {} twice in one row", w[0] + 1),
                ));
            }
            rows.push(columns);
        }
        cases.push(Case {
            line,
            columns: m,
            rows,
        });
    }
    Ok(cases)
}

impl Case {
    /// The case's matrix: primary items `1` to `M`, one option per row, in order. `None` when
    /// some column has a 1 in no row (no cover exists; M can then be far larger than the
    /// input, and no item is made for it).
    pub fn matrix(&self) -> Result<Option<Matrix>, InputError> {
        let mut used: Vec<usize> = self.rows.iter().flatten().copied().collect();
        used.sort_unstable();
        used.dedup();
        if used.len() < self.columns {
            return Ok(None);
        }
        let too_large = |e: dlx_core::MatrixError| at(self.line, e.to_string());
        let mut b = MatrixBuilder::new();
        for k in 1..=self.columns {
            b.primary(k.to_string()).map_err(too_large)?;
        }
        for row in &self.rows {
            b.option_ids(row.clone()).map_err(too_large)?;
        }
        b.build().map(Some).map_err(too_large)
    }

    /// The judge's answer: `k r1 ... rk` (the rows of the first exact cover found, in
    /// increasing order, numbered from 1) or `NO`, ending with a line feed.
    pub fn answer(&self) -> Result<String, InputError> {
        let Some(matrix) = self.matrix()? else {
            return Ok("NO\n".to_string());
        };
        let Some(solution) = Problem::new(&matrix).solve().first() else {
            return Ok("NO\n".to_string());
        };
        let rows = solution.sorted_options();
        let mut out = rows.len().to_string();
        for r in rows {
            out.push(' ');
            out.push_str(&(r + 1).to_string());
        }
        out.push('\n');
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HUST 1017's sample input and output (acm.hust.edu.cn, problem 1017, as the article
    /// links it; the same on vjudge.net/problem/HUST-1017).
    const SAMPLE_IN: &str = "6 7\n3 1 4 7\n2 1 4\n3 4 5 7\n3 3 5 6\n4 2 3 6 7\n2 2 7\n";
    const SAMPLE_OUT: &str = "3 2 4 6\n";

    fn answers(text: &str) -> String {
        read(text)
            .unwrap()
            .iter()
            .map(|c| c.answer().unwrap())
            .collect()
    }

    #[test]
    fn the_sample_is_answered_byte_for_byte() {
        assert_eq!(answers(SAMPLE_IN), SAMPLE_OUT);
    }

    #[test]
    fn cases_run_to_the_end_of_the_file() {
        // The sample, a case without cover, a column in no row (M far past the input), and
        // the sample again after empty lines, with `\r\n` line ends.
        let text = format!(
            "{SAMPLE_IN}2 2\n1 1\n2 1 2\n1 1000000000\n1 1\n\n\n{}",
            SAMPLE_IN.replace('\n', "\r\n")
        );
        assert_eq!(answers(&text), "3 2 4 6\n1 2\nNO\n3 2 4 6\n");
        let text = "2 3\n2 1 2\n2 2 3\n";
        assert_eq!(answers(text), "NO\n");
        assert_eq!(answers(""), "");
    }

    #[test]
    fn bad_input_names_its_line() {
        for (text, message) in [
            ("6\n", "line 1: expected a case's `N M`, found 1 number"),
            (
                "6 7 8\n",
                "line 1: expected a case's `N M`, found 3 numbers",
            ),
            ("0 7\n", "line 1: N = 0, M = 7: both must be at least 1"),
            ("1 x\n", "line 1: `x` is not a number"),
            ("1 -2\n", "line 1: `-2` is not a number"),
            (
                "2 3\n1 1\n",
                "line 3: the input ends before row 2 of the 2 of the case on line 1",
            ),
            ("1 3\n2 1\n", "line 2: C is 2 but 1 column follows"),
            ("1 3\n1 1 2\n", "line 2: C is 1 but 2 columns follow"),
            ("1 3\n0\n", "line 2: C = 0: a row holds at least one 1"),
            ("1 3\n\n2 1 4\n", "line 3: column 4 is outside 1..=3"),
            ("1 3\n2 0 1\n", "line 2: column 0 is outside 1..=3"),
            ("1 3\n2 2 2\n", "line 2: column 2 twice in one row"),
        ] {
            assert_eq!(read(text).unwrap_err().to_string(), message, "{text:?}");
        }
    }
}
