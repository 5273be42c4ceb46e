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
