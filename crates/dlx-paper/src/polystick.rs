//! Tetrasticks (the paper's "Applications to tetrasticks"): the named problems of Figures
//! 11–15 and the tables 3(a)–(d) (`docs/paper-conventions.md`, "Tetrasticks").
//!
//! * `tetrasticks-5x5-without-X`, X one of H J L N Y: 15 of the 16 free tetrasticks in the
//!   5×5 grid (Figure 11), P fixed to `H00 H01 V00 V11`, so every solution is counted once
//!   up to symmetry;
//! * `tetrasticks-5x5-crossing`: Figure 11(c)'s matrix (L left out) without the secondary
//!   columns, whose covers may cross (Figure 12);
//! * `tetrasticks-welded-4x4`: the ten one-sided welded tetrasticks in the 4×4 grid (Figure 13);
//! * `tetrasticks-unwelded-5x5`: the fifteen one-sided unwelded ones in the 5×5 grid;
//! * `tetrasticks-aztec`: all 25 one-sided tetrasticks in the Aztec diamond (Figure 15), the
//!   5×5 diamond lattice of 41 squares;
//! * `tetrasticks-aztec-spiked`: the same pieces in the spiked diamond (every segment joining
//!   points with |x| + |y| ≤ 5), also 100 segments, once taken for Figure 15's board.

use std::ops::ControlFlow;

use dlx_core::{Dlx, Stats};
use dlx_polystick::{
    Arrangement, Board, Crossings, PolystickError, Puzzle, draw, one_sided, orbits,
    parse_piece_set, tetrasticks,
};

use crate::{Family, PaperError, Problem, Table, TableSpec};

/// The orientation 3(a) keeps for P: P has no symmetry, so this picks one solution per orbit.
pub const FIXED_P: &str = "H00 H01 V00 V11";

/// The pieces that can be left out of Figure 11's puzzle.
pub const LEFT_OUT: [&str; 5] = ["H", "J", "L", "N", "Y"];

/// The named tetrastick puzzles, as `(name or pattern, about)`.
pub const PUZZLES: [(&str, &str); 6] = [
    (
        "tetrasticks-5x5-without-X",
        "Figure 11: 15 of the 16 tetrasticks in 5x5, X = H, J, L, N or Y left out, P fixed",
    ),
    (
        "tetrasticks-5x5-crossing",
        "Figure 12: Figure 11(c)'s matrix without the I columns, so pieces may cross",
    ),
    (
        "tetrasticks-welded-4x4",
        "Figure 13: the ten one-sided welded tetrasticks in the 4x4 grid",
    ),
    (
        "tetrasticks-unwelded-5x5",
        "the fifteen one-sided unwelded tetrasticks in the 5x5 grid (no solution)",
    ),
    (
        "tetrasticks-aztec",
        "Figure 15: all 25 one-sided tetrasticks in the Aztec diamond (1.5e13 updates: `cargo xtask aztec`)",
    ),
    (
        "tetrasticks-aztec-spiked",
        "all 25 one-sided tetrasticks in the spiked diamond, not Figure 15 (1.2e13 updates)",
    ),
];

fn setup(error: PolystickError) -> PaperError {
    PaperError::BadParameter {
        name: "tetrasticks".to_string(),
        reason: error.to_string(),
    }
}

fn figure_11(left_out: &str, crossings: Crossings) -> Result<Puzzle, PolystickError> {
    let pieces = parse_piece_set(&format!("all -{left_out}"))?;
    Ok(Puzzle::new(Board::grid(5, 5)?, pieces).with_crossings(crossings))
}

/// The set-up of a named puzzle, if `name` is one.
pub fn puzzle(name: &str) -> Option<Result<Puzzle, PaperError>> {
    let made = if let Some(x) = name.strip_prefix("tetrasticks-5x5-without-") {
        if !LEFT_OUT.contains(&x) {
            return Some(Err(PaperError::BadParameter {
                name: name.to_string(),
                reason: format!("`{x}`: the piece left out must be one of H, J, L, N, Y"),
            }));
        }
        figure_11(x, Crossings::Forbidden).and_then(|p| p.fix_orientation("P", FIXED_P))
    } else {
        match name {
            "tetrasticks-5x5-crossing" => figure_11("L", Crossings::Allowed),
            "tetrasticks-welded-4x4" => parse_piece_set("one-sided-welded")
                .and_then(|pieces| Ok(Puzzle::new(Board::grid(4, 4)?, pieces))),
            "tetrasticks-unwelded-5x5" => parse_piece_set("one-sided-unwelded")
                .and_then(|pieces| Ok(Puzzle::new(Board::grid(5, 5)?, pieces))),
            "tetrasticks-aztec" => {
                Board::diamond_lattice(5).map(|b| Puzzle::new(b, one_sided(&tetrasticks())))
            }
            "tetrasticks-aztec-spiked" => {
                Board::diamond(5).map(|b| Puzzle::new(b, one_sided(&tetrasticks())))
            }
            _ => return None,
        }
    };
    Some(made.map_err(setup))
}

fn problem(name: &str) -> Option<Result<Problem, PaperError>> {
    let about = PUZZLES
        .iter()
        .find(|(n, _)| {
            *n == name || (name.starts_with("tetrasticks-5x5-without-") && n.ends_with("-X"))
        })
        .map_or("", |(_, a)| a);
    Some(puzzle(name)?.and_then(|p| {
        let built = p.build().map_err(setup)?;
        let matrix = built.matrix.clone();
        Ok(Problem::new(name, about, matrix)
            .with_render(move |s| draw::ascii(&built.board, &built.arrangement(s))))
    }))
}

pub(crate) fn families() -> Vec<Family> {
    fn family(k: usize, make: fn(&str) -> Option<Result<Problem, PaperError>>) -> Family {
        Family {
            pattern: PUZZLES[k].0,
            about: PUZZLES[k].1,
            make,
        }
    }
    vec![
        family(0, |n| {
            n.starts_with("tetrasticks-5x5-without-")
                .then(|| problem(n))
                .flatten()
        }),
        family(1, |n| (n == PUZZLES[1].0).then(|| problem(n)).flatten()),
        family(2, |n| (n == PUZZLES[2].0).then(|| problem(n)).flatten()),
        family(3, |n| (n == PUZZLES[3].0).then(|| problem(n)).flatten()),
        family(4, |n| (n == PUZZLES[4].0).then(|| problem(n)).flatten()),
        family(5, |n| (n == PUZZLES[5].0).then(|| problem(n)).flatten()),
    ]
}

pub(crate) const TABLES: [TableSpec; 6] = [
    TableSpec::new(
        "tetrasticks-welded",
        "3(b): the ten one-sided welded tetrasticks in 4x4, classes under symmetry",
        false,
        welded,
    ),
    TableSpec::new(
        "tetrasticks-unwelded",
        "3(c): the fifteen one-sided unwelded tetrasticks in 5x5 (none)",
        false,
        unwelded,
    ),
    TableSpec::new(
        "tetrasticks-aztec",
        "3(d): the Aztec diamond with all 25 one-sided tetrasticks: the matrix",
        false,
        aztec,
    ),
    TableSpec::new(
        "tetrasticks-aztec-search",
        "3(d): the Aztec diamond searched, 107 classes (1.5e13 updates, read from the campaign in results/aztec)",
        false,
        aztec_search,
    ),
    TableSpec::new(
        "tetrasticks-aztec-spiked-search",
        "the spiked diamond (not Figure 15) searched (1.2e13 updates, read from results/aztec-spiked)",
        false,
        spiked_search,
    ),
    TableSpec::new(
        "tetrasticks-5x5",
        "3(a): 15 of the 16 tetrasticks in 5x5, each of H J L N Y left out (about 7 G updates)",
        true,
        five_by_five,
    ),
];

pub(crate) fn named(name: &str) -> Puzzle {
    puzzle(name)
        .expect("a registered name")
        .expect("the paper's puzzles are well formed")
}

fn count(puzzle: &Puzzle) -> Stats {
    let built = puzzle.build().expect("the paper's puzzles build");
    Dlx::new(&built.matrix).solve().count()
}

fn welded() -> Table {
    let mut t = Table::new(
        "tetrasticks-welded",
        "3(b) The ten one-sided welded tetrasticks F F' H H' R R' T X Y Y' in the 4x4 grid (Figure 13)",
        &[
            "board",
            "solutions",
            "up to symmetry",
            "symmetric",
            "class sizes",
            "updates",
            "nodes",
        ],
    );
    let built = named("tetrasticks-welded-4x4")
        .build()
        .expect("the paper's puzzles build");
    let mut dlx = Dlx::new(&built.matrix);
    let mut solutions = Vec::new();
    let stats = dlx.solve().run(|s| {
        solutions.push(built.arrangement(s));
        ControlFlow::Continue(())
    });
    let classes = orbits(&solutions, &built.board, &built.pieces);
    let sizes: Vec<String> = classes.sizes.iter().map(|s| s.to_string()).collect();
    t.row(
        "4x4",
        vec![
            Table::num(stats.solutions),
            Table::num(classes.classes as u64),
            Table::num(classes.symmetric as u64),
            sizes.join("+"),
            Table::num(stats.updates),
            Table::num(stats.nodes),
        ],
    );
    t.note(
        "Classes under the 8 symmetries of the square; a reflection turns F into F' (and so on).",
    );
    t.note("\"Symmetric\": classes of fewer than 8 solutions, i.e. fixed by a reflection.");
    t
}

fn unwelded() -> Table {
    let mut t = Table::new(
        "tetrasticks-unwelded",
        "3(c) The fifteen one-sided unwelded tetrasticks I J J' L L' N N' O P P' S S' U V W in the 5x5 grid",
        &["board", "solutions", "updates", "nodes"],
    );
    let stats = count(&named("tetrasticks-unwelded-5x5"));
    t.row(
        "5x5",
        vec![
            Table::num(stats.solutions),
            Table::num(stats.updates),
            Table::num(stats.nodes),
        ],
    );
    t
}

fn aztec() -> Table {
    let mut t = Table::new(
        "tetrasticks-aztec",
        "3(d) All 25 one-sided tetrasticks in the Aztec diamond (Figure 15): the matrix",
        &[
            "board",
            "segments",
            "interior points",
            "rows",
            "primary columns",
        ],
    );
    let built = named("tetrasticks-aztec")
        .build()
        .expect("the paper's puzzles build");
    let m = &built.matrix;
    t.row(
        "aztec diamond",
        vec![
            Table::num(built.board.segments().len() as u64),
            Table::num(built.board.interior_points().len() as u64),
            Table::num(m.options().len() as u64),
            Table::num(m.primary_count() as u64),
        ],
    );
    t.note("Board: the edges of the 41 unit squares of the 5x5 diamond lattice, the squares whose");
    t.note("centres are within 4 steps of the central one; 40 points where 4 segments meet.");
    t.note("The search (1.5e13 updates, with X's position fixed and W breaking the symmetry");
    t.note("left) is the slow table tetrasticks-aztec-search, a resumable campaign of shards:");
    t.note("`cargo xtask aztec` (see the README, Long runs).");
    t
}

/// The whole search, read from the campaign's shard records ([`crate::aztec`]; `cargo xtask
/// aztec` searches what is missing).
fn aztec_search() -> Table {
    crate::aztec::Campaign::new(crate::aztec::default_dir())
        .read()
        .unwrap_or_else(|e| panic!("the Aztec campaign cannot be read: {e}"))
        .table()
}

/// The spiked diamond's search, read back from its shard records.
fn spiked_search() -> Table {
    crate::aztec::Campaign::spiked(crate::aztec::spiked_dir())
        .read()
        .unwrap_or_else(|e| panic!("the spiked diamond's campaign cannot be read: {e}"))
        .table()
}

fn five_by_five() -> Table {
    let mut t = Table::new(
        "tetrasticks-5x5",
        "3(a) 15 of the 16 tetrasticks in the 5x5 grid (Figure 11), P fixed to H00 H01 V00 V11",
        &["left out", "solutions", "updates", "nodes"],
    );
    let mut total = (0, 0, 0);
    for x in LEFT_OUT {
        let stats = count(&named(&format!("tetrasticks-5x5-without-{x}")));
        total = (
            total.0 + stats.solutions,
            total.1 + stats.updates,
            total.2 + stats.nodes,
        );
        t.row(
            x,
            vec![
                Table::num(stats.solutions),
                Table::num(stats.updates),
                Table::num(stats.nodes),
            ],
        );
    }
    t.row(
        "total",
        vec![
            Table::num(total.0),
            Table::num(total.1),
            Table::num(total.2),
        ],
    );
    t.note(
        "P has no symmetry, so fixing one of its 8 orientations counts every solution once up to",
    );
    t.note("symmetry (all solutions: 8 times as many). The paper prints no counts for Figure 11.");
    t
}

/// One picture of the paper's tetrastick figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    /// File stem, e.g. `figure13`.
    pub name: String,
    /// What it shows.
    pub caption: String,
    /// The picture.
    pub svg: String,
}

fn first_solutions(
    built: &dlx_polystick::PolystickMatrix,
    mut keep: impl FnMut(&dlx_polystick::Arrangement) -> bool,
    n: usize,
) -> Vec<dlx_polystick::Arrangement> {
    Dlx::new(&built.matrix)
        .solve()
        .iter()
        .map(|s| built.arrangement(&s))
        .filter(|a| keep(a))
        .take(n)
        .collect()
}

/// Figures 11, 12, 13 and 15, computed: the first solution found for each piece left out of
/// the 5×5 puzzle; the first cover that crosses when the I columns are left out; the two
/// symmetric classes of the 4×4 puzzle (and all three classes); the Aztec diamond board.
pub fn figures() -> Vec<Figure> {
    let style = draw::SvgStyle::default();
    let build = |name: &str| named(name).build().expect("the paper's puzzles build");
    let mut out = Vec::new();

    let mut panels = Vec::new();
    let mut board = None;
    for x in LEFT_OUT {
        let built = build(&format!("tetrasticks-5x5-without-{x}"));
        if let Some(a) = first_solutions(&built, |_| true, 1).pop() {
            panels.push((
                format!("({}) without {x}", (b'a' + panels.len() as u8) as char),
                a,
            ));
        }
        board = Some(built.board);
    }
    let board = board.expect("five puzzles");
    out.push(Figure {
        name: "figure11".into(),
        caption: "Figure 11: 15 of the 16 tetrasticks in 5x5, leaving out H, J, L, N or Y".into(),
        svg: draw::svg(
            &board,
            &panels,
            &draw::SvgStyle {
                columns: 5,
                ..style.clone()
            },
        ),
    });

    let built = build("tetrasticks-5x5-crossing");
    let crossing = first_solutions(&built, |a| !a.crossings().is_empty(), 1);
    let panels: Vec<_> = crossing
        .into_iter()
        .map(|a| {
            let at: Vec<String> = a.crossings().iter().filter_map(|p| p.name()).collect();
            (format!("a cover that crosses at {}", at.join(" ")), a)
        })
        .collect();
    out.push(Figure {
        name: "figure12".into(),
        caption: "Figure 12: without the secondary columns, pieces may cross (ringed)".into(),
        svg: draw::svg(&built.board, &panels, &style),
    });

    let built = build("tetrasticks-welded-4x4");
    let all = first_solutions(&built, |_| true, usize::MAX);
    let classes = orbits(&all, &built.board, &built.pieces);
    let full_orbit = built.board.symmetries().len();
    let mut symmetric = Vec::new();
    let mut every = Vec::new();
    for (rep, &size) in classes.representatives.iter().zip(&classes.sizes) {
        let label = if size < full_orbit {
            "symmetric"
        } else {
            "X in the middle"
        };
        let panel = (format!("{label} (class of {size})"), rep.clone());
        if size < full_orbit {
            symmetric.push(panel.clone());
        }
        every.push(panel);
    }
    out.push(Figure {
        name: "figure13".into(),
        caption: "Figure 13: the two symmetric ways to pack the one-sided welded tetrasticks"
            .into(),
        svg: draw::svg(&built.board, &symmetric, &style),
    });
    out.push(Figure {
        name: "figure13-all-classes".into(),
        caption: "Figure 13 and the third solution, which the paper leaves to the reader".into(),
        svg: draw::svg(&built.board, &every, &style),
    });

    let built = build("tetrasticks-aztec");
    out.push(Figure {
        name: "figure15".into(),
        caption: "Figure 15: the Aztec diamond board for the 25 one-sided tetrasticks".into(),
        svg: draw::svg(
            &built.board,
            &[(
                format!(
                    "{} segments, {} crossing points",
                    built.board.segments().len(),
                    built.board.interior_points().len()
                ),
                Default::default(),
            )],
            &style,
        ),
    });
    let campaigns = [
        (
            "figure15-solutions",
            "Figure 15 solved",
            crate::aztec::Campaign::new(crate::aztec::default_dir()),
        ),
        (
            "spiked-diamond-solutions",
            "The spiked diamond (not Figure 15's board) solved",
            crate::aztec::Campaign::spiked(crate::aztec::spiked_dir()),
        ),
    ];
    for (name, title, campaign) in campaigns {
        if let Some(figure) = campaign_solutions(&style, name, title, campaign) {
            out.push(figure);
        }
    }
    out
}

/// A campaign's solutions, one per class, from the shards that `cargo xtask aztec` has
/// finished in its directory (none when no campaign has run there).
fn campaign_solutions(
    style: &draw::SvgStyle,
    name: &str,
    title: &str,
    campaign: crate::aztec::Campaign,
) -> Option<Figure> {
    if !campaign.dir.is_dir() {
        return None;
    }
    let report = campaign.read().ok()?;
    solutions_figure(style, name, title, &report)
}

/// One panel per class of a campaign's solutions, numbered in the classes' sorted order
/// (none when it has found no solution yet).
pub(crate) fn solutions_figure(
    style: &draw::SvgStyle,
    name: &str,
    title: &str,
    report: &crate::aztec::Report,
) -> Option<Figure> {
    let mut classes = report.classes().representatives;
    if classes.is_empty() {
        return None;
    }
    classes.sort();
    let panels: Vec<(String, Arrangement)> = classes
        .into_iter()
        .enumerate()
        .map(|(k, rep)| (format!("{}", k + 1), rep))
        .collect();
    let found = if report.complete {
        format!("all {} classes of solutions", panels.len())
    } else {
        format!(
            "the {} classes found so far (campaign not finished)",
            panels.len()
        )
    };
    Some(Figure {
        name: name.into(),
        caption: format!("{title}: {found}, one solution of each"),
        svg: draw::svg(
            &report.built.board,
            &panels,
            &draw::SvgStyle {
                columns: 9,
                unit: 24.0,
                ..style.clone()
            },
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_puzzle_resolves_and_builds() {
        for (name, _) in PUZZLES {
            let name = name.replace("-X", "-N");
            let problem = crate::problem(&name).unwrap();
            assert!(problem.matrix.options().len() > 100, "{name}");
        }
        assert!(puzzle("tetrasticks-7x7").is_none());
        assert!(matches!(
            puzzle("tetrasticks-5x5-without-T"),
            Some(Err(PaperError::BadParameter { .. }))
        ));
    }

    #[test]
    fn figure_11_fixes_p_and_figure_12_drops_the_points() {
        let fixed = named("tetrasticks-5x5-without-H").build().unwrap();
        let p_rows = fixed
            .placements
            .iter()
            .filter(|pl| fixed.pieces[pl.piece].name() == "P")
            .count();
        assert_eq!(p_rows, 20);
        let crossing = named("tetrasticks-5x5-crossing").build().unwrap();
        assert_eq!(crossing.matrix.items().len(), 15 + 60);
        assert!(crossing.pieces.iter().all(|p| p.name() != "L"));
    }

    #[test]
    fn the_render_draws_the_board() {
        let problem = crate::problem("tetrasticks-welded-4x4").unwrap();
        let solution = dlx_core::Dlx::new(&problem.matrix).solve().first().unwrap();
        let picture = (problem.render)(&solution);
        assert_eq!(picture.lines().count(), 9);
        assert!(picture.contains('X') && picture.contains('f'));
    }
}
