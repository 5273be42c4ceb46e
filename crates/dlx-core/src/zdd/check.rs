//! Whether a diagram read from text is a diagram of its matrix's solutions: every set of
//! options it holds is a solution, and none is held twice. A file may be another matrix's
//! (its option numbers are only numbers) or edited by hand; a count, a rank or a sample of
//! such a diagram would be wrong without a word.
//!
//! Each property is decided once per item, or per 64 options, by one pass over the nodes,
//! children before parents, rather than path by path (a diagram of a few thousand nodes can
//! hold more paths than a `u64` counts):
//! - a primary item's count on a path lies within its bounds on every path exactly when the
//!   fewest and the most options containing it on the paths from the root do; a node's
//!   fewest and most are its HI child's plus one if its option contains the item, met with
//!   its LO child's. An item taken at most once (exact cover's primary items, uncoloured
//!   secondary ones) needs only two bits a node, whether some path below takes it and
//!   whether every path does, so 64 such items share one pass of two words a node;
//! - a secondary item is shared on some path by two options that do not give it one colour
//!   exactly when some node's option gives it a use that meets a different use (or an
//!   uncoloured one) on the paths below the node's HI child;
//! - a set is held twice only if an option appears again below a node of that option: below
//!   its HI child that option is on one path twice, below its LO child a path that leaves the
//!   option out can take it later, as the other path took it here. Every diagram the
//!   searches make takes an option at most once on any way down: DLX6's LO branch tries the
//!   other options of one item, the bounded search's leaves the option out for good.
//!
//! Only the nodes the root reaches are looked at: the others hold nothing.

use super::ZddNode;
use crate::matrix::{ItemId, ItemKind, Matrix, Multiplicity, OptionId, shown};

/// What is wrong, and where: the index of the node in the diagram's list (`None`: the
/// root's line).
pub(super) struct Fault {
    pub node: Option<usize>,
    pub message: String,
}

/// Checks the diagram with option nodes `nodes` (node `k` has id `k + 2`; children before
/// parents, HI never 0) and `root`, whose option number `v` is the matrix's option
/// `options[v - 1]`.
pub(super) fn check(
    nodes: &[ZddNode],
    root: u32,
    options: &[OptionId],
    matrix: &Matrix,
) -> Result<(), Fault> {
    let reach = reachable(nodes, root);
    items(nodes, root, options, matrix, &reach)?;
    repeats(nodes, options.len(), &reach)
}

/// Whether the root reaches each id (terminals included).
fn reachable(nodes: &[ZddNode], root: u32) -> Vec<bool> {
    let mut reach = vec![false; nodes.len() + 2];
    reach[root as usize] = true;
    for id in (2..reach.len()).rev() {
        if reach[id] {
            let n = &nodes[id - 2];
            reach[n.lo as usize] = true;
            reach[n.hi as usize] = true;
        }
    }
    reach
}

/// A node's option as an error names it: its number and its items.
fn named(matrix: &Matrix, options: &[OptionId], n: &ZddNode) -> String {
    let o = options[n.option as usize - 1];
    let entries: Vec<String> = (0..matrix.option(o).len())
        .map(|k| shown(&matrix.entry_text(o, k)))
        .collect();
    format!("option {} (`{}`)", n.option, entries.join(" "))
}

/// Every item's bounds (primary) or colours (secondary) on every path.
fn items(
    nodes: &[ZddNode],
    root: u32,
    options: &[OptionId],
    matrix: &Matrix,
    reach: &[bool],
) -> Result<(), Fault> {
    if root == 0 {
        // The empty family: nothing to check.
        return Ok(());
    }
    // The diagram's options (by number, from 1) with each item, and its colour (0: none).
    let mut with: Vec<Vec<(u32, u32)>> = vec![Vec::new(); matrix.items().len()];
    for (v, &o) in options.iter().enumerate() {
        for (k, &i) in matrix.option(o).iter().enumerate() {
            with[i].push((v as u32 + 1, matrix.colour_id(o, k).unwrap_or(0)));
        }
    }
    // Items taken at most once, without colours (exact cover's, and most others), 64 at a
    // time; the rest one at a time.
    let (once, rest): (Vec<ItemId>, Vec<ItemId>) = (0..matrix.items().len()).partition(|&i| {
        let item = matrix.item(i);
        match item.kind {
            ItemKind::Primary => item.multiplicity.upper == 1,
            ItemKind::Secondary => with[i].iter().all(|&(_, c)| c == 0),
        }
    });
    let mut words = Words::new(nodes.len(), options.len());
    for chunk in once.chunks(64) {
        words
            .check(nodes, root, reach, matrix, chunk, &with)
            .map_err(|(node, i)| match matrix.item(i).kind {
                ItemKind::Primary => primary_fault(matrix, i, node, u32::from(node.is_some()) * 2),
                // Only a node's option meets an uncoloured secondary item twice.
                ItemKind::Secondary => {
                    secondary_fault(matrix, options, nodes, i, node.expect("at a node"), true)
                }
            })?;
    }
    // Its words freed before the passes below take theirs.
    drop(words);
    // Per option number: what the item at hand has there (1 + its colour; 0 not there).
    let mut here = vec![0u32; options.len() + 1];
    let mut fewest = vec![0u32; nodes.len() + 2];
    let mut most = vec![0u32; nodes.len() + 2];
    for i in rest {
        for &(v, c) in &with[i] {
            here[v as usize] = 1 + c;
        }
        let item = matrix.item(i);
        let fault = match item.kind {
            ItemKind::Primary => bounds(
                nodes,
                root,
                reach,
                &here,
                item.multiplicity,
                &mut fewest,
                &mut most,
            )
            .map_err(|(node, times)| primary_fault(matrix, i, node, times)),
            // The colours' states in `most`'s room, free between items.
            ItemKind::Secondary => colours(nodes, reach, &here, &mut most).map_err(|k| {
                let alone = here[nodes[k].option as usize] == 1;
                secondary_fault(matrix, options, nodes, i, k, alone)
            }),
        };
        for &(v, _) in &with[i] {
            here[v as usize] = 0;
        }
        fault?;
    }
    Ok(())
}

/// A primary item covered `times` times on a path from node `node` (`None`: the root),
/// outside its bounds.
fn primary_fault(matrix: &Matrix, i: ItemId, node: Option<usize>, times: u32) -> Fault {
    let item = matrix.item(i);
    let m = item.multiplicity;
    let (side, bound) = if times > m.upper {
        ("more", m.upper)
    } else {
        ("fewer", m.lower)
    };
    let times = match times {
        1 => "once".to_string(),
        t => format!("{t} times"),
    };
    Fault {
        node,
        message: format!(
            "a path {} covers primary item `{}` {times}, {side} than its {bound}: not a \
             diagram of this matrix's solutions",
            match node {
                Some(k) => format!("from node {:x}", k + 2),
                None => "from the root".into(),
            },
            shown(&item.name)
        ),
    }
}

/// Node `k`'s option uses secondary item `i` (`alone`: without a colour), and so does an
/// option below its HI child, differently.
fn secondary_fault(
    matrix: &Matrix,
    options: &[OptionId],
    nodes: &[ZddNode],
    i: ItemId,
    k: usize,
    alone: bool,
) -> Fault {
    Fault {
        node: Some(k),
        message: format!(
            "node {:x} takes {}, and a path below it gives secondary item `{}` to another \
             option {}: not a diagram of this matrix's solutions",
            k + 2,
            named(matrix, options, &nodes[k]),
            shown(&matrix.item(i).name),
            if alone {
                "too"
            } else {
                "with another colour or none"
            }
        ),
    }
}

/// Up to 64 items that a path may take at most once, each a bit: per node, those on some
/// path from it (`any`) and those on every path from it (`all`).
struct Words {
    any: Vec<u64>,
    all: Vec<u64>,
    /// Per option number, its items among the 64.
    bits: Vec<u64>,
}

impl Words {
    fn new(nodes: usize, options: usize) -> Self {
        Words {
            any: vec![0; nodes + 2],
            all: vec![0; nodes + 2],
            bits: vec![0; options + 1],
        }
    }

    /// `Err` with the first node (children before parents) whose option takes an item that
    /// a path below its HI child takes too, or with `None` and a primary item of lower bound
    /// 1 that some path from the root leaves out.
    fn check(
        &mut self,
        nodes: &[ZddNode],
        root: u32,
        reach: &[bool],
        matrix: &Matrix,
        chunk: &[ItemId],
        with: &[Vec<(u32, u32)>],
    ) -> Result<(), (Option<usize>, ItemId)> {
        self.bits.iter_mut().for_each(|b| *b = 0);
        let mut needed = 0u64;
        for (b, &i) in chunk.iter().enumerate() {
            for &(v, _) in &with[i] {
                self.bits[v as usize] |= 1 << b;
            }
            let item = matrix.item(i);
            if item.kind == ItemKind::Primary && item.multiplicity.lower == 1 {
                needed |= 1 << b;
            }
        }
        let (any, all) = (&mut self.any, &mut self.all);
        // Terminal 0 holds no path (so `all`, an intersection over paths, is every item
        // there), terminal 1 the empty one.
        (any[0], all[0], any[1], all[1]) = (0, !0, 0, 0);
        for (k, n) in nodes.iter().enumerate() {
            let id = k + 2;
            if !reach[id] {
                continue;
            }
            let b = self.bits[n.option as usize];
            let (hi, lo) = (n.hi as usize, n.lo as usize);
            let twice = b & any[hi];
            if twice != 0 {
                return Err((Some(k), chunk[twice.trailing_zeros() as usize]));
            }
            any[id] = b | any[hi] | any[lo];
            all[id] = (b | all[hi]) & all[lo];
        }
        let short = needed & !all[root as usize];
        if short != 0 {
            return Err((None, chunk[short.trailing_zeros() as usize]));
        }
        Ok(())
    }
}

/// The fewest and the most options with the item (`here[v] != 0`) on the paths from each
/// node: `Err` with the first node (children before parents) where the most passes the
/// upper bound, or with `None` when the root's fewest is below the lower one, and the count.
fn bounds(
    nodes: &[ZddNode],
    root: u32,
    reach: &[bool],
    here: &[u32],
    m: Multiplicity,
    fewest: &mut [u32],
    most: &mut [u32],
) -> Result<(), (Option<usize>, u32)> {
    // Terminal 0 holds no path: it never lowers a fewest or raises a most.
    (fewest[0], most[0], fewest[1], most[1]) = (u32::MAX, 0, 0, 0);
    for (k, n) in nodes.iter().enumerate() {
        let id = k + 2;
        if !reach[id] {
            continue;
        }
        let c = u32::from(here[n.option as usize] != 0);
        let (hi, lo) = (n.hi as usize, n.lo as usize);
        // A count is at most the path's length, below the number of nodes.
        fewest[id] = (fewest[hi] + c).min(fewest[lo]);
        most[id] = (most[hi] + c).max(most[lo]);
        if most[id] > m.upper {
            return Err((Some(k), most[id]));
        }
    }
    let root = root as usize;
    if fewest[root] < m.lower {
        return Err((None, fewest[root]));
    }
    Ok(())
}

/// Per node, the uses of a secondary item on the paths below it (0 none, `1 + c` all of
/// colour `c`, [`SHARED_NOT`] one uncoloured or two colours); `Err` with the first node whose
/// option's use meets a different one below its HI child.
fn colours(
    nodes: &[ZddNode],
    reach: &[bool],
    here: &[u32],
    state: &mut [u32],
) -> Result<(), usize> {
    (state[0], state[1]) = (0, 0);
    for (k, n) in nodes.iter().enumerate() {
        let id = k + 2;
        if !reach[id] {
            continue;
        }
        // An uncoloured entry keeps the item to its option alone.
        let used = match here[n.option as usize] {
            0 => 0,
            1 => SHARED_NOT,
            c => c,
        };
        let below = state[n.hi as usize];
        if used != 0 && below != 0 && (used != below || used == SHARED_NOT) {
            return Err(k);
        }
        state[id] = join(join(used, below), state[n.lo as usize]);
    }
    Ok(())
}

/// A secondary item used without a colour, or with two on different paths: any other use
/// above meets a use it cannot share with.
const SHARED_NOT: u32 = u32::MAX;

/// The uses of two sets of paths together.
fn join(a: u32, b: u32) -> u32 {
    match (a, b) {
        (0, x) | (x, 0) => x,
        (x, y) if x == y => x,
        _ => SHARED_NOT,
    }
}

/// No option twice on one way down: options at two or more nodes the root reaches, 64 at a
/// time, each node's bit set for the options at or below it.
fn repeats(nodes: &[ZddNode], options: usize, reach: &[bool]) -> Result<(), Fault> {
    let mut seen = vec![0u32; options + 1];
    for (k, n) in nodes.iter().enumerate() {
        if reach[k + 2] {
            seen[n.option as usize] += 1;
        }
    }
    // The options met twice, numbered densely (u32::MAX: met once or never).
    let mut dense = vec![u32::MAX; options + 1];
    let mut twice = 0u32;
    for (v, &s) in seen.iter().enumerate() {
        if s >= 2 {
            dense[v] = twice;
            twice += 1;
        }
    }
    let mut below = vec![0u64; nodes.len() + 2];
    for base in (0..twice).step_by(64) {
        below.iter_mut().for_each(|b| *b = 0);
        for (k, n) in nodes.iter().enumerate() {
            let id = k + 2;
            if !reach[id] {
                continue;
            }
            let d = dense[n.option as usize];
            let bit = if d != u32::MAX && d >= base && d - base < 64 {
                1u64 << (d - base)
            } else {
                0
            };
            let (hi, lo) = (below[n.hi as usize], below[n.lo as usize]);
            if bit & (hi | lo) != 0 {
                let how = if bit & hi != 0 {
                    "below its HI branch, so that a path takes it twice"
                } else {
                    "below its LO branch, so that a set of options may be held twice"
                };
                return Err(Fault {
                    node: Some(k),
                    message: format!(
                        "option {} of node {:x} appears again {how}: not a diagram of this \
                         matrix's solutions",
                        n.option, id
                    ),
                });
            }
            below[id] = bit | hi | lo;
        }
    }
    Ok(())
}
