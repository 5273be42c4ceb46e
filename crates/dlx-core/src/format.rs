//! Knuth's text format for exact cover problems, as read by dance.w and its successors.
//!
//! ```text
//! | a comment: lines starting with `|`
//! A B C D E F G | x y        <- the items: primary, then `|` and the secondary ones
//! C E F                      <- every further non-empty line is one option
//! A D G x
//! ```
//!
//! Names are any run of non-space characters (no 7-character limit) not starting with `|`.
//! Lines end with `\n` or `\r\n`; a byte order mark at the start is skipped.
//!
//! Knuth's later programs extend the format, and so does this reader:
//! - **colours** (DLX2): in an option, `x:c` gives the secondary item `x` the colour `c`.
//!   Knuth's programs take one character as the colour; here a colour is any run of
//!   non-space characters without `:` or `|` (`x:red`, `edge:yby`). A token that is a declared
//!   item's whole name is that item, so names containing `:` still work uncoloured.
//! - **multiplicities** (DLX3): in the item line, `a:b|x` before a primary item's name asks
//!   that `x` be covered between `a` and `b` times, `b|x` exactly `b` times
//!   (0 <= a <= b, b >= 1).
//!
//! ```text
//! | Knuth's opening example of DLX3
//! A B 2:3|C | X Y
//! A B X:0 Y:0
//! A C X:1 Y:1
//! C X:0
//! B X:1
//! C Y:1
//! ```
//!
//! - **costs** (DLX5): after any item of an option, `|n` (a decimal number) adds `n` to the
//!   option's cost; `A B |3 C |4` costs 7. Costs are read only by [`parse_with_costs`], for a
//!   minimum-cost search ([`crate::Solve::min_cost`]): [`parse`] refuses them, naming the
//!   line, so that no search ignores them unawares.
//!
//! Options that name no primary item are kept in the [`Matrix`] but never chosen: Knuth's
//! programs drop them, and [`crate::Xcc`] leaves them out of its arena, as they do.

use std::fmt::Write as _;

use thiserror::Error;

use crate::matrix::{ItemKind, Matrix, MatrixBuilder, MatrixError, shown};

/// What is wrong with an input in Knuth's format, and where (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct FormatError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) of the offending name, or 1.
    pub column: usize,
    /// What is wrong.
    pub kind: FormatErrorKind,
}

/// The kinds of [`FormatError`] (more may come with new extensions of the format).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FormatErrorKind {
    /// The input has no item line (only blank lines and `|` comments). An item line with no
    /// primary item cannot occur: a line starting with `|` is a comment.
    #[error("empty input: expected a line of item names (primary items first)")]
    Empty,
    /// An item name is declared twice.
    #[error("duplicate item `{}`", shown(.0))]
    DuplicateItem(String),
    /// An item name starting with `|` (not the lone `|` before the secondary items): an
    /// option line naming it first would read as a comment.
    #[error("item name `{}` starts with `|`, which begins a comment line", shown(.0))]
    BarInName(String),
    /// An item name left after bounds that is itself shaped like bounds (`2|3|x`), which
    /// would not read back.
    #[error("item name `{}`: {}", shown(.0), .1)]
    BadName(String, &'static str),
    /// A `|` among an option's items: only the item line has one.
    #[error("`|` in an option: only the item line separates primary from secondary items")]
    BarInOption,
    /// A carriage return not followed by a line feed: lines end with `\n` or `\r\n`.
    #[error("a carriage return inside the line: lines must end with \\n or \\r\\n")]
    LoneCarriageReturn,
    /// The item line has more than one `|`.
    #[error("a second `|` in the item line")]
    SecondBar,
    /// An option names an undeclared item.
    #[error("unknown item `{}`", shown(.0))]
    UnknownItem(String),
    /// An option names the same item twice.
    #[error("item `{}` appears twice in this option", shown(.0))]
    RepeatedItem(String),
    /// The matrix is too large for the link arena.
    #[error("{0}")]
    TooLarge(String),
    /// Bounds `a:b|` before a secondary item: only primary items have multiplicities.
    #[error("bounds on secondary item `{}`: only primary items take `a:b|`", shown(.0))]
    BoundsOnSecondary(String),
    /// Bounds that no cover meets (`a > b` or `b = 0`), or a number past 32 bits.
    #[error("bounds `{}`: {why}", shown(.0), why = .1)]
    BadBounds(String, &'static str),
    /// A colour on a primary item: only secondary items take colours.
    #[error("colour on primary item `{}`: only secondary items take `x:c`", shown(.0))]
    ColourOnPrimary(String),
    /// A colour with a `|` in it.
    #[error("colour `{}` of item `{}` contains `|`", shown(.1), shown(.0))]
    BadColour(String, String),
    /// An empty colour (`x:`).
    #[error("item `{}` has an empty colour", shown(.0))]
    EmptyColour(String),
    /// An option cost `|n` read by [`parse`], which does not read costs: a search that is
    /// not a minimum-cost one would ignore them ([`parse_with_costs`] reads them).
    #[error("option cost `{}`: costs need a minimum-cost search", shown(.0))]
    Cost(String),
    /// An option cost that is not a decimal number, or too large.
    #[error("option cost `{}`: {why}", shown(.0), why = .1)]
    BadCost(String, &'static str),
    /// A cost before the option's first item: a line starting with `|` is a comment.
    #[error("option cost `{}` before the option's first item", shown(.0))]
    CostFirst(String),
}

/// Parses a matrix in Knuth's format.
///
/// ```
/// let m = dlx_core::format::parse("| tiny\nA B | x\nA x\nB\n")?;
/// assert_eq!(m.items().len(), 3);
/// assert_eq!(m.options().len(), 2);
/// # Ok::<(), dlx_core::FormatError>(())
/// ```
pub fn parse(text: &str) -> Result<Matrix, FormatError> {
    read(text, false)
}

/// Parses a matrix in Knuth's format with option costs `|n` (his DLX5's extension), for
/// [`crate::Solve::min_cost`]. The matrix has costs ([`Matrix::has_costs`]) when some option
/// has one, even `|0`; several on one option add up.
///
/// ```
/// let m = dlx_core::format::parse_with_costs("a b\na |2 b |3\na\nb |1\n")?;
/// assert_eq!((m.cost(0), m.cost(1), m.cost(2)), (5, 0, 1));
/// assert_eq!(dlx_core::format::write(&m, None), "a b\na b |5\na |0\nb |1\n");
/// # Ok::<(), dlx_core::FormatError>(())
/// ```
pub fn parse_with_costs(text: &str) -> Result<Matrix, FormatError> {
    read(text, true)
}

/// The reader of [`parse`] and [`parse_with_costs`].
fn read(text: &str, costs: bool) -> Result<Matrix, FormatError> {
    let mut b = MatrixBuilder::new();
    let mut header_line = None;
    let mut last_line = 0;
    let mut seen: Vec<usize> = Vec::new();
    // A byte order mark is not part of the first item's name.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        last_line = line_no;
        // `lines` keeps a carriage return that ends the text without a line feed.
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Some(at) = line.find('\r') {
            return Err(FormatError {
                line: line_no,
                column: line[..at].chars().count() + 1,
                kind: FormatErrorKind::LoneCarriageReturn,
            });
        }
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('|') {
            continue;
        }
        let err = |column, kind| FormatError {
            line: line_no,
            column,
            kind,
        };
        match header_line {
            None => {
                header_line = Some(line_no);
                // The line does not start with `|` (that would be a comment), so it names at
                // least one primary item: "no primary items" cannot arise in this format.
                let mut kind = ItemKind::Primary;
                for (column, name) in tokens(line) {
                    if name == "|" {
                        if kind == ItemKind::Secondary {
                            return Err(err(column, FormatErrorKind::SecondBar));
                        }
                        kind = ItemKind::Secondary;
                        continue;
                    }
                    let (bounds, name) = match bounds_prefix(name) {
                        Some(Ok((bounds, rest))) => (Some(bounds), rest),
                        Some(Err(why)) => {
                            return Err(err(column, FormatErrorKind::BadBounds(name.into(), why)));
                        }
                        None => (None, name),
                    };
                    if bounds.is_some() && kind == ItemKind::Secondary {
                        return Err(err(column, FormatErrorKind::BoundsOnSecondary(name.into())));
                    }
                    // A token has no white space: the builder refuses a leading `|`, or a
                    // name that is bounds again.
                    let made = match bounds {
                        Some((lower, upper)) => b.primary_with(name, lower, upper),
                        None => b.item(name, kind),
                    };
                    match made {
                        Ok(_) => {}
                        Err(MatrixError::BadName { why, .. }) if !name.starts_with('|') => {
                            return Err(err(column, FormatErrorKind::BadName(name.into(), why)));
                        }
                        Err(MatrixError::BadName { .. }) => {
                            return Err(err(column, FormatErrorKind::BarInName(name.into())));
                        }
                        Err(e @ MatrixError::TooLarge { .. }) => {
                            return Err(err(column, FormatErrorKind::TooLarge(e.to_string())));
                        }
                        Err(_) => {
                            return Err(err(column, FormatErrorKind::DuplicateItem(name.into())));
                        }
                    }
                }
            }
            Some(_) => {
                let mut ids = Vec::new();
                let mut colours = Vec::new();
                let option = b.option_count() + 1;
                let mut cost: Option<u64> = None;
                for (column, token) in tokens(line) {
                    if token == "|" {
                        // Read for costs, a lone `|` is a cost whose number is missing (or
                        // apart from it: `| 3`).
                        if costs && !ids.is_empty() {
                            let why = "no number after `|` (a cost is written `|n`)";
                            return Err(err(column, FormatErrorKind::BadCost(token.into(), why)));
                        }
                        return Err(err(column, FormatErrorKind::BarInOption));
                    }
                    if let Some(digits) = token.strip_prefix('|') {
                        if !costs {
                            return Err(err(column, FormatErrorKind::Cost(token.into())));
                        }
                        if ids.is_empty() {
                            return Err(err(column, FormatErrorKind::CostFirst(token.into())));
                        }
                        let bad = |why| err(column, FormatErrorKind::BadCost(token.into(), why));
                        if !digits.bytes().all(|c| c.is_ascii_digit()) {
                            return Err(bad("not a decimal number"));
                        }
                        let n: u64 = digits.parse().map_err(|_| bad("past 2^64 - 1"))?;
                        let sum = cost.unwrap_or(0).checked_add(n);
                        cost = Some(
                            sum.ok_or_else(|| bad("the option's costs add up past 2^64 - 1"))?,
                        );
                        continue;
                    }
                    // A declared name is that item, even if it contains `:`.
                    let (name, colour) = match (b.id(token), token.rsplit_once(':')) {
                        (None, Some((name, colour))) => (name, Some(colour)),
                        _ => (token, None),
                    };
                    let Some(id) = b.id(name) else {
                        return Err(err(column, FormatErrorKind::UnknownItem(name.into())));
                    };
                    if let Some(colour) = colour {
                        let at = column + name.chars().count() + 1;
                        if colour.is_empty() {
                            return Err(err(at, FormatErrorKind::EmptyColour(name.into())));
                        }
                        if let Err(e) = b.check_colour(option - 1, id, colour) {
                            return Err(match e {
                                MatrixError::ColourOnPrimary { .. } => {
                                    err(column, FormatErrorKind::ColourOnPrimary(name.into()))
                                }
                                // A token has no white space and no `:` after the split; a
                                // `|` inside it is all that is left.
                                _ => {
                                    err(at, FormatErrorKind::BadColour(name.into(), colour.into()))
                                }
                            });
                        }
                    }
                    colours.push(colour);
                    // Per item, the last option naming it: one pass, however long the line.
                    if seen.len() <= id {
                        seen.resize(id + 1, 0);
                    }
                    if seen[id] == option {
                        return Err(err(column, FormatErrorKind::RepeatedItem(name.into())));
                    }
                    seen[id] = option;
                    ids.push(id);
                }
                // Non-empty after trimming, all names known and distinct: only the size
                // limit can refuse it.
                let id = b
                    .option_ids(ids)
                    .map_err(|e| err(1, FormatErrorKind::TooLarge(e.to_string())))?;
                b.colour_last(&colours);
                if let Some(cost) = cost {
                    // The option exists: only the total can be refused.
                    b.cost(id, cost).map_err(|_| {
                        let why = "the costs of all options add up to 2^64 - 1 or more";
                        err(1, FormatErrorKind::BadCost(format!("|{cost}"), why))
                    })?;
                }
            }
        }
    }
    if header_line.is_none() {
        return Err(FormatError {
            line: last_line.max(1),
            column: 1,
            kind: FormatErrorKind::Empty,
        });
    }
    b.build().map_err(|e| FormatError {
        line: last_line,
        column: 1,
        kind: FormatErrorKind::TooLarge(e.to_string()),
    })
}

/// Lower and upper bound of a primary item.
type Bounds = (u32, u32);

/// Knuth's bounds prefix of an item-line token, `a:b|name` or `b|name`: `None` if the token
/// has none (a name may contain `|` after its first character), else the bounds and the name,
/// or why the bounds cannot be.
pub(crate) fn bounds_prefix(token: &str) -> Option<Result<(Bounds, &str), &'static str>> {
    let (prefix, name) = token.split_once('|')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    // `-1:2|A` is bounds gone wrong, not an item of that name.
    let signed = |s: &str| s.strip_prefix('-').is_some_and(digits) || digits(s);
    let (lower, upper) = match prefix.split_once(':') {
        Some((a, b)) if digits(a) && digits(b) => (a, b),
        None if digits(prefix) => (prefix, prefix),
        Some((a, b)) if signed(a) && signed(b) => return Some(Err("a bound is negative")),
        None if signed(prefix) => return Some(Err("a bound is negative")),
        _ => return None,
    };
    let number = |s: &str| {
        s.parse::<u32>()
            .map_err(|_| "a bound does not fit in 32 bits")
    };
    Some((|| {
        let (lower, upper) = (number(lower)?, number(upper)?);
        if upper == 0 {
            return Err("the upper bound is 0");
        }
        if lower > upper {
            return Err("the lower bound exceeds the upper bound");
        }
        if name.is_empty() {
            return Err("no item name after the bounds");
        }
        Ok(((lower, upper), name))
    })())
}

/// The whitespace-separated names of a line with their 1-based character columns.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut chars = 0;
    let mut last = 0;
    line.split_whitespace().map(move |tok| {
        let offset = tok.as_ptr() as usize - line.as_ptr() as usize;
        chars += line[last..offset].chars().count();
        last = offset;
        (chars + 1, tok)
    })
}

/// Writes a matrix in Knuth's format, with an optional comment line on top; a matrix with
/// costs gets `|n` after every option ([`parse_with_costs`] reads it back).
///
/// ```
/// let m = dlx_core::format::parse("A B | x\nA x\nB\n")?;
/// assert_eq!(dlx_core::format::write(&m, None), "A B | x\nA x\nB\n");
/// # Ok::<(), dlx_core::FormatError>(())
/// ```
pub fn write(matrix: &Matrix, comment: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(c) = comment {
        for line in c.lines() {
            let _ = writeln!(out, "| {line}");
        }
    }
    let names = |kind| {
        matrix
            .items()
            .iter()
            .enumerate()
            .filter(move |(_, i)| i.kind == kind)
            .map(|(id, i)| {
                if matrix.is_bounded(id) {
                    format!("{}{}", i.multiplicity, i.name)
                } else {
                    i.name.clone()
                }
            })
    };
    let mut header: Vec<String> = names(ItemKind::Primary).collect();
    let secondary: Vec<String> = names(ItemKind::Secondary).collect();
    if !secondary.is_empty() {
        header.push("|".into());
        header.extend(secondary);
    }
    out.push_str(&header.join(" "));
    out.push('\n');
    for (o, option) in matrix.options().iter().enumerate() {
        let mut line: Vec<String> = (0..option.len()).map(|k| matrix.entry_text(o, k)).collect();
        if matrix.has_costs() {
            line.push(format!("|{}", matrix.cost(o)));
        }
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}
