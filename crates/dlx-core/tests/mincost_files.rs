//! Minimum-cost exact cover against Knuth's DLX5: the examples with costs, 8 queens with
//! costs, and seeded random matrices with costs (plain and coloured), each with the figures
//! DLX5 prints for it: `dlx5 kK < FILE` prints the solutions found, the mems of the search
//! (the second figure of `input+search mems`), the updates, cleansings and nodes, and the K
//! best costs (comment lines removed from the examples
//! first, as DLX5 reads only 8-character names).

use std::fmt::Write as _;

use std::ops::ControlFlow;

use dlx_core::{MinCostParams, Problem, format};

/// (solutions found, updates, cleansings, nodes, mems, the best costs) of `min_cost(k)`.
type Figures = (u64, u64, u64, u64, u64, Vec<u64>);

fn figures(text: &str, k: usize) -> Figures {
    let m = format::parse_with_costs(text).unwrap();
    let r = Problem::new(&m).solve().min_cost(k).unwrap();
    let s = r.stats;
    let best = r.best.iter().map(|b| b.cost).collect();
    (s.solutions, s.updates, s.cleansings, s.nodes, r.mems, best)
}

fn example(name: &str) -> String {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn the_examples_with_costs_give_dlx5s_figures() {
    for (name, k, expected) in [
        // `dlx5 k1` and `dlx5 k3`.
        ("matrix3-costs.dlx", 1, (1, 28, 0, 6, 570, vec![10])),
        ("matrix3-costs.dlx", 3, (1, 29, 0, 6, 591, vec![10])),
        ("taocp-49-costs.dlx", 1, (1, 12, 2, 3, 240, vec![7])),
        ("taocp-49-costs.dlx", 3, (1, 19, 3, 4, 367, vec![7])),
        ("assignment.dlx", 1, (4, 131, 0, 22, 3357, vec![16])),
        (
            "assignment.dlx",
            3,
            (13, 264, 0, 55, 6623, vec![16, 18, 19]),
        ),
    ] {
        assert_eq!(figures(&example(name), k), expected, "{name}, k = {k}");
    }
}

/// Eight queens, the square in rank r and file c costing (3r + 5c) mod 7.
fn queens_with_costs() -> String {
    let mut t = String::new();
    let n = 8;
    let names = |p: &str| {
        (0..n)
            .map(|i| format!("{p}{i}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let diagonals = |p: &str| {
        (0..2 * n - 1)
            .map(|i| format!("{p}{i}"))
            .collect::<Vec<_>>()
    };
    let _ = writeln!(
        t,
        "{} {} | {} {}",
        names("r"),
        names("f"),
        diagonals("a").join(" "),
        diagonals("b").join(" ")
    );
    for r in 0..n {
        for c in 0..n {
            let cost = (3 * r + 5 * c) % 7;
            let _ = writeln!(t, "r{r} f{c} a{} b{} |{cost}", r + c, n - 1 + r - c);
        }
    }
    t
}

#[test]
fn eight_queens_with_costs_give_dlx5s_figures() {
    let text = queens_with_costs();
    // `dlx5 k1` and `dlx5 k10`.
    assert_eq!(figures(&text, 1), (2, 3911, 0, 197, 58851, vec![7]));
    assert_eq!(
        figures(&text, 10),
        (
            19,
            10153,
            0,
            543,
            152534,
            vec![7, 14, 14, 14, 14, 14, 14, 14, 14, 14]
        )
    );
}

/// Marsaglia's xorshift, from a seed.
struct Rng(u64);

impl Rng {
    /// A number below `n`.
    fn below(&mut self, n: usize) -> usize {
        let x = &mut self.0;
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        (*x % n as u64) as usize
    }

    /// `count` distinct names `prefix0`... below `of`, secondary ones coloured `A` or `B` 7
    /// times in 10.
    fn pick(&mut self, prefix: &str, of: usize, count: usize, items: &mut Vec<String>) {
        let mut chosen: Vec<usize> = Vec::new();
        while chosen.len() < count.min(of) {
            let i = self.below(of);
            if !chosen.contains(&i) {
                chosen.push(i);
            }
        }
        for i in chosen {
            let colour = if prefix == "s" && self.below(10) < 7 {
                [":A", ":B"][self.below(2)]
            } else {
                ""
            };
            items.push(format!("{prefix}{i}{colour}"));
        }
    }
}

#[test]
fn dlx5s_lower_bounds_give_its_figures() {
    let text = queens_with_costs();
    let m = format::parse_with_costs(&text).unwrap();
    // Every option has one `r` item and one `f` item: `dlx5 kK z2`, `dlx5 kK Zr z1` and
    // `dlx5 kK Zrf` print these figures.
    for (one_of_each, per_option, k, expected) in [
        ("", 2, 1, (2, 3707, 0, 173, 62500)),
        ("", 2, 4, (8, 8523, 0, 406, 140182)),
        ("r", 1, 1, (2, 3707, 0, 173, 59500)),
        ("r", 1, 4, (8, 8513, 0, 405, 134377)),
        ("rf", 0, 1, (2, 3707, 0, 173, 60465)),
        ("rf", 0, 4, (8, 8513, 0, 405, 136134)),
    ] {
        let params = MinCostParams {
            best: k,
            one_of_each: one_of_each.into(),
            per_option,
            ..MinCostParams::default()
        };
        let r = (Problem::new(&m).solve())
            .min_cost_with(params, |_| ControlFlow::Continue(()))
            .unwrap();
        let s = &r.stats;
        let figures = (s.solutions, s.updates, s.cleansings, s.nodes, r.mems);
        assert_eq!(figures, expected, "Z{one_of_each} z{per_option} k{k}");
        // The same best costs as without the bound (`dlx5 k4`: 7, 14, 14, 14).
        let best: Vec<u64> = r.best.iter().map(|b| b.cost).collect();
        assert_eq!(best, [7, 14, 14, 14][..k]);
    }
}

/// A random matrix with costs from a seed: 4 to 11 primary items, up to 5 secondary ones,
/// 20 to 79 options of 1 to 3 primary and up to 2 secondary items, each costing up to 1, 5
/// or 50.
fn random(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let (primary, secondary) = (4 + rng.below(8), rng.below(6));
    let dear = [1, 5, 50][rng.below(3)];
    let mut t = String::new();
    let names = |p: &str, n: usize| (0..n).map(|i| format!("{p}{i}")).collect::<Vec<_>>();
    t.push_str(&names("p", primary).join(" "));
    if secondary > 0 {
        let _ = write!(t, " | {}", names("s", secondary).join(" "));
    }
    t.push('\n');
    for _ in 0..20 + rng.below(60) {
        let mut items = Vec::new();
        let (p, s) = (1 + rng.below(3), rng.below(3));
        rng.pick("p", primary, p, &mut items);
        rng.pick("s", secondary, s, &mut items);
        let _ = writeln!(t, "{} |{}", items.join(" "), rng.below(dear + 1));
    }
    t
}

#[test]
fn seeded_random_matrices_give_dlx5s_figures() {
    for &(seed, k, expected) in RANDOM {
        let text = random(seed);
        let (s, u, c, n, m, best) = figures(&text, k);
        assert_eq!(
            ((s, u, c, n, m), best.as_slice()),
            expected,
            "seed {seed}, k = {k}"
        );
    }
}

/// (solutions found, updates, cleansings, nodes, search mems) and the best costs.
type Pinned = ((u64, u64, u64, u64, u64), &'static [u64]);

/// Per seed and k: (solutions found, updates, cleansings, nodes, mems) and the best costs,
/// as `dlx5 kK` prints them for `random(seed)` (its mems are the second of `input+search`).
#[rustfmt::skip]
const RANDOM: &[(u64, usize, Pinned)] = &[
    (1, 1, ((3, 76, 0, 14, 1707), &[2])),
    (1, 4, ((4, 100, 0, 16, 2197), &[2, 3, 3, 4])),
    (1, 10, ((4, 100, 0, 16, 2219), &[2, 3, 3, 4])),
    (2, 1, ((1, 110, 9, 8, 2020), &[51])),
    (2, 4, ((2, 175, 11, 15, 3182), &[51, 133])),
    (2, 10, ((2, 175, 11, 15, 3195), &[51, 133])),
    (3, 1, ((1, 51, 1, 7, 1095), &[109])),
    (3, 4, ((5, 91, 10, 18, 2137), &[109, 119, 127, 129])),
    (3, 10, ((6, 120, 12, 20, 2738), &[109, 119, 127, 129, 137, 138])),
    (4, 1, ((2, 184, 15, 16, 3428), &[5])),
    (4, 4, ((5, 376, 21, 34, 6929), &[5, 7, 9, 9])),
    (4, 10, ((8, 439, 29, 41, 8214), &[5, 7, 9, 9, 9, 10, 11, 11])),
    (5, 1, ((1, 33, 0, 4, 799), &[0])),
    (5, 4, ((6, 50, 0, 12, 1295), &[0, 0, 0, 0])),
    (5, 10, ((15, 95, 0, 25, 2608), &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
    (6, 1, ((1, 212, 18, 20, 4045), &[67])),
    (6, 4, ((8, 446, 40, 41, 8147), &[67, 68, 75, 85])),
    (6, 10, ((19, 706, 70, 75, 13325), &[67, 68, 75, 85, 92, 96, 104, 115, 131, 132])),
    (7, 1, ((1, 161, 4, 3, 2448), &[0])),
    (7, 4, ((7, 263, 11, 13, 4179), &[0, 0, 0, 0])),
    (7, 10, ((19, 443, 21, 33, 7396), &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
    (8, 1, ((1, 70, 0, 3, 1642), &[0])),
    (8, 4, ((6, 73, 0, 9, 1866), &[0, 0, 0, 0])),
    (8, 10, ((16, 95, 0, 22, 2723), &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
    (9, 1, ((1, 421, 30, 24, 7214), &[59])),
    (9, 4, ((10, 475, 32, 36, 8374), &[59, 59, 61, 61])),
    (9, 10, ((25, 617, 42, 61, 11555), &[59, 59, 61, 61, 62, 63, 63, 66, 68, 70])),
    (10, 1, ((3, 251, 16, 16, 4549), &[0])),
    (10, 4, ((10, 276, 20, 26, 5304), &[0, 0, 0, 0])),
    (10, 10, ((24, 405, 47, 56, 8444), &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
    (11, 1, ((2, 85, 6, 13, 1776), &[145])),
    (11, 4, ((5, 108, 10, 19, 2337), &[145, 148, 149, 155])),
    (11, 10, ((10, 149, 15, 30, 3366), &[145, 148, 149, 155, 164, 177, 178, 181, 181, 185])),
    (12, 1, ((1, 117, 7, 5, 2097), &[0])),
    (12, 4, ((8, 264, 11, 27, 5083), &[0, 0, 0, 0])),
    (12, 10, ((23, 428, 22, 56, 8501), &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
];
