//! `dlx merge A.json B.json ...`: adds the figures of the shards of one run.

use dlx_campaign::{Merged, ShardRecord, add_up};

use crate::error::CliError;
use crate::output::{figures, read_input, stats_json, write_output};

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

pub fn run(args: Args) -> Result<(), CliError> {
    let records = args
        .files
        .iter()
        .map(|path| {
            let (_, text) = read_input(Some(path))?;
            ShardRecord::parse(path, &text)
                .map(|r| (path.clone(), r))
                .map_err(|e| CliError::Shard(e.to_string()))
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    let merged = add_up(&records).map_err(|e| CliError::Shard(e.to_string()))?;
    write_output("-", &render(&merged, args.json, args.profile))
}

/// The figures of a whole run as an unsharded run prints them: text (with the profile if
/// asked and kept) or JSON.
pub fn render(merged: &Merged, json: bool, profile: bool) -> String {
    let total = &merged.stats;
    if json {
        let mut v = stats_json(total, merged.key.heuristic, None, merged.cleansings);
        if !merged.profiled {
            // Totals only: some record kept no profile, so none is made up.
            v.as_object_mut().map(|o| o.remove("levels"));
        }
        format!("{v}\n")
    } else {
        let mut s = format!(
            "{}{}\n",
            figures(total, merged.cleansings),
            if total.complete {
                ""
            } else {
                " (some shard stopped early)"
            }
        );
        if profile {
            if merged.profiled {
                s.push_str(&total.profile_table());
            } else {
                s.push_str("no per-level profile: some shard records keep totals only\n");
            }
        }
        s
    }
}
