//! Problem files in the input format of Knuth's polycube-dlx (`tests/data/`), read as his
//! program reads them. For each, his polycube-dlx wrote the same matrix, item for item and
//! option for option, as `Puzzle::build` does here, and DLX1 (DLX3 for the multiplicity)
//! found the same solutions, updates and nodes: the figures below are his programs'.

use dlx_core::Problem;
use dlx_polycube::parse_spec;

fn figures(file: &str) -> (u64, u64, u64, String) {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the test data is there");
    let packing = parse_spec(&text).unwrap().build().unwrap();
    let stats = Problem::new(&packing.matrix).solve().count();
    let m = &packing.matrix;
    let first_option: Vec<&str> = m
        .option(0)
        .iter()
        .map(|&i| m.item(i).name.as_str())
        .collect();
    let first_option = first_option.join(" ");
    (stats.solutions, stats.updates, stats.nodes, first_option)
}

#[test]
fn soma_cube() {
    // polycube-dlx: 27 cells, 7 pieces, 92 base placements; 688 options.
    assert_eq!(
        figures("soma.txt"),
        (11_520, 29_724_469, 256_917, "V 000 010 100".into())
    );
}

#[test]
fn flat_pentacubes_in_2x3x10() {
    assert_eq!(
        figures("flat-pentacubes-2x3x10.txt"),
        (96, 146_047_732, 446_248, "F 001 010 011 021 022".into())
    );
}

#[test]
fn a_piece_on_two_lines() {
    // The screw and its mirror image as one piece Q: its placements are both lines'.
    assert_eq!(
        figures("free-tetracubes-2x2x7.txt"),
        (128, 590_481, 5_041, "I 000 001 002 003".into())
    );
}

#[test]
fn nine_copies_of_a_piece() {
    // `9*V`: polycube-dlx writes the item as `9*V`, which DLX3 reads as `9|V`.
    assert_eq!(
        figures("nine-v.txt"),
        (5_328, 458_118, 19_870, "V 000 010 100".into())
    );
}
