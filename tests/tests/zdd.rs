//! The ZDD search (`Solve::zdd`, Knuth's DLX6) on the paper's problems: DLX6's figures to
//! the unit, a count past 2^64 checked as a power, and uniform samples.
//!
//! Each figure is DLX6's last line for the matrix `dlx paper NAME --emit FILE` writes, run
//! as `dlx6 < FILE` (Knuth's dlx6.w built with ctangle and gcc): solutions, updates,
//! cleansings, search nodes, ZDD nodes, signatures failed + solved, hits.

use dlx_core::estimate::SplitMix64;
use dlx_core::{BigUint, ItemKind, Matrix, MatrixBuilder, Problem};

fn matrix(name: &str) -> Matrix {
    dlx_paper::problem(name).unwrap().matrix
}

/// The solutions and DLX6's other figures ([`dlx_core::zdd::ZddStats::figures`]).
fn dlx6_figures(name: &str) -> (u64, [u64; 7]) {
    let z = Problem::new(&matrix(name)).solve().zdd().unwrap();
    let s = z.stats().unwrap();
    (s.solutions.to_u64().unwrap(), s.figures())
}

#[test]
fn paper_problems_give_dlx6_figures() {
    #[rustfmt::skip]
    let expected = [
        ("queens-8", (92, [14936, 0, 956, 483, 424, 391, 142])),
        ("dominoes", (0, [7253, 0, 1495, 1, 1158, 1, 337])),
        ("pentomino-3x20", (2, [2044542, 0, 5790, 22, 5450, 20, 321])),
        ("scott-x23", (19, [3107160, 0, 8380, 130, 7860, 111, 410])),
        ("tetrasticks-welded-4x4", (16, [174622, 0, 1242, 134, 1091, 118, 34])),
        ("queens-12", (14200, [3091215, 0, 176080, 69328, 93348, 55711, 27022])),
        ("hexiamonds-rhombus", (156, [31958221, 0, 58117, 931, 55825, 793, 1500])),
    ];
    for (name, want) in expected {
        assert_eq!(dlx6_figures(name), want, "{name}");
    }
}

#[test]
#[ignore = "about 3 s (232 million updates): run by `cargo xtask slow`"]
fn pentominoes_6x10_give_dlx6_figures() {
    assert_eq!(
        dlx6_figures("pentomino-6x10"),
        (2339, [232616220, 0, 618683, 10722, 559699, 8722, 50263])
    );
}

/// `k` disjoint copies of a plain matrix: each item and option once per copy.
fn copies(m: &Matrix, k: usize) -> Matrix {
    let mut b = MatrixBuilder::new();
    for c in 0..k {
        for item in m.items() {
            let name = format!("{}.{c}", item.name);
            match item.kind {
                ItemKind::Primary => b.primary(name).unwrap(),
                ItemKind::Secondary => b.secondary(name).unwrap(),
            };
        }
    }
    for c in 0..k {
        for option in m.options() {
            let names: Vec<String> = option
                .iter()
                .map(|&i| format!("{}.{c}", m.item(i).name))
                .collect();
            b.option(names).unwrap();
        }
    }
    b.build().unwrap()
}

#[test]
fn ten_copies_of_eight_queens_have_92_to_the_tenth_solutions() {
    // 92^10 = 43438845422363213824 > 2^64: computed apart from the diagram, from the
    // ordinary count of one board.
    let one = matrix("queens-8");
    let m = Problem::new(&one).solve().count().solutions;
    assert_eq!(m, 92);
    let z = Problem::new(&copies(&one, 10)).solve().zdd().unwrap();
    assert_eq!(*z.count(), BigUint::power_of(m, 10));
    assert_eq!(z.count().to_string(), "43438845422363213824");
    assert!(z.count().to_u64().is_none());
}

#[test]
fn samples_of_eight_queens_are_uniform() {
    // 9,200 draws (seed 1) over the 92 solutions, 100 expected each. The chi-square
    // statistic must stay below 125.29, the 0.99 quantile of chi-square with 91 degrees of
    // freedom (from the regularized incomplete gamma function): the test passes at
    // p > 0.01. The seed is fixed, so the outcome is too.
    let m = matrix("queens-8");
    let mut problem = Problem::new(&m);
    let z = problem.solve().zdd().unwrap();
    let all: Vec<Vec<usize>> = problem.solve().iter().map(|s| s.sorted_options()).collect();
    assert_eq!(all.len(), 92);
    let mut seen = vec![0u64; all.len()];
    let mut rng = SplitMix64::new(1);
    let draws = 100 * all.len() as u64;
    for _ in 0..draws {
        let s = z.sample(&mut rng).unwrap().sorted_options();
        seen[all
            .iter()
            .position(|a| *a == s)
            .expect("a sample is a solution")] += 1;
    }
    let expected = draws as f64 / all.len() as f64;
    let chi2: f64 = seen
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    assert!(
        chi2 < 125.29,
        "chi-square {chi2:.1} with 91 degrees of freedom"
    );
    // And the same seed draws the same solutions.
    let mut again = SplitMix64::new(1);
    let first = z.sample(&mut again).unwrap();
    assert_eq!(first, z.sample(&mut SplitMix64::new(1)).unwrap());
}
