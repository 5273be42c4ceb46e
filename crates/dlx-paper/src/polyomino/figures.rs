//! The paper's polyomino figures: Figure 1 (Scott), Figure 6 (45 Y's, one per corner class)
//! and Figure 9 (one-sided pentominoes in 3x30), chosen by the paper's own criteria.

use std::ops::ControlFlow;

use dlx_core::{Dlx, Heuristic, Stats};
use dlx_polyomino::{Packing, SvgStyle, Tiling, to_svg};

use super::packing;

/// A figure: a solved board and its caption.
#[derive(Debug, Clone)]
pub struct Figure {
    /// File stem, e.g. `figure1`.
    pub name: String,
    /// Caption: which problem, which solution, its scores, and how it relates to the paper's.
    pub caption: String,
    /// The solution.
    pub tiling: Tiling,
}

impl Figure {
    /// The picture as SVG, captioned.
    pub fn svg(&self) -> String {
        to_svg(
            &self.tiling,
            &SvgStyle {
                caption: Some(self.caption.clone()),
                ..SvgStyle::default()
            },
        )
    }
}

/// Every solution of a packing with the S heuristic, and the search's statistics.
pub fn all_tilings(packing: &Packing) -> (Vec<Tiling>, Stats) {
    let mut out = Vec::new();
    let stats = Dlx::new(&packing.matrix).solve().run(|s| {
        out.push(packing.tiling(s));
        ControlFlow::Continue(())
    });
    (out, stats)
}

/// The paper's *maximally symmetric* solution: the highest horizontal or vertical symmetry
/// score, then the smaller score as large as possible; among equals, the one with vertical
/// symmetry at least the horizontal (as in Figure 1), then the first found. Also returns
/// how many solutions share its two scores (in either order).
pub fn most_symmetric(tilings: &[Tiling]) -> Option<(Tiling, usize)> {
    let key = |t: &Tiling| {
        let (h, v) = (t.hsym(), t.vsym());
        (h.max(v), h.min(v), v >= h)
    };
    let best = tilings
        .iter()
        .enumerate()
        .max_by_key(|(k, t)| (key(t), std::cmp::Reverse(*k)))?
        .1;
    let (a, b, _) = key(best);
    let ties = tilings
        .iter()
        .filter(|t| (key(t).0, key(t).1) == (a, b))
        .count();
    Some((best.clone(), ties))
}

/// Figure 1: the maximally symmetric of Scott's 520 solutions (the paper: vsym 36, hsym 30).
pub fn figure1() -> Figure {
    let p = packing("scott").expect("scott is a named problem");
    let (tilings, _) = all_tilings(&p);
    let (t, ties) = most_symmetric(&tilings).expect("Scott's problem has solutions");
    Figure {
        name: "figure1".into(),
        caption: format!(
            "Figure 1: Scott's problem, the maximally symmetric of {} solutions: vsym {}, hsym {} ({} share these scores)",
            tilings.len(),
            t.vsym(),
            t.hsym(),
            ties
        ),
        tiling: t,
    }
}

/// Figure 6: the first solution found (S heuristic) of each corner class of 45 Y's that has
/// one; class D has none, so three pictures. The paper's representatives are not identified
/// by any property, so ours are the first ones found, not necessarily the paper's.
pub fn figure6() -> Vec<Figure> {
    ["a", "b", "c", "d"]
        .iter()
        .filter_map(|class| {
            let p = packing(&format!("y45-{class}")).expect("y45 classes are named problems");
            let first = Dlx::new(&p.matrix).solve().heuristic(Heuristic::Mrv).first()?;
            Some(Figure {
                name: format!("figure6-{class}"),
                caption: format!(
                    "Figure 6, class {}: 45 Y pentominoes, the first solution found (hsym {}, vsym {})",
                    class.to_uppercase(),
                    p.tiling(&first).hsym(),
                    p.tiling(&first).vsym()
                ),
                tiling: p.tiling(&first),
            })
        })
        .collect()
}

/// Figure 9: the maximally symmetric of the 46 one-sided 3x30 packings (the paper: hsym 51,
/// vsym 48).
pub fn figure9() -> Figure {
    figure9_with_stats().0
}

/// Figure 9 and the statistics of the search that found every solution.
pub fn figure9_with_stats() -> (Figure, Stats) {
    let p = packing("one-sided-3x30").expect("one-sided-3x30 is a named problem");
    let (tilings, stats) = all_tilings(&p);
    let (t, ties) = most_symmetric(&tilings).expect("the 3x30 problem has solutions");
    let figure = Figure {
        name: "figure9".into(),
        caption: format!(
            "Figure 9: one-sided pentominoes in 3x30, maximally symmetric of {}: hsym {}, vsym {} ({} share these scores)",
            tilings.len(),
            t.hsym(),
            t.vsym(),
            ties
        ),
        tiling: t,
    };
    (figure, stats)
}

/// All polyomino figures: 1, 6 (per class), 9.
pub fn figures() -> Vec<Figure> {
    let mut v = vec![figure1()];
    v.extend(figure6());
    v.push(figure9());
    v
}
