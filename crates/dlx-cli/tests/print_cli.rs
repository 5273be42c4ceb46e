//! `--print` on one thread, end to end: the solutions shown as they are found, in Knuth's order
//! (the library's iterator's), whichever engine searches.

use dlx_core::{Dlx, format};
use dlx_queens::Queens;

mod common;

use common::{stdout, temp_file};

/// The printed solutions of `dlx solve` as lists of option lines, in the order shown.
fn printed(out: &str) -> Vec<Vec<String>> {
    out.split("solution ")
        .skip(1)
        .map(|block| {
            block
                .lines()
                .skip(1)
                .take_while(|l| !l.is_empty())
                .map(str::to_string)
                .collect()
        })
        .collect()
}

#[test]
fn one_thread_prints_the_solutions_in_knuths_order() {
    let matrix = Queens::new(8).unwrap().matrix();
    let (dir, path) = temp_file("print", "queens8.dlx", &format::write(&matrix, None));
    let mut dlx = Dlx::new(&matrix);
    let knuth: Vec<Vec<String>> = dlx.solve().iter().map(|s| s.lines(&matrix)).collect();
    assert_eq!(knuth.len(), 92);
    let all = stdout(&["solve", &path, "--print", "-q", "--threads", "1"]);
    assert_eq!(printed(&all), knuth);
    assert!(
        all.ends_with("92 solutions, 16,680 updates, 1,049 nodes\n"),
        "{all}"
    );
    // A limit without --threads keeps the order too, and stops there.
    let some = stdout(&["solve", &path, "--print", "-q", "--limit", "10"]);
    assert_eq!(printed(&some), knuth[..10]);
    std::fs::remove_dir_all(dir).unwrap();
}
