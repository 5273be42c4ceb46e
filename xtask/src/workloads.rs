//! The problems with multiplicities that `cargo xtask bench search --bounds` times: each built
//! here, the same on every machine, in Knuth's text format, so that his DLX3 and SSMCC read
//! exactly what [`dlx_core::Xcc`] searches.
//!
//! - `random-bounds`: a seeded random matrix whose primary items carry bounds `[a, b]`;
//! - `two-per-line-8` and `three-per-line-7`: the n x n 0/1 matrices with k ones in every row
//!   and column (items `k|r_i` and `k|c_j`, one option `r_i c_j` per cell), whose counts are
//!   OEIS A001499 (k = 2) and A001501 (k = 3);
//! - `pentominoes-copies`: a packing with piece counts, the twelve pentominoes, each placed
//!   up to twice or not at all, in an 8 x 5 rectangle: piece items with bounds `[0, 2]`.
//!
//! Each runs for seconds on one thread of a 2-core AMD EPYC virtual machine (see
//! docs/performance.md), long enough to time and short enough to repeat.

use std::fmt::Write as _;

use dlx_core::estimate::SplitMix64;

/// One problem: its name, its text in Knuth's format, and the figures Knuth's DLX3 (gcc -O2)
/// prints for that text: solutions, updates, cleansings, nodes.
pub struct Workload {
    pub name: &'static str,
    pub text: String,
    pub dlx3: Figures,
}

/// Solutions, updates, cleansings, nodes, as DLX3 prints them.
pub type Figures = (u64, u64, u64, u64);

/// The seed of `random-bounds`.
const SEED: u64 = 0x5eed_2026;

/// Every workload, in the order the bench prints them.
pub fn all() -> Vec<Workload> {
    vec![
        Workload {
            name: "random-bounds",
            text: random_bounds(30, 135, SEED),
            dlx3: (124_849_693, 822_742_667, 0, 402_544_410),
        },
        Workload {
            name: "two-per-line-8",
            text: k_per_line(8, 2),
            // The count is also OEIS A001499(8).
            dlx3: (187_530_840, 1_907_916_979, 0, 525_481_923),
        },
        Workload {
            name: "three-per-line-7",
            text: k_per_line(7, 3),
            // The count is also OEIS A001501(7).
            dlx3: (68_938_800, 732_171_735, 0, 205_235_763),
        },
        Workload {
            name: "pentominoes-copies",
            text: pentominoes_copies(8),
            dlx3: (695_086, 1_677_415_975, 0, 11_205_390),
        },
    ]
}

/// The n x n 0/1 matrices with `k` ones in each row and column: items `k|r_i` and `k|c_j`,
/// one option per cell.
pub fn k_per_line(n: usize, k: usize) -> String {
    let mut s = format!("| {n} x {n} 0/1 matrices with {k} ones in every row and column\n");
    for i in 1..=n {
        let _ = write!(s, "{k}|r{i} ");
    }
    for j in 1..=n {
        let _ = write!(s, "{k}|c{j} ");
    }
    s.push('\n');
    for i in 1..=n {
        for j in 1..=n {
            let _ = writeln!(s, "r{i} c{j}");
        }
    }
    s
}

/// A number below `n` from the generator (the matrix depends only on the seed).
fn below(rng: &mut SplitMix64, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// A random matrix with bounds: `items` primary items, each to be covered between `a` and `b`
/// times (a in 0..=2, b - a in 0..=2, b >= 1), four secondary items, and `options` options
/// of two to four distinct primary items, one in four with a secondary item too.
pub fn random_bounds(items: usize, options: usize, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut s = format!("| random bounds: {items} items, {options} options, seed {seed:#x}\n");
    for i in 0..items {
        let a = below(&mut rng, 3);
        let b = (a + below(&mut rng, 3)).max(1);
        if a == b {
            let _ = write!(s, "{b}|i{i} ");
        } else {
            let _ = write!(s, "{a}:{b}|i{i} ");
        }
    }
    s.push_str("| s0 s1 s2 s3\n");
    for _ in 0..options {
        let n = 2 + below(&mut rng, 3);
        let mut chosen: Vec<usize> = Vec::with_capacity(n);
        while chosen.len() < n {
            let i = below(&mut rng, items);
            if !chosen.contains(&i) {
                chosen.push(i);
            }
        }
        chosen.sort_unstable();
        let line: Vec<String> = chosen.iter().map(|i| format!("i{i}")).collect();
        s.push_str(&line.join(" "));
        if below(&mut rng, 4) == 0 {
            let _ = write!(s, " s{}", below(&mut rng, 4));
        }
        s.push('\n');
    }
    s
}

/// Pentominoes with piece counts: a rectangle of 5 rows and `cols` columns packed with the
/// twelve pentominoes, each placed at most twice (`copies=0-2`), as `dlx polyomino` builds it.
pub fn pentominoes_copies(cols: usize) -> String {
    let board = format!("{}\n", "#".repeat(cols)).repeat(5);
    let pieces = "pentominoes copies=0-2";
    let puzzle = dlx_polyomino::parse_puzzle(&board, pieces).expect("a valid description");
    let packing = puzzle.build().expect("the pieces fit the board");
    let comment = format!("pentominoes, each 0 to 2 times, {cols} x 5");
    dlx_core::format::write(&packing.matrix, Some(&comment))
}

/// `cargo xtask workloads DIR`: writes every workload as `DIR/NAME.dlx`.
pub fn write_all(args: &[String]) -> crate::Result {
    let [dir] = args else {
        return Err("workloads: name the folder to write them into".into());
    };
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    for w in all() {
        let path = std::path::Path::new(dir).join(format!("{}.dlx", w.name));
        dlx_core::file::write_atomic(&path, w.text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        println!("{}", path.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::{Xcc, format};

    fn figures(text: &str) -> Figures {
        let m = format::parse(text).expect("a generated matrix parses");
        let s = Xcc::new(&m).solve().count();
        (s.solutions, s.updates, s.cleansings, s.nodes)
    }

    /// Smaller cases of each generator, with the figures Knuth's DLX3 prints for the same
    /// text (the counts of the k-per-line matrices are also OEIS A001499(6) and
    /// A001501(6)).
    #[test]
    fn small_workloads_give_dlx3s_figures() {
        assert_eq!(figures(&k_per_line(6, 2)), (67_950, 715_151, 0, 198_658));
        assert_eq!(figures(&k_per_line(6, 3)), (297_200, 3_196_671, 0, 921_078));
        assert_eq!(
            figures(&random_bounds(30, 100, SEED)),
            (34_347, 217_072, 0, 113_251)
        );
        assert_eq!(
            figures(&random_bounds(16, 40, SEED)),
            (9_095, 109_861, 0, 36_654)
        );
        assert_eq!(
            figures(&pentominoes_copies(6)),
            (18_316, 38_403_072, 0, 273_521)
        );
    }

    /// The full workloads, whose figures the bench checks on every run.
    #[test]
    #[ignore = "about 40 s in release mode: the four workloads searched whole"]
    fn workloads_give_dlx3s_figures() {
        for w in all() {
            assert_eq!(figures(&w.text), w.dlx3, "{}", w.name);
        }
    }
}
