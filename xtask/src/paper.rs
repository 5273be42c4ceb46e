//! `cargo xtask paper`: every table the project reproduces, next to the paper's figures.
//!
//! Fast tables are computed here. Slow tables (`--full`) are run as the `#[ignore]`d snapshot
//! tests of `tests/tests/paper.rs`, so the figures printed are the figures checked.

use std::process::Command;
use std::time::Instant;

use crate::{option_value, workspace_root};

pub fn run(args: &[String]) -> crate::Result {
    let only = option_value(args, "--only");
    let full = args.iter().any(|a| a == "--full");
    let tables = dlx_paper::tables();
    if args.iter().any(|a| a == "--list") {
        for t in &tables {
            println!(
                "{:<22} {}{}",
                t.name,
                t.about,
                if t.slow { " [--full]" } else { "" }
            );
        }
        return Ok(());
    }
    let selected: Vec<_> = tables
        .iter()
        .filter(|t| only.is_none_or(|o| t.name == o || t.name.starts_with(&format!("{o}-"))))
        .collect();
    if selected.is_empty() {
        return crate::input(format!(
            "no table matches `{}` (see `cargo xtask paper --list`)",
            only.unwrap_or("")
        ));
    }
    let mut mismatched = Vec::new();
    for spec in selected.iter().filter(|t| !t.slow) {
        let start = Instant::now();
        let table = spec.build();
        println!("{}", table.render());
        println!(
            "[{}: {}, {:.2} s]\n",
            spec.name,
            verdict(&table),
            start.elapsed().as_secs_f64()
        );
        if !table.all_match() {
            mismatched.push(spec.name);
        }
    }
    let slow: Vec<_> = selected.iter().filter(|t| t.slow).collect();
    if full {
        for spec in slow {
            println!(
                "== {} (slow: running its #[ignore]d snapshot test) ==",
                spec.name
            );
            let start = Instant::now();
            let status = Command::new(env!("CARGO"))
                .current_dir(workspace_root())
                .args([
                    "test",
                    "--release",
                    "-q",
                    "-p",
                    "dancing-links-tests",
                    "--test",
                    "paper",
                    "--",
                ])
                .args(["--ignored", "--exact", "--nocapture", "--test-threads", "1"])
                .arg(spec.name.replace('-', "_"))
                .status()
                .map_err(|e| format!("cannot run cargo: {e}"))?;
            println!(
                "[{}: {}, {:.1} s]\n",
                spec.name,
                if status.success() {
                    "snapshot holds"
                } else {
                    "FAILED"
                },
                start.elapsed().as_secs_f64()
            );
            if !status.success() {
                mismatched.push(spec.name);
            }
        }
    } else if !slow.is_empty() {
        let names: Vec<_> = slow.iter().map(|t| t.name).collect();
        println!("(not run, add --full: {})", names.join(", "));
    }
    if mismatched.is_empty() {
        Ok(())
    } else {
        crate::failed(format!(
            "tables with unexplained differences or failed snapshots: {}",
            mismatched.join(", ")
        ))
    }
}

fn verdict(table: &dlx_paper::Table) -> &'static str {
    let cells: Vec<_> = table.rows.iter().flat_map(|(_, c)| c).collect();
    if cells.iter().all(|c| c.matches()) {
        "every figure equals the paper's"
    } else if table.all_match() {
        "the other figures equal the paper's; each difference or figure not run is explained above"
    } else {
        "UNEXPLAINED DIFFERENCES"
    }
}
