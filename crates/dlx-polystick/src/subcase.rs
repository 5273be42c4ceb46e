//! Splitting a puzzle by the place of one piece, with the symmetry left in each part broken.
//!
//! Fixing a piece at one representative of each orbit of its placements under the board's
//! symmetries splits the search into subcases that together meet every class of solutions.
//! A representative that some symmetries map onto itself (its *stabiliser*) leaves those
//! symmetries in its subcase, which would find each class up to |stabiliser| times; a second
//! piece, the *breaker*, is then kept only at the least placement of each of its orbits under
//! the stabiliser ([`Puzzle::restrict_to_orbit_minima`]). Classes are counted afterwards with
//! [`crate::orbits`], so the count is exact whatever the breaker's own symmetric placements do.
//!
//! ```
//! use dlx_core::Dlx;
//! use dlx_polystick::{Board, Puzzle, orbits, parse_piece_set, subcase::subcases};
//!
//! // Figure 13: the ten one-sided welded tetrasticks in the 4x4 grid, 3 classes.
//! let puzzle = Puzzle::new(Board::grid(4, 4)?, parse_piece_set("one-sided-welded")?);
//! let mut found = Vec::new();
//! for sub in subcases(&puzzle, "X", Some("T"))? {
//!     let (built, x_row) = sub.build()?;
//!     let mut dlx = Dlx::new(&built.matrix);
//!     for s in dlx.solve().fix([x_row]).expect("X fits the board").iter() {
//!         let mut rows = s.sorted_options();
//!         rows.push(x_row);
//!         found.push(built.arrangement_of(rows));
//!     }
//! }
//! assert_eq!(orbits(&found, &puzzle.board, &puzzle.pieces).classes, 3);
//! # Ok::<(), dlx_polystick::PolystickError>(())
//! ```

use std::collections::BTreeMap;

use dlx_core::OptionId;

use crate::board::Transform;
use crate::error::PolystickError;
use crate::puzzle::{PolystickMatrix, Puzzle};
use crate::stick::Seg;

/// One part of the split: the fixed piece at one place, standing for its orbit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subcase {
    /// The fixed piece's name.
    pub piece: String,
    /// Its place, sorted segments: the least of its orbit.
    pub place: Vec<Seg>,
    /// How many placements of the piece this one stands for (the size of its orbit).
    pub orbit: usize,
    /// The board symmetries that map the place onto itself, identity first.
    pub stabiliser: Vec<Transform>,
    /// The puzzle of this subcase: the breaker, if any, restricted under the stabiliser.
    pub puzzle: Puzzle,
}

impl Subcase {
    /// Builds the subcase's matrix and finds the fixed piece's row, to be fixed
    /// ([`dlx_core::Solve::fix`]) before the search.
    pub fn build(&self) -> Result<(PolystickMatrix, OptionId), PolystickError> {
        let built = self.puzzle.build()?;
        let row = built
            .placements
            .iter()
            .position(|pl| built.pieces[pl.piece].name() == self.piece && pl.segs == self.place)
            .ok_or_else(|| PolystickError::PieceNotInPuzzle {
                name: self.piece.clone(),
            })?;
        Ok((built, row))
    }
}

/// The subcases of a puzzle by the place of `piece`, one per orbit of its placements under
/// the board's symmetries, in the order of their least placements. With a `breaker`, each
/// subcase whose stabiliser is more than the identity keeps the breaker only at the least
/// placement of each of its orbits under that stabiliser. The breaker must be a piece that
/// every symmetry of the stabiliser maps onto itself (not a chiral one-sided piece when the
/// stabiliser holds a reflection); otherwise this fails with
/// [`PolystickError::NotInvariant`].
pub fn subcases(
    puzzle: &Puzzle,
    piece: &str,
    breaker: Option<&str>,
) -> Result<Vec<Subcase>, PolystickError> {
    let k = puzzle.piece_index(piece)?;
    let symmetries = puzzle.board.symmetries();
    let mut orbits: BTreeMap<Vec<Seg>, usize> = BTreeMap::new();
    for pl in puzzle.placements() {
        if pl.piece != k {
            continue;
        }
        let least = symmetries
            .iter()
            .map(|t| t.image(&pl.segs))
            .min()
            .expect("the identity is a symmetry");
        *orbits.entry(least).or_default() += 1;
    }
    orbits
        .into_iter()
        .map(|(place, orbit)| {
            let stabiliser = puzzle.board.stabiliser(&place);
            let puzzle = match breaker {
                Some(b) if stabiliser.len() > 1 => {
                    puzzle.clone().restrict_to_orbit_minima(b, &stabiliser)?
                }
                _ => puzzle.clone(),
            };
            Ok(Subcase {
                piece: piece.to_string(),
                place,
                orbit,
                stabiliser,
                puzzle,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::orbits;
    use crate::piece::parse_piece_set;
    use dlx_core::Dlx;

    fn welded_4x4() -> Puzzle {
        Puzzle::new(
            Board::grid(4, 4).unwrap(),
            parse_piece_set("one-sided-welded").unwrap(),
        )
    }

    /// Solutions of every subcase (the fixed row included) and their total.
    fn solve(subs: &[Subcase]) -> (Vec<crate::Arrangement>, Vec<u64>) {
        let mut all = Vec::new();
        let mut per = Vec::new();
        for sub in subs {
            let (built, row) = sub.build().unwrap();
            let mut dlx = Dlx::new(&built.matrix);
            let before = all.len();
            for s in dlx.solve().fix([row]).unwrap().iter() {
                let mut rows = s.sorted_options();
                rows.push(row);
                all.push(built.arrangement_of(rows));
            }
            per.push((all.len() - before) as u64);
        }
        (all, per)
    }

    #[test]
    fn the_orbits_of_x_cover_its_places_and_stabilisers_match_them() {
        let p = welded_4x4();
        let subs = subcases(&p, "X", None).unwrap();
        // X's 9 places in the 4x4 grid: the centre, 4 edge midpoints, 4 corners.
        let orbits: Vec<usize> = subs.iter().map(|s| s.orbit).collect();
        assert_eq!(orbits.iter().sum::<usize>(), 9);
        for s in &subs {
            // Orbit-stabiliser: |orbit| x |stabiliser| = |group| = 8.
            assert_eq!(s.orbit * s.stabiliser.len(), 8, "{:?}", s.place);
        }
    }

    #[test]
    fn breaking_finds_every_class_with_fewer_solutions() {
        let p = welded_4x4();
        let plain = subcases(&p, "X", None).unwrap();
        let broken = subcases(&p, "X", Some("T")).unwrap();
        let (plain_found, plain_per) = solve(&plain);
        let (broken_found, broken_per) = solve(&broken);
        let classes = |found: &[crate::Arrangement]| orbits(found, &p.board, &p.pieces).classes;
        assert_eq!(classes(&plain_found), 3);
        assert_eq!(classes(&broken_found), 3);
        // Breaking only removes solutions, and removes some where the stabiliser is not
        // trivial.
        assert!(broken_per.iter().zip(&plain_per).all(|(b, p)| b <= p));
        assert!(broken_found.len() < plain_found.len());
        // Unbroken, a subcase holds exactly the images of the solutions with X at any place
        // of its orbit, so weighting by the orbits gives the whole search's 16 solutions.
        let weighted: u64 = plain
            .iter()
            .zip(&plain_per)
            .map(|(s, &n)| s.orbit as u64 * n)
            .sum();
        assert_eq!(weighted, 16);
    }

    #[test]
    fn a_chiral_one_sided_breaker_cannot_break_a_reflection() {
        let p = welded_4x4();
        let err = subcases(&p, "X", Some("F")).unwrap_err();
        assert!(
            matches!(err, PolystickError::NotInvariant { ref piece, .. } if piece == "F"),
            "{err}"
        );
        assert!(err.to_string().contains("chiral"), "{err}");
        assert!(matches!(
            subcases(&p, "Q", None),
            Err(PolystickError::PieceNotInPuzzle { .. })
        ));
    }
}
