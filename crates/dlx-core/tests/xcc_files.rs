//! Colours and multiplicities: the matrices of the optional data folder with the figures
//! Knuth's DLX2 and DLX3 print for them.

use std::path::PathBuf;

use dlx_core::{Xcc, format};

fn data_dir() -> Option<PathBuf> {
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/exact_cover/xcc");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipping: {} not found (the optional data folder is absent)",
            dir.display()
        );
        None
    }
}

/// (solutions, updates, cleansings, nodes) on 1 and on 2 threads, which must agree.
fn figures(dir: &std::path::Path, name: &str) -> (u64, u64, u64, u64) {
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    let m = format::parse(&text).unwrap();
    let mut xcc = Xcc::new(&m);
    let s = xcc.solve().count();
    let p = xcc.solve().threads(2).count();
    assert_eq!(p, s, "{name}: 2 threads");
    (s.solutions, s.updates, s.cleansings, s.nodes)
}

#[test]
fn knuths_examples_give_dlx2_and_dlx3_figures() {
    let Some(dir) = data_dir() else { return };
    assert_eq!(figures(&dir, "dlx2-intro.dlx"), (1, 14, 5, 4));
    assert_eq!(figures(&dir, "taocp-49.dlx"), (1, 20, 3, 4));
    assert_eq!(figures(&dir, "dlx3-intro.dlx"), (1, 14, 7, 6));
}

/// MacMahon's 24 four-coloured triangles in a hexagon (Knuth's macmahon-triangles-dlx),
/// DLX2's figures. About 130 s on one core, 70 s on two; run by `cargo xtask slow`.
#[test]
#[ignore = "about 70 s on 2 cores (25 billion updates); run by `cargo xtask slow`"]
fn macmahon_hexagon_gives_dlx2_figures() {
    let Some(dir) = data_dir() else { return };
    let text = std::fs::read_to_string(dir.join("macmahon-hexagon.dlx")).unwrap();
    let m = format::parse(&text).unwrap();
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
