//! Colours and multiplicities: the matrices of the optional data folder (`DLX_DATA_DIR`)
//! with the figures Knuth's DLX2 and DLX3 print for them; a file that is absent is skipped,
//! with one line. (The three small examples' figures are also checked on copies typed into
//! the crate's unit tests.)

use dlx_core::{Matrix, Xcc, format};
use dlx_test_data::read;

/// The matrix of a file of the data folder's `exact_cover/xcc`, when it is there.
fn matrix(name: &str) -> Option<Matrix> {
    let text = read(format!("exact_cover/xcc/{name}"))?;
    Some(format::parse(&text).unwrap())
}

#[test]
fn knuths_examples_give_dlx2_and_dlx3_figures() {
    for (name, expected) in [
        ("dlx2-intro.dlx", (1, 14, 5, 4)),
        ("taocp-49.dlx", (1, 20, 3, 4)),
        ("dlx3-intro.dlx", (1, 14, 7, 6)),
    ] {
        let Some(m) = matrix(name) else { return };
        // (solutions, updates, cleansings, nodes) on 1 and on 2 threads, which must agree.
        let mut xcc = Xcc::new(&m);
        let s = xcc.solve().count();
        assert_eq!(xcc.solve().threads(2).count(), s, "{name}: 2 threads");
        let figures = (s.solutions, s.updates, s.cleansings, s.nodes);
        assert_eq!(figures, expected, "{name}");
    }
}

/// MacMahon's 24 four-coloured triangles in a hexagon (Knuth's macmahon-triangles-dlx),
/// DLX2's figures. About 130 s on one core, 70 s on two; run by `cargo xtask slow`.
#[test]
#[ignore = "about 70 s on 2 cores (25 billion updates); run by `cargo xtask slow`"]
fn macmahon_hexagon_gives_dlx2_figures() {
    let Some(m) = matrix("macmahon-hexagon.dlx") else {
        return;
    };
    let start = std::time::Instant::now();
    let s = Xcc::new(&m).solve().threads(0).count();
    eprintln!(
        "MacMahon hexagon: {:.1} s on all cores",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(
        (s.solutions, s.updates, s.cleansings, s.nodes),
        (11_853_792, 25_066_979_080, 1_939_045_515, 570_143_453)
    );
}
