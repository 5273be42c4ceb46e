//! Solutions counted up to symmetry ([`Solve::classes`]) by searching one representative of
//! each orbit of a piece's places, as the paper counts the pentomino rectangles with the X
//! held in one quarter of the board.
//!
//! Take an item that every solution covers exactly once and every symmetry fixes (a piece).
//! Its options fall into orbits under the group; every class of solutions has members with
//! the piece at any given place of an orbit it meets, so choosing one option `r` of each
//! orbit first and searching the rest counts each class once, *if* no symmetry other than
//! the identity maps `r` to itself. When some do (the piece lies on a mirror line, or at the
//! centre), they form a smaller group, under which the solutions with `r` are again counted
//! by classes: split by a second piece, and so on. Where no piece is left to split by, the
//! solutions of the subcase are visited and each is counted only if it is the least of its
//! images (the subgroup is small by then). The solutions in all are the classes, each
//! weighed by the group's order over the number of symmetries that map it to itself.

use std::ops::ControlFlow;
use std::sync::Mutex;

use crate::dlx::FixError;
use crate::engine::Engine;
use crate::matrix::{ItemId, OptionId};
use crate::solve::Solve;
use crate::stats::Stats;
use crate::symmetry::{Symmetries, SymmetryError};

/// What a count by classes found ([`Solve::classes`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Classes {
    /// The classes of solutions: solutions that no symmetry maps to one another.
    pub classes: u64,
    /// The classes that a symmetry other than the identity maps onto themselves (they have
    /// fewer members than the group has symmetries).
    pub symmetric: u64,
    /// Every solution: each class counted with its members.
    pub solutions: u64,
    /// The order of the group.
    pub group: usize,
    /// The figures of the runs made, added up level by level as [`Stats::merge`] adds a
    /// search's parts: the root counted once. (A campaign's subcases, added by
    /// `dlx-campaign`, count a root each: the same runs there have one node more a subcase.)
    pub stats: Stats,
    /// Where the search was restricted to orbit representatives, outermost first.
    pub splits: Vec<Split>,
    /// The solutions visited and compared with their images, in subcases where no item was
    /// left to split by.
    pub compared: u64,
}

/// One restriction of a count by classes: an item's options cut down to one of each orbit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The options chosen before it (empty for the first split): its subcase.
    pub within: Vec<OptionId>,
    /// The item whose options were restricted.
    pub item: ItemId,
    /// The order of the symmetry group that applies in the subcase.
    pub group: usize,
    /// The item's options that can join the subcase.
    pub options: usize,
    /// The orbits among them: the options kept.
    pub orbits: usize,
    /// The orbits whose option some symmetry other than the identity maps to itself: those
    /// subcases are split again, or their solutions compared with their images.
    pub fixed: usize,
}

/// Why a count by classes cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClassesError {
    /// A shard, a subtree or a limit: classes are counted over the whole tree.
    #[error("classes are counted over the whole search: no shard, subtree or limit")]
    NotWhole,
    /// The matrix has option costs, which a count ignores ([`Solve::min_cost`] reads them).
    #[error("the matrix has option costs, which a count by classes would ignore")]
    Costs,
    /// The group was made for another matrix: another number of options, or an option with
    /// other items (its permutations would map this matrix's options wrongly,
    /// and the count would be wrong without a word).
    #[error("the symmetries were found for another matrix: {why}")]
    OtherMatrix {
        /// Where the two matrices differ, in words.
        why: String,
    },
    /// The options fixed beforehand clash.
    #[error(transparent)]
    Fixed(#[from] FixError),
    /// A solution that names an option the group does not know.
    #[error(transparent)]
    Symmetry(#[from] SymmetryError),
}

impl<E: Engine> Solve<'_, E> {
    /// Counts the solutions up to the symmetries `group` (of the matrix this search runs on),
    /// searching only as much as it must: see [`crate::classes`]. Threads, the rule, an
    /// observer and an interrupt apply to every run it makes; a shard, a subtree or a limit
    /// is refused. Options fixed beforehand stay chosen, and only the symmetries that map
    /// each of them to itself apply.
    ///
    /// ```
    /// use dlx_core::{format, symmetry::Symmetries, Problem};
    ///
    /// // Dominoes on a 2x2 square (cells `rc`), under the square's 8 symmetries (read as
    /// // where each cell goes): 2 tilings, one class.
    /// let m = format::parse("00 01 10 11\n00 01\n10 11\n00 10\n01 11\n")?;
    /// let turn = vec![1, 3, 0, 2]; // a quarter turn
    /// let flip = vec![1, 0, 3, 2]; // a mirror
    /// let group = Symmetries::new(&m, [turn, flip])?;
    /// let found = Problem::new(&m).solve().classes(&group)?;
    /// assert_eq!((found.group, found.classes, found.solutions, found.symmetric), (8, 1, 2, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn classes(self, group: &Symmetries) -> Result<Classes, ClassesError> {
        self.count_classes(group, None)
    }

    /// [`Solve::classes`], handing `each` one member of every class as it is found (from any
    /// thread, one call at a time): its options, sorted, those fixed beforehand included.
    /// Every class is handed over once, so a puzzle designer sees each distinct solution;
    /// on several threads they come in no set order.
    ///
    /// ```
    /// use dlx_core::{format, symmetry::Symmetries, Problem};
    ///
    /// // Dominoes on a 2x3 rectangle (cells `rc`): 3 tilings, 2 classes under its 4
    /// // symmetries (three upright; two flat over one upright, which a mirror turns over).
    /// let m = format::parse(
    ///     "00 01 02 10 11 12\n00 10\n01 11\n02 12\n00 01\n01 02\n10 11\n11 12\n",
    /// )?;
    /// let turn = vec![5, 4, 3, 2, 1, 0]; // a half turn
    /// let flip = vec![2, 1, 0, 5, 4, 3]; // left to right
    /// let group = Symmetries::new(&m, [turn, flip])?;
    /// let mut members = Vec::new();
    /// let found = Problem::new(&m).solve().classes_with(&group, |s| members.push(s.to_vec()))?;
    /// assert_eq!((found.classes, found.solutions), (2, 3));
    /// assert_eq!(members.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn classes_with(
        self,
        group: &Symmetries,
        mut each: impl FnMut(&[OptionId]) + Send,
    ) -> Result<Classes, ClassesError> {
        let each: Each<'_> = Mutex::new(&mut each);
        self.count_classes(group, Some(&each))
    }

    /// [`Solve::classes`], handing each class's member to `each` if given.
    fn count_classes(
        mut self,
        group: &Symmetries,
        each: Option<&Each<'_>>,
    ) -> Result<Classes, ClassesError> {
        if self.has_costs() {
            return Err(ClassesError::Costs);
        }
        let (fixed, whole) = self.whole_fixed();
        if !whole {
            return Err(ClassesError::NotWhole);
        }
        if let Some(why) = group.differs_from(&self.option_items()) {
            return Err(ClassesError::OtherMatrix { why });
        }
        if let Some(&o) = fixed.iter().find(|&&o| o >= group.option_count()) {
            return Err(FixError::NoSuchOption(o).into());
        }
        let stabiliser: Vec<usize> = (0..group.order())
            .filter(|&g| fixed.iter().all(|&o| group.option_image(g, o) == o))
            .collect();
        let mut out = Classes {
            classes: 0,
            symmetric: 0,
            solutions: 0,
            group: group.order(),
            stats: Stats {
                complete: true,
                ..Stats::default()
            },
            splits: Vec::new(),
            compared: 0,
        };
        let mut count = Count {
            group,
            out: &mut out,
            each,
        };
        count.subcase(&mut self, fixed, &stabiliser)?;
        Ok(out)
    }
}

/// Where a count by classes hands over one member of each class.
type Each<'e> = Mutex<&'e mut (dyn FnMut(&[OptionId]) + Send)>;

/// The state of a count by classes.
struct Count<'g, 'o, 'r, 'e> {
    group: &'g Symmetries,
    out: &'o mut Classes,
    each: Option<&'r Each<'e>>,
}

/// Hands `options` (sorted) to `each`.
fn hand(each: &Each<'_>, options: &[OptionId]) {
    // The lock holds no state of its own: after a panic in `each` on one thread, the others
    // go on handing members over until the panic reaches the join, as a run's visitor does.
    let mut each = each.lock().unwrap_or_else(|e| e.into_inner());
    (*each)(options);
}

impl Count<'_, '_, '_, '_> {
    /// Counts the classes, under the symmetries `sub` (those fixing each option of
    /// `fixed`), of the solutions that contain `fixed`.
    fn subcase<E: Engine>(
        &mut self,
        solve: &mut Solve<'_, E>,
        fixed: Vec<OptionId>,
        sub: &[usize],
    ) -> Result<(), ClassesError> {
        if !self.out.stats.complete {
            return Ok(());
        }
        let order = self.group.order() as u64;
        if sub.len() == 1 {
            // No symmetry left: every solution is a class of its own, with a member for
            // each symmetry of the whole group.
            let found = match self.each {
                None => run(solve, fixed, None)?,
                Some(each) => {
                    let mut visit = |s: &crate::Solution| {
                        let mut options = fixed.clone();
                        options.extend(s.rows.iter().map(|r| r.option));
                        options.sort_unstable();
                        hand(each, &options);
                        ControlFlow::Continue(())
                    };
                    run(solve, fixed.clone(), Some(&mut visit))?
                }
            };
            let Some(stats) = found else {
                return Ok(());
            };
            self.out.classes += stats.solutions;
            self.out.solutions += stats.solutions * order;
            self.out.stats.merge(&stats);
            return Ok(());
        }
        let Some((item, orbits, options)) = self.group.split_item(&fixed, sub) else {
            return self.compare(solve, fixed, sub);
        };
        let mut split = Split {
            within: fixed.clone(),
            item,
            group: sub.len(),
            options,
            orbits: orbits.len(),
            fixed: 0,
        };
        let at = self.out.splits.len();
        self.out.splits.push(split.clone());
        for orbit in orbits {
            let r = orbit[0];
            let stays: Vec<usize> = (sub.iter().copied())
                .filter(|&g| self.group.option_image(g, r) == r)
                .collect();
            if stays.len() > 1 {
                split.fixed += 1;
            }
            let mut with = fixed.clone();
            with.push(r);
            self.subcase(solve, with, &stays)?;
        }
        self.out.splits[at] = split;
        Ok(())
    }

    /// Counts the classes of a subcase with symmetries left but no item to split by: each
    /// solution is counted when it is the least of its images under `sub`.
    fn compare<E: Engine>(
        &mut self,
        solve: &mut Solve<'_, E>,
        fixed: Vec<OptionId>,
        sub: &[usize],
    ) -> Result<(), ClassesError> {
        let group = self.group;
        let order = group.order() as u64;
        // (classes, symmetric, solutions, compared, the first error)
        let tally = Mutex::new((0u64, 0u64, 0u64, 0u64, None::<SymmetryError>));
        let mut visit = |s: &crate::Solution| {
            let mut options: Vec<OptionId> = fixed.clone();
            options.extend(s.rows.iter().map(|r| r.option));
            options.sort_unstable();
            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
            t.3 += 1;
            match group.canonical_among(&options, sub.iter().copied()) {
                Ok(least) if least == options => {
                    let stays = (sub.iter())
                        .filter(|&&g| {
                            let mut image: Vec<OptionId> =
                                options.iter().map(|&o| group.option_image(g, o)).collect();
                            image.sort_unstable();
                            image == options
                        })
                        .count() as u64;
                    t.0 += 1;
                    t.1 += u64::from(stays > 1);
                    t.2 += order / stays;
                    if let Some(each) = self.each {
                        hand(each, &options);
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    t.4.get_or_insert(e);
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        };
        let stats = run(solve, fixed.clone(), Some(&mut visit))?;
        let (classes, symmetric, solutions, compared, error) =
            tally.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = error {
            return Err(e.into());
        }
        if let Some(stats) = stats {
            self.out.classes += classes;
            self.out.symmetric += symmetric;
            self.out.solutions += solutions;
            self.out.compared += compared;
            self.out.stats.merge(&stats);
        }
        Ok(())
    }
}

/// One run with `fixed` chosen first: `None` when they cannot be chosen together (no
/// solution), an error when an option does not exist.
fn run<E: Engine>(
    solve: &mut Solve<'_, E>,
    fixed: Vec<OptionId>,
    visit: Option<&mut crate::engine::Visitor<'_>>,
) -> Result<Option<Stats>, ClassesError> {
    match solve.run_fixed(fixed, visit) {
        Ok(stats) => Ok(Some(stats)),
        Err(FixError::Clash { .. } | FixError::Excluded(_) | FixError::NoPrimaryItem(_)) => {
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Matrix, Problem, format};

    #[test]
    fn each_class_is_handed_over_once_as_one_of_its_solutions() {
        for n in 4..=8 {
            let m = queens(n);
            let turn = lines_map(&m, n, |r, c| (c, n - 1 - r));
            let mirror = lines_map(&m, n, |r, c| (r, n - 1 - c));
            let group = Symmetries::new(&m, [turn, mirror]).unwrap();
            let mut problem = Problem::new(&m);
            let all: std::collections::HashSet<Vec<OptionId>> =
                problem.solve().iter().map(|s| s.sorted_options()).collect();
            let classes: std::collections::HashSet<_> =
                (all.iter()).map(|s| group.canonical(s).unwrap()).collect();
            for threads in [1, 2] {
                let mut members = Vec::new();
                let found = (problem.solve().threads(threads))
                    .classes_with(&group, |s| members.push(s.to_vec()))
                    .unwrap();
                assert_eq!(found, problem.solve().classes(&group).unwrap());
                assert_eq!(members.len() as u64, found.classes, "n = {n}");
                // Each a solution, sorted, and of a class of its own: all the classes.
                let seen: std::collections::HashSet<_> = (members.iter())
                    .map(|s| {
                        assert!(all.contains(s), "n = {n}: {s:?} is not a solution");
                        group.canonical(s).unwrap()
                    })
                    .collect();
                assert_eq!(seen, classes, "n = {n}, {threads} threads");
            }
        }
    }

    #[test]
    fn queens_on_small_boards_have_the_known_numbers_of_classes() {
        // Classes of n queens under the square's symmetries: 1, 0, 0, 1, 2, 1, 6, 12 (OEIS
        // A002562); solutions 1, 0, 0, 2, 10, 4, 40, 92 (A000170).
        let want = [
            (1, 1),
            (0, 0),
            (0, 0),
            (1, 2),
            (2, 10),
            (1, 4),
            (6, 40),
            (12, 92),
        ];
        for (n, &(classes, solutions)) in (1..=8).zip(&want) {
            let m = queens(n);
            // One queen's lines are all alike: the group of 1x1 is left trivial.
            let group = if n == 1 {
                Symmetries::trivial(&m)
            } else {
                let turn = lines_map(&m, n, |r, c| (c, n - 1 - r));
                let mirror = lines_map(&m, n, |r, c| (r, n - 1 - c));
                Symmetries::new(&m, [turn, mirror]).unwrap()
            };
            assert_eq!(group.order(), if n == 1 { 1 } else { 8 }, "n = {n}");
            let mut problem = Problem::new(&m);
            let found = problem.solve().classes(&group).unwrap();
            assert_eq!(
                (found.classes, found.solutions),
                (classes, solutions),
                "n = {n}"
            );
            // The same classes when every solution is compared with its images.
            let forms: std::collections::HashSet<_> = (problem.solve().iter())
                .map(|s| group.canonical(&s.sorted_options()).unwrap())
                .collect();
            assert_eq!(forms.len() as u64, classes, "n = {n}");
            // Threads change no figure.
            let threaded = problem.solve().threads(2).classes(&group).unwrap();
            assert_eq!(
                (threaded.classes, threaded.stats),
                (found.classes, found.stats)
            );
        }
    }

    #[test]
    fn a_piece_on_the_axis_is_split_again() {
        // A strip of 5 cells, a 3-long piece `T` and two 1-long pieces `A` `B`, and its
        // mirror: 6 solutions, 3 classes, none symmetric. T in the middle is fixed by the
        // mirror, so that subcase is split by A.
        let mut text = String::from("T A B c0 c1 c2 c3 c4\n");
        for p in 0..3 {
            text += &format!("T c{} c{} c{}\n", p, p + 1, p + 2);
        }
        for piece in ["A", "B"] {
            for p in 0..5 {
                text += &format!("{piece} c{p}\n");
            }
        }
        let m = format::parse(&text).unwrap();
        let mirror = |x: usize| (x >= 3).then(|| 3 + (7 - x));
        let group = Symmetries::find(&m, [(0..m.items().len()).map(mirror).collect()]).unwrap();
        assert_eq!(group.order(), 2);
        let found = Problem::new(&m).solve().classes(&group).unwrap();
        assert_eq!((found.classes, found.solutions, found.symmetric), (3, 6, 0));
        let splits: Vec<_> = (found.splits.iter())
            .map(|s| (s.within.clone(), s.item, s.orbits, s.fixed))
            .collect();
        assert_eq!(splits, [(vec![], 0, 2, 1), (vec![1], 1, 1, 0)]);
        assert_eq!(found.compared, 0);
        // A shard or a limit is refused.
        let refused = Problem::new(&m).solve().limit(1).classes(&group);
        assert_eq!(refused.unwrap_err(), ClassesError::NotWhole);
    }

    /// A group is of one matrix: given another (the same number of options, other items)
    /// it is refused by name, not used to count wrong classes; an option of secondary items
    /// only (which the searches never choose) does not make its own matrix another.
    #[test]
    fn a_group_of_another_matrix_is_refused() {
        let m = format::parse("00 01 10 11\n00 01\n10 11\n00 10\n01 11\n").unwrap();
        let group = Symmetries::new(&m, [vec![1, 3, 0, 2], vec![1, 0, 3, 2]]).unwrap();
        let other = format::parse("p q r s\np q r s\np\nq r s\np q\n").unwrap();
        let e = Problem::new(&other).solve().classes(&group).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the symmetries were found for another matrix: option 0 holds other items"
        );
        let fewer = format::parse("00 01 10 11\n00 01\n10 11\n").unwrap();
        let e = Problem::new(&fewer).solve().classes(&group).unwrap_err();
        assert!(e.to_string().ends_with("4 options, this one has 2"), "{e}");
        let with_secondary = format::parse("a b | x\na\nb\nx\na b x\n").unwrap();
        let swap = Symmetries::new(&with_secondary, [vec![1, 0, 2]]).unwrap();
        let found = Problem::new(&with_secondary)
            .solve()
            .classes(&swap)
            .unwrap();
        assert_eq!((found.classes, found.solutions), (2, 2));
    }

    /// n queens: rows `r*` and columns `c*` primary, diagonals secondary.
    fn queens(n: usize) -> Matrix {
        let mut text: String = (0..n).map(|r| format!("r{r} ")).collect();
        text.extend((0..n).map(|c| format!("c{c} ")));
        text += "|";
        text.extend((0..2 * n - 1).map(|d| format!(" a{d} b{d}")));
        text += "\n";
        for r in 0..n {
            for c in 0..n {
                text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
            }
        }
        format::parse(&text).unwrap()
    }

    /// The map of the items of n queens under a motion of the board: each line (row, column,
    /// diagonal) goes to the line of as many cells that holds the images of all its cells.
    fn lines_map(
        m: &Matrix,
        n: usize,
        cell: impl Fn(usize, usize) -> (usize, usize),
    ) -> Vec<usize> {
        let cells_of =
            |x: usize| -> Vec<usize> { (0..n * n).filter(|&o| m.option(o).contains(&x)).collect() };
        (0..m.items().len())
            .map(|x| {
                let images: Vec<usize> = (cells_of(x).into_iter())
                    .map(|o| {
                        let (r, c) = cell(o / n, o % n);
                        r * n + c
                    })
                    .collect();
                (0..m.items().len())
                    .find(|&y| {
                        m.item(y).kind == m.item(x).kind
                            && cells_of(y).len() == images.len()
                            && images.iter().all(|&o| m.option(o).contains(&y))
                    })
                    .expect("a line")
            })
            .collect()
    }
}
