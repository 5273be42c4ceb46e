//! DLX5's lower bounds for problems of a known shape ([`MinCostParams::per_option`] and
//! [`MinCostParams::one_of_each`]): when every option has exactly one primary item starting
//! with each given character, and exactly z other primary items, the items still to cover
//! must each be paid for, which can rule a node out before any item is chosen.

use super::arena::{Arena, INFINITE};
use super::{MinCostError, MinCostParams};
use crate::matrix::{ItemKind, Matrix};

/// Knuth's sort buffer for z > 1: the bound is used only while at most this many other
/// primary items (plus one) remain.
const SORT_BUFFER: i64 = 32;

/// The shape the options were checked to have, and the scratch space of the bound.
#[derive(Debug, Clone)]
pub(super) struct Shape {
    /// The first characters that each option has exactly one primary item of (DLX5's Z).
    prefixes: Vec<char>,
    /// How many other primary items every option has (DLX5's z; 0 when not given).
    z: usize,
    /// Per arena item, the index in `prefixes` of its name's first character, if any.
    prefix_of: Vec<Option<usize>>,
    /// The cost so far of covering the items of each prefix.
    per_prefix: Vec<u64>,
    /// The least costs of the other items, sorted, at the end of the buffer.
    sorted: Vec<u64>,
}

impl Shape {
    /// Checks that every option that has a primary item has the shape, and that the
    /// primary items can be split into options of that shape. `None` when no shape is given.
    pub fn new(
        matrix: &Matrix,
        params: &MinCostParams,
        a: &Arena,
    ) -> Result<Option<Shape>, MinCostError> {
        let prefixes: Vec<char> = params.one_of_each.chars().collect();
        let z = params.per_option;
        if prefixes.is_empty() && z == 0 {
            return Ok(None);
        }
        for (k, c) in prefixes.iter().enumerate() {
            if prefixes[..k].contains(c) {
                return Err(MinCostError::Shape(format!("`{c}` is given twice")));
            }
        }
        let items = matrix.items();
        let first = |i: usize| items[i].name.chars().next();
        for (o, option) in matrix.options().iter().enumerate() {
            let primary: Vec<usize> = (option.iter().copied())
                .filter(|&i| items[i].kind == ItemKind::Primary)
                .collect();
            if primary.is_empty() {
                continue;
            }
            let mut others = 0;
            let mut seen = vec![0; prefixes.len()];
            for &i in &primary {
                match prefixes.iter().position(|&c| first(i) == Some(c)) {
                    Some(r) => seen[r] += 1,
                    None => others += 1,
                }
            }
            let why = if let Some(r) = seen.iter().position(|&n| n != 1) {
                Some(format!(
                    "{} primary items starting with `{}`, not 1",
                    seen[r], prefixes[r]
                ))
            } else if z > 0 && others != z {
                Some(format!("{others} other primary items, not {z}"))
            } else {
                None
            };
            if let Some(why) = why {
                return Err(MinCostError::Shape(format!("option {o} has {why}")));
            }
        }
        let primaries = a.second - 1;
        if z > 0 && !primaries.is_multiple_of(z + prefixes.len()) {
            return Err(MinCostError::Shape(format!(
                "{primaries} primary items cannot be split into options of {} each",
                z + prefixes.len()
            )));
        }
        let prefix_of = (0..a.second)
            .map(|k| match k {
                0 => None,
                _ => (prefixes.iter()).position(|&c| first(a.item_of[k]) == Some(c)),
            })
            .collect();
        Ok(Some(Shape {
            per_prefix: vec![0; prefixes.len()],
            sorted: vec![0; (SORT_BUFFER as usize).max(primaries + 1)],
            prefixes,
            z,
            prefix_of,
        }))
    }

    /// Whether the node at `level` with net cost `curcost` so far can be ruled out: some item
    /// has no option left, or the least costs of covering the items left, added up as the
    /// shape allows, reach the cutoff.
    pub fn rules_out(&mut self, a: &mut Arena, level: usize, curcost: u64, cutoff: u64) -> bool {
        if cutoff == INFINITE {
            return false;
        }
        let z = self.z as i64;
        let pp = if z > 1 {
            if a.second as i64 - level as i64 * z <= SORT_BUFFER + 1 {
                z
            } else if !self.prefixes.is_empty() {
                0
            } else {
                return false;
            }
        } else {
            z
        };
        let mut acc = curcost;
        self.per_prefix.fill(curcost);
        a.mems += self.per_prefix.len() as u64 + 1;
        let end = self.sorted.len() as i64;
        let mut t: i64 = 0;
        let mut k = a.next[0];
        while k != 0 {
            let p = a.nd[k].down;
            a.mems += 1;
            if p < a.last_itm {
                return true;
            }
            let cost = a.nd[p].cost;
            a.mems += 2;
            if let Some(r) = self.prefix_of[k] {
                a.mems += 1;
                if self.per_prefix[r] + cost >= cutoff {
                    return true;
                }
                a.mems += 1;
                self.per_prefix[r] += cost;
            } else if pp == 1 {
                if acc + cost >= cutoff {
                    return true;
                }
                acc += cost;
            } else if pp > 1 {
                // Insert `cost` into the sorted costs; every pp-th from the top counts.
                let (mut p, mut old) = (t, 0u64);
                while p > 0 {
                    let new = self.sorted[(end - p) as usize];
                    a.mems += 1;
                    if cost <= new {
                        break;
                    }
                    if p % pp == 0 {
                        acc += new - old;
                        if acc >= cutoff {
                            return true;
                        }
                    }
                    self.sorted[(end - p - 1) as usize] = new;
                    a.mems += 1;
                    old = new;
                    p -= 1;
                }
                if p % pp == 0 {
                    acc += cost - old;
                    if acc >= cutoff {
                        return true;
                    }
                }
                self.sorted[(end - p - 1) as usize] = cost;
                a.mems += 1;
                t += 1;
            }
            k = a.next[k];
            a.mems += 1;
        }
        false
    }
}
