//! The committed campaigns search the problems they say they search.

use dlx_core::format;

#[test]
fn the_9x10_campaign_is_the_named_problem() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../results/pentomino-9x10-one-sided/matrix.dlx"
    );
    let text = std::fs::read_to_string(path).expect("the campaign's matrix is committed");
    let committed = format::parse(&text).expect("it parses");
    let named = dlx_paper::problem("one-sided-9x10").expect("a named problem");
    // Item names, their order and every option: the same tree, the same shards.
    assert_eq!(
        format::write(&committed, None),
        format::write(&named.matrix, None)
    );
    // X at 28 of its 56 placements; 18 pieces and 90 cells.
    assert_eq!(committed.items().len(), 108);
    let x = committed.find_item("X").unwrap();
    let with_x = committed
        .options()
        .iter()
        .filter(|o| o.contains(&x))
        .count();
    assert_eq!(with_x, 28);
}
