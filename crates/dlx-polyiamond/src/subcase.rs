//! The seven subcases of O'Beirne's hexagon, one per distance of the hexagon piece O from the
//! centre, and the symmetry breaking that makes each solution class appear at least once.
//!
//! O is fixed at one lattice point `o` of its distance class. The symmetries of the board
//! that fix `o` form its *stabiliser* G (all 12 at the centre, one reflection at
//! d² = 1, 3, 4, 9, 12, only the identity at d² = 7). One achiral piece Q (its mirror image is
//! itself, so every symmetry maps Q's placements to Q's placements) is limited to the
//! placements that are the least of their G-orbit (cells sorted, compared
//! lexicographically). Every orbit of solutions then has a member that is found; a member
//! whose Q placement is fixed by part of G can be found more than once, so orbits are counted
//! by a canonical form ([`Canon`]): the least image of the labelling under G, chiral labels
//! swapped (`P` ↔ `P'`) by reflections.

use std::collections::BTreeMap;

use crate::board::{Board, unit_hexagon};
use crate::cell::{Cell, Point, symmetry};
use crate::hexiamonds::{PieceSet, one_sided_set};
use crate::problems::{SUBCASE_C, distance2, o_positions};
use crate::puzzle::{Labelling, Puzzle};

/// A symmetry of the board about its centre: `turns` clockwise 60° turns after the
/// reflection in the 30° line when `mirror` (as [`crate::cell::symmetry`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sym {
    /// Clockwise turns by 60°, 0..6.
    pub turns: u32,
    /// Reflect first.
    pub mirror: bool,
}

impl Sym {
    /// The identity.
    pub const IDENTITY: Sym = Sym {
        turns: 0,
        mirror: false,
    };

    /// The image of a lattice point under this symmetry about `centre`.
    pub fn point(self, centre: Point, p: Point) -> Point {
        symmetry(centre, self.turns, self.mirror)(p)
    }

    /// The image of a cell under this symmetry about `centre`.
    pub fn cell(self, centre: Point, c: Cell) -> Cell {
        c.map(symmetry(centre, self.turns, self.mirror))
    }
}

/// The twelve symmetries of a six-fold symmetric board (the dihedral group D6).
pub fn d6() -> Vec<Sym> {
    [false, true]
        .into_iter()
        .flat_map(|mirror| (0..6).map(move |turns| Sym { turns, mirror }))
        .collect()
}

/// The symmetries about `centre` that fix the lattice point `o` (identity first).
pub fn stabiliser(centre: Point, o: Point) -> Vec<Sym> {
    d6().into_iter()
        .filter(|g| g.point(centre, o) == o)
        .collect()
}

/// True when `cells` (a placement) is the least of its images under `group` about `centre`,
/// comparing sorted cell lists.
pub fn is_orbit_minimum(centre: Point, group: &[Sym], cells: &[Cell]) -> bool {
    let mut own = cells.to_vec();
    own.sort_unstable();
    group.iter().all(|&g| {
        let mut image: Vec<Cell> = cells.iter().map(|&c| g.cell(centre, c)).collect();
        image.sort_unstable();
        own <= image
    })
}

/// One subcase: O's distance class, the point it is fixed at, its stabiliser and the piece
/// whose placements break the stabiliser's symmetry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subcase {
    /// Squared distance of O from the centre (0, 1, 3, 4, 7, 9 or 12).
    pub d2: i32,
    /// The lattice point O sits around.
    pub o: Point,
    /// How many lattice points the class has (O may sit at any of them).
    pub points: usize,
    /// The symmetries of the board that fix `o`.
    pub group: Vec<Sym>,
    /// The achiral piece limited to the least placement of each orbit under `group`
    /// (`None` when the group is trivial: nothing to break).
    pub breaker: Option<String>,
}

/// The achiral piece the subcases limit: the chevron C. Of the achiral pieces it made the
/// smallest search at d² = 1 (8.0 G updates; V 9.7 G, X 10.0 G, E 10.7 G), the first subcase
/// with one reflection; at d² = 0 X would be smaller (1.9 G against C's 2.8 G).
pub const BREAKER: &str = "C";

/// The seven subcases in order of distance, with the paper's subcase (c) point (2, 6) for
/// d² = 7 and the least point of every other class; `breaker` is limited where the
/// stabiliser is not trivial.
pub fn subcases(breaker: &str) -> Vec<Subcase> {
    let board = Board::obeirne_hexagon();
    let centre = board.centre().expect("the hexagon has a centre");
    let all = o_positions();
    let mut out: Vec<Subcase> = Vec::new();
    for &(d2, point) in &all {
        if out.iter().any(|s| s.d2 == d2) {
            continue;
        }
        let o = if distance2(SUBCASE_C, centre) == d2 {
            SUBCASE_C
        } else {
            point
        };
        let group = stabiliser(centre, o);
        out.push(Subcase {
            d2,
            o,
            points: all.iter().filter(|(e, _)| *e == d2).count(),
            breaker: (group.len() > 1).then(|| breaker.to_string()),
            group,
        });
    }
    out
}

impl Subcase {
    /// O'Beirne's hexagon with the 19 one-sided hexiamonds in the verified column order, O
    /// fixed around `o` and the breaker limited to orbit minima.
    pub fn puzzle(&self) -> Puzzle {
        broken_puzzle(
            Board::obeirne_hexagon(),
            one_sided_set(),
            self.o,
            &self.group,
            self.breaker.as_deref(),
        )
    }
}

/// A puzzle on a six-fold symmetric `board`: the pieces of `set` in their order, `O` fixed
/// around `o`, and the piece labelled `breaker` (if any) limited to the placements that are
/// least in their orbit under `group` (symmetries about the board's centre).
pub fn broken_puzzle(
    board: Board,
    set: PieceSet,
    o: Point,
    group: &[Sym],
    breaker: Option<&str>,
) -> Puzzle {
    let centre = board.centre().unwrap_or(o);
    let mut hexagon = unit_hexagon(o).to_vec();
    hexagon.sort_unstable();
    let mut p = Puzzle::new(board);
    for (label, orientations) in set.pieces {
        if label == "O" {
            let want = hexagon.clone();
            p.piece_where(label, orientations, move |cells| {
                let mut c = cells.to_vec();
                c.sort_unstable();
                c == want
            });
        } else if breaker == Some(label.as_str()) {
            let group = group.to_vec();
            p.piece_where(label, orientations, move |cells| {
                is_orbit_minimum(centre, &group, cells)
            });
        } else {
            p.piece(label, orientations);
        }
    }
    p
}

/// Canonical forms of labellings under a group of board symmetries: a labelling is coded as
/// one byte per board cell (the index of its piece label), and its canonical form is the
/// least code among its images.
#[derive(Debug, Clone)]
pub struct Canon {
    cells: Vec<Cell>,
    labels: Vec<String>,
    /// `mirror[k]`: the label index of label `k`'s mirror image (`P` ↔ `P'`, achiral: itself).
    mirror: Vec<u8>,
    /// Per symmetry: where each cell index goes, and whether labels are mirrored.
    maps: Vec<(Vec<usize>, bool)>,
}

impl Canon {
    /// Canonical forms for `board`'s labellings by `labels` under `group` about the board's
    /// centre. `None` when the board has no centre, is not mapped onto itself by the group,
    /// or there are more than 255 labels.
    pub fn new(board: &Board, labels: &[String], group: &[Sym]) -> Option<Self> {
        let centre = board.centre()?;
        if labels.len() > 255 {
            return None;
        }
        let cells: Vec<Cell> = board.cells().collect();
        let index: BTreeMap<Cell, usize> = cells.iter().enumerate().map(|(k, &c)| (c, k)).collect();
        let maps = group
            .iter()
            .map(|&g| {
                let perm = cells
                    .iter()
                    .map(|&c| index.get(&g.cell(centre, c)).copied())
                    .collect::<Option<Vec<usize>>>()?;
                Some((perm, g.mirror))
            })
            .collect::<Option<Vec<_>>>()?;
        let mirror = labels
            .iter()
            .enumerate()
            .map(|(k, l)| {
                let m = match l.strip_suffix('\'') {
                    Some(base) => base.to_string(),
                    None => format!("{l}'"),
                };
                labels.iter().position(|x| *x == m).unwrap_or(k) as u8
            })
            .collect();
        Some(Canon {
            cells,
            labels: labels.to_vec(),
            mirror,
            maps,
        })
    }

    /// The code of a labelling: one label index per board cell, in column order
    /// (`u8::MAX` for an uncovered cell or an unknown label).
    pub fn code(&self, labelling: &Labelling) -> Vec<u8> {
        self.cells
            .iter()
            .map(|&c| {
                labelling
                    .get(c)
                    .and_then(|l| self.labels.iter().position(|x| x == l))
                    .map_or(u8::MAX, |k| k as u8)
            })
            .collect()
    }

    /// The images of a code under the group, in the group's order.
    pub fn images<'a>(&'a self, code: &'a [u8]) -> impl Iterator<Item = Vec<u8>> + 'a {
        self.maps.iter().map(move |(perm, mirrored)| {
            let mut out = vec![u8::MAX; code.len()];
            for (k, &label) in code.iter().enumerate() {
                out[perm[k]] = if *mirrored && label != u8::MAX {
                    self.mirror[label as usize]
                } else {
                    label
                };
            }
            out
        })
    }

    /// The least image of a code: equal for two labellings exactly when a symmetry of the
    /// group maps one onto the other.
    pub fn canonical(&self, code: &[u8]) -> Vec<u8> {
        self.images(code).min().unwrap_or_else(|| code.to_vec())
    }

    /// The labelling a code stands for.
    pub fn labelling(&self, code: &[u8]) -> Labelling {
        Labelling(
            self.cells
                .iter()
                .zip(code)
                .filter_map(|(&c, &k)| Some((c, self.labels.get(k as usize)?.clone())))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use dlx_core::Dlx;

    use super::*;
    use crate::hexiamonds::one_sided;

    #[test]
    fn stabilisers_have_the_expected_orders() {
        let orders: Vec<(i32, usize)> = subcases(BREAKER)
            .iter()
            .map(|s| (s.d2, s.group.len()))
            .collect();
        assert_eq!(
            orders,
            [(0, 12), (1, 2), (3, 2), (4, 2), (7, 1), (9, 2), (12, 2)]
        );
        let points: usize = subcases(BREAKER).iter().map(|s| s.points).sum();
        assert_eq!(points, 43);
        let c = &subcases(BREAKER)[4];
        assert_eq!((c.o, c.breaker.as_deref()), (SUBCASE_C, None));
        assert_eq!(d6().len(), 12);
    }

    #[test]
    fn subcase_c_is_the_papers_matrix() {
        let c = subcases(BREAKER)
            .into_iter()
            .find(|s| s.d2 == 7)
            .unwrap()
            .puzzle()
            .build()
            .unwrap();
        let paper = crate::problems::hexagon_c().build().unwrap();
        assert_eq!(c.placements, paper.placements);
    }

    #[test]
    fn the_breaker_keeps_one_placement_per_orbit_and_more_where_fixed() {
        for s in subcases(BREAKER) {
            let placed = s.puzzle().build().unwrap();
            let full = crate::problems::hexagon_with_o_at(s.o).build().unwrap();
            let kept = placed.placements.iter().filter(|p| p.label == BREAKER);
            let kept: BTreeSet<Vec<Cell>> = kept
                .map(|p| {
                    let mut c = p.cells.clone();
                    c.sort_unstable();
                    c
                })
                .collect();
            let centre = (5, 5);
            // Every placement of the full puzzle has exactly one image among those kept.
            for p in full.placements.iter().filter(|p| p.label == BREAKER) {
                let images: BTreeSet<Vec<Cell>> = s
                    .group
                    .iter()
                    .map(|&g| {
                        let mut c: Vec<Cell> = p.cells.iter().map(|&x| g.cell(centre, x)).collect();
                        c.sort_unstable();
                        c
                    })
                    .collect();
                assert_eq!(images.intersection(&kept).count(), 1, "d2 = {}", s.d2);
            }
        }
    }

    /// A random-looking labelling of the hexagon: every cell gets a label by a hash.
    fn scrambled(board: &Board, labels: &[String]) -> Labelling {
        Labelling(
            board
                .cells()
                .enumerate()
                .map(|(k, c)| (c, labels[(k * 7 + k * k) % labels.len()].clone()))
                .collect(),
        )
    }

    #[test]
    fn canonical_forms_are_invariant_under_the_group() {
        let board = Board::obeirne_hexagon();
        let labels: Vec<String> = one_sided_set().pieces.into_iter().map(|p| p.0).collect();
        let canon = Canon::new(&board, &labels, &d6()).unwrap();
        let code = canon.code(&scrambled(&board, &labels));
        let want = canon.canonical(&code);
        for image in canon.images(&code) {
            assert_eq!(canon.canonical(&image), want);
        }
        assert_eq!(canon.images(&code).collect::<BTreeSet<_>>().len(), 12);
        assert_eq!(canon.code(&canon.labelling(&code)), code);
        // A reflection maps labels to their mirror images.
        let mirrored = canon.images(&code).nth(6).unwrap();
        let count = |code: &[u8], label: &str| {
            let k = labels.iter().position(|l| l == label).unwrap() as u8;
            code.iter().filter(|&&x| x == k).count()
        };
        assert_eq!(count(&code, "P"), count(&mirrored, "P'"));
        assert_eq!(count(&code, "X"), count(&mirrored, "X"));
        assert!(Canon::new(&Board::rhombus(2, 2).unwrap(), &labels, &d6()).is_none());
    }

    /// The regular hexagon of side 3 around (5, 5): 54 triangles.
    fn small_hexagon() -> Board {
        let mut cells = Vec::new();
        for x in 0..12 {
            for y in 0..12 {
                for c in [Cell::up(x, y), Cell::down(x, y)] {
                    let inside = c.vertices().iter().all(|&(a, b)| {
                        let (u, v) = (a - 5, b - 5);
                        u.abs().max(v.abs()).max((u + v).abs()) <= 3
                    });
                    if inside {
                        cells.push(c);
                    }
                }
            }
        }
        Board::new(cells).unwrap().with_centre((5, 5))
    }

    /// Nine one-sided pieces, closed under reflection (54 triangles).
    fn small_set(labels: &[&str]) -> PieceSet {
        PieceSet {
            pieces: labels
                .iter()
                .map(|l| (l.to_string(), one_sided(l).unwrap()))
                .collect(),
        }
    }

    /// Orbits found by the broken search (deduplicated by canonical form), solutions it
    /// found, and orbits found by the unbroken search with Burnside's count over G.
    fn broken_and_brute(
        board: &Board,
        set: &PieceSet,
        o: Point,
        breaker: &str,
    ) -> (usize, u64, u64) {
        let group = stabiliser((5, 5), o);
        let labels: Vec<String> = set.pieces.iter().map(|p| p.0.clone()).collect();
        let canon = Canon::new(board, &labels, &group).unwrap();
        let codes = |breaker: Option<&str>| {
            let placed = broken_puzzle(board.clone(), set.clone(), o, &group, breaker)
                .build()
                .unwrap();
            Dlx::new(&placed.matrix)
                .solve()
                .iter()
                .map(|s| canon.code(&placed.labelling(&s)))
                .collect::<Vec<_>>()
        };
        let broken = codes(Some(breaker));
        let orbits: BTreeSet<Vec<u8>> = broken.iter().map(|c| canon.canonical(c)).collect();
        // Burnside: the number of orbits is the average number of solutions each symmetry fixes.
        let all = codes(None);
        let fixed: usize = all
            .iter()
            .map(|c| canon.images(c).filter(|i| i == c).count())
            .sum();
        assert_eq!(fixed % group.len(), 0);
        // Every solution of the unbroken search has its orbit among the broken search's.
        assert!(all.iter().all(|c| orbits.contains(&canon.canonical(c))));
        (
            orbits.len(),
            broken.len() as u64,
            (fixed / group.len()) as u64,
        )
    }

    #[test]
    fn broken_counts_agree_with_burnside_on_a_small_hexagon() {
        let board = small_hexagon();
        assert_eq!(board.len(), 54);
        // With O: the 36 solutions split by O's position, each class broken by its stabiliser.
        let set = small_set(&["O", "X", "C", "V", "E", "G", "G'", "H", "H'"]);
        let mut classes = 0;
        for o in [(5, 5), (6, 5), (6, 6), (7, 5), (7, 4)] {
            let group = stabiliser((5, 5), o);
            for breaker in ["X", "C", "V", "E"] {
                let (orbits, found, burnside) = broken_and_brute(&board, &set, o, breaker);
                assert_eq!(orbits as u64, burnside, "{o:?} {breaker}");
                assert!(found >= orbits as u64);
                if orbits > 0 && group.len() > 1 {
                    classes += 1;
                }
            }
        }
        assert!(classes >= 4, "too few cases with solutions and symmetry");
        // Without O, the whole group D6 is broken by one piece (O's point is the centre).
        let set = small_set(&["C", "V", "E", "G", "G'", "H", "H'", "J", "J'"]);
        for breaker in ["C", "V", "E"] {
            let (orbits, found, burnside) = broken_and_brute(&board, &set, (5, 5), breaker);
            assert_eq!(orbits as u64, burnside, "{breaker}");
            assert!(orbits > 0 && found >= orbits as u64 && found < 144);
        }
    }
}
