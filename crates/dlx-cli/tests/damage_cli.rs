//! The damage test (issue 35): random bytes of every file of a finished campaign folder
//! (its records, `campaign.json`, `plan.json`, `symmetry.txt`, `matrix.dlx`) are changed, thousands of
//! times, and every reading either gives the true figures and classes or refuses with a
//! message naming the damaged file: never a panic, never a wrong figure.
//!
//! Most cases read the folder through the library, as `dlx campaign status` and `merge`
//! do (open, each shard's record, the sum, the classes); a sample runs the commands
//! themselves (`dlx campaign status`, `dlx campaign merge`, `dlx merge` of the records).
//! The generator is seeded: every run changes the same bytes.

use std::path::{Path, PathBuf};
use std::process::Output;

use dlx_campaign::{Campaign, Merged, ShardRecord};

mod common;

use common::{Scratch, dlx, stdout as ok};

/// SplitMix64: a small seeded generator, the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// The square's symmetries for Knuth's 8-queens matrix: the left-right mirror and the
/// transposition (ranks r, files c, diagonals a = r + c and b = c - r + 7).
fn queens8_symmetry() -> String {
    let d = |k: usize| char::from_digit(k as u32, 36).unwrap();
    let mut mirror: String = (0..4).map(|j| format!("(c{} c{})", j, 7 - j)).collect();
    mirror.extend((1..14).map(|k| format!("(a{} b{})", d(k), d(14 - k))));
    let mut transpose: String = (0..8).map(|i| format!("(r{i} c{i})")).collect();
    transpose.extend((1..7).map(|k| format!("(b{} b{})", d(k), d(14 - k))));
    format!("# mirror\n{mirror}\n# transposition\n{transpose}\n")
}

/// What an undamaged folder gives.
struct Truth {
    /// The scratch folder holding the matrix, the symmetries and `dir`, removed with the truth.
    _base: Scratch,
    dir: PathBuf,
    /// Every file of the folder, with its bytes.
    files: Vec<(PathBuf, Vec<u8>)>,
    /// The records, shard 1 first.
    records: Vec<ShardRecord>,
    merged: Merged,
    classes: usize,
    order: usize,
    /// The commands' outputs.
    status: String,
    merge: String,
    merge_json: String,
    merge_records: String,
}

/// 8 queens with the square's symmetries, in 3 shards (35, 28 and 29 solutions), started
/// and run by `dlx`.
fn finished_campaign(tag: &str) -> Truth {
    let base = Scratch::dir(&format!("damage-{tag}"));
    let (matrix, sym, dir) = (base.join("q8.dlx"), base.join("q8.sym"), base.join("q8"));
    ok(&["paper", "queens-8", "--emit", s(&matrix)]);
    std::fs::write(&sym, queens8_symmetry()).unwrap();
    ok(&[
        "campaign",
        "start",
        s(&dir),
        s(&matrix),
        "--shards",
        "3",
        "--symmetry",
        s(&sym),
    ]);
    ok(&["campaign", "run", s(&dir), "-q"]);
    let mut files: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect();
    files.sort();
    let names: Vec<String> = files
        .iter()
        .map(|(p, _)| p.file_name().unwrap().to_str().unwrap().to_string())
        .collect();
    assert_eq!(
        names,
        [
            "campaign.json",
            "matrix.dlx",
            "plan.json",
            "shard-1-of-3.json",
            "shard-2-of-3.json",
            "shard-3-of-3.json",
            "symmetry.txt"
        ]
    );
    let Campaign::Search(shards) = Campaign::open(&dir).unwrap() else {
        panic!("one search")
    };
    let records: Vec<ShardRecord> = (1..=3)
        .map(|k| shards.finished(k).unwrap().unwrap())
        .collect();
    let merged = shards.merge().unwrap();
    assert_eq!(merged.stats.solutions, 92);
    let truth = Truth {
        status: ok(&["campaign", "status", s(&dir)]),
        merge: ok(&["campaign", "merge", s(&dir)]),
        merge_json: ok(&["campaign", "merge", s(&dir), "--json"]),
        merge_records: ok(&strs(&merge_records(&dir))),
        dir,
        _base: base,
        files,
        records,
        merged,
        classes: 12,
        order: 8,
    };
    assert!(
        truth
            .merge
            .ends_with("classes: 12 among 92 solutions under 8 symmetries (symmetry.txt)\n")
    );
    truth
}

/// `dlx merge` of the folder's three records.
fn merge_records(dir: &Path) -> Vec<String> {
    let mut args = vec!["merge".to_string()];
    args.extend((1..=3).map(|k| s(&dir.join(format!("shard-{k}-of-3.json"))).to_string()));
    args
}

/// How a damaged folder was read.
#[derive(Debug)]
struct Tally {
    /// Cases read as if undamaged (the bytes changed nothing the file means), by file.
    true_figures: Vec<usize>,
    /// Cases refused by a message naming the file, by file.
    refused: Vec<usize>,
    /// Command runs checked.
    commands: usize,
}

/// The library's reading: `Ok(true)` the true figures and classes, `Ok(false)` refused
/// naming `name`, `Err` anything else.
fn read_library(t: &Truth, name: &str) -> Result<bool, String> {
    let names = |e: &dyn std::fmt::Display| {
        let e = e.to_string();
        if e.contains(name) {
            Ok(false)
        } else {
            Err(format!("refused without naming {name}: {e}"))
        }
    };
    let campaign = match Campaign::open(&t.dir) {
        Ok(c) => c,
        Err(e) => return names(&e),
    };
    let Campaign::Search(shards) = &campaign else {
        return Err("read as a split".into());
    };
    let p = shards.progress();
    if !p.running.is_empty() {
        return Err(format!("shards said to be running: {:?}", p.running));
    }
    for r in &p.done {
        if *r != t.records[r.k - 1] {
            return Err(format!("shard {} read as another record: {r:?}", r.k));
        }
    }
    let mut whole = p.done.len() == 3;
    for d in &p.damaged {
        names(d)?;
        whole = false;
    }
    match shards.merge() {
        Ok(m) if m == t.merged => {}
        Ok(m) => return Err(format!("merged to other figures: {m:?}")),
        Err(e) => {
            names(&e)?;
            whole = false;
        }
    }
    match campaign.symmetry(&shards.matrix) {
        Ok(Some(sym)) => {
            let rows: Vec<&[usize]> = (p.done.iter())
                .flat_map(|r| r.rows.as_ref().unwrap().iter().map(Vec::as_slice))
                .collect();
            let classes = sym.classes(rows).map_err(|e| e.to_string())?;
            if sym.order() != t.order || (whole && classes != t.classes) {
                return Err(format!(
                    "{classes} classes under {} symmetries",
                    sym.order()
                ));
            }
        }
        Ok(None) => return Err("the symmetries are gone".into()),
        Err(e) => {
            names(&e)?;
            whole = false;
        }
    }
    Ok(whole)
}

/// A command's run: its true output, or exit status 2 with one line naming `name` on
/// standard error (or, for `status`, a `damaged:` line naming it). Never status 101.
fn check_command(args: &[&str], truth: &str, name: &str, status: bool) -> Result<(), String> {
    let out: Output = dlx(args);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    match out.status.code() {
        Some(0) if stdout == truth => Ok(()),
        Some(2)
            if status
                && stderr.lines().count() == 1
                && stdout
                    .lines()
                    .any(|l| l.contains(name) && l.contains("damaged")) =>
        {
            Ok(())
        }
        Some(2) if stderr.lines().count() == 1 && stderr.contains(name) => Ok(()),
        code => Err(format!(
            "dlx {args:?}: exit {code:?}\nstdout: {stdout}\nstderr: {stderr}"
        )),
    }
}

/// `cases` damaged folders, one file each (1 to 3 bytes changed: a bit flipped or a byte
/// replaced), every `command_every`-th also read by the commands.
fn damage(tag: &str, seed: u64, cases: usize, command_every: usize) -> Tally {
    let t = finished_campaign(tag);
    let mut rng = Rng(seed);
    let mut tally = Tally {
        true_figures: vec![0; t.files.len()],
        refused: vec![0; t.files.len()],
        commands: 0,
    };
    let dir = s(&t.dir).to_string();
    let records = merge_records(&t.dir);
    for case in 0..cases {
        let f = rng.below(t.files.len());
        let (path, original) = &t.files[f];
        let name = path.file_name().unwrap().to_str().unwrap();
        let mut bytes = original.clone();
        let mut changes = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(bytes.len());
            let new = if rng.below(2) == 0 {
                bytes[at] ^ (1 << rng.below(8))
            } else {
                loop {
                    let b = rng.below(256) as u8;
                    if b != bytes[at] {
                        break b;
                    }
                }
            };
            changes.push((at, bytes[at], new));
            bytes[at] = new;
        }
        std::fs::write(path, &bytes).unwrap();
        let what = || format!("case {case}: {name}, bytes (at, was, now) {changes:?}");
        let whole = match read_library(&t, name) {
            Ok(whole) => whole,
            Err(e) => panic!("{}: {e}", what()),
        };
        if whole {
            tally.true_figures[f] += 1;
        } else {
            tally.refused[f] += 1;
        }
        if case % command_every == 0 {
            let runs: [(Vec<&str>, &str, bool); 4] = [
                (vec!["campaign", "status", &dir], &t.status, true),
                (vec!["campaign", "merge", &dir], &t.merge, false),
                (
                    vec!["campaign", "merge", &dir, "--json"],
                    &t.merge_json,
                    false,
                ),
                // Only the records: any other file's damage changes nothing here.
                (strs(&records), &t.merge_records, false),
            ];
            for (args, truth, status) in runs {
                if let Err(e) = check_command(&args, truth, name, status) {
                    panic!("{}: {e}", what());
                }
                tally.commands += 1;
            }
        }
        std::fs::write(path, original).unwrap();
    }
    tally
}

#[test]
fn a_damaged_campaign_gives_the_true_figures_or_names_the_file() {
    let tally = damage("fast", 35, 3_000, 30);
    eprintln!("{tally:?}");
    // Every file was damaged, and most damage is refused: the checks are not idle. The
    // plan (index 2) is read back by runs, and `status` says when it cannot be (it had
    // reported such a folder as sound).
    for f in 0..7 {
        assert!(tally.refused[f] > 100, "{tally:?}");
    }
    assert_eq!(tally.commands, 4 * 100);
}

#[test]
#[ignore = "the damage test at 100,000 cases, 2,000 of them through the commands: about 85 s \
            in release mode on 2 busy cores; run by cargo xtask slow"]
fn a_campaign_damaged_a_hundred_thousand_ways_gives_the_true_figures_or_names_the_file() {
    let tally = damage("slow", 3535, 100_000, 50);
    eprintln!("{tally:?}");
    assert_eq!(tally.commands, 4 * 2_000);
}
