//! Hexiamonds: the 6x6 rhombus (Figure 7), O'Beirne's hexagon subcase (c) (Figure 8(c)) and
//! the colour experiment ("A failed experiment").

use std::ops::ControlFlow;
use std::time::Instant;

use dlx_core::{Dlx, Heuristic, Stats};
use dlx_polyiamond::problems::{self, COLOUR_PAIRS, SUBCASE_C};
use dlx_polyiamond::subcase::{BREAKER, Canon, Subcase, d6, subcases};
use dlx_polyiamond::symmetry::{Scores, drawings, reflection_scores};
use dlx_polyiamond::{Board, Labelling, Placed, Puzzle, render};

use crate::{Family, PaperError, Problem, Table, TableSpec};

/// Every named hexiamond problem, with one line on its set-up.
pub const NAMES: &[(&str, &str)] = &[
    (
        "hexiamonds-rhombus",
        "12 hexiamonds in the 6x6 rhombus, the sphinx in 3 orientations (156 solutions)",
    ),
    (
        "hexiamonds-hexagon-c",
        "O'Beirne's hexagon, 19 one-sided hexiamonds, O fixed at (2,6) (Figure 8(c), 6675)",
    ),
    (
        "hexiamonds-colour-K",
        "subcase (c) with the K-th pair (1..6) of P P' F F' favouring black (down) triangles",
    ),
    (
        "hexiamonds-hexagon-at-A-B",
        "O'Beirne's hexagon with O fixed around lattice point (A,B), no other restriction",
    ),
    (
        "hexiamonds-MxN",
        "12 hexiamonds in the MxN rhombus, every orientation (no symmetry broken)",
    ),
];

fn bad(name: &str, reason: impl Into<String>) -> PaperError {
    PaperError::BadParameter {
        name: name.to_string(),
        reason: reason.into(),
    }
}

/// The puzzle behind a named hexiamond problem, before its matrix is built: its board and
/// its pieces with their orientations, counts and restrictions. `None` for an unknown name.
pub fn puzzle(name: &str) -> Option<Result<Puzzle, PaperError>> {
    let rest = name.strip_prefix("hexiamonds-")?;
    Some(match rest {
        "rhombus" => Ok(problems::rhombus()),
        "hexagon-c" => Ok(problems::hexagon_c()),
        _ => {
            if let Some(k) = rest.strip_prefix("colour-") {
                match k.parse::<usize>() {
                    Ok(k @ 1..=6) => Ok(problems::colour(COLOUR_PAIRS[k - 1])),
                    _ => Err(bad(name, format!("`{k}` is not a subproblem number 1..6"))),
                }
            } else if let Some(at) = rest.strip_prefix("hexagon-at-") {
                let point = at
                    .split_once('-')
                    .and_then(|(a, b)| Some((a.parse::<i32>().ok()?, b.parse::<i32>().ok()?)));
                match point {
                    Some(p) if problems::o_positions().iter().any(|&(_, q)| q == p) => {
                        Ok(problems::hexagon_with_o_at(p))
                    }
                    Some(p) => Err(bad(
                        name,
                        format!("the hexagon piece does not fit around {p:?}"),
                    )),
                    None => Err(bad(name, format!("`{at}` is not a lattice point A-B"))),
                }
            } else if let Some((m, n)) = rest.split_once('x') {
                match (m.parse::<i32>(), n.parse::<i32>()) {
                    (Ok(m), Ok(n)) => Board::rhombus(m, n)
                        .map(problems::hexiamonds_on)
                        .map_err(|e| bad(name, e.to_string())),
                    _ => Err(bad(name, format!("`{rest}` is not a size MxN"))),
                }
            } else {
                return None;
            }
        }
    })
}

fn make(name: &str) -> Option<Result<Problem, PaperError>> {
    let puzzle = match puzzle(name)? {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    Some(
        puzzle
            .build()
            .map_err(|e| bad(name, e.to_string()))
            .map(|placed| {
                let about = NAMES
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map_or_else(|| format!("hexiamonds: {name}"), |(_, a)| a.to_string());
                let matrix = placed.matrix.clone();
                Problem::new(name, about, matrix)
                    .with_render(move |s| render::text(&placed.board, &placed.labelling(s)))
            }),
    )
}

/// The built puzzle behind a named hexiamond problem (for pictures and symmetry scores).
pub fn placed(name: &str) -> Option<Result<Placed, PaperError>> {
    Some(puzzle(name)?.and_then(|p| p.build().map_err(|e| bad(name, e.to_string()))))
}

pub(crate) fn families() -> Vec<Family> {
    vec![Family {
        pattern: "hexiamonds-{rhombus|hexagon-c|colour-K|hexagon-at-A-B|MxN}",
        about: "the twelve hexiamonds (rhombus, Figure 7) and O'Beirne's hexagon (Figure 8)",
        make,
    }]
}

pub(crate) const TABLES: [TableSpec; 4] = [
    TableSpec::new(
        "hexiamonds-rhombus",
        "12 hexiamonds in the 6x6 rhombus (Figure 7); the arrows' shapes were searched for, not found",
        false,
        rhombus_table,
    ),
    TableSpec::new(
        "hexiamonds-hexagon-c",
        "O'Beirne's hexagon, subcase (c) with symmetry scores (9.0 G updates)",
        true,
        hexagon_c_table,
    ),
    TableSpec::new(
        "hexiamonds-hexagon",
        "O'Beirne's hexagon, all seven subcases by the distance of O, with symmetry scores (120 G updates)",
        true,
        hexagon_table,
    ),
    TableSpec::new(
        "hexiamonds-colour",
        "the six colour subproblems of 'A failed experiment' (11.5 G updates)",
        true,
        colour_table,
    ),
];

fn count(puzzle: Puzzle) -> Stats {
    let placed = puzzle.build().expect("the paper's puzzles build");
    Dlx::new(&placed.matrix).solve().count()
}

fn rhombus_table() -> Table {
    let mut t = Table::new(
        "hexiamonds-rhombus",
        "The twelve hexiamonds in the 6x6 rhombus and the arrows of Figure 7 (S heuristic)",
        &["board", "solutions", "nodes", "updates"],
    );
    let s = count(problems::rhombus());
    t.row(
        "6x6 rhombus",
        vec![
            Table::num(s.solutions),
            Table::num(s.nodes),
            Table::num(s.updates),
        ],
    );
    // The arrows exist only in the figure's picture; the search of
    // `research/src/bin/arrow_search.rs` (docs/paper-conventions.md, "Figure 7's arrows")
    // found no board that gives their figures.
    for k in 1..=4 {
        t.row_not_found(&format!("arrow {k}"));
    }
    t.note("Columns: the 72 cells in lexicographic (x, y, z) order, then H F S X C I P O J V G E");
    t.note("(X before O). The sphinx P keeps 3 orientations: 00 00* 10 10* 11 20 and its turns");
    t.note("by 60 degrees each way; 1,677 rows. Nodes include the root and the solution leaves.");
    t
}

/// The symmetry scores of every solution of subcase (c), in its three drawings.
struct SymmetrySummary {
    stats: Stats,
    best_vertical: u32,
    /// Horizontal scores of the drawings that reach `best_vertical`, highest first.
    at_best_vertical: Vec<u32>,
    best_horizontal: u32,
    vertical_at_best_horizontal: Vec<u32>,
}

fn symmetry_summary(placed: &Placed) -> SymmetrySummary {
    let mut scores: Vec<Scores> = Vec::new();
    let stats = Dlx::new(&placed.matrix).solve().run(|s| {
        let labels = placed.labelling(s);
        let by_reflection =
            reflection_scores(&placed.board, &labels).expect("the hexagon is six-fold symmetric");
        scores.extend(drawings(by_reflection));
        ControlFlow::Continue(())
    });
    let best_vertical = scores.iter().map(|s| s.vertical).max().unwrap_or(0);
    let best_horizontal = scores.iter().map(|s| s.horizontal).max().unwrap_or(0);
    let mut at_best_vertical: Vec<u32> = scores
        .iter()
        .filter(|s| s.vertical == best_vertical)
        .map(|s| s.horizontal)
        .collect();
    at_best_vertical.sort_unstable_by(|a, b| b.cmp(a));
    let mut vertical_at_best_horizontal: Vec<u32> = scores
        .iter()
        .filter(|s| s.horizontal == best_horizontal)
        .map(|s| s.vertical)
        .collect();
    vertical_at_best_horizontal.sort_unstable_by(|a, b| b.cmp(a));
    SymmetrySummary {
        stats,
        best_vertical,
        at_best_vertical,
        best_horizontal,
        vertical_at_best_horizontal,
    }
}

/// `[32, 32, 24]` as `32 x2, 24 x1`.
fn tally(values: &[u32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut k = 0;
    while k < values.len() {
        let n = values[k..].iter().take_while(|&&v| v == values[k]).count();
        out.push(format!("{} x{n}", values[k]));
        k += n;
    }
    out.join(", ")
}

fn hexagon_c_table() -> Table {
    let mut t = Table::new(
        "hexiamonds-hexagon-c",
        "O'Beirne's hexagon, 19 one-sided hexiamonds, subcase (c): O at distance sqrt 7 (Figure 8(c))",
        &[
            "subcase",
            "solutions",
            "updates",
            "nodes",
            "max vertical",
            "horizontal there",
            "max horizontal",
            "vertical there",
        ],
    );
    let placed = problems::hexagon_c().build().expect("subcase (c) builds");
    let s = symmetry_summary(&placed);
    t.row(
        &format!("(c) O at {SUBCASE_C:?}"),
        vec![
            Table::num(s.stats.solutions),
            Table::num(s.stats.updates),
            Table::num(s.stats.nodes),
            s.best_vertical.to_string(),
            tally(&s.at_best_vertical),
            s.best_horizontal.to_string(),
            tally(&s.vertical_at_best_horizontal),
        ],
    );
    t.note("Columns: the 114 cells in lexicographic (x, y, z) order, then the pieces");
    t.note(
        "H' F S' X C I S P I' O F' H J J' V G P' G' E; O has the one row O 26 16 25 15* 16* 25*,",
    );
    t.note(
        "the other pieces every fitting rotation. Scores count the edges between pieces that stay",
    );
    t.note("edges between pieces under the reflection, for each of the 3 ways to draw a solution");
    t.note("(the paper's drawing has the triangles pointing left and right); 60 would be perfect.");
    t.note("All seven subcases: table hexiamonds-hexagon.");
    t
}

/// One subcase searched: the search's figures, the solution classes (canonical codes) and
/// the scores of every drawing of every class.
struct SubcaseRun {
    stats: Stats,
    orbits: usize,
    scores: Vec<Scores>,
    /// A class with the highest horizontal score (then vertical), drawn so that its drawing
    /// 0 (see [`drawings`]) has those scores.
    best: Option<(Scores, Labelling)>,
}

/// Searches a subcase on every core (the figures equal a sequential search's) and counts its
/// solution classes by canonical form.
fn run_subcase(sub: &Subcase) -> SubcaseRun {
    let placed = sub.puzzle().build().expect("the subcases build");
    let labels: Vec<String> = dlx_polyiamond::hexiamonds::HEXAGON_ORDER
        .iter()
        .map(|l| l.to_string())
        .collect();
    let canon =
        Canon::new(&placed.board, &labels, &sub.group).expect("the hexagon is six-fold symmetric");
    let mut codes = Vec::new();
    let stats = Dlx::new(&placed.matrix)
        .solve()
        .heuristic(Heuristic::Mrv)
        .threads(0)
        .run(|s| {
            codes.push(canon.canonical(&canon.code(&placed.labelling(s))));
            std::ops::ControlFlow::Continue(())
        });
    codes.sort_unstable();
    codes.dedup();
    // Every drawing of a class: a reflection or turn of the whole picture keeps its scores,
    // so one member per class is enough.
    let mut scores = Vec::new();
    let mut best: Option<(Scores, &[u8])> = None;
    for code in &codes {
        let by_reflection = reflection_scores(&placed.board, &canon.labelling(code))
            .expect("the hexagon is six-fold symmetric");
        for d in drawings(by_reflection) {
            if best.is_none_or(|(b, _)| d > b) {
                best = Some((d, code));
            }
            scores.push(d);
        }
    }
    // Turn the best class so that its best drawing is drawing 0.
    let turns = Canon::new(&placed.board, &labels, &d6()).expect("the hexagon is symmetric");
    let best = best.and_then(|(want, code)| {
        turns
            .images(code)
            .map(|i| turns.labelling(&i))
            .find(|l| reflection_scores(&placed.board, l).map(|s| drawings(s)[0]) == Some(want))
            .map(|l| (want, l))
    });
    SubcaseRun {
        stats,
        orbits: codes.len(),
        scores,
        best,
    }
}

/// The best horizontal score, the vertical scores of the drawings reaching it, the best
/// vertical score and the horizontal scores there (each list highest first).
fn extremes(scores: &[Scores]) -> (u32, Vec<u32>, u32, Vec<u32>) {
    let best_h = scores.iter().map(|s| s.horizontal).max().unwrap_or(0);
    let best_v = scores.iter().map(|s| s.vertical).max().unwrap_or(0);
    let mut v_there: Vec<u32> = scores
        .iter()
        .filter(|s| s.horizontal == best_h)
        .map(|s| s.vertical)
        .collect();
    let mut h_there: Vec<u32> = scores
        .iter()
        .filter(|s| s.vertical == best_v)
        .map(|s| s.horizontal)
        .collect();
    v_there.sort_unstable_by(|a, b| b.cmp(a));
    h_there.sort_unstable_by(|a, b| b.cmp(a));
    (best_h, v_there, best_v, h_there)
}

/// `[27, 24, 24, 20]` as `27, 24, 20`.
fn distinct(values: &[u32]) -> String {
    let mut v = values.to_vec();
    v.dedup();
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

fn hexagon_table() -> Table {
    let mut t = Table::new(
        "hexiamonds-hexagon",
        "O'Beirne's hexagon, 19 one-sided hexiamonds, split by the squared distance d2 of O from the centre",
        &[
            "subcase",
            "O at",
            "points",
            "broken by",
            "solutions",
            "found",
            "updates",
            "nodes",
            "max horizontal",
            "vertical there",
            "max vertical",
            "horizontal there",
        ],
    );
    let subs = subcases(BREAKER);
    let mut all_scores = Vec::new();
    let (mut orbits, mut found, mut updates, mut nodes) = (0u64, 0u64, 0u64, 0u64);
    let mut tallies = Vec::new();
    for sub in &subs {
        let start = Instant::now();
        let run = run_subcase(sub);
        // Progress for a table that takes many minutes.
        eprintln!(
            "hexiamonds-hexagon: d2 = {} searched in {:.1} s",
            sub.d2,
            start.elapsed().as_secs_f64()
        );
        let (h, v_there, v, h_there) = extremes(&run.scores);
        let broken = match &sub.breaker {
            Some(q) => format!("{q} orbit-least, |G| = {}", sub.group.len()),
            None => "-".to_string(),
        };
        t.row(
            &format!("d2 = {}", sub.d2),
            vec![
                format!("({}, {})", sub.o.0, sub.o.1),
                sub.points.to_string(),
                broken,
                Table::num(run.orbits as u64),
                Table::num(run.stats.solutions),
                Table::num(run.stats.updates),
                Table::num(run.stats.nodes),
                h.to_string(),
                distinct(&v_there),
                v.to_string(),
                tally(&h_there),
            ],
        );
        tallies.push(format!(
            "d2 = {}: vertical at max horizontal {}; horizontal at max vertical {}",
            sub.d2,
            tally(&v_there),
            tally(&h_there)
        ));
        orbits += run.orbits as u64;
        found += run.stats.solutions;
        updates += run.stats.updates;
        nodes += run.stats.nodes;
        all_scores.extend(run.scores);
    }
    let (h, v_there, v, h_there) = extremes(&all_scores);
    t.row(
        "all seven",
        vec![
            "-".into(),
            "43".into(),
            "-".into(),
            Table::num(orbits),
            Table::num(found),
            Table::num(updates),
            Table::num(nodes),
            h.to_string(),
            distinct(&v_there),
            v.to_string(),
            tally(&h_there),
        ],
    );
    tallies.push(format!(
        "all: vertical at max horizontal {}; horizontal at max vertical {}",
        tally(&v_there),
        tally(&h_there)
    ));
    t.note("O is fixed at one point of each class; G is the group of board symmetries fixing it");
    t.note(format!(
        "(order 12 at the centre, one reflection at d2 = 1, 3, 4, 9, 12, trivial at d2 = 7). {BREAKER}"
    ));
    t.note("keeps only the placements least in their G-orbit (sorted cells), so every class of");
    t.note("solutions is found at least once; 'found' counts solutions found, 'solutions' the");
    t.note("classes (least image under G, P <-> P' etc. under reflections). Columns as in (c).");
    t.note("The paper's figure for each class's solutions is Goodger's Polyform Puzzler count");
    t.note("(a check of the solution count). Scores: every drawing of every class, as in (c);");
    t.note("'vertical there' lists the distinct vertical scores at the maximum. In full, per");
    t.note("drawing (a class can reach a maximum in more than one of its three drawings):");
    for line in tallies {
        t.note(line);
    }
    t.note(
        "The paper's vertical 50 'in Figure 8(c)' (8 solutions) lies at d2 = 3 and its horizontal",
    );
    t.note(
        "52 with vertical 27 'in Figure 8(f)' at d2 = 9: panels (a) to (g) in order of distance.",
    );
    t.note(
        "Then the 6,675 solutions of 'A failed experiment', also called 'Figure 8(c)', are (e).",
    );
    t
}

fn colour_table() -> Table {
    let mut t = Table::new(
        "hexiamonds-colour",
        "Subcase (c) split by the two biased pieces that favour black (down) triangles",
        &["black pair", "solutions", "updates", "nodes"],
    );
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    // The six searches are independent: run them on every core, in order of the paper.
    let mut results: Vec<Option<Stats>> = vec![None; COLOUR_PAIRS.len()];
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.min(COLOUR_PAIRS.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&pair) = COLOUR_PAIRS.get(k) else {
                            break done;
                        };
                        done.push((k, count(problems::colour(pair))));
                    }
                })
            })
            .collect();
        for h in handles {
            for (k, stats) in h.join().expect("a colour search panicked") {
                results[k] = Some(stats);
            }
        }
    });
    let (mut sols, mut updates, mut nodes) = (0, 0, 0);
    for (k, (pair, stats)) in COLOUR_PAIRS.iter().zip(results).enumerate() {
        let stats = stats.expect("every subproblem ran");
        sols += stats.solutions;
        updates += stats.updates;
        nodes += stats.nodes;
        t.row(
            &format!("{} {{{}, {}}}", k + 1, pair[0], pair[1]),
            vec![
                Table::num(stats.solutions),
                Table::num(stats.updates),
                Table::num(stats.nodes),
            ],
        );
    }
    t.row(
        "sum",
        vec![Table::num(sols), Table::num(updates), Table::num(nodes)],
    );
    t.note("Black = down triangles (z = 1). The black pieces keep the placements covering 4 black");
    t.note("triangles, the other two biased pieces those covering 2; columns and order as in (c).");
    t
}

/// A picture for `cargo xtask figures`.
#[derive(Debug, Clone)]
pub struct Figure {
    /// File stem, e.g. `fig7-rhombus`.
    pub name: String,
    /// What it shows and the figures behind it.
    pub caption: String,
    /// The SVG text.
    pub svg: String,
}

fn draw(name: &str, placed: &Placed, caption: String, quarter_turn: bool) -> Option<Figure> {
    let first = Dlx::new(&placed.matrix).solve().first()?;
    Some(draw_labelling(
        name,
        &placed.board,
        &placed.labelling(&first),
        caption,
        quarter_turn,
    ))
}

fn draw_labelling(
    name: &str,
    board: &Board,
    labels: &Labelling,
    caption: String,
    quarter_turn: bool,
) -> Figure {
    let scores = reflection_scores(board, labels)
        .map(|s| {
            let d = drawings(s)[0];
            format!(
                "; horizontal symmetry {}, vertical {}",
                d.horizontal, d.vertical
            )
        })
        .unwrap_or_default();
    let caption = format!("{caption}{scores}");
    let style = render::SvgStyle {
        quarter_turn,
        caption: Some(caption.clone()),
        ..render::SvgStyle::default()
    };
    Figure {
        name: name.to_string(),
        svg: render::svg(board, labels, &style),
        caption,
    }
}

/// The squared distance of O in the subcase that holds Figure 8(f), the unique most symmetric
/// solution (horizontal symmetry 52, vertical 27), as the `hexiamonds-hexagon` table's search
/// of all seven subcases finds it. [`figures`] searches this one subcase again to draw it.
pub const FIGURE_8F_D2: i32 = 9;

/// Figure 8(f): the class of subcase [`FIGURE_8F_D2`] with the highest horizontal score
/// (then vertical), found by searching that subcase (17 G updates, under two minutes on two
/// cores), drawn with its best axis vertical as in the paper.
pub fn figure_8f() -> Option<Figure> {
    let sub = subcases(BREAKER)
        .into_iter()
        .find(|s| s.d2 == FIGURE_8F_D2)?;
    let run = run_subcase(&sub);
    let (_, labels) = run.best?;
    Some(draw_labelling(
        "fig8f-most-symmetric",
        &Board::obeirne_hexagon(),
        &labels,
        format!(
            "Figure 8(f): the most symmetric of the {} solution classes with O at distance squared {} (O at {:?})",
            Table::num(run.orbits as u64),
            sub.d2,
            sub.o
        ),
        true,
    ))
}

/// Figure 7's rhombus (with the search's figures), one solution for each distance of the
/// small hexagon in O'Beirne's hexagon (Figure 8's seven cases), drawn as the paper draws
/// them, triangles pointing left and right, and Figure 8(f), the most symmetric solution
/// ([`figure_8f`], the one slow search here). Figure 7's arrows are not drawn: their shapes
/// were not found. The other solutions shown are the first ones found, not the paper's
/// maximally symmetric ones (finding those needs the full searches).
pub fn figures() -> Vec<Figure> {
    let mut out = Vec::new();
    let rhombus = problems::rhombus().build().expect("the rhombus builds");
    let s = Dlx::new(&rhombus.matrix).solve().count();
    out.extend(draw(
        "fig7-rhombus",
        &rhombus,
        format!(
            "Figure 7: {} solutions, {} nodes, {} updates (first solution; arrows: shapes not found)",
            Table::num(s.solutions),
            Table::num(s.nodes),
            Table::num(s.updates)
        ),
        false,
    ));
    let mut seen = Vec::new();
    for (d2, point) in problems::o_positions() {
        if seen.contains(&d2) {
            continue;
        }
        seen.push(d2);
        let placed = problems::hexagon_with_o_at(point)
            .build()
            .expect("the hexagon builds");
        out.extend(draw(
            &format!("fig8-hexagon-d2-{d2}"),
            &placed,
            format!(
                "Figure 8{}: O at {point:?}, distance squared {d2} (first solution)",
                if point == SUBCASE_C { "(c)" } else { "" }
            ),
            true,
        ));
    }
    out.extend(figure_8f());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_and_bad_ones_are_errors() {
        assert!(crate::problem("hexiamonds-rhombus").is_ok());
        assert!(crate::problem("hexiamonds-colour-6").is_ok());
        assert!(crate::problem("hexiamonds-hexagon-at-5-5").is_ok());
        assert!(crate::problem("hexiamonds-4x9").is_ok());
        for bad in [
            "hexiamonds-colour-7",
            "hexiamonds-hexagon-at-0-0",
            "hexiamonds-hexagon-at-x",
            "hexiamonds-0x3",
            "hexiamonds-axb",
        ] {
            assert!(
                matches!(crate::problem(bad), Err(PaperError::BadParameter { .. })),
                "{bad}"
            );
        }
        assert_eq!(tally(&[32, 32, 24]), "32 x2, 24 x1");
    }

    #[test]
    fn rhombus_solutions_render_as_six_strips_of_twelve_triangles() {
        let p = crate::problem("hexiamonds-rhombus").unwrap();
        let first = Dlx::new(&p.matrix).solve().first().unwrap();
        let picture = (p.render)(&first);
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines.len(), 6);
        assert!(lines.iter().all(|l| l.trim().len() == 12));
        let letters: std::collections::BTreeSet<char> =
            picture.chars().filter(|c| c.is_alphabetic()).collect();
        assert_eq!(letters.len(), 12);
    }
}
