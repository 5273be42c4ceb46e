//! Admissible lower bounds h on the number of rows still needed to cover the uncovered
//! columns.
//!
//! Every bound here is a lower bound on *any* cover of the current reduced matrix (the rows not
//! forbidden, restricted to the uncovered columns), so IDA* with it never misses a minimum.

use super::links::{Link, ROOT, RepeatLinks};

/// Which lower bound IDA* prunes with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The classic contest bound h of the repeat-cover formulation: take the leftmost uncovered column not yet marked, add 1,
    /// and mark every column of every row that meets it; repeat until every column is
    /// marked. The counted columns pairwise share no row, so each needs a row of its own.
    #[default]
    Seed,
    /// The larger of that h and an LP bound: weights y_c >= 0 on the uncovered columns
    /// with Σ y_c <= 1 along every row form a feasible solution of the dual of the covering
    /// linear program, so ⌈Σ y_c⌉ is admissible (weak duality). Each column first takes the
    /// smallest fair share (free capacity / columns still to be weighted) over its rows, then
    /// whatever capacity all its rows still have free. It never prunes less than h.
    Strong,
}

impl std::str::FromStr for Bound {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "seed" | "h" => Ok(Bound::Seed),
            "strong" => Ok(Bound::Strong),
            _ => Err(format!("unknown bound `{s}` (expected `seed` or `strong`)")),
        }
    }
}

/// What a bound evaluation found.
pub(super) const INFEASIBLE: usize = usize::MAX;

/// Scratch space for the bounds, reused across evaluations.
#[derive(Debug, Clone, Default)]
pub(super) struct Scratch {
    /// `mark[c] == epoch` means column c is marked in the current packing.
    mark: Vec<u32>,
    epoch: u32,
    /// The dual bound's residual capacity of each row.
    residual: Vec<f64>,
    /// The dual bound's count of each row's columns not yet given a weight.
    pending: Vec<u32>,
}

impl Scratch {
    pub(super) fn new(headers: usize, rows: usize) -> Self {
        Scratch {
            mark: vec![0; headers + 1],
            epoch: 0,
            residual: vec![0.0; rows],
            pending: vec![0; rows],
        }
    }

    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.mark.fill(0);
            self.epoch = 1;
        }
    }
}

/// Evaluates `bound`; returns [`INFEASIBLE`] when an uncovered column has no row left.
/// The evaluation may stop as soon as its value exceeds `cap` (then any value > `cap` is
/// returned), because IDA* only asks whether `depth + h` exceeds the limit.
pub(super) fn evaluate(links: &RepeatLinks, s: &mut Scratch, bound: Bound, cap: usize) -> usize {
    let seed = packing(links, s, cap, header_order(links));
    if seed > cap || bound == Bound::Seed {
        return seed;
    }
    seed.max(dual(links, s))
}

/// The uncovered columns in header order.
fn header_order(links: &RepeatLinks) -> impl Iterator<Item = Link> + '_ {
    let mut c = links.nodes[ROOT as usize].r;
    std::iter::from_fn(move || {
        (c != ROOT).then(|| {
            let here = c;
            c = links.nodes[c as usize].r;
            here
        })
    })
}

/// The marking loop of h over the columns in the given order.
fn packing(
    links: &RepeatLinks,
    s: &mut Scratch,
    cap: usize,
    order: impl Iterator<Item = Link>,
) -> usize {
    s.next_epoch();
    let epoch = s.epoch;
    let n = &links.nodes;
    let mut h = 0;
    for c in order {
        if s.mark[c as usize] == epoch {
            continue;
        }
        if links.size[c as usize] == 0 {
            return INFEASIBLE;
        }
        h += 1;
        if h > cap {
            return h;
        }
        s.mark[c as usize] = epoch;
        let mut i = n[c as usize].d;
        while i != c {
            // The ring of row i holds exactly its uncovered columns (c among them).
            let mut j = n[i as usize].r;
            while j != i {
                s.mark[n[j as usize].c as usize] = epoch;
                j = n[j as usize].r;
            }
            i = n[i as usize].d;
        }
    }
    h
}

/// A feasible solution y of the dual of the covering LP (y_c >= 0, Σ_{c in row} y_c <= 1 for
/// every row), so ⌈Σ y_c⌉ is a lower bound by weak duality. First pass: each column takes the
/// smallest fair share residual/pending over its rows; second pass: each column takes what
/// capacity is still free in all of its rows.
fn dual(links: &RepeatLinks, s: &mut Scratch) -> usize {
    let n = &links.nodes;
    for c in header_order(links) {
        let mut i = n[c as usize].d;
        while i != c {
            let r = links.row_of[i as usize] as usize;
            s.residual[r] = 1.0;
            s.pending[r] = links.row_len[r];
            i = n[i as usize].d;
        }
    }
    let mut total = 0.0f64;
    for fill in [false, true] {
        for c in header_order(links) {
            let mut y = f64::MAX;
            let mut i = n[c as usize].d;
            while i != c {
                let r = links.row_of[i as usize] as usize;
                let share = if fill {
                    s.residual[r]
                } else {
                    s.residual[r] / f64::from(s.pending[r])
                };
                y = y.min(share);
                i = n[i as usize].d;
            }
            if y == f64::MAX {
                return INFEASIBLE;
            }
            let mut i = n[c as usize].d;
            while i != c {
                let r = links.row_of[i as usize] as usize;
                s.residual[r] -= y;
                if !fill {
                    s.pending[r] -= 1;
                }
                i = n[i as usize].d;
            }
            total += y;
        }
    }
    (total - 1e-9).ceil().max(0.0) as usize
}
