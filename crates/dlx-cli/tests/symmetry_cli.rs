//! `dlx campaign start --symmetry`, end to end: classes that can be trusted. A generator that
//! breaks the items' bounds or colours is refused by its line; options listed twice are
//! matched copy to copy; a damaged record never panics the class count; a `symmetry.txt`
//! removed or changed after the start is named, never counted under; names from the input are
//! shortened in errors. Every error is one line, exit status 2.

use std::path::Path;

use serde_json::Value;

mod common;

use common::{Scratch, dlx, fails, stdout as ok};

/// A fresh scratch folder (or file name) of this test process.
fn scratch(name: &str) -> Scratch {
    Scratch::path(&format!("symmetry-{name}"))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `text` written to a scratch file.
fn file(name: &str, text: &str) -> Scratch {
    let path = scratch(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A run that must fail with status 2 and one line on standard error: that line.
fn refused(args: &[&str]) -> String {
    let (code, e) = fails(args);
    assert_eq!(code, 2, "dlx {:?}: {e}", &args[..2]);
    assert_eq!(e.lines().count(), 1, "one line: {e}");
    e
}

/// `dlx campaign start DIR MATRIX --symmetry SYM` and `more`, in 2 shards unless `more` says.
fn start_args<'a>(
    dir: &'a Path,
    matrix: &'a Path,
    sym: &'a Path,
    more: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec!["campaign", "start", s(dir), s(matrix), "--symmetry", s(sym)];
    if !more.contains(&"--shards") {
        args.extend(["--shards", "2"]);
    }
    args.extend(more);
    args
}

/// A campaign of `matrix` under the symmetries `sym` started in the scratch folder `name`
/// and searched: the folder and what `merge` prints.
fn searched(name: &str, matrix: &Path, sym: &Path, more: &[&str]) -> (Scratch, String) {
    let dir = scratch(name);
    ok(&start_args(&dir, matrix, sym, more));
    ok(&["campaign", "run", s(&dir), "-q"]);
    let merged = ok(&["campaign", "merge", s(&dir)]);
    (dir, merged)
}

/// The square's symmetries for Knuth's 8-queens matrix (ranks r, files c, diagonals a = r + c
/// and b = c - r + 7, numbered in base 36): the left-right mirror and the transposition.
fn square() -> String {
    let d = |k: usize| char::from_digit(k as u32, 36).unwrap();
    let mut mirror: String = (0..4)
        .map(|j| format!("(c{} c{})", d(j), d(7 - j)))
        .collect();
    mirror.extend((1..14).map(|k| format!("(a{} b{})", d(k), d(14 - k))));
    let mut transpose: String = (0..8).map(|i| format!("(r{} c{})", d(i), d(i))).collect();
    transpose.extend((1..7).map(|k| format!("(b{} b{})", d(k), d(14 - k))));
    format!("# mirror\n{mirror}\n# transposition\n{transpose}\n")
}

const TWELVE: &str = "classes: 12 among 92 solutions under 8 symmetries (symmetry.txt)";

/// 8 queens under the square's symmetries in 3 shards, searched: its folder.
fn queens(name: &str) -> Scratch {
    let matrix = scratch(&format!("{name}.dlx"));
    ok(&["queens", "8", "--emit", s(&matrix)]);
    let sym = file(&format!("{name}.sym"), &square());
    let (dir, merged) = searched(name, &matrix, &sym, &["--shards", "3"]);
    assert!(merged.contains(TWELVE), "{merged}");
    dir
}

#[test]
fn a_damaged_record_with_rows_the_matrix_lacks_is_named_not_a_panic() {
    let dir = queens("rows");
    // A solution's last option made 99999, one 8 queens' 64 do not have (the rows stay
    // sorted).
    let one = dir.join("shard-1-of-3.json");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&one).unwrap()).unwrap();
    let last = v["rows"][0].as_array().map_or(0, Vec::len);
    assert_eq!(last, 8, "{v}");
    v["rows"][0][last - 1] = 99_999.into();
    std::fs::write(&one, format!("{v}\n")).unwrap();
    for json in [false, true] {
        let mut args = vec!["campaign", "merge", s(&dir)];
        args.extend(json.then_some("--json"));
        let e = refused(&args);
        assert!(
            e.contains("shard-1-of-3.json") && e.contains("move it away"),
            "{e}"
        );
    }
    // status reports on the rest, and names the record.
    let out = dlx(&["campaign", "status", s(&dir)]);
    let said =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(matches!(out.status.code(), Some(0 | 2)), "{said}");
    assert!(!said.contains("panicked"), "{said}");
    assert!(
        said.contains("shard-1-of-3.json") && said.contains("move it away"),
        "{said}"
    );
    // Moved away, the shard is searched again and the classes are whole.
    std::fs::remove_file(&one).unwrap();
    ok(&["campaign", "run", s(&dir), "-q"]);
    assert!(ok(&["campaign", "merge", s(&dir)]).contains(TWELVE));
}

#[test]
fn generators_that_break_bounds_or_colours_are_refused_by_their_line() {
    // a may be covered once or twice, b exactly once: (a b) maps the solutions covering a
    // twice to non-solutions. It counted 9 classes among 12 solutions no symmetry relates.
    let matrix = file(
        "bounds.dlx",
        "1:2|a b c d\na\nb\nc\nd\na c\nb c\na d\nb d\n",
    );
    let dir = scratch("bounds");
    let sym = file("bounds.sym", "# a and b\n(a b)\n");
    let e = refused(&start_args(&dir, &matrix, &sym, &[]));
    assert!(
        e.contains("line 2: maps `a` (bounds [1, 2]) to `b` (bounds [1, 1])"),
        "{e}"
    );
    // Nothing is left behind to be taken up by the next start.
    assert!(!dir.join("campaign.json").exists() && !dir.join("symmetry.txt").exists());
    // (c d) keeps the bounds: 7 classes among the 12.
    let sym = file("bounds-cd.sym", "(c d)\n");
    let (_, merged) = searched("bounds", &matrix, &sym, &[]);
    assert!(
        merged.contains("classes: 7 among 12 solutions under 2 symmetries"),
        "{merged}"
    );

    // Colours: swapping p and q gives `p x:0`'s image `q x:0`, not an option.
    let matrix = file("colours.dlx", "p q | x y\np x:0\nq x:1\np y:0\nq y:1\n");
    let sym = file("colours.sym", "(p q)\n");
    let e = refused(&start_args(&scratch("colours"), &matrix, &sym, &[]));
    assert!(
        e.contains("line 1: the image of option 1 (`p x:0`), `q x:0`, is not an option")
            && e.contains("other colours"),
        "{e}"
    );
}

#[test]
fn options_listed_twice_give_a_group_and_its_classes() {
    // a, a, b, b and (a b): order 2 and 3 classes among the 4 solutions (it said "3
    // symmetries" and 4 classes).
    let matrix = file("twice.dlx", "a b\na\na\nb\nb\n");
    let sym = file("twice.sym", "(a b)\n");
    let (_, merged) = searched("twice", &matrix, &sym, &[]);
    assert!(
        merged.contains("classes: 3 among 4 solutions under 2 symmetries"),
        "{merged}"
    );
    // Copies that do not match in number: no symmetry.
    let matrix = file("thrice.dlx", "a b\na\na\nb\n");
    let e = refused(&start_args(&scratch("thrice"), &matrix, &sym, &[]));
    assert!(
        e.contains("line 1: maps option 1 (`a`), listed twice, to `b`, listed once"),
        "{e}"
    );
}

#[test]
fn a_symmetry_file_removed_or_changed_after_the_start_is_named() {
    let dir = queens("changed");
    let kept = dir.join("symmetry.txt");
    let text = std::fs::read_to_string(&kept).unwrap();
    assert_eq!(text, square());
    let check = |dir: &Path, what: &str| {
        for cmd in ["merge", "status", "run"] {
            let e = refused(&["campaign", cmd, s(dir)]);
            let file = dir.join("symmetry.txt");
            assert!(
                e.contains(&format!("{}: {what}", file.display())),
                "{cmd}: {e}"
            );
            assert!(e.contains("move it back or start again"), "{cmd}: {e}");
        }
    };
    // Cut to its first two lines (the mirror alone): it said 46 classes under 2 symmetries.
    let two: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
    std::fs::write(&kept, two).unwrap();
    check(&dir, "changed since the campaign was started");
    // A comment changed is a change: the file is not the one the campaign was started with.
    std::fs::write(&kept, text.replace("# mirror", "# the mirror")).unwrap();
    check(&dir, "changed since the campaign was started");
    // Removed: the classes were dropped without a word.
    std::fs::remove_file(&kept).unwrap();
    check(&dir, "missing");
    // Moved back, all is as before.
    std::fs::write(&kept, &text).unwrap();
    assert!(ok(&["campaign", "merge", s(&dir)]).contains(TWELVE));
    assert!(ok(&["campaign", "status", s(&dir)]).contains(TWELVE));

    // A split campaign keeps its symmetries at the top, checked the same way.
    let matrix = file(
        "split.dlx",
        "D a b c d\nD a b\nD b c\nD c d\na b\nc d\nb c\na\nd\n",
    );
    let sym = file("split.sym", "(a d)(b c)\n");
    let (split, merged) = searched("split", &matrix, &sym, &["--split", "D"]);
    assert!(
        merged.contains("classes: 2 among 2 solutions under 2 symmetries"),
        "{merged}"
    );
    std::fs::write(split.join("symmetry.txt"), "(a d)\n").unwrap();
    check(&split, "changed since the campaign was started");
    std::fs::remove_file(split.join("symmetry.txt")).unwrap();
    check(&split, "missing");

    // A campaign started without symmetries has none to miss.
    let plain = scratch("plain");
    ok(&["campaign", "start", s(&plain), s(&matrix), "--shards", "2"]);
    ok(&["campaign", "run", s(&plain), "-q"]);
    let merged = ok(&["campaign", "merge", s(&plain)]);
    assert!(
        merged.starts_with("3 solutions") && !merged.contains("classes"),
        "{merged}"
    );
}

#[test]
fn names_from_the_input_are_shortened_in_errors() {
    // 100,000 characters of name (a command line's argument may not hold a megabyte).
    let long = "x".repeat(100_000);
    let shortened = format!("`{}...`", "x".repeat(60));
    let short = |e: &str| assert!(e.len() < 300 && e.contains(&shortened), "{}", e.len());
    let matrix = file("long.dlx", "a b c\na b\nb c\n");
    let sym = file("long-split.sym", "(a c)\n");
    let dir = scratch("long");
    let e = refused(&start_args(&dir, &matrix, &sym, &["--split", &long]));
    short(&e);
    assert!(
        e.contains("--split:") && e.contains("is not an item"),
        "{e}"
    );
    for text in [
        format!("(a {long})\n"),
        format!("{long}\n"),
        format!("(a c)\n(b {long}\u{7})\n"),
    ] {
        let sym = file("long.sym", &text);
        short(&refused(&start_args(&dir, &matrix, &sym, &[])));
    }
    // A name of the matrix itself, moved by the symmetry the split needs fixed.
    let matrix = file(
        "long-names.dlx",
        &format!("{long}1 {long}2\n{long}1\n{long}2\n"),
    );
    let sym = file("long-names.sym", &format!("({long}1 {long}2)\n"));
    let item = format!("{long}1");
    let e = refused(&start_args(&dir, &matrix, &sym, &["--split", &item]));
    short(&e);
    assert!(e.contains("is moved by the symmetry on line 1"), "{e}");
    assert!(!dir.join("campaign.json").exists());
}
