//! `cargo xtask aztec`: the Aztec diamond of Figure 15 (all 25 one-sided tetrasticks), a
//! search of 1.5 × 10^13 updates, run as a `dlx campaign` split into subcases
//! ([`dlx_paper::aztec`]): stop it any time, start it again, and it goes on where it stopped.
//!
//! It starts the campaign in DIR if there is none (as `dlx campaign start DIR --problem
//! tetrasticks-aztec --subcases --solutions` would), searches what is missing with the
//! campaign runner every `dlx campaign run` uses ([`dlx_campaign::Campaign::run`]; Ctrl-C
//! stops it, keeping the shards finished), and prints the table read from DIR. Flags: `--dir DIR`
//! (default `results/aztec`, kept under version control, or `$DLX_AZTEC_DIR`), `--shards N`
//! per subcase for a new campaign (default 64), `--threads T` (default: all cores),
//! `--status` (read what is done, search nothing), `--board spiked` (the spiked diamond, a
//! board of 100 segments once taken for Figure 15's; its files are in `results/aztec-spiked`).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use dlx_campaign::{Event, RunOptions, Split};
use dlx_paper::aztec::{Campaign, SHARDS, default_dir, spiked_dir};

use crate::{option_number, option_value};

pub fn run(args: &[String]) -> crate::Result {
    let dir = option_value(args, "--dir").map(PathBuf::from);
    let campaign = match option_value(args, "--board") {
        None => Campaign::new(dir.unwrap_or_else(default_dir)),
        Some("spiked") => Campaign::spiked(dir.unwrap_or_else(spiked_dir)),
        Some(other) => {
            return crate::input(format!(
                "--board wants `spiked` (or nothing, for Figure 15's board), not `{other}`"
            ));
        }
    };
    let shards = option_number(args, "--shards", SHARDS)?;
    let threads = option_number(args, "--threads", 0)?;
    if !campaign.dir.join("campaign.json").exists() {
        let split = dlx_paper::split(&campaign.problem).map_err(|e| e.to_string())?;
        let about = format!("{}: {}", split.name, split.about);
        Split::create(
            &campaign.dir,
            &about,
            split.subcases,
            shards,
            split.heuristic,
            true,
        )
        .map_err(|e| e.to_string())?;
        println!("started {about} in {}", campaign.dir.display());
    }
    let start = Instant::now();
    if !args.iter().any(|a| a == "--status") {
        let stop = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&stop);
        // A second Ctrl-C, or none installed, ends the process at once, as usual.
        let _ = ctrlc::set_handler(move || {
            if seen.swap(true, Ordering::Relaxed) {
                std::process::exit(130);
            }
        });
        let options = RunOptions {
            threads,
            interrupt: Some(&stop),
            ..RunOptions::default()
        };
        let opened = dlx_campaign::Campaign::open(&campaign.dir).map_err(|e| e.to_string())?;
        opened
            .run(&options, |event| match event {
                Event::Subcase { name, about } => println!("subcase {name} ({about})"),
                Event::Finished { k, n, record } => println!(
                    "shard {k} of {n}: {} solutions, {} updates ({:.1} s)",
                    record.stats.solutions,
                    record.stats.updates,
                    record.seconds.unwrap_or(0.0)
                ),
                Event::Held { k, n } => {
                    println!("shard {k} of {n} is being searched by another run: waiting for it")
                }
                Event::AlreadyDone { .. } => {}
            })
            .map_err(|e| {
                format!(
                    "{e}; the shards finished are kept in {}: run `{}` again to go on",
                    campaign.dir.display(),
                    campaign.command
                )
            })?;
    }
    let report = campaign.read().map_err(|e| e.to_string())?;
    println!();
    print!("{}", report.table().render());
    let busy = report.seconds();
    let (cpu, done) = report.cpu_shards();
    println!(
        "running time of the shards done: {busy:.0} CPU seconds ({:.2e} updates/s; CPU time \
         for {cpu} of the {done} shards, wall time for the rest); this run: {:.0} s",
        report.total().updates as f64 / busy.max(1e-9),
        start.elapsed().as_secs_f64()
    );
    if !report.complete {
        println!(
            "not finished: `dlx campaign status {}` shows the pace; run `{}` again to go on",
            campaign.dir.display(),
            campaign.command
        );
    }
    Ok(())
}
