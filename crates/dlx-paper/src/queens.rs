//! N queens: `queens-N`, `queens-N-ranks`, `queens-N-plain`, and the paper's queens table.

use dlx_core::{Dlx, Heuristic, Stats};
use dlx_queens::{Order, Queens};

use crate::{Family, PaperError, Problem, Table, TableSpec, parameter};

fn make(
    name: &str,
    suffix: &str,
    order: Order,
    ranks_only: bool,
) -> Option<Result<Problem, PaperError>> {
    let n = parameter(name, "queens-", suffix)?;
    Some(n.and_then(|n| {
        let q = Queens::new(n as usize)
            .map_err(|e| PaperError::BadParameter {
                name: name.to_string(),
                reason: e.to_string(),
            })?
            .with_order(order)
            .ranks_only(ranks_only);
        let about = format!(
            "{n} queens, {} order{}",
            if order == Order::Plain {
                "plain"
            } else {
                "organ-pipe"
            },
            if ranks_only {
                ", only ranks primary (R-variant)"
            } else {
                ""
            }
        );
        Ok(Problem::new(name, about, q.matrix()).with_render(move |s| q.board(s).ascii()))
    }))
}

pub(crate) fn families() -> Vec<Family> {
    vec![
        Family {
            pattern: "queens-N",
            about: "N queens, Knuth's organ-pipe column order (the paper's table)",
            make: |name| make(name, "", Order::OrganPipe, false),
        },
        Family {
            pattern: "queens-N-ranks",
            about: "N queens, only the ranks primary (the table's R-variant)",
            make: |name| make(name, "-ranks", Order::OrganPipe, true),
        },
        Family {
            pattern: "queens-N-plain",
            about: "N queens, plain column order r0..r(N-1) c0..c(N-1)",
            make: |name| make(name, "-plain", Order::Plain, false),
        },
    ]
}

pub(crate) const TABLES: [TableSpec; 4] = [
    TableSpec::new(
        "queens",
        "N queens, N = 1..12, both variants",
        false,
        || table("queens", 1..=12),
    ),
    TableSpec::new(
        "queens-13-16",
        "N queens, N = 13..16, both variants (about 10 G updates)",
        true,
        || table("queens-13-16", 13..=16),
    ),
    TableSpec::new(
        "queens-17-18",
        "N queens, N = 17..18, both variants (about 400 G updates)",
        true,
        || table("queens-17-18", 17..=18),
    ),
    TableSpec::new(
        "queens-plain-16",
        "16 queens in plain order against organ-pipe order",
        true,
        plain_16,
    ),
];

/// Counts on every core: the figures equal the sequential search's exactly (dlx-core's
/// parallel tests), and N = 17, 18 take hours on one.
fn count(q: Queens) -> Stats {
    Dlx::new(&q.matrix())
        .solve()
        .heuristic(Heuristic::Mrv)
        .threads(0)
        .count()
}

/// The paper's table: solutions, nodes and updates, and the nodes and updates of the
/// R-variant. One snapshot per range of N; the rows are keyed by N in paper-figures.tsv.
fn table(name: &str, ns: std::ops::RangeInclusive<usize>) -> Table {
    let mut t = Table::new(
        "queens",
        "N queens with the S heuristic (organ-pipe order; R = only ranks primary)",
        &["N", "Solutions", "Nodes", "Updates", "R-Nodes", "R-Updates"],
    );
    t.name = name.to_string();
    for n in ns {
        let q = Queens::new(n).expect("table sizes are in range");
        let full = count(q);
        let ranks = count(q.ranks_only(true));
        assert_eq!(
            full.solutions, ranks.solutions,
            "both variants count the same boards"
        );
        t.row_keyed(
            "queens",
            &n.to_string(),
            vec![
                Table::num(full.solutions),
                Table::num(full.nodes),
                Table::num(full.updates),
                Table::num(ranks.nodes),
                Table::num(ranks.updates),
            ],
        );
    }
    t.note("Nodes count the root and the solution leaves, as dance.w's total does.");
    t
}

fn plain_16() -> Table {
    let mut t = Table::new(
        "queens-plain-16",
        "16 queens: plain order r0..r15 c0..c15 against the organ-pipe order",
        &["order", "Solutions", "Nodes", "Updates"],
    );
    let organ = count(Queens::new(16).expect("16 is in range"));
    let plain = count(
        Queens::new(16)
            .expect("16 is in range")
            .with_order(Order::Plain),
    );
    for (label, s) in [("plain", &plain), ("organ pipe", &organ)] {
        t.row(
            label,
            vec![
                Table::num(s.solutions),
                Table::num(s.nodes),
                Table::num(s.updates),
            ],
        );
    }
    t.note(format!(
        "organ-pipe updates / plain updates = {:.1} % (the paper: \"about 54%\")",
        100.0 * organ.updates as f64 / plain.updates as f64
    ));
    t
}
