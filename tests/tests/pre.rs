//! Preprocessing (`dlx_core::pre`, Knuth's DLX-PRE) on the paper's problems: the figures
//! DLX-PRE gives on the same matrices, and the same solutions after reduction.
//!
//! Each matrix was written by `dlx paper NAME --emit FILE`, its item names renamed to at
//! most 8 characters (DLX-PRE's limit; the order of items and options unchanged, so nothing
//! it does depends on the renaming), and given to `dlx-pre v9` (built with `ctangle
//! dlx-pre.w && gcc -O2 -o dlx-pre dlx-pre.c`). Its closing line gives the options and items
//! removed and the rounds; its output, the items and options left and the original numbers
//! `| (from N)` of the options left, here summed (none of these matrices has an option
//! without a primary item, so DLX-PRE's numbers are the input's).

use dlx_core::Problem;
use dlx_core::pre::pre;

#[test]
fn paper_problems_give_dlx_pre_figures() {
    // (problem, (removed options, removed items, rounds), items left, options left, sum of
    // the `from` numbers), all from DLX-PRE.
    let cases = [
        ("queens-8", (0, 0, 1), 42, 64, 2080),
        ("dominoes", (0, 0, 1), 62, 108, 5886),
        ("tetrasticks-welded-4x4", (48, 0, 2), 59, 325, 62871),
        ("tetrasticks-unwelded-5x5", (12, 0, 2), 91, 869, 380887),
        ("y45-a", (504, 36, 4), 189, 802, 524124),
        ("pentomino-3x20", (259, 1, 3), 72, 968, 599170),
        ("scott-x23", (760, 10, 4), 62, 785, 613625),
    ];
    for (name, figures, items, options, sum) in cases {
        let m = dlx_paper::problem(name).unwrap().matrix;
        let start = std::time::Instant::now();
        let p = pre(&m).unwrap();
        println!("{name}: {:.2} s", start.elapsed().as_secs_f64());
        assert_eq!(
            (p.removed_options, p.removed_items, p.rounds),
            figures,
            "{name}"
        );
        let from: usize = p.origin.iter().map(|o| o + 1).sum();
        let left = (p.matrix.items().len(), p.matrix.options().len(), from);
        assert_eq!(left, (items, options, sum), "{name}");
        assert_eq!(p.infeasible, None);
    }
}

#[test]
fn rounds_limited_as_dlx_pre_t() {
    // `dlx-pre v9 t2` and `t3` on y45-a (one and two rounds): "Removed 332 options and 26
    // items, after 903918+4547257 mems, 2 rounds." with 199 items, 974 options, `from`
    // numbers summing to 642567; "Removed 472 options and 34 items, after 903918+8044810
    // mems, 3 rounds." with 191, 834, 542235. DLX-PRE's count of rounds is one more than
    // the rounds run when its limit stops it.
    let m = dlx_paper::problem("y45-a").unwrap().matrix;
    for (rounds, figures, left) in [
        (1, (332, 26), (199, 974, 642567)),
        (2, (472, 34), (191, 834, 542235)),
    ] {
        let p = dlx_core::pre::pre_rounds(&m, rounds).unwrap();
        assert_eq!((p.removed_options, p.removed_items), figures);
        assert_eq!(p.rounds, rounds);
        let from: usize = p.origin.iter().map(|o| o + 1).sum();
        let got = (p.matrix.items().len(), p.matrix.options().len(), from);
        assert_eq!(got, left, "{rounds} rounds");
    }
}

#[test]
fn reduced_paper_problems_have_the_same_solutions() {
    // Solutions as sorted original option numbers, before and after (no oracle needed).
    for name in ["queens-8", "tetrasticks-welded-4x4", "scott-x23"] {
        let m = dlx_paper::problem(name).unwrap().matrix;
        let p = pre(&m).unwrap();
        let mut before: Vec<Vec<usize>> = Problem::new(&m)
            .solve()
            .iter()
            .map(|s| s.sorted_options())
            .collect();
        let mut after: Vec<Vec<usize>> = Problem::new(&p.matrix)
            .solve()
            .iter()
            .map(|s| p.original_solution(&s).sorted_options())
            .collect();
        before.sort();
        after.sort();
        assert!(!before.is_empty(), "{name}");
        assert_eq!(before, after, "{name}");
    }
}
