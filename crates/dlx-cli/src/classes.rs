//! `--classes` of the polyform commands: the solutions counted up to the puzzle's symmetries
//! by dlx-core's count by classes, and what it restricted, in text or JSON.

use std::sync::atomic::Ordering;

use dlx_core::classes::Classes;
use dlx_core::symmetry::{Symmetries, SymmetryError};
use dlx_core::{ChosenRow, Heuristic, Matrix, OptionId, Problem, Solution, shown};
use serde_json::{Value, json};

use crate::args::SearchArgs;
use crate::error::CliError;
use crate::output::{counted, figures, grouped, stats_json, write_output};

/// How a polyform command draws one solution of each class: where the sheet goes
/// (`--svg FILE`), and one solution's picture with its caption.
pub type Sheet<'a> = (&'a str, &'a dyn Fn(&Solution, &str) -> String);

/// Counts and prints the classes of `matrix`'s solutions under `group` (from
/// `symmetries`, a domain's [`Symmetries`]), with the published count when one is known;
/// with `--print`, first one solution of each class, drawn by `render`, in the order of
/// their options; with `sheet`, the same solutions' pictures on one SVG sheet.
pub fn report(
    matrix: &Matrix,
    group: Result<Symmetries, SymmetryError>,
    args: &SearchArgs,
    published: Option<u64>,
    render: &dyn Fn(&Solution) -> String,
    sheet: Option<Sheet<'_>>,
) -> Result<(), CliError> {
    if args.shard.is_some() || args.limit.is_some() {
        return Err(CliError::Classes(
            "the count runs over the whole search: leave out --shard and --limit".into(),
        ));
    }
    let group = group.map_err(|e| CliError::Classes(format!("the puzzle's symmetries: {e}")))?;
    let heuristic = args.heuristic.unwrap_or(Heuristic::Mrv);
    let mut problem = Problem::new(matrix);
    let cleansings = problem.counts_cleansings();
    let flag = crate::interrupt::watch();
    let solve = (problem.solve())
        .heuristic(heuristic)
        .threads(args.threads.unwrap_or(0))
        .interrupt(&flag);
    let mut members: Vec<Vec<OptionId>> = Vec::new();
    let found = if args.print || sheet.is_some() {
        solve.classes_with(&group, |s| members.push(s.to_vec()))
    } else {
        solve.classes(&group)
    }
    .map_err(|e| CliError::Classes(e.to_string()))?;
    let interrupted = flag.load(Ordering::Relaxed) && !found.stats.complete;
    // Threads hand the classes over in any order: their options' order is the same on
    // every run.
    members.sort_unstable();
    let members: Vec<Solution> = (members.into_iter())
        .map(|options| Solution {
            rows: (options.into_iter())
                .map(|option| ChosenRow {
                    option,
                    item: matrix.options()[option][0],
                })
                .collect(),
        })
        .collect();
    if let Some((path, _)) = sheet
        && interrupted
    {
        note!("dlx: {path} not written: the count was interrupted, its classes are not all known");
    }
    // No class, no sheet: an empty picture would say nothing.
    let nothing_to_draw = sheet.is_some() && !interrupted && members.is_empty();
    if let Some((path, draw)) = sheet
        && !interrupted
        && !nothing_to_draw
    {
        let n = members.len();
        let pictures: Vec<String> = (members.iter().enumerate())
            .map(|(k, s)| draw(s, &format!("class {} of {n}", k + 1)))
            .collect();
        write_output(path, &crate::sheet::sheet(&pictures, n.min(4)))?;
    }
    let text = if args.json {
        let mut v = stats_json(&found.stats, heuristic, None, cleansings);
        v["searched_solutions"] = json!(found.stats.solutions);
        v["solutions"] = json!(found.solutions);
        v["classes"] = json!(found.classes);
        v["symmetric"] = json!(found.symmetric);
        v["group"] = json!(found.group);
        v["compared"] = json!(found.compared);
        v["splits"] = Value::Array(found.splits.iter().map(|s| split_json(matrix, s)).collect());
        if let Some(n) = published {
            v["published"] = json!(n);
        }
        if interrupted {
            v["interrupted"] = json!(true);
        }
        if args.print {
            v["class_list"] = members.iter().map(|s| s.lines(matrix)).collect();
        }
        format!("{v}\n")
    } else {
        let mut shown = String::new();
        for (k, s) in members.iter().enumerate().filter(|_| args.print) {
            shown.push_str(&format!("class {}:\n{}\n", k + 1, render(s)));
        }
        shown + &text(matrix, &found, published, cleansings, args.profile)
    };
    write_output("-", &text)?;
    if interrupted {
        return Err(CliError::Interrupted);
    }
    if let Some((path, _)) = sheet.filter(|_| nothing_to_draw) {
        return Err(CliError::Classes(format!(
            "no solution, so no class to draw: {path} not written"
        )));
    }
    Ok(())
}

/// The report in words: the classes, what was restricted, the search's figures.
fn text(
    matrix: &Matrix,
    found: &Classes,
    published: Option<u64>,
    cleansings: bool,
    profile: bool,
) -> String {
    let published = published.map_or(String::new(), |n| format!(" (published: {})", grouped(n)));
    let so_far = if found.stats.complete {
        ""
    } else {
        " so far (interrupted)"
    };
    let plural = |n: u64, one: &str, many: &str| {
        format!("{} {}", grouped(n), if n == 1 { one } else { many })
    };
    let mut s = format!(
        "{} under {} ({} symmetric){published}, {}{so_far}\n",
        plural(found.classes, "class", "classes"),
        plural(found.group as u64, "symmetry", "symmetries"),
        grouped(found.symmetric),
        counted(found.solutions, "solution"),
    );
    if let Some(first) = found.splits.first() {
        s.push_str(&format!(
            "  `{}` restricted to {} of its {} places, one of each orbit{}\n",
            shown(&matrix.item(first.item).name),
            grouped(first.orbits as u64),
            grouped(first.options as u64),
            match first.fixed {
                0 => String::new(),
                n => format!(
                    "; {} fixed by a symmetry, split again",
                    plural(n as u64, "is", "are")
                ),
            }
        ));
    }
    if found.splits.len() > 1 {
        s.push_str(&format!(
            "  {} in subcases that a symmetry maps to themselves (`--json` lists them)\n",
            plural(
                found.splits.len() as u64 - 1,
                "further split",
                "further splits"
            )
        ));
    }
    if found.compared > 0 {
        s.push_str(&format!(
            "  {} compared with their images where nothing was left to split by\n",
            counted(found.compared, "solution")
        ));
    }
    s.push_str(&format!(
        "searched: {}\n",
        figures(&found.stats, cleansings)
    ));
    if profile {
        s.push_str(&found.stats.profile_table());
    }
    s
}

/// One split as JSON: the item, the options chosen before it, the group, options, orbits.
fn split_json(matrix: &Matrix, split: &dlx_core::classes::Split) -> Value {
    json!({
        "item": matrix.item(split.item).name,
        "within": split.within.iter().map(|&o| matrix.option_text_from(o, 0).join(" ")).collect::<Vec<_>>(),
        "group": split.group,
        "options": split.options,
        "orbits": split.orbits,
        "fixed": split.fixed,
    })
}

/// A named polyform problem: its matrix, what it is, and its symmetries.
pub struct Named {
    /// The exact cover matrix.
    pub matrix: Matrix,
    /// One line on what it is.
    pub about: String,
    /// Its symmetries, as its domain finds them.
    pub group: Result<Symmetries, SymmetryError>,
}

/// The named polyform problem called `name`, if there is one: the classic boards of
/// dlx-polyomino and dlx-polycube, then the paper's polyomino, polyiamond and polystick
/// set-ups (whose restrictions leave fewer symmetries, or none).
pub fn named(name: &str) -> Option<Result<Named, CliError>> {
    // Each domain's built puzzle has its own type, with the same two parts.
    macro_rules! parts {
        ($built:expr) => {
            ($built).map(|k| {
                let group = k.symmetry_group();
                (k.matrix, group)
            })
        };
    }
    let paper = "the paper's set-up";
    let (about, made) = if let Some(p) = dlx_polyomino::problems::Problem::named(name) {
        (
            p.about,
            parts!(p.puzzle().build()).map_err(|e| e.to_string()),
        )
    } else if let Some(p) = dlx_polycube::problem(name) {
        (
            p.about,
            parts!(p.puzzle().build()).map_err(|e| e.to_string()),
        )
    } else if let Some(p) = dlx_paper::polyomino::puzzle(name) {
        (paper, parts!(p.build()).map_err(|e| e.to_string()))
    } else if let Some(p) = dlx_paper::polyiamond::placed(name) {
        (paper, parts!(p).map_err(|e| e.to_string()))
    } else if let Some(p) = dlx_paper::polystick::puzzle(name) {
        let built = p
            .map_err(|e| e.to_string())
            .and_then(|p| p.build().map_err(|e| e.to_string()));
        (paper, parts!(built))
    } else {
        return None;
    };
    Some(
        made.map(|(matrix, group)| Named {
            matrix,
            about: format!("{name}: {about}"),
            group,
        })
        .map_err(|e| CliError::Campaign(format!("{name}: {e}"))),
    )
}

/// The classes among the solutions a `--count` run of a polyform command visits, under the
/// group `--classes` counts by (the symmetries as permutations of the options), so that the
/// two routes cannot disagree: a class is a solution's least image, and it is symmetric when
/// a symmetry other than the identity maps the solution onto itself.
#[derive(Debug)]
pub struct Tally {
    group: Symmetries,
    /// Each class's least image, and whether it is symmetric.
    seen: std::sync::Mutex<std::collections::HashMap<Vec<dlx_core::OptionId>, bool>>,
    /// The solutions tallied.
    solutions: std::sync::atomic::AtomicU64,
}

impl Tally {
    /// An empty tally under `group` (a domain's [`Symmetries`]).
    pub fn new(group: Result<Symmetries, SymmetryError>) -> Result<Tally, CliError> {
        let group =
            group.map_err(|e| CliError::Classes(format!("the puzzle's symmetries: {e}")))?;
        Ok(Tally {
            group,
            seen: Default::default(),
            solutions: Default::default(),
        })
    }

    /// Counts one solution's class (from any thread).
    pub fn add(&self, solution: &dlx_core::Solution) {
        let own = solution.sorted_options();
        let (mut least, mut fixers) = (own.clone(), 0);
        let mut image = Vec::with_capacity(own.len());
        for g in 0..self.group.order() {
            image.clear();
            image.extend(own.iter().map(|&o| self.group.option_image(g, o)));
            image.sort_unstable();
            fixers += usize::from(image == own);
            if image < least {
                least.clone_from(&image);
            }
        }
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.entry(least).or_insert(fixers > 1);
        self.solutions.fetch_add(1, Ordering::Relaxed);
    }

    /// The line `--count` prints: `{classes} classes under {symmetries}, {symmetric} of them
    /// symmetric`, `under` naming the group with its order (`the 48 symmetries of the box`),
    /// marked when the search stopped at `limit` (it may have left solutions out).
    pub fn line(&self, under: impl FnOnce(usize) -> String, limit: Option<u64>) -> String {
        let partial = limit.is_some_and(|l| self.solutions.load(Ordering::Relaxed) >= l);
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        let symmetric = seen.values().filter(|&&s| s).count();
        format!(
            "{} classes under {}, {} of them symmetric{}",
            grouped(seen.len() as u64),
            under(self.group.order()),
            grouped(symmetric as u64),
            if partial {
                " (among the solutions found before --limit: a lower bound)"
            } else {
                ""
            }
        )
    }
}
