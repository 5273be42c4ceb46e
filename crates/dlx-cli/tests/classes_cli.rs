//! `--classes` end to end: distinct solutions of every polyform command, found under the
//! symmetries each board has, equal to the classes that a count of every solution sorts
//! them into; the JSON figures; campaigns started with `--classes`; and exit status 2 with
//! one line when a count by classes cannot run.

mod common;

use common::{refused, stdout};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&stdout(args)).expect("JSON")
}

#[test]
fn every_polyform_command_counts_classes() {
    // (command, the classes the command's own `--count` tally gives, or the published count)
    let cases: [(&[&str], u64, u64); 5] = [
        (&["polyomino", "pentominoes-4x15"], 368, 4),
        (&["polycube", "soma"], 240, 48),
        (&["polycube", "tetracubes-2x2x8"], 112, 16),
        (&["polyiamond", "--rhombus", "9x4"], 74, 2),
        (&["polystick", "tetrasticks-welded-4x4"], 3, 8),
    ];
    for (command, classes, group) in cases {
        let mut args = command.to_vec();
        args.extend(["--classes", "--json", "-q"]);
        let v = json(&args);
        assert_eq!(v["classes"], classes, "{command:?}");
        assert_eq!(v["group"], group, "{command:?}");
        // The classes search fewer solutions than there are, and knows how many there are.
        let mut count = command.to_vec();
        count.extend(["--count", "--json", "-q"]);
        let all = json(&count);
        assert_eq!(v["solutions"], all["solutions"], "{command:?}");
        let (few, many) = (
            v["updates"].as_u64().unwrap(),
            all["updates"].as_u64().unwrap(),
        );
        assert!(few < many, "{command:?}: {few} against {many}");
    }
}

#[test]
fn the_text_says_what_was_restricted() {
    let out = stdout(&["polyomino", "pentominoes-8x8-hole", "--classes", "-q"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "65 classes under 8 symmetries (0 symmetric) (published: 65), 520 solutions"
    );
    assert_eq!(
        lines[1],
        "  `X` restricted to 4 of its 24 places, one of each orbit; 2 are fixed by a symmetry, \
         split again"
    );
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("searched: 65 solutions, "),
        "{out}"
    );
    // Welded tetrasticks: two classes are symmetric, found by comparing solutions with
    // their images where no piece is left to split by.
    let out = stdout(&["polystick", "tetrasticks-welded-4x4", "--classes", "-q"]);
    assert!(
        out.starts_with("3 classes under 8 symmetries (2 symmetric), 16 solutions\n"),
        "{out}"
    );
    assert!(out.contains("compared with their images"), "{out}");
}

#[test]
fn a_board_without_symmetry_has_one_class_a_solution() {
    let (dir, board) = common::temp_file("classes", "board", "###\n#..\n");
    let (_pieces, pieces) = common::temp_file("classes", "pieces", "piece D ##\npiece E ##\n");
    let v = json(&[
        "polyomino",
        "--board",
        &board,
        "--pieces",
        &pieces,
        "--classes",
        "--json",
    ]);
    // The L-shaped board is mapped onto itself by no motion: each of its two tilings (D and
    // E swapped) is a class of its own, and nothing is restricted.
    let figures = |k: &str| v[k].as_u64();
    assert_eq!(
        (figures("group"), figures("classes"), figures("solutions")),
        (Some(1), Some(2), Some(2))
    );
    assert_eq!(v["splits"], serde_json::json!([]));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn print_shows_one_solution_of_each_class() {
    let cases: [&[&str]; 4] = [
        &["polyomino", "pentominoes-3x20"],
        &["polycube", "soma"],
        &["polyiamond", "--rhombus", "9x4"],
        &["polystick", "tetrasticks-welded-4x4"],
    ];
    for command in cases {
        let with = |extra: &[&'static str]| -> Vec<&'static str> {
            let mut args = command.to_vec();
            args.extend(extra);
            args.push("-q");
            args
        };
        let found = json(&with(&["--classes", "--print", "--json"]));
        let members = found["class_list"].as_array().unwrap();
        assert_eq!(members.len() as u64, found["classes"], "{command:?}");
        // Each is one of the solutions that a search of them all lists.
        let all = json(&with(&["--print", "--json", "--threads", "1"]));
        let sorted = |s: &Value| {
            let mut rows: Vec<String> = (s.as_array().unwrap().iter())
                .map(|r| {
                    let mut items: Vec<&str> = r.as_str().unwrap().split(' ').collect();
                    items.sort_unstable();
                    items.join(" ")
                })
                .collect();
            rows.sort_unstable();
            rows
        };
        let every: std::collections::HashSet<Vec<String>> = all["solution_list"]
            .as_array()
            .unwrap()
            .iter()
            .map(sorted)
            .collect();
        assert_eq!(every.len() as u64, found["solutions"], "{command:?}");
        let mut seen = std::collections::HashSet::new();
        for m in members {
            let m = sorted(m);
            assert!(every.contains(&m), "{command:?}: {m:?} is not a solution");
            assert!(seen.insert(m), "{command:?}: a class shown twice");
        }
        // In words: a picture per class, numbered, then the count; the same on two threads.
        let text = stdout(&with(&["--classes", "--print"]));
        let shown = text.lines().filter(|l| l.starts_with("class ")).count();
        assert_eq!(shown, members.len(), "{command:?}");
        assert!(text.contains(&format!("class {}:", members.len())));
        let mut two = with(&["--classes", "--print"]);
        two.extend(["--threads", "2"]);
        assert_eq!(stdout(&two), text, "{command:?}");
    }
}

#[test]
fn svg_draws_every_class_on_one_sheet() {
    let dir = common::Scratch::dir("classes-sheet");
    let cases: [(&[&str], bool); 5] = [
        (&["polyomino", "pentominoes-3x20"], true),
        (&["polycube", "soma", "--isometric"], true),
        (&["polyiamond", "--rhombus", "9x4"], true),
        (&["polystick", "tetrasticks-welded-4x4"], true),
        (&["queens", "8"], false),
    ];
    for (k, (command, captioned)) in cases.into_iter().enumerate() {
        let path = dir.join(format!("sheet-{k}.svg"));
        let mut args = command.to_vec();
        args.extend(["--classes", "--json", "-q", "--svg", path.to_str().unwrap()]);
        let found = json(&args);
        let classes = found["classes"].as_u64().unwrap();
        let sheet = std::fs::read_to_string(&path).unwrap();
        // The sheet, and a picture nested in it for each class.
        assert!(sheet.starts_with("<svg xmlns="), "{command:?}");
        assert_eq!(
            sheet.matches("<svg").count() as u64,
            classes + 1,
            "{command:?}"
        );
        assert_eq!(
            sheet.matches("</svg>").count() as u64,
            classes + 1,
            "{command:?}"
        );
        if captioned {
            let last = format!("class {classes} of {classes}<");
            assert!(sheet.contains(&last), "{command:?}: no `{last}`");
        }
    }
    // No solution, no sheet: an empty picture had been written, with status 0.
    let none = dir.join("none.svg");
    let out = common::dlx(&["queens", "3", "--classes", "--svg", none.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("no class to draw") && stderr.contains("not written"),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("0 classes"));
    assert!(!none.exists());
}

#[test]
fn queens_count_their_fundamental_solutions() {
    for n in ["6", "8", "9"] {
        let all = json(&["queens", n, "--json", "-q"]);
        for (extra, group) in [(None, 8), (Some("--ranks-only"), 4)] {
            let mut args = vec!["queens", n, "--classes", "--print", "--json", "-q"];
            args.extend(extra);
            let found = json(&args);
            assert_eq!(found["group"], group, "queens {n} {extra:?}");
            assert_eq!(found["solutions"], all["solutions"], "queens {n} {extra:?}");
            let listed = found["class_list"].as_array().unwrap();
            assert_eq!(
                listed.len() as u64,
                found["classes"],
                "queens {n} {extra:?}"
            );
        }
    }
}

#[test]
fn refused_combinations_say_so() {
    refused(
        &["polyomino", "pentominoes-3x20", "--classes", "--limit", "1"],
        "--classes: the count runs over the whole search",
    );
    refused(
        &["polycube", "soma", "--classes", "--shard", "1/2"],
        "--classes: the count runs over the whole search",
    );
    refused(
        &[
            "campaign",
            "start",
            "no-such-dir-needed",
            "--problem",
            "queens-8",
            "--classes",
        ],
        "is not a named polyform problem",
    );
}

#[test]
fn a_campaign_started_with_classes_counts_them() {
    let dir = common::Scratch::path("classes-soma");
    let d = dir.to_str().unwrap();
    stdout(&[
        "campaign",
        "start",
        d,
        "--problem",
        "soma",
        "--classes",
        "--shards",
        "2",
    ]);
    stdout(&["campaign", "run", d, "-q"]);
    let merged = stdout(&["campaign", "merge", d]);
    assert!(
        merged.contains("classes: 240 among 273 solutions under 48 symmetries"),
        "{merged}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // A board the aztec subcases also split (`--subcases`): `status` counts the classes under
    // the declared symmetries alone (it had added a line saying they were not counted).
    let dir = common::Scratch::path("classes-welded");
    let d = dir.to_str().unwrap();
    let problem = ["--problem", "tetrasticks-welded-4x4", "--classes"];
    stdout(&[&["campaign", "start", d][..], &problem, &["--shards", "2"]].concat());
    // Before any run, `merge` says which subcase has nothing yet.
    let (code, err) = common::fails(&["campaign", "merge", d]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("p1: no shard of 2 is finished yet"), "{err}");
    stdout(&["campaign", "run", d, "-q"]);
    let status = stdout(&["campaign", "status", d]);
    let lines: Vec<&str> = status
        .lines()
        .filter(|l| l.starts_with("classes:"))
        .collect();
    assert_eq!(lines.len(), 1, "{status}");
    assert!(lines[0].starts_with("classes: 3 among "), "{status}");
    std::fs::remove_dir_all(&dir).unwrap();
}
