//! Matrices written by Knuth's own generator (queens-dlx), and the DECS examples, from the
//! optional data folder (`DLX_DATA_DIR`); a file that is absent is skipped, with one line.

use dlx_core::{Dlx, Heuristic, format};
use dlx_test_data::read;

/// OEIS A000170 for N = 1..12, and the node/update figures of the paper's queens table
/// (Knuth's own program on the same files).
#[test]
fn queens_files_give_the_oeis_counts_and_knuths_figures() {
    let expected: [(u64, u64, u64); 12] = [
        (1, 2, 3),
        (0, 3, 19),
        (0, 4, 56),
        (2, 13, 183),
        (10, 46, 572),
        (4, 93, 1_497),
        (40, 334, 5_066),
        (92, 1_049, 16_680),
        (352, 3_440, 54_818),
        (724, 11_578, 198_264),
        (2_680, 45_393, 783_140),
        (14_200, 211_716, 3_594_752),
    ];
    for (n, &(solutions, nodes, updates)) in (1..).zip(&expected) {
        let Some(text) = read(format!("exact_cover/knuth_format/queens-{n}.dlx")) else {
            return;
        };
        let m = format::parse(&text).unwrap();
        let s = Dlx::new(&m).solve().count();
        assert_eq!(
            (s.solutions, s.nodes, s.updates),
            (solutions, nodes, updates),
            "queens {n}"
        );
    }
}

/// The DECS examples with their listed solutions.
#[test]
fn decs_examples_give_their_listed_solutions() {
    for (name, listed) in [
        ("knuthx", vec![vec![0, 3, 4]]),
        ("micro", vec![vec![0, 3, 4], vec![1, 2], vec![2, 4, 5]]),
        ("tiny", vec![vec![1, 7], vec![5, 6]]),
    ] {
        let Some(text) = read(format!("exact_cover/decs/{name}.dlx")) else {
            return;
        };
        let m = format::parse(&text).unwrap();
        for h in [Heuristic::Mrv, Heuristic::Leftmost] {
            let mut found: Vec<_> = Dlx::new(&m)
                .solve()
                .heuristic(h)
                .iter()
                .map(|s| s.sorted_options())
                .collect();
            found.sort();
            assert_eq!(found, listed, "{name} with {h:?}");
        }
    }
}
