//! Shard records prove their own integrity (issue 35): a record whose figures, rows or key
//! were changed is refused by its digest, naming the file, by `dlx merge` and by a campaign;
//! rows that are no solution of the campaign's matrix are refused before anything indexes by
//! them; records that carry different figures are not added up. Exit status 2, one line,
//! never a panic.

use std::path::{Path, PathBuf};

use dlx_campaign::ShardRecord;
use serde_json::{Value, json};

mod common;

use common::{Scratch, fails, faulty_status, stdout as ok};

fn scratch(name: &str) -> Scratch {
    Scratch::dir(&format!("records-{name}"))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn example(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    s(&path).to_string()
}

/// A finished 8-queens campaign in 3 shards, keeping its solutions.
fn queens(dir: &Path) -> PathBuf {
    let matrix = dir.join("q8.dlx");
    ok(&["paper", "queens-8", "--emit", s(&matrix)]);
    let c = dir.join("q8");
    ok(&[
        "campaign",
        "start",
        s(&c),
        s(&matrix),
        "--shards",
        "3",
        "--solutions",
    ]);
    ok(&["campaign", "run", s(&c), "-q"]);
    c
}

/// Edits a record's JSON as a text editor would: the digest is left as it was.
fn edit(path: &Path, change: impl FnOnce(&mut Value)) {
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    change(&mut v);
    std::fs::write(path, format!("{v}\n")).unwrap();
}

/// Changes a record and writes it again as dlx writes records, with a digest that matches:
/// a record that is whole but wrong.
fn rewrite(path: &Path, change: impl FnOnce(&mut ShardRecord)) {
    let mut r = ShardRecord::parse(s(path), &std::fs::read_to_string(path).unwrap()).unwrap();
    change(&mut r);
    std::fs::write(path, format!("{}\n", r.to_json())).unwrap();
}

fn records(c: &Path) -> Vec<String> {
    (1..=3)
        .map(|k| s(&c.join(format!("shard-{k}-of-3.json"))).to_string())
        .collect()
}

/// Knuth's problem (49), with colours, in 2 shards printed by `dlx solve --shard K/2 --json`
/// (and `extra`) into `dir`: the files.
fn taocp_shards(dir: &Path, extra: &[&str]) -> Vec<String> {
    let file = example("taocp-49.dlx");
    (1..=2)
        .map(|k| {
            let path = dir.join(format!("x{k}.json"));
            let spec = format!("{k}/2");
            let mut args = vec!["solve", &file, "--shard", &spec, "--json"];
            args.extend(extra);
            std::fs::write(&path, ok(&args)).unwrap();
            s(&path).to_string()
        })
        .collect()
}

fn merge_args(files: &[String]) -> Vec<&str> {
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    args
}

/// The cases: `"solutions"` + 1000 gave "1,092 solutions" and exit 0; one changed
/// digit in `rows` gave 13 classes instead of 12; an option number past the matrix's
/// panicked. Each is now refused, naming the record.
#[test]
fn a_changed_figure_or_row_is_refused_naming_the_record() {
    let dir = scratch("changed");
    let c = queens(&dir);
    let truth = ok(&["campaign", "merge", s(&c)]);
    assert!(truth.starts_with("92 solutions, 16,680 updates"), "{truth}");
    let files = records(&c);
    let shard2 = Path::new(&files[1]);
    let original = std::fs::read(shard2).unwrap();
    let refused = |why: &str| {
        for args in [vec!["campaign", "merge", s(&c)], merge_args(&files)] {
            let (code, e) = fails(&args);
            assert_eq!(code, 2, "{e}");
            assert_eq!(e.lines().count(), 1, "{e}");
            assert!(e.contains("shard-2-of-3.json: ") && e.contains(why), "{e}");
        }
        let status = faulty_status(s(&c));
        assert!(status.contains("2 of 3 done"), "{status}");
        assert!(
            status.contains("damaged: ") && status.contains("shard-2-of-3.json: "),
            "{status}"
        );
        std::fs::write(shard2, &original).unwrap();
    };
    let digest = "does not match its digest";
    edit(shard2, |v| {
        // Solutions and rows together, so that nothing but the digest can tell.
        v["solutions"] = json!(v["solutions"].as_u64().unwrap() + 1);
        v["rows"].as_array_mut().unwrap().push(json!([63]));
    });
    refused(digest);
    // One digit of one row, the rows still sorted.
    edit(shard2, |v| {
        let rows = v["rows"].as_array_mut().unwrap();
        let row = rows.last_mut().unwrap().as_array_mut().unwrap();
        let n = |x: &Value| x.as_u64().unwrap();
        let j = (0..7).find(|&j| n(&row[j]) + 1 < n(&row[j + 1])).unwrap();
        row[j] = json!(n(&row[j]) + 1);
    });
    refused(digest);
    edit(shard2, |v| {
        v["updates"] = json!(v["updates"].as_u64().unwrap() + 1000)
    });
    refused("");
    // Sealed again, as a hand-made record could be: the rows are checked against the
    // matrix, which has 64 options.
    rewrite(shard2, |r| r.rows.as_mut().unwrap()[0][7] = 99_999);
    let (code, e) = fails(&["campaign", "merge", s(&c)]);
    assert_eq!(code, 2, "{e}");
    assert!(
        e.contains(
            "shard-2-of-3.json: damaged: rows[0] holds option 99999, but the matrix has 64 options"
        ),
        "{e}"
    );
    std::fs::write(shard2, &original).unwrap();
    rewrite(shard2, |r| {
        r.rows.as_mut().unwrap()[0].pop();
    });
    let (_, e) = fails(&["campaign", "merge", s(&c)]);
    assert!(e.contains("rows[0] is not a solution: item"), "{e}");
    std::fs::write(shard2, &original).unwrap();
    rewrite(shard2, |r| r.rows = None);
    let (_, e) = fails(&["campaign", "merge", s(&c)]);
    assert!(
        e.contains("keeps no solutions, but the campaign keeps them"),
        "{e}"
    );
    // Found by an audit: records each whole that do not add up together (one without the
    // levels the others carry) left `status` saying all was done, with exit status 0.
    std::fs::write(shard2, &original).unwrap();
    rewrite(shard2, |r| {
        r.profiled = false;
        r.stats.levels.clear();
    });
    let status = faulty_status(s(&c));
    assert!(
        status.contains("3 of 3 done") && status.contains("so far: cannot be added up: "),
        "{status}"
    );
    assert_eq!(fails(&["campaign", "merge", s(&c)]).0, 2);
    std::fs::write(shard2, &original).unwrap();
    assert_eq!(ok(&["campaign", "merge", s(&c)]), truth);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dlx merge` refuses records that disagree on which figures they carry (a record without
/// `cleansings` among ones with them was added as 0 cleansings), and a record without a
/// digest.
#[test]
fn merge_refuses_records_that_carry_other_figures() {
    let dir = scratch("carry");
    let shards = taocp_shards(&dir, &[]);
    let whole = ok(&merge_args(&shards));
    assert_eq!(whole, "1 solution, 20 updates, 3 cleansings, 4 nodes\n");
    let first = Path::new(&shards[0]);
    let original = std::fs::read(first).unwrap();
    rewrite(first, |r| {
        r.cleansings = false;
        r.stats.cleansings = 0;
    });
    for files in [shards.clone(), vec![shards[1].clone(), shards[0].clone()]] {
        let (code, e) = fails(&merge_args(&files));
        assert_eq!(code, 2, "{e}");
        assert!(
            e.contains("x2.json carries cleansings and") && e.contains("x1.json does not"),
            "{e}"
        );
    }
    std::fs::write(first, &original).unwrap();
    rewrite(first, |r| {
        r.profiled = false;
        r.stats.levels.clear();
    });
    let (code, e) = fails(&merge_args(&shards));
    assert_eq!(code, 2, "{e}");
    assert!(e.contains("x2.json carries a per-level profile and"), "{e}");
    // A record of a dlx from before digests (or with its digest cut out).
    std::fs::write(first, &original).unwrap();
    edit(first, |v| drop(v.as_object_mut().unwrap().remove("digest")));
    let (code, e) = fails(&merge_args(&shards));
    assert_eq!(code, 2, "{e}");
    assert!(e.contains("x1.json: damaged: no `digest` field"), "{e}");
    std::fs::write(first, &original).unwrap();
    assert_eq!(ok(&merge_args(&shards)), whole);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The fields `dlx solve --shard --json` prints beside a record (`--print`'s solutions) are
/// not part of it: its output is merged as it is.
#[test]
fn a_shard_printed_with_its_solutions_still_merges() {
    let dir = scratch("print");
    let shards = taocp_shards(&dir, &["--print"]);
    for file in &shards {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        assert!(
            v.get("digest").is_some() && v.get("solution_list").is_some(),
            "{v}"
        );
    }
    assert_eq!(
        ok(&merge_args(&shards)),
        "1 solution, 20 updates, 3 cleansings, 4 nodes\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
