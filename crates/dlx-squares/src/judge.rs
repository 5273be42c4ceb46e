//! POJ 1084, "Square Destroyer" (Taejon 2001), read exactly as the judge gives it and
//! answered exactly as it expects: the minimum-cover problem of momodi's contest article on
//! dancing links (2008), solved by IDA* ([`crate::destroy`]).
//!
//! The input is the number of cases T, then for each case a line with the grid size n and a
//! line `k s1 ... sk` listing the k matchsticks already missing. The judge numbers the sticks
//! "from left to right and top to bottom", as [`Stick`] does: the n horizontal sticks of the
//! top line, the n+1 vertical sticks of the first row, and so on (the statement's example,
//! a 3 x 3 grid without 12, 17 and 23, keeps 4 squares of size one and 1 of size two, as
//! [`Stick::from_number`] has it). The answer to a case is one line: the fewest sticks to
//! remove so that no square is left.
//!
//! ```
//! // POJ 1084's sample input and output.
//! let cases = dlx_squares::judge::read_poj1084("2\n2\n0\n3\n3 12 17 23\n")?;
//! let out: String = cases.iter().map(dlx_squares::judge::answer_poj1084).collect();
//! assert_eq!(out, "3\n3\n");
//! # Ok::<(), dlx_squares::SquaresError>(())
//! ```

use dlx_core::Bound;

use crate::{Grid, SquaresError, Stick, destroy};

/// One case of POJ 1084's input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The line of the case's grid size (1-based).
    pub line: usize,
    /// The full grid with the case's missing sticks removed.
    pub grid: Grid,
}

/// The non-empty lines of a text, numbered from 1, each split into its words (a byte order
/// mark at the start is skipped; line ends may be `\n` or `\r\n`).
fn lines(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.split_whitespace().collect::<Vec<_>>()))
        .filter(|(_, words)| !words.is_empty())
}

/// An error on a line.
fn at(line: usize, reason: impl Into<String>) -> SquaresError {
    SquaresError::Input {
        line,
        reason: reason.into(),
    }
}

/// A line holding exactly one number.
fn single(line: usize, words: &[&str], what: &str) -> Result<usize, SquaresError> {
    match words {
        [w] => w
            .parse()
            .map_err(|_| at(line, format!("`{w}` is not {what}"))),
        _ => Err(at(
            line,
            format!(
                "expected {what} alone on the line, found {} words",
                words.len()
            ),
        )),
    }
}

/// Reads POJ 1084's input: the cases, each with its grid. Bad input is refused with its line:
/// a count that is not a number, a grid size outside 1..=[`crate::MAX_N`], a stick list whose
/// length is not its k, a stick number outside 1..=2n(n+1), fewer cases than T, or more input
/// after the T cases. Empty lines are skipped. (The judge's n is at most 5; the larger sizes
/// the library takes are read too.) A stick listed twice is removed once, unlike
/// [`crate::Grid::with_removed`]: a reader for the judge's data takes what its data may hold
/// where the answer does not depend on it.
///
/// ```
/// let err = dlx_squares::judge::read_poj1084("1\n2\n2 3\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 3: k is 2 but 1 stick follows");
/// ```
pub fn read_poj1084(text: &str) -> Result<Vec<Case>, SquaresError> {
    let mut lines = lines(text);
    let Some((line, words)) = lines.next() else {
        return Err(at(1, "empty input: expected the number of cases T"));
    };
    let t = single(line, &words, "the number of cases T")?;
    let mut last = line;
    let mut cases = Vec::new();
    for case in 1..=t {
        let Some((line, words)) = lines.next() else {
            return Err(at(
                last + 1,
                format!("the input ends before case {case} of {t} (its grid size n)"),
            ));
        };
        last = line;
        let n = single(line, &words, "the grid size n")?;
        let mut grid = Grid::full(n).map_err(|e| at(line, e.to_string()))?;
        let Some((sticks_line, words)) = lines.next() else {
            return Err(at(
                last + 1,
                format!("the input ends before case {case}'s line `k s1 ... sk`"),
            ));
        };
        last = sticks_line;
        let k: usize = words[0].parse().map_err(|_| {
            at(
                sticks_line,
                format!("`{}` is not the number k of missing sticks", words[0]),
            )
        })?;
        let listed = words.len() - 1;
        if listed != k {
            return Err(at(
                sticks_line,
                format!(
                    "k is {k} but {listed} stick{} follow{}",
                    if listed == 1 { "" } else { "s" },
                    if listed == 1 { "s" } else { "" }
                ),
            ));
        }
        for w in &words[1..] {
            let stick = w
                .parse()
                .ok()
                .and_then(|s| Stick::from_number(n, s))
                .ok_or_else(|| {
                    at(
                        sticks_line,
                        format!(
                            "`{w}` is not a stick of a {n} x {n} grid (1..={})",
                            Stick::count(n)
                        ),
                    )
                })?;
            grid.remove(stick);
        }
        cases.push(Case { line, grid });
    }
    if let Some((line, _)) = lines.next() {
        return Err(at(line, format!("more input after the T = {t} cases")));
    }
    Ok(cases)
}

/// The judge's answer to a case: the fewest sticks whose removal leaves no square, on a line
/// of its own.
pub fn answer_poj1084(case: &Case) -> String {
    format!("{}\n", destroy(&case.grid, Bound::Seed).minimum)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_is_answered_byte_for_byte() {
        // POJ 1084's sample (http://poj.org/problem?id=1084, Taejon 2001).
        let cases = read_poj1084("2\n2\n0\n3\n3 12 17 23\n").unwrap();
        assert_eq!(cases.iter().map(|c| c.line).collect::<Vec<_>>(), [2, 4]);
        let out: String = cases.iter().map(answer_poj1084).collect();
        assert_eq!(out, "3\n3\n");
    }

    #[test]
    fn the_statements_example_matches_the_stick_numbers() {
        // "removing matchsticks numbered 12, 17 and 23 ... leaving no squares of size three
        // but 4 squares of size one and 1 square of size two."
        let cases = read_poj1084("1\n3\n3 12 17 23\n").unwrap();
        let mut sizes = [0; 4];
        for sq in cases[0].grid.intact_squares() {
            sizes[sq.size] += 1;
        }
        assert_eq!(sizes, [0, 4, 1, 0]);
    }

    #[test]
    fn a_stick_listed_twice_is_removed_once() {
        let twice = read_poj1084("1\n2\n2 3 3\n").unwrap();
        let once = read_poj1084("1\n2\n1 3\n").unwrap();
        assert_eq!(twice[0].grid, once[0].grid);
        assert_eq!(answer_poj1084(&twice[0]), "2\n");
    }

    #[test]
    fn bad_input_names_its_line() {
        for (input, message) in [
            ("", "line 1: empty input: expected the number of cases T"),
            ("two\n", "line 1: `two` is not the number of cases T"),
            (
                "2 2\n",
                "line 1: expected the number of cases T alone on the line, found 2 words",
            ),
            (
                "2\n2\n0\n",
                "line 4: the input ends before case 2 of 2 (its grid size n)",
            ),
            (
                "1\n2\n",
                "line 3: the input ends before case 1's line `k s1 ... sk`",
            ),
            ("1\n0\n0\n", "line 2: grid size 0 is out of range (1..=8)"),
            ("1\n2\n1 1 2\n", "line 3: k is 1 but 2 sticks follow"),
            (
                "1\n\n2\n1 13\n",
                "line 4: `13` is not a stick of a 2 x 2 grid (1..=12)",
            ),
            (
                "1\n2\nx 1\n",
                "line 3: `x` is not the number k of missing sticks",
            ),
            (
                "1\n2\n0\n2\n0\n",
                "line 4: more input after the T = 1 cases",
            ),
        ] {
            assert_eq!(
                read_poj1084(input).unwrap_err().to_string(),
                message,
                "{input:?}"
            );
        }
    }
}
