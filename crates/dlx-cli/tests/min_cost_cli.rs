//! `dlx solve --min-cost` end to end: DLX5's figures and costs, JSON, and exit status 2 on
//! costs without `--min-cost`, bad costs, and `--min-cost` without costs.

mod common;

use std::process::Output;

fn dlx(args: &[&str], stdin: &str) -> Output {
    common::dlx_input(args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

fn example(name: &str) -> String {
    format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn min_cost_prints_each_solution_found_then_the_best() {
    // `dlx5 k3 m1` on this file finds solutions of cost 1, 6, 4, 5 (4 solutions, 340+251
    // mems, 8 updates, 0 cleansings, 6 nodes) and prints the optimum costs 1, 4, 5.
    let file = "a b\na |3\nb |3\na b |5\na b |4\na b |1\n";
    let o = dlx(&["solve", "--min-cost", "--best", "3"], file);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "solution 1, cost 1:\na b |1\n\
         solution 2, cost 6:\na |3\nb |3\n\
         solution 3, cost 4:\na b |4\n\
         solution 4, cost 5:\na b |5\n\
         the 3 cheapest:\ncost 1:\na b |1\ncost 4:\na b |4\ncost 5:\na b |5\n\
         4 solutions, 8 updates, 0 cleansings, 6 nodes, 251 mems\n\
         optimum costs 1, 4, 5\n"
    );
}

#[test]
fn min_cost_json_gives_the_cost_and_dlx5s_figures() {
    // `dlx5 k3` on examples/assignment.dlx (comment lines removed): 13 solutions,
    // 5416+6623 mems, 264 updates, 0 cleansings, 55 nodes; optimum costs 16, 18, 19.
    let o = dlx(
        &[
            "solve",
            "--min-cost",
            "--best",
            "3",
            "--json",
            &example("assignment.dlx"),
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(v["cost"], 16);
    let best: Vec<u64> = (v["best"].as_array().unwrap().iter())
        .map(|b| b["cost"].as_u64().unwrap())
        .collect();
    assert_eq!(best, [16, 18, 19]);
    assert_eq!(
        (
            &v["solutions"],
            &v["updates"],
            &v["cleansings"],
            &v["nodes"]
        ),
        (&13.into(), &264.into(), &0.into(), &55.into())
    );
    assert_eq!(v["mems"], 6623);
    assert_eq!(v["found"].as_array().unwrap().len(), 13);
    assert_eq!(v["complete"], true);
    // Colours: `dlx5 k1` on examples/taocp-49-costs.dlx gives 1 solution, 12 updates,
    // 2 cleansings, 3 nodes, cost 7.
    let o = dlx(
        &[
            "solve",
            "--min-cost",
            "--json",
            &example("taocp-49-costs.dlx"),
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(
        (&v["cost"], &v["updates"], &v["cleansings"], &v["nodes"]),
        (&7.into(), &12.into(), &2.into(), &3.into())
    );
    assert_eq!(
        v["best"][0]["rows"],
        serde_json::json!(["q x:A |3", "p r x:A y |4"])
    );
}

#[test]
fn costs_are_refused_without_min_cost_and_bad_ones_named() {
    for (args, input, message) in [
        (
            &["solve"][..],
            "a b\na |2\nb\n",
            "dlx: -: line 2, column 3: option cost `|2`: costs need a minimum-cost search \
             (`dlx solve --min-cost` reads costs)\n",
        ),
        (
            &["solve", "--min-cost"][..],
            "a b\na |2x\nb\n",
            "dlx: -: line 2, column 3: option cost `|2x`: not a decimal number\n",
        ),
        (
            &["solve", "--min-cost"][..],
            "a b\na\nb\n",
            "dlx: -: no option has a cost (`|n` after its items): `--min-cost` needs costs\n",
        ),
        (
            &["solve", "--min-cost"][..],
            "2|a b\na |1\nb\n",
            "dlx: -: a minimum-cost search does not take bounds (multiplicities) on primary items\n",
        ),
        (
            &["estimate"][..],
            "a b\na |2\nb\n",
            "dlx: -: line 2, column 3: option cost `|2`: costs need a minimum-cost search\n",
        ),
    ] {
        let o = dlx(args, input);
        assert_eq!(o.status.code(), Some(2), "{args:?} {input:?}");
        assert_eq!(text(&o.stderr), message, "{args:?} {input:?}");
        assert!(o.stdout.is_empty());
    }
    let o = dlx(&["solve", "--min-cost", "--threads", "2"], "a\na |1\n");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_lower_bound_flags_give_dlx5s_figures() {
    // Every option of examples/assignment.dlx has one `w` and one `j` item: `dlx5 k4 Zw z1`
    // (and `dlx5 k4 z2`) print 17 solutions, 277 updates, 0 cleansings, 57 nodes.
    let path = example("assignment.dlx");
    for flags in [
        &["--one-of-each", "w", "--per-option", "1"][..],
        &["--per-option", "2"][..],
    ] {
        let mut args = vec!["solve", "--min-cost", "--best", "4", "--json", &path];
        args.extend(flags);
        let o = dlx(&args, "");
        assert!(o.status.success(), "{}", text(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
        assert_eq!(
            (&v["solutions"], &v["updates"], &v["nodes"]),
            (&17.into(), &277.into(), &57.into())
        );
    }
    let o = dlx(&["solve", "--min-cost", "--one-of-each", "x", &path], "");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        format!(
            "dlx: {path}: the lower bound's shape: option 0 has 0 primary items starting with `x`, not 1\n"
        )
    );
}
