//! All the solutions as one zero-suppressed decision diagram (ZDD): Knuth's DLX6, after
//! Nishino, Yasuda, Minato and Nagata's *Dancing with decision diagrams* (AAAI 2017).
//!
//! The search is Algorithm C's, with a memory: before it branches, it writes down what is
//! left of the problem (the primary items still to cover, and the colour of each secondary
//! item some remaining option still uses) and looks it up. A problem met before is not
//! searched again: its solutions are those found the first time. Every option that leads to
//! a solution becomes a node of the diagram, "this option, then the solutions of what is
//! left" (its HI branch), "or else the solutions with the options tried before it at this
//! level" (its LO branch). Shared subproblems make shared nodes, so a diagram of thousands
//! of nodes can hold more solutions than a `u64` counts, and it answers the questions a list
//! could not: the exact number ([`Zdd::count`], a [`BigUint`]), a solution drawn uniformly at
//! random ([`Zdd::sample`]), every solution in the search's order ([`Zdd::iter`]).
//!
//! ```
//! use dlx_core::{format, estimate::SplitMix64, Problem};
//!
//! // TAOCP's toy colour problem (49): one solution.
//! let m = format::parse("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n")?;
//! let zdd = Problem::new(&m).solve().zdd()?;
//! assert_eq!(zdd.count().to_string(), "1");
//! let stats = zdd.stats().unwrap();
//! // DLX6's figures for this file: 20 updates, 3 cleansings, 4 search nodes, 4 ZDD nodes.
//! assert_eq!((stats.updates, stats.cleansings, stats.nodes, stats.zdd_nodes), (20, 3, 4, 4));
//! let one = zdd.sample(&mut SplitMix64::new(1)).unwrap();
//! assert_eq!(one.lines(&m), ["q x:A", "p r x:A y"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The figures ([`ZddStats`]) are DLX6's to the unit with the same rule (the first item of
//! fewest options): search nodes, updates, cleansings, diagram nodes, signatures, hits.
//! DLX6 does not take multiplicities (its input has no bounds): a matrix with bounds other
//! than exactly one is searched by an extension of the idea whose signature is the whole
//! state (the options still choosable, and each primary item's remaining need and
//! allowance), with binary branching on options; its diagram and count are checked against
//! Algorithm M's count, its figures other than the count (search nodes, diagram nodes,
//! signatures, hits) are its own, and it counts no updates or cleansings.
//!
//! The text format ([`Zdd::write`], [`Zdd::read`]) is the one DLX6 writes, the format of
//! Knuth's ZDDREAD programs: one line `ID: (~V?LO:HI)` a node, children before parents,
//! where `ID`, `LO` and `HI` are hexadecimal node numbers (0 the empty family, 1 the family
//! of the empty set), `V` the option's number in decimal (the options that have a primary
//! item, numbered from 1 in the file's order), and a last line `ID: (~0?0:ROOT)` whose HI
//! is the root.

mod big;
mod bounded;
mod cache;
mod check;
mod search;

pub(crate) use search::Input;

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;

pub use big::BigUint;

use crate::estimate::SplitMix64;
use crate::matrix::{ItemId, ItemKind, Matrix, OptionId};
use crate::rule::Heuristic;
use crate::solution::{ChosenRow, Solution};

/// One node of a [`Zdd`]: an option, and what follows with it and without it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZddNode {
    /// The option's number in the text format: 1 for the first option with a primary item.
    pub option: u32,
    /// The item the search branched on when it chose the option (a diagram read from text,
    /// which does not record it, has the option's first primary item).
    pub item: ItemId,
    /// The solutions without this option: a node id (0 none, 1 the empty solution).
    pub lo: u32,
    /// The rest of the solutions with this option: a node id.
    pub hi: u32,
}

/// DLX6's figures for one search, counted as it counts them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ZddStats {
    /// The solutions.
    pub solutions: BigUint,
    /// Items covered and option nodes hidden (a cleansed node too).
    pub updates: u64,
    /// Items purified and nodes marked as having the purified colour.
    pub cleansings: u64,
    /// Search nodes: each node entered (a cache hit included) and each solution.
    pub nodes: u64,
    /// The diagram's nodes as DLX6 counts them: its option nodes and its two terminals, or
    /// one (the empty terminal) when there is no solution.
    pub zdd_nodes: u64,
    /// Signatures cached whose problem has no solution.
    pub signatures_failed: u64,
    /// Signatures cached whose problem has solutions, the empty problem's counted too (as
    /// DLX6 counts it).
    pub signatures_solved: u64,
    /// Cache hits, and solutions (a solution is a hit on the empty problem).
    pub hits: u64,
    /// Whether the search ran to its end.
    pub complete: bool,
}

impl ZddStats {
    /// The figures DLX6 prints after the solutions, in its order: updates, cleansings,
    /// search nodes, ZDD nodes, signatures failed and solved, hits.
    pub fn figures(&self) -> [u64; 7] {
        [
            self.updates,
            self.cleansings,
            self.nodes,
            self.zdd_nodes,
            self.signatures_failed,
            self.signatures_solved,
            self.hits,
        ]
    }
}

/// Why no diagram was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ZddError {
    /// A setting of the [`crate::Solve`] that a diagram of all the solutions cannot honour.
    #[error("the ZDD search cannot {0}")]
    Unsupported(&'static str),
    /// The interrupt flag stopped the search.
    #[error("the ZDD search was interrupted")]
    Interrupted,
    /// The diagram would have more nodes than 32-bit ids can number.
    #[error("the ZDD has more than 4294967293 nodes, more than its 32-bit ids can number")]
    TooLarge,
    /// The machine refused the memory for the diagram or for the cache of the remaining
    /// problems met so far.
    #[error("the ZDD search ran out of memory (its diagram and its cache of remaining problems)")]
    OutOfMemory,
}

/// A line of a diagram's text that [`Zdd::read`] cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ZddReadError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

/// The solutions of a problem as a zero-suppressed decision diagram: see the [module
/// docs](self).
#[derive(Clone, PartialEq, Eq)]
pub struct Zdd {
    /// Node `k` has the id `k + 2`; children come before parents.
    nodes: Vec<ZddNode>,
    root: u32,
    /// The matrix option of each option number (1-based) minus one.
    options: Vec<OptionId>,
    /// The solutions below each node, by id (ids 0 and 1 first).
    counts: Vec<BigUint>,
    stats: Option<ZddStats>,
}

impl fmt::Debug for Zdd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Zdd")
            .field("nodes", &self.nodes.len())
            .field("root", &self.root)
            .field("count", &self.count())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

fn stopped(stop: search::Stop) -> ZddError {
    match stop {
        search::Stop::Interrupted => ZddError::Interrupted,
        search::Stop::TooLarge => ZddError::TooLarge,
        search::Stop::OutOfMemory => ZddError::OutOfMemory,
    }
}

/// Makes the diagram of all the solutions (DLX6's search): see [`crate::Solve::zdd`].
pub(crate) fn build(
    input: &Input,
    heuristic: Heuristic,
    interrupt: &AtomicBool,
) -> Result<Zdd, ZddError> {
    let (nodes, root, options, mut stats) = if input.bounds.iter().all(|&b| b == (1, 1)) {
        let mut search = search::Dlx6::new(input);
        let (nodes, root) = search.run(heuristic, interrupt).map_err(stopped)?;
        (nodes, root, search.options, search.stats)
    } else {
        if heuristic != Heuristic::Mrv {
            return Err(ZddError::Unsupported(
                "branch by a rule other than mrv with multiplicities",
            ));
        }
        let mut search = bounded::Bounded::new(input);
        let root = search.solve(interrupt).map_err(stopped)?;
        search.stats.complete = true;
        let (options, stats) = (search.options.clone(), search.stats.clone());
        (search.into_nodes(), root, options, stats)
    };
    let mut zdd = Zdd::from_parts(nodes, root, options);
    stats.solutions = zdd.count().clone();
    stats.zdd_nodes = if zdd.nodes.is_empty() {
        1
    } else {
        zdd.nodes.len() as u64 + 2
    };
    zdd.stats = Some(stats);
    Ok(zdd)
}

impl Zdd {
    fn from_parts(nodes: Vec<ZddNode>, root: u32, options: Vec<OptionId>) -> Zdd {
        let mut counts = vec![BigUint::zero(), BigUint::from(1)];
        for n in &nodes {
            let mut c = counts[n.lo as usize].clone();
            c.add_assign(&counts[n.hi as usize]);
            counts.push(c);
        }
        Zdd {
            nodes,
            root,
            options,
            counts,
            stats: None,
        }
    }

    /// The number of solutions, exactly.
    pub fn count(&self) -> &BigUint {
        &self.counts[self.root as usize]
    }

    /// The diagram's option nodes (without the terminals), children before parents: node
    /// `k` has the id `k + 2`.
    pub fn nodes(&self) -> &[ZddNode] {
        &self.nodes
    }

    /// The root's id: 0 when there is no solution, 1 when the empty set is the only one.
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The matrix option of an option number of the text format (from 1).
    pub fn option_of(&self, number: u32) -> Option<OptionId> {
        self.options.get((number as usize).checked_sub(1)?).copied()
    }

    /// The search's figures (`None` for a diagram read from text).
    pub fn stats(&self) -> Option<&ZddStats> {
        self.stats.as_ref()
    }

    fn row(&self, id: u32) -> ChosenRow {
        let n = &self.nodes[id as usize - 2];
        ChosenRow {
            option: self.options[n.option as usize - 1],
            item: n.item,
        }
    }

    /// The solution of rank `rank` in the search's order (from 0), or `None` past the last.
    pub fn solution(&self, rank: &BigUint) -> Option<Solution> {
        if rank >= self.count() {
            return None;
        }
        let mut r = rank.clone();
        let mut rows = Vec::new();
        let mut at = self.root;
        while at > 1 {
            let n = &self.nodes[at as usize - 2];
            let below = &self.counts[n.lo as usize];
            if r < *below {
                at = n.lo;
            } else {
                r.sub_assign(below);
                rows.push(self.row(at));
                at = n.hi;
            }
        }
        Some(Solution { rows })
    }

    /// A solution drawn uniformly at random (`None` when there is none): the solution of a
    /// rank drawn uniformly below the count. The same generator state gives the same
    /// solution on every machine.
    pub fn sample(&self, rng: &mut SplitMix64) -> Option<Solution> {
        self.solution(&self.count().random_below(rng))
    }

    /// Every solution, in the order the search found them, each row with the item it was
    /// branched on.
    pub fn iter(&self) -> ZddSolutions<'_> {
        ZddSolutions {
            zdd: self,
            stack: vec![(self.root, 0, false)],
            path: Vec::new(),
        }
    }

    /// Writes the diagram in DLX6's text format (see the [module docs](self)).
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        for (k, n) in self.nodes.iter().enumerate() {
            writeln!(out, "{:x}: (~{}?{:x}:{:x})", k + 2, n.option, n.lo, n.hi)?;
        }
        writeln!(out, "{:x}: (~0?0:{:x})", self.nodes.len() + 2, self.root)
    }

    /// The diagram in DLX6's text format.
    pub fn to_text(&self) -> String {
        let mut v = Vec::new();
        self.write(&mut v).expect("writing to a vector cannot fail");
        String::from_utf8(v).expect("the format is ASCII")
    }

    /// Reads a diagram in DLX6's text format, for the matrix it was made from (whose options
    /// the numbers name). Each node must name its children before (terminals 0 and 1, or a
    /// node of an earlier line), and the last line must be the root's, `ID: (~0?0:ROOT)`.
    ///
    /// The diagram must be one of the matrix's solutions, since its count, ranks and samples
    /// are taken as theirs: every set of options it holds a solution ([`Matrix::check_cover`]),
    /// and no option twice on a way down from a node of that option (a path would take it
    /// twice, or two paths hold one set). It may hold only some of the solutions. A diagram
    /// of another matrix, or edited, is refused with the line of a node where it fails (the
    /// root's when a path from the root leaves an item short).
    ///
    /// ```
    /// use dlx_core::{format, zdd::Zdd};
    /// let m = format::parse("a b c\na b\nc\na\nb c\n")?;
    /// let zdd = Zdd::read("2: (~2?0:1)\n3: (~1?0:2)\n4: (~0?0:3)\n", &m)?;
    /// assert_eq!(zdd.count().to_string(), "1");
    /// // Options 3 (`a`), 4 (`b c`) and 2 (`c`): `c` twice.
    /// let err = Zdd::read("2: (~2?0:1)\n3: (~4?0:2)\n4: (~3?0:3)\n5: (~0?0:4)\n", &m)
    ///     .unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: a path from node 3 covers primary item `c` 2 \
    ///     times, more than its 1: not a diagram of this matrix's solutions");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read(text: &str, matrix: &Matrix) -> Result<Zdd, ZddReadError> {
        let kinds: Vec<bool> = matrix
            .items()
            .iter()
            .map(|i| i.kind == ItemKind::Primary)
            .collect();
        let kept: Vec<(OptionId, ItemId)> = matrix
            .options()
            .iter()
            .enumerate()
            .filter_map(|(o, row)| row.iter().find(|&&i| kinds[i]).map(|&i| (o, i)))
            .collect();
        let mut ids = std::collections::HashMap::new();
        let mut nodes = Vec::new();
        let mut root = None;
        // The line of each node, for a fault the whole diagram shows.
        let mut lines = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            let err = |message: String| ZddReadError {
                line: k + 1,
                message,
            };
            if root.is_some() {
                return Err(err("a line after the root's".into()));
            }
            let (id, v, lo, hi) =
                parse_line(line).ok_or_else(|| err(format!("`{line}` is not `ID: (~V?LO:HI)`")))?;
            let find = |x: u64| -> Result<u32, ZddReadError> {
                match x {
                    0 | 1 => Ok(x as u32),
                    _ => ids
                        .get(&x)
                        .copied()
                        .ok_or_else(|| err(format!("node {x:x} is used before its line"))),
                }
            };
            let (lo, hi) = (find(lo)?, find(hi)?);
            if id < 2 || ids.contains_key(&id) {
                return Err(err(format!("node {id:x} is a terminal or defined twice")));
            }
            if v == 0 {
                if lo != 0 {
                    return Err(err("the root's line must have LO 0".into()));
                }
                root = Some((hi, k + 1));
                continue;
            }
            let &(_, item) = kept.get(v as usize - 1).ok_or_else(|| {
                err(format!(
                    "option {v} does not exist: the matrix has {}",
                    kept.len()
                ))
            })?;
            if hi == 0 {
                return Err(err(format!("node {id:x} has HI 0, which a ZDD never has")));
            }
            nodes.push(ZddNode {
                option: v as u32,
                item,
                lo,
                hi,
            });
            lines.push(k + 1);
            ids.insert(id, nodes.len() as u32 + 1);
        }
        let (root, root_line) = root.ok_or_else(|| ZddReadError {
            // The last line, where the root's should have been (line 1 of an empty file).
            line: text.lines().count().max(1),
            message: "no root line `ID: (~0?0:ROOT)`".into(),
        })?;
        let options: Vec<OptionId> = kept.into_iter().map(|(o, _)| o).collect();
        check::check(&nodes, root, &options, matrix).map_err(|f| ZddReadError {
            line: f.node.map_or(root_line, |k| lines[k]),
            message: f.message,
        })?;
        Ok(Zdd::from_parts(nodes, root, options))
    }
}

/// `ID: (~V?LO:HI)`, hexadecimal but for the decimal V.
fn parse_line(line: &str) -> Option<(u64, u64, u64, u64)> {
    let (id, rest) = line.split_once(':')?;
    let rest = rest.trim().strip_prefix("(~")?.strip_suffix(')')?;
    let (v, rest) = rest.split_once('?')?;
    let (lo, hi) = rest.split_once(':')?;
    let hex = |s: &str| u64::from_str_radix(s.trim(), 16).ok();
    let v: u64 = v.trim().parse().ok()?;
    (v <= u64::from(u32::MAX)).then_some(())?;
    Some((hex(id)?, v, hex(lo)?, hex(hi)?))
}

/// The solutions of a [`Zdd`], in the search's order: [`Zdd::iter`].
#[derive(Debug)]
pub struct ZddSolutions<'a> {
    zdd: &'a Zdd,
    /// Nodes to visit: (id, depth, whether to take the node's option and go HI).
    stack: Vec<(u32, usize, bool)>,
    /// The option nodes taken on the way down.
    path: Vec<u32>,
}

impl Iterator for ZddSolutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        while let Some((id, depth, take)) = self.stack.pop() {
            self.path.truncate(depth);
            if take {
                self.path.push(id);
                let hi = self.zdd.nodes[id as usize - 2].hi;
                self.stack.push((hi, depth + 1, false));
            } else if id == 1 {
                let rows = self.path.iter().map(|&n| self.zdd.row(n)).collect();
                return Some(Solution { rows });
            } else if id > 1 {
                // LO first: the options tried earlier at this level.
                self.stack.push((id, depth, true));
                self.stack
                    .push((self.zdd.nodes[id as usize - 2].lo, depth, false));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
