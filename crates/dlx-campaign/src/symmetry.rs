//! A problem's symmetries, declared as permutations of its items, so that a campaign can
//! count classes of solutions rather than solutions, and split by the places of one piece.
//!
//! A symmetry file has one generator a line, in cycle notation over item names, `#` lines
//! being comments: `(r1 r8)(r2 r7)` swaps r1 with r8 and r2 with r7 and fixes every other
//! item. Each generator must map primary items to primary ones with the same bounds,
//! secondary items to secondary ones, and every option to an option with the same colours on
//! corresponding items; the group they generate is closed here, as permutations of the
//! options. Options listed more than once (the same items, the same colours) are matched in
//! order: the k-th copy of an option goes to the k-th copy of its image, so that each
//! generator is a permutation of the options and the classes are orbits of a group.
//!
//! ```
//! use dlx_campaign::Symmetry;
//! use dlx_core::format;
//!
//! // Two dominoes in a row of four cells, and the row's reflection.
//! let m = format::parse("a b c d\na b\nb c\nc d\n")?;
//! let s = Symmetry::parse("(a d)(b c)\n", &m)?;
//! assert_eq!(s.order(), 2);
//! // {ab, cd} is its own mirror image; one class.
//! assert_eq!(s.classes([&[0usize, 2][..]])?, 1);
//! assert_eq!(s.canonical(&[2, 0])?, vec![0, 2]);
//! // A solution from a damaged record, with an option the matrix lacks: an error, no panic.
//! assert!(s.canonical(&[0, 99_999]).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;

use dlx_core::symmetry::{Symmetries, SymmetryError as CoreError};
use dlx_core::{Matrix, shown};

/// The most symmetries a file may generate (a cube has 48; a file that generates more is
/// almost surely a mistake, and each costs a pass over every solution).
pub const MAX_ORDER: usize = dlx_core::symmetry::MAX_ORDER;

/// Where a campaign keeps its symmetries.
pub const SYMMETRY_FILE: &str = "symmetry.txt";

/// What is wrong with a symmetry file.
#[derive(Debug, thiserror::Error)]
pub enum SymmetryError {
    /// A line that is not a permutation of the matrix's items, or not a symmetry of it.
    #[error("line {line}: {reason}")]
    Line {
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The generators make too large a group.
    #[error("the generators make more than {MAX_ORDER} symmetries")]
    TooLarge,
    /// A split asked for by an item the symmetries move.
    #[error(
        "item `{}` is moved by the symmetry on line {line}: split by an item every symmetry fixes",
        shown(item)
    )]
    Moved {
        /// The item.
        item: String,
        /// The generator's line.
        line: usize,
    },
    /// A solution (or a place to split by) names an option the matrix does not have: it
    /// comes from a damaged record, or from another matrix.
    #[error("option {option} is not an option of the matrix (it has {options}, numbered from 0)")]
    NoOption {
        /// The option number given (0-based, as records keep them).
        option: usize,
        /// How many options the matrix has.
        options: usize,
    },
    /// An item number that the matrix does not have, or a matrix other than the one the
    /// symmetries were read for.
    #[error("{0}")]
    OtherMatrix(String),
}

/// A fingerprint of a symmetry file's bytes (64-bit FNV-1a, as [`crate::matrix_hash`]
/// fingerprints a matrix): `campaign.json` records it, and every read of the folder checks it.
pub(crate) fn fingerprint(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The symmetries of a problem, read from a file of generators: the group (dlx-core's
/// [`Symmetries`]) and the line of each generator.
#[derive(Debug, Clone)]
pub struct Symmetry {
    group: Symmetries,
    /// Each generator as a permutation of the items, with its line.
    generators: Vec<(usize, Vec<usize>)>,
}

impl Symmetry {
    /// Reads the generators in `text` (cycle notation over `matrix`'s item names, one a
    /// line) and closes the group they generate.
    pub fn parse(text: &str, matrix: &Matrix) -> Result<Symmetry, SymmetryError> {
        let items = matrix.items().len();
        let ids = matrix.item_ids();
        let mut generators = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let bad = |reason: String| SymmetryError::Line { line, reason };
            let mut perm: Vec<usize> = (0..items).collect();
            let mut seen = vec![false; items];
            let spaced = t.replace('(', " ( ").replace(')', " ) ");
            let mut cycle: Option<Vec<usize>> = None;
            for token in spaced.split_whitespace() {
                match (token, &mut cycle) {
                    ("(", None) => cycle = Some(Vec::new()),
                    (")", Some(c)) => {
                        for (i, &x) in c.iter().enumerate() {
                            perm[x] = c[(i + 1) % c.len()];
                        }
                        cycle = None;
                    }
                    ("(" | ")", _) => return Err(bad(format!("unbalanced `{token}`"))),
                    (name, Some(c)) => {
                        let item = *ids
                            .get(name)
                            .ok_or_else(|| bad(format!("`{}` is not an item", shown(name))))?;
                        if std::mem::replace(&mut seen[item], true) {
                            return Err(bad(format!("item `{}` appears twice", shown(name))));
                        }
                        c.push(item);
                    }
                    (name, None) => {
                        return Err(bad(format!(
                            "`{}` outside a cycle: write cycles like `(a b c)`",
                            shown(name)
                        )));
                    }
                }
            }
            if cycle.is_some() {
                return Err(bad("a cycle is not closed".into()));
            }
            generators.push((line, perm));
        }
        let perms = generators.iter().map(|(_, p)| p.clone());
        let group = Symmetries::new(matrix, perms).map_err(|e| match e {
            CoreError::NotASymmetry { map, reason } => SymmetryError::Line {
                line: generators[map].0,
                reason,
            },
            CoreError::TooLarge => SymmetryError::TooLarge,
            CoreError::NoOption { option, options } => SymmetryError::NoOption { option, options },
        })?;
        Ok(Symmetry { group, generators })
    }

    /// The group, as dlx-core's searches take it ([`dlx_core::Solve::classes`]).
    pub fn group(&self) -> &Symmetries {
        &self.group
    }

    /// The number of symmetries, the identity included.
    pub fn order(&self) -> usize {
        self.group.order()
    }

    /// The least image (as a sorted list of options) of a solution under the symmetries:
    /// two solutions are in one class exactly when their canonical forms are equal. A
    /// solution naming an option the matrix does not have (from a damaged record) is an
    /// error, never a panic.
    pub fn canonical(&self, options: &[usize]) -> Result<Vec<usize>, SymmetryError> {
        self.group.canonical(options).map_err(|e| match e {
            CoreError::NoOption { option, options } => SymmetryError::NoOption { option, options },
            other => SymmetryError::OtherMatrix(other.to_string()),
        })
    }

    /// The number of classes among `solutions` (each a list of options); an error if one
    /// names an option the matrix does not have.
    pub fn classes<'a>(
        &self,
        solutions: impl IntoIterator<Item = &'a [usize]>,
    ) -> Result<usize, SymmetryError> {
        let mut forms = HashSet::new();
        for s in solutions {
            forms.insert(self.canonical(s)?);
        }
        Ok(forms.len())
    }

    /// The options of `item` in orbits under the symmetries, each orbit sorted and the
    /// orbits by their least option: the subcases of a split by that item's places. Every
    /// symmetry must fix the item; `matrix` must be the one the symmetries were read for.
    pub fn orbits(&self, matrix: &Matrix, item: usize) -> Result<Vec<Vec<usize>>, SymmetryError> {
        let items = matrix.items().len();
        if matrix.options().len() != self.group.option_count()
            || self.generators.iter().any(|(_, p)| p.len() != items)
        {
            return Err(SymmetryError::OtherMatrix(
                "the symmetries were read for another matrix".into(),
            ));
        }
        if item >= items {
            return Err(SymmetryError::OtherMatrix(format!(
                "item {item} is not an item of the matrix (it has {items}, numbered from 0)"
            )));
        }
        if let Some((line, _)) = self.generators.iter().find(|(_, p)| p[item] != item) {
            return Err(SymmetryError::Moved {
                item: matrix.item(item).name.clone(),
                line: *line,
            });
        }
        Ok(self
            .group
            .orbits(item)
            .expect("every generator fixes the item"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::format;

    /// 4 queens' matrix with the square's 8 symmetries.
    fn queens4() -> Matrix {
        let mut text =
            String::from("r0 r1 r2 r3 c0 c1 c2 c3 | a0 a1 a2 a3 a4 a5 a6 b0 b1 b2 b3 b4 b5 b6\n");
        for r in 0..4 {
            for c in 0..4 {
                text += &format!("r{r} c{c} a{} b{}\n", r + c, r + 3 - c);
            }
        }
        format::parse(&text).unwrap()
    }

    /// Left-right reflection (c -> 3 - c) and the transposition (r <-> c).
    const QUEENS4: &str = "# mirror\n(c0 c3)(c1 c2)(a0 b0)(a1 b1)(a2 b2)(a3 b3)(a4 b4)(a5 b5)(a6 b6)\n\
                           (r0 c0)(r1 c1)(r2 c2)(r3 c3)(b0 b6)(b1 b5)(b2 b4)\n";

    #[test]
    fn the_square_has_eight_symmetries_and_4_queens_one_class() {
        let m = queens4();
        let s = Symmetry::parse(QUEENS4, &m).unwrap();
        assert_eq!(s.order(), 8);
        let all = dlx_core::Dlx::new(&m)
            .solve()
            .iter()
            .map(|s| s.sorted_options())
            .collect::<Vec<_>>();
        assert_eq!(all.len(), 2);
        assert_eq!(s.classes(all.iter().map(Vec::as_slice)).unwrap(), 1);
        assert_eq!(s.canonical(&all[0]).unwrap(), s.canonical(&all[1]).unwrap());
        assert_eq!(classes_by_burnside(&s, &m), (8, 1));
    }

    /// Every solution of `m`, each as its sorted options.
    fn solutions(m: &Matrix) -> Vec<Vec<usize>> {
        let mut all: Vec<Vec<usize>> = (dlx_core::Problem::new(m).solve().iter())
            .map(|s| s.sorted_options())
            .collect();
        all.sort();
        all
    }

    /// Checks that every symmetry maps each solution of `m` to a solution, and that the
    /// classes equal the orbits counted another way (Burnside: the mean number of solutions a
    /// symmetry fixes); gives the order and the classes.
    fn classes_by_burnside(s: &Symmetry, m: &Matrix) -> (usize, usize) {
        let all = solutions(m);
        let set: HashSet<&Vec<usize>> = all.iter().collect();
        let mut fixed = 0;
        for g in 0..s.order() {
            for sol in &all {
                let mut image: Vec<usize> =
                    sol.iter().map(|&o| s.group.option_image(g, o)).collect();
                image.sort_unstable();
                assert!(
                    set.contains(&image),
                    "{sol:?} maps to {image:?}, no solution"
                );
                fixed += usize::from(image == *sol);
            }
        }
        assert_eq!(fixed % s.order(), 0, "Burnside's count is whole");
        let classes = s.classes(all.iter().map(Vec::as_slice)).unwrap();
        assert_eq!(classes, fixed / s.order(), "orbits");
        (s.order(), classes)
    }

    #[test]
    fn bad_files_name_their_line() {
        let m = queens4();
        let err = |text: &str| Symmetry::parse(text, &m).unwrap_err().to_string();
        assert_eq!(err("\n(r0 x9)\n"), "line 2: `x9` is not an item");
        assert_eq!(err("(r0 r1"), "line 1: a cycle is not closed");
        assert_eq!(
            err("r0 r1"),
            "line 1: `r0` outside a cycle: write cycles like `(a b c)`"
        );
        assert_eq!(err("(r0 r1)(r1 r2)"), "line 1: item `r1` appears twice");
        assert_eq!(
            err("(r0 a0)"),
            "line 1: maps `r0` to `a0`: primary and secondary items must stay apart"
        );
        // Swapping two rows alone moves the diagonals wrongly.
        assert_eq!(
            err("(r0 r1)"),
            "line 1: the image of option 1 (`r0 c0 a0 b3`), `r1 c0 a0 b3`, is not an option"
        );
    }

    #[test]
    fn rows_the_matrix_lacks_are_errors_never_panics() {
        // A damaged record's `"rows":[[99999, ...`: named, whatever the group.
        let m = queens4();
        for text in ["", QUEENS4] {
            let s = Symmetry::parse(text, &m).unwrap();
            let e = s.canonical(&[1, 99_999]).unwrap_err().to_string();
            assert_eq!(
                e,
                "option 99999 is not an option of the matrix (it has 16, numbered from 0)"
            );
            assert!(s.canonical(&[16]).is_err() && s.canonical(&[usize::MAX]).is_err());
            assert_eq!(s.canonical(&[15, 0]).unwrap().len(), 2);
            let good: &[usize] = &[1, 7, 8, 14];
            let bad: &[usize] = &[1, 7, 8, 16];
            assert!(s.classes([good, bad]).is_err());
            assert_eq!(s.classes([good]).unwrap(), 1);
            assert_eq!(s.classes(std::iter::empty()).unwrap(), 0);
            // An item or a matrix the symmetries were not read for, likewise.
            assert!(
                s.orbits(&m, 99)
                    .unwrap_err()
                    .to_string()
                    .contains("item 99")
            );
            let other = format::parse("r0 c0\nr0 c0\n").unwrap();
            assert_eq!(
                s.orbits(&other, 0).unwrap_err().to_string(),
                "the symmetries were read for another matrix"
            );
        }
    }

    #[test]
    fn a_symmetry_keeps_bounds_and_colours() {
        // a may be covered once or twice, b once: swapping them maps a solution (a twice)
        // to a non-solution (b twice); it was taken for a symmetry, and counted 9 classes
        // among 12 solutions that no symmetry relates. (c d) keeps the bounds: 7 classes.
        let m = format::parse("1:2|a b c d\na\nb\nc\nd\na c\nb c\na d\nb d\n").unwrap();
        assert_eq!(solutions(&m).len(), 12);
        assert_eq!(
            Symmetry::parse("# swap\n(a b)\n", &m)
                .unwrap_err()
                .to_string(),
            "line 2: maps `a` (bounds [1, 2]) to `b` (bounds [1, 1]): a symmetry keeps each \
             item's bounds"
        );
        let s = Symmetry::parse("(c d)", &m).unwrap();
        assert_eq!(classes_by_burnside(&s, &m), (2, 7));
        // Two items with the same bounds may be swapped.
        let m = format::parse("2|a 2|b c\na b\na c\nb c\na\nb\n").unwrap();
        let s = Symmetry::parse("(a b)", &m).unwrap();
        assert_eq!(classes_by_burnside(&s, &m), (2, 1));
        // Colours: x and y swapped keep their colours; p and q swapped do not.
        let m = format::parse("p q | x y\np x:0\nq x:1\np y:0\nq y:1\n").unwrap();
        let s = Symmetry::parse("(x y)", &m).unwrap();
        assert_eq!(classes_by_burnside(&s, &m), (2, 1));
        assert_eq!(
            Symmetry::parse("(p q)", &m).unwrap_err().to_string(),
            "line 1: the image of option 1 (`p x:0`), `q x:0`, is not an option: an option has \
             these items with other colours"
        );
        assert_eq!(
            Symmetry::parse("(p q)(x y)", &m).unwrap_err().to_string(),
            "line 1: the image of option 1 (`p x:0`), `q y:0`, is not an option: an option has \
             these items with other colours"
        );
    }

    #[test]
    fn options_listed_twice_are_matched_copy_to_copy() {
        // a and b, each option twice: 4 solutions, and (a b) swaps them copy for copy, an
        // action of order 2 with 3 orbits (it gave 3 "symmetries" and 4 classes).
        let m = format::parse("a b\na\na\nb\nb\n").unwrap();
        let s = Symmetry::parse("(a b)", &m).unwrap();
        assert_eq!(
            (0..4)
                .map(|o| s.group.option_image(1, o))
                .collect::<Vec<_>>(),
            [2, 3, 0, 1]
        );
        assert_eq!(classes_by_burnside(&s, &m), (2, 3));
        assert_eq!(solutions(&m).len(), 4);
        // Copies in another order in the file, and a colour: the same.
        let m = format::parse("a b | x\na x:1\nb x:1\nb\na\nb x:1\na x:1\nb\na\n").unwrap();
        let s = Symmetry::parse("(a b)", &m).unwrap();
        assert_eq!(classes_by_burnside(&s, &m), (2, 10));
        // Copies that do not match in number: refused, naming the option.
        let m = format::parse("a b\na\na\nb\n").unwrap();
        assert_eq!(
            Symmetry::parse("(a b)", &m).unwrap_err().to_string(),
            "line 1: maps option 1 (`a`), listed twice, to `b`, listed once: a symmetry keeps \
             how often each option is listed"
        );
    }

    #[test]
    fn long_names_are_shortened_in_errors() {
        // A megabyte of name in a symmetry file gives a line of its first 60 characters.
        let m = queens4();
        let long = "x".repeat(1 << 20);
        let shortened = format!("{}...", "x".repeat(60));
        for text in [
            format!("(r0 {long})"),
            format!("{long} (r0 r1)"),
            format!("(r0 c0)\n(c1 {long}\u{1b})"),
        ] {
            let e = Symmetry::parse(&text, &m).unwrap_err().to_string();
            assert!(
                e.len() < 200 && e.contains(&shortened),
                "{}",
                &e[..200.min(e.len())]
            );
        }
        // Names of the matrix itself, likewise.
        let m = format::parse(&format!("{long}a {long}b\n{long}a\n{long}b\n")).unwrap();
        let e = Symmetry::parse(&format!("({long}a {long}b)\n({long}a)"), &m);
        let s = e.unwrap();
        let e = s.orbits(&m, 0).unwrap_err().to_string();
        assert!(
            e.len() < 200 && e.starts_with("item `xxx"),
            "{}",
            &e[..200.min(e.len())]
        );
        let m = format::parse(&format!("{long}a {long}b | y\n{long}a y:0\n{long}b\n")).unwrap();
        let e = Symmetry::parse(&format!("({long}a {long}b)"), &m).unwrap_err();
        assert!(e.to_string().len() < 300, "{}", e.to_string().len());
    }

    #[test]
    fn orbits_need_an_item_every_symmetry_fixes() {
        // Dominoes in a 1x4 strip with a piece item D: D's three places, two orbits.
        let m = format::parse("D a b c d\nD a b\nD b c\nD c d\n").unwrap();
        let s = Symmetry::parse("(a d)(b c)", &m).unwrap();
        assert_eq!(s.orbits(&m, 0).unwrap(), vec![vec![0, 2], vec![1]]);
        assert_eq!(
            s.orbits(&m, 1).unwrap_err().to_string(),
            "item `a` is moved by the symmetry on line 1: split by an item every symmetry fixes"
        );
    }
}
