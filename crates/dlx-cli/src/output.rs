//! Input read and output written: files whole or not at all, figures as the paper prints
//! them, the JSON every search command prints.

use std::io::{self, Read, Write};

use dlx_core::{Heuristic, Matrix, Stats};
use serde_json::{Value, json};

use crate::error::CliError;

/// Reads a file, or standard input for `-` or no file. Text that is not UTF-8 is refused with
/// the line and column of its first bad byte.
pub fn read_input(path: Option<&str>) -> Result<(String, String), CliError> {
    let name = match path {
        None | Some("-") => "-",
        Some(p) => p,
    };
    let bytes = if name == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::io("-", e))?;
        bytes
    } else {
        std::fs::read(name).map_err(|e| CliError::io(name, e))?
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
        CliError::NotUtf8 {
            path: name.to_string(),
            line: good.iter().filter(|&&b| b == b'\n').count() + 1,
            // Characters, not bytes, before the bad byte on its line.
            column: String::from_utf8_lossy(&good[line_start..]).chars().count() + 1,
        }
    })?;
    Ok((name.to_string(), text))
}

/// Prints a command's named problems, one per line with its description (`dlx X list`).
pub fn list_names(names: &[(&str, &str)]) -> Result<(), CliError> {
    let width = names.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let text: String = names
        .iter()
        .map(|(name, about)| format!("{name:<width$} {about}\n"))
        .collect();
    write_output("-", &text)
}

/// Writes a matrix in Knuth's format (`--emit`), with a comment naming what it is and which
/// command wrote it.
pub fn emit_matrix(
    path: &str,
    matrix: &Matrix,
    title: &str,
    command: &str,
) -> Result<(), CliError> {
    let comment = format!("{title}, written by dlx {command}");
    write_output(path, &dlx_core::format::write(matrix, Some(&comment)))
}

/// Writes text to a file (atomically: see [`dlx_core::file::write_atomic`]), or standard
/// output for `-`.
pub fn write_output(path: &str, text: &str) -> Result<(), CliError> {
    if path == "-" {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes())
            .map_err(|e| CliError::io("-", e))
    } else {
        // Whole or not at all: an interrupted write leaves the old file, never a prefix.
        dlx_core::file::write_atomic(path, text.as_bytes()).map_err(|e| CliError::io(path, e))
    }
}

/// The JSON object `--json` prints: the statistics (with `cleansings` for a search with
/// colours or bounds), plus the solutions when printed.
pub fn stats_json(
    stats: &Stats,
    heuristic: Heuristic,
    solutions: Option<Vec<Value>>,
    cleansings: bool,
) -> Value {
    let mut v = json!({
        "solutions": stats.solutions,
        "updates": stats.updates,
        "nodes": stats.nodes,
        "levels": stats.levels.iter().map(|l| json!({"nodes": l.nodes, "updates": l.updates})).collect::<Vec<_>>(),
        "complete": stats.complete,
        "heuristic": heuristic.to_string(),
    });
    if cleansings {
        v["cleansings"] = json!(stats.cleansings);
    }
    if let Some(list) = solutions {
        v["solution_list"] = Value::Array(list);
    }
    v
}

/// A figure with thousands separators, as the paper's tables print them: `1,049`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count and its noun, singular for 1: `1 solution`, `2,339 solutions`.
pub fn counted(n: u64, noun: &str) -> String {
    format!("{} {noun}{}", grouped(n), if n == 1 { "" } else { "s" })
}

/// Solutions, updates, (cleansings,) nodes.
pub fn figures(stats: &Stats, cleansings: bool) -> String {
    let mut parts = vec![
        counted(stats.solutions, "solution"),
        counted(stats.updates, "update"),
    ];
    if cleansings {
        parts.push(counted(stats.cleansings, "cleansing"));
    }
    parts.push(counted(stats.nodes, "node"));
    parts.join(", ")
}

/// The one-line result every search command prints: solutions, updates and nodes, with
/// Knuth's cleansings when the search has colours or bounds.
pub fn summary_line_with(stats: &Stats, cleansings: bool) -> String {
    format!(
        "{}{}\n",
        figures(stats, cleansings),
        if stats.complete {
            ""
        } else {
            " (search stopped at the limit)"
        }
    )
}

/// The most squares or cubes of a bounding box `--show-pieces` draws as a picture; a piece
/// spread wider is given as its list of cells (a picture would take gigabytes).
pub const MAX_PICTURE: i64 = 10_000;

/// One piece as `--show-pieces` draws it: its name, size, turns, copies (`None`: any number)
/// and placements on the board, then its picture and a blank line.
pub fn shown_piece(
    name: &str,
    size: &str,
    turns: &str,
    copies: Option<(u32, u32)>,
    placements: usize,
    picture: &str,
) -> String {
    let copies = match copies {
        None => "any number of times".to_string(),
        Some((1, 1)) => "once".to_string(),
        Some((lo, hi)) if lo == hi => format!("{lo} times"),
        Some((lo, hi)) => format!("{lo} to {hi} times"),
    };
    let placements = counted(placements as u64, "placement");
    format!("{name}: {size}, {turns}, placed {copies}, {placements} on the board\n{picture}\n\n")
}

/// Says on standard error which pieces of a described puzzle fall apart: they are placed as
/// given (Knuth's polycube-dlx takes any cells too), but a picture whose cells do not all
/// touch is most often a typo.
pub fn note_scattered(pieces: &[(&str, usize)]) {
    for (name, parts) in pieces {
        note!(
            "note: piece {name} is in {parts} parts (its cells do not all touch); it is placed as given"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{counted, grouped};

    #[test]
    fn figures_are_grouped_and_counts_singular_for_one() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(309_134_131), "309,134,131");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(counted(1, "solution"), "1 solution");
        assert_eq!(counted(0, "solution"), "0 solutions");
        assert_eq!(counted(2_339, "solution"), "2,339 solutions");
    }
}
