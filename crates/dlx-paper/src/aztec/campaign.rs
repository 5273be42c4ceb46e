//! The campaign: plans every subcase, loads the shards done, searches the rest on every core.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use dlx_core::{Dlx, ShardPlan};
use dlx_polystick::Puzzle;
use thiserror::Error;

use super::report::{Report, SubcaseReport, sum_shards};
use super::shard::Shard;
use super::{AZTEC_BREAKER, HEURISTIC, SHARDS, Subcase, lock, split};
use crate::polystick::named;

/// Why a campaign could not go on.
#[derive(Debug, Error)]
pub enum CampaignError {
    /// The puzzle cannot be split as asked (a piece missing, a breaker that is not
    /// symmetric enough).
    #[error("cannot split the puzzle: {0}")]
    Puzzle(String),
    /// A shard file could not be read, written or trusted.
    #[error("{}: {reason}", file.display())]
    File {
        /// The file.
        file: PathBuf,
        /// What went wrong.
        reason: String,
    },
}

pub(super) fn file_error(file: &Path, reason: impl Into<String>) -> CampaignError {
    CampaignError::File {
        file: file.to_path_buf(),
        reason: reason.into(),
    }
}

/// How to run (or only read) a campaign. One directory holds one campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Campaign {
    /// The puzzle ([`Campaign::new`]: the Aztec diamond with the 25 one-sided tetrasticks).
    pub puzzle: Puzzle,
    /// The report's table: its name (the key of the paper's figures) and its title.
    pub table: (String, String),
    /// How to go on, for the report of an unfinished campaign.
    pub command: String,
    /// The piece whose place splits it (X).
    pub piece: String,
    /// The piece that breaks the symmetry left in a subcase (W), if any.
    pub breaker: Option<String>,
    /// Where the shard files live.
    pub dir: PathBuf,
    /// Shards per subcase.
    pub shards: usize,
    /// Shards searched at once, one thread each (0 = one per core).
    pub threads: usize,
    /// Only this subcase (1-based), if given.
    pub only: Option<usize>,
    /// False to read what is done without searching (`--status`).
    pub search: bool,
}

impl Campaign {
    /// The Aztec diamond campaign in `dir`: split by X, W breaking what symmetry is left,
    /// [`SHARDS`] shards per subcase, every core, every subcase.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Campaign {
            puzzle: named("tetrasticks-aztec"),
            table: (
                "tetrasticks-aztec-search".to_string(),
                "3(d) All 25 one-sided tetrasticks in the Aztec diamond (Figure 15): the search"
                    .to_string(),
            ),
            command: "cargo xtask aztec".to_string(),
            piece: "X".to_string(),
            breaker: Some(AZTEC_BREAKER.to_string()),
            dir: dir.into(),
            shards: SHARDS,
            threads: 0,
            only: None,
            search: true,
        }
    }

    /// The same campaign on the spiked diamond, the order-4 Aztec diamond with a spike at each
    /// tip (every segment joining points with |x| + |y| <= 5): a board of 100 segments once
    /// taken for Figure 15's. Its search is finished and kept in [`spiked_dir`](super::spiked_dir).
    pub fn spiked(dir: impl Into<PathBuf>) -> Self {
        Campaign {
            puzzle: named("tetrasticks-aztec-spiked"),
            table: (
                "tetrasticks-aztec-spiked-search".to_string(),
                "All 25 one-sided tetrasticks in the spiked diamond (not Figure 15): the search"
                    .to_string(),
            ),
            command: "cargo xtask aztec --board spiked".to_string(),
            ..Campaign::new(dir)
        }
    }

    /// The shards searched at once: `threads`, or every core when it is 0.
    pub fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            t => t,
        }
    }

    /// Plans every subcase, loads the shards finished before, searches the others (unless
    /// `search` is off), calling `progress` with a line as each shard finishes, and returns
    /// what is done.
    pub fn run(&self, progress: impl Fn(&str) + Sync) -> Result<Report, CampaignError> {
        fs::create_dir_all(&self.dir).map_err(|e| file_error(&self.dir, e.to_string()))?;
        let (built, subcases) = split(&self.puzzle, &self.piece, self.breaker.as_deref())
            .map_err(|e| CampaignError::Puzzle(e.to_string()))?;
        let chosen: Vec<(usize, Subcase)> = subcases
            .into_iter()
            .enumerate()
            .filter(|(s, _)| self.only.is_none_or(|o| o == s + 1))
            .collect();
        // The plans (Monte Carlo probes of thousands of subproblems) in parallel.
        let planned: Vec<(Dlx, ShardPlan)> = std::thread::scope(|scope| {
            let handles: Vec<_> = chosen
                .iter()
                .map(|(_, sub)| {
                    scope.spawn(move || {
                        let mut dlx = Dlx::new(&sub.built.matrix);
                        dlx.fix(sub.x_option)
                            .expect("X's row is a row of its subcase's matrix");
                        let plan = dlx.shard_plan(HEURISTIC, self.shards);
                        (dlx, plan)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    let (dlx, plan) = h.join().expect("planning does not panic");
                    Ok((dlx, plan.map_err(|e| CampaignError::Puzzle(e.to_string()))?))
                })
                .collect::<Result<_, CampaignError>>()
        })?;
        let mut parts = Vec::new();
        for ((s, sub), (dlx, plan)) in chosen.into_iter().zip(planned) {
            // The breaker is part of the plan's shape: row numbers depend on it.
            let shape = format!(
                "{} {} {}",
                plan.split.paths.len(),
                plan.split.depth,
                self.breaker.as_deref().unwrap_or("-")
            );
            let mut done = Vec::new();
            for k in 1..=plan.shards {
                done.push(Shard::load(
                    &self.file(s + 1, k),
                    &shape,
                    dlx.fingerprint(),
                )?);
            }
            parts.push(Part {
                number: s + 1,
                sub,
                dlx,
                plan,
                shape,
                done,
            });
        }
        if self.search {
            self.run_pending(&mut parts, &progress)?;
        }
        let complete =
            self.only.is_none() && parts.iter().all(|p| p.done.iter().all(Option::is_some));
        let subcases = parts
            .into_iter()
            .map(|p| {
                let shards = p.done.len();
                // The plan's Monte Carlo sizes of the shards, done and in all.
                let estimate = (
                    p.done
                        .iter()
                        .zip(&p.plan.load)
                        .filter(|(d, _)| d.is_some())
                        .fold(0.0, |a, (_, l)| a + l),
                    p.plan.load.iter().sum::<f64>(),
                );
                let done: Vec<Shard> = p.done.into_iter().flatten().collect();
                let mut stats = sum_shards(done.iter().map(|shard| &shard.stats));
                stats.complete = done.len() == shards;
                // A fold from +0.0: an empty f64 sum is -0.0, which would print as "-0".
                let seconds = done.iter().fold(0.0, |a, shard| a + shard.busy());
                let cpu_shards = done.iter().filter(|s| s.cpu_seconds.is_some()).count();
                let solutions = done
                    .iter()
                    .flat_map(|shard| &shard.solutions)
                    .map(|rows| p.sub.built.arrangement_of(rows.iter().copied()))
                    .collect();
                SubcaseReport {
                    sub: p.sub,
                    shards,
                    shards_done: done.len(),
                    estimate,
                    stats,
                    seconds,
                    cpu_shards,
                    solutions,
                }
            })
            .collect();
        Ok(Report {
            built,
            subcases,
            complete,
            table: self.table.clone(),
            command: self.command.clone(),
        })
    }

    fn file(&self, subcase: usize, k: usize) -> PathBuf {
        self.dir
            .join(format!("x{subcase}-{k}-of-{}.txt", self.shards))
    }

    /// Runs every unfinished shard, one shard per thread (each single-threaded: whole shards
    /// keep every core busy, where the subproblems inside one shard are too uneven to share
    /// well), saving each as it finishes.
    fn run_pending(
        &self,
        parts: &mut [Part],
        progress: &(impl Fn(&str) + Sync),
    ) -> Result<(), CampaignError> {
        let jobs: Vec<(usize, usize)> = parts
            .iter()
            .enumerate()
            .flat_map(|(p, part)| {
                (1..=part.plan.shards)
                    .filter(|&k| part.done[k - 1].is_none())
                    .map(move |k| (p, k))
            })
            .collect();
        let threads = self.thread_count();
        let next = AtomicUsize::new(0);
        let finished = Mutex::new(Vec::new());
        let failed = Mutex::new(None);
        let parts_ref = &*parts;
        std::thread::scope(|scope| {
            for _ in 0..threads.min(jobs.len()) {
                scope.spawn(|| {
                    while let Some(&(p, k)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let part = &parts_ref[p];
                        let shard = Shard::search(part, k);
                        if let Err(e) = shard.save(
                            &self.file(part.number, k),
                            &part.shape,
                            part.dlx.fingerprint(),
                        ) {
                            lock(&failed).get_or_insert(e);
                            break;
                        }
                        progress(&format!(
                            "subcase {} ({}) shard {k}/{}: {} solutions, {} updates, {:.0} s{}",
                            part.number,
                            part.sub.label,
                            part.plan.shards,
                            shard.stats.solutions,
                            shard.stats.updates,
                            shard.seconds,
                            shard
                                .cpu_seconds
                                .map_or(String::new(), |c| format!(" (CPU {c:.0} s)"))
                        ));
                        lock(&finished).push((p, k, shard));
                    }
                });
            }
        });
        if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(e);
        }
        for (p, k, shard) in finished.into_inner().unwrap_or_else(|e| e.into_inner()) {
            parts[p].done[k - 1] = Some(shard);
        }
        Ok(())
    }
}

/// One subcase: its matrix with X fixed, its shard plan and the shards finished so far.
pub(super) struct Part {
    pub(super) number: usize,
    pub(super) sub: Subcase,
    pub(super) dlx: Dlx,
    pub(super) plan: ShardPlan,
    pub(super) shape: String,
    pub(super) done: Vec<Option<Shard>>,
}

#[cfg(test)]
mod tests {
    use super::super::{aztec_subcases, spiked_dir, spiked_subcases, temp_dir};
    use super::*;
    use dlx_core::{OptionId, Stats};
    use dlx_polystick::{Orbits, Symmetry, orbits};

    #[test]
    fn a_whole_campaign_on_figure_13_finds_its_3_classes_and_resumes_without_searching() {
        let dir = temp_dir("figure13");
        let campaign = Campaign {
            puzzle: named("tetrasticks-welded-4x4"),
            piece: "X".to_string(),
            breaker: Some("T".to_string()),
            shards: 3,
            threads: 2,
            ..Campaign::new(&dir)
        };
        let lines = Mutex::new(0);
        let report = campaign.run(|_| *lock(&lines) += 1).unwrap();
        assert!(report.complete);
        assert_eq!(
            report.subcases.len(),
            3,
            "X's places in 4x4: centre, edges, corners"
        );
        assert_eq!(*lock(&lines), 3 * 3, "one line per shard");
        if cfg!(target_os = "linux") {
            // Each shard searched on its worker thread, timed by that thread's CPU clock.
            assert_eq!(report.cpu_shards(), (9, 9));
        }
        assert_eq!(report.classes().classes, 3);
        // Complete, so the table compares the classes with the paper's figure (here the
        // Aztec diamond's 107, which Figure 13 is not meant to meet).
        let text = report.table().render();
        assert!(text.contains("all classes: paper 107; ours 3"), "{text}");
        // The shards add up to exactly one plain search of each subcase.
        let (_, subcases) = split(&campaign.puzzle, "X", Some("T")).unwrap();
        for (done, sub) in report.subcases.iter().zip(&subcases) {
            let mut dlx = Dlx::new(&sub.built.matrix);
            dlx.fix(sub.x_option).unwrap();
            let whole = dlx.count(HEURISTIC);
            assert_eq!(
                (done.stats.solutions, done.stats.updates, done.stats.nodes),
                (whole.solutions, whole.updates, whole.nodes),
                "{}",
                sub.label
            );
        }
        // A second run finds every shard done and searches nothing.
        let again = campaign
            .run(|line| panic!("searched again: {line}"))
            .unwrap();
        assert_eq!(again.total(), report.total());
        assert_eq!(again.classes().classes, 3);
        // Without the breaker the plan differs, and the files say so.
        let unbroken = Campaign {
            breaker: None,
            ..campaign.clone()
        };
        let err = unbroken.run(|_| {}).unwrap_err().to_string();
        assert!(err.contains("another shard plan"), "{err}");
        // A breaker that a reflection turns into another piece is refused.
        let chiral = Campaign {
            breaker: Some("F".to_string()),
            ..campaign
        };
        let err = chiral.run(|_| {}).unwrap_err().to_string();
        assert!(err.contains("cannot split") && err.contains("`F`"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Each primary item of `matrix` exactly once in `rows`, each secondary at most once.
    fn exact_cover(matrix: &dlx_core::Matrix, rows: &[OptionId]) -> Result<(), String> {
        let mut seen = vec![0u32; matrix.items().len()];
        for &r in rows {
            let row = matrix.options().get(r).ok_or(format!("no row {r}"))?;
            for &i in row {
                seen[i] += 1;
            }
        }
        for (item, &n) in matrix.items().iter().zip(&seen) {
            let ok = match item.kind {
                dlx_core::ItemKind::Primary => n == 1,
                dlx_core::ItemKind::Secondary => n <= 1,
            };
            if !ok {
                return Err(format!("item {} covered {n} times", item.name));
            }
        }
        Ok(())
    }

    /// `results/aztec` is under version control (see [`default_dir`]): a change to the
    /// matrix or to the shard plan that makes those files wrong must fail here, not hours
    /// into the next campaign; and every solution they hold must be a solution.
    /// The campaign is complete, and each subcase has as many classes as Goodger's Polyform
    /// Puzzler gives for that place of X (OneSidedTetrasticks5x5DiamondLattice, sub-puzzles A
    /// to F, after Wassermann; 107 in all). His X offsets (4,4) (4,5) (5,5) (4,6) (5,6) (4,7)
    /// lie at squared distances 0.5, 2.5, 4.5, 6.5, 8.5 and 12.5 from the centre (3.5, 3.5)
    /// of his frame, which names our places: the centre square's corners, one place off
    /// them, and so on outwards.
    #[test]
    fn the_committed_shards_fit_the_current_plan_and_hold_exact_covers() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/aztec");
        let report = committed_shards_check(Campaign::new(&dir), aztec_subcases().1);
        let goodger = [
            ("I44", 19), // A, on a diagonal
            ("I34", 36), // B
            ("I33", 11), // C, on a diagonal
            ("I24", 19), // D
            ("I23", 15), // E
            ("I14", 7),  // F
        ];
        // The campaign finished on 2026-11-25: every subcase must stay complete.
        assert!(
            report.complete,
            "the Aztec campaign is finished and committed"
        );
        let by_subcase = classes_by_subcase(&report);
        for (s, ours) in report.subcases.iter().zip(&by_subcase) {
            let place = s.sub.label.rsplit(' ').next().unwrap();
            let (_, classes) = goodger
                .iter()
                .find(|(p, _)| *p == place)
                .unwrap_or_else(|| panic!("X at {place}: not one of Goodger's places"));
            assert_eq!(ours.classes, *classes, "{}", s.sub.label);
        }
        assert_eq!(report.subcases.len(), goodger.len(), "subcases");
        assert_eq!(report.classes().classes, 107, "Wassermann's count");
        // `cargo xtask figures` draws one numbered panel per class, every piece labelled.
        let style = dlx_polystick::draw::SvgStyle::default();
        let figure = crate::polystick::solutions_figure(&style, "f15", "Figure 15", &report)
            .expect("solutions to draw");
        assert_eq!(
            figure.caption,
            "Figure 15: all 107 classes of solutions, one solution of each"
        );
        assert_eq!(figure.svg.matches(r#"font-size="14""#).count(), 107);
        assert_eq!(
            figure.svg.matches(r#"font-weight="bold""#).count(),
            107 * 25
        );
        twins_only_with_w_on_the_axis(&report, &by_subcase);
    }

    #[test]
    fn the_spiked_diamonds_shards_fit_the_current_plan_and_hold_exact_covers() {
        let spiked = Campaign::spiked(spiked_dir());
        let report = committed_shards_check(spiked, spiked_subcases().1);
        assert!(
            report.complete,
            "the spiked diamond's campaign is finished and committed"
        );
        twins_only_with_w_on_the_axis(&report, &classes_by_subcase(&report));
    }

    /// The classes of each subcase's solutions, in the report's order.
    fn classes_by_subcase(report: &Report) -> Vec<Orbits> {
        let (board, pieces) = (&report.built.board, &report.built.pieces);
        let classes = |s: &SubcaseReport| orbits(&s.solutions, board, pieces);
        report.subcases.iter().map(classes).collect()
    }

    /// W keeps one placement per orbit under the symmetries fixing X, so a class is met
    /// twice in its subcase only when that placement lies on their axis (is fixed by the
    /// reflection): then the solution and its mirror image both remain.
    fn twins_only_with_w_on_the_axis(report: &Report, by_subcase: &[Orbits]) {
        let board = &report.built.board;
        for (s, ours) in report.subcases.iter().zip(by_subcase) {
            for (rep, &n) in ours.representatives.iter().zip(&ours.sizes) {
                let segs = |name: &str| {
                    let p = rep.pieces.iter().find(|p| p.name == name);
                    p.expect("all 25 pieces are placed").segs.clone()
                };
                let (x, w) = (segs("X"), segs("W"));
                let w_on_axis = board
                    .stabiliser(&x)
                    .iter()
                    .any(|t| t.sym != Symmetry::IDENTITY && t.image(&w) == w);
                assert!(n <= 2, "{}: a class met {n} times", s.sub.label);
                assert_eq!(n == 2, w_on_axis, "{}: W at {w:?}", s.sub.label);
            }
        }
    }

    fn committed_shards_check(campaign: Campaign, subcases: Vec<Subcase>) -> Report {
        let dir = campaign.dir.clone();
        let status = Campaign {
            search: false,
            ..campaign
        };
        // Counted first: a campaign running in this directory may add files meanwhile.
        let files = fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|name| name.ends_with(&format!("-of-{SHARDS}.txt")))
            .count();
        // Refuses (errs on) any file written under another plan.
        let report = status.run(|_| {}).unwrap();
        let loaded: usize = report.subcases.iter().map(|s| s.shards_done).sum();
        assert!(
            loaded >= files,
            "{loaded} of the {files} shard files in {} read",
            dir.display()
        );
        for (s, sub) in subcases.iter().enumerate() {
            for k in 1..=SHARDS {
                let file = status.file(s + 1, k);
                let Ok(text) = fs::read_to_string(&file) else {
                    continue;
                };
                let shape = text.lines().next().unwrap().trim_start_matches("plan ");
                let mut dlx = Dlx::new(&sub.built.matrix);
                dlx.fix(sub.x_option).unwrap();
                let shard = Shard::load(&file, shape, dlx.fingerprint())
                    .unwrap()
                    .unwrap();
                for rows in &shard.solutions {
                    assert!(
                        rows.contains(&sub.x_option),
                        "{}: X elsewhere",
                        file.display()
                    );
                    exact_cover(&sub.built.matrix, rows)
                        .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
                }
            }
        }
        report
    }

    #[test]
    fn exact_cover_refuses_a_gap_and_an_overlap() {
        let m = dlx_core::format::parse("a b | x\na x\nb x\nb\n").unwrap();
        assert!(exact_cover(&m, &[0, 2]).is_ok());
        assert!(
            exact_cover(&m, &[0])
                .unwrap_err()
                .contains("item b covered 0 times")
        );
        assert!(
            exact_cover(&m, &[0, 1])
                .unwrap_err()
                .contains("item x covered 2 times")
        );
    }

    #[test]
    fn a_status_run_reads_without_searching_and_sums_what_is_done() {
        let dir = temp_dir("status");
        let status = Campaign {
            search: false,
            only: Some(6),
            shards: 2,
            ..Campaign::new(&dir)
        };
        let report = status.run(|_| {}).unwrap();
        assert_eq!(report.subcases.len(), 1);
        assert_eq!(report.subcases[0].shards_done, 0);
        assert!(!report.complete);
        assert_eq!(report.estimated_seconds_left(), None);
        // Nothing done reads +0, not the -0 of an empty f64 sum (printed as "-0").
        assert!(report.estimated_progress().is_sign_positive());
        assert!(report.subcases[0].seconds.is_sign_positive());
        // A shard written by hand for this plan is read back into the sums.
        let (_, subcases) = aztec_subcases();
        let mut dlx = Dlx::new(&subcases[5].built.matrix);
        dlx.fix(subcases[5].x_option).unwrap();
        let plan = dlx.shard_plan(HEURISTIC, 2).unwrap();
        let shape = format!("{} {} W", plan.split.paths.len(), plan.split.depth);
        let shard = Shard {
            stats: Stats {
                updates: 5_000_000_000,
                nodes: 7,
                complete: true,
                ..Stats::default()
            },
            seconds: 2.0,
            cpu_seconds: None,
            solutions: Vec::new(),
        };
        shard
            .save(&status.file(6, 2), &shape, dlx.fingerprint())
            .unwrap();
        let report = status.run(|_| {}).unwrap();
        assert_eq!(report.subcases[0].shards_done, 1);
        assert_eq!(report.total().updates, 5_000_000_000);
        // Progress by the plan's estimates: shard 2's share of the subcase.
        let share = plan.load[1] / plan.load.iter().sum::<f64>();
        assert!((report.estimated_progress() - share).abs() < 1e-12);
        assert!(share > 0.0 && share < 1.0);
        // Time left: 2 s for that share, so 2 s x (1 - share) / share for the rest.
        let left = report.estimated_seconds_left().unwrap();
        assert!((left - 2.0 * (1.0 - share) / share).abs() < 1e-9, "{left}");
        let text = report.table().render();
        assert!(text.contains("NOT FINISHED"), "{text}");
        assert!(!text.contains("UNEXPLAINED"), "{text}");
        assert!(text.contains("1/2"), "{text}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
