//! The ZDD search on seeded random matrices (plain and with colours, in `tests/data/zdd`,
//! made by Python's `random.Random(seed)`; each file's first line says how): DLX6's figures
//! to the unit, its text byte for byte, and the diagram read back.
//!
//! The figures are DLX6's last line for `dlx6 < tests/data/zdd/FILE` (Knuth's dlx6.w built
//! with ctangle and gcc): solutions, updates, cleansings, search nodes, ZDD nodes,
//! signatures failed + solved, hits.

use dlx_core::zdd::Zdd;
use dlx_core::{Heuristic, Matrix, Problem, format};

fn read(name: &str) -> String {
    let path = format!("{}/tests/data/zdd/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The matrix of a file and its diagram by `rule`.
fn diagram(name: &str, rule: Heuristic) -> (Matrix, Zdd) {
    let m = format::parse(&read(name)).unwrap();
    let z = Problem::new(&m).solve().heuristic(rule).zdd().unwrap();
    (m, z)
}

#[test]
fn random_matrices_give_dlx6_figures() {
    #[rustfmt::skip]
    let expected: [(&str, (u64, [u64; 7])); 7] = [
        ("random-plain-1.dlx", (21, [1196, 0, 79, 58, 22, 41, 17])),
        ("random-plain-2.dlx", (760, [6318, 0, 562, 450, 90, 269, 204])),
        ("random-plain-3.dlx", (0, [566, 0, 11, 1, 11, 1, 0])),
        ("random-colour-1.dlx", (107, [3641, 161, 267, 205, 56, 123, 89])),
        ("random-colour-2.dlx", (115, [2478, 171, 182, 136, 46, 80, 57])),
        ("random-colour-3.dlx", (186, [5562, 286, 344, 265, 66, 155, 124])),
        ("random-colour-200.dlx", (106970, [684752, 34848, 62194, 51706, 8944, 32283, 20968])),
    ];
    for (name, want) in expected {
        let (m, z) = diagram(name, Heuristic::Mrv);
        let s = z.stats().unwrap();
        assert_eq!((s.solutions.to_u64().unwrap(), s.figures()), want, "{name}");
        assert_eq!(want.0, Problem::new(&m).solve().count().solutions, "{name}");
        // Read back, the diagram writes the same text and counts the same.
        let back = Zdd::read(&z.to_text(), &m).unwrap();
        assert_eq!((back.to_text(), back.count()), (z.to_text(), z.count()));
    }
}

#[test]
fn random_matrices_give_dlx6_no_mrv_figures_with_the_leftmost_rule() {
    // DLX6 with Knuth's change file dlx6-noMRV (`ctangle dlx6.w dlx6-noMRV.ch`), which
    // branches on the first item unless one has no option left: `dlx6-noMRV < FILE`.
    #[rustfmt::skip]
    let expected = [
        ("random-plain-1.dlx", (21, [4413, 0, 304, 74, 190, 54, 61])),
        ("random-plain-3.dlx", (0, [3975, 0, 117, 1, 113, 1, 4])),
        ("random-colour-2.dlx", (115, [8695, 539, 591, 189, 297, 112, 183])),
        ("random-colour-200.dlx", (106970, [1717709, 90538, 211194, 82466, 91182, 48730, 71283])),
    ];
    for (name, want) in expected {
        let s = diagram(name, Heuristic::Leftmost)
            .1
            .stats()
            .unwrap()
            .clone();
        assert_eq!((s.solutions.to_u64().unwrap(), s.figures()), want, "{name}");
    }
}

#[test]
fn random_colour_matrix_text_is_dlx6s() {
    // `dlx6 m1 < tests/data/zdd/random-colour-2.dlx > FILE`: its 135 lines, of which the
    // first three and the last two are these, and FNV-1a 64 of the whole text.
    let m = format::parse(&read("random-colour-2.dlx")).unwrap();
    let text = Problem::new(&m).solve().zdd().unwrap().to_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 135);
    assert_eq!(lines[..3], ["2: (~1?0:1)", "3: (~16?2:1)", "4: (~46?3:1)"]);
    assert_eq!(lines[133..], ["87: (~59?7c:86)", "88: (~0?0:87)"]);
    let fnv = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    assert_eq!(fnv, 0x4fd9_8ffe_e224_c80f);
}
