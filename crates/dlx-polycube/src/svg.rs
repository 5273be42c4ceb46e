//! SVG pictures of a filled board: its layers side by side, or the cubes in isometric view.

use std::fmt::Write as _;

use crate::filling::Filling;
use crate::shape::Cell;

/// The largest lift [`View::Isometric`] takes, in cells: more only spreads the layers out
/// (and a huge one would make a picture of absurd size), so [`to_svg`] lifts by at most this.
pub const MAX_EXPLODE: f64 = 10.0;

/// How the board is shown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum View {
    /// Each layer as a grid, the first (`z` least) on the left, rows by `y`, columns by `x`;
    /// thick lines between pieces.
    Layers,
    /// The cubes seen from a corner (`x`, `y` and `z` large), `z` up; `explode` lifts each
    /// layer by that many cells more, to show the layers inside (0: the solid; at most
    /// [`MAX_EXPLODE`]).
    Isometric {
        /// Extra space between layers, in cells.
        explode: f64,
    },
}

/// How a filled board is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct SvgStyle {
    /// Side of a cell in pixels.
    pub cell: f64,
    /// The view.
    pub view: View,
    /// Write each piece's name in its cells (layer view).
    pub labels: bool,
    /// A caption under the picture.
    pub caption: Option<String>,
}

impl Default for SvgStyle {
    fn default() -> Self {
        SvgStyle {
            cell: 28.0,
            view: View::Layers,
            labels: true,
            caption: None,
        }
    }
}

/// The hue of each placed piece: by name when the names are distinct (a piece keeps its
/// colour from picture to picture), else by position in the list; hues a golden angle apart.
fn hues(f: &Filling) -> Vec<f64> {
    let names: Vec<&str> = f.pieces().iter().map(|p| p.0.as_str()).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let golden = |k: usize| (k as f64 * 137.508) % 360.0;
    if sorted.len() == names.len() {
        names
            .iter()
            .map(|n| golden(sorted.binary_search(n).unwrap_or(0)))
            .collect()
    } else {
        (0..names.len()).map(golden).collect()
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The filled board as a standalone SVG document.
///
/// ```
/// use dlx_polycube::{Board, Filling, SvgStyle, View, to_svg};
///
/// let board = Board::cuboid(2, 1, 2)?;
/// let f = Filling::new(
///     &board,
///     [("A".to_string(), vec![[0, 0, 0], [1, 0, 0]]), ("B".to_string(), vec![[0, 0, 1], [1, 0, 1]])],
/// );
/// let layers = to_svg(&f, &SvgStyle::default());
/// assert_eq!(layers.matches("<rect x=").count(), 4);
/// let solid = to_svg(&f, &SvgStyle { view: View::Isometric { explode: 0.0 }, ..SvgStyle::default() });
/// assert!(solid.contains("<polygon"));
/// # Ok::<(), dlx_polycube::BoardError>(())
/// ```
pub fn to_svg(f: &Filling, style: &SvgStyle) -> String {
    let mut body = String::new();
    let (w, h) = match style.view {
        View::Layers => layers(f, style, &mut body),
        View::Isometric { explode } => {
            // NaN draws the solid.
            let explode = if explode.is_nan() {
                0.0
            } else {
                explode.clamp(0.0, MAX_EXPLODE)
            };
            isometric(f, style, explode, &mut body)
        }
    };
    let s = style.cell;
    let margin = s / 2.0;
    let font = (s * 0.5).min(14.0);
    let caption_h = if style.caption.is_some() {
        font * 2.3
    } else {
        0.0
    };
    let (width, height) = (w + 2.0 * margin, h + 2.0 * margin + caption_h);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="100%" height="100%" fill="white"/><g transform="translate({margin},{margin})">"#
    );
    out.push_str(&body);
    if let Some(caption) = &style.caption {
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="{font:.1}" text-anchor="middle">{}</text>"#,
            w / 2.0,
            h + margin + font,
            escape(caption)
        );
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// Draws the layers side by side; returns the drawing's width and height.
/// The region the layer view gives a cell left empty: one for all of them, apart from the
/// pieces and from the holes.
const EMPTY: usize = usize::MAX;

fn layers(f: &Filling, style: &SvgStyle, out: &mut String) -> (f64, f64) {
    let s = style.cell;
    let hue = hues(f);
    let (lo, [sx, sy, sz]) = (f.board().lo(), f.board().size());
    let title = s * 0.8;
    // A layer is a cell wider than its grid: the gap to the next.
    let pitch = (sx + 1) as f64 * s;
    let font = s * 0.4;
    for z in 0..sz {
        let left = z as f64 * pitch;
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="{font:.1}" text-anchor="middle">z = {}</text>"#,
            left + sx as f64 * s / 2.0,
            title * 0.6,
            lo[2] + z
        );
        // A cell left empty is its own region (one for all of them), drawn grey; a hole is
        // blank.
        let at = |x: i32, y: i32| -> Option<usize> {
            if x < 0 || y < 0 || x >= sx || y >= sy {
                return None;
            }
            let c = [lo[0] + x, lo[1] + y, lo[2] + z];
            f.owner(c)
                .or_else(|| f.board().contains(c).then_some(EMPTY))
        };
        for y in 0..sy {
            for x in 0..sx {
                let Some(k) = at(x, y) else { continue };
                let (px, py) = (left + x as f64 * s, title + y as f64 * s);
                if k == EMPTY {
                    let _ = writeln!(
                        out,
                        r##"<rect x="{px:.1}" y="{py:.1}" width="{s:.1}" height="{s:.1}" fill="#e6e6e6" stroke="#999" stroke-width="0.5"/>"##
                    );
                    continue;
                }
                let _ = writeln!(
                    out,
                    r##"<rect x="{px:.1}" y="{py:.1}" width="{s:.1}" height="{s:.1}" fill="hsl({:.0},60%,75%)" stroke="#999" stroke-width="0.5"/>"##,
                    hue[k]
                );
                if style.labels {
                    let _ = writeln!(
                        out,
                        r#"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="{font:.1}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                        px + s / 2.0,
                        py + s / 2.0,
                        escape(&f.pieces()[k].0)
                    );
                }
            }
        }
        // Thick lines where the piece changes, holes and the outside counting as no piece,
        // the cells left empty as one.
        let mut path = String::new();
        for y in 0..=sy {
            for x in 0..=sx {
                let (px, py) = (left + x as f64 * s, title + y as f64 * s);
                if x < sx && at(x, y - 1) != at(x, y) {
                    let _ = write!(path, "M{px:.1} {py:.1}h{s:.1}");
                }
                if y < sy && at(x - 1, y) != at(x, y) {
                    let _ = write!(path, "M{px:.1} {py:.1}v{s:.1}");
                }
            }
        }
        let _ = writeln!(
            out,
            r#"<path d="{path}" stroke="black" stroke-width="{:.1}" stroke-linecap="square" fill="none"/>"#,
            (s / 10.0).max(2.0)
        );
    }
    (sz as f64 * pitch - s, title + sy as f64 * s)
}

/// Draws the cubes in isometric view, far ones first; returns the width and height.
fn isometric(f: &Filling, style: &SvgStyle, explode: f64, out: &mut String) -> (f64, f64) {
    let s = style.cell;
    let hue = hues(f);
    let (lo, [sx, sy, sz]) = (f.board().lo(), f.board().size());
    let lift = 1.0 + explode;
    let (cos, sin) = (s * 0.866_025_4, s * 0.5);
    // Screen position of a point of the box (x, y, z in cells from its corner).
    // The back corner of the top of the highest layer is at the top of the drawing.
    let left = sy as f64 * cos;
    let top = ((sz - 1) as f64 * lift + 1.0) * s;
    let project = |x: f64, y: f64, z: f64| (left + (x - y) * cos, top + (x + y) * sin - z * s);
    let mut cubes: Vec<(Cell, usize)> = Vec::new();
    for x in 0..sx {
        for y in 0..sy {
            for z in 0..sz {
                if let Some(k) = f.owner([lo[0] + x, lo[1] + y, lo[2] + z]) {
                    cubes.push(([x, y, z], k));
                }
            }
        }
    }
    // Far to near along the line of sight (1, 1, 1), the layers lifted.
    cubes.sort_by(|a, b| {
        let depth = |c: &Cell| (c[0] + c[1]) as f64 + c[2] as f64 * lift;
        depth(&a.0).total_cmp(&depth(&b.0))
    });
    let filled = |x: i32, y: i32, z: i32| {
        x < sx && y < sy && z < sz && f.owner([lo[0] + x, lo[1] + y, lo[2] + z]).is_some()
    };
    for ([x, y, z], k) in cubes {
        let (xf, yf, zf) = (x as f64, y as f64, z as f64 * lift);
        // Top, the +x side, the +y side; a face against a cube that covers it is left out.
        let faces = [
            (
                !(explode == 0.0 && filled(x, y, z + 1)),
                75,
                [(0., 0., 1.), (1., 0., 1.), (1., 1., 1.), (0., 1., 1.)],
            ),
            (
                !filled(x + 1, y, z),
                60,
                [(1., 0., 0.), (1., 1., 0.), (1., 1., 1.), (1., 0., 1.)],
            ),
            (
                !filled(x, y + 1, z),
                48,
                [(0., 1., 0.), (1., 1., 0.), (1., 1., 1.), (0., 1., 1.)],
            ),
        ];
        for (shown, light, corners) in faces {
            if !shown {
                continue;
            }
            let points: Vec<String> = corners
                .iter()
                .map(|&(dx, dy, dz)| {
                    let (px, py) = project(xf + dx, yf + dy, zf + dz);
                    format!("{px:.1},{py:.1}")
                })
                .collect();
            let _ = writeln!(
                out,
                r##"<polygon points="{}" fill="hsl({:.0},60%,{light}%)" stroke="#333" stroke-width="0.6"/>"##,
                points.join(" "),
                hue[k]
            );
        }
    }
    // ... and the near bottom corner at the bottom.
    ((sx + sy) as f64 * cos, top + (sx + sy) as f64 * sin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// One layer `##o` / `##.`: a square piece, an optional cell it leaves empty and a hole.
    /// The text writes them as the board does (`o`, `.`); the layer view draws the empty cell
    /// grey inside the outline and leaves the hole blank.
    #[test]
    fn a_cell_left_empty_is_drawn_apart_from_a_hole() {
        let board = Board::from_layers("##o\n##.").unwrap();
        let f = Filling::new(
            &board,
            [(
                "D".to_string(),
                vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]],
            )],
        );
        assert_eq!(f.to_text(), "D D o\nD D .\n");
        let s = to_svg(&f, &SvgStyle::default());
        assert_eq!(s.matches(r##"fill="#e6e6e6""##).count(), 1, "{s}");
        assert_eq!(s.matches("<rect x=").count(), 5, "{s}");
    }

    fn two_pieces() -> Filling {
        let board = Board::cuboid(2, 2, 1).unwrap();
        Filling::new(
            &board,
            [
                ("A&".to_string(), vec![[0, 0, 0], [1, 0, 0]]),
                ("B".to_string(), vec![[0, 1, 0], [1, 1, 0]]),
            ],
        )
    }

    #[test]
    fn layer_view_has_a_rect_and_a_label_per_cell() {
        let svg = to_svg(&two_pieces(), &SvgStyle::default());
        assert_eq!(svg.matches("<rect x=").count(), 4);
        assert_eq!(svg.matches(">A&amp;</text>").count(), 2);
        assert_eq!(svg.matches("z = 0").count(), 1);
    }

    #[test]
    fn isometric_view_shows_only_outer_faces() {
        let style = SvgStyle {
            view: View::Isometric { explode: 0.0 },
            ..SvgStyle::default()
        };
        // Four cubes in one layer: four tops, two +x sides, two +y sides.
        let svg = to_svg(&two_pieces(), &style);
        assert_eq!(svg.matches("<polygon").count(), 8);
        // Distinct names keep their hues; copies of one name get different ones.
        assert_eq!(hues(&two_pieces()), [0.0, 137.508]);
    }

    #[test]
    fn the_lift_is_kept_between_0_and_max_explode() {
        let board = Board::cuboid(1, 1, 2).unwrap();
        let tower = Filling::new(&board, [("I".to_string(), vec![[0, 0, 0], [0, 0, 1]])]);
        let draw = |explode: f64| {
            let view = View::Isometric { explode };
            to_svg(
                &tower,
                &SvgStyle {
                    view,
                    ..SvgStyle::default()
                },
            )
        };
        assert_eq!(draw(1e300), draw(MAX_EXPLODE));
        assert_eq!(draw(f64::INFINITY), draw(MAX_EXPLODE));
        assert_eq!(draw(f64::NAN), draw(0.0));
        assert_eq!(draw(-1.0), draw(0.0));
        assert_ne!(draw(1.0), draw(0.0));
    }
}
