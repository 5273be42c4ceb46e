//! `dlx campaign start|run|status|merge DIR`: a long search kept in a folder as shards, so
//! that it can be stopped, resumed, spread over machines and added up.
//!
//! The folder holds `campaign.json` (what is searched: the matrix file, its fingerprint, the
//! rule, the number of shards), `matrix.dlx` (the matrix in Knuth's format, so the folder is
//! all a machine needs), and one `shard-K-of-N.json` per finished shard: the record
//! `dlx solve --json --shard K/N` prints, plus its wall and CPU seconds, written whole and then
//! renamed into place, so a file that exists is a finished shard. A shard being searched has
//! a `shard-K-of-N.running` marker beside it (the host's process id and the start time),
//! removed when the shard ends; a killed run leaves its marker, which `status` shows and the
//! next `run` replaces.

use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use dlx_core::{Heuristic, MAX_SHARDS, Matrix, format};
use serde_json::{Value, json};

use crate::cmd::merge::{self, Merged};
use crate::engine::Engine;
use crate::error::CliError;
use crate::report::{
    counted, figures, grouped, matrix_hash, parse_threads, read_input, stats_json, write_output,
};

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
    Start {
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
    },
    /// Search the shards not yet finished (or only shard K), each written when done. Stop it
    /// at any time (Ctrl-C, a kill): the finished shards are kept and the next run goes on.
    Run {
        /// The campaign's folder.
        dir: String,
        /// Search only shard K (for one job of a GNU parallel run or a Slurm job array).
        #[arg(long, value_name = "K")]
        shard: Option<usize>,
        /// Threads per shard (default: all cores).
        #[arg(long, value_name = "N", value_parser = parse_threads)]
        threads: Option<usize>,
        /// No line per finished shard on standard error.
        #[arg(long, short = 'q')]
        quiet: bool,
    },
    /// How far it is: shards done, running and left, the figures so far, the time left at the
    /// measured pace.
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

fn parse_shards(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_SHARDS).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{s}` is not a number of shards from 1 to {MAX_SHARDS}"
        )),
    }
}

/// The format line of `campaign.json`.
const FORMAT: &str = "dlx campaign 1";

/// A campaign's folder and what it searches.
#[derive(Debug)]
struct Campaign {
    dir: PathBuf,
    matrix: Matrix,
    /// [`matrix_hash`] of the matrix, as every shard record carries it.
    hash: String,
    shards: usize,
    heuristic: Heuristic,
}

fn err(msg: String) -> CliError {
    CliError::Campaign(msg)
}

impl Campaign {
    fn meta_path(dir: &Path) -> PathBuf {
        dir.join("campaign.json")
    }

    fn shard_path(&self, k: usize) -> PathBuf {
        self.dir.join(format!("shard-{k}-of-{}.json", self.shards))
    }

    fn marker_path(&self, k: usize) -> PathBuf {
        self.dir
            .join(format!("shard-{k}-of-{}.running", self.shards))
    }

    /// Reads `campaign.json` and `matrix.dlx`, checking that they belong together.
    fn open(dir: &str) -> Result<Campaign, CliError> {
        let dir = PathBuf::from(dir);
        let meta = Campaign::meta_path(&dir);
        let shown = meta.display().to_string();
        let text = std::fs::read_to_string(&meta).map_err(|e| {
            err(format!(
                "{shown}: {e} (start a campaign with `dlx campaign start`)"
            ))
        })?;
        let v: Value = serde_json::from_str(&text)
            .map_err(|e| err(format!("{shown}: damaged, not JSON: {e}")))?;
        if v["format"] != FORMAT {
            return Err(err(format!("{shown}: not a campaign file of this dlx")));
        }
        let field = |name: &str| {
            v.get(name)
                .ok_or_else(|| err(format!("{shown}: damaged, no `{name}`")))
        };
        let hash = field("matrix")?
            .as_str()
            .ok_or_else(|| err(format!("{shown}: damaged, `matrix` is not a string")))?
            .to_string();
        let shards = field("shards")?
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|n| (1..=MAX_SHARDS).contains(n))
            .ok_or_else(|| err(format!("{shown}: damaged, `shards` out of range")))?;
        let heuristic: Heuristic = field("heuristic")?
            .as_str()
            .and_then(|h| h.parse().ok())
            .ok_or_else(|| err(format!("{shown}: damaged, `heuristic` is not a rule")))?;
        let matrix_file = dir.join("matrix.dlx");
        let (path, text) = read_input(Some(&matrix_file.to_string_lossy()))?;
        let matrix = format::parse(&text).map_err(|source| CliError::Format { path, source })?;
        if matrix_hash(&matrix) != hash {
            return Err(err(format!(
                "{}: not the matrix this campaign was started with (fingerprint {}, expected {hash})",
                matrix_file.display(),
                matrix_hash(&matrix)
            )));
        }
        Ok(Campaign {
            dir,
            matrix,
            hash,
            shards,
            heuristic,
        })
    }

    /// Whether shard `k` is finished: `Ok(None)` if it has no file, `Err` if its file is
    /// damaged or of another run (never trusted, never overwritten).
    fn finished(&self, k: usize) -> Result<Option<(merge::Shard, Value)>, CliError> {
        let path = self.shard_path(k);
        if !path.exists() {
            return Ok(None);
        }
        let shown = path.to_string_lossy().into_owned();
        let untrusted = |why: String| err(format!("{why}; move it away to search shard {k} again"));
        let shard = merge::read_shard(&shown).map_err(|e| untrusted(e.to_string()))?;
        let (key, got_k) = (&shard.key, shard.k);
        if key.matrix != self.hash
            || key.n != self.shards as u64
            || key.heuristic != self.heuristic.to_string()
            || got_k != k as u64
        {
            return Err(untrusted(format!(
                "{shown}: a shard of another run (matrix {}, shard {got_k} of {}, rule {})",
                key.matrix, key.n, key.heuristic
            )));
        }
        let text = std::fs::read_to_string(&path).map_err(|e| CliError::io(&shown, e))?;
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        Ok(Some((shard, v)))
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    match args.action {
        Action::Start {
            dir,
            file,
            problem,
            shards,
            heuristic,
        } => start(&dir, file, problem, shards, heuristic),
        Action::Run {
            dir,
            shard,
            threads,
            quiet,
        } => run_shards(&dir, shard, threads.unwrap_or(0), quiet),
        Action::Status { dir } => status(&dir),
        Action::Merge { dir, json, profile } => {
            let c = Campaign::open(&dir)?;
            let merged = merge_all(&c)?;
            write_output("-", &merged.render(json, profile))
        }
    }
}

fn start(
    dir: &str,
    file: Option<String>,
    problem: Option<String>,
    shards: usize,
    heuristic: Option<Heuristic>,
) -> Result<(), CliError> {
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
        (None, None) => unreachable!("clap requires a file or --problem"),
    };
    let heuristic = heuristic.unwrap_or(rule);
    let path = PathBuf::from(dir);
    if Campaign::meta_path(&path).exists() {
        return Err(err(format!(
            "{}: a campaign is already there (`dlx campaign run {dir}` goes on with it)",
            Campaign::meta_path(&path).display()
        )));
    }
    std::fs::create_dir_all(&path).map_err(|e| CliError::io(dir, e))?;
    let matrix_file = path.join("matrix.dlx");
    write_output(
        &matrix_file.to_string_lossy(),
        &format::write(&matrix, Some(&about)),
    )?;
    let meta = json!({
        "format": FORMAT,
        "problem": about,
        "matrix": matrix_hash(&matrix),
        "shards": shards,
        "heuristic": heuristic.to_string(),
    });
    // Last: a folder with campaign.json is a whole campaign.
    write_output(
        &Campaign::meta_path(&path).to_string_lossy(),
        &format!("{meta:#}\n"),
    )?;
    note!(
        "campaign {dir}: {} in {}; `dlx campaign run {dir}` searches them",
        about,
        counted(shards as u64, "shard")
    );
    Ok(())
}

/// The process's CPU time (all threads), where the system tells it.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) in parentheses; utime and stime
    // are the 14th and 15th fields, in clock ticks of 1/100 s on Linux.
    let rest = text.rsplit_once(')')?.1;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

fn run_shards(dir: &str, only: Option<usize>, threads: usize, quiet: bool) -> Result<(), CliError> {
    let c = Campaign::open(dir)?;
    let todo: Vec<usize> = match only {
        Some(k) if k == 0 || k > c.shards => {
            return Err(CliError::Shard(format!(
                "shard {k} does not exist: shards are numbered 1 to {}",
                c.shards
            )));
        }
        Some(k) => vec![k],
        None => (1..=c.shards).collect(),
    };
    let mut engine = Engine::new(&c.matrix);
    let flag = crate::interrupt::watch();
    engine.set_interrupt(flag);
    let cleansings = engine.cleansings();
    let mut searched = 0;
    // Made once, at the first shard to search: the plan is the same for every shard.
    let mut plan = None;
    for k in todo {
        if c.finished(k)?.is_some() {
            if only.is_some() && !quiet {
                note!("shard {k} of {} is already done", c.shards);
            }
            continue;
        }
        if plan.is_none() {
            plan = Some(engine.plan(c.heuristic, c.shards)?);
        }
        let marker = c.marker_path(k);
        let since = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        write_output(
            &marker.to_string_lossy(),
            &format!("process {} since {since}\n", std::process::id()),
        )?;
        let (start, cpu) = (Instant::now(), cpu_seconds());
        let result = engine.in_parts(
            &c.matrix,
            c.heuristic,
            threads,
            None,
            Some((k, c.shards)),
            plan.as_ref().and_then(Option::as_ref),
            None,
            &|_, _, _| {},
        );
        let _ = std::fs::remove_file(&marker);
        let (stats, info) = result?;
        if !stats.complete {
            // Stopped: the shard is searched again, whole, by the next run.
            return Err(CliError::Stopped(format!(
                "stopped in shard {k}; {} finished before it are kept: `dlx campaign run {dir}` goes on",
                counted(searched, "shard")
            )));
        }
        let mut v = stats_json(&stats, c.heuristic, None, cleansings);
        v["shard"] = info.expect("a shard run has its record");
        v["seconds"] = json!(start.elapsed().as_secs_f64());
        if let Some((a, b)) = cpu.zip(cpu_seconds()) {
            v["cpu_seconds"] = json!(b - a);
        }
        write_output(&c.shard_path(k).to_string_lossy(), &format!("{v}\n"))?;
        searched += 1;
        if !quiet {
            note!(
                "shard {k} of {}: {} ({:.1} s)",
                c.shards,
                figures(&stats, cleansings),
                start.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}

/// Every shard's record, or an error naming the missing, damaged or foreign ones.
fn merge_all(c: &Campaign) -> Result<Merged, CliError> {
    let mut files = Vec::with_capacity(c.shards);
    for k in 1..=c.shards {
        if c.finished(k)?.is_some() {
            files.push(c.shard_path(k).to_string_lossy().into_owned());
        }
    }
    if files.is_empty() {
        return Err(err(format!("no shard of {} is finished yet", c.shards)));
    }
    merge::add_up(&files)
}

fn status(dir: &str) -> Result<(), CliError> {
    let c = Campaign::open(dir)?;
    let (mut done, mut running, mut damaged) = (Vec::new(), Vec::new(), Vec::new());
    // Time as recorded: shards written by `dlx solve --shard` carry none.
    let (mut seconds, mut cpu, mut timed) = (0.0, 0.0, 0);
    let mut total = dlx_core::Stats {
        complete: true,
        ..Default::default()
    };
    for k in 1..=c.shards {
        match c.finished(k) {
            Ok(Some((shard, v))) => {
                done.push(k);
                total.merge(&shard.stats);
                if let Some(t) = v["seconds"].as_f64() {
                    seconds += t;
                    cpu += v["cpu_seconds"].as_f64().unwrap_or(0.0);
                    timed += 1;
                }
            }
            Ok(None) if c.marker_path(k).exists() => running.push(k),
            Ok(None) => {}
            Err(e) => damaged.push(e.to_string()),
        }
    }
    let left = c.shards - done.len();
    let mut text = format!(
        "{}: {} of {} done, {} running (or killed), {} left\n",
        c.dir.display(),
        grouped(done.len() as u64),
        grouped(c.shards as u64),
        running.len(),
        grouped(left as u64)
    );
    if !running.is_empty() {
        let list: Vec<String> = running.iter().take(20).map(usize::to_string).collect();
        text.push_str(&format!("running: {}\n", list.join(", ")));
    }
    for d in &damaged {
        text.push_str(&format!("damaged: {d}\n"));
    }
    if !done.is_empty() {
        let cleansings = Engine::new(&c.matrix).cleansings();
        total.complete = left == 0;
        text.push_str(&format!("so far: {}\n", figures(&total, cleansings)));
        if timed == 0 {
            text.push_str("time: not recorded by the shards done");
        } else {
            let pace = seconds / timed as f64;
            text.push_str(&format!(
                "time: {:.0} s of search ({:.0} CPU s) in {} timed, {:.1} s per shard",
                seconds,
                cpu,
                counted(timed, "shard"),
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
    write_output("-", &text)
}
