//! `--shard K/N`, `dlx merge` and `dlx estimate`, end to end.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

mod common;

use common::Scratch;

fn dlx(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .output()
        .expect("dlx runs")
}

fn json_of(args: &[&str]) -> Value {
    let out = dlx(args);
    assert!(
        out.status.success(),
        "dlx {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON output")
}

/// A scratch directory of this test process, removed when dropped.
fn scratch(name: &str) -> Scratch {
    Scratch::dir(&format!("shards-{name}"))
}

/// The figures a merge must reproduce.
fn figures(v: &Value) -> Value {
    serde_json::json!({
        "solutions": v["solutions"], "updates": v["updates"], "nodes": v["nodes"],
        "levels": v["levels"], "complete": v["complete"], "heuristic": v["heuristic"],
    })
}

/// Runs the N shards of `cmd` into files and returns their paths.
fn shards(dir: &Path, cmd: &[&str], n: usize) -> Vec<String> {
    (1..=n)
        .map(|k| {
            let shard = format!("{k}/{n}");
            let mut args = cmd.to_vec();
            args.extend(["--json", "--shard", &shard, "--threads", "1"]);
            let v = json_of(&args);
            assert_eq!(v["shard"]["k"], k);
            let path = dir.join(format!("{n}-{k}.json"));
            std::fs::write(&path, v.to_string()).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect()
}

#[test]
fn one_three_and_eight_shards_merge_to_the_single_run() {
    let dir = scratch("merge");
    let emitted = dir.join("q8.dlx");
    assert!(
        dlx(&["paper", "queens-8", "--emit", emitted.to_str().unwrap()])
            .status
            .success()
    );
    let solve = ["solve", emitted.to_str().unwrap()];
    let cases: [&[&str]; 5] = [
        &["paper", "queens-10"],
        &["paper", "scott-x23"],
        &["paper", "queens-9", "--heuristic", "leftmost"],
        &["paper", "matrix3"],
        &solve,
    ];
    for cmd in cases {
        let mut single = cmd.to_vec();
        single.extend(["--json", "--threads", "1"]);
        let truth = figures(&json_of(&single));
        let mut plain = cmd.to_vec();
        plain.extend(["--profile", "--threads", "1", "--quiet"]);
        let plain = dlx(&plain).stdout;
        for n in [1, 3, 8] {
            let files = shards(&dir, cmd, n);
            let mut args = vec!["merge", "--json"];
            args.extend(files.iter().map(String::as_str));
            assert_eq!(figures(&json_of(&args)), truth, "{cmd:?} in {n} shards");
            // The text output is the unsharded run's too, profile included.
            let mut text = vec!["merge", "--profile"];
            text.extend(files.iter().map(String::as_str));
            assert_eq!(dlx(&text).stdout, plain, "{cmd:?} in {n} shards, text");
        }
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn merge_refuses_missing_duplicated_and_foreign_shards() {
    let dir = scratch("refuse");
    let a = shards(&dir, &["paper", "queens-8"], 3);
    let b_dir = scratch("refuse-b");
    let b = shards(&b_dir, &["paper", "queens-9"], 3);
    let fail = |files: &[&str], what: &str| {
        let mut args = vec!["merge"];
        args.extend(files);
        let out = dlx(&args);
        assert_eq!(out.status.code(), Some(2), "{files:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(what), "{err}");
    };
    fail(&[&a[0], &a[1]], "shards missing: 3 of 3");
    fail(&[&a[0], &a[1], &a[1], &a[2]], "given twice");
    fail(&[&a[0], &a[1], &b[2]], "another run");
    let not_shard = dir.join("plain.json");
    std::fs::write(
        &not_shard,
        json_of(&["paper", "queens-8", "--json", "--threads", "1"]).to_string(),
    )
    .unwrap();
    fail(&[not_shard.to_str().unwrap()], "no `shard` field");
    let out = dlx(&["paper", "queens-8", "--shard", "4/3"]);
    assert_eq!(out.status.code(), Some(2));
    // A shard file edited by hand: every field is checked, nothing is taken on trust.
    let good: Value = serde_json::from_str(&std::fs::read_to_string(&a[0]).unwrap()).unwrap();
    let forged = |name: &str, edit: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        edit(&mut v);
        let path = dir.join(format!("forged-{name}.json"));
        std::fs::write(&path, v.to_string()).unwrap();
        path.to_string_lossy().into_owned()
    };
    let huge_n = forged("n", &|v| {
        v["shard"]["n"] = 1_000_000_000_000_000_000u64.into()
    });
    fail(&[&huge_n], "not a number of shards from 1 to 1048576");
    let bogus = forged("heuristic", &|v| v["heuristic"] = "bogus".into());
    fail(&[&bogus], "unknown heuristic `bogus`");
    let number = forged("matrix", &|v| v["shard"]["matrix"] = 5.into());
    fail(&[&number], "`matrix` is not a string");
    let yes = forged("complete", &|v| v["complete"] = "yes".into());
    fail(&[&yes], "`complete` is not true or false");
    let top = forged("levels", &|v| {
        let last = v["levels"].as_array().unwrap().len() - 1;
        v["levels"][last]["updates"] = (u64::MAX - 1).into();
        v["updates"] = v["levels"]
            .as_array()
            .unwrap()
            .iter()
            .fold(0u64, |t, l| t.wrapping_add(l["updates"].as_u64().unwrap()))
            .into();
    });
    fail(&[&top], "add up past 2^64");
    // 100,000 shards announced by hand: the record's digest no longer matches.
    let edited = forged("n-edited", &|v| v["shard"]["n"] = 100_000.into());
    fail(
        &[&edited],
        "forged-n-edited.json: damaged: what it holds does not match its digest",
    );
    // A whole record (digest and all) of 100,000 shards, one given: the gap is named briefly.
    let mut record =
        dlx_campaign::ShardRecord::parse("a", &std::fs::read_to_string(&a[0]).unwrap()).unwrap();
    record.key.n = 100_000;
    let many = dir.join("forged-many.json");
    std::fs::write(&many, record.to_json().to_string()).unwrap();
    let many = many.to_string_lossy().into_owned();
    fail(&[&many], "shards missing: 2, 3, 4");
    fail(&[&many], "(99999 missing in all) of 100000");
    for (flag, value, what) in [
        ("--shard", "1/2000000", "at most 1048576 shards"),
        ("--threads", "100000", "at most 1024"),
        ("--limit", "0", "0 is not in 1.."),
    ] {
        let out = dlx(&["paper", "queens-8", flag, value]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(what), "{flag} {value}: {err}");
    }
    std::fs::remove_dir_all(dir).ok();
}

/// `dlx estimate --shard K/N` counts what `dlx solve --shard K/N` counts, the shard's root
/// included, where the probes cannot vary: 8 queens in 4 or more shards is cut where the
/// tree runs out (all of it in shard 1, the other shards empty), and eight binary choices
/// branch alike at every depth, wherever they are cut.
#[test]
fn a_shards_estimate_counts_what_its_search_counts() {
    let dir = scratch("estimate-exact");
    let q8 = dir.join("q8.dlx");
    assert!(
        dlx(&["queens", "8", "--emit", q8.to_str().unwrap()])
            .status
            .success()
    );
    let binary = dir.join("binary.dlx");
    let choices: String = "bcdefgh".chars().map(|c| format!("{c}\n{c}\n")).collect();
    let text = format!("a b c d e f g h\na\na\na\n{choices}");
    std::fs::write(&binary, text).unwrap();
    for (file, counts) in [(&q8, &[4, 5, 8][..]), (&binary, &[1, 2, 3, 5][..])] {
        let f = file.to_str().unwrap();
        let whole = json_of(&["solve", f, "--json", "--quiet"]);
        for &n in counts {
            for k in 1..=n {
                let shard = format!("{k}/{n}");
                let solve = json_of(&["solve", f, "--shard", &shard, "--json", "--quiet"]);
                let est = json_of(&["estimate", f, "--shard", &shard, "--json"]);
                for what in ["nodes", "updates", "solutions"] {
                    assert_eq!(
                        est[what]["mean"].as_f64(),
                        solve[what].as_f64(),
                        "{f} shard {shard}: {what}"
                    );
                    assert_eq!(est[what]["bounded"], true, "{f} shard {shard}: {what}");
                }
                if file == &q8 {
                    let expect = if k == 1 { &whole } else { &Value::Null };
                    let nodes = expect["nodes"].as_u64().unwrap_or(1);
                    assert_eq!(solve["nodes"].as_u64(), Some(nodes), "{shard}");
                }
            }
        }
    }
    std::fs::remove_dir_all(dir).ok();
}

/// The estimate brackets the exactly counted figures: within 4 standard errors for a fixed
/// seed (a generous interval: the probes are heavy-tailed).
fn brackets(dir: &std::path::Path, problems: &[(&str, &str)]) {
    for &(name, heuristic) in problems {
        let file = dir.join(format!("{name}.dlx"));
        assert!(
            dlx(&["paper", name, "--emit", file.to_str().unwrap()])
                .status
                .success()
        );
        let truth = json_of(&[
            "solve",
            file.to_str().unwrap(),
            "--json",
            "--heuristic",
            heuristic,
        ]);
        let est = json_of(&[
            "estimate",
            file.to_str().unwrap(),
            "--samples",
            "20000",
            "--seed",
            "11",
            "--heuristic",
            heuristic,
            "--json",
        ]);
        for what in ["nodes", "updates"] {
            let t = truth[what].as_f64().unwrap();
            let mean = est[what]["mean"].as_f64().unwrap();
            let se = est[what]["std_error"].as_f64().unwrap();
            assert!(
                (mean - t).abs() <= 4.0 * se,
                "{name} {what}: {mean} ± {se} vs {t}"
            );
        }
        // As a user runs it (default probes and seed): an interval it states holds the
        // truth, and a figure it cannot bound is said to be so.
        let default = json_of(&[
            "estimate",
            file.to_str().unwrap(),
            "--heuristic",
            heuristic,
            "--json",
        ]);
        holds_or_unbounded(name, &truth, &default);
    }
}

/// Each figure of `est` either is said to be unbounded or has an interval holding `truth`'s.
fn holds_or_unbounded(name: &str, truth: &Value, est: &Value) {
    for what in ["nodes", "updates", "solutions"] {
        let t = truth[what].as_f64().unwrap();
        let e = &est[what];
        let (lo, hi) = (
            e["ci95"][0].as_f64().unwrap(),
            e["ci95"][1].as_f64().unwrap(),
        );
        assert!(
            e["bounded"] == false || (lo <= t && t <= hi),
            "{name} {what}: {e} vs {t}"
        );
    }
}

#[test]
fn estimates_bracket_the_known_trees() {
    let dir = scratch("estimate");
    brackets(&dir, &[("queens-12", "mrv"), ("scott-x23", "leftmost")]);
    let out = dlx(&[
        "estimate",
        dir.join("scott-x23.dlx").to_str().unwrap(),
        "--move-first",
        "F,Q",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no item `Q`"));
    std::fs::remove_dir_all(dir).ok();
}

/// The paper's two largest known trees and 13 and 14 queens (the counts take seconds).
#[test]
#[ignore = "counts 6x10, Scott and 13 and 14 queens exactly for the truth: about 30 s"]
fn estimates_bracket_6x10_scott_and_queens() {
    let dir = scratch("estimate-slow");
    brackets(
        &dir,
        &[
            ("pentomino-6x10", "mrv"),
            ("scott", "mrv"),
            ("queens-13", "mrv"),
            ("queens-14", "mrv"),
        ],
    );
    std::fs::remove_dir_all(dir).ok();
}

/// The Aztec diamond's subcases, whose truth (10^12 updates each) is the finished campaign
/// in `results/aztec`: with X's row fixed (`--fix`, as the campaign fixes it), an interval
/// the estimate states holds the truth, and a figure it cannot bound is said to be so (the
/// 7 to 36 solutions among 10^9 nodes are never reached; before the tail index was
/// checked, 10 of 18 stated intervals of their nodes missed the truth).
#[test]
fn estimates_bracket_the_aztec_subcases() {
    let results = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../results/aztec");
    for sub in ["x1", "x4", "x6"] {
        let dir = results.join(sub);
        let truth = json_of(&["campaign", "merge", dir.to_str().unwrap(), "--json"]);
        let meta: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("campaign.json")).unwrap())
                .unwrap();
        let fixed = meta["fixed"][0].to_string();
        let matrix = dir.join("matrix.dlx");
        let args = [
            "estimate",
            matrix.to_str().unwrap(),
            "--fix",
            &fixed,
            "--samples",
            "100000",
        ];
        let est = json_of(&[&args[..], &["--json"]].concat());
        holds_or_unbounded(sub, &truth, &est);
        // Their probes' tails are far heavier than those of the paper's small problems:
        // the tool says so rather than state an interval.
        if sub == "x1" {
            let text = String::from_utf8(dlx(&args).stdout).unwrap();
            assert!(
                text.contains("nodes: the largest probes have a tail index of"),
                "{text}"
            );
        }
    }
}

#[test]
fn a_limit_holds_on_threads_and_in_a_shard() {
    // 92 solutions of 8 queens: the first 5 on one thread (Knuth's order), any 5 on three.
    let seq = json_of(&["paper", "queens-8", "--json", "--limit", "5", "--print"]);
    let par = json_of(&[
        "paper",
        "queens-8",
        "--json",
        "--limit",
        "5",
        "--threads",
        "3",
        "--print",
    ]);
    for v in [&seq, &par] {
        assert_eq!(v["solutions"], 5);
        assert_eq!(v["complete"], false);
        assert_eq!(v["solution_list"].as_array().map(Vec::len), Some(5), "{v}");
    }
    let whole = json_of(&["paper", "queens-8", "--json", "--shard", "2/3"]);
    let limited = json_of(&[
        "paper", "queens-8", "--json", "--shard", "2/3", "--limit", "2",
    ]);
    let expect = whole["solutions"].as_u64().unwrap().min(2);
    assert_eq!(limited["solutions"].as_u64(), Some(expect));
    assert_eq!(limited["shard"]["k"], 2);
}

/// The 3-colourings of the 4x4 grid graph as colours (DLX2's format): an edge item per edge,
/// its options the pairs of different colours of its ends, the vertices secondary.
fn grid_colourings() -> String {
    let v = |r: usize, c: usize| format!("v{r}{c}");
    let mut edges = Vec::new();
    for r in 0..4 {
        for c in 0..4 {
            if c < 3 {
                edges.push((v(r, c), v(r, c + 1)));
            }
            if r < 3 {
                edges.push((v(r, c), v(r + 1, c)));
            }
        }
    }
    let mut text: Vec<String> = (0..edges.len()).map(|e| format!("e{e}")).collect();
    text.push("|".into());
    text.extend((0..16).map(|k| v(k / 4, k % 4)));
    let mut lines = vec![text.join(" ")];
    for (e, (a, b)) in edges.iter().enumerate() {
        for x in 1..=3 {
            for y in (1..=3).filter(|&y| y != x) {
                lines.push(format!("e{e} {a}:{x} {b}:{y}"));
            }
        }
    }
    lines.join("\n") + "\n"
}

#[test]
fn colours_are_estimated_stratified_whole_and_by_shard() {
    let dir = scratch("estimate-colours");
    let file = dir.join("grid.dlx");
    dlx_core::file::write_atomic(&file, grid_colourings().as_bytes()).unwrap();
    let f = file.to_str().unwrap();
    let truth = json_of(&["solve", f, "--json"]);
    let est = json_of(&["estimate", f, "--json"]);
    assert!(est["strata"].as_u64().unwrap() > 1, "{est}");
    holds_or_unbounded("grid colourings", &truth, &est);
    // The shards' estimates add up to the whole.
    let (mut mean, mut var) = (0.0, 0.0);
    for k in 1..=4 {
        let e = json_of(&["estimate", f, "--shard", &format!("{k}/4"), "--json"]);
        mean += e["updates"]["mean"].as_f64().unwrap();
        var += e["updates"]["std_error"].as_f64().unwrap().powi(2);
    }
    let t = truth["updates"].as_f64().unwrap();
    assert!(
        (mean - t).abs() <= 4.0 * var.sqrt(),
        "{mean} ± {} vs {t}",
        var.sqrt()
    );
    std::fs::remove_dir_all(dir).ok();
}
