//! Cross-check against Polyform Puzzler's tetrastick solutions (GPL data, read in place from
//! the optional data folder, `DLX_DATA_DIR`, never copied; skipped, with one line, when absent): every listed solution of the 5x5 problem must be a cover
//! of our matrix, without crossings, and exactly one of its 8 images must have P in the
//! orientation 3(a) fixes.

use std::collections::BTreeSet;

use dlx_polystick::{
    Arrangement, Board, Placed, Puzzle, Seg, normalize_shape, parse_piece_set, tetrasticks,
};

/// The solutions: each a list of pieces (segments, Puzzler's name), and the file's last line.
fn read() -> Option<(Vec<Vec<Vec<Seg>>>, String)> {
    let text = dlx_test_data::read("polyforms/puzzler_solutions/tetrasticks-6x6.txt")?;
    let mut sols = Vec::new();
    let mut current: Option<Vec<Vec<Seg>>> = None;
    for line in text.lines() {
        if line.starts_with("solution ") {
            sols.extend(current.take());
            current = Some(Vec::new());
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let is_piece = words.len() == 5 && words[..4].iter().all(|w| w.split(',').count() == 3);
        if let (Some(sol), true) = (current.as_mut(), is_piece) {
            let segs = words[..4]
                .iter()
                .map(|w| {
                    let v: Vec<i32> = w.split(',').map(|n| n.parse().unwrap()).collect();
                    if v[2] == 0 {
                        Seg::h(v[0], v[1])
                    } else {
                        Seg::v(v[0], v[1])
                    }
                })
                .collect();
            sol.push(segs);
        }
    }
    sols.extend(current.take());
    let trailer = text.lines().last().unwrap_or_default().to_string();
    Some((sols, trailer))
}

#[test]
fn puzzler_solutions_are_covers_of_our_matrix() {
    let Some((sols, trailer)) = read() else {
        return;
    };
    assert!(trailer.starts_with("1795 solutions"), "{trailer}");
    assert!(sols.len() >= 10);
    let board = Board::grid(5, 5).unwrap();
    let ours = tetrasticks();
    let name_of = |segs: &[Seg]| {
        let shape = normalize_shape(segs);
        ours.iter()
            .find(|p| p.orientations().contains(&shape))
            .map(|p| p.name().to_string())
            .expect("every Puzzler piece is one of our tetrasticks")
    };
    let mut left_out_seen = BTreeSet::new();
    for (k, sol) in sols.iter().enumerate() {
        assert_eq!(sol.len(), 16, "solution {}", k + 1);
        let (on, off): (Vec<_>, Vec<_>) = sol
            .iter()
            .partition(|segs| segs.iter().all(|&s| board.contains(s)));
        assert_eq!(off.len(), 1, "solution {}: one piece parked", k + 1);
        let left_out = name_of(off[0]);
        assert!("HJLNY".contains(&left_out), "left out {left_out}");
        left_out_seen.insert(left_out.clone());
        let puzzle = Puzzle::new(
            board.clone(),
            parse_piece_set(&format!("all -{left_out}")).unwrap(),
        );
        let built = puzzle.build().unwrap();
        let arrangement = Arrangement::new(
            on.iter()
                .map(|segs| Placed {
                    name: name_of(segs),
                    segs: segs.to_vec(),
                })
                .collect(),
        );
        // Each piece sits in a row of our matrix, and the rows' secondary items are disjoint.
        let mut points = BTreeSet::new();
        for p in &arrangement.pieces {
            let row = built
                .placements
                .iter()
                .find(|pl| built.pieces[pl.piece].name() == p.name && pl.segs == p.segs)
                .unwrap_or_else(|| panic!("solution {}: {} is not a row", k + 1, p.name));
            for q in &row.straight {
                assert!(points.insert(*q), "solution {}: two pieces cross", k + 1);
            }
        }
        let mut segs: Vec<Seg> = arrangement
            .pieces
            .iter()
            .flat_map(|p| p.segs.clone())
            .collect();
        segs.sort_unstable();
        assert_eq!(segs, board.segments(), "solution {}", k + 1);
        assert!(arrangement.crossings().is_empty());
        // Symmetry breaking: exactly one image has P as 3(a) fixes it.
        let fixed = normalize_shape(&["H00", "H01", "V00", "V11"].map(|s| s.parse().unwrap()));
        let hits = board
            .symmetries()
            .into_iter()
            .filter(|&t| {
                let image = arrangement.transform(t, &built.pieces);
                let p = image.pieces.iter().find(|p| p.name == "P").unwrap();
                normalize_shape(&p.segs) == fixed
            })
            .count();
        assert_eq!(hits, 1, "solution {}", k + 1);
    }
    assert!(left_out_seen.len() >= 2);
}
