//! `dlx zdd [FILE|-]` and `dlx sample K [FILE|-]`: every solution as a ZDD (Knuth's DLX6),
//! its exact count, and solutions drawn uniformly from it.

use dlx_core::estimate::SplitMix64;
use dlx_core::zdd::ZddStats;
use dlx_core::{Heuristic, Matrix, Problem, Zdd, ZddError, format};
use serde_json::json;
use std::io::{self, BufWriter, Write};

use crate::error::CliError;
use crate::output::{grouped, read_input, write_output};

/// Arguments of `dlx zdd`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The matrix in Knuth's format, with colours and multiplicities (DLX6 reads no bounds:
    /// their diagram comes from an extension, with figures of its own); standard input when
    /// absent or `-`.
    pub file: Option<String>,
    /// Write the diagram to FILE in the text format DLX6 writes (Knuth's ZDDREAD format),
    /// whole or not at all; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Item rule: `mrv` (DLX6's) or `leftmost` (the first item, unless one has no option
    /// left: Knuth's dlx6-noMRV); the figures are those programs'.
    #[arg(long, value_name = "RULE", default_value = "mrv")]
    pub heuristic: Heuristic,
    /// Print one JSON object (the count as a decimal string).
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `dlx sample`.
#[derive(Debug, clap::Args)]
pub struct SampleArgs {
    /// How many solutions to draw (independently, so one may repeat).
    pub k: u64,
    /// The matrix in Knuth's format; standard input when absent or `-`.
    pub file: Option<String>,
    /// Seed of the random generator: the same seed draws the same solutions everywhere.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Draw from the diagram `dlx zdd --out` wrote to FILE for this matrix, instead of
    /// searching again (the same solutions for the same seed; each row then starts from its
    /// option's first item, since the file does not record the item branched on). A diagram
    /// holding a set of options that is no solution of this matrix is refused.
    #[arg(long, value_name = "FILE")]
    pub zdd: Option<String>,
    /// Print one JSON object: the count and the solutions.
    #[arg(long)]
    pub json: bool,
}

/// The matrix of `file`.
fn matrix(file: Option<&str>) -> Result<Matrix, CliError> {
    let (path, text) = read_input(file)?;
    format::parse(&text).map_err(|source| CliError::Format { path, source })
}

/// The matrix of `file` and its diagram.
fn diagram(file: Option<&str>, heuristic: Heuristic) -> Result<(Matrix, Zdd), CliError> {
    let matrix = matrix(file)?;
    let flag = crate::interrupt::watch();
    let zdd = Problem::new(&matrix)
        .solve()
        .heuristic(heuristic)
        .interrupt(&flag)
        .zdd()
        .map_err(|e| match e {
            ZddError::Interrupted => CliError::Interrupted,
            e => CliError::Zdd(e),
        })?;
    Ok((matrix, zdd))
}

fn stats_line(s: &ZddStats) -> String {
    let plural =
        |n: u64, what: &str| format!("{} {what}{}", grouped(n), if n == 1 { "" } else { "s" });
    format!(
        "{} solution{}, {}, {}, {}, {}, {}+{} signatures, {}\n",
        s.solutions,
        if s.solutions.to_u64() == Some(1) {
            ""
        } else {
            "s"
        },
        plural(s.updates, "update"),
        plural(s.cleansings, "cleansing"),
        plural(s.nodes, "search node"),
        plural(s.zdd_nodes, "ZDD node"),
        grouped(s.signatures_failed),
        grouped(s.signatures_solved),
        plural(s.hits, "hit"),
    )
}

pub fn run(args: Args) -> Result<(), CliError> {
    let (_, zdd) = diagram(args.file.as_deref(), args.heuristic)?;
    if let Some(out) = &args.out {
        write_output(out, &zdd.to_text())?;
    }
    let s = zdd.stats().expect("a searched diagram has figures");
    let text = if args.json {
        json!({
            "solutions": s.solutions.to_string(),
            "zdd_nodes": s.zdd_nodes,
            "updates": s.updates,
            "cleansings": s.cleansings,
            "nodes": s.nodes,
            "signatures_failed": s.signatures_failed,
            "signatures_solved": s.signatures_solved,
            "hits": s.hits,
            "heuristic": args.heuristic.to_string(),
        })
        .to_string()
            + "\n"
    } else {
        stats_line(s)
    };
    // With the diagram on standard output, the figures go to standard error.
    if args.out.as_deref() == Some("-") {
        note!("{}", text.trim_end());
        Ok(())
    } else {
        write_output("-", &text)
    }
}

pub fn run_sample(args: SampleArgs) -> Result<(), CliError> {
    // A diagram from a file may be another matrix's, with options of the same numbers:
    // `Zdd::read` refuses it unless every set of options it holds is a solution.
    let (matrix, zdd) = match &args.zdd {
        None => diagram(args.file.as_deref(), Heuristic::Mrv)?,
        Some(path) => {
            let matrix = matrix(args.file.as_deref())?;
            let (path, text) = read_input(Some(path))?;
            let zdd = Zdd::read(&text, &matrix).map_err(|e| CliError::ZddFile(path, e))?;
            (matrix, zdd)
        }
    };
    let mut rng = SplitMix64::new(args.seed);
    let count = zdd.count();
    // Each sample is written as it is drawn, not gathered first: K may be more samples than
    // memory holds (`dlx sample 1000000000 FILE | head` stops at the broken pipe).
    let mut out = BufWriter::new(io::stdout().lock());
    let fail = |e| CliError::io("-", e);
    let mut drawn = 0u64;
    if args.json {
        // The keys in the order `json!` gives an object's keys (sorted).
        out.write_all(b"{\"samples\":[").map_err(fail)?;
    }
    while drawn < args.k
        && !crate::interrupt::requested()
        && let Some(s) = zdd.sample(&mut rng)
    {
        drawn += 1;
        if args.json {
            let comma = if drawn > 1 { "," } else { "" };
            write!(out, "{comma}{}", json!(s.lines(&matrix))).map_err(fail)?;
        } else {
            let rows = s.lines(&matrix).join("\n");
            write!(out, "solution {drawn}:\n{rows}\n\n").map_err(fail)?;
        }
    }
    if args.json {
        let tail = json!({"seed": args.seed, "solutions": count.to_string()}).to_string();
        // `{"seed":..,"solutions":..}` less its opening brace closes the object.
        writeln!(out, "],{}", &tail[1..]).map_err(fail)?;
    } else {
        let plural = if count.to_u64() == Some(1) { "" } else { "s" };
        writeln!(out, "{drawn} drawn from {count} solution{plural}").map_err(fail)?;
    }
    out.flush().map_err(fail)?;
    // The search for the diagram watched for Ctrl-C, so a signal now only asks to stop:
    // the draws so far are printed whole (the JSON closed), and the exit status says so.
    if crate::interrupt::requested() {
        return Err(CliError::Interrupted);
    }
    Ok(())
}
