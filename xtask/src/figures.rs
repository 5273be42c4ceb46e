//! `cargo xtask figures [--out DIR] [--only NAME]`: writes the paper's figures as SVG files.
//!
//! Each domain contributes a [`Source`] (polyomino, polyiamond, polystick): a name and
//! a function returning `(file stem, SVG)` pairs; [`sources`] lists them.

use std::path::PathBuf;
use std::time::Instant;

use crate::{option_value, workspace_root};

/// A group of figures drawn by one domain crate.
struct Source {
    /// Name for `--only`.
    name: &'static str,
    /// What it draws.
    about: &'static str,
    /// The pictures: file stem and SVG text.
    draw: fn() -> Vec<(String, String)>,
}

fn polyomino() -> Vec<(String, String)> {
    dlx_paper::polyomino::figures()
        .into_iter()
        .map(|f| {
            println!("  {}: {}", f.name, f.caption);
            (f.name.clone(), f.svg())
        })
        .collect()
}

fn polystick() -> Vec<(String, String)> {
    dlx_paper::polystick::figures()
        .into_iter()
        .map(|f| {
            println!("  {}: {}", f.name, f.caption);
            (f.name, f.svg)
        })
        .collect()
}

fn polyiamond() -> Vec<(String, String)> {
    dlx_paper::polyiamond::figures()
        .into_iter()
        .map(|f| {
            println!("  {}: {}", f.name, f.caption);
            (f.name, f.svg)
        })
        .collect()
}

fn sources() -> Vec<Source> {
    vec![
        Source {
            name: "polyomino",
            about: "Figure 1 (Scott), Figure 6 (45 Y's, one per corner class), Figure 9 (3x30)",
            draw: polyomino,
        },
        Source {
            name: "polystick",
            about: "Figures 11, 12, 13 and 15 (tetrasticks)",
            draw: polystick,
        },
        Source {
            name: "polyiamond",
            about: "Figure 7 (rhombus; arrows not found), Figure 8 (one hexagon per distance of O)",
            draw: polyiamond,
        },
    ]
}

pub fn run(args: &[String]) -> crate::Result {
    let out: PathBuf = option_value(args, "--out")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("figures-out"));
    let only = option_value(args, "--only");
    if args.iter().any(|a| a == "--list") {
        for s in sources() {
            println!("{:<12} {}", s.name, s.about);
        }
        return Ok(());
    }
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut written = 0;
    for source in sources()
        .iter()
        .filter(|s| only.is_none_or(|o| o == s.name))
    {
        let start = Instant::now();
        println!("{} ({})", source.name, source.about);
        for (stem, svg) in (source.draw)() {
            let path = out.join(format!("{stem}.svg"));
            dlx_core::file::write_atomic(&path, svg.as_bytes())
                .map_err(|e| format!("{}: {e}", path.display()))?;
            println!("  wrote {}", path.display());
            written += 1;
        }
        println!("  [{:.1} s]", start.elapsed().as_secs_f64());
    }
    if written == 0 {
        return crate::input(format!(
            "no figure source matches `{}` (see `cargo xtask figures --list`)",
            only.unwrap_or("")
        ));
    }
    Ok(())
}
