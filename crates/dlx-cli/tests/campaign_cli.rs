//! `dlx campaign`, end to end: merged figures equal the unsharded run's on several matrices,
//! a killed or interrupted run resumes, damaged and foreign files are named and never
//! trusted, and GNU parallel can drive one job per shard.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

mod common;

use common::{Scratch, fails, faulty_status, stdout as ok};

/// A fresh scratch folder of this test process.
fn scratch(name: &str) -> Scratch {
    Scratch::path(&format!("campaign-{name}"))
}

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// The figures of a `--json` output that a merge must reproduce.
fn figures(json: &str) -> Value {
    let v: Value = serde_json::from_str(json).expect("JSON");
    serde_json::json!({
        "solutions": v["solutions"], "updates": v["updates"], "nodes": v["nodes"],
        "cleansings": v["cleansings"], "levels": v["levels"], "complete": v["complete"],
    })
}

/// A campaign of a named problem in a fresh scratch folder.
fn started(name: &str, problem: &str, shards: usize) -> Scratch {
    let dir = scratch(name);
    let n = shards.to_string();
    ok(&[
        "campaign",
        "start",
        s(&dir),
        "--problem",
        problem,
        "--shards",
        &n,
    ]);
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn merged_campaigns_give_the_unsharded_figures() {
    // Exact cover under both rules, colours (TAOCP 49) and bounds (DLX3's example).
    let queens = scratch("queens.dlx");
    ok(&["paper", "queens-9", "--emit", s(&queens)]);
    let cases: [(&str, &[&str], &[&str]); 4] = [
        ("q9", &[s(&queens)], &[]),
        ("q9-left", &[s(&queens)], &["--heuristic", "leftmost"]),
        ("taocp", &[&example("taocp-49.dlx")], &[]),
        ("dlx3", &[&example("dlx3-intro.dlx")], &[]),
    ];
    for (name, file, rule) in cases {
        let dir = scratch(name);
        let mut start = vec!["campaign", "start", s(&dir), file[0], "--shards", "5"];
        start.extend_from_slice(rule);
        ok(&start);
        ok(&["campaign", "run", s(&dir), "-q", "--threads", "2"]);
        let merged = ok(&["campaign", "merge", s(&dir), "--json"]);
        let mut solve = vec!["solve", file[0], "--json", "--threads", "1"];
        solve.extend_from_slice(rule);
        assert_eq!(figures(&merged), figures(&ok(&solve)), "{name}");
        let status = ok(&["campaign", "status", s(&dir)]);
        assert!(status.contains("5 of 5 done"), "{status}");
    }
    // A named problem, with its own rule.
    let dir = started("named", "queens-8", 3);
    ok(&["campaign", "run", s(&dir), "-q"]);
    assert_eq!(
        figures(&ok(&["campaign", "merge", s(&dir), "--json"])),
        figures(&ok(&["paper", "queens-8", "--json"]))
    );
}

#[test]
fn shards_run_one_at_a_time_and_merge_waits_for_all() {
    let dir = started("one-by-one", "queens-8", 4);
    ok(&["campaign", "run", s(&dir), "--shard", "3", "-q"]);
    let status = ok(&["campaign", "status", s(&dir)]);
    assert!(status.contains("1 of 4 done"), "{status}");
    assert!(status.contains("3 left"), "{status}");
    let (code, e) = fails(&["campaign", "merge", s(&dir)]);
    assert_eq!(code, 2);
    assert!(e.contains("shards missing: 1, 2, 4 of 4"), "{e}");
    // A shard already done is not searched again; the others are.
    let before = std::fs::read(dir.join("shard-3-of-4.json")).unwrap();
    ok(&["campaign", "run", s(&dir), "-q"]);
    assert_eq!(
        std::fs::read(dir.join("shard-3-of-4.json")).unwrap(),
        before
    );
    assert!(ok(&["campaign", "merge", s(&dir)]).starts_with("92 solutions"));
    // Bad requests: a shard that does not exist, a second start.
    let (code, e) = fails(&["campaign", "run", s(&dir), "--shard", "5"]);
    assert_eq!(code, 2);
    assert!(e.contains("shard 5 does not exist"), "{e}");
    let (code, e) = fails(&["campaign", "start", s(&dir), "--problem", "queens-8"]);
    assert_eq!(code, 2);
    assert!(e.contains("a campaign is already there"), "{e}");
}

#[test]
fn a_killed_run_resumes_and_an_interrupted_one_keeps_its_shards() {
    let dir = started("killed", "queens-11", 24);
    let truth = figures(&ok(&["paper", "queens-11", "--json", "--threads", "1"]));
    for signal in ["KILL", "INT"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(["campaign", "run", s(&dir), "--threads", "1", "-q"])
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Stop it once a shard more is written (or when it ends by itself).
        let done = |dir: &Path| {
            std::fs::read_dir(dir)
                .unwrap()
                .filter(|e| {
                    let name = e.as_ref().unwrap().file_name();
                    let name = name.to_string_lossy();
                    name.starts_with("shard-") && name.ends_with(".json")
                })
                .count()
        };
        let before = done(&dir);
        let deadline = Instant::now() + Duration::from_secs(120);
        while done(&dir) == before && Instant::now() < deadline {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let pid = child.id().to_string();
        let _ = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status();
        let out = child.wait_with_output().unwrap();
        if signal == "INT" && out.status.code() == Some(130) {
            let e = String::from_utf8_lossy(&out.stderr);
            assert!(e.contains("goes on"), "{e}");
        }
        // Whatever the moment of the kill, the folder is a sound campaign.
        let status = ok(&["campaign", "status", s(&dir)]);
        assert!(!status.contains("damaged"), "{status}");
    }
    ok(&["campaign", "run", s(&dir), "-q", "--threads", "2"]);
    let status = ok(&["campaign", "status", s(&dir)]);
    assert!(status.contains("24 of 24 done, 0 running"), "{status}");
    assert_eq!(
        figures(&ok(&["campaign", "merge", s(&dir), "--json"])),
        truth
    );
}

/// Found by an audit: two whole runs on one folder searched most shards twice. They now
/// share them: each shard is searched by one run, the other leaving it to it.
#[test]
fn runs_on_one_folder_share_the_shards() {
    let dir = started("shared", "queens-11", 24);
    let truth = figures(&ok(&["paper", "queens-11", "--json", "--threads", "1"]));
    let runs: Vec<_> = (0..3)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_dlx"))
                .args(["campaign", "run", s(&dir), "--threads", "1"])
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut searched = Vec::new();
    for run in runs {
        let out = run.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{err}");
        // `shard K of 24: N solutions, ...` for each shard this run searched.
        searched.extend(err.lines().filter_map(|l| {
            let rest = l.strip_prefix("shard ")?;
            let (k, rest) = rest.split_once(" of 24: ")?;
            rest.contains("solutions")
                .then(|| k.parse::<usize>().unwrap())
        }));
    }
    searched.sort_unstable();
    assert_eq!(searched, (1..=24).collect::<Vec<_>>());
    assert_eq!(
        figures(&ok(&["campaign", "merge", s(&dir), "--json"])),
        truth
    );
    // A marker another run holds: `status` says it runs; not renewed for two minutes, that
    // it was stopped.
    std::fs::remove_file(dir.join("shard-7-of-24.json")).unwrap();
    let marker = dir.join("shard-7-of-24.running");
    std::fs::write(&marker, "process 1 on elsewhere.example since 0\n").unwrap();
    let status = ok(&["campaign", "status", s(&dir)]);
    assert!(
        status.contains("23 of 24 done, 1 running, 0 stopped"),
        "{status}"
    );
    let date = |ago: Duration| {
        let file = std::fs::File::options().write(true).open(&marker).unwrap();
        file.set_modified(std::time::SystemTime::now() - ago)
            .unwrap();
    };
    date(dlx_campaign::MARKER_STALE);
    let status = ok(&["campaign", "status", s(&dir)]);
    assert!(
        status.contains("0 running, 1 stopped") && status.contains("stopped: 7 ("),
        "{status}"
    );
    // Held: a run leaves it and waits; once it goes stale, the run searches it.
    date(Duration::ZERO);
    let mut run = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["campaign", "run", s(&dir), "--threads", "1"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (lines, read) = std::sync::mpsc::channel();
    let stderr = run.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        for line in std::io::BufRead::lines(std::io::BufReader::new(stderr)) {
            let _ = lines.send(line.unwrap());
        }
    });
    let mut err = Vec::new();
    let waiting = "shard 7 of 24 is being searched by another run: waiting for it";
    while !err.iter().any(|l: &String| l == waiting) {
        match read.recv_timeout(Duration::from_secs(120)) {
            Ok(line) => err.push(line),
            Err(e) => panic!("no line saying the run waits ({e}): {err:?}"),
        }
    }
    date(dlx_campaign::MARKER_STALE);
    let status = run.wait().unwrap();
    reader.join().unwrap();
    err.extend(read.try_iter());
    assert!(status.success(), "{err:?}");
    assert!(
        err.iter().any(|l| l.starts_with("shard 7 of 24: ")),
        "{err:?}"
    );
    assert!(!marker.exists());
    assert_eq!(
        figures(&ok(&["campaign", "merge", s(&dir), "--json"])),
        truth
    );
}

#[test]
fn damaged_and_foreign_files_are_named_and_never_trusted() {
    let dir = started("damaged", "queens-8", 3);
    ok(&["campaign", "run", s(&dir), "-q"]);
    // A file cut short; and shard 3 not yet searched, which a run still searches (the
    // damaged record stops nothing else) before it ends naming shard 2.
    let two = dir.join("shard-2-of-3.json");
    let text = std::fs::read_to_string(&two).unwrap();
    std::fs::write(&two, &text[..text.len() / 2]).unwrap();
    let three = dir.join("shard-3-of-3.json");
    std::fs::remove_file(&three).unwrap();
    let (code, e) = fails(&["campaign", "run", s(&dir), "-q"]);
    assert!(code == 2 && e.contains("shard-2-of-3.json"), "{e}");
    assert!(three.exists(), "shard 3 was searched");
    let status = faulty_status(s(&dir));
    assert!(
        status.contains("damaged: ") && status.contains("shard-2-of-3.json"),
        "{status}"
    );
    for cmd in ["merge", "run"] {
        let (code, e) = fails(&["campaign", cmd, s(&dir)]);
        assert_eq!(code, 2, "{cmd}");
        assert!(
            e.contains("shard-2-of-3.json") && e.contains("move it away"),
            "{cmd}: {e}"
        );
    }
    // A shard of another campaign under the right name.
    let other = started("other", "queens-9", 3);
    ok(&["campaign", "run", s(&other), "--shard", "2", "-q"]);
    std::fs::copy(other.join("shard-2-of-3.json"), &two).unwrap();
    let (_, e) = fails(&["campaign", "merge", s(&dir)]);
    assert!(e.contains("a shard of another run"), "{e}");
    // Moved away, it is searched again, and the figures are whole.
    std::fs::remove_file(&two).unwrap();
    ok(&["campaign", "run", s(&dir), "-q"]);
    assert!(ok(&["campaign", "merge", s(&dir)]).starts_with("92 solutions"));
    // A write a killed run never finished is named by `status`, and read by nothing.
    let tmp = dir.join(".shard-2-of-3.json.999999.0.tmp");
    std::fs::write(&tmp, "{\"solu").unwrap();
    // While it is young, it may be a write under way.
    assert!(!ok(&["campaign", "status", s(&dir)]).contains("left over"));
    let file = std::fs::File::options().write(true).open(&tmp).unwrap();
    file.set_modified(std::time::SystemTime::now() - dlx_campaign::MARKER_STALE)
        .unwrap();
    let status = ok(&["campaign", "status", s(&dir)]);
    assert!(
        status.contains("left over: 1 temporary file of writes a killed run never finished")
            && status.contains(".shard-2-of-3.json.999999.0.tmp"),
        "{status}"
    );
    assert!(ok(&["campaign", "merge", s(&dir)]).starts_with("92 solutions"));
    // A start on a file, not a folder.
    let file = dir.join("matrix.dlx");
    let e = fails(&["campaign", "start", s(&file), "--problem", "queens-8"]).1;
    assert!(e.contains("not a folder"), "{e}");
    // A matrix changed under the campaign.
    std::fs::write(dir.join("matrix.dlx"), "a b\na\nb\n").unwrap();
    let (code, e) = fails(&["campaign", "status", s(&dir)]);
    assert_eq!(code, 2);
    assert!(
        e.contains("not the matrix this campaign was started with"),
        "{e}"
    );
}

/// The README's GNU parallel recipe, run for real (`-S :` stands for a list of hosts).
#[test]
#[ignore = "needs GNU parallel (Debian's `parallel`); a few seconds: run by `cargo xtask slow`"]
fn gnu_parallel_runs_one_job_per_shard() {
    if Command::new("parallel").arg("--version").output().is_err() {
        eprintln!("skipped: GNU parallel is not installed");
        return;
    }
    let dir = started("parallel", "queens-10", 6);
    let status = Command::new("parallel")
        .args(["-S", ":", "--halt", "now,fail=1"])
        .arg(env!("CARGO_BIN_EXE_dlx"))
        .args([
            "campaign",
            "run",
            s(&dir),
            "--threads",
            "1",
            "-q",
            "--shard",
            "{}",
        ])
        .args([":::", "1", "2", "3", "4", "5", "6"])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(
        figures(&ok(&["campaign", "merge", s(&dir), "--json"])),
        figures(&ok(&["paper", "queens-10", "--json", "--threads", "1"]))
    );
}

#[test]
fn a_split_campaign_runs_its_subcases_and_adds_them_up() {
    // Figure 13's welded 4x4 grid, split by the place of X (3 orbits), T breaking the rest.
    let dir = scratch("split");
    let name = "tetrasticks-welded-4x4";
    ok(&[
        "campaign",
        "start",
        s(&dir),
        "--problem",
        name,
        "--subcases",
        "--shards",
        "2",
        "--solutions",
    ]);
    for sub in ["x1", "x2", "x3"] {
        assert!(dir.join(sub).join("matrix.dlx").exists(), "{sub}");
    }
    let status = ok(&["campaign", "status", s(&dir)]);
    assert!(
        status.contains("all subcases: 0 of 6 shards done"),
        "{status}"
    );
    assert!(status.contains("classes: 0 among 0 solutions"), "{status}");
    ok(&["campaign", "run", s(&dir), "-q", "--threads", "2"]);
    // Figure 13's 3 classes, each met once or twice (T breaks what W breaks in the Aztec).
    let status = ok(&["campaign", "status", s(&dir)]);
    assert!(status.contains("classes: 3 among "), "{status}");
    assert!(!status.contains("lower bound"), "{status}");
    let merged: Value = serde_json::from_str(&ok(&["campaign", "merge", s(&dir), "--json"]))
        .expect("one JSON object");
    // Each subcase as one unsharded search with X's row fixed first.
    let (_, subs) = dlx_paper::aztec::split_of(name).unwrap();
    let mut total = (0, 0, 0);
    for (sub, got) in subs.iter().zip(merged["subcases"].as_array().unwrap()) {
        let mut dlx = dlx_core::Dlx::new(&sub.built.matrix);
        let whole = dlx.solve().fix([sub.x_option]).unwrap().count();
        let want = (whole.solutions, whole.updates, whole.nodes);
        let pick = |v: &Value, f: &str| v[f].as_u64().unwrap();
        let found = (
            pick(got, "solutions"),
            pick(got, "updates"),
            pick(got, "nodes"),
        );
        assert_eq!(found, want, "{}", sub.label);
        total = (total.0 + want.0, total.1 + want.1, total.2 + want.2);
    }
    assert_eq!(merged["solutions"].as_u64(), Some(total.0));
    assert_eq!(merged["updates"].as_u64(), Some(total.1));
    assert_eq!(merged["nodes"].as_u64(), Some(total.2));
    // The records keep every solution, X's row included.
    let record: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("x1").join("shard-1-of-2.json")).unwrap(),
    )
    .unwrap();
    let fixed = record["shard"]["fixed"][0].as_u64().unwrap();
    for rows in record["rows"].as_array().unwrap() {
        assert!(
            rows.as_array()
                .unwrap()
                .iter()
                .any(|r| r.as_u64() == Some(fixed))
        );
    }
    // The help names every problem that declares a split.
    let help = ok(&["campaign", "start", "--help"]);
    for (split, _, _) in dlx_paper::aztec::SPLITS {
        assert!(help.contains(split), "{split}: {help}");
    }
    // A problem without a split says which have one.
    let (code, e) = fails(&[
        "campaign",
        "start",
        s(&scratch("nosplit")),
        "--problem",
        "queens-8",
        "--subcases",
    ]);
    assert_eq!(code, 2);
    assert!(e.contains("declares no split") && e.contains(name), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The square's symmetries for Knuth's n-queens matrix (ranks r, files c, diagonals a = r + c
/// and b = c - r + n - 1, numbered in base 36): the left-right mirror and the transposition.
fn queens_symmetry(n: usize) -> String {
    let d = |k: usize| char::from_digit(k as u32, 36).unwrap();
    let last = 2 * n - 2;
    let mut mirror: String = (0..n / 2)
        .map(|j| format!("(c{} c{})", d(j), d(n - 1 - j)))
        .collect();
    mirror.extend((1..last).map(|k| format!("(a{} b{})", d(k), d(last - k))));
    let mut transpose: String = (0..n).map(|i| format!("(r{} c{})", d(i), d(i))).collect();
    transpose.extend((1..n - 1).map(|k| format!("(b{} b{})", d(k), d(last - k))));
    format!("# mirror\n{mirror}\n# transposition\n{transpose}\n")
}

#[test]
fn declared_symmetries_give_classes_whole_or_split_by_a_piece() {
    // 8 queens under the square's 8 symmetries: the 12 classes of its 92 solutions.
    let queens = scratch("q8.dlx");
    ok(&["paper", "queens-8", "--emit", s(&queens)]);
    let sym = scratch("q8.sym");
    dlx_core::file::write_atomic(&sym, queens_symmetry(8).as_bytes()).unwrap();
    let dir = scratch("q8");
    ok(&[
        "campaign",
        "start",
        s(&dir),
        s(&queens),
        "--shards",
        "3",
        "--symmetry",
        s(&sym),
    ]);
    let status = ok(&["campaign", "status", s(&dir)]);
    assert!(
        status.contains("classes: 0 among 0 solutions under 8 symmetries"),
        "{status}"
    );
    assert!(status.contains("lower bound"), "{status}");
    ok(&["campaign", "run", s(&dir), "-q"]);
    let merged = ok(&["campaign", "merge", s(&dir)]);
    assert!(
        merged.contains("classes: 12 among 92 solutions under 8 symmetries (symmetry.txt)"),
        "{merged}"
    );
    let v: Value = serde_json::from_str(&ok(&["campaign", "merge", s(&dir), "--json"])).unwrap();
    assert_eq!(
        (v["classes"].as_u64(), v["solutions"].as_u64()),
        (Some(12), Some(92))
    );

    // The 3x20 pentominoes under the rectangle's 4 symmetries, split by X's places: 9
    // orbits of 2, 4 solutions met in them, 2 classes; the whole search has 8 = 2 x 4.
    let board = scratch("3x20.board");
    dlx_core::file::write_atomic(&board, "####################\n".repeat(3).as_bytes()).unwrap();
    let pieces = scratch("3x20.pieces");
    dlx_core::file::write_atomic(&pieces, "pentominoes\n".as_bytes()).unwrap();
    let matrix = scratch("3x20.dlx");
    ok(&[
        "polyomino",
        "--board",
        s(&board),
        "--pieces",
        s(&pieces),
        "--emit",
        s(&matrix),
    ]);
    let d = "0123456789abcdefghij".as_bytes();
    let cell = |r: usize, c: usize| format!("{r}{}", d[c] as char);
    let mirror: String = (0..3)
        .flat_map(|r| (0..10).map(move |c| (r, c)))
        .map(|(r, c)| format!("({} {})", cell(r, c), cell(r, 19 - c)))
        .collect();
    let flip: String = (0..20)
        .map(|c| format!("({} {})", cell(0, c), cell(2, c)))
        .collect();
    let sym = scratch("3x20.sym");
    dlx_core::file::write_atomic(&sym, format!("{mirror}\n{flip}\n").as_bytes()).unwrap();
    let dir = scratch("3x20");
    let start = |dir: &Path, split: &str| {
        ok(&[
            "campaign",
            "start",
            s(dir),
            s(&matrix),
            "--shards",
            "2",
            "--symmetry",
            s(&sym),
            "--split",
            split,
        ])
    };
    start(&dir, "X");
    for p in 1..=9 {
        assert!(
            dir.join(format!("p{p}")).join("matrix.dlx").exists(),
            "p{p}"
        );
    }
    assert!(!dir.join("p10").exists());
    ok(&["campaign", "run", s(&dir), "-q"]);
    let merged = ok(&["campaign", "merge", s(&dir)]);
    assert!(
        merged.contains("classes: 2 among 4 solutions under 4 symmetries"),
        "{merged}"
    );
    let whole: Value = serde_json::from_str(&ok(&["solve", s(&matrix), "--json"])).unwrap();
    assert_eq!(whole["solutions"].as_u64(), Some(8));

    // A cell is moved by the symmetries: no split by it; a name that is no item; a file
    // that is no symmetry, named by its line.
    let split_by = |item: &str| {
        let dir = scratch(&format!("bad-{item}"));
        let args = [
            "campaign",
            "start",
            s(&dir),
            s(&matrix),
            "--symmetry",
            s(&sym),
            "--split",
        ];
        let (code, e) = fails(&[&args[..], &[item]].concat());
        assert_eq!(code, 2);
        e
    };
    let e = split_by("00");
    assert!(
        e.contains("item `00` is moved by the symmetry on line 1"),
        "{e}"
    );
    let e = split_by("Q");
    assert!(e.contains("`Q` is not an item"), "{e}");
    dlx_core::file::write_atomic(&sym, "# swap two cells\n(00 01)\n".as_bytes()).unwrap();
    let bad3 = scratch("bad3");
    let (code, e) = fails(&[
        "campaign",
        "start",
        s(&bad3),
        s(&matrix),
        "--symmetry",
        s(&sym),
    ]);
    assert_eq!(code, 2);
    assert!(
        e.contains("line 2: the image of option") && e.contains("is not an option"),
        "{e}"
    );
    assert!(!bad3.join("campaign.json").exists());
}

/// `--subcases` and `--classes` split a named problem: with a file instead, a usage error
/// (exit 2), not a panic (issue 35).
#[test]
fn subcases_of_a_file_are_a_usage_error() {
    let queens = scratch("q8-subcases.dlx");
    ok(&["queens", "8", "--emit", s(&queens)]);
    let dir = scratch("subcases-of-a-file");
    // `--classes` too (clap's `requires` let it through to a panic once).
    for flag in ["--subcases", "--classes"] {
        let (code, err) = fails(&["campaign", "start", s(&dir), s(&queens), flag]);
        assert_eq!(code, 2, "{flag}: {err}");
        assert_eq!(err.lines().count(), 1, "{flag}: {err}");
        assert!(err.contains("--problem"), "{flag}: {err}");
        assert!(!dir.join("campaign.json").exists());
    }
}

/// A matrix with colours, split by a primary item every symmetry fixes: each subcase runs
/// with its option fixed (Algorithm C's move), and the classes equal the unsplit campaign's.
#[test]
fn a_matrix_with_colours_splits_into_subcases() {
    // a, b, c primary; x, y secondary. a colours x, c colours y, b colours both alike:
    // two solutions, all 1 or all 2. The mirror (a c)(x y) fixes b and both solutions.
    let m = scratch("colours.dlx");
    let text = "a b c | x y\na x:1\na x:2\nb x:1 y:1\nb x:2 y:2\nc y:1\nc y:2\n";
    dlx_core::file::write_atomic(&m, text.as_bytes()).unwrap();
    let sym = scratch("colours.sym");
    dlx_core::file::write_atomic(&sym, b"(a c)(x y)\n").unwrap();
    let whole = scratch("colours-whole");
    let split = scratch("colours-split");
    for (dir, extra) in [(&whole, &[][..]), (&split, &["--split", "b"][..])] {
        let mut start = vec![
            "campaign",
            "start",
            s(dir),
            s(&m),
            "--shards",
            "2",
            "--symmetry",
            s(&sym),
        ];
        start.extend_from_slice(extra);
        ok(&start);
        ok(&["campaign", "run", s(dir), "-q"]);
    }
    let classes = |dir: &Path| -> (Option<u64>, Option<u64>) {
        let v: Value = serde_json::from_str(&ok(&["campaign", "merge", s(dir), "--json"])).unwrap();
        (v["classes"].as_u64(), v["solutions"].as_u64())
    };
    assert_eq!(classes(&whole), (Some(2), Some(2)));
    assert_eq!(classes(&split), (Some(2), Some(2)));
    // Each subcase holds one solution, with its colour of b.
    let status = ok(&["campaign", "status", s(&split)]);
    assert!(status.contains("classes: 2 among 2 solutions"), "{status}");
}

/// `--split` by an item that a solution need not cover exactly once (a secondary item, or a
/// primary one with bounds) would miss solutions or count them twice: refused (issue 35).
#[test]
fn splitting_by_an_item_not_covered_once_is_refused() {
    let m = scratch("bounded.dlx");
    let text = "a b 0:1|p | s\na p s\nb p\na\nb\nb s\n";
    dlx_core::file::write_atomic(&m, text.as_bytes()).unwrap();
    let sym = scratch("bounded.sym");
    dlx_core::file::write_atomic(&sym, b"# no symmetry but the identity\n").unwrap();
    for (item, why) in [("s", "secondary"), ("p", "bounds")] {
        let dir = scratch(&format!("split-by-{item}"));
        let (code, err) = fails(&[
            "campaign",
            "start",
            s(&dir),
            s(&m),
            "--symmetry",
            s(&sym),
            "--split",
            item,
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(why) && err.contains(&format!("`{item}`")),
            "{err}"
        );
        assert!(!dir.join("campaign.json").exists(), "{item}");
    }
}
