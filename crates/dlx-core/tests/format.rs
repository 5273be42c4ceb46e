//! Knuth's text format: reading, writing and the errors that name line and column.

use dlx_core::{FormatErrorKind, ItemKind, Multiplicity, format};

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
    let stats = dlx_core::Dlx::new(&m).solve().count();
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

/// A name shaped like DLX3's bounds would read back as bounds and another name: the builder
/// refuses it (`format::write` could not carry it), and so does the item line after bounds.
#[test]
fn names_shaped_like_bounds_are_refused() {
    for name in ["2|x", "1:3|y", "-1:2|z", "0|w", "2|"] {
        let mut b = dlx_core::MatrixBuilder::new();
        let e = b.primary(name).unwrap_err().to_string();
        assert!(e.contains("reads as bounds"), "{name}: {e}");
    }
    for name in ["x|y", "a:b", "x:", "|", "a2|x"] {
        let mut b = dlx_core::MatrixBuilder::new();
        let ok = b.primary(name);
        assert_eq!(ok.is_ok(), name != "|", "{name}");
    }
    assert_eq!(
        error("2|3|x\n3|x\n"),
        (
            1,
            1,
            FormatErrorKind::BadName(
                "3|x".into(),
                "reads as bounds (`2|x`, `1:3|x`) on the item line of Knuth's format"
            )
        )
    );
}

/// An option the builder refuses leaves nothing behind: the next option takes its number,
/// and the items marked before the refusal are not repeats of it.
#[test]
fn a_refused_option_leaves_no_marks() {
    let mut b = dlx_core::MatrixBuilder::new();
    for name in ["a", "b", "c"] {
        b.primary(name).unwrap();
    }
    assert!(b.option_ids(vec![0, 5]).is_err());
    assert_eq!(b.option_ids(vec![0]), Ok(0));
    assert!(b.option_ids(vec![1, 2, 1]).is_err());
    assert_eq!(b.option_ids(vec![1, 2]), Ok(1));
    assert!(b.option(["c", "nosuch"]).is_err());
    assert_eq!(b.option(["c"]), Ok(2));
    assert_eq!(b.build().unwrap().options().len(), 3);
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

#[test]
fn colours_and_bounds_round_trip_exactly() {
    // Knuth's DLX3 example, with a multi-character colour and a name containing `:`.
    let text = "A B 2:3|C 1|D 0:2|E | X Y a:b\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:yby\nD E a:b\nD X:0 a:b:red\n";
    let m = format::parse(text).unwrap();
    assert!(m.has_colours() && m.has_bounds() && !m.is_plain());
    let c = m.find_item("C").unwrap();
    assert_eq!(m.item(c).multiplicity, Multiplicity { lower: 2, upper: 3 });
    assert_eq!(
        m.item(m.find_item("E").unwrap()).multiplicity,
        Multiplicity { lower: 0, upper: 2 }
    );
    // `1|D` is [1, 1], declared: it is written again, and makes the file one for DLX3.
    assert!(m.is_bounded(m.find_item("D").unwrap()));
    assert!(!m.is_bounded(m.find_item("A").unwrap()));
    assert_eq!(m.colour(4, 1), Some("yby"));
    assert_eq!(m.colour(5, 2), None, "`a:b` is the item's whole name");
    assert_eq!(m.entry_text(6, 2), "a:b:red");
    let written = format::write(&m, None);
    assert_eq!(written, text);
    assert_eq!(format::parse(&written).unwrap(), m);
}

#[test]
fn colour_and_bound_errors_name_the_place() {
    assert_eq!(
        error("A | x\nA:red x\n"),
        (2, 1, FormatErrorKind::ColourOnPrimary("A".into()))
    );
    assert_eq!(
        error("A | x\nA x:\n"),
        (2, 5, FormatErrorKind::EmptyColour("x".into()))
    );
    assert_eq!(
        error("A | 2|x\n"),
        (1, 5, FormatErrorKind::BoundsOnSecondary("x".into()))
    );
    for (line, why) in [
        ("3:2|A\n", "the lower bound exceeds the upper bound"),
        ("0|A\n", "the upper bound is 0"),
        ("0:0|A\n", "the upper bound is 0"),
        ("1:99999999999|A\n", "a bound does not fit in 32 bits"),
        ("2|\n", "no item name after the bounds"),
        ("-1:2|A\n", "a bound is negative"),
        ("1:-2|A\n", "a bound is negative"),
        ("-2|A\n", "a bound is negative"),
    ] {
        let (l, c, kind) = error(&format!("B {line}"));
        assert_eq!((l, c), (1, 3), "{line}");
        assert_eq!(
            kind,
            FormatErrorKind::BadBounds(line.trim().into(), why),
            "{line}"
        );
    }
    let e = format::parse("A | x\nA x:re|d\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 5));
    // A name with `|` after its first character is still a name.
    let m = format::parse("a|b c\na|b\n").unwrap();
    assert_eq!(m.item(0).name, "a|b");
}
