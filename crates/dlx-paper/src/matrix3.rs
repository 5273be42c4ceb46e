//! The paper's worked example, matrix (3).

use dlx_core::{Dlx, Heuristic, Matrix, format};

use crate::{Family, Problem, Table, TableSpec};

const MATRIX3: &str =
    "| The paper's matrix (3)\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

fn matrix() -> Matrix {
    format::parse(MATRIX3).expect("matrix (3) is well formed")
}

pub(crate) fn family() -> Family {
    Family {
        pattern: "matrix3",
        about: "the paper's worked example, matrix (3): 7 columns, 6 rows, one solution",
        make: |name| {
            (name == "matrix3")
                .then(|| Ok(Problem::new("matrix3", "the paper's matrix (3)", matrix())))
        },
    }
}

pub(crate) const TABLE: TableSpec = TableSpec::new(
    "matrix3",
    "matrix (3): the printed solution, updates by level, nodes, with both column rules",
    false,
    build,
);

fn build() -> Table {
    let m = matrix();
    let mut t = Table::new(
        "matrix3",
        "Matrix (3): the solution as printed, and the updates per level",
        &[
            "rule", "solution", "level 0", "level 1", "level 2", "updates", "nodes",
        ],
    );
    for (label, h) in [
        ("S heuristic", Heuristic::Mrv),
        ("leftmost", Heuristic::Leftmost),
    ] {
        let mut dlx = Dlx::new(&m);
        let printed = (dlx.solve().heuristic(h).first())
            .map(|s| s.lines(&m).join(" / "))
            .unwrap_or_default();
        let stats = dlx.solve().heuristic(h).count();
        let mut values = vec![printed];
        values.extend((0..3).map(|k| Table::num(stats.levels.get(k).map_or(0, |l| l.updates))));
        values.push(Table::num(stats.updates));
        values.push(Table::num(stats.nodes));
        t.row(label, values);
    }
    t.note("Knuth's program counts the cover of A as 1 + 3 updates at level 0; the paper's text");
    t.note("omits 2 of them (docs/paper-conventions.md, Matrix (3)). Every large table");
    t.note("follows the program.");
    t
}
