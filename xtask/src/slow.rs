//! `cargo xtask slow [--all] [FILTER]`: every `#[ignore]`d test outside the paper's tables
//! (those are `cargo xtask paper --full`), in release mode.
//!
//! The slowest sudoku checks run only with `--all`: 36x36 minimal3 of the michael404 set,
//! solved and proven unique in about 30 s in release mode, and a generated 25x25 puzzle
//! checked unique and minimal by dancing links, about twenty minutes.

use std::process::Command;

use crate::workspace_root;

/// Tests that may run for many minutes (or more), run only with `--all`.
const HOURS: &[&str] = &["michael404", "generated_25x25"];

/// The test target of `dancing-links-tests` whose ignored tests are the paper's long tables
/// (`cargo xtask paper --full`); its other targets are run here.
const PAPER_TABLES: &str = "paper";

/// `-p dancing-links-tests --test T ...` for its test targets (`tests/tests/*.rs`) other than
/// the paper's tables.
fn cross_crate_targets() -> Result<Vec<String>, String> {
    let dir = workspace_root().join("tests/tests");
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut targets = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        let is_rs = path.extension().is_some_and(|e| e == "rs");
        match path.file_stem().and_then(|s| s.to_str()) {
            Some(stem) if is_rs && stem != PAPER_TABLES => targets.push(stem.to_string()),
            _ => {}
        }
    }
    targets.sort();
    let mut args = vec!["-p".to_string(), "dancing-links-tests".to_string()];
    for t in targets {
        args.extend(["--test".to_string(), t]);
    }
    Ok(args)
}

pub fn run(args: &[String]) -> crate::Result {
    if let Some(flag) = args.iter().find(|a| a.starts_with("--") && *a != "--all") {
        return crate::input(format!(
            "slow: unknown flag `{flag}` (usage: cargo xtask slow [--all] [FILTER])"
        ));
    }
    let all = args.iter().any(|a| a == "--all");
    let filter = args.iter().find(|a| !a.starts_with("--"));
    let workspace = ["--workspace", "--exclude", "dancing-links-tests"].map(String::from);
    for packages in [workspace.to_vec(), cross_crate_targets()?] {
        let mut cmd = Command::new(env!("CARGO"));
        cmd.current_dir(workspace_root())
            .args(["test", "--release"])
            .args(packages)
            .args(["--", "--ignored", "--nocapture"]);
        if let Some(f) = filter {
            cmd.arg(f);
        }
        if !all {
            for name in HOURS {
                cmd.args(["--skip", name]);
            }
        }
        let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            return crate::failed("some slow tests failed".to_string());
        }
    }
    Ok(())
}
