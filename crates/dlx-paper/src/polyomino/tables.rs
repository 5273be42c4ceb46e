//! The paper's polyomino tables: every figure produced by running the search on the set-ups
//! of `docs/paper-conventions.md`, next to the paper's printed figure.

use dlx_core::{ActiveItems, Dlx, Heuristic, ItemId, Stats};

use super::{figures, packing};
use crate::{Table, TableSpec};

/// Every polyomino table, fast ones first.
pub(crate) const TABLES: &[TableSpec] = &[
    TableSpec::new(
        "scott",
        "Scott's problem, full matrix: rows, solutions, S heuristic",
        false,
        scott,
    ),
    TableSpec::new(
        "scott-subproblems",
        "Scott's problem with X at 23, 24, 33: solutions, nodes, updates, both rules",
        false,
        scott_subproblems,
    ),
    TableSpec::new(
        "scott-profile",
        "Scott X=23: nodes and updates per level, S heuristic and leftmost",
        false,
        scott_profile,
    ),
    TableSpec::new(
        "scott-hybrid",
        "Scott X=23: the S heuristic ignored after level 7 or 8",
        false,
        scott_hybrid,
    ),
    TableSpec::new(
        "scott-figure1",
        "Scott: symmetry scores of the maximally symmetric solution (Figure 1)",
        false,
        scott_figure1,
    ),
    TableSpec::new(
        "pentomino-6x10",
        "6x10 pentominoes, S heuristic",
        false,
        six_by_ten,
    ),
    TableSpec::new(
        "pentomino-rectangles",
        "5x12, 4x15, 3x20 pentominoes, single-run reduction",
        false,
        rectangles,
    ),
    TableSpec::new("y45-d", "45 Y pentominoes, corner class D", false, y45_d),
    TableSpec::new(
        "one-sided-3x30",
        "18 one-sided pentominoes in 3x30, and Figure 9's scores",
        false,
        one_sided,
    ),
    TableSpec::new(
        "dominoes",
        "mutilated chessboard and 31 dominoes",
        false,
        dominoes,
    ),
    TableSpec::new(
        "scott-leftmost",
        "Scott's full matrix with the leftmost rule (9 M nodes)",
        true,
        scott_leftmost,
    ),
    TableSpec::new(
        "pentomino-6x10-leftmost",
        "6x10 pentominoes, leftmost rule (4.1 G updates)",
        true,
        six_by_ten_leftmost,
    ),
    TableSpec::new(
        "dudeney",
        "Dudeney's chessboard with the square tetromino (1.5 G updates)",
        true,
        dudeney,
    ),
    TableSpec::new(
        "y45",
        "45 Y pentominoes, corner classes A, B, C (3.9 G updates)",
        true,
        y45,
    ),
    TableSpec::new(
        "one-sided-9x10-search",
        "the 9x10 one-sided pentominoes, Wassermann's 10,440,433 (read from the campaign in results/pentomino-9x10-one-sided)",
        false,
        one_sided_9x10_search,
    ),
];

/// Where the 9x10 campaign lives: `results/pentomino-9x10-one-sided` in the workspace (its
/// shard records are committed as they come in).
pub fn nine_by_ten_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/pentomino-9x10-one-sided")
}

/// The 9x10 one-sided pentominoes: the campaign's records added up (so far), next to the
/// paper's last sentence.
fn one_sided_9x10_search() -> Table {
    let dir = nine_by_ten_dir();
    let shards = match dlx_campaign::Campaign::open(&dir) {
        Ok(dlx_campaign::Campaign::Search(s)) => s,
        Ok(_) => panic!("{}: one search, not a split", dir.display()),
        Err(e) => panic!("the 9x10 campaign cannot be read: {e}"),
    };
    let problem = packing("one-sided-9x10").expect("named");
    assert_eq!(
        shards.hash,
        dlx_campaign::matrix_hash(&problem.matrix),
        "{}: not the matrix of one-sided-9x10",
        dir.display()
    );
    let p = shards.progress();
    if let Some(d) = p.damaged.first() {
        panic!("the 9x10 campaign has a damaged record: {d}");
    }
    let named: Vec<(String, dlx_campaign::ShardRecord)> = p
        .done
        .iter()
        .map(|r| (shards.shard_path(r.k).display().to_string(), r.clone()))
        .collect();
    let total = dlx_campaign::add_up_so_far(&named)
        .unwrap_or_else(|e| panic!("the 9x10 records do not add up: {e}"))
        .stats;
    let complete = p.done.len() == shards.shards;
    let mut t = Table::new(
        "one-sided-9x10-search",
        "The 18 one-sided pentominoes in the 9x10 rectangle (the paper's last claim)",
        &["run", "shards", "solutions", "classes", "updates", "nodes"],
    );
    // Until every shard is in, compare nothing with the paper's figure.
    let key = if complete {
        "one-sided-9x10-search".to_string()
    } else {
        "one-sided-9x10-search unfinished".to_string()
    };
    t.row_keyed(
        &key,
        "half turn broken",
        vec![
            format!("{}/{}", p.done.len(), shards.shards),
            num(total.solutions),
            num(total.solutions / 2),
            num(total.updates),
            num(total.nodes),
        ],
    );
    t.note("Paper (addendum): Wassermann \"subsequently enumerated the 10,440,433 solutions to");
    t.note("the 9x10 one-sided pentomino problem\" (the body estimates the search at about 19");
    t.note("quadrillion updates and 64 trillion nodes, without symmetry breaking).");
    t.note("X is kept at the 28 of its 56 placements whose centre comes before its half-turn");
    t.note("image, so of a solution and its half-turn image one is counted; the one-sided set");
    t.note("is closed under reflection and no solution is its own mirror image, so each class");
    t.note("under the rectangle's 4 symmetries is counted twice: classes = solutions / 2");
    t.note("(results/pentomino-9x10-one-sided/README.md). One S-heuristic search, 128 shards.");
    t.note("So Wassermann's figure counts the tilings up to the rectangle's 4 symmetries.");
    if !complete {
        t.note(format!(
            "NOT FINISHED: {} of {} shards; `dlx campaign run {}` goes on.",
            p.done.len(),
            shards.shards,
            "results/pentomino-9x10-one-sided"
        ));
    }
    t
}

fn run(name: &str, h: Heuristic) -> Stats {
    let p = packing(name).expect("a named problem");
    Dlx::new(&p.matrix).solve().heuristic(h).count()
}

fn num(n: u64) -> String {
    Table::num(n)
}

/// solutions, nodes, nodes - solutions, updates.
const COUNTS: [&str; 5] = ["run", "solutions", "nodes", "nodes - solutions", "updates"];

fn counts(s: &Stats) -> Vec<String> {
    vec![
        num(s.solutions),
        num(s.nodes),
        num(s.nodes - s.solutions),
        num(s.updates),
    ]
}

const NODES_NOTE: &str = "nodes = dance.w's total (root and solution leaves included); the paper prints nodes - solutions.";

fn scott() -> Table {
    let p = packing("scott").expect("named");
    let s = Dlx::new(&p.matrix).solve().count();
    let mut t = Table::new(
        "scott",
        "Scott's pentomino problem (8x8 minus the centre), full matrix",
        &["run", "rows", "solutions", "nodes", "updates"],
    );
    t.row(
        "S heuristic",
        vec![
            num(p.matrix.options().len() as u64),
            num(s.solutions),
            num(s.nodes),
            num(s.updates),
        ],
    );
    t.note("Columns: the 60 cells ij row-major, then F I L P N T U V W X Y Z; 520 = 8 x 65.");
    t
}

fn scott_leftmost() -> Table {
    let s = run("scott", Heuristic::Leftmost);
    let mut t = Table::new(
        "scott-leftmost",
        "Scott's pentomino problem, full matrix, leftmost rule",
        &COUNTS,
    );
    t.row("leftmost", counts(&s));
    t.note(NODES_NOTE);
    t
}

fn scott_subproblems() -> Table {
    let mut t = Table::new(
        "scott-subproblems",
        "Scott's subproblems: X centred at 23, 24, 33 (P not turned over for 33)",
        &[
            "run",
            "solutions",
            "nodes (X pre-placed)",
            "updates (X kept)",
            "updates (X pre-placed)",
        ],
    );
    for x in ["23", "24", "33"] {
        let p = packing(&format!("scott-x{x}")).expect("named");
        let fixed = p.find(|n, _| n == "X").expect("the X row");
        for (label, h) in [
            ("S heuristic", Heuristic::Mrv),
            ("leftmost", Heuristic::Leftmost),
        ] {
            let mut dlx = Dlx::new(&p.matrix);
            let kept = dlx.solve().heuristic(h).count();
            let pre = (dlx.solve().heuristic(h).fix([fixed]))
                .expect("the X row fits")
                .count();
            t.row(
                &format!("X={x} {label}"),
                vec![
                    num(kept.solutions),
                    num(pre.nodes),
                    num(kept.updates),
                    num(pre.updates),
                ],
            );
        }
    }
    // The notes are part of the snapshot: "Dlx::fix" names what is now `Solve::fix`.
    t.note("X kept: the X column stays (first in the header list) with its one row; X pre-placed:");
    t.note(
        "its cells and column are covered before the search (Dlx::fix). The paper's node counts",
    );
    t.note("are the pre-placed totals including the root; its updates are the X-kept runs.");
    t
}

/// Knuth's S heuristic up to a depth, then the leftmost rule. The depth is read from the
/// piece columns still uncovered: each row covers exactly one of the 12.
fn hybrid(
    pieces: Vec<ItemId>,
    after: usize,
) -> impl FnMut(ActiveItems<'_>) -> ItemId + Clone + Send + Sync {
    move |items: ActiveItems<'_>| {
        let open = items.clone().filter(|(i, _)| pieces.contains(i)).count();
        let depth = pieces.len() - open;
        if depth > after {
            return items.clone().next().expect("non-empty").0;
        }
        let mut best = (usize::MAX, usize::MAX);
        for (i, size) in items {
            if size < best.1 {
                best = (i, size);
            }
        }
        best.0
    }
}

fn profile_rows(t: &mut Table, runs: &[Stats], from: usize) {
    let depth = runs.iter().map(|s| s.levels.len()).max().unwrap_or(0);
    for k in from..depth {
        let mut v = Vec::new();
        for s in runs {
            let l = s.levels.get(k).copied().unwrap_or_default();
            v.push(num(l.nodes));
            v.push(num(l.updates));
        }
        t.row(&format!("level {k}"), v);
    }
}

fn scott_profile() -> Table {
    let p = packing("scott-x23").expect("named");
    let mut dlx = Dlx::new(&p.matrix);
    let s = dlx.solve().heuristic(Heuristic::Mrv).count();
    let l = dlx.solve().heuristic(Heuristic::Leftmost).count();
    let mut t = Table::new(
        "scott-profile",
        "Scott X=23 (X kept): the search tree's profile, with and without the S heuristic",
        &[
            "level",
            "S nodes",
            "S updates",
            "leftmost nodes",
            "leftmost updates",
        ],
    );
    profile_rows(&mut t, &[s.clone(), l.clone()], 0);
    t.row(
        "total",
        vec![
            num(s.nodes - 1),
            num(s.updates),
            num(l.nodes - 1),
            num(l.updates),
        ],
    );
    t.note("Line k: nodes at depth k+1, updates at depth k; the total of nodes excludes the root.");
    t
}

fn scott_hybrid() -> Table {
    let p = packing("scott-x23").expect("named");
    let pieces: Vec<ItemId> = "FILPNTUVWXYZ"
        .chars()
        .map(|c| p.matrix.find_item(&c.to_string()).expect("piece column"))
        .collect();
    let mut dlx = Dlx::new(&p.matrix);
    let after7 = dlx.solve().choose_with(hybrid(pieces.clone(), 7)).count();
    let after8 = dlx.solve().choose_with(hybrid(pieces, 8)).count();
    let mut t = Table::new(
        "scott-hybrid",
        "Scott X=23: S heuristic at low levels, leftmost after level 7 / after level 8",
        &[
            "level",
            "after 7 nodes",
            "after 7 updates",
            "after 8 nodes",
            "after 8 updates",
        ],
    );
    profile_rows(&mut t, &[after7, after8], 8);
    t.note("The paper prints levels 8-11 for the first variant and 9-11 for the second.");
    t
}

fn scott_figure1() -> Table {
    let f = figures::figure1();
    let mut t = Table::new(
        "scott-figure1",
        "Scott: the maximally symmetric solution (Figure 1)",
        &["solution", "vsym", "hsym", "edges between pieces"],
    );
    t.row(
        "Figure 1",
        vec![
            num(f.tiling.vsym() as u64),
            num(f.tiling.hsym() as u64),
            num(f.tiling.piece_edges() as u64),
        ],
    );
    for line in f.tiling.to_outline().lines() {
        t.note(line);
    }
    t
}

fn six_by_ten() -> Table {
    let s = run("pentomino-6x10", Heuristic::Mrv);
    let mut t = Table::new(
        "pentomino-6x10",
        "6x10 pentominoes, X in the upper-left quarter",
        &COUNTS,
    );
    t.row("S heuristic", counts(&s));
    t.note("Columns: X, the 60 cells rc row-major, then F I L P N T U V W Y Z.");
    t.note(NODES_NOTE);
    t
}

fn six_by_ten_leftmost() -> Table {
    let s = run("pentomino-6x10", Heuristic::Leftmost);
    let mut t = Table::new(
        "pentomino-6x10-leftmost",
        "6x10 pentominoes, leftmost rule",
        &COUNTS,
    );
    t.row("leftmost", counts(&s));
    t.note("X column first: with the leftmost rule its position decides everything.");
    t.note(NODES_NOTE);
    t
}

fn rectangles() -> Table {
    let mut t = Table::new(
        "pentomino-rectangles",
        "Pentomino rectangles, each solution counted once (no figures in the paper)",
        &COUNTS,
    );
    for name in ["pentomino-5x12", "pentomino-4x15", "pentomino-3x20"] {
        let s = run(name, Heuristic::Mrv);
        t.row(name.trim_start_matches("pentomino-"), counts(&s));
    }
    t.note("Known counts: 1010, 368 and 2 essentially different solutions.");
    t.note("X centred in the upper-left quarter including the middle lines; X on a middle line");
    t.note("and a turned-over P share the secondary column M.");
    t
}

fn dudeney() -> Table {
    let a = run("dudeney-a", Heuristic::Mrv);
    let b = run("dudeney-b", Heuristic::Mrv);
    let mut t = Table::new(
        "dudeney",
        "Dudeney: 12 pentominoes and the square tetromino on the chessboard",
        &COUNTS,
    );
    t.row("X at 23 24 34", counts(&a));
    t.row("X at 22 33 44", counts(&b));
    let total = Stats {
        solutions: a.solutions + b.solutions,
        nodes: a.nodes + b.nodes,
        updates: a.updates + b.updates,
        ..Stats::default()
    };
    t.row("total", counts(&total));
    t.note("Cells ij row-major, then F..Z, O. Two runs, X centred in the eighth i <= j <= 4:");
    t.note("off the diagonal (nothing else restricted), and on it with Z turned over (the");
    t.note("rotations of its mirror image). The paper's updates are their sum (issue 27).");
    t
}

fn y45_rows(t: &mut Table, classes: &str) {
    for class in classes.chars() {
        let s = run(&format!("y45-{class}"), Heuristic::Mrv);
        t.row(
            &format!("class {}", class.to_ascii_uppercase()),
            vec![num(s.solutions), num(s.nodes), num(s.updates)],
        );
    }
}

fn y45_d() -> Table {
    let mut t = Table::new(
        "y45-d",
        "45 Y pentominoes in 15x15, corner class D",
        &["class", "solutions", "nodes", "updates"],
    );
    y45_rows(&mut t, "d");
    t.note("Nodes include the root (the paper's convention here).");
    t
}

fn y45() -> Table {
    let mut t = Table::new(
        "y45",
        "45 Y pentominoes in 15x15, corner classes A, B, C (Figure 6)",
        &["class", "solutions", "nodes", "updates"],
    );
    y45_rows(&mut t, "abc");
    t.note("Nodes include the root (the paper's convention here). 212 = 92 + 100 + 20 + 0.");
    t
}

fn one_sided() -> Table {
    let (f, s) = figures::figure9_with_stats();
    let mut t = Table::new(
        "one-sided-3x30",
        "The 18 one-sided pentominoes in 3x30 (Figure 9)",
        &["run", "solutions", "nodes", "updates", "hsym", "vsym"],
    );
    t.row(
        "S heuristic",
        vec![
            num(s.solutions),
            num(s.nodes),
            num(s.updates),
            num(f.tiling.hsym() as u64),
            num(f.tiling.vsym() as u64),
        ],
    );
    t.note("hsym / vsym: the maximally symmetric of the solutions. Nodes include the root.");
    for line in f.tiling.to_outline().lines() {
        t.note(line);
    }
    t
}

fn dominoes() -> Table {
    let s = run("dominoes", Heuristic::Mrv);
    let mut t = Table::new(
        "dominoes",
        "The mutilated chessboard and 31 dominoes",
        &[
            "run",
            "solutions",
            "updates",
            "nodes",
            "placements of 30 dominoes",
        ],
    );
    let thirty = s.levels.get(29).map_or(0, |l| l.nodes);
    t.row(
        "S heuristic",
        vec![num(s.solutions), num(s.updates), num(s.nodes), num(thirty)],
    );
    t.note("Placements of 30 dominoes = the nodes at depth 30.");
    t
}
