//! `cargo xtask aztec`: the Aztec diamond of Figure 15 (all 25 one-sided tetrasticks), a
//! search of 1.5 × 10^13 updates, run as a resumable campaign of shards
//! ([`dlx_paper::aztec`]): stop it any time, start it again, and it goes on where it stopped.
//!
//! Flags: `--dir DIR` (default `results/aztec`, kept
//! under version control, or `$DLX_AZTEC_DIR`), `--shards N` per subcase
//! (default 64), `--threads T` shards at once (default: one per core), `--only K` (subcase
//! K only), `--status` (read what is done, search nothing), `--board spiked` (the spiked
//! diamond, a board of 100 segments once taken for Figure 15's; its files are in
//! `results/aztec-spiked`).

use std::path::PathBuf;
use std::time::Instant;

use dlx_paper::aztec::{AZTEC_BREAKER, Campaign, SHARDS, default_dir, spiked_dir};

use crate::{option_number, option_value};

pub fn run(args: &[String]) -> Result<(), String> {
    let only = match option_value(args, "--only") {
        Some(v) => Some(
            v.parse()
                .map_err(|_| format!("--only wants a subcase number, not `{v}`"))?,
        ),
        None => None,
    };
    let dir = option_value(args, "--dir").map(PathBuf::from);
    let base = match option_value(args, "--board") {
        None => Campaign::new(dir.unwrap_or_else(default_dir)),
        Some("spiked") => Campaign::spiked(dir.unwrap_or_else(spiked_dir)),
        Some(other) => {
            return Err(format!(
                "--board wants `spiked` (or nothing, for Figure 15's board), not `{other}`"
            ));
        }
    };
    let campaign = Campaign {
        shards: option_number(args, "--shards", SHARDS)?,
        threads: option_number(args, "--threads", 0)?,
        only,
        search: !args.iter().any(|a| a == "--status"),
        ..base
    };
    println!(
        "{}: X in each of its places up to symmetry, {AZTEC_BREAKER} breaking what symmetry is \
         left; {} shards per subcase; files in {}",
        campaign.table.1,
        campaign.shards,
        campaign.dir.display()
    );
    let start = Instant::now();
    let report = campaign
        .run(|line| println!("{line}"))
        .map_err(|e| e.to_string())?;
    println!();
    print!("{}", report.table().render());
    let busy = report.seconds();
    let (cpu, done) = report.cpu_shards();
    println!(
        "running time of the shards done: {busy:.0} thread-seconds ({:.2e} updates/s per thread; \
         CPU time for {cpu} of the {done} shards, wall time for the rest); this run: {:.0} s",
        report.total().updates as f64 / busy.max(1e-9),
        start.elapsed().as_secs_f64()
    );
    if !report.complete {
        println!(
            "not finished: about {:.0}% done by the shard plans' estimates (rough: the sizes \
             are heavy-tailed); run `{}` again to go on",
            100.0 * report.estimated_progress(),
            campaign.command
        );
        if let Some(left) = report.estimated_seconds_left() {
            let threads = campaign.thread_count();
            println!(
                "at the shards' pace so far: about {:.1} thread-hours left, {:.1} h on {threads} \
                 threads",
                left / 3600.0,
                left / 3600.0 / threads as f64
            );
        }
    }
    Ok(())
}
