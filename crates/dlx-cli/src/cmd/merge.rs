//! `dlx merge A.json B.json ...`: adds the figures of the shards of one run.

use dlx_core::{Heuristic, Level, Stats};
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
struct RunKey {
    matrix: String,
    heuristic: String,
    n: u64,
    depth: u64,
}

fn field<'a>(path: &str, v: &'a Value, name: &str) -> Result<&'a Value, CliError> {
    v.get(name).ok_or_else(|| {
        CliError::Shard(format!(
            "{path}: no `{name}` field (not the --json output of a --shard run)"
        ))
    })
}

fn number(path: &str, v: &Value, name: &str) -> Result<u64, CliError> {
    field(path, v, name)?
        .as_u64()
        .ok_or_else(|| CliError::Shard(format!("{path}: `{name}` is not a whole number")))
}

/// Reads one shard: its run, its number K and its figures.
fn read_shard(path: &str) -> Result<(RunKey, u64, Stats), CliError> {
    let (_, text) = read_input(Some(path))?;
    let v: Value = serde_json::from_str(&text)
        .map_err(|e| CliError::Shard(format!("{path}: not JSON: {e}")))?;
    let shard = field(path, &v, "shard")?;
    let key = RunKey {
        matrix: field(path, shard, "matrix")?
            .as_str()
            .unwrap_or_default()
            .to_string(),
        heuristic: field(path, &v, "heuristic")?
            .as_str()
            .unwrap_or_default()
            .to_string(),
        n: number(path, shard, "n")?,
        depth: number(path, shard, "depth")?,
    };
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
    let complete = field(path, &v, "complete")?.as_bool().unwrap_or(false);
    let stats = Stats::from_levels(number(path, &v, "solutions")?, levels, complete);
    if stats.updates != number(path, &v, "updates")? || stats.nodes != number(path, &v, "nodes")? {
        return Err(CliError::Shard(format!(
            "{path}: the totals do not match the levels"
        )));
    }
    Ok((key, k, stats))
}

pub fn run(args: Args) -> Result<(), CliError> {
    let mut first: Option<(String, RunKey)> = None;
    let mut seen: Vec<Option<String>> = Vec::new();
    let mut total = Stats {
        complete: true,
        ..Stats::default()
    };
    for path in &args.files {
        let (key, k, stats) = read_shard(path)?;
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
        total.merge(&stats);
    }
    let missing: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    if !missing.is_empty() {
        return Err(CliError::Shard(format!(
            "shards missing: {} of {}",
            missing.join(", "),
            seen.len()
        )));
    }
    let heuristic: Heuristic = first
        .as_ref()
        .map(|(_, k)| k.heuristic.parse().unwrap_or_default())
        .unwrap_or_default();
    let text = if args.json {
        format!("{}\n", stats_json(&total, heuristic, None))
    } else {
        let mut s = format!(
            "{} solutions, {} updates, {} nodes{}\n",
            total.solutions,
            total.updates,
            total.nodes,
            if total.complete {
                ""
            } else {
                " (some shard stopped early)"
            }
        );
        if args.profile {
            s.push_str(&total.profile_table());
        }
        s
    };
    write_output("-", &text)
}
