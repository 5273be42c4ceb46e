//! Pictures of boards and solutions: ASCII for terminals, SVG like the paper's Figures 11–15.

use std::fmt::Write as _;

use crate::arrangement::{Arrangement, Placed};
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
    // A panel is as wide as its board, or as its longest caption (about 8 units a character
    // at 14 points), the board centred in it: a picture cuts off what lies outside it.
    let board_width = f64::from(mx) * u + 2.0 * margin;
    let longest = (panels.iter().map(|(t, _)| t.chars().count()).max()).unwrap_or(0);
    let pw = board_width.max(longest as f64 * 8.0 + 2.0 * margin);
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
        let ox = (k % cols) as f64 * pw + margin + (pw - board_width) / 2.0;
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
        }
        // The labels go on top of every stroke, each where it clashes with no other.
        if style.labels {
            let spots = label_spots(&arrangement.pieces, u, at);
            for (n, (piece, (lx, ly))) in arrangement.pieces.iter().zip(spots).enumerate() {
                let _ = writeln!(
                    out,
                    r#"<text x="{lx:.1}" y="{:.1}" font-size="{:.0}" font-weight="bold" text-anchor="middle" fill="{}" stroke="white" stroke-width="3" paint-order="stroke">{}</text>"#,
                    ly + u * 0.11,
                    u * 0.32,
                    PALETTE[n % PALETTE.len()],
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

/// Where each piece's label goes. A piece's candidate spots lie beside the middles of its
/// segments, nearest the piece's centre first, the side toward the centre before the other
/// (so a label stays with its piece); each piece takes its first spot that no label placed
/// before it overlaps (a straight piece's centre is on its own stroke, and either side of it
/// may hold a neighbour's label), or its first spot if every one is taken.
fn label_spots(pieces: &[Placed], u: f64, at: impl Fn(Point) -> (f64, f64)) -> Vec<(f64, f64)> {
    // A label is about 0.45 unit wide (a letter and a prime) and 0.35 high.
    let clash =
        |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < u * 0.45 && (a.1 - b.1).abs() < u * 0.35;
    let mut placed: Vec<(f64, f64)> = Vec::with_capacity(pieces.len());
    for piece in pieces {
        let candidates = label_candidates(&piece.segs, &at);
        let spot = candidates
            .iter()
            .copied()
            .find(|&c| placed.iter().all(|&p| !clash(c, p)))
            .or(candidates.first().copied())
            .unwrap_or_default();
        placed.push(spot);
    }
    placed
}

/// A piece's label spots, best first: beside each segment's middle, on both sides, segments
/// nearest the piece's centre first and the side toward the centre first.
fn label_candidates(segs: &[Seg], at: impl Fn(Point) -> (f64, f64)) -> Vec<(f64, f64)> {
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
    let off = 9.0;
    let mut spots: Vec<(f64, bool, (f64, f64))> = Vec::with_capacity(2 * mids.len());
    for &((mx, my), dir) in &mids {
        let d = (mx - cx).powi(2) + (my - cy).powi(2);
        // The two sides, the one toward the centre first (ties: right of a vertical stroke,
        // below a horizontal one, as on screen).
        let (toward, away) = match dir {
            Dir::H => {
                let s = if cy >= my { off } else { -off };
                ((mx, my + s), (mx, my - s))
            }
            Dir::V => {
                let s = if cx >= mx { off } else { -off };
                ((mx + s, my), (mx - s, my))
            }
        };
        spots.push((d, false, toward));
        spots.push((d, true, away));
    }
    spots.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    spots.into_iter().map(|s| s.2).collect()
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

    /// Three pieces of a solution in the spiked diamond (results/aztec-spiked/x2-61-of-64.txt):
    /// the straight I runs beside F, and their labels' first spots overlap.
    #[test]
    fn labels_do_not_overlap() {
        let u = SvgStyle::default().unit;
        let pieces = vec![
            placed("F", &["H66", "H67", "V75", "V76"]),
            placed("F'", &["H45", "H46", "V44", "V45"]),
            placed("I", &["V65", "V66", "V67", "V68"]),
        ];
        let at = |p: Point| (f64::from(p.x) * u, f64::from(10 - p.y) * u);
        let clash = |a: (f64, f64), b: (f64, f64)| {
            (a.0 - b.0).abs() < u * 0.45 && (a.1 - b.1).abs() < u * 0.35
        };
        let first = |n: usize| label_candidates(&pieces[n].segs, at)[0];
        assert!(clash(first(0), first(2)), "the case this test is about");
        let spots = label_spots(&pieces, u, at);
        for (i, &a) in spots.iter().enumerate() {
            for &b in &spots[i + 1..] {
                assert!(!clash(a, b), "{a:?} and {b:?} overlap");
            }
        }
        // Each label stays beside one of its own piece's segments.
        for (piece, spot) in pieces.iter().zip(&spots) {
            assert!(label_candidates(&piece.segs, at).contains(spot));
        }
    }

    #[test]
    fn primes_are_drawn_as_lower_case_and_escaped_in_svg() {
        assert_eq!(letter("F'"), 'f');
        assert_eq!(letter("F"), 'F');
        assert_eq!(escape("F'<"), "F&#8242;&lt;");
    }
}
