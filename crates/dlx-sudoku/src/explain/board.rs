//! The pencil marks an explanation works on: each open cell's digits and each unit's places
//! for each digit, and the rules applied to them one step at a time.

use std::collections::BTreeSet;

use super::{Cell, DeadEnd, Outcome, Probed, Step, Unit};
use crate::masks::bits;

/// The board of one box size. Units are numbered boxes, then rows, then columns, so that
/// hidden singles are looked for in boxes first.
pub(super) struct Geometry {
    side: usize,
    /// `unit_cells[u][i]`: cell i of unit u (a box's row-major, a row's by column, a
    /// column's by row).
    unit_cells: Vec<Vec<usize>>,
    /// `cell_units[cell]`: its box, row and column, each with the cell's place in it.
    cell_units: Vec<[(usize, usize); 3]>,
}

impl Geometry {
    pub(super) fn new(n: usize) -> Geometry {
        let side = n * n;
        let mut unit_cells = vec![Vec::with_capacity(side); 3 * side];
        let mut cell_units = vec![[(0, 0); 3]; side * side];
        for r in 0..side {
            for c in 0..side {
                let cell = r * side + c;
                let b = (r / n) * n + c / n;
                for (k, u) in [b, side + r, 2 * side + c].into_iter().enumerate() {
                    cell_units[cell][k] = (u, unit_cells[u].len());
                    unit_cells[u].push(cell);
                }
            }
        }
        Geometry {
            side,
            unit_cells,
            cell_units,
        }
    }

    fn cell(&self, cell: usize) -> Cell {
        Cell {
            row: cell / self.side,
            column: cell % self.side,
        }
    }

    fn unit(&self, u: usize) -> Unit {
        match u / self.side {
            0 => Unit::Box(u % self.side),
            1 => Unit::Row(u % self.side),
            _ => Unit::Column(u % self.side),
        }
    }
}

/// Pencil marks: each open cell's digits and each unit's places for each digit, with the
/// items a change may have made ready for a rule.
#[derive(Clone)]
pub(super) struct Board<'g> {
    g: &'g Geometry,
    /// Per cell, its open digits (bit d for digit d + 1); 0 once it holds one.
    cand: Vec<u64>,
    /// Per cell, its digit (1..=side), or 0.
    pub(super) value: Vec<u8>,
    /// Per unit and digit (`u * side + d`), the unit's open places for it; 0 once placed.
    places: Vec<u64>,
    /// Per unit, the digits placed in it.
    placed: Vec<u64>,
    /// Cells without a digit.
    pub(super) open: usize,
    /// The first dead end met, if any.
    pub(super) dead: Option<DeadEnd>,
    /// Items changed since a rule last looked at them: unit digits for hidden singles and
    /// for locked candidates, cells for naked singles.
    hidden: BTreeSet<usize>,
    naked: BTreeSet<usize>,
    locked: BTreeSet<usize>,
}

impl<'g> Board<'g> {
    /// Every digit open everywhere, every item to be looked at.
    pub(super) fn new(g: &'g Geometry) -> Board<'g> {
        let (side, cells) = (g.side, g.side * g.side);
        // Sides go up to 36: a word holds a cell's digits or a unit's places.
        let full = (1u64 << side) - 1;
        Board {
            g,
            cand: vec![full; cells],
            value: vec![0; cells],
            places: vec![full; 3 * side * side],
            placed: vec![0; 3 * side],
            open: cells,
            dead: None,
            hidden: (0..3 * side * side).collect(),
            naked: (0..cells).collect(),
            locked: (0..3 * side * side).collect(),
        }
    }

    /// Removes digit d from an open cell, noting a dead end it makes.
    fn remove(&mut self, cell: usize, d: usize) {
        debug_assert!(self.cand[cell] & (1 << d) != 0);
        let side = self.g.side;
        self.cand[cell] &= !(1 << d);
        if self.value[cell] == 0 {
            self.naked.insert(cell);
            if self.cand[cell] == 0 {
                self.dead.get_or_insert(DeadEnd::NoDigit(self.g.cell(cell)));
            }
        }
        for (u, i) in self.g.cell_units[cell] {
            let x = u * side + d;
            self.places[x] &= !(1 << i);
            if self.placed[u] & (1 << d) == 0 {
                self.hidden.insert(x);
                self.locked.insert(x);
                if self.places[x] == 0 {
                    self.dead.get_or_insert(DeadEnd::NoPlace {
                        unit: self.g.unit(u),
                        digit: d as u8 + 1,
                    });
                }
            }
        }
    }

    /// Places digit d in a cell: its other digits go, and d leaves its units. False when d is
    /// no longer open there.
    pub(super) fn assign(&mut self, cell: usize, d: usize) -> bool {
        if self.value[cell] != 0 || self.cand[cell] & (1 << d) == 0 {
            return false;
        }
        let side = self.g.side;
        self.value[cell] = d as u8 + 1;
        self.open -= 1;
        for (u, _) in self.g.cell_units[cell] {
            self.placed[u] |= 1 << d;
        }
        for e in bits(self.cand[cell]) {
            self.remove(cell, e);
        }
        for (u, _) in self.g.cell_units[cell] {
            for i in bits(self.places[u * side + d]) {
                self.remove(self.g.unit_cells[u][i], d);
            }
        }
        true
    }

    /// The simplest of singles and locked candidates that applies, applied.
    pub(super) fn simple_step(&mut self) -> Option<Step> {
        let side = self.g.side;
        while let Some(x) = self.hidden.pop_first() {
            let (u, d) = (x / side, x % side);
            let p = self.places[x];
            if self.placed[u] & (1 << d) == 0 && p.count_ones() == 1 {
                let cell = self.g.unit_cells[u][p.trailing_zeros() as usize];
                self.assign(cell, d);
                return Some(Step::HiddenSingle {
                    cell: self.g.cell(cell),
                    digit: d as u8 + 1,
                    unit: self.g.unit(u),
                });
            }
        }
        while let Some(cell) = self.naked.pop_first() {
            let c = self.cand[cell];
            if self.value[cell] == 0 && c.count_ones() == 1 {
                let d = c.trailing_zeros() as usize;
                self.assign(cell, d);
                return Some(Step::NakedSingle {
                    cell: self.g.cell(cell),
                    digit: d as u8 + 1,
                });
            }
        }
        while let Some(x) = self.locked.pop_first() {
            let (u, d) = (x / side, x % side);
            if self.placed[u] & (1 << d) != 0 || self.places[x].count_ones() < 2 {
                continue;
            }
            let Some(along) = self.confined(u, self.places[x]) else {
                continue;
            };
            let inside: Vec<usize> = bits(self.places[x])
                .map(|i| self.g.unit_cells[u][i])
                .collect();
            let removed: Vec<usize> = bits(self.places[along * side + d])
                .map(|i| self.g.unit_cells[along][i])
                .filter(|c| !inside.contains(c))
                .collect();
            if removed.is_empty() {
                continue;
            }
            for &cell in &removed {
                self.remove(cell, d);
            }
            return Some(Step::Locked {
                digit: d as u8 + 1,
                within: self.g.unit(u),
                along: self.g.unit(along),
                removed: removed.into_iter().map(|c| self.g.cell(c)).collect(),
            });
        }
        None
    }

    /// The other unit that unit u's places `p` (two or more) all lie in: a box's row or
    /// column, or a line's box.
    fn confined(&self, u: usize, p: u64) -> Option<usize> {
        let g = self.g;
        // The unit of kind k (0 box, 1 row, 2 column) of the unit's place i.
        let unit_of = |i: usize, k: usize| g.cell_units[g.unit_cells[u][i]][k].0;
        let first = p.trailing_zeros() as usize;
        let kinds: &[usize] = if u < g.side { &[1, 2] } else { &[0] };
        (kinds.iter().copied())
            .find(|&k| bits(p).all(|i| unit_of(i, k) == unit_of(first, k)))
            .map(|k| unit_of(first, k))
    }

    /// Singles and locked candidates until none applies, each step onto `chain`: `Err` with
    /// the dead end they meet.
    fn propagate(&mut self, chain: &mut Vec<Step>) -> Result<(), DeadEnd> {
        while self.dead.is_none() {
            match self.simple_step() {
                Some(step) => chain.push(step),
                None => break,
            }
        }
        self.dead.map_or(Ok(()), Err)
    }

    /// The first item with two options whose probing removes something, that step applied;
    /// `Ok(None)` when none does, `Err` when both choices of an item fail (no solution).
    pub(super) fn probe_step(&mut self) -> Result<Option<Step>, ()> {
        let side = self.g.side;
        let mut items: Vec<(Probed, [(usize, usize); 2])> = Vec::new();
        for cell in 0..side * side {
            if self.value[cell] == 0 && self.cand[cell].count_ones() == 2 {
                let mut ds = bits(self.cand[cell]);
                let (a, b) = (ds.next().expect("two"), ds.next().expect("two"));
                let probed = Probed::Cell {
                    cell: self.g.cell(cell),
                    digits: [a as u8 + 1, b as u8 + 1],
                };
                items.push((probed, [(cell, a), (cell, b)]));
            }
        }
        for u in 0..3 * side {
            for d in 0..side {
                let p = self.places[u * side + d];
                if self.placed[u] & (1 << d) == 0 && p.count_ones() == 2 {
                    let mut is = bits(p).map(|i| self.g.unit_cells[u][i]);
                    let (a, b) = (is.next().expect("two"), is.next().expect("two"));
                    let probed = Probed::Place {
                        unit: self.g.unit(u),
                        digit: d as u8 + 1,
                        cells: [self.g.cell(a), self.g.cell(b)],
                    };
                    items.push((probed, [(a, d), (b, d)]));
                }
            }
        }
        for (probed, choices) in items {
            let tried = choices.map(|(cell, d)| {
                let mut b = self.clone();
                b.assign(cell, d);
                let mut chain = Vec::new();
                match b.propagate(&mut chain) {
                    Ok(()) => Ok(b),
                    Err(dead) => Err((dead, chain)),
                }
            });
            let outcome = match tried {
                [Err(_), Err(_)] => return Err(()),
                [Err(dead), Ok(_)] => self.failed(choices[0], dead),
                [Ok(_), Err(dead)] => self.failed(choices[1], dead),
                [Ok(a), Ok(b)] => {
                    let removed: Vec<(usize, usize)> = (0..side * side)
                        .filter(|&c| self.value[c] == 0)
                        .flat_map(|c| bits(self.cand[c]).map(move |d| (c, d)))
                        .filter(|&(c, d)| a.lost(c, d) && b.lost(c, d))
                        .collect();
                    if removed.is_empty() {
                        continue;
                    }
                    for &(c, d) in &removed {
                        self.remove(c, d);
                    }
                    let removed = (removed.into_iter())
                        .map(|(c, d)| (self.g.cell(c), d as u8 + 1))
                        .collect();
                    Outcome::Either { removed }
                }
            };
            return Ok(Some(Step::Probe { probed, outcome }));
        }
        Ok(None)
    }

    /// A choice whose probe met `dead` by the steps of `chain`: it goes.
    fn failed(
        &mut self,
        (cell, d): (usize, usize),
        (dead, chain): (DeadEnd, Vec<Step>),
    ) -> Outcome {
        self.remove(cell, d);
        Outcome::Fails {
            cell: self.g.cell(cell),
            digit: d as u8 + 1,
            dead,
            chain,
        }
    }

    /// Whether option (cell, d), open before, is gone here: the cell lost d, or holds
    /// another digit.
    fn lost(&self, cell: usize, d: usize) -> bool {
        match self.value[cell] {
            0 => self.cand[cell] & (1 << d) == 0,
            v => usize::from(v) != d + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_units_are_shown_from_one() {
        let g = Geometry::new(3);
        assert_eq!(g.cell(80).to_string(), "r9c9");
        assert_eq!(g.unit(0).to_string(), "box 1");
        assert_eq!(g.unit(9 + 4).to_string(), "row 5");
        assert_eq!(g.unit(18 + 8).to_string(), "column 9");
        // Box 5 of 9x9 is rows 4-6, columns 4-6; its first cell r4c4 is number 30.
        assert_eq!(g.unit_cells[4][0], 30);
        assert_eq!(g.cell_units[30], [(4, 0), (12, 3), (21, 3)]);
    }
}
