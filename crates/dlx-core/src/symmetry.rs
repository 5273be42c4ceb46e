//! The symmetries of a problem: permutations of its items that map every option to an
//! option, and so every solution to a solution. Two solutions are *essentially the same*
//! when one of them maps the other; [`Solve::classes`](crate::Solve::classes) counts the
//! classes without searching every member of each.
//!
//! A symmetry is given as a map of the items ([`Symmetries::new`]), or found: a domain names
//! where the cells go under each motion of its grid, and [`Symmetries::find`] works out the
//! rest (a piece's item goes to the item whose placements are the moved placements: itself,
//! or its mirror image in a one-sided set) and keeps the motions that are symmetries of the
//! problem (a board that a turn maps onto itself, but a piece set that it does not, loses
//! that turn). Options listed more than once are matched copy to copy, so that every
//! symmetry permutes the options and the classes are orbits of a group.
//!
//! ```
//! use dlx_core::{format, symmetry::Symmetries};
//!
//! // Two dominoes in a row of four cells, and the row's reflection.
//! let m = format::parse("a b c d\na b\nb c\nc d\n")?;
//! let s = Symmetries::new(&m, [vec![3, 2, 1, 0]])?;
//! assert_eq!(s.order(), 2);
//! // {ab, cd} is its own mirror image.
//! assert_eq!(s.canonical(&[2, 0])?, vec![0, 2]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{HashMap, HashSet};

use crate::matrix::{ItemId, ItemKind, Matrix, Multiplicity, OptionId, shown};

/// The most symmetries a group may have (a cube has 48; more is almost surely a mistake, and
/// each costs a pass over every solution that is canonicalised).
pub const MAX_ORDER: usize = 10_000;

/// Why maps of the items are not symmetries of a problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SymmetryError {
    /// Map `map` (0-based, in the order given) is not a symmetry.
    #[error("map {map}: {reason}")]
    NotASymmetry {
        /// Which map.
        map: usize,
        /// What is wrong, in a sentence.
        reason: String,
    },
    /// The maps generate too large a group.
    #[error("the maps generate more than {MAX_ORDER} symmetries")]
    TooLarge,
    /// A solution names an option the matrix does not have.
    #[error("option {option} is not an option of the matrix (it has {options}, numbered from 0)")]
    NoOption {
        /// The option given.
        option: usize,
        /// How many options the matrix has.
        options: usize,
    },
}

/// A group of symmetries of one matrix, every element as a permutation of its items and of
/// its options, the identity first.
#[derive(Debug, Clone)]
pub struct Symmetries {
    /// `items[g][x]`: the image of item x under element g.
    items: Vec<Vec<u32>>,
    /// `options[g][o]`: the image of option o under element g.
    options: Vec<Vec<u32>>,
    /// The options of each item that every solution covers exactly once (primary, bounds
    /// `[1, 1]`); empty for the others. A search by classes splits by these.
    covers: Vec<Vec<u32>>,
    /// The items of each option.
    entries: Vec<Vec<u32>>,
}

/// An option as the set of its entries (item, colour), whatever their order.
type Key<'m> = Vec<(usize, Option<&'m str>)>;

fn key<'m>(m: &'m Matrix, option: usize, image: impl Fn(usize) -> usize) -> Key<'m> {
    let mut k: Key<'m> = (m.option(option).iter().enumerate())
        .map(|(i, &item)| (image(item), m.colour(option, i)))
        .collect();
    k.sort_unstable();
    k
}

/// `once`, `twice`, `3 times`.
fn times(n: usize) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// The options of a matrix by their entries, copies in the order they come, ready to match
/// the images of options under a map.
struct Index<'m> {
    matrix: &'m Matrix,
    by_key: HashMap<Key<'m>, Vec<usize>>,
    /// Which copy of its entries each option is.
    copy: Vec<usize>,
}

impl<'m> Index<'m> {
    fn new(matrix: &'m Matrix) -> Self {
        let mut by_key: HashMap<_, Vec<usize>> = HashMap::new();
        let mut copy = Vec::with_capacity(matrix.options().len());
        for o in 0..matrix.options().len() {
            let copies = by_key.entry(key(matrix, o, |x| x)).or_default();
            copy.push(copies.len());
            copies.push(o);
        }
        Index {
            matrix,
            by_key,
            copy,
        }
    }

    /// The options' images under the item map `perm`, or why it is not a symmetry.
    fn images(&self, perm: &[usize]) -> Result<Vec<u32>, String> {
        let m = self.matrix;
        let name = |x: usize| shown(&m.item(x).name);
        for (x, &y) in perm.iter().enumerate() {
            let (from, to) = (m.item(x), m.item(y));
            if from.kind != to.kind {
                return Err(format!(
                    "maps `{}` to `{}`: primary and secondary items must stay apart",
                    name(x),
                    name(y)
                ));
            }
            let (a, b) = (from.multiplicity, to.multiplicity);
            if a != b {
                return Err(format!(
                    "maps `{}` (bounds [{}, {}]) to `{}` (bounds [{}, {}]): a symmetry keeps \
                     each item's bounds",
                    name(x),
                    a.lower,
                    a.upper,
                    name(y),
                    b.lower,
                    b.upper
                ));
            }
        }
        let text = |o: usize| shown(&m.option_text_from(o, 0).join(" "));
        let mut image = Vec::with_capacity(self.copy.len());
        for o in 0..self.copy.len() {
            let k = key(m, o, |x| perm[x]);
            if let Some(&target) = self.by_key.get(&k).and_then(|c| c.get(self.copy[o])) {
                image.push(target as u32);
                continue;
            }
            let mapped: Vec<String> = (m.option(o).iter().enumerate())
                .map(|(i, &x)| match m.colour(o, i) {
                    Some(c) => format!("{}:{c}", m.item(perm[x]).name),
                    None => m.item(perm[x]).name.clone(),
                })
                .collect();
            let mapped = shown(&mapped.join(" "));
            return Err(if let Some(copies) = self.by_key.get(&k) {
                let own = &self.by_key[&key(m, o, |x| x)];
                format!(
                    "maps option {} (`{}`), listed {}, to `{mapped}`, listed {}: a symmetry \
                     keeps how often each option is listed",
                    own[0] + 1,
                    text(o),
                    times(own.len()),
                    times(copies.len()),
                )
            } else {
                let shape = |e: &Key<'_>| e.iter().map(|&(x, _)| x).collect::<Vec<_>>();
                let recoloured = self.by_key.keys().any(|p| shape(p) == shape(&k));
                format!(
                    "the image of option {} (`{}`), `{mapped}`, is not an option{}",
                    o + 1,
                    text(o),
                    if recoloured {
                        ": an option has these items with other colours"
                    } else {
                        ""
                    }
                )
            });
        }
        Ok(image)
    }
}

impl Symmetries {
    /// The group with the identity alone.
    pub fn trivial(matrix: &Matrix) -> Symmetries {
        let mut covers = vec![Vec::new(); matrix.items().len()];
        for (o, opt) in matrix.options().iter().enumerate() {
            for &x in opt {
                let item = matrix.item(x);
                if item.kind == ItemKind::Primary && item.multiplicity == Multiplicity::ONCE {
                    covers[x].push(o as u32);
                }
            }
        }
        Symmetries {
            items: vec![(0..matrix.items().len() as u32).collect()],
            options: vec![(0..matrix.options().len() as u32).collect()],
            covers,
            entries: (matrix.options().iter())
                .map(|o| o.iter().map(|&x| x as u32).collect())
                .collect(),
        }
    }

    /// The group generated by `maps`, each the image of every item in turn; an error names
    /// the first map that is not a permutation of the items or not a symmetry of `matrix`.
    pub fn new<I>(matrix: &Matrix, maps: I) -> Result<Symmetries, SymmetryError>
    where
        I: IntoIterator<Item = Vec<ItemId>>,
    {
        let index = Index::new(matrix);
        let items = matrix.items().len();
        let mut generators = Vec::new();
        for (map, perm) in maps.into_iter().enumerate() {
            let bad = |reason: String| SymmetryError::NotASymmetry { map, reason };
            if perm.len() != items {
                return Err(bad(format!(
                    "names {} images for {items} items",
                    perm.len()
                )));
            }
            let mut hit = vec![false; items];
            for &y in &perm {
                if y >= items || std::mem::replace(&mut hit[y], true) {
                    return Err(bad("is not a permutation of the items".into()));
                }
            }
            let options = index.images(&perm).map_err(bad)?;
            generators.push((perm.iter().map(|&y| y as u32).collect(), options));
        }
        Self::close(matrix, generators)
    }

    /// The symmetries among `motions` (each naming the images of some items: a domain's cells
    /// under a motion of its grid), each completed by matching the other items: an item not
    /// named goes to the unnamed item whose options are its options moved (the same piece, or
    /// its mirror image). A motion that cannot be completed into a symmetry is dropped; the
    /// group is the one the rest generate (the identity alone if none is left).
    pub fn find<I>(matrix: &Matrix, motions: I) -> Result<Symmetries, SymmetryError>
    where
        I: IntoIterator<Item = Vec<Option<ItemId>>>,
    {
        let index = Index::new(matrix);
        let n = matrix.items().len();
        let mut item_options: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (o, opt) in matrix.options().iter().enumerate() {
            for &x in opt {
                item_options[x].push(o);
            }
        }
        let mut generators = Vec::new();
        for partial in motions {
            if partial.len() != n {
                continue;
            }
            let named: Vec<bool> = partial.iter().map(Option::is_some).collect();
            // An unnamed item's signature: its options' named entries, moved or not.
            let signature = |x: usize, moved: bool| {
                let mut s: Vec<Key<'_>> = (item_options[x].iter())
                    .map(|&o| {
                        let mut k: Key<'_> = (matrix.option(o).iter().enumerate())
                            .filter(|&(_, &y)| named[y])
                            .map(|(i, &y)| {
                                let y = if moved { partial[y].expect("named") } else { y };
                                (y, matrix.colour(o, i))
                            })
                            .collect();
                        k.sort_unstable();
                        k
                    })
                    .collect();
                s.sort_unstable();
                s
            };
            let mut free: HashMap<Vec<Key<'_>>, Vec<usize>> = HashMap::new();
            for x in (0..n).rev().filter(|&x| !named[x]) {
                free.entry(signature(x, false)).or_default().push(x);
            }
            let mut perm = Vec::with_capacity(n);
            let mut complete = true;
            for (x, &to) in partial.iter().enumerate() {
                match to {
                    Some(y) => perm.push(y),
                    None => match free.get_mut(&signature(x, true)).and_then(Vec::pop) {
                        Some(y) => perm.push(y),
                        None => {
                            complete = false;
                            break;
                        }
                    },
                }
            }
            let mut hit = vec![false; n];
            if !complete
                || perm
                    .iter()
                    .any(|&y| y >= n || std::mem::replace(&mut hit[y], true))
            {
                continue;
            }
            if let Ok(options) = index.images(&perm) {
                generators.push((perm.iter().map(|&y| y as u32).collect(), options));
            }
        }
        Self::close(matrix, generators)
    }

    /// [`Symmetries::find`] for a domain whose cells are items named after them: each motion
    /// as pairs (a cell's item name, the name of its image). Names that are not items of the
    /// matrix are passed over; a motion that maps an item to a name the matrix lacks is
    /// dropped.
    pub fn find_named<M, P>(matrix: &Matrix, motions: M) -> Result<Symmetries, SymmetryError>
    where
        M: IntoIterator<Item = P>,
        P: IntoIterator<Item = (String, String)>,
    {
        let n = matrix.items().len();
        // Names looked up by hash: every cell of every motion is named.
        let ids = matrix.item_ids();
        let partial = motions.into_iter().filter_map(|pairs| {
            let mut map = vec![None; n];
            for (from, to) in pairs {
                if let Some(&x) = ids.get(from.as_str()) {
                    map[x] = Some(*ids.get(to.as_str())?);
                }
            }
            Some(map)
        });
        Self::find(matrix, partial)
    }

    /// The group generated by permutations of items and options, the identity first.
    fn close(
        matrix: &Matrix,
        generators: Vec<(Vec<u32>, Vec<u32>)>,
    ) -> Result<Symmetries, SymmetryError> {
        let identity = Self::trivial(matrix);
        let (covers, entries) = (identity.covers, identity.entries);
        let mut items = identity.items;
        let mut options = identity.options;
        let mut known: HashSet<Vec<u32>> = options.iter().cloned().collect();
        let mut next = 0;
        while next < options.len() {
            for (gi, go) in &generators {
                let o: Vec<u32> = options[next].iter().map(|&x| go[x as usize]).collect();
                if known.insert(o.clone()) {
                    if options.len() == MAX_ORDER {
                        return Err(SymmetryError::TooLarge);
                    }
                    items.push(items[next].iter().map(|&x| gi[x as usize]).collect());
                    options.push(o);
                }
            }
            next += 1;
        }
        Ok(Symmetries {
            items,
            options,
            covers,
            entries,
        })
    }

    /// The number of symmetries, the identity included.
    pub fn order(&self) -> usize {
        self.options.len()
    }

    /// The number of options of the matrix the group is for.
    pub fn option_count(&self) -> usize {
        self.entries.len()
    }

    /// Where a problem whose options hold `options` differs from the matrix this group was
    /// made for (`None` when it does not): the number of options, or the items of an option
    /// (as sets).
    pub(crate) fn differs_from(&self, options: &[Vec<ItemId>]) -> Option<String> {
        if options.len() != self.entries.len() {
            return Some(format!(
                "{} options, this one has {}",
                self.entries.len(),
                options.len()
            ));
        }
        let items = self.items[0].len();
        // An option without a primary item is never chosen, and an engine may hold it
        // without its items: it decides no count, so it is not compared.
        if let Some(o) = (0..options.len())
            .filter(|&o| !options[o].is_empty())
            .find(|&o| {
                let mut mine: Vec<u32> = self.entries[o].clone();
                let mut theirs: Vec<u32> = options[o].iter().map(|&x| x as u32).collect();
                mine.sort_unstable();
                theirs.sort_unstable();
                mine != theirs || theirs.iter().any(|&x| x as usize >= items)
            })
        {
            return Some(format!("option {o} holds other items"));
        }
        None
    }

    /// The image of option `o` under symmetry `g` (0 is the identity).
    ///
    /// # Panics
    /// If `g` or `o` is out of range.
    pub fn option_image(&self, g: usize, o: OptionId) -> OptionId {
        self.options[g][o] as usize
    }

    /// The image of item `x` under symmetry `g` (0 is the identity).
    ///
    /// # Panics
    /// If `g` or `x` is out of range.
    pub fn item_image(&self, g: usize, x: ItemId) -> ItemId {
        self.items[g][x] as usize
    }

    /// The least image (as a sorted list of options) of a solution: two solutions are in
    /// one class exactly when their canonical forms are equal. A solution naming an option
    /// the matrix lacks (from a damaged record) is an error, never a panic.
    pub fn canonical(&self, options: &[OptionId]) -> Result<Vec<OptionId>, SymmetryError> {
        self.canonical_among(options, 0..self.order())
    }

    /// [`Symmetries::canonical`] under the elements `among` only (a subgroup).
    pub(crate) fn canonical_among(
        &self,
        options: &[OptionId],
        among: impl IntoIterator<Item = usize>,
    ) -> Result<Vec<OptionId>, SymmetryError> {
        let count = self.option_count();
        if let Some(&option) = options.iter().find(|&&o| o >= count) {
            return Err(SymmetryError::NoOption {
                option,
                options: count,
            });
        }
        let mut best: Option<Vec<usize>> = None;
        let mut image = Vec::with_capacity(options.len());
        for g in among {
            image.clear();
            image.extend(options.iter().map(|&o| self.options[g][o] as usize));
            image.sort_unstable();
            if best.as_ref().is_none_or(|b| image < *b) {
                best = Some(image.clone());
            }
        }
        Ok(best.unwrap_or_default())
    }

    /// The options of an item that every solution covers exactly once (empty for the other
    /// items).
    pub(crate) fn covers(&self, item: ItemId) -> &[u32] {
        &self.covers[item]
    }

    /// The item a count by classes ([`crate::Solve::classes`]) restricts first, with its
    /// options in orbits: one that every solution covers exactly once and every symmetry
    /// fixes, whose options fall into the fewest orbits (and not one apiece). `None` when no
    /// item qualifies (the group is trivial, or moves every such item).
    pub fn split(&self) -> Option<(ItemId, Vec<Vec<OptionId>>)> {
        let all: Vec<usize> = (0..self.order()).collect();
        self.split_item(&[], &all).map(|(x, orbits, _)| (x, orbits))
    }

    /// The item to split the subcase `fixed` by under the elements `sub` (those fixing each
    /// option of `fixed`): one every solution covers once, every element of `sub` fixes, and
    /// `fixed` leaves open, whose options (those `fixed` does not rule out) fall into the
    /// fewest orbits, and not one apiece. With its orbits and options.
    pub(crate) fn split_item(
        &self,
        fixed: &[OptionId],
        sub: &[usize],
    ) -> Option<(ItemId, Vec<Vec<OptionId>>, usize)> {
        let mut taken = vec![false; self.item_count()];
        for &o in fixed {
            for &x in self.entries(o) {
                taken[x as usize] = true;
            }
        }
        // Options that share an exactly-once item with a fixed option can never join it.
        let open = |o: &OptionId| {
            (self.entries(*o).iter())
                .all(|&x| !taken[x as usize] || self.covers(x as usize).is_empty())
        };
        let mut best: Option<(ItemId, Vec<Vec<OptionId>>, usize)> = None;
        for (x, &covered) in taken.iter().enumerate() {
            if covered
                || self.covers(x).is_empty()
                || sub.iter().any(|&e| self.item_image(e, x) != x)
            {
                continue;
            }
            let orbits: Vec<Vec<OptionId>> = (self.orbits_among(x, sub).into_iter())
                .filter(|orbit| open(&orbit[0]))
                .collect();
            let options: usize = orbits.iter().map(Vec::len).sum();
            if orbits.len() == options {
                continue;
            }
            let better =
                (best.as_ref()).is_none_or(|(_, b, n)| (orbits.len(), options) < (b.len(), *n));
            if better {
                best = Some((x, orbits, options));
            }
        }
        best
    }

    /// Every symmetry but the identity in cycle notation over the item names, one a line
    /// (`(c0 c3)(c1 c2)`): the form of a campaign's symmetry file. `None` if an item's name
    /// holds a parenthesis, which that form cannot write.
    pub fn cycles(&self, matrix: &Matrix) -> Option<Vec<String>> {
        let names = matrix.items();
        if names.iter().any(|i| i.name.contains(['(', ')'])) {
            return None;
        }
        let mut lines = Vec::new();
        for perm in &self.items[1..] {
            let mut seen = vec![false; perm.len()];
            let mut line = String::new();
            for start in 0..perm.len() {
                if seen[start] || perm[start] as usize == start {
                    continue;
                }
                let mut cycle = Vec::new();
                let mut x = start;
                while !seen[x] {
                    seen[x] = true;
                    cycle.push(names[x].name.as_str());
                    x = perm[x] as usize;
                }
                line.push('(');
                line.push_str(&cycle.join(" "));
                line.push(')');
            }
            lines.push(line);
        }
        Some(lines)
    }

    /// The items of option `o`.
    pub(crate) fn entries(&self, o: OptionId) -> &[u32] {
        &self.entries[o]
    }

    /// The number of items of the matrix the group is for.
    pub(crate) fn item_count(&self) -> usize {
        self.items[0].len()
    }

    /// The options of `item` (one that every solution covers exactly once) in orbits under
    /// the elements `among` (a subgroup that fixes the item), each orbit sorted and the
    /// orbits by their least option.
    pub(crate) fn orbits_among(&self, item: ItemId, among: &[usize]) -> Vec<Vec<OptionId>> {
        self.orbits_of(self.covers[item].iter().map(|&o| o as usize), among)
    }

    /// The orbits of `options` (a set the elements `among` map onto itself).
    fn orbits_of(
        &self,
        options: impl Iterator<Item = OptionId>,
        among: &[usize],
    ) -> Vec<Vec<OptionId>> {
        let mut placed = HashSet::new();
        let mut orbits = Vec::new();
        for o in options {
            if placed.contains(&o) {
                continue;
            }
            let mut orbit: Vec<usize> =
                among.iter().map(|&g| self.options[g][o] as usize).collect();
            orbit.sort_unstable();
            orbit.dedup();
            placed.extend(orbit.iter().copied());
            orbits.push(orbit);
        }
        orbits
    }

    /// The options of `item` in orbits under the whole group, each orbit sorted and the
    /// orbits by their least option: the subcases of a split by that item's places. Every
    /// symmetry must fix the item: `Err(g)` names the first element that moves it.
    ///
    /// # Panics
    /// If `item` is not an item of the matrix.
    pub fn orbits(&self, item: ItemId) -> Result<Vec<Vec<OptionId>>, usize> {
        if let Some(g) = (0..self.order()).find(|&g| self.items[g][item] as usize != item) {
            return Err(g);
        }
        let all: Vec<usize> = (0..self.order()).collect();
        let options = (0..self.entries.len()).filter(|&o| self.entries[o].contains(&(item as u32)));
        Ok(self.orbits_of(options, &all))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    #[test]
    fn a_motion_of_the_cells_carries_the_pieces_with_it() {
        // A 1x4 strip, a domino `D` and two monominoes `M` `N` (alike): the reflection maps
        // cells, keeps D and finds that M and N go to each other or themselves.
        let m = format::parse("D M N c0 c1 c2 c3\nD c0 c1\nD c1 c2\nD c2 c3\nM c0\nM c1\nM c2\nM c3\nN c0\nN c1\nN c2\nN c3\n").unwrap();
        let mirror = |x: usize| match x {
            3..=6 => Some(9 - x),
            _ => None,
        };
        let s = Symmetries::find(&m, [(0..7).map(mirror).collect()]).unwrap();
        assert_eq!(s.order(), 2);
        assert_eq!(s.item_image(1, 0), 0);
        assert_eq!(s.option_image(1, 0), 2);
        // A motion that maps a cell outside the problem's options is dropped.
        let m = format::parse("P c0 c1 c2\nP c0 c1\nP c2\n").unwrap();
        let bad = vec![None, Some(3), Some(2), Some(1)];
        assert_eq!(Symmetries::find(&m, [bad]).unwrap().order(), 1);
    }

    #[test]
    fn bad_maps_are_named() {
        let m = format::parse("a b | s\na s\nb\n").unwrap();
        let e = Symmetries::new(&m, [vec![0, 1, 2], vec![2, 1, 0]]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "map 1: maps `a` to `s`: primary and secondary items must stay apart"
        );
        let e = Symmetries::new(&m, [vec![1, 0, 2]]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "map 0: the image of option 1 (`a s`), `b s`, is not an option"
        );
        let s = Symmetries::trivial(&m);
        assert!(s.canonical(&[7]).is_err());
    }
}
