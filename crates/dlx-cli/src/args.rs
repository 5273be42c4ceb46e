//! The flags every search command shares, and their parsers.

use dlx_core::{Heuristic, MAX_SHARDS};

/// Search flags shared by `solve`, `paper` and the puzzle subcommands.
#[derive(Debug, Clone, clap::Args)]
pub struct SearchArgs {
    /// Column rule: `mrv` (Knuth's S heuristic, shortest column first), `leftmost`, or
    /// `mrv-eager` (takes a column of size 0 or 1 at once: faster, other figures than
    /// Knuth's).
    #[arg(long, value_name = "RULE")]
    pub heuristic: Option<Heuristic>,
    /// Stop after this many solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Print every solution (as its rows, or as the puzzle's picture).
    #[arg(long)]
    pub print: bool,
    /// Print the per-level profile (nodes and updates at each depth), as in the paper's tables.
    #[arg(long)]
    pub profile: bool,
    /// Print one JSON object: solutions, updates, nodes, levels, ...
    #[arg(long)]
    pub json: bool,
    /// Threads to search with (default: all cores). The figures are identical for any
    /// number; with several threads `--print` lists the solutions sorted by their option
    /// numbers instead of in search order. `--limit` without `--threads` searches on one
    /// thread, in Knuth's order; with it, the first N solutions found by any thread.
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Search only shard K of N (1-based): a deterministic part of the tree, balanced by
    /// Knuth's estimate; `dlx merge` adds the shards' `--json` figures into the whole run's.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// No progress display on standard error.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Parses `K/N` with 1 <= K <= N <= [`MAX_SHARDS`].
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{s}` is not a shard K/N with 1 <= K <= N (e.g. 3/8)");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    if n > MAX_SHARDS {
        return Err(format!("`{s}`: at most {MAX_SHARDS} shards"));
    }
    Ok((k, n))
}

/// The most threads `--threads` asks for: the library's cap, refused here by name rather
/// than lowered in silence.
pub use dlx_core::MAX_THREADS;

/// A piece count as `--copies LABEL=N|LABEL=LO-HI` gives it: the label and `(lo, hi)`, with
/// `lo <= hi` and `hi >= 1`; the count's error, or `None` when there is no `LABEL=`.
fn parse_copies(spec: &str) -> Result<(&str, (u32, u32)), Option<dlx_core::CountError>> {
    let (label, range) = spec
        .split_once('=')
        .filter(|(l, _)| !l.is_empty())
        .ok_or(None)?;
    let m = dlx_core::Multiplicity::parse_count(range).map_err(Some)?;
    Ok((label, (m.lower, m.upper)))
}

/// One `--copies`: the piece, its `(lo, hi)`, and the text given.
pub type Copies<'a> = (&'a str, (u32, u32), &'a str);

/// Every `--copies` of a command, each as (piece, `(lo, hi)`, the text given), or the message
/// for the first that is malformed or names a piece already counted (the last count would
/// silently win). `word` names the piece in the expected form (`PIECE`, `LABEL`).
pub fn copies_once<'a>(specs: &'a [String], word: &str) -> Result<Vec<Copies<'a>>, String> {
    let mut counted: Vec<Copies<'a>> = Vec::new();
    for spec in specs {
        let (name, range) = parse_copies(spec).map_err(|why| match why {
            Some(e) => format!("--copies {spec}: {e}"),
            None => format!(
                "--copies {spec}: expected {word}=N or {word}=LO-HI with LO <= HI and HI >= 1"
            ),
        })?;
        if let Some((_, _, first)) = counted.iter().find(|(n, _, _)| *n == name) {
            return Err(format!(
                "--copies {spec}: piece `{name}` is given twice (first --copies {first})"
            ));
        }
        counted.push((name, range, spec));
    }
    Ok(counted)
}

/// Parses a thread count, 0 (every core) to [`MAX_THREADS`].
pub fn parse_threads(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(t) if t <= MAX_THREADS => Ok(t),
        Ok(_) => Err(format!(
            "`{s}` threads: at most {MAX_THREADS} (0 means one per core)"
        )),
        Err(_) => Err(format!("`{s}` is not a number of threads")),
    }
}
