//! SVG pictures of tilings in the style of the paper's figures: cells coloured per piece,
//! thin grid lines inside a piece, thick lines between pieces and around the board.

use std::fmt::Write as _;

use crate::tiling::Tiling;

/// Colours for pieces: light enough for black lines and labels to stand out.
const PALETTE: [&str; 20] = [
    "#f4a3a3", "#a3c9f4", "#b5e3a1", "#f7d38a", "#d0b3f0", "#9fe0d8", "#f2b6d8", "#d9d9a0",
    "#f0c0a0", "#b0b8f0", "#c8e6c9", "#ffe0b2", "#c5cae9", "#e1bee7", "#b2dfdb", "#ffccbc",
    "#dcedc8", "#f8bbd0", "#d7ccc8", "#cfd8dc",
];

/// How a tiling is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct SvgStyle {
    /// Side of a cell in pixels.
    pub cell: f64,
    /// Write each piece's name in it (skipped when every piece has the same name).
    pub labels: bool,
    /// A caption under the picture.
    pub caption: Option<String>,
}

impl Default for SvgStyle {
    fn default() -> Self {
        SvgStyle {
            cell: 28.0,
            labels: true,
            caption: None,
        }
    }
}

/// One colour index per placed piece: by name when every name is distinct (so a piece keeps
/// its colour from picture to picture), otherwise a greedy colouring in which touching
/// pieces differ (45 copies of Y).
fn colours(t: &Tiling) -> Vec<usize> {
    let names: Vec<&str> = t.pieces().iter().map(|p| p.0.as_str()).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() == names.len() {
        return names
            .iter()
            .map(|n| sorted.binary_search(n).unwrap_or(0) % PALETTE.len())
            .collect();
    }
    let mut colour: Vec<usize> = Vec::with_capacity(names.len());
    for (k, (_, cells)) in t.pieces().iter().enumerate() {
        let mut used = [false; PALETTE.len()];
        for &(r, c) in cells {
            let around = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for (rr, cc) in around {
                if let Some(j) = t.owner(rr, cc).filter(|&j| j < k) {
                    used[colour[j]] = true;
                }
            }
        }
        colour.push(used.iter().position(|u| !u).unwrap_or(0));
    }
    colour
}

/// The tiling as a standalone SVG document.
pub fn to_svg(t: &Tiling, style: &SvgStyle) -> String {
    let s = style.cell;
    let margin = s / 2.0;
    let (w, h) = (t.width() as f64 * s, t.height() as f64 * s);
    // The caption is wrapped to the picture's width (sans-serif: about 0.55 em a character).
    let font = (s * 0.5).min(14.0);
    let per_line = (((w + 2.0 * margin) / (font * 0.55)) as usize).max(16);
    let caption = style
        .caption
        .as_deref()
        .map(|c| wrap(c, per_line))
        .unwrap_or_default();
    let caption_h = if caption.is_empty() {
        0.0
    } else {
        caption.len() as f64 * font * 1.3 + font
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{:.0}" viewBox="0 0 {:.0} {:.0}">"#,
        w + 2.0 * margin,
        h + 2.0 * margin + caption_h,
        w + 2.0 * margin,
        h + 2.0 * margin + caption_h
    );
    let _ = writeln!(
        out,
        r#"<rect width="100%" height="100%" fill="white"/><g transform="translate({margin},{margin})">"#
    );
    let colour = colours(t);
    for (k, (_, cells)) in t.pieces().iter().enumerate() {
        for &(r, c) in cells {
            let _ = writeln!(
                out,
                r##"<rect x="{:.1}" y="{:.1}" width="{s:.1}" height="{s:.1}" fill="{}" stroke="#999" stroke-width="0.5"/>"##,
                c as f64 * s,
                r as f64 * s,
                PALETTE[colour[k]]
            );
        }
    }
    // A cell left empty is grey, outlined with its neighbours left empty; a hole is blank.
    for r in 0..t.height() {
        for c in (0..t.width()).filter(|&c| t.is_left_empty(r, c)) {
            let _ = writeln!(
                out,
                r##"<rect x="{:.1}" y="{:.1}" width="{s:.1}" height="{s:.1}" fill="#e6e6e6" stroke="#999" stroke-width="0.5"/>"##,
                c as f64 * s,
                r as f64 * s,
            );
        }
    }
    let thick = (s / 9.0).max(2.0);
    let mut path = String::new();
    let at = |r: i64, c: i64| t.region(r, c);
    for r in 0..=t.height() as i64 {
        for c in 0..=t.width() as i64 {
            let (x, y) = (c as f64 * s, r as f64 * s);
            if c < t.width() as i64 && at(r - 1, c) != at(r, c) {
                let _ = write!(path, "M{x:.1} {y:.1}h{s:.1}");
            }
            if r < t.height() as i64 && at(r, c - 1) != at(r, c) {
                let _ = write!(path, "M{x:.1} {y:.1}v{s:.1}");
            }
        }
    }
    let _ = writeln!(
        out,
        r#"<path d="{path}" stroke="black" stroke-width="{thick:.1}" stroke-linecap="square" fill="none"/>"#
    );
    // Copies of one piece (45 Y's) carry no labels: the thick lines tell them apart.
    let one_name = t.pieces().windows(2).all(|w| w[0].0 == w[1].0) && t.pieces().len() > 1;
    if style.labels && !one_name {
        for (name, cells) in t.pieces() {
            if cells.is_empty() {
                continue;
            }
            let n = cells.len() as f64;
            let cr = cells.iter().map(|c| c.0 as f64).sum::<f64>() / n;
            let cc = cells.iter().map(|c| c.1 as f64).sum::<f64>() / n;
            let &(r, c) = cells
                .iter()
                .min_by(|a, b| {
                    let da = (a.0 as f64 - cr).powi(2) + (a.1 as f64 - cc).powi(2);
                    let db = (b.0 as f64 - cr).powi(2) + (b.1 as f64 - cc).powi(2);
                    da.total_cmp(&db)
                })
                .expect("non-empty");
            let _ = writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.1}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                (c as f64 + 0.5) * s,
                (r as f64 + 0.5) * s,
                s * 0.5,
                escape(name)
            );
        }
    }
    for (k, line) in caption.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="{font:.1}" text-anchor="middle">{}</text>"#,
            w / 2.0,
            h + margin + font * (1.3 * k as f64 + 1.0),
            escape(line)
        );
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// Splits text into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn svg_has_one_rect_per_cell_and_the_labels() {
        let b = Board::rectangle(1, 4).unwrap();
        let t = Tiling::new(
            &b,
            [
                ("Y".to_string(), vec![(0, 0), (0, 1)]),
                ("Y".to_string(), vec![(0, 2), (0, 3)]),
            ],
        );
        let svg = to_svg(&t, &SvgStyle::default());
        assert!(svg.starts_with("<svg"));
        assert_eq!(svg.matches("<rect x=").count(), 4);
        // Copies of one piece are not labelled.
        assert_eq!(svg.matches(">Y</text>").count(), 0);
        assert_eq!(wrap("a bb ccc dd", 6), ["a bb", "ccc dd"]);
        // Touching copies of one piece get different colours.
        assert_eq!(colours(&t), [0, 1]);
    }
}
