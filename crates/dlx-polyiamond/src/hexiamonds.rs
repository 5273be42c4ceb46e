//! The twelve hexiamonds and the nineteen one-sided hexiamonds.
//!
//! Letters and base cells are those of `docs/paper-conventions.md` ("The twelve
//! hexiamonds"); the names are O'Beirne's where they are certain. A primed label (`P'`) is the mirror image of the base
//! cells (x and y swapped), turned only by rotations.

use crate::shape::Shape;

/// One hexiamond as a free piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hexiamond {
    /// The one-letter label used as the piece's column name.
    pub label: char,
    /// O'Beirne's name, or a description when his name for it is uncertain.
    pub name: &'static str,
    /// The base orientation, as cell names.
    pub base: &'static str,
}

impl Hexiamond {
    /// The base orientation.
    pub fn shape(&self) -> Shape {
        Shape::parse(self.base).expect("the hexiamond table is well formed")
    }
}

/// The twelve hexiamonds, in the order of the table in `docs/paper-conventions.md`.
pub const HEXIAMONDS: [Hexiamond; 12] = [
    Hexiamond {
        label: 'I',
        name: "bar",
        base: "00 00* 01 01* 02 02*",
    },
    Hexiamond {
        label: 'P',
        name: "sphinx",
        base: "00 00* 01 01* 02 10",
    },
    Hexiamond {
        label: 'F',
        name: "yacht",
        base: "00 00* 01 01* 10 11",
    },
    Hexiamond {
        label: 'E',
        name: "lobster",
        base: "00 00* 01 01* 10 10*",
    },
    Hexiamond {
        label: 'C',
        name: "chevron",
        base: "00 00* 01 01* 11 11*",
    },
    Hexiamond {
        label: 'V',
        name: "crown",
        base: "00* 01 01* 02 02* 11",
    },
    Hexiamond {
        label: 'G',
        name: "hook",
        base: "00 00* 01 01* 10* 11",
    },
    Hexiamond {
        label: 'H',
        name: "signpost",
        base: "00* 01 01* 02 02* 10",
    },
    Hexiamond {
        label: 'J',
        name: "crook",
        base: "00* 01 01* 02 11 11*",
    },
    Hexiamond {
        label: 'O',
        name: "hexagon",
        base: "00* 01 01* 10 10* 11",
    },
    Hexiamond {
        label: 'S',
        name: "snake",
        base: "00* 01 01* 11 11* 12",
    },
    Hexiamond {
        label: 'X',
        name: "butterfly",
        base: "01 01* 02 10* 11 11*",
    },
];

/// The hexiamond with this label (`P`, or `P'` for its one-sided mirror image).
pub fn hexiamond(label: &str) -> Option<Hexiamond> {
    let first = label.chars().next()?;
    HEXIAMONDS.iter().copied().find(|h| h.label == first)
}

/// A free or one-sided piece ready for a puzzle: a column label and its allowed orientations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceSet {
    /// (label, orientations) per piece, in column order.
    pub pieces: Vec<(String, Vec<Shape>)>,
}

/// The twelve free hexiamonds in the given label order (e.g. `"HFSXCIPOJVGE"`), each with
/// all of its distinct orientations.
pub fn free_set(order: &str) -> Option<PieceSet> {
    let pieces = order
        .chars()
        .map(|c| {
            let h = hexiamond(&c.to_string())?;
            Some((c.to_string(), h.shape().orientations()))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(PieceSet { pieces })
}

/// The one-sided piece with label `P` (the rotations of the base cells) or `P'` (the rotations
/// of the mirror image); `None` for an unknown label or a primed achiral piece.
pub fn one_sided(label: &str) -> Option<Vec<Shape>> {
    let h = hexiamond(label)?;
    let base = h.shape();
    match &label[h.label.len_utf8()..] {
        "" => Some(base.rotations()),
        "'" if !base.is_achiral() => Some(base.reflected().rotations()),
        _ => None,
    }
}

/// The verified piece-column order of the hexagon (`docs/paper-conventions.md`, "O'Beirne's
/// hexagon"): it reproduces subcase (c)
/// and the six colour runs, and X precedes O, so its unprimed letters serve the rhombus.
pub const HEXAGON_ORDER: [&str; 19] = [
    "H'", "F", "S'", "X", "C", "I", "S", "P", "I'", "O", "F'", "H", "J", "J'", "V", "G", "P'",
    "G'", "E",
];

/// The 19 one-sided hexiamonds in [`HEXAGON_ORDER`].
pub fn one_sided_set() -> PieceSet {
    PieceSet {
        pieces: HEXAGON_ORDER
            .iter()
            .map(|l| (l.to_string(), one_sided(l).expect("the order names pieces")))
            .collect(),
    }
}

/// The twelve free letters in the order they first appear in [`HEXAGON_ORDER`]:
/// `H F S X C I P O J V G E` (X before O, as the rhombus needs).
pub fn rhombus_order() -> String {
    let mut out = String::new();
    for l in HEXAGON_ORDER {
        let c = l.chars().next().expect("labels are not empty");
        if !out.contains(c) {
            out.push(c);
        }
    }
    out
}

/// A piece set by the name `dlx polyiamond --pieces` gives it: `hexiamonds`, the twelve free
/// ones in [`rhombus_order`], `one-sided`, the nineteen one-sided ones
/// ([`one_sided_set`]), or `none` (for pieces of one's own only); `None` for another name.
///
/// ```
/// use dlx_polyiamond::hexiamonds::named_set;
/// assert_eq!(named_set("hexiamonds").unwrap().pieces.len(), 12);
/// assert_eq!(named_set("one-sided").unwrap().pieces.len(), 19);
/// assert!(named_set("pentiamonds").is_none());
/// ```
pub fn named_set(name: &str) -> Option<PieceSet> {
    match name {
        "hexiamonds" => free_set(&rhombus_order()),
        "one-sided" => Some(one_sided_set()),
        "none" => Some(PieceSet { pieces: Vec::new() }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orientation_counts_match_the_table() {
        let want = [
            ('I', 6, 3),
            ('P', 12, 6),
            ('F', 12, 6),
            ('E', 6, 6),
            ('C', 6, 6),
            ('V', 6, 6),
            ('G', 12, 6),
            ('H', 12, 6),
            ('J', 12, 6),
            ('O', 1, 1),
            ('S', 6, 3),
            ('X', 3, 3),
        ];
        for (h, (label, free, one)) in HEXIAMONDS.iter().zip(want) {
            assert_eq!(h.label, label);
            let s = h.shape();
            assert_eq!(s.len(), 6);
            assert_eq!(s.orientations().len(), free, "{label}");
            assert_eq!(s.rotations().len(), one, "{label}");
        }
        let chiral: String = HEXIAMONDS
            .iter()
            .filter(|h| !h.shape().is_achiral())
            .map(|h| h.label)
            .collect();
        assert_eq!(chiral, "IPFGHJS");
    }

    #[test]
    fn the_twelve_are_distinct_and_connected() {
        let all: Vec<Vec<Shape>> = HEXIAMONDS
            .iter()
            .map(|h| h.shape().orientations())
            .collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert!(a.iter().all(|s| !b.contains(s)));
            }
            let cells = a[0].cells();
            let mut seen = vec![cells[0]];
            let mut k = 0;
            while k < seen.len() {
                for n in seen[k].neighbours() {
                    if cells.contains(&n) && !seen.contains(&n) {
                        seen.push(n);
                    }
                }
                k += 1;
            }
            assert_eq!(seen.len(), 6);
        }
    }

    #[test]
    fn one_sided_i_matches_reference() {
        let names = |v: Vec<Shape>| {
            let mut n: Vec<String> = v.iter().map(Shape::names).collect();
            n.sort();
            n
        };
        let mut want = vec![
            "00 00* 01 01* 02 02*",
            "00* 10 10* 20 20* 30",
            "02* 03 11* 12 20* 21",
        ];
        want.sort();
        assert_eq!(names(one_sided("I").unwrap()), want);
        let mut want = vec![
            "00 00* 10 10* 20 20*",
            "02* 11* 12 20* 21 30",
            "00* 01 01* 02 02* 03",
        ];
        want.sort();
        assert_eq!(names(one_sided("I'").unwrap()), want);
        assert_eq!(one_sided("O'"), None);
        assert_eq!(one_sided("Q"), None);
        let set = one_sided_set();
        assert_eq!(set.pieces.len(), 19);
        // 13 pieces with 6 rotations, 5 with 3, and the hexagon.
        assert_eq!(
            set.pieces.iter().map(|p| p.1.len()).sum::<usize>(),
            13 * 6 + 5 * 3 + 1
        );
        assert_eq!(rhombus_order(), "HFSXCIPOJVGE");
    }
}
