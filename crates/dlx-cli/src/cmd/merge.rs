//! `dlx merge A.json B.json ...`: adds the figures of the shards of one run.

use dlx_core::{Heuristic, Level, MAX_SHARDS, Stats};
use serde_json::Value;

use crate::error::CliError;
use crate::report::{read_input, stats_json, write_output};

/// Arguments of `dlx merge`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The `--json` outputs of `dlx solve --shard K/N` (any command's `--shard`), one per
    /// shard.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Print the per-level profile.
    #[arg(long)]
    pub profile: bool,
    /// Print one JSON object, as an unsharded `--json` run does.
    #[arg(long)]
    pub json: bool,
}

/// What identifies the run a shard belongs to.
#[derive(Debug, PartialEq, Eq)]
pub struct RunKey {
    /// The matrix's fingerprint ([`crate::report::matrix_hash`]).
    pub matrix: String,
    /// The rule.
    pub heuristic: String,
    /// The number of shards.
    pub n: u64,
    /// The depth of the cut.
    pub depth: u64,
}

fn field<'a>(path: &str, v: &'a Value, name: &str) -> Result<&'a Value, CliError> {
    v.get(name).ok_or_else(|| {
        CliError::Shard(format!(
            "{path}: no `{name}` field (not the --json output of a --shard run)"
        ))
    })
}

fn string(path: &str, v: &Value, name: &str) -> Result<String, CliError> {
    field(path, v, name)?
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| CliError::Shard(format!("{path}: `{name}` is not a string")))
}

fn number(path: &str, v: &Value, name: &str) -> Result<u64, CliError> {
    field(path, v, name)?
        .as_u64()
        .ok_or_else(|| CliError::Shard(format!("{path}: `{name}` is not a whole number")))
}

/// Reads one shard: its run, its number K and its figures.
pub fn read_shard(path: &str) -> Result<Shard, CliError> {
    let (_, text) = read_input(Some(path))?;
    let v: Value = serde_json::from_str(&text)
        .map_err(|e| CliError::Shard(format!("{path}: not JSON: {e}")))?;
    let shard = field(path, &v, "shard")?;
    let key = RunKey {
        matrix: string(path, shard, "matrix")?,
        heuristic: string(path, &v, "heuristic")?,
        n: number(path, shard, "n")?,
        depth: number(path, shard, "depth")?,
    };
    if let Err(e) = key.heuristic.parse::<Heuristic>() {
        return Err(CliError::Shard(format!("{path}: `heuristic`: {e}")));
    }
    if key.n == 0 || key.n > MAX_SHARDS as u64 {
        return Err(CliError::Shard(format!(
            "{path}: `n` is {}, not a number of shards from 1 to {MAX_SHARDS}",
            key.n
        )));
    }
    let k = number(path, shard, "k")?;
    let levels = field(path, &v, "levels")?
        .as_array()
        .ok_or_else(|| CliError::Shard(format!("{path}: `levels` is not a list")))?
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let at = format!("{path}: levels[{i}]");
            Ok(Level {
                nodes: number(&at, l, "nodes")?,
                updates: number(&at, l, "updates")?,
            })
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    let complete = field(path, &v, "complete")?
        .as_bool()
        .ok_or_else(|| CliError::Shard(format!("{path}: `complete` is not true or false")))?;
    let mut stats = Stats::checked_from_levels(number(path, &v, "solutions")?, levels, complete)
        .ok_or_else(|| CliError::Shard(format!("{path}: the levels add up past 2^64")))?;
    // Searches with colours or bounds also count Knuth's cleansings.
    let cleansings = v.get("cleansings").is_some();
    if cleansings {
        stats.cleansings = number(path, &v, "cleansings")?;
    }
    if stats.updates != number(path, &v, "updates")? || stats.nodes != number(path, &v, "nodes")? {
        return Err(CliError::Shard(format!(
            "{path}: the totals do not match the levels"
        )));
    }
    Ok(Shard {
        key,
        k,
        stats,
        cleansings,
    })
}

/// One shard's record, read and checked.
#[derive(Debug)]
pub struct Shard {
    /// The run it belongs to.
    pub key: RunKey,
    /// Its number, K of N.
    pub k: u64,
    /// Its figures.
    pub stats: Stats,
    /// Whether they include cleansings.
    pub cleansings: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let merged = add_up(&args.files)?;
    write_output("-", &merged.render(args.json, args.profile))
}

/// The figures of all the shards of one run, added up.
#[derive(Debug)]
pub struct Merged {
    /// The whole run's figures.
    pub stats: Stats,
    /// Its rule.
    pub heuristic: Heuristic,
    /// Whether its figures include cleansings (colours or bounds).
    pub cleansings: bool,
}

impl Merged {
    /// As an unsharded run prints its figures: text (with the profile if asked) or JSON.
    pub fn render(&self, json: bool, profile: bool) -> String {
        let total = &self.stats;
        if json {
            format!(
                "{}\n",
                stats_json(total, self.heuristic, None, self.cleansings)
            )
        } else {
            let mut s = format!(
                "{}{}\n",
                crate::report::figures(total, self.cleansings),
                if total.complete {
                    ""
                } else {
                    " (some shard stopped early)"
                }
            );
            if profile {
                s.push_str(&total.profile_table());
            }
            s
        }
    }
}

/// Reads the shard files of one run and adds them up; refuses a file that is damaged, of
/// another run, or given twice, and names the shards missing.
pub fn add_up(files: &[String]) -> Result<Merged, CliError> {
    let mut first: Option<(String, RunKey)> = None;
    let mut seen: Vec<Option<String>> = Vec::new();
    let mut cleansings = false;
    let mut total = Stats {
        complete: true,
        ..Stats::default()
    };
    for path in files {
        let Shard {
            key,
            k,
            stats,
            cleansings: with_cleansings,
        } = read_shard(path)?;
        cleansings |= with_cleansings;
        match &first {
            None => {
                seen = vec![None; key.n as usize];
                first = Some((path.clone(), key));
            }
            Some((p0, k0)) if *k0 != key => {
                return Err(CliError::Shard(format!(
                    "{path} is a shard of another run than {p0} (matrix {} / {}, heuristic {} / {}, N {} / {}, depth {} / {})",
                    key.matrix,
                    k0.matrix,
                    key.heuristic,
                    k0.heuristic,
                    key.n,
                    k0.n,
                    key.depth,
                    k0.depth
                )));
            }
            Some(_) => {}
        }
        let n = seen.len();
        let slot = seen.get_mut((k as usize).wrapping_sub(1)).ok_or_else(|| {
            CliError::Shard(format!("{path}: shard {k} is not between 1 and {n}"))
        })?;
        if let Some(other) = slot {
            return Err(CliError::Shard(format!(
                "{path}: shard {k} is given twice (also {other})"
            )));
        }
        *slot = Some(path.clone());
        total.checked_merge(&stats).ok_or_else(|| {
            CliError::Shard(format!(
                "{path}: the figures add up past 2^64 with the shards before it"
            ))
        })?;
    }
    let missing: Vec<usize> = seen
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| i + 1)
        .collect();
    if !missing.is_empty() {
        // The first few name the gap; thousands would drown it.
        const SHOWN: usize = 20;
        let mut list: Vec<String> = missing.iter().take(SHOWN).map(usize::to_string).collect();
        if missing.len() > SHOWN {
            list.push(format!("... ({} missing in all)", missing.len()));
        }
        return Err(CliError::Shard(format!(
            "shards missing: {} of {}",
            list.join(", "),
            seen.len()
        )));
    }
    // Checked in read_shard.
    let heuristic: Heuristic = first
        .as_ref()
        .and_then(|(_, k)| k.heuristic.parse().ok())
        .unwrap_or_default();
    Ok(Merged {
        stats: total,
        heuristic,
        cleansings,
    })
}
