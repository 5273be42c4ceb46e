//! `cargo xtask <task>`: regenerate the paper's tables, run benchmarks, draw figures.
//!
//! Plain Rust, no shell scripts. `cargo xtask` is an alias (see `.cargo/config.toml`) for
//! running this binary in release mode.

mod aztec;
mod bench;
mod bench_scaling;
mod bench_search;
mod bench_zdd;
mod figures;
mod paper;
mod slow;
mod workloads;

use std::process::ExitCode;

/// Why a task stopped: the exit status tells a script which.
#[derive(Debug)]
pub enum Error {
    /// What the task was given is wrong (a flag, a number, a file): exit status 2, as `dlx`.
    Input(String),
    /// The task ran and a check failed (figures that disagree, a failed test, a build that
    /// does not build): exit status 1.
    Failed(String),
}

impl From<String> for Error {
    fn from(why: String) -> Self {
        Error::Input(why)
    }
}

impl From<&str> for Error {
    fn from(why: &str) -> Self {
        Error::Input(why.to_string())
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Input(why) | Error::Failed(why) => f.write_str(why),
        }
    }
}

/// What every task returns.
pub type Result<T = ()> = std::result::Result<T, Error>;

/// Wrong input, as an `Err` (exit status 2).
pub fn input<T>(why: impl Into<String>) -> Result<T> {
    Err(Error::Input(why.into()))
}

/// A failed check, as an `Err` (exit status 1).
pub fn failed<T>(why: impl Into<String>) -> Result<T> {
    Err(Error::Failed(why.into()))
}

const USAGE: &str = "\
usage: cargo xtask <task> [options]

tasks:
  paper [--only NAME] [--full] [--list]
        Regenerate the paper's tables and print each next to the paper's figures.
        --full adds the long tables (run as the #[ignore]d snapshot tests).
  figures [--out DIR] [--only NAME] [--list]
        Draw the paper's figures as SVG files into DIR (default figures-out/).
  slow [--all] [FILTER]
        Every #[ignore]d test outside the paper's tables, in release mode (--all adds the
        hardest 36x36 sudoku, about 30 s, and a generated 25x25 sudoku checked unique and
        minimal, about twenty minutes).
  aztec [--shards N] [--threads T] [--dir DIR] [--status] [--board spiked]
        The Aztec diamond (Figure 15): 1.5e13 updates, run as a `dlx campaign` split into
        subcases by the position of X (W breaking the symmetry left), N shards each (for a
        new campaign; default 64) on T threads (default: all cores); finished shards are kept
        in DIR (default results/aztec, or $DLX_AZTEC_DIR) and skipped next time; the classes
        found so far are counted on every run, and compared with the paper's 107 once all are
        done. --board spiked: the spiked diamond instead (finished, in results/aztec-spiked).
  seal DIR...
        Add digests to campaign folders written before records and campaign.json carried
        them (a one-off conversion): each such file must read back whole and be exactly as
        dlx writes it, so the digest is the only change; the folder is then checked.
  workloads DIR
        Write the problems with multiplicities that `bench search --bounds` times, each as
        NAME.dlx in Knuth's format (for his DLX3 and SSMCC, or `dlx solve`).
  bench <target> [--rounds N]
        Timings as ratios against a baseline in the same run. Targets:
        search [--baseline REV | --baseline-bin PATH] [--dance PATH] [--xcc FILE] [--bounds]
          [--dlx2 PATH] [--dlx3 PATH] [--ssxcc PATH] [--ssmcc PATH] [--xcc-only] [--cpu]: updates/s
          on one thread and the all-cores speed-up for 6x10, 14 queens and Scott (and a
          file with colours or bounds, and with --bounds the workloads with multiplicities
          that `workloads` writes); optionally against another revision's dlx (built here,
          or given), a local build of Knuth's dance.w, and of his DLX2, DLX3, SSXCC and
          SSMCC (figures checked against ours). --xcc-only: no exact cover problems;
          --cpu: those lines timed by CPU time, not the wall clock, without all cores.
        scaling [--threads 1,4,8,16] [--only NAME,...] [--own-ceiling]: searches of tens of
          seconds to minutes on one core (16 and 17 queens, Scott in leftmost order, a shard
          of the 9x10 campaign checked against its record, MacMahon's hexagon and a shard of it
          if the data folder has it) on each count of threads (default 1, 2, 4, ... all cores):
          wall seconds and speed-ups, the figures identical on every count, and the machine's
          ceiling (as many copies of 14 queens side by side; --own-ceiling: of each
          workload's own one-thread search too).
        sudoku [--peer PATH] [--large [--links-limit S]] [--generate]: µs per puzzle on top95, top1465, forum_hardest_1106 and
          royle_17clue_sample (first solution and uniqueness): the 9x9 band layer vs.
          the candidate masks vs. dancing links vs. a per-puzzle rebuild. --peer runs another solver on the same
          files and prints its figures and the ratios; its contract: `PATH FILE ROUNDS`
          reads FILE (one 9x9 puzzle of 81 characters per line, `.` or `0` blank; skip
          other lines) and prints one line of two numbers, µs per puzzle for the first
          solution and for counting solutions up to 2, each the best of ROUNDS passes.
          --large instead times the 16x16, 25x25 and 36x36 sets, puzzle by puzzle: the
          candidate masks vs. dancing links with propagation (stopped after S seconds a
          puzzle, default 20).
        zdd [--dlx6 PATH] [--baseline REV | --baseline-bin PATH]: every solution as a ZDD
          (DLX6's search) of 13 and 14 queens and the 6x10 pentominoes, CPU seconds of one
          thread, against a local build of Knuth's DLX6 (figures checked against ours) and
          another revision's `dlx zdd`.
        anchors [the flags of search, --peer PATH, --threads LIST, --only NAME,...,
          --own-ceiling]: search (with --bounds when --dlx3 or --ssmcc is given), sudoku and
          scaling one after the other, each with the flags that concern it: every ratio of
          issue 40 in one run.
        sudoku --generate [--count N] [--peer PATH]: minimal unique 9x9 puzzles per second on
          one thread, without symmetry and with the 180° one (N a round, default 2000).
          --peer also times another generator, taking turns; its contract: `PATH --generate
          N ROUNDS` prints one line of two numbers, puzzles per second without symmetry and
          with it, each the best of ROUNDS passes of N puzzles.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("paper") => paper::run(&args[1..]),
        Some("aztec") => aztec::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("figures") => figures::run(&args[1..]),
        Some("slow") => slow::run(&args[1..]),
        Some("seal") => seal(&args[1..]),
        Some("workloads") => workloads::write_all(&args[1..]),
        Some("-h" | "--help" | "help") | None => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(Error::Input(format!(
            "unknown task `{other}` (`cargo xtask help` lists them)"
        ))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::from(match e {
                Error::Input(_) => 2,
                Error::Failed(_) => 1,
            })
        }
    }
}

/// `cargo xtask seal DIR...`: [`dlx_campaign::seal_legacy`] on each folder.
fn seal(dirs: &[String]) -> Result {
    if dirs.is_empty() {
        return Err("seal: name the campaign folders to seal".into());
    }
    for dir in dirs {
        let sealed = dlx_campaign::seal_legacy(dir).map_err(|e| e.to_string())?;
        println!("{dir}: {} files sealed", sealed.len());
    }
    Ok(())
}

/// Value of `--flag VALUE` in `args`, if present.
pub fn option_value<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == flag)
        .and_then(|k| args.get(k + 1))
        .map(String::as_str)
}

/// Value of `--flag N` in `args` as a number, or `default` when the flag is absent.
pub fn option_number(args: &[String], flag: &str, default: usize) -> Result<usize> {
    option_value(args, flag).map_or(Ok(default), |v| {
        v.parse()
            .map_err(|_| format!("{flag} wants a number, not `{v}`").into())
    })
}

/// [`option_number`] for a count that must be at least 1 (rounds, puzzles).
pub fn option_count(args: &[String], flag: &str, default: usize) -> Result<usize> {
    match option_number(args, flag, default)? {
        0 => Err(format!("{flag} wants a count of at least 1, not 0").into()),
        n => Ok(n),
    }
}

/// The workspace root (xtask lives one level below it).
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask has a parent")
        .to_path_buf()
}
