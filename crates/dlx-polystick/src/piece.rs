//! Pieces: the 16 tetrasticks with the paper's names, their orientations, and the free and
//! one-sided piece sets the paper uses.
//!
//! Names follow the paper's historical note 3 (Barwell's names with his U, J, C renamed J, R,
//! U). A mirror image is written with a prime, `F'`; its base segments are the x↔y
//! reflection of the unprimed piece's.

use std::collections::BTreeMap;

use crate::error::PolystickError;
use crate::stick::{Point, Seg, Symmetry, normalize, straight_points};

/// The 16 tetrasticks: name and base segments (`docs/paper-conventions.md`, "The 16 tetrasticks").
pub const TETRASTICKS: [(&str, [&str; 4]); 16] = [
    ("F", ["H00", "H01", "V00", "V01"]),
    ("H", ["H00", "H01", "H10", "V10"]),
    ("I", ["H00", "H10", "H20", "H30"]),
    ("J", ["H00", "H01", "H10", "V00"]),
    ("L", ["H00", "H10", "H20", "V00"]),
    ("N", ["H00", "H10", "H21", "V20"]),
    ("O", ["H00", "H01", "V00", "V10"]),
    ("P", ["H00", "H01", "V00", "V11"]),
    ("R", ["H00", "H11", "V10", "V11"]),
    ("S", ["H00", "H12", "V10", "V11"]),
    ("T", ["H00", "H10", "V10", "V11"]),
    ("U", ["H00", "H02", "V00", "V01"]),
    ("V", ["H00", "H10", "V00", "V01"]),
    ("W", ["H00", "H11", "V10", "V21"]),
    ("X", ["H01", "H11", "V10", "V11"]),
    ("Y", ["H00", "H10", "H20", "V10"]),
];

/// A polystick: a name, a base shape, and whether it may be turned over.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    name: String,
    base: Vec<Seg>,
    one_sided: bool,
}

impl Piece {
    /// A piece from its base segments (translated so its lowest coordinates are 0).
    /// A free piece may be turned over; a one-sided piece only rotated.
    ///
    /// # Panics
    /// If the segments spread over more than `i32::MAX` in x or y ([`crate::stick::normalize`]).
    pub fn new(name: impl Into<String>, base: &[Seg], one_sided: bool) -> Self {
        Piece {
            name: name.into(),
            base: normalize(base),
            one_sided,
        }
    }

    /// The piece's name, e.g. `F` or `F'`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The base segments, sorted.
    pub fn base(&self) -> &[Seg] {
        &self.base
    }

    /// True when the piece may only be rotated, not turned over.
    pub fn is_one_sided(&self) -> bool {
        self.one_sided
    }

    /// The same shape, rotations only.
    pub fn one_sided(&self) -> Piece {
        Piece {
            one_sided: true,
            ..self.clone()
        }
    }

    /// The same shape, turned over allowed.
    pub fn free(&self) -> Piece {
        Piece {
            one_sided: false,
            ..self.clone()
        }
    }

    /// The mirror image as a one-sided piece: the base reflected in x = y, named with a
    /// prime added (or removed, for a primed piece).
    pub fn mirror(&self) -> Piece {
        let name = match self.name.strip_suffix('\'') {
            Some(plain) => plain.to_string(),
            None => format!("{}'", self.name),
        };
        let flip = Symmetry {
            reflect: true,
            turns: 0,
        };
        let segs: Vec<Seg> = self.base.iter().map(|s| s.apply(flip)).collect();
        Piece::new(name, &segs, true)
    }

    /// The shape under each of the eight symmetries (normalised, duplicates kept), in the
    /// order of [`Symmetry::all`].
    pub fn images(&self) -> Vec<Vec<Seg>> {
        Symmetry::all()
            .iter()
            .map(|&s| {
                let segs: Vec<Seg> = self.base.iter().map(|g| g.apply(s)).collect();
                normalize(&segs)
            })
            .collect()
    }

    /// The distinct orientations the piece may take: the rotations of the base and, for a
    /// free piece, of its reflection. Duplicates are dropped; order is generation order.
    pub fn orientations(&self) -> Vec<Vec<Seg>> {
        let n = if self.one_sided { 4 } else { 8 };
        let mut out: Vec<Vec<Seg>> = Vec::new();
        for img in self.images().into_iter().take(n) {
            if !out.contains(&img) {
                out.push(img);
            }
        }
        out
    }

    /// True when the mirror image is not a rotation of the piece.
    pub fn is_chiral(&self) -> bool {
        let images = self.images();
        !images[..4].contains(&images[4])
    }

    /// True for a *welded* piece: one with a point where three or more of its segments meet.
    pub fn is_welded(&self) -> bool {
        let mut degree: BTreeMap<Point, usize> = BTreeMap::new();
        for s in &self.base {
            for p in s.ends() {
                *degree.entry(p).or_default() += 1;
            }
        }
        degree.values().any(|&d| d >= 3)
    }

    /// The points the base shape passes straight through.
    pub fn straight_points(&self) -> Vec<Point> {
        straight_points(&self.base)
    }
}

/// A tetrastick by name: `F` (free) or `F'` (the one-sided mirror image of F; the unprimed
/// name then still denotes the free piece, see [`one_sided`]).
pub fn tetrastick(name: &str) -> Result<Piece, PolystickError> {
    let plain = name.strip_suffix('\'').unwrap_or(name);
    let (_, segs) = TETRASTICKS
        .iter()
        .find(|(n, _)| *n == plain)
        .ok_or_else(|| PolystickError::UnknownPiece {
            name: name.to_string(),
        })?;
    let segs: Vec<Seg> = segs
        .iter()
        .map(|s| s.parse().expect("the tetrastick table is well formed"))
        .collect();
    let piece = Piece::new(plain, &segs, false);
    if plain == name {
        Ok(piece)
    } else if piece.is_chiral() {
        Ok(piece.mirror())
    } else {
        Err(PolystickError::NoMirror {
            name: plain.to_string(),
        })
    }
}

/// The 16 free tetrasticks, in alphabetical order.
pub fn tetrasticks() -> Vec<Piece> {
    TETRASTICKS
        .iter()
        .map(|(n, _)| tetrastick(n).expect("table names resolve"))
        .collect()
}

/// The one-sided set made from free pieces: each piece rotations only, each chiral one
/// followed by its mirror image (F F' H H' ...).
pub fn one_sided(pieces: &[Piece]) -> Vec<Piece> {
    pieces
        .iter()
        .flat_map(|p| {
            let first = p.one_sided();
            if p.is_chiral() {
                vec![first, p.mirror()]
            } else {
                vec![first]
            }
        })
        .collect()
}

/// The six welded tetrasticks F H R T X Y (free).
pub fn welded() -> Vec<Piece> {
    tetrasticks().into_iter().filter(Piece::is_welded).collect()
}

/// The ten unwelded tetrasticks I J L N O P S U V W (free).
pub fn unwelded() -> Vec<Piece> {
    tetrasticks()
        .into_iter()
        .filter(|p| !p.is_welded())
        .collect()
}

/// Reads a piece set: words separated by spaces or commas.
///
/// * a tetrastick name `F` or a mirror image `F'`; a chiral piece whose mirror image is in
///   the set too becomes one-sided;
/// * `all` (the 16 free tetrasticks), `welded`, `unwelded`, and `one-sided`,
///   `one-sided-welded`, `one-sided-unwelded` (25, 10 and 15 pieces);
/// * `-F` leaves a piece out of what is listed before it.
///
/// ```
/// let set = dlx_polystick::parse_piece_set("all -L")?;
/// assert_eq!(set.len(), 15);
/// let set = dlx_polystick::parse_piece_set("one-sided-welded")?;
/// let names: Vec<&str> = set.iter().map(|p| p.name()).collect();
/// assert_eq!(names, ["F", "F'", "H", "H'", "R", "R'", "T", "X", "Y", "Y'"]);
/// # Ok::<(), dlx_polystick::PolystickError>(())
/// ```
pub fn parse_piece_set(text: &str) -> Result<Vec<Piece>, PolystickError> {
    let mut set: Vec<Piece> = Vec::new();
    for word in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        let add: Vec<Piece> = match word {
            "all" => tetrasticks(),
            "welded" => welded(),
            "unwelded" => unwelded(),
            "one-sided" => one_sided(&tetrasticks()),
            "one-sided-welded" => one_sided(&welded()),
            "one-sided-unwelded" => one_sided(&unwelded()),
            _ => {
                if let Some(name) = word.strip_prefix('-') {
                    tetrastick(name)?;
                    let before = set.len();
                    set.retain(|p| p.name() != name);
                    if set.len() == before {
                        return Err(PolystickError::BadPieceSet {
                            text: text.to_string(),
                            reason: format!("`{word}`: {name} is not in the set listed before it"),
                        });
                    }
                    continue;
                }
                vec![tetrastick(word)?]
            }
        };
        for p in add {
            if set.iter().any(|q| q.name() == p.name()) {
                return Err(PolystickError::DuplicatePiece {
                    name: p.name().to_string(),
                });
            }
            set.push(p);
        }
    }
    if set.is_empty() {
        return Err(PolystickError::BadPieceSet {
            text: text.to_string(),
            reason: "no pieces".to_string(),
        });
    }
    // A chiral piece listed together with its mirror image is one-sided.
    let names: Vec<String> = set.iter().map(|p| p.name().to_string()).collect();
    for p in &mut set {
        if !p.is_one_sided() && names.iter().any(|n| *n == format!("{}'", p.name())) {
            *p = p.one_sided();
        }
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segs(names: &[&str]) -> Vec<Seg> {
        names.iter().map(|n| n.parse().unwrap()).collect()
    }

    #[test]
    fn orientation_counts_follow_the_reference_table() {
        // name, free / one-sided orientations (`docs/paper-conventions.md`, "The 16 tetrasticks").
        let expected = [
            ("F", 8, 4),
            ("H", 8, 4),
            ("I", 2, 2),
            ("J", 8, 4),
            ("L", 8, 4),
            ("N", 8, 4),
            ("O", 1, 1),
            ("P", 8, 4),
            ("R", 8, 4),
            ("S", 4, 2),
            ("T", 4, 4),
            ("U", 4, 4),
            ("V", 4, 4),
            ("W", 4, 4),
            ("X", 1, 1),
            ("Y", 8, 4),
        ];
        let pieces = tetrasticks();
        assert_eq!(pieces.len(), expected.len());
        for (p, (name, free, sided)) in pieces.iter().zip(expected) {
            assert_eq!(p.name(), name);
            assert_eq!(p.orientations().len(), free, "{name} free");
            assert_eq!(
                p.one_sided().orientations().len(),
                sided,
                "{name} one-sided"
            );
        }
    }

    #[test]
    fn straight_through_points_follow_the_reference_table() {
        let expected: [(&str, &[(i32, i32)]); 16] = [
            ("F", &[(0, 1)]),
            ("H", &[(1, 0)]),
            ("I", &[(1, 0), (2, 0), (3, 0)]),
            ("J", &[(1, 0)]),
            ("L", &[(1, 0), (2, 0)]),
            ("N", &[(1, 0)]),
            ("O", &[]),
            ("P", &[]),
            ("R", &[(1, 1)]),
            ("S", &[(1, 1)]),
            ("T", &[(1, 0), (1, 1)]),
            ("U", &[(0, 1)]),
            ("V", &[(0, 1), (1, 0)]),
            ("W", &[]),
            ("X", &[(1, 1)]),
            ("Y", &[(1, 0), (2, 0)]),
        ];
        for (name, points) in expected {
            let p = tetrastick(name).unwrap();
            let want: Vec<Point> = points.iter().map(|&(x, y)| Point::new(x, y)).collect();
            assert_eq!(p.straight_points(), want, "{name}");
        }
    }

    #[test]
    fn welded_chiral_and_imbalanced_pieces_are_identified() {
        let names = |v: Vec<Piece>| v.iter().map(|p| p.name().to_string()).collect::<String>();
        assert_eq!(names(welded()), "FHRTXY");
        assert_eq!(names(unwelded()), "IJLNOPSUVW");
        let chiral: String = tetrasticks()
            .iter()
            .filter(|p| p.is_chiral())
            .map(|p| p.name().to_string())
            .collect();
        assert_eq!(chiral, "FHJLNPRSY");
        // Three segments in one direction and one in the other: the five of Figure 11.
        let imbalanced: String = tetrasticks()
            .iter()
            .filter(|p| {
                let h = p.base().iter().filter(|s| s.dir == crate::Dir::H).count();
                h == 1 || h == 3
            })
            .map(|p| p.name().to_string())
            .collect();
        assert_eq!(imbalanced, "HJLNY");
    }

    #[test]
    fn one_sided_sets_have_25_10_and_15_pieces() {
        assert_eq!(one_sided(&tetrasticks()).len(), 25);
        assert_eq!(one_sided(&welded()).len(), 10);
        let unwelded: Vec<String> = one_sided(&unwelded())
            .iter()
            .map(|p| p.name().to_string())
            .collect();
        assert_eq!(unwelded.join(" "), "I J J' L L' N N' O P P' S S' U V W");
    }

    #[test]
    fn a_mirror_image_is_the_x_y_reflection() {
        let f2 = tetrastick("F'").unwrap();
        assert_eq!(f2.base(), segs(&["H00", "H10", "V00", "V10"]).as_slice());
        assert!(f2.is_one_sided());
        assert_eq!(f2.mirror().name(), "F");
        // Its rotations are exactly the free F's turned-over orientations.
        let f = tetrastick("F").unwrap();
        let mut turned = f.images()[4..].to_vec();
        turned.dedup();
        for o in f2.orientations() {
            assert!(turned.contains(&o));
            assert!(!f.one_sided().orientations().contains(&o));
        }
    }

    #[test]
    fn piece_set_errors_name_the_piece() {
        assert_eq!(
            parse_piece_set("F Q"),
            Err(PolystickError::UnknownPiece {
                name: "Q".to_string()
            })
        );
        assert_eq!(
            parse_piece_set("T'"),
            Err(PolystickError::NoMirror {
                name: "T".to_string()
            })
        );
        assert!(matches!(
            parse_piece_set("all F"),
            Err(PolystickError::DuplicatePiece { .. })
        ));
        assert!(matches!(
            parse_piece_set("F -L"),
            Err(PolystickError::BadPieceSet { .. })
        ));
        assert!(matches!(
            parse_piece_set(" , "),
            Err(PolystickError::BadPieceSet { .. })
        ));
    }

    #[test]
    fn a_piece_listed_with_its_mirror_becomes_one_sided() {
        let set = parse_piece_set("F F' T").unwrap();
        assert!(set[0].is_one_sided());
        assert!(set[1].is_one_sided());
        assert!(!set[2].is_one_sided());
        let set = parse_piece_set("F T").unwrap();
        assert!(!set[0].is_one_sided());
    }
}
