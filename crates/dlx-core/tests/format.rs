//! Knuth's text format: reading, writing and the errors that name line and column.

use dlx_core::{FormatErrorKind, ItemKind, format};

#[test]
fn reads_comments_secondary_items_and_long_names() {
    let m = format::parse(
        "| comment\n\n  alpha beta | gamma_delta\n| another\nalpha gamma_delta\nbeta\n",
    )
    .unwrap();
    assert_eq!(m.items().len(), 3);
    assert_eq!(m.item(2).kind, ItemKind::Secondary);
    assert_eq!(m.item(2).name, "gamma_delta");
    assert_eq!(m.options(), &[vec![0, 2], vec![1]]);
}

#[test]
fn write_then_parse_round_trips() {
    let text = "A B C | x y\nA x\nB C y\nC\nx y\n";
    let m = format::parse(text).unwrap();
    let written = format::write(&m, Some("round trip"));
    assert_eq!(written, format!("| round trip\n{text}"));
    assert_eq!(format::parse(&written).unwrap(), m);
}

fn error(text: &str) -> (usize, usize, FormatErrorKind) {
    let e = format::parse(text).unwrap_err();
    (e.line, e.column, e.kind)
}

#[test]
fn errors_name_line_and_column() {
    assert_eq!(
        error("A B\nA Q\n"),
        (2, 3, FormatErrorKind::UnknownItem("Q".into()))
    );
    assert_eq!(
        error("A B A\n"),
        (1, 5, FormatErrorKind::DuplicateItem("A".into()))
    );
    assert_eq!(error("| only\n\n"), (2, 1, FormatErrorKind::Empty));
    assert_eq!(error(""), (1, 1, FormatErrorKind::Empty));
    assert_eq!(error("| x y\n| a b\n"), (2, 1, FormatErrorKind::Empty));
    assert_eq!(error("A | x | y\n"), (1, 7, FormatErrorKind::SecondBar));
    assert_eq!(
        error("A B\nA B A\n"),
        (2, 5, FormatErrorKind::RepeatedItem("A".into()))
    );
    assert_eq!(
        error("\n  x\u{e9} q x\u{e9}\n"),
        (2, 8, FormatErrorKind::DuplicateItem("x\u{e9}".into()))
    );
}

#[test]
fn an_item_line_with_only_secondary_items_is_a_comment() {
    // A line starting with `|` is a comment, so an item line always has a primary item and a
    // file whose only candidate starts with `|` has no item line at all.
    let e = format::parse("  \n\t| x\n").unwrap_err();
    assert_eq!((e.line, e.kind), (2, FormatErrorKind::Empty));
    let e = format::parse("x|y\n").map(|m| m.items().len());
    assert_eq!(e, Ok(1), "`x|y` is one name: bars must stand alone");
}

#[test]
fn options_of_secondary_items_only_are_accepted_and_never_chosen() {
    let m = format::parse("a | x\nx\na\n").unwrap();
    let stats = dlx_core::Dlx::new(&m).count(dlx_core::Heuristic::Mrv);
    assert_eq!(stats.solutions, 1);
}
