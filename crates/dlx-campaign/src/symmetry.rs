//! A problem's symmetries, declared as permutations of its items, so that a campaign can
//! count classes of solutions rather than solutions, and split by the places of one piece.
//!
//! A symmetry file has one generator a line, in cycle notation over item names, `#` lines
//! being comments: `(r1 r8)(r2 r7)` swaps r1 with r8 and r2 with r7 and fixes every other
//! item. Each generator must map every option to an option (with the same colours) and
//! primary items to primary ones; the group they generate is closed here, as permutations
//! of the options.
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
//! assert_eq!(s.classes([&[0usize, 2][..]]), 1);
//! assert_eq!(s.canonical(&[2, 0]), vec![0, 2]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{HashMap, HashSet};
use std::path::Path;

use dlx_core::Matrix;

/// The most symmetries a file may generate (a cube has 48; a file that generates more is
/// almost surely a mistake, and each costs a pass over every solution).
pub const MAX_ORDER: usize = 10_000;

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
        "item `{item}` is moved by the symmetry on line {line}: split by an item every symmetry fixes"
    )]
    Moved {
        /// The item.
        item: String,
        /// The generator's line.
        line: usize,
    },
}

/// The symmetries of a problem, as permutations of its options.
#[derive(Debug, Clone)]
pub struct Symmetry {
    /// Every element of the group, the identity first: `elements[g][o]` is the image of
    /// option o.
    elements: Vec<Vec<u32>>,
    /// Each generator as a permutation of the items, with its line.
    generators: Vec<(usize, Vec<usize>)>,
}

/// An option as the set of its entries (item, colour), whatever their order in the file.
fn key(m: &Matrix, option: usize, image: impl Fn(usize) -> usize) -> Vec<(usize, Option<&str>)> {
    let mut k: Vec<(usize, Option<&str>)> = (m.option(option).iter().enumerate())
        .map(|(i, &item)| (image(item), m.colour(option, i)))
        .collect();
    k.sort_unstable();
    k
}

impl Symmetry {
    /// Reads the generators in `text` (cycle notation over `matrix`'s item names, one a
    /// line) and closes the group they generate.
    pub fn parse(text: &str, matrix: &Matrix) -> Result<Symmetry, SymmetryError> {
        let items = matrix.items().len();
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
                        let item = matrix
                            .find_item(name)
                            .ok_or_else(|| bad(format!("`{name}` is not an item")))?;
                        if std::mem::replace(&mut seen[item], true) {
                            return Err(bad(format!("item `{name}` appears twice")));
                        }
                        c.push(item);
                    }
                    (name, None) => {
                        return Err(bad(format!(
                            "`{name}` outside a cycle: write cycles like `(a b c)`"
                        )));
                    }
                }
            }
            if cycle.is_some() {
                return Err(bad("a cycle is not closed".into()));
            }
            let primary = |x: usize| x < matrix.primary_count();
            if let Some(x) = (0..items).find(|&x| primary(x) != primary(perm[x])) {
                return Err(bad(format!(
                    "maps `{}` to `{}`: primary and secondary items must stay apart",
                    matrix.item(x).name,
                    matrix.item(perm[x]).name
                )));
            }
            generators.push((line, perm));
        }
        let index: HashMap<_, usize> = (0..matrix.options().len())
            .map(|o| (key(matrix, o, |x| x), o))
            .collect();
        let mut moves = Vec::new();
        for (line, perm) in &generators {
            let mut image = Vec::with_capacity(matrix.options().len());
            for o in 0..matrix.options().len() {
                let target =
                    index
                        .get(&key(matrix, o, |x| perm[x]))
                        .ok_or_else(|| SymmetryError::Line {
                            line: *line,
                            reason: format!(
                                "the image of option {} (`{}`) is not an option",
                                o + 1,
                                matrix.option_text_from(o, 0).join(" ")
                            ),
                        })?;
                image.push(*target as u32);
            }
            moves.push(image);
        }
        let identity: Vec<u32> = (0..matrix.options().len() as u32).collect();
        let mut elements = vec![identity.clone()];
        let mut known: HashSet<Vec<u32>> = HashSet::from([identity]);
        let mut next = 0;
        while next < elements.len() {
            for m in &moves {
                let product: Vec<u32> = elements[next].iter().map(|&o| m[o as usize]).collect();
                if known.insert(product.clone()) {
                    if elements.len() == MAX_ORDER {
                        return Err(SymmetryError::TooLarge);
                    }
                    elements.push(product);
                }
            }
            next += 1;
        }
        Ok(Symmetry {
            elements,
            generators,
        })
    }

    /// Reads `symmetry.txt` from a campaign folder, if it has one.
    pub fn read_from(dir: &Path, matrix: &Matrix) -> Result<Option<Symmetry>, String> {
        let path = dir.join(SYMMETRY_FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => Symmetry::parse(&text, matrix)
                .map(Some)
                .map_err(|e| format!("{}: {e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// The number of symmetries, the identity included.
    pub fn order(&self) -> usize {
        self.elements.len()
    }

    /// The least image (as a sorted list of options) of a solution under the symmetries:
    /// two solutions are in one class exactly when their canonical forms are equal.
    pub fn canonical(&self, options: &[usize]) -> Vec<usize> {
        let mut best: Option<Vec<usize>> = None;
        let mut image = Vec::with_capacity(options.len());
        for g in &self.elements {
            image.clear();
            image.extend(options.iter().map(|&o| g[o] as usize));
            image.sort_unstable();
            if best.as_ref().is_none_or(|b| image < *b) {
                best = Some(image.clone());
            }
        }
        best.unwrap_or_default()
    }

    /// The number of classes among `solutions` (each a list of options).
    pub fn classes<'a>(&self, solutions: impl IntoIterator<Item = &'a [usize]>) -> usize {
        let forms: HashSet<Vec<usize>> = solutions.into_iter().map(|s| self.canonical(s)).collect();
        forms.len()
    }

    /// The options of `item` in orbits under the symmetries, each orbit sorted and the
    /// orbits by their least option: the subcases of a split by that item's places. Every
    /// symmetry must fix the item.
    pub fn orbits(&self, matrix: &Matrix, item: usize) -> Result<Vec<Vec<usize>>, SymmetryError> {
        if let Some((line, _)) = self.generators.iter().find(|(_, p)| p[item] != item) {
            return Err(SymmetryError::Moved {
                item: matrix.item(item).name.clone(),
                line: *line,
            });
        }
        let mut placed = HashSet::new();
        let mut orbits = Vec::new();
        for o in (0..matrix.options().len()).filter(|&o| matrix.option(o).contains(&item)) {
            if placed.contains(&o) {
                continue;
            }
            let mut orbit: Vec<usize> = self.elements.iter().map(|g| g[o] as usize).collect();
            orbit.sort_unstable();
            orbit.dedup();
            placed.extend(orbit.iter().copied());
            orbits.push(orbit);
        }
        Ok(orbits)
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
        assert_eq!(s.classes(all.iter().map(Vec::as_slice)), 1);
        assert_eq!(s.canonical(&all[0]), s.canonical(&all[1]));
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
            "line 1: the image of option 1 (`r0 c0 a0 b3`) is not an option"
        );
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
