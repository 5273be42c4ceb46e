//! A sheet of pictures: SVG documents laid out in rows in one SVG, so that every distinct
//! solution of a puzzle (`--classes --svg FILE`) can be seen at once. Each picture keeps its
//! own drawing and caption; the sheet only places it, as a nested `<svg>` element at its
//! place (SVG draws a nested document in its own viewport).

/// The gap between two pictures, in the pictures' units (pixels).
const GAP: f64 = 12.0;

/// Pictures side by side in rows, at most `columns` to a row; each row as tall as its
/// tallest picture, each column as wide as its widest. Pictures are the documents the domain
/// crates write (a root `<svg ...>` with `width` and `height`); one without them takes no
/// room.
pub fn sheet(pictures: &[String], columns: usize) -> String {
    let columns = columns.max(1);
    let sizes: Vec<(f64, f64)> = pictures.iter().map(|p| size(p)).collect();
    let mut widths = vec![0.0f64; columns];
    let mut heights = vec![0.0f64; pictures.len().div_ceil(columns)];
    for (k, &(w, h)) in sizes.iter().enumerate() {
        widths[k % columns] = widths[k % columns].max(w);
        heights[k / columns] = heights[k / columns].max(h);
    }
    let left: Vec<f64> = offsets(&widths);
    let top: Vec<f64> = offsets(&heights);
    let total = |parts: &[f64]| parts.iter().sum::<f64>() + GAP * (parts.len() + 1) as f64;
    let (width, height) = (total(&widths), total(&heights));
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.1}\" height=\"{height:.1}\" \
         viewBox=\"0 0 {width:.1} {height:.1}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for (k, picture) in pictures.iter().enumerate() {
        let (x, y) = (left[k % columns], top[k / columns]);
        out.push_str(&placed(picture, x, y));
        out.push('\n');
    }
    out.push_str("</svg>\n");
    out
}

/// Where each part starts: a gap, then the parts before it with a gap after each.
fn offsets(parts: &[f64]) -> Vec<f64> {
    let mut at = GAP;
    (parts.iter())
        .map(|&p| {
            let here = at;
            at += p + GAP;
            here
        })
        .collect()
}

/// The root element's opening tag: from `<svg` to its `>`.
fn root_tag(picture: &str) -> Option<(usize, usize)> {
    let start = picture.find("<svg")?;
    let end = start + picture[start..].find('>')?;
    Some((start, end))
}

/// The picture's `width` and `height`, (0, 0) where it does not say.
fn size(picture: &str) -> (f64, f64) {
    let Some((start, end)) = root_tag(picture) else {
        return (0.0, 0.0);
    };
    let tag = &picture[start..end];
    let attribute = |name: &str| {
        let key = format!(" {name}=\"");
        let from = tag.find(&key)? + key.len();
        let to = from + tag[from..].find('"')?;
        tag[from..to].parse::<f64>().ok()
    };
    (
        attribute("width").unwrap_or(0.0),
        attribute("height").unwrap_or(0.0),
    )
}

/// The picture with its root placed at (x, y) of the sheet.
fn placed(picture: &str, x: f64, y: f64) -> String {
    match root_tag(picture) {
        // Anything before the root (a prolog) has no place inside another document.
        Some((start, _)) => format!(
            "<svg x=\"{x:.1}\" y=\"{y:.1}\"{}",
            &picture[start + "<svg".len()..]
        ),
        None => String::new(),
    }
    .trim_end()
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(w: u32, h: u32) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\">\n<rect width=\"{w}\" height=\"{h}\"/>\n</svg>\n"
        )
    }

    #[test]
    fn pictures_go_in_rows_as_wide_and_tall_as_their_largest() {
        let s = sheet(&[picture(100, 50), picture(40, 80), picture(60, 30)], 2);
        // Columns 100 and 40 wide, rows 80 and 30 tall, with gaps of 12 around them.
        assert!(s.starts_with(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"176.0\" height=\"146.0\""
        ));
        assert!(s.contains("<svg x=\"12.0\" y=\"12.0\" xmlns"));
        assert!(s.contains("<svg x=\"124.0\" y=\"12.0\" xmlns"));
        assert!(s.contains("<svg x=\"12.0\" y=\"104.0\" xmlns"));
        assert_eq!(s.matches("<svg").count(), 4);
        assert_eq!(s.matches("</svg>").count(), 4);
    }

    #[test]
    fn a_picture_without_a_size_takes_no_room() {
        assert_eq!(size("<svg viewBox=\"0 0 3 4\"></svg>"), (0.0, 0.0));
        assert_eq!(size("no picture"), (0.0, 0.0));
        assert_eq!(size(&picture(7, 9)), (7.0, 9.0));
        let s = sheet(&["no picture".to_string()], 3);
        assert_eq!(s.matches("<svg").count(), 1);
    }
}
