//! `dlx squares` on bad input: exit status 2 and one line naming the stick.

mod common;

use common::refused;

#[test]
fn a_stick_removed_twice_is_refused_naming_it() {
    refused(
        &["squares", "2", "--removed", "1,1"],
        "dlx: stick H0.0 (number 1) is listed twice",
    );
    refused(
        &["squares", "3", "--removed", "V0.0 4"],
        "dlx: stick V0.0 (number 4) is listed twice",
    );
}

#[test]
fn a_run_too_short_to_time_writes_nothing_to_standard_error() {
    // As every search: the `time:` line is for runs of half a second or more (it had said
    // `time: 0.000 s` after every run).
    for args in [&["squares", "3"][..], &["squares", "2", "--json"]] {
        let out = common::dlx(args);
        assert!(out.status.success(), "{args:?}");
        assert!(!out.stdout.is_empty(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    }
}
