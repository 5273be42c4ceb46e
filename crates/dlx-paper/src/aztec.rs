//! The Aztec diamond of Figure 15 (all 25 one-sided tetrasticks), a search of 1.5 × 10^13
//! updates, split into subcases for a `dlx campaign`, and the tables read from it.
//!
//! The problem is split by the position of X: one representative of each orbit of its
//! placements under the board's 8 symmetries, fixed before the search; where symmetries map
//! that place onto itself, W is kept only at the least placement of each of its orbits under
//! them ([`dlx_polystick::subcase`]). [`split_named`] gives the subcases to
//! `dlx campaign start DIR --problem tetrasticks-aztec --subcases`, which keeps one folder of
//! shards per subcase ([`dlx_campaign`]); `dlx campaign run` searches them, resumably.
//! [`Campaign::read`] adds up what is done and sorts the solutions into classes under the
//! board's symmetries (Wassermann found 107 in 1999; the committed campaign,
//! `results/aztec`, finds the same 107).
//!
//! Summing the shards gives exactly the figures of one unsharded search of each subcase,
//! whatever the number of shards or threads.

mod read;
mod report;

use std::path::{Path, PathBuf};

use dlx_campaign::{NewSubcase, Subcase as CampaignSubcase};
use dlx_core::{Heuristic, OptionId};
use dlx_polystick::{PolystickError, PolystickMatrix, Puzzle, subcases};

use crate::PaperError;
use crate::polystick::named;

pub use read::Campaign;
pub use report::{Report, SubcaseReport};

/// The piece that breaks the symmetry left when X sits on an axis, a diagonal or the centre
/// of the Aztec diamond. W is its own mirror image, so every symmetry of the board maps W's
/// placements onto W's. Monte Carlo (400,000 probes per subcase) put the whole split at about
/// 1e13 updates with W, against 2.5e13 unbroken (T: 1.4e13); the finished search took 1.5e13.
pub const AZTEC_BREAKER: &str = "W";

/// The search's heuristic: the S heuristic, as everywhere in the paper.
const HEURISTIC: Heuristic = Heuristic::Mrv;

/// Default shards per subcase: small enough that a stopped run loses little.
pub const SHARDS: usize = 64;

/// One subcase of a split: a piece (X for the Aztec diamond) fixed at one representative of
/// an orbit of its placements, the breaker (W) restricted under the symmetries that fix that
/// place.
#[derive(Debug, Clone)]
pub struct Subcase {
    /// The fixed piece's row, as the paper writes rows (`X H45 H55 V54 V55 I55`).
    pub label: String,
    /// How many of the piece's placements the representative stands for.
    pub orbit: usize,
    /// How many symmetries of the board fix the piece's place (8 / orbit on a square board).
    pub stabiliser: usize,
    /// The subcase's matrix: the full one less the breaker's rows that the breaking removes.
    pub built: PolystickMatrix,
    /// The fixed piece's row in it, to be fixed before the search.
    pub x_option: OptionId,
}

/// A puzzle's full matrix and its split by the place of `piece`, with `breaker` restricted in
/// each subcase ([`dlx_polystick::subcase`]). Every class of solutions under the board's
/// symmetries has a member in some subcase; a class can be met more than once (a symmetric
/// solution, or the breaker on a place its subcase's symmetries fix), so the classes are
/// counted afterwards with [`dlx_polystick::orbits`].
pub fn split(
    puzzle: &Puzzle,
    piece: &str,
    breaker: Option<&str>,
) -> Result<(PolystickMatrix, Vec<Subcase>), PolystickError> {
    let built = puzzle.build()?;
    let subcases = subcases(puzzle, piece, breaker)?
        .into_iter()
        .map(|sub| {
            let (sub_built, x_option) = sub.build()?;
            Ok(Subcase {
                label: sub_built.row_text(x_option),
                orbit: sub.orbit,
                stabiliser: sub.stabiliser.len(),
                built: sub_built,
                x_option,
            })
        })
        .collect::<Result<_, PolystickError>>()?;
    Ok((built, subcases))
}

/// The Aztec diamond of Figure 15 (the full matrix) and its split by the position of X, with
/// [`AZTEC_BREAKER`] restricted in each subcase: [`split`] of the paper's puzzle.
pub fn aztec_subcases() -> (PolystickMatrix, Vec<Subcase>) {
    x_split("tetrasticks-aztec")
}

/// The spiked diamond (`tetrasticks-aztec-spiked`, not Figure 15's board) split the same way.
pub fn spiked_subcases() -> (PolystickMatrix, Vec<Subcase>) {
    x_split("tetrasticks-aztec-spiked")
}

fn x_split(name: &str) -> (PolystickMatrix, Vec<Subcase>) {
    split(&named(name), "X", Some(AZTEC_BREAKER)).expect("W is its own mirror image")
}

/// Where the campaign's shard files live by default: `$DLX_AZTEC_DIR` if set, else
/// `results/aztec` in the workspace, so `cargo xtask aztec`, the slow snapshot test and
/// `cargo xtask figures` share them. That directory is under version control: the campaign
/// takes longer than one sitting of one machine, and a committed shard is one nobody runs
/// again (a clone resumes where the last commit stopped).
pub fn default_dir() -> PathBuf {
    std::env::var_os("DLX_AZTEC_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/aztec"),
        PathBuf::from,
    )
}

/// Where the finished campaign on the spiked diamond lives: `results/aztec-spiked`.
pub fn spiked_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/aztec-spiked")
}

/// The named problems that declare a split into subcases (`--subcases`): each with the
/// piece whose places split it and the piece that breaks the symmetry left.
pub const SPLITS: [(&str, &str, &str); 3] = [
    ("tetrasticks-aztec", "X", AZTEC_BREAKER),
    ("tetrasticks-aztec-spiked", "X", AZTEC_BREAKER),
    // Figure 13's welded 4x4 grid: three subcases, a few seconds in all.
    ("tetrasticks-welded-4x4", "X", "T"),
];

/// The full matrix and the subcases of a named problem that declares a split ([`SPLITS`]).
pub fn split_of(name: &str) -> Result<(PolystickMatrix, Vec<Subcase>), PaperError> {
    let bad = |reason: String| PaperError::BadParameter {
        name: name.to_string(),
        reason,
    };
    let Some(&(_, piece, breaker)) = SPLITS.iter().find(|(n, _, _)| *n == name) else {
        let names: Vec<&str> = SPLITS.iter().map(|(n, _, _)| *n).collect();
        return Err(bad(format!(
            "declares no split into subcases (those that do: {})",
            names.join(", ")
        )));
    };
    split(&named(name), piece, Some(breaker)).map_err(|e| bad(e.to_string()))
}

/// A named problem split into subcases, ready for a campaign.
#[derive(Debug)]
pub struct PaperSplit {
    /// Its name.
    pub name: String,
    /// What it is and how it is split.
    pub about: String,
    /// The rule of the paper's figures.
    pub heuristic: Heuristic,
    /// The subcases: folders `x1`, `x2`, ... in the order of [`split`].
    pub subcases: Vec<NewSubcase>,
}

/// The split of a named problem that declares one ([`SPLITS`]).
pub fn split_named(name: &str) -> Result<PaperSplit, PaperError> {
    let problem = crate::problem(name)?;
    let subs = split_of(name)?.1;
    let (_, piece, breaker) = SPLITS
        .iter()
        .find(|(n, _, _)| *n == name)
        .expect("split_of");
    Ok(PaperSplit {
        name: name.to_string(),
        about: format!(
            "{}, split by the place of {piece} (one per orbit of the board's symmetries), \
             {breaker} restricted where symmetries fix it",
            problem.about
        ),
        heuristic: HEURISTIC,
        subcases: campaign_subcases(&subs),
    })
}

/// The subcases as a campaign keeps them: folder `x{i}`, X's row as the option fixed.
pub fn campaign_subcases(subs: &[Subcase]) -> Vec<NewSubcase> {
    subs.iter()
        .enumerate()
        .map(|(i, s)| NewSubcase {
            subcase: CampaignSubcase {
                name: format!("x{}", i + 1),
                about: s.label.clone(),
                orbit: s.orbit as u64,
            },
            matrix: s.built.matrix.clone(),
            fixed: vec![s.x_option],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x_splits_figure_15_into_six_places_as_goodger_and_wassermann_do() {
        // 40 points where four segments meet, none at the centre (a square's): two orbits of
        // 4 on the diagonals, four of 8 off them; (4,4) is the centre square's lower left
        // corner.
        let (built, subcases) = aztec_subcases();
        check_split(
            &built,
            &subcases,
            &[4, 4, 8, 8, 8, 8],
            "X H34 H44 V43 V44 I44",
        );
    }

    #[test]
    fn x_splits_the_spiked_diamond_into_nine_places() {
        // 41 interior points: the centre, then points on the axes and diagonals (4 each) and
        // off them (8 each).
        let (built, subcases) = spiked_subcases();
        assert_eq!(built.matrix.options().len(), 2955);
        check_split(
            &built,
            &subcases,
            &[1, 4, 4, 4, 4, 4, 4, 8, 8],
            "X H45 H55 V54 V55 I55",
        );
    }

    /// The orbits of X's places are `orbits` (sorted), `label` is one subcase, and W is cut
    /// as X's stabiliser says.
    fn check_split(built: &PolystickMatrix, subcases: &[Subcase], orbits: &[usize], label: &str) {
        let mut found: Vec<usize> = subcases.iter().map(|s| s.orbit).collect();
        found.sort_unstable();
        assert_eq!(found, orbits);
        assert!(subcases.iter().any(|s| s.label == label), "{label}");
        w_is_cut_by_the_stabiliser(built, subcases);
    }

    fn w_is_cut_by_the_stabiliser(built: &PolystickMatrix, subcases: &[Subcase]) {
        assert!(subcases.iter().all(|s| s.label.starts_with("X ")));
        // W is cut to about 1/|stabiliser| of its rows where X's place has symmetries.
        let w_rows = |b: &PolystickMatrix| {
            b.placements
                .iter()
                .filter(|pl| b.pieces[pl.piece].name() == AZTEC_BREAKER)
                .count()
        };
        let all_w = w_rows(built);
        for s in subcases {
            assert_eq!(s.orbit * s.stabiliser, 8, "{}", s.label);
            assert_eq!(s.built.row_text(s.x_option), s.label);
            let kept = w_rows(&s.built);
            assert!(
                kept * s.stabiliser >= all_w,
                "{}: {kept} of {all_w}",
                s.label
            );
            assert!(
                kept * s.stabiliser < all_w + 8 * s.stabiliser,
                "{}",
                s.label
            );
            if s.stabiliser == 1 {
                assert_eq!(s.built.matrix, built.matrix);
            }
        }
    }
}
