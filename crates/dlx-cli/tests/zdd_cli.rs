//! `dlx zdd` and `dlx sample`, end to end: DLX6's figures on the examples, the diagram
//! written and identical to DLX6's text, reproducible samples, and the errors.

use std::path::PathBuf;

use serde_json::Value;

mod common;

use common::{dlx, dlx_input, stdout};

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    path.to_string_lossy().into_owned()
}

#[test]
fn zdd_prints_dlx6s_figures_and_writes_its_text() {
    // `dlx6 m1 < examples/taocp-49.dlx`: 1 solution, 20 updates, 3 cleansings, 4 search
    // nodes, 4 ZDD nodes, 1+3 signatures, 1 hits; the text below on standard output.
    let taocp = example("taocp-49.dlx");
    assert_eq!(
        stdout(&["zdd", &taocp]),
        "1 solution, 20 updates, 3 cleansings, 4 search nodes, 4 ZDD nodes, 1+3 signatures, 1 hit\n"
    );
    let v: Value = serde_json::from_str(&stdout(&["zdd", &taocp, "--json"])).unwrap();
    assert_eq!(v["solutions"], "1");
    assert_eq!(
        (v["zdd_nodes"].as_u64(), v["hits"].as_u64()),
        (Some(4), Some(1))
    );
    let dir = common::Scratch::dir("zdd");
    let out = dir.join("taocp.zdd");
    stdout(&["zdd", &taocp, "--out", out.to_str().unwrap()]);
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "2: (~2?0:1)\n3: (~4?0:2)\n4: (~0?0:3)\n"
    );
    // `--out -`: the diagram on standard output, the figures on standard error.
    let o = dlx(&["zdd", &taocp, "--out", "-"]);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "2: (~2?0:1)\n3: (~4?0:2)\n4: (~0?0:3)\n"
    );
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("1 solution, 20 updates"));
    // The written diagram samples as the search does, and a damaged one is refused.
    let q = dir.join("q.dlx");
    let zdd = dir.join("q.zdd");
    stdout(&["queens", "6", "--emit", q.to_str().unwrap()]);
    stdout(&["zdd", q.to_str().unwrap(), "--out", zdd.to_str().unwrap()]);
    let searched = stdout(&["sample", "3", q.to_str().unwrap(), "--seed", "2"]);
    let read = stdout(&[
        "sample",
        "3",
        q.to_str().unwrap(),
        "--seed",
        "2",
        "--zdd",
        zdd.to_str().unwrap(),
    ]);
    // The same solutions; a row read back starts from its option's first item, since the
    // file does not record the item branched on.
    let rows = |t: &str| -> Vec<Vec<String>> {
        t.lines()
            .map(|l| {
                let mut w: Vec<String> = l.split(' ').map(String::from).collect();
                w.sort();
                w
            })
            .collect()
    };
    assert_eq!(rows(&read), rows(&searched));
    assert!(read.ends_with("3 drawn from 4 solutions\n"), "{read}");
    std::fs::write(&zdd, "2: (~1?0:5)\n").unwrap();
    let o = dlx(&[
        "sample",
        "1",
        q.to_str().unwrap(),
        "--zdd",
        zdd.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.ends_with("q.zdd: line 1: node 5 is used before its line\n"),
        "{err}"
    );
    // Well formed but another matrix's: matrix (3)'s diagram names options 1 to 6, which
    // 6 queens has too, but its solution is no cover of the queens' ranks and files. And a
    // diagram of the empty set alone: no cover either. Refused before any draw is printed.
    let m3 = example("matrix3.dlx");
    stdout(&["zdd", &m3, "--out", zdd.to_str().unwrap()]);
    for diagram in [None, Some("2: (~0?0:1)\n")] {
        if let Some(text) = diagram {
            std::fs::write(&zdd, text).unwrap();
        }
        for json in [false, true] {
            let mut args = vec!["sample", "2", q.to_str().unwrap(), "--zdd"];
            args.push(zdd.to_str().unwrap());
            if json {
                args.push("--json");
            }
            let o = dlx(&args);
            assert_eq!(o.status.code(), Some(2));
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(
                err.contains("q.zdd: line ")
                    && err.contains("primary item `r")
                    && err.ends_with("not a diagram of this matrix's solutions\n"),
                "{err}"
            );
            assert!(!String::from_utf8_lossy(&o.stdout).contains("solution 1"));
        }
    }
}

#[test]
fn sample_is_reproducible_and_prints_as_solve_does() {
    let m = example("matrix3.dlx");
    // One solution: every draw is it, printed as `dlx solve --print` prints it.
    let solve = stdout(&["solve", &m, "--print"]);
    let sample = stdout(&["sample", "2", &m, "--seed", "5"]);
    let first = solve.split("\n\n").next().unwrap();
    assert!(
        sample.starts_with(&format!("{first}\n\nsolution 2:\n")),
        "{sample}"
    );
    assert!(sample.ends_with("2 drawn from 1 solution\n"));
    // The same seed, the same draws.
    let text = "a b c d\na b\nc d\na\nb\nc\nd\na c\nb d\n";
    let one = dlx_input(&["sample", "5", "--seed", "9", "--json"], text);
    let two = dlx_input(&["sample", "5", "--seed", "9", "--json"], text);
    assert_eq!(one.stdout, two.stdout);
    let v: Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(v["solutions"], "7");
    assert_eq!(v["samples"].as_array().unwrap().len(), 5);
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let o = dlx_input(&["zdd"], "a b\na c\n");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("dlx: -: line 2"), "{err}");
    assert_eq!(err.lines().count(), 1);
    let o = dlx(&["sample", "x", &example("matrix3.dlx")]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn samples_stream_so_a_huge_k_stops_at_a_closed_pipe() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    // 2^64 - 1 draws cannot be held in memory: each is written as it is drawn, so the
    // reader gets them at once and closing the pipe ends the run (as `| head` does).
    for json in [false, true] {
        let mut args = vec!["sample", "18446744073709551615"];
        let m = example("matrix3.dlx");
        args.push(&m);
        if json {
            args.push("--json");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("dlx runs");
        // Read on a thread, so that a dlx that gathers its draws first fails the test in
        // seconds instead of holding it until memory runs out.
        let mut pipe = child.stdout.take().expect("piped");
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut head = vec![0u8; 4096];
            let read = pipe.read_exact(&mut head).map(|()| head);
            let _ = send.send(read);
        });
        let Ok(Ok(head)) = receive.recv_timeout(Duration::from_secs(10)) else {
            let _ = child.kill();
            panic!("dlx sample wrote no 4,096 bytes in 10 s (json: {json})");
        };
        let text = String::from_utf8_lossy(&head);
        let first = if json {
            "{\"samples\":[[\"A D\","
        } else {
            "solution 1:\nA D\n"
        };
        assert!(text.starts_with(first), "{text}");
        // The pipe is closed (dropped with the thread): the next write fails, dlx stops.
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("dlx waits") {
                break status;
            }
            if start.elapsed() > Duration::from_secs(20) {
                let _ = child.kill();
                panic!("dlx sample went on drawing after its reader left (json: {json})");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(status.success(), "{status:?}");
    }
}
