//! `dlx campaign start|run|status|merge DIR`: a long search kept in a folder as shards, so
//! that it can be stopped, resumed, spread over machines and added up.
//!
//! The folder holds `campaign.json` (what is searched: the matrix file, its fingerprint, the
//! rule, the number of shards), `matrix.dlx` (the matrix in Knuth's format, so the folder is
//! all a machine needs), and one `shard-K-of-N.json` per finished shard: the record
//! `dlx solve --json --shard K/N` prints, plus its wall and CPU seconds, written whole and then
//! renamed into place, so a file that exists is a finished shard. A shard being searched has
//! a `shard-K-of-N.running` marker beside it (the process id, the machine and the start
//! time), renewed every ten seconds and removed when the shard's record is written. Runs on
//! one folder share the shards: a run leaves a shard whose marker is held to the run holding
//! it and waits for it at the end, and takes over one whose marker was left by a killed run
//! (not renewed for two minutes, or naming a process of this machine that is gone); `status`
//! tells the two apart. The runner is dlx-campaign's ([`Campaign::run`]); this command starts
//! campaigns, runs them and reports on them.

use std::collections::HashSet;

use dlx_campaign::{
    Campaign, CampaignError, Event, NewSubcase, RunOptions, ShardRecord, Shards, Split, Subcase,
    Symmetry,
};
use dlx_core::{Heuristic, MAX_SHARDS, format};
use itertools::Itertools;

use crate::args::parse_threads;
use crate::cmd::merge::render;
use crate::error::CliError;
use crate::output::{counted, figures, grouped, read_input, write_output};

/// Arguments of `dlx campaign`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do with a campaign.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Start a campaign in DIR (new or empty) for a matrix file or a named problem.
    Start(Start),
    /// Search the shards not yet finished (or only shard K), each written when done. Stop it
    /// at any time (Ctrl-C, a kill): the finished shards are kept and the next run goes on.
    /// Runs on one folder (several machines sharing it) share the shards: each leaves the
    /// shards another run is searching to it, then waits for them, taking over any whose run
    /// was killed.
    Run {
        /// The campaign's folder.
        dir: String,
        /// Search only shard K (for one job of a GNU parallel run or a Slurm job array); if
        /// another run is searching it, wait for that run.
        #[arg(long, value_name = "K")]
        shard: Option<usize>,
        /// Threads per shard (default: all cores).
        #[arg(long, value_name = "N", value_parser = parse_threads)]
        threads: Option<usize>,
        /// No line per finished shard on standard error.
        #[arg(long, short = 'q')]
        quiet: bool,
    },
    /// How far it is: shards done, running, stopped (left by killed runs) and left, the
    /// figures so far, the time left at the measured pace. Exit status 2 after the report
    /// when something in the folder cannot be trusted (a damaged file, records that do not
    /// add up).
    Status {
        /// The campaign's folder.
        dir: String,
    },
    /// The whole search's figures, as an unsharded run prints them; refuses while a shard is
    /// missing.
    Merge {
        /// The campaign's folder.
        dir: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Print the per-level profile.
        #[arg(long)]
        profile: bool,
    },
}

/// Arguments of `dlx campaign start`.
#[derive(Debug, clap::Args)]
pub struct Start {
    /// The campaign's folder.
    dir: String,
    /// The matrix in Knuth's format.
    #[arg(required_unless_present = "problem")]
    file: Option<String>,
    /// A named problem instead of a file (`dlx paper list`).
    #[arg(long, conflicts_with = "file")]
    problem: Option<String>,
    /// Number of shards (1 to 1,048,576): the units a machine searches, resumes and
    /// reports; a few per hour of expected search is a good size.
    #[arg(long, default_value_t = 64, value_parser = parse_shards)]
    shards: usize,
    /// Column rule: `mrv` (the default; a named problem's own rule) or `leftmost`.
    #[arg(long, value_name = "RULE")]
    heuristic: Option<Heuristic>,
    /// Keep the options of every solution in the shard records (for classes, pictures).
    #[arg(long)]
    solutions: bool,
    /// Split a named problem into its subcases, one folder each: the places of one
    /// piece, one per orbit of the board's symmetries, searched with it fixed
    /// (tetrasticks-aztec, tetrasticks-aztec-spiked, tetrasticks-welded-4x4).
    #[arg(long, requires = "problem")]
    subcases: bool,
    /// The problem's symmetries: a file of item permutations in cycle notation, one
    /// generator a line (`(c0 c7)(c1 c6)...`); `status` and `merge` then count classes of
    /// solutions. Keeps the solutions.
    #[arg(long, value_name = "FILE", conflicts_with = "subcases")]
    symmetry: Option<String>,
    /// With --symmetry: split by the places of item ITEM (a piece every symmetry fixes), one
    /// subcase per orbit, searched with that place fixed.
    #[arg(long, value_name = "ITEM", requires = "symmetry")]
    split: Option<String>,
    /// Count distinct solutions of a named polyform problem (`pentominoes-6x10`, `soma`,
    /// `tetrasticks-welded-4x4`, ...): its symmetries are found and written as the
    /// campaign's symmetry file, and it is split by the piece a count by classes restricts
    /// first, one subcase per orbit of its places; `status` and `merge` count the classes.
    #[arg(long, requires = "problem", conflicts_with_all = ["subcases", "symmetry", "split"])]
    classes: bool,
}

fn parse_shards(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_SHARDS).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{s}` is not a number of shards from 1 to {MAX_SHARDS}"
        )),
    }
}

fn campaign_error(e: CampaignError) -> CliError {
    match e {
        CampaignError::Record(e) => CliError::Shard(e.to_string()),
        e @ CampaignError::Stopped { .. } => CliError::Stopped(e.to_string()),
        e => CliError::Campaign(e.to_string()),
    }
}

fn open(dir: &str) -> Result<Campaign, CliError> {
    Campaign::open(dir).map_err(campaign_error)
}

/// Each single search of a campaign: itself, or its subcases in order (with their names).
fn searches(c: &Campaign) -> Result<Vec<(Option<String>, Shards)>, CliError> {
    match c {
        Campaign::Search(s) => Ok(vec![(None, s.clone())]),
        Campaign::Split(split) => (0..split.subcases.len())
            .map(|i| {
                let name = &split.subcases[i].name;
                let shown = format!("{name} ({})", split.subcases[i].about);
                Ok((Some(shown), split.subcase(i).map_err(campaign_error)?))
            })
            .collect(),
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    match args.action {
        Action::Start(a) => start(a),
        Action::Run {
            dir,
            shard,
            threads,
            quiet,
        } => {
            let c = open(&dir)?;
            let flag = crate::interrupt::watch();
            let options = RunOptions {
                only: shard,
                threads: threads.unwrap_or(0),
                interrupt: Some(&flag),
            };
            let result = c.run(&options, |event| {
                if !quiet {
                    note_event(&event);
                }
            });
            result.map(drop).map_err(|e| match e {
                CampaignError::Stopped { .. } => {
                    CliError::Stopped(format!("{e}: `dlx campaign run {dir}` goes on"))
                }
                e => campaign_error(e),
            })
        }
        Action::Status { dir } => status(&open(&dir)?),
        Action::Merge { dir, json, profile } => merge(&open(&dir)?, json, profile),
    }
}

/// `merge`: one search's figures as an unsharded run prints them; for a split, each
/// subcase's, then their sum (separate trees, each with its own root: the figures add).
fn merge(c: &Campaign, json: bool, profile: bool) -> Result<(), CliError> {
    let mut parts = Vec::new();
    let searches = searches(c)?;
    for (name, s) in &searches {
        parts.push((name.clone(), s.merge().map_err(campaign_error)?));
    }
    let classes = declared_classes(c, &searches).map_err(CliError::Campaign)?;
    let mut text = match &parts[..] {
        [(None, one)] => render(one, json, profile),
        _ => {
            let named: Vec<(String, dlx_campaign::Merged)> = (parts.iter())
                .map(|(name, m)| (name.clone().unwrap_or_default(), m.clone()))
                .collect();
            let total = dlx_campaign::add_subcases(&named).map_err(|e| campaign_error(e.into()))?;
            if json {
                let mut v: serde_json::Value =
                    serde_json::from_str(&render(&total, true, false)).expect("our JSON");
                v["subcases"] = parts
                    .iter()
                    .map(|(name, m)| {
                        let mut one: serde_json::Value =
                            serde_json::from_str(&render(m, true, profile)).expect("our JSON");
                        one["subcase"] = name.clone().into();
                        one
                    })
                    .collect();
                format!("{v}\n")
            } else {
                let mut text = String::new();
                for (name, m) in &parts {
                    let name = name.as_deref().unwrap_or_default();
                    text.push_str(&format!("subcase {name}: {}", render(m, false, profile)));
                }
                text.push_str(&format!("all subcases: {}", render(&total, false, false)));
                text
            }
        }
    };
    if let Some(found) = classes {
        if json {
            let mut v: serde_json::Value = serde_json::from_str(&text).expect("our JSON");
            v["classes"] = found.classes.into();
            text = format!("{v}\n");
        } else {
            text.push_str(&found.line());
        }
    }
    write_output("-", &text)
}

fn start(a: Start) -> Result<(), CliError> {
    let Start {
        dir,
        file,
        problem,
        shards,
        heuristic,
        solutions: keep,
        subcases,
        symmetry,
        split,
        classes,
    } = a;
    let dir = dir.as_str();
    let made = if classes {
        // clap's `requires` lets `FILE --classes` through (the file conflicts with
        // `--problem`), so the missing name is refused here.
        let name = problem.as_deref().ok_or_else(|| {
            CliError::Campaign(
                "--classes counts a named polyform problem: give it with --problem".into(),
            )
        })?;
        let named = crate::classes::named(name).ok_or_else(|| {
            CliError::Campaign(format!(
                "--classes: `{name}` is not a named polyform problem (dlx polyomino list, \
                 dlx polycube list, dlx polyiamond list, dlx polystick list)"
            ))
        })??;
        let group = (named.group).map_err(|e| CliError::Campaign(format!("{name}: {e}")))?;
        let Some((item, _)) = group.split() else {
            return Err(CliError::Campaign(format!(
                "--classes: {name} has {} (no piece to split by): count it with --problem alone",
                counted(group.order() as u64, "symmetry")
            )));
        };
        let lines = group.cycles(&named.matrix).ok_or_else(|| {
            CliError::Campaign(format!("{name}: an item name holds a parenthesis"))
        })?;
        let text = format!(
            "# the symmetries of {name}, found by `dlx campaign start --classes`\n{}\n",
            lines.join("\n")
        );
        let split = named.matrix.item(item).name.clone();
        let heuristic = heuristic.unwrap_or(Heuristic::Mrv);
        with_symmetry(
            dir,
            &named.about,
            &named.matrix,
            ("--classes", &text),
            Some(&split),
            shards,
            heuristic,
        )
    } else if subcases {
        let name = problem.ok_or_else(|| {
            CliError::Campaign("--subcases splits a named problem: give it with --problem".into())
        })?;
        let split = dlx_paper::split(&name)?;
        let about = format!("{}: {}", split.name, split.about);
        let heuristic = heuristic.unwrap_or(split.heuristic);
        let parts: Vec<NewSubcase> = split.subcases;
        let n = parts.len();
        Split::create(dir, &about, parts, shards, heuristic, keep).map(|_| {
            format!(
                "{about}, {n} subcases of {} each",
                counted(shards as u64, "shard")
            )
        })
    } else {
        let (matrix, about, rule) = match (&file, &problem) {
            (_, Some(name)) => {
                let p = dlx_paper::problem(name)?;
                (p.matrix, format!("{}: {}", p.name, p.about), p.heuristic)
            }
            (Some(f), None) => {
                let (path, text) = read_input(Some(f))?;
                let m = format::parse(&text).map_err(|source| CliError::Format { path, source })?;
                (m, format!("from {f}"), Heuristic::Mrv)
            }
            (None, None) => {
                return Err(CliError::Campaign(
                    "give the matrix as FILE or a named problem with --problem".into(),
                ));
            }
        };
        let heuristic = heuristic.unwrap_or(rule);
        match &symmetry {
            None => Shards::create(dir, &about, &matrix, shards, heuristic, Vec::new(), keep)
                .map(|_| format!("{about} in {}", counted(shards as u64, "shard"))),
            Some(f) => {
                let (path, text) = read_input(Some(f))?;
                with_symmetry(
                    dir,
                    &about,
                    &matrix,
                    (&path, &text),
                    split.as_deref(),
                    shards,
                    heuristic,
                )
            }
        }
    };
    let what = made.map_err(campaign_error)?;
    // The shards are planned once, here, and every run reads the plan.
    let never = std::sync::atomic::AtomicBool::new(false);
    (Campaign::open(dir).and_then(|c| c.prepare(&never, 0))).map_err(campaign_error)?;
    note!("campaign {dir}: {what}; `dlx campaign run {dir}` searches them");
    Ok(())
}

/// Refuses to split by an item that a solution need not cover exactly once: its places would
/// not divide the solutions into the subcases (a solution without it, or with it twice, would
/// be in none, or in two).
fn split_item(matrix: &dlx_core::Matrix, item: usize) -> Result<(), CliError> {
    let it = matrix.item(item);
    let m = it.multiplicity;
    let why = if it.kind != dlx_core::ItemKind::Primary {
        "is a secondary item, which a solution need not cover"
    } else if (m.lower, m.upper) != (1, 1) {
        "has bounds: a solution may cover it other than once"
    } else {
        return Ok(());
    };
    Err(CliError::Campaign(format!(
        "--split: `{}` {why}, so its places do not split the solutions; split by a primary \
         item every solution covers exactly once",
        dlx_core::shown(&it.name)
    )))
}

/// One line on standard error for what the runner did.
fn note_event(event: &Event<'_>) {
    match event {
        Event::Subcase { name, about } => note!("subcase {name} ({about})"),
        Event::AlreadyDone { k, n } => note!("shard {k} of {n} is already done"),
        Event::Held { k, n } => {
            note!("shard {k} of {n} is being searched by another run: waiting for it")
        }
        Event::Finished { k, n, record } => note!(
            "shard {k} of {n}: {} ({:.1} s)",
            figures(&record.stats, record.cleansings),
            record.seconds.unwrap_or(0.0)
        ),
    }
}

fn status(c: &Campaign) -> Result<(), CliError> {
    let mut text = String::new();
    let mut totals = Vec::new();
    let searches = searches(c)?;
    let mut troubles = 0;
    for (name, s) in &searches {
        if let Some(name) = name {
            text.push_str(&format!("subcase {name}\n"));
        }
        let (line, done, trouble) = shards_status(s);
        text.push_str(&line);
        totals.extend(done);
        troubles += trouble;
    }
    if searches.len() > 1 {
        let done = totals.len();
        let all: usize = searches.iter().map(|(_, s)| s.shards).sum();
        text.push_str(&format!(
            "all subcases: {} of {} shards done\n",
            grouped(done as u64),
            grouped(all as u64)
        ));
    }
    // A split with declared symmetries counts its classes under them (below); the board's
    // own count is for the aztec subcases of `--subcases`.
    if let Campaign::Split(split) = c
        && split.symmetry.is_none()
    {
        text.push_str(&classes(
            split,
            searches.iter().all(|(_, s)| s.keep_solutions),
        ));
    }
    match declared_classes(c, &searches) {
        Ok(None) => {}
        Ok(Some(found)) => text.push_str(&found.line()),
        Err(e) => {
            text.push_str(&format!("classes: not counted ({e})\n"));
            troubles += 1;
        }
    }
    write_output("-", &text)?;
    // The report is whole; its exit status says whether the folder can be trusted.
    if troubles > 0 {
        return Err(CliError::Campaign(format!(
            "{}: {} (see above)",
            c.dir().display(),
            counted(troubles as u64, "fault")
        )));
    }
    Ok(())
}

/// The classes among a campaign's solutions under its declared symmetries.
struct Classes {
    classes: usize,
    solutions: u64,
    symmetries: usize,
    complete: bool,
}

impl Classes {
    fn line(&self) -> String {
        format!(
            "classes: {} among {} under {} symmetries ({}){}\n",
            grouped(self.classes as u64),
            counted(self.solutions, "solution"),
            self.symmetries,
            dlx_campaign::SYMMETRY_FILE,
            if self.complete {
                ""
            } else {
                " (so far: a lower bound)"
            }
        )
    }
}

/// Counts the classes of a campaign started with `--symmetry` from the solutions its
/// records keep; `None` for a campaign without declared symmetries. A record whose solutions
/// name options the matrix does not have is damaged: an error naming it.
fn declared_classes(
    c: &Campaign,
    searches: &[(Option<String>, Shards)],
) -> Result<Option<Classes>, String> {
    let Some((_, first)) = searches.first() else {
        return Ok(None);
    };
    let Some(sym) = c.symmetry(&first.matrix).map_err(|e| e.to_string())? else {
        return Ok(None);
    };
    let mut forms: HashSet<Vec<usize>> = HashSet::new();
    let mut solutions = 0u64;
    let mut complete = true;
    for (_, s) in searches {
        if s.hash != first.hash {
            return Err(format!(
                "{}: the subcases search different matrices (fingerprint {}, {} before it)",
                s.dir.join("matrix.dlx").display(),
                s.hash,
                first.hash
            ));
        }
        let p = s.progress();
        complete &= p.done.len() == s.shards;
        for r in p.done {
            let rows = r.rows.ok_or("a record keeps no solutions")?;
            for row in &rows {
                let form = sym.canonical(row).map_err(|e| {
                    format!(
                        "{}: damaged, a solution's {e}; move it away to search shard {} again",
                        s.shard_path(r.k).display(),
                        r.k
                    )
                })?;
                forms.insert(form);
            }
            solutions += rows.len() as u64;
        }
    }
    Ok(Some(Classes {
        classes: forms.len(),
        solutions,
        symmetries: sym.order(),
        complete,
    }))
}

/// The classes of the solutions found so far, when the split is a named problem's (whose
/// board's symmetries are known) and the records keep the solutions.
fn classes(split: &Split, kept: bool) -> String {
    let name = split.problem.split(':').next().unwrap_or_default();
    if !dlx_paper::aztec::SPLITS.iter().any(|(n, _, _)| *n == name) {
        return String::new();
    }
    if !kept {
        return "classes: not counted (the records keep no solutions: start with --solutions)\n"
            .into();
    }
    let reading = dlx_paper::aztec::Campaign {
        problem: name.to_string(),
        ..dlx_paper::aztec::Campaign::new(&split.dir)
    };
    match reading.read() {
        Ok(report) => format!(
            "classes: {} among {} under the board's symmetries{}\n",
            grouped(report.classes().classes as u64),
            counted(report.total().solutions, "solution"),
            if report.complete {
                ""
            } else {
                " (so far: a lower bound)"
            }
        ),
        Err(e) => format!("classes: not counted ({e})\n"),
    }
}

/// One search's lines of `status`, its finished records, and how many faults it found
/// (damaged files, records that do not add up).
fn shards_status(c: &Shards) -> (String, Vec<ShardRecord>, usize) {
    let p = c.progress();
    let left = c.shards - p.done.len();
    let mut text = format!(
        "{}: {} of {} done, {} running, {} stopped, {} left\n",
        c.dir.display(),
        grouped(p.done.len() as u64),
        grouped(c.shards as u64),
        p.running.len(),
        p.stopped.len(),
        grouped(left as u64)
    );
    if !p.running.is_empty() {
        let list = p.running.iter().take(20).format(", ");
        text.push_str(&format!("running: {list}\n"));
    }
    if !p.stopped.is_empty() {
        let list = p.stopped.iter().take(20).format(", ");
        text.push_str(&format!(
            "stopped: {list} (their runs were killed; the next run searches them again)\n"
        ));
    }
    for d in &p.damaged {
        text.push_str(&format!("damaged: {d}\n"));
    }
    if !p.unfinished_writes.is_empty() {
        text.push_str(&format!(
            "left over: {} of writes a killed run never finished ({}), never read; safe to \
             delete\n",
            counted(p.unfinished_writes.len() as u64, "temporary file"),
            p.unfinished_writes.iter().take(5).format(", ")
        ));
    }
    let mut trouble = p.damaged.len();
    if !p.done.is_empty() {
        let named: Vec<(String, ShardRecord)> = p
            .done
            .iter()
            .map(|r| (c.shard_path(r.k).display().to_string(), r.clone()))
            .collect();
        // Each record was checked against this campaign; together they may still not add
        // up (another cut's depth, figures past 2^64), which `merge` would refuse.
        let merged = match dlx_campaign::add_up_so_far(&named) {
            Ok(m) => Some(m),
            Err(e) => {
                text.push_str(&format!("so far: cannot be added up: {e}\n"));
                trouble += 1;
                None
            }
        };
        if let Some(m) = merged {
            text.push_str(&format!("so far: {}\n", figures(&m.stats, m.cleansings)));
            let (seconds, cpu, timed) = m.seconds;
            if timed == 0 {
                text.push_str("time: not recorded by the shards done");
            } else {
                let pace = seconds / timed as f64;
                text.push_str(&format!(
                    "time: {:.0} s of search ({:.0} CPU s) in {} timed, {:.1} s per shard",
                    seconds,
                    cpu,
                    counted(timed as u64, "shard"),
                    pace
                ));
                if left > 0 {
                    text.push_str(&format!(
                        "; about {:.0} s more at this pace on one machine",
                        pace * left as f64
                    ));
                }
            }
            text.push('\n');
        }
    }
    (text, p.done, trouble)
}

/// Starts a campaign with declared symmetries (`source` names where their text came from),
/// split by the places of item `split` when given.
fn with_symmetry(
    dir: &str,
    about: &str,
    matrix: &dlx_core::Matrix,
    (path, text): (&str, &str),
    split: Option<&str>,
    shards: usize,
    heuristic: Heuristic,
) -> Result<String, CampaignError> {
    let sym = Symmetry::parse(text, matrix)
        .map_err(|e| CampaignError::Invalid(format!("{path}: {e}")))?;
    let about = format!("{about}, {} symmetries", sym.order());
    // The split checked before anything is written: a refused start leaves no symmetry.txt
    // behind for the next start in that folder to take up.
    let split = match split {
        None => None,
        Some(name) => {
            let item = matrix.find_item(name).ok_or_else(|| {
                CampaignError::Invalid(format!(
                    "--split: `{}` is not an item",
                    dlx_core::shown(name)
                ))
            })?;
            split_item(matrix, item).map_err(|e| CampaignError::Invalid(e.to_string()))?;
            let orbits = sym
                .orbits(matrix, item)
                .map_err(|e| CampaignError::Invalid(format!("{path}: {e}")))?;
            Some((name, orbits))
        }
    };
    // The symmetries first, the campaign (whose campaign.json, with their fingerprint, comes
    // last) after, in the folder held since.
    let declared = Campaign::declare_symmetry(dir, text)?;
    match split {
        None => (declared.start_shards(&about, matrix, shards, heuristic, Vec::new(), true))
            .map(|_| format!("{about} in {}", counted(shards as u64, "shard"))),
        Some((name, orbits)) => {
            let parts: Vec<NewSubcase> = (orbits.iter().enumerate())
                .map(|(i, orbit)| NewSubcase {
                    subcase: Subcase {
                        name: format!("p{}", i + 1),
                        about: format!(
                            "option {} `{}` fixed, for {}",
                            orbit[0] + 1,
                            matrix.option_text_from(orbit[0], 0).join(" "),
                            counted(orbit.len() as u64, "place")
                        ),
                        orbit: orbit.len() as u64,
                    },
                    matrix: matrix.clone(),
                    fixed: vec![orbit[0]],
                })
                .collect();
            let n = parts.len();
            declared
                .start_split(&about, parts, shards, heuristic, true)
                .map(|_| {
                    format!(
                        "{about}, split by {name} into {n} subcases of {} each",
                        counted(shards as u64, "shard")
                    )
                })
        }
    }
}
