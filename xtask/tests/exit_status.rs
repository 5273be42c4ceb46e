//! xtask's exit status says what went wrong, as `dlx`'s does: 2 and one line for input it
//! cannot take (a task, flag or number), 1 for a check that failed.

use std::process::Command;

fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .expect("xtask runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_input_exits_with_status_2_and_one_named_reason() {
    let cases: &[(&[&str], &str)] = &[
        (&["no-such-task"], "unknown task `no-such-task`"),
        (
            &["bench", "no-such-target"],
            "unknown bench target `no-such-target`",
        ),
        (
            &["bench", "sudoku", "--rounds", "0"],
            "--rounds wants a count of at least 1, not 0",
        ),
        (
            &["bench", "sudoku", "--rounds", "x"],
            "--rounds wants a number, not `x`",
        ),
        (
            &["bench", "scaling", "--only", "nothing"],
            "unknown workload `nothing`",
        ),
        (
            &["paper", "--only", "no-such-table"],
            "no table matches `no-such-table`",
        ),
        (&["seal"], "seal: name the campaign folders to seal"),
        (&["slow", "--only"], "slow: unknown flag `--only`"),
        (
            &["workloads"],
            "workloads: name the folder to write them into",
        ),
        (&["aztec", "--board", "round"], "--board wants `spiked`"),
    ];
    let out = std::env::temp_dir().join(format!("xtask-figures-{}", std::process::id()));
    let figures = [
        "figures",
        "--only",
        "no-such-figure",
        "--out",
        out.to_str().unwrap(),
    ];
    let (code, err) = run(&figures);
    let _ = std::fs::remove_dir_all(&out);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("no figure source matches `no-such-figure`"),
        "{err}"
    );
    for (args, why) in cases {
        let (code, err) = run(args);
        assert_eq!(code, Some(2), "xtask {args:?}: {err}");
        assert!(
            err.starts_with("xtask: ") && err.contains(why),
            "xtask {args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "xtask {args:?}: {err}");
    }
}

#[test]
fn a_damaged_campaign_folder_is_input_too() {
    let dir = std::env::temp_dir().join(format!("xtask-exit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A folder that is not a campaign: sealing it must be refused, not half done.
    let (code, err) = run(&["seal", dir.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, Some(2), "{err}");
}
