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

#[test]
fn bars_carriage_returns_and_a_byte_order_mark() {
    // A name starting with `|` could not be written out and read back (an option line
    // starting `|B` is a comment); inside a name, as in dance.w, `|` is a character.
    assert_eq!(
        error("A |B\nA\n"),
        (1, 3, FormatErrorKind::BarInName("|B".into()))
    );
    assert_eq!(format::parse("A B|C\nB|C\n").unwrap().options().len(), 1);
    assert_eq!(
        error("A | x\nA | x\n"),
        (2, 3, FormatErrorKind::BarInOption)
    );
    // Old Mac line endings run the lines together; say so rather than "duplicate item".
    assert_eq!(
        error("A B\rA B\r"),
        (1, 4, FormatErrorKind::LoneCarriageReturn)
    );
    // Windows line endings, with or without a last line feed, and a byte order mark: fine.
    let m = format::parse("\u{feff}A B\r\nA\r\nB\r").unwrap();
    assert_eq!((m.item(0).name.as_str(), m.options().len()), ("A", 2));
}

#[test]
fn the_builder_refuses_names_the_format_cannot_carry() {
    for name in ["", "a b", "|x", "|", "tab\there"] {
        let mut b = dlx_core::MatrixBuilder::new();
        let e = b.primary(name).unwrap_err();
        assert!(
            matches!(e, dlx_core::MatrixError::BadName { .. }),
            "{name:?}: {e}"
        );
        // Shown on one line: the tab escaped.
        let shown = name.replace('\t', "\\t");
        assert!(e.to_string().contains(&format!("`{shown}`")), "{e}");
    }
}

/// One option naming 300,000 items is read in one pass (the repeated-item check was
/// quadratic: 20 s; now a fraction of a second, so a regression shows as a slow suite), and a
/// long or odd name is shown short and on one line in an error.
#[test]
fn long_options_parse_in_linear_time_and_errors_stay_one_short_line() {
    let n = 300_000;
    let names: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
    let text = format!("{}\n{}\n", names.join(" "), names.join(" "));
    let m = format::parse(&text).unwrap();
    assert_eq!(m.options()[0].len(), n);
    let text = format!("{}\n{} i0\n", names.join(" "), names.join(" "));
    let e = format::parse(&text).unwrap_err();
    assert_eq!(
        (e.line, e.column),
        (2, text.lines().nth(1).unwrap().len() - 1)
    );
    let long = "x".repeat(500);
    let e = format::parse(&format!("a\n{long}\u{1c}\n"))
        .unwrap_err()
        .to_string();
    assert!(!e.contains('\u{1c}') && e.len() < 120, "{e}");
    assert!(e.contains("xxx..."), "{e}");
    let mut b = dlx_core::MatrixBuilder::new();
    let e = b
        .primary(format!("a\r{long}"))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("a\\r") && !e.contains('\r') && e.len() < 150,
        "{e}"
    );
}
