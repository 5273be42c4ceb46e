//! Reading puzzles: one-line form, grid layouts with separators, whitespace-separated numbers,
//! and files of one puzzle per line.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::alphabet::Alphabet;
use crate::error::SudokuError;
use crate::grid::{Grid, Layout, Piece, box_size_of_side};

/// The supported sides N, for 4x4 up to 36x36.
const SIDES: [usize; 5] = [4, 9, 16, 25, 36];

/// `81 (9x9)`.
pub(crate) fn describe_size(side: usize) -> String {
    format!("{} ({side}x{side})", side * side)
}

/// `16 (4x4), 81 (9x9), 256 (16x16), 625 (25x25) or 1296 (36x36)`.
fn all_sizes() -> String {
    let all: Vec<String> = SIDES.iter().map(|&s| describe_size(s)).collect();
    format!(
        "{} or {}",
        all[..all.len() - 1].join(", "),
        all[all.len() - 1]
    )
}

/// A cell's character and where it stands (1-based line and position).
#[derive(Debug, Clone, Copy)]
struct At {
    ch: char,
    line: usize,
    pos: usize,
}

/// True for a line that only draws box borders, like `------+-------+------`.
fn is_separator_line(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|') || c.is_whitespace())
}

/// True for characters between cells that are not cells: whitespace and box borders.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == '|' || c == '+'
}

/// Parses one puzzle; `alphabet` fixes the alphabet (and so the size), `None` detects it.
///
/// The text is either one line of N² cells, or a grid layout over several lines: whitespace,
/// `|` and `+` between cells are ignored, and lines drawn only with `-`, `+`, `=` and `|` are
/// box borders. (So in a grid layout, write an all-empty row with `.`, not `-`.) Failing
/// both, whitespace-separated decimal numbers (0 = empty, values 1..=N) are accepted.
pub fn parse(text: &str, alphabet: Option<&Alphabet>) -> Result<Grid, SudokuError> {
    let (cells, pieces) = scan(text);
    let first_line = cells.first().map_or(1, |a| a.line);
    let side = match alphabet {
        Some(a) => Some(a.side()).filter(|&s| s * s == cells.len()),
        None => SIDES.iter().copied().find(|&s| s * s == cells.len()),
    };
    let Some(side) = side else {
        if let Some(grid) = parse_numbers(text, alphabet, first_line)? {
            return Ok(grid);
        }
        return Err(SudokuError::WrongLength {
            line: first_line,
            found: cells.len(),
            expected: alphabet.map_or_else(all_sizes, |a| describe_size(a.side())),
        });
    };
    let alphabet = match alphabet {
        Some(a) => a.clone(),
        None => detect(side, &cells)?,
    };
    let mut values = Vec::with_capacity(cells.len());
    let mut blank = None;
    for at in &cells {
        match alphabet.value(at.ch) {
            Some(v) => {
                if v == 0 && blank.is_none() {
                    blank = Some(at.ch);
                }
                values.push(v);
            }
            None => return Err(unknown(at, &alphabet)),
        }
    }
    let grid = Grid {
        n: box_size_of_side(side).expect("a supported side"),
        cells: values,
        alphabet: Arc::new(alphabet),
        blank: blank.unwrap_or('.'),
        layout: pieces.map_or(Layout::Line, |p| Layout::Template(p.into())),
        line: first_line,
    };
    grid.check_clashes()?;
    Ok(grid)
}

fn unknown(at: &At, alphabet: &Alphabet) -> SudokuError {
    SudokuError::UnknownChar {
        line: at.line,
        position: at.pos,
        ch: at.ch,
        accepted: alphabet.accepts(),
    }
}

/// The cells of a text, and its template when it is more than one bare line of cells.
fn scan(text: &str) -> (Vec<At>, Option<Vec<Piece>>) {
    let trimmed = text.trim();
    let start_line = 1 + text[..text.len() - text.trim_start().len()]
        .matches('\n')
        .count();
    // Fast path: one bare line of cells, the form of puzzle files.
    if !trimmed.contains(is_separator) {
        let col0 = text[..text.len() - text.trim_start().len()]
            .rsplit('\n')
            .next()
            .map_or(0, |s| s.chars().count());
        let cells = trimmed
            .chars()
            .enumerate()
            .map(|(k, ch)| At {
                ch,
                line: start_line,
                pos: col0 + k + 1,
            })
            .collect();
        return (cells, None);
    }
    let multi_line = trimmed.lines().filter(|l| !l.trim().is_empty()).count() > 1;
    let mut cells = Vec::new();
    let mut pieces = Vec::new();
    let mut pending = String::new();
    let body = text.trim_end();
    for (k, line) in body.split('\n').enumerate() {
        if k > 0 {
            pending.push('\n');
        }
        if multi_line && is_separator_line(line) {
            pending.push_str(line);
            continue;
        }
        for (p, ch) in line.chars().enumerate() {
            if is_separator(ch) {
                pending.push(ch);
            } else {
                if !pending.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut pending)));
                }
                pieces.push(Piece::Cell);
                cells.push(At {
                    ch,
                    line: k + 1,
                    pos: p + 1,
                });
            }
        }
    }
    if !pending.is_empty() {
        pieces.push(Piece::Text(pending));
    }
    (cells, Some(pieces))
}

/// Detects the alphabet from the cells' characters, or says which character fits none.
fn detect(side: usize, cells: &[At]) -> Result<Alphabet, SudokuError> {
    let mut used: Vec<char> = cells.iter().map(|a| a.ch.to_ascii_uppercase()).collect();
    used.sort_unstable();
    used.dedup();
    match Alphabet::detect(side, &used) {
        Ok(a) => Ok(a),
        Err(Some(candidates)) => Err(SudokuError::AmbiguousAlphabet {
            line: cells.first().map_or(1, |a| a.line),
            candidates,
        }),
        Err(None) => {
            // Blame the character that stops the alphabet that reads furthest.
            let mut worst: Option<(usize, Alphabet)> = None;
            for a in Alphabet::builtin(side) {
                let bad = cells
                    .iter()
                    .position(|at| a.value(at.ch).is_none())
                    .unwrap_or(cells.len());
                if worst.as_ref().is_none_or(|(w, _)| bad > *w) {
                    worst = Some((bad, a));
                }
            }
            let (bad, a) = worst.expect("every supported side has a built-in alphabet");
            Err(unknown(&cells[bad.min(cells.len() - 1)], &a))
        }
    }
}

/// The whitespace-separated numbers layout (as in files of one value per line), if the text
/// is in it.
fn parse_numbers(
    text: &str,
    alphabet: Option<&Alphabet>,
    first_line: usize,
) -> Result<Option<Grid>, SudokuError> {
    let tokens: Vec<(usize, &str)> = text
        .split('\n')
        .enumerate()
        .flat_map(|(k, l)| {
            l.split(|c: char| c.is_whitespace() || c == ',' || c == '|')
                .filter(|t| !t.is_empty())
                .map(move |t| (k + 1, t))
        })
        .collect();
    let side = match alphabet {
        Some(a) => Some(a.side()).filter(|&s| s * s == tokens.len()),
        None => SIDES.iter().copied().find(|&s| s * s == tokens.len()),
    };
    let Some(side) = side else {
        return Ok(None);
    };
    if !tokens
        .iter()
        .all(|(_, t)| t.bytes().all(|b| b.is_ascii_digit()))
        || tokens.iter().all(|(_, t)| t.len() == 1)
    {
        return Ok(None);
    }
    let mut values = Vec::with_capacity(tokens.len());
    for &(line, t) in &tokens {
        match t.parse::<usize>() {
            Ok(v) if v <= side => values.push(v as u8),
            _ => {
                return Err(SudokuError::BadNumber {
                    line,
                    token: t.to_string(),
                    max: side,
                });
            }
        }
    }
    let alphabet = match alphabet {
        Some(a) => a.clone(),
        None => {
            let mut all = Alphabet::builtin(side);
            let k = all.iter().position(|a| a.symbols()[0] == '1').unwrap_or(0);
            all.swap_remove(k)
        }
    };
    // The template keeps the text between the numbers.
    let mut pieces = Vec::new();
    let mut rest = text.trim_end();
    for &(_, t) in &tokens {
        let at = rest.find(t).expect("tokens come from the text in order");
        if at > 0 {
            pieces.push(Piece::Text(rest[..at].to_string()));
        }
        pieces.push(Piece::Cell);
        rest = &rest[at + t.len()..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Text(rest.to_string()));
    }
    let grid = Grid {
        n: box_size_of_side(side).expect("a supported side"),
        cells: values,
        alphabet: Arc::new(alphabet),
        blank: '.',
        layout: Layout::Numbers(pieces.into()),
        line: first_line,
    };
    grid.check_clashes()?;
    Ok(Some(grid))
}

/// One puzzle of a file read by [`parse_lines`].
#[derive(Debug, Clone)]
pub struct Entry {
    /// The 1-based line it was on.
    pub line: usize,
    /// The puzzle, or what is wrong with that line.
    pub puzzle: Result<Grid, SudokuError>,
}

/// Reads a file of one puzzle per line.
///
/// Empty lines and lines starting with `#` are skipped, and so is a first line holding only a
/// small number before other lines (the puzzle count some collections start with). In lines with `:` fields
/// (`name:puzzle:count:solution`, the layout of tdoku's test files) the first of the longest
/// fields of a supported length is the puzzle. Without an `alphabet`, one is detected for each size from
/// all lines of that size together, so a line that alone would be ambiguous is read like
/// its neighbours.
///
/// ```
/// use dlx_sudoku::parse_lines;
/// let text = "# two puzzles\n\
///             1.3...4..2.1.3.4\n\
///             11..............\n";
/// let entries = parse_lines(text, None);
/// assert_eq!(entries[0].line, 2);
/// assert!(entries[0].puzzle.is_ok());
/// assert_eq!(
///     entries[1].puzzle.as_ref().unwrap_err().to_string(),
///     "line 3: r1c1 and r1c2 both hold 1"
/// );
/// ```
pub fn parse_lines(text: &str, alphabet: Option<&Alphabet>) -> Vec<Entry> {
    let data = |t: &str| !t.is_empty() && !t.starts_with('#');
    let lines = text.lines().filter(|l| data(l.trim())).count();
    let mut fields = Vec::new();
    let mut seen_data = false;
    for (k, line) in text.lines().enumerate() {
        let t = line.trim();
        if !data(t) {
            continue;
        }
        // A count before the puzzles, not a puzzle, only if puzzles follow: `1234` alone is
        // a puzzle too short, and said so, not an empty file.
        if !seen_data && lines > 1 && t.len() < 16 && t.bytes().all(|b| b.is_ascii_digit()) {
            seen_data = true;
            continue;
        }
        seen_data = true;
        let offset = line.len() - line.trim_start().len();
        let (field, at) = if t.contains(':') {
            // The first of the longest fields of a supported length: a name can be 16
            // characters long, but the puzzle is never shorter than the name.
            let mut at = offset;
            let mut chosen: Option<(&str, usize)> = None;
            for f in t.split(':') {
                let len = f.chars().count();
                if SIDES.iter().any(|&s| s * s == len)
                    && chosen.is_none_or(|(c, _)| c.chars().count() < len)
                {
                    chosen = Some((f, at));
                }
                at += f.len() + 1;
            }
            chosen.unwrap_or((t, offset))
        } else {
            (t, offset)
        };
        fields.push((k + 1, field, line[..at].chars().count()));
    }
    // One alphabet per size, from every line of that size.
    let mut by_side: BTreeMap<usize, Vec<char>> = BTreeMap::new();
    if alphabet.is_none() {
        for (_, f, _) in &fields {
            let len = f.chars().count();
            if let Some(&side) = SIDES.iter().find(|&&s| s * s == len) {
                let used = by_side.entry(side).or_default();
                used.extend(f.chars().map(|c| c.to_ascii_uppercase()));
                used.sort_unstable();
                used.dedup();
            }
        }
    }
    let detected: BTreeMap<usize, Result<Alphabet, Option<String>>> = by_side
        .into_iter()
        .map(|(side, used)| (side, Alphabet::detect(side, &used)))
        .collect();
    fields
        .into_iter()
        .map(|(line, field, col)| {
            let len = field.chars().count();
            let chosen = match alphabet {
                Some(a) => Ok(Some(a)),
                None => match SIDES.iter().find(|&&s| s * s == len).map(|s| &detected[s]) {
                    Some(Ok(a)) => Ok(Some(a)),
                    Some(Err(Some(c))) => Err(SudokuError::AmbiguousAlphabet {
                        line,
                        candidates: c.clone(),
                    }),
                    Some(Err(None)) | None => Ok(None),
                },
            };
            let puzzle = chosen.and_then(|a| {
                parse(field, a).map_err(|e| match e.shift_lines(line - 1) {
                    SudokuError::UnknownChar {
                        line,
                        position,
                        ch,
                        accepted,
                    } => SudokuError::UnknownChar {
                        line,
                        position: position + col,
                        ch,
                        accepted,
                    },
                    e => e,
                })
            });
            let puzzle = puzzle.map(|mut g| {
                g.line = line;
                g
            });
            Entry { line, puzzle }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOP95_1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn one_line_and_grid_layouts_agree() {
        let line = parse(TOP95_1, None).unwrap();
        let mut pretty = String::new();
        for r in 0..9 {
            if r % 3 == 0 && r > 0 {
                pretty.push_str("------+-------+------\n");
            }
            for c in 0..9 {
                if c % 3 == 0 && c > 0 {
                    pretty.push_str("| ");
                }
                pretty.push(TOP95_1.as_bytes()[r * 9 + c] as char);
                pretty.push(' ');
            }
            pretty.push('\n');
        }
        let grid = parse(&pretty, None).unwrap();
        assert_eq!(grid.values(), line.values());
        // It prints back exactly as read (trailing whitespace aside).
        let back: Vec<String> = grid
            .to_string()
            .lines()
            .map(|l| l.trim_end().into())
            .collect();
        let orig: Vec<String> = pretty.lines().map(|l| l.trim_end().into()).collect();
        assert_eq!(back, orig);
        assert_eq!(line.to_string(), TOP95_1);
    }

    #[test]
    fn zero_blanks_print_as_zero() {
        let g = parse(&TOP95_1.replace('.', "0"), None).unwrap();
        assert_eq!(g.to_line(), TOP95_1.replace('.', "0"));
    }

    #[test]
    fn wrong_length_names_the_sizes() {
        let e = parse(&TOP95_1[1..], None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: found 80 cells, expected 16 (4x4), 81 (9x9), 256 (16x16), 625 (25x25) or 1296 (36x36)"
        );
        let e = parse("1234", Some(&Alphabet::from_spec("1-9").unwrap())).unwrap_err();
        assert_eq!(e.to_string(), "line 1: found 4 cells, expected 81 (9x9)");
    }

    #[test]
    fn unknown_character_has_line_and_position() {
        let mut bad = TOP95_1.to_string();
        bad.replace_range(10..11, "x");
        let e = parse(&bad, None).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 1, position 11: unknown character `x`"),
            "{e}"
        );
        let e = parse(&format!("\n\n  {bad}"), None).unwrap_err();
        assert!(e.to_string().starts_with("line 3, position 13:"), "{e}");
        // A control character is shown escaped, not sent raw to the terminal.
        bad.replace_range(10..11, "\0");
        let e = parse(&bad, None).unwrap_err();
        assert!(e.to_string().contains("unknown character `\\0`"), "{e}");
        let grid = "1 2 | . .\n. . | . .\n-----+----\n. . | . .\n. . | . x\n";
        let e = parse(grid, None).unwrap_err();
        assert!(e.to_string().starts_with("line 5, position 9:"), "{e}");
    }

    #[test]
    fn clashes_name_both_cells() {
        let mut bad = TOP95_1.to_string();
        bad.replace_range(1..2, "8"); // r1c2 = 8, and r1c7 holds 8
        let e = parse(&bad, None).unwrap_err();
        assert_eq!(e.to_string(), "line 1: r1c2 and r1c7 both hold 8");
    }

    #[test]
    fn numbers_layout() {
        let mut text = String::new();
        for k in 0..256 {
            text.push_str(if k == 0 {
                "16\n"
            } else if k == 17 {
                "1\n"
            } else {
                "0\n"
            });
        }
        let g = parse(&text, None).unwrap();
        assert_eq!((g.side(), g.get(0, 0), g.get(1, 1)), (16, 16, 1));
        assert_eq!(g.to_string(), text.trim_end());
        assert_eq!(&g.to_line()[..2], "G.");
    }

    #[test]
    fn sixteen_by_sixteen_alphabets() {
        let p = format!("0{}", ".".repeat(255));
        assert_eq!(parse(&p, None).unwrap().alphabet().name(), "0-F");
        let p = format!("G1{}", "-".repeat(254));
        assert_eq!(parse(&p, None).unwrap().alphabet().name(), "1-G");
        let p = format!("1{}", "-".repeat(255));
        assert!(matches!(
            parse(&p, None).unwrap_err(),
            SudokuError::AmbiguousAlphabet { .. }
        ));
        let p = format!("0G{}", ".".repeat(254));
        let e = parse(&p, None).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 1, position 2: unknown character `G`"),
            "{e}"
        );
    }

    #[test]
    fn files_skip_comments_counts_and_fields() {
        let text = format!(
            "2\n# c\n{TOP95_1}\nname:{TOP95_1}:1:x\n\n{}\n",
            &TOP95_1[..80]
        );
        let e = parse_lines(&text, None);
        assert_eq!(e.len(), 3);
        assert_eq!((e[0].line, e[1].line, e[2].line), (3, 4, 6));
        assert!(e[0].puzzle.is_ok() && e[1].puzzle.is_ok());
        assert!(
            e[2].puzzle
                .as_ref()
                .unwrap_err()
                .to_string()
                .starts_with("line 6:")
        );
        // A number alone is no count of anything: a puzzle, too short.
        for alone in ["1234\n", "# c\n0\n"] {
            let e = parse_lines(alone, None);
            assert_eq!(e.len(), 1, "{alone}");
            let err = e[0].puzzle.as_ref().unwrap_err().to_string();
            assert!(err.contains("found") && err.contains("cell"), "{err}");
        }
    }
}
