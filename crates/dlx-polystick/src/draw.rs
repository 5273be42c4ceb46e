//! Pictures of boards and solutions: ASCII for terminals, SVG like the paper's Figures 11–15.

use std::fmt::Write as _;

use crate::arrangement::Arrangement;
use crate::board::Board;
use crate::stick::{Dir, Point, Seg};

/// The letter drawn for a piece: its name's letter, lower case for a mirror image (`F'` is
/// drawn `f`).
pub fn letter(name: &str) -> char {
    let c = name.chars().next().unwrap_or('?');
    if name.ends_with('\'') {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

/// Draws an arrangement on its board as text, y upward. A segment is drawn with its piece's
/// letter (`FFF` across, `F` up; lower case for a mirror image); a point inside one piece
/// shows that piece's letter, a point where pieces meet `+`, a crossing `*`. Segments of the
/// board no piece covers are drawn `---` and `|`.
///
/// ```
/// use dlx_polystick::{Arrangement, Board, Placed, draw};
/// let o = Placed { name: "O".into(), segs: ["H00", "H01", "V00", "V10"].iter().map(|s| s.parse().unwrap()).collect() };
/// let text = draw::ascii(&Board::grid(1, 1)?, &Arrangement::new(vec![o]));
/// assert_eq!(text, "OOOOO\nO   O\nOOOOO\n");
/// # Ok::<(), dlx_polystick::PolystickError>(())
/// ```
pub fn ascii(board: &Board, arrangement: &Arrangement) -> String {
    let (mx, my) = board.extent();
    let (w, h) = (4 * mx as usize + 1, 2 * my as usize + 1);
    let mut grid = vec![vec![' '; w]; h];
    let row = |y: i32| 2 * (my - y) as usize;
    let crossings = arrangement.crossings();
    for &s in board.segments() {
        let c = arrangement.owner(s).map(|p| letter(&p.name));
        match s.dir {
            Dir::H => {
                for k in 1..4 {
                    grid[row(s.y)][4 * s.x as usize + k] = c.unwrap_or('-');
                }
            }
            Dir::V => grid[row(s.y) - 1][4 * s.x as usize] = c.unwrap_or('|'),
        }
        for p in s.ends() {
            grid[row(p.y)][4 * p.x as usize] = point_char(arrangement, &crossings, p);
        }
    }
    let mut out = String::new();
    for line in grid {
        let line: String = line.into_iter().collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn point_char(arrangement: &Arrangement, crossings: &[Point], p: Point) -> char {
    if crossings.contains(&p) {
        return '*';
    }
    let arms = p.arms();
    let inside: Vec<&str> = arrangement
        .pieces
        .iter()
        .filter(|pc| arms.iter().filter(|a| pc.segs.contains(a)).count() >= 2)
        .map(|pc| pc.name.as_str())
        .collect();
    match inside.as_slice() {
        [one] => letter(one),
        _ => '+',
    }
}

/// Options for [`svg`].
#[derive(Debug, Clone, PartialEq)]
pub struct SvgStyle {
    /// Pixels per lattice unit.
    pub unit: f64,
    /// Print each piece's name next to it.
    pub labels: bool,
    /// Panels per row when several solutions are drawn.
    pub columns: usize,
}

impl Default for SvgStyle {
    fn default() -> Self {
        SvgStyle {
            unit: 36.0,
            labels: true,
            columns: 4,
        }
    }
}

/// Twenty-five distinguishable colours, one per piece of the largest set.
const PALETTE: [&str; 25] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf", "#393b79", "#ad494a", "#637939", "#e6550d", "#7b4173", "#3182bd",
    "#31a354", "#756bb1", "#636363", "#a55194", "#843c39", "#8c6d31", "#6baed6", "#fd8d3c",
    "#74c476",
];

/// Draws one or more solutions on their board as an SVG picture, one captioned panel each.
/// Each piece is a thick stroke in its own colour, pulled back at its own ends so that the
/// pieces stay apart where they meet (as in the paper's figures); crossings are ringed in red.
pub fn svg(board: &Board, panels: &[(String, Arrangement)], style: &SvgStyle) -> String {
    let (mx, my) = board.extent();
    let u = style.unit;
    let margin = u * 0.6;
    let caption = 22.0;
    let pw = f64::from(mx) * u + 2.0 * margin;
    let ph = f64::from(my) * u + 2.0 * margin + caption;
    let cols = style.columns.max(1).min(panels.len().max(1));
    let rows = panels.len().div_ceil(cols).max(1);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#,
        w = pw * cols as f64,
        h = ph * rows as f64
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    for (k, (title, arrangement)) in panels.iter().enumerate() {
        let ox = (k % cols) as f64 * pw + margin;
        let oy = (k / cols) as f64 * ph + margin;
        let at = |p: Point| (ox + f64::from(p.x) * u, oy + f64::from(my - p.y) * u);
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-size="14" text-anchor="middle">{}</text>"#,
            ox + f64::from(mx) * u / 2.0,
            oy + f64::from(my) * u + margin + 12.0,
            escape(title)
        );
        // The board: thin grey segments (darker when no piece is drawn on it).
        let (grey, width) = if arrangement.pieces.is_empty() {
            ("#555", 2)
        } else {
            ("#ccc", 1)
        };
        for &s in board.segments() {
            let [a, b] = s.ends().map(at);
            let _ = writeln!(
                out,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{grey}" stroke-width="{width}"/>"#,
                a.0, a.1, b.0, b.1
            );
        }
        for (n, piece) in arrangement.pieces.iter().enumerate() {
            let colour = PALETTE[n % PALETTE.len()];
            let _ = writeln!(
                out,
                r#"<g stroke="{colour}" stroke-width="{:.1}" stroke-linecap="round">"#,
                u * 0.16
            );
            for &s in &piece.segs {
                let [a, b] = s.ends();
                let gap = u * 0.14;
                let pull = |p: Point| {
                    // Pull back an end where the piece does not continue.
                    let continues = p.arms().iter().any(|&o| o != s && piece.segs.contains(&o));
                    if continues { 0.0 } else { gap }
                };
                let (ga, gb) = (pull(a), pull(b));
                let (pa, pb) = (at(a), at(b));
                let (dx, dy) = match s.dir {
                    Dir::H => (1.0, 0.0),
                    Dir::V => (0.0, -1.0),
                };
                let _ = writeln!(
                    out,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
                    pa.0 + dx * ga,
                    pa.1 + dy * ga,
                    pb.0 - dx * gb,
                    pb.1 - dy * gb
                );
            }
            let _ = writeln!(out, "</g>");
            if style.labels {
                let (lx, ly) = label_spot(&piece.segs, at);
                let _ = writeln!(
                    out,
                    r#"<text x="{lx:.1}" y="{:.1}" font-size="{:.0}" font-weight="bold" text-anchor="middle" fill="{colour}" stroke="white" stroke-width="3" paint-order="stroke">{}</text>"#,
                    ly + u * 0.11,
                    u * 0.32,
                    escape(&piece.name)
                );
            }
        }
        for p in arrangement.crossings() {
            let (x, y) = at(p);
            let _ = writeln!(
                out,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="red" stroke-width="2.5"/>"#,
                u * 0.28
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Where a piece's label goes: beside the middle of the segment closest to the piece's centre,
/// on the side away from the segment.
fn label_spot(segs: &[Seg], at: impl Fn(Point) -> (f64, f64)) -> (f64, f64) {
    let mids: Vec<((f64, f64), Dir)> = segs
        .iter()
        .map(|s| {
            let [a, b] = s.ends().map(&at);
            (((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0), s.dir)
        })
        .collect();
    let n = mids.len().max(1) as f64;
    let cx = mids.iter().map(|m| m.0.0).sum::<f64>() / n;
    let cy = mids.iter().map(|m| m.0.1).sum::<f64>() / n;
    let dist = |m: &((f64, f64), Dir)| (m.0.0 - cx).powi(2) + (m.0.1 - cy).powi(2);
    let best = mids
        .iter()
        .min_by(|a, b| dist(a).total_cmp(&dist(b)))
        .copied()
        .unwrap_or(((cx, cy), Dir::H));
    let off = 9.0;
    match best.1 {
        // Step off the stroke toward the piece's centre, so the label stays with its piece.
        Dir::H => (best.0.0, best.0.1 + if cy >= best.0.1 { off } else { -off }),
        Dir::V => (best.0.0 + if cx >= best.0.0 { off } else { -off }, best.0.1),
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&#8242;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrangement::tests::placed;

    #[test]
    fn ascii_marks_crossings_and_uncovered_segments() {
        let board = Board::grid(5, 5).unwrap();
        let a = Arrangement::new(vec![
            placed("V", &["H23", "H33", "V43", "V44"]),
            placed("S'", &["H24", "V33", "V32", "H32"]),
        ]);
        let text = ascii(&board, &a);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        // Row of y = 3 (line 4): H23 and H33 are V's, the point (3,3) is the crossing.
        assert_eq!(&lines[4][8..17], "+VVV*VVVV");
        assert_eq!(&lines[3][12..13], "s");
        assert!(lines[10].starts_with("+---+"));
    }

    #[test]
    fn svg_has_one_stroke_per_segment_and_rings_crossings() {
        let board = Board::grid(5, 5).unwrap();
        let a = Arrangement::new(vec![
            placed("V", &["H23", "H33", "V43", "V44"]),
            placed("S", &["H24", "V33", "V32", "H32"]),
        ]);
        let pic = svg(&board, &[("Figure 12".into(), a)], &SvgStyle::default());
        assert!(pic.starts_with("<svg"));
        assert!(pic.trim_end().ends_with("</svg>"));
        // 60 board lines + 8 piece strokes.
        assert_eq!(pic.matches("<line").count(), 68);
        assert_eq!(pic.matches("<circle").count(), 1);
        assert!(pic.contains(">Figure 12</text>"));
    }

    #[test]
    fn primes_are_drawn_as_lower_case_and_escaped_in_svg() {
        assert_eq!(letter("F'"), 'f');
        assert_eq!(letter("F"), 'F');
        assert_eq!(escape("F'<"), "F&#8242;&lt;");
    }
}
