//! Drawing solutions: labelled triangles as text, and SVG pictures like the paper's figures.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::board::Board;
use crate::cell::{Cell, Point, cartesian};
use crate::puzzle::Labelling;

/// The character a label is drawn with: its letter, lower case for a primed (mirror-image)
/// one-sided piece, so `P'` prints as `p`.
pub fn label_char(label: &str) -> char {
    let c = label.chars().next().unwrap_or('?');
    if label.ends_with('\'') {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

/// The solution as text, one line per strip (top strip first), two characters per unit of x
/// (up triangle, down triangle), each line indented one character more than the line below
/// it, so the strips slant as on the grid. `.` is an uncovered board cell, a blank no cell.
///
/// ```
/// # use dlx_polyiamond::{Board, Labelling, Cell, render::text};
/// let board = Board::rhombus(2, 1)?;
/// let mut l = Labelling::default();
/// for c in board.cells() { l.0.insert(c, if c.x == 0 { "A" } else { "B'" }.to_string()); }
/// assert_eq!(text(&board, &l), "AAbb\n");
/// # Ok::<(), dlx_polyiamond::PolyiamondError>(())
/// ```
pub fn text(board: &Board, labelling: &Labelling) -> String {
    let (x0, x1, y0, y1) = board.bounds();
    let mut out = String::new();
    for y in (y0..=y1).rev() {
        let mut line = " ".repeat((y - y0) as usize);
        for x in x0..=x1 {
            for c in [Cell::up(x, y), Cell::down(x, y)] {
                line.push(if !board.contains(c) {
                    ' '
                } else {
                    labelling.get(c).map_or('.', label_char)
                });
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// How to draw an SVG picture.
#[derive(Debug, Clone, PartialEq)]
pub struct SvgStyle {
    /// Length of a triangle's side, in pixels.
    pub unit: f64,
    /// Turn the picture 90° counter-clockwise, so the triangles point left and right as in the
    /// paper's Figure 8 (Knuth: "all triangles that point left are black").
    pub quarter_turn: bool,
    /// Write each piece's label in it.
    pub labels: bool,
    /// A caption under the picture.
    pub caption: Option<String>,
}

impl Default for SvgStyle {
    fn default() -> Self {
        SvgStyle {
            unit: 32.0,
            quarter_turn: false,
            labels: true,
            caption: None,
        }
    }
}

/// A fill colour per label: evenly spread hues, in sorted label order.
fn palette(labelling: &Labelling) -> BTreeMap<&str, String> {
    let mut labels: Vec<&str> = labelling.0.values().map(String::as_str).collect();
    labels.sort_unstable();
    labels.dedup();
    let n = labels.len().max(1) as f64;
    labels
        .into_iter()
        .enumerate()
        .map(|(k, l)| {
            // Step through the hue circle by a coprime stride so neighbours in sort order
            // (P, P') get contrasting colours.
            let hue = ((k as f64 * 7.0) % n) * 360.0 / n;
            let light = if k % 2 == 0 { 72 } else { 60 };
            (l, format!("hsl({hue:.0},65%,{light}%)"))
        })
        .collect()
}

/// The solution as an SVG picture: each piece filled in its own colour, piece boundaries and
/// the board's outline drawn thick, grid lines thin.
pub fn svg(board: &Board, labelling: &Labelling, style: &SvgStyle) -> String {
    let place = |p: Point| {
        let (x, y) = cartesian(p);
        let (x, y) = if style.quarter_turn { (-y, x) } else { (x, y) };
        (x * style.unit, -y * style.unit)
    };
    let points: Vec<(f64, f64)> = board
        .cells()
        .flat_map(|c| c.vertices())
        .map(place)
        .collect();
    let min_x = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let max_x = points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let min_y = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let max_y = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let margin = style.unit / 2.0;
    let caption_h = if style.caption.is_some() {
        style.unit
    } else {
        0.0
    };
    // Wide enough for the caption too (sans-serif averages about 0.55 em per character).
    let caption_w = style.caption.as_ref().map_or(0.0, |c| {
        c.chars().count() as f64 * style.unit / 2.5 * 0.55 + 2.0 * margin
    });
    let (w, h) = (
        (max_x - min_x + 2.0 * margin).max(caption_w),
        max_y - min_y + 2.0 * margin + caption_h,
    );
    let shift = (w - (max_x - min_x + 2.0 * margin)) / 2.0;
    let at = |p: Point| {
        let (x, y) = place(p);
        (x - min_x + margin + shift, y - min_y + margin)
    };
    let colours = palette(labelling);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.1} {h:.1}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for c in board.cells() {
        let fill = labelling
            .get(c)
            .and_then(|l| colours.get(l))
            .map_or("#eeeeee", String::as_str);
        let pts: Vec<String> = c
            .vertices()
            .iter()
            .map(|&p| {
                let (x, y) = at(p);
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let _ = writeln!(
            out,
            "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#999999\" stroke-width=\"0.5\"/>",
            pts.join(" ")
        );
    }
    for c in board.cells() {
        for n in c.neighbours() {
            let inside = board.contains(n);
            let differs = labelling.get(c) != labelling.get(n);
            if inside && (c > n || !differs) {
                continue;
            }
            let shared: Vec<Point> = c
                .vertices()
                .into_iter()
                .filter(|v| n.vertices().contains(v))
                .collect();
            let ((ax, ay), (bx, by)) = (at(shared[0]), at(shared[1]));
            let _ = writeln!(
                out,
                "<line x1=\"{ax:.1}\" y1=\"{ay:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\" stroke=\"black\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"/>",
                style.unit / 12.0
            );
        }
    }
    if style.labels {
        let mut pieces: BTreeMap<&str, Vec<Cell>> = BTreeMap::new();
        for (c, l) in &labelling.0 {
            pieces.entry(l).or_default().push(*c);
        }
        for (label, cells) in pieces {
            let centre = |c: &Cell| {
                let [p, q, r] = c.vertices().map(at);
                ((p.0 + q.0 + r.0) / 3.0, (p.1 + q.1 + r.1) / 3.0)
            };
            let n = cells.len() as f64;
            let mx = cells.iter().map(|c| centre(c).0).sum::<f64>() / n;
            let my = cells.iter().map(|c| centre(c).1).sum::<f64>() / n;
            // The cell nearest the piece's centre of mass, so the label sits inside the piece.
            let (x, y) = cells
                .iter()
                .map(centre)
                .min_by(|a, b| {
                    let da = (a.0 - mx).powi(2) + (a.1 - my).powi(2);
                    let db = (b.0 - mx).powi(2) + (b.1 - my).powi(2);
                    da.total_cmp(&db)
                })
                .unwrap_or((mx, my));
            let _ = writeln!(
                out,
                "<text x=\"{x:.1}\" y=\"{y:.1}\" font-family=\"sans-serif\" font-size=\"{:.0}\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
                style.unit / 2.6,
                escape(label)
            );
        }
    }
    if let Some(caption) = &style.caption {
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"{:.0}\" text-anchor=\"middle\">{}</text>",
            w / 2.0,
            h - margin,
            style.unit / 2.5,
            escape(caption)
        );
    }
    out.push_str("</svg>\n");
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_draws_every_cell_and_the_outline() {
        let board = Board::rhombus(1, 1).unwrap();
        let mut l = Labelling::default();
        for c in board.cells() {
            l.0.insert(c, "D".into());
        }
        let s = svg(&board, &l, &SvgStyle::default());
        assert_eq!(s.matches("<polygon").count(), 2);
        // Four outline edges; the diagonal inside the one piece is not drawn thick.
        assert_eq!(s.matches("<line").count(), 4);
        assert!(s.contains(">D</text>"));
    }

    #[test]
    fn text_marks_uncovered_cells() {
        let board = Board::rhombus(1, 2).unwrap();
        let mut l = Labelling::default();
        l.0.insert(Cell::up(0, 0), "X".into());
        assert_eq!(text(&board, &l), " ..\nX.\n");
    }
}
