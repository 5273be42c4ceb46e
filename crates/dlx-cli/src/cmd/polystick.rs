//! `dlx polystick NAME | --board DESC --pieces SET`: polysticks (tetrasticks) on a board,
//! with crossings forbidden by secondary columns.

use std::ops::ControlFlow;

use dlx_core::{Heuristic, Problem};
use dlx_polystick::draw::{self, SvgStyle};
use dlx_polystick::{
    Arrangement, Board, Crossings, Placed, PolystickMatrix, Puzzle, parse_piece_set,
};

use crate::args::{SearchArgs, copies_once};
use crate::error::CliError;
use crate::output::{counted, emit_matrix, list_names, read_input, shown_piece, write_output};
use crate::running::{search_and_report, search_and_report_with};
use itertools::Itertools;

/// Arguments of `dlx polystick`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A named problem (`tetrasticks-welded-4x4`, `tetrasticks-5x5-without-H`, ...; `list`
    /// lists them). Leave it out to give `--board` and `--pieces`.
    pub name: Option<String>,
    /// The board: `WxH` (a grid of unit squares), `diamond-R` (segments joining points with
    /// |x|+|y| <= R), `lattice-N` (the NxN diamond lattice; `aztec` = lattice-5, Figure 15),
    /// a list of segments `H00 V10 ...` (`H00?`: a segment that may stay uncovered), or
    /// `@FILE` holding any of these.
    #[arg(
        long,
        value_name = "DESC",
        conflicts_with = "name",
        requires = "pieces"
    )]
    pub board: Option<String>,
    /// The pieces: tetrastick names (`F`, mirror image `F'`), `all`, `welded`, `unwelded`,
    /// `one-sided`, `one-sided-welded`, `one-sided-unwelded`; `-L` leaves L out. A piece is
    /// free unless its mirror image is in the set too (then both are one-sided).
    #[arg(long, value_name = "SET", requires = "board")]
    pub pieces: Option<String>,
    /// Keep only one orientation of a piece, e.g. `P=H00 H01 V00 V11` (symmetry breaking).
    #[arg(long, value_name = "PIECE=SEGMENTS")]
    pub fix: Vec<String>,
    /// How many times a piece is placed: `PIECE=N` or `PIECE=LO-HI` (`X=0-1`: the X may be
    /// left out; `L=2`: two L's). Pieces are placed once otherwise. May be given several
    /// times.
    #[arg(long = "copies", value_name = "PIECE=N|PIECE=LO-HI")]
    pub copies: Vec<String>,
    /// Leave out the secondary columns I, so that pieces may cross (Figure 12).
    #[arg(long)]
    pub allow_crossings: bool,
    /// Write the matrix in Knuth's format to FILE (`-` for standard output) instead of solving.
    #[arg(long, value_name = "FILE")]
    pub emit: Option<String>,
    /// Count the solutions, and the classes they form under the board's symmetries (on
    /// `--threads` threads, the whole tree: a shard's classes would be a part of them).
    #[arg(long, conflicts_with = "shard")]
    pub count: bool,
    /// Draw each piece in its first orientation with its name, how it may be turned, how many
    /// times it is placed and how many placements the board gives it; then stop without
    /// solving.
    #[arg(long, conflicts_with_all = [
        "emit", "count", "classes", "svg", "pictures", "crossing", "heuristic", "limit",
        "print", "profile", "json", "threads", "shard",
    ])]
    pub show_pieces: bool,
    /// Count the distinct solutions only: the classes under the board's symmetries that the
    /// pieces allow (found automatically), searching one place of each orbit of a piece.
    /// With --print, one solution of each class is drawn first; with --svg FILE, all of
    /// them on one SVG sheet.
    #[arg(long, conflicts_with_all = ["count", "pictures", "crossing"])]
    pub classes: bool,
    /// Write an SVG picture of the first solutions found to FILE (see `--pictures`).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// How many solutions `--svg` draws.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub pictures: usize,
    /// Draw only solutions in which two pieces cross (with `--allow-crossings` or
    /// `tetrasticks-5x5-crossing`).
    #[arg(long)]
    pub crossing: bool,
    #[command(flatten)]
    pub search: SearchArgs,
}

fn puzzle(args: &Args) -> Result<(String, Puzzle), CliError> {
    let (title, mut puzzle) = if let Some(name) = &args.name {
        let puzzle = dlx_paper::polystick::puzzle(name).ok_or_else(|| {
            CliError::Polystick(format!(
                "unknown polystick problem `{name}`; `dlx polystick list` shows the names"
            ))
        })??;
        (name.clone(), puzzle)
    } else {
        let (Some(board), Some(pieces)) = (&args.board, &args.pieces) else {
            return Err(CliError::Polystick(
                "give a problem name or both --board and --pieces".into(),
            ));
        };
        let (origin, text) = match board.strip_prefix('@') {
            Some(path) => read_input(Some(path))?,
            None => ("--board".to_string(), board.clone()),
        };
        let board =
            Board::parse(&text).map_err(|e| CliError::Polystick(format!("{origin}: {e}")))?;
        let pieces =
            parse_piece_set(pieces).map_err(|e| CliError::Polystick(format!("--pieces: {e}")))?;
        (
            format!("{origin} with {}", args.pieces.as_deref().unwrap_or("")),
            Puzzle::new(board, pieces),
        )
    };
    for fix in &args.fix {
        let (piece, shape) = fix.split_once('=').ok_or_else(|| {
            CliError::Polystick(format!("--fix `{fix}`: expected PIECE=SEGMENTS"))
        })?;
        puzzle = puzzle
            .fix_orientation(piece.trim(), shape)
            .map_err(|e| CliError::Polystick(format!("--fix `{fix}`: {e}")))?;
    }
    for (name, (lo, hi), spec) in copies_once(&args.copies, "PIECE").map_err(CliError::Polystick)? {
        puzzle = puzzle
            .count(name, lo, hi)
            .map_err(|e| CliError::Polystick(format!("--copies {spec}: {e}")))?;
    }
    if args.allow_crossings {
        puzzle = puzzle.with_crossings(Crossings::Allowed);
    }
    Ok((title, puzzle))
}

/// Draws the first `args.pictures` solutions (only crossing ones with `--crossing`).
fn pictures(args: &Args, title: &str, built: &PolystickMatrix, heuristic: Heuristic) -> String {
    let mut problem = Problem::new(&built.matrix);
    let mut panels = Vec::new();
    let mut seen = 0u64;
    let _ = problem.solve().heuristic(heuristic).run(|solution| {
        seen += 1;
        let arrangement = built.arrangement(solution);
        let crossings = arrangement.crossings();
        if !args.crossing || !crossings.is_empty() {
            let mut caption = format!("{title}, solution {seen}");
            if !crossings.is_empty() {
                let names = crossings.iter().map(|p| p.name().unwrap_or_default());
                caption.push_str(&format!(", crossing at {}", names.format(" ")));
            }
            panels.push((caption, arrangement));
        }
        if panels.len() >= args.pictures {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if panels.is_empty() {
        return String::new();
    }
    let style = SvgStyle {
        columns: panels.len().min(4),
        ..SvgStyle::default()
    };
    draw::svg(&built.board, &panels, &style)
}

/// Each piece's name, segments, turns, copies and placements on the board, drawn in the
/// first orientation the puzzle allows it, as `--print` draws a solution.
fn show_pieces(puzzle: &Puzzle) -> Result<String, CliError> {
    let placements = puzzle.placements();
    let mut out = String::new();
    for (k, piece) in puzzle.pieces().iter().enumerate() {
        let allowed = puzzle.orientations(k);
        let Some(first) = allowed.first() else {
            continue;
        };
        let orientations = counted(allowed.len() as u64, "orientation");
        let turns = if allowed.len() != piece.orientations().len() {
            format!("{orientations} given")
        } else if piece.is_one_sided() {
            format!("one-sided, {orientations}")
        } else {
            format!("free, {orientations}")
        };
        let board = Board::from_segments(first.iter().copied())
            .map_err(|e| CliError::Polystick(e.to_string()))?;
        let shown = Arrangement::new(vec![Placed {
            name: piece.name().to_string(),
            segs: first.clone(),
        }]);
        out.push_str(&shown_piece(
            piece.name(),
            &counted(first.len() as u64, "segment"),
            &turns,
            Some(puzzle.counts(k)),
            placements.iter().filter(|p| p.piece == k).count(),
            draw::ascii(&board, &shown).trim_end_matches('\n'),
        ));
    }
    Ok(out)
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.name.as_deref() == Some("list") {
        return list_names(&dlx_paper::polystick::PUZZLES);
    }
    let (title, puzzle) = puzzle(&args)?;
    if args.show_pieces {
        print!("{}", show_pieces(&puzzle)?);
        return Ok(());
    }
    let built = puzzle
        .build()
        .map_err(|e| CliError::Polystick(format!("{title}: {e}")))?;
    if let Some(path) = &args.emit {
        return emit_matrix(path, &built.matrix, &title, "polystick");
    }
    let render = |s: &dlx_core::Solution| draw::ascii(&built.board, &built.arrangement(s));
    if args.classes {
        let group = built.symmetry_group();
        let draw = |s: &dlx_core::Solution, caption: &str| {
            let panel = (format!("{title}, {caption}"), built.arrangement(s));
            draw::svg(&built.board, &[panel], &SvgStyle::default())
        };
        let sheet = args.svg.as_deref().map(|path| (path, &draw as _));
        return crate::classes::report(&built.matrix, group, &args.search, None, &render, sheet);
    }
    let heuristic = args.search.heuristic.unwrap_or(Heuristic::Mrv);
    if let Some(path) = &args.svg {
        if args.pictures == 0 {
            return Err(CliError::Polystick("--pictures must be at least 1".into()));
        }
        let picture = pictures(&args, &title, &built, heuristic);
        if picture.is_empty() {
            return Err(if args.crossing {
                CliError::Polystick(format!(
                    "{title} has no solution in which two pieces cross (--crossing)"
                ))
            } else {
                CliError::NoSolution(title)
            });
        }
        write_output(path, &picture)?;
        if !args.count && !args.search.print {
            return Ok(());
        }
    }
    if !args.count {
        return search_and_report(&built.matrix, &args.search, heuristic, &render);
    }
    // Each solution's class is worked out on the thread that found it, under the group
    // `--classes` counts by (motions of the board that map the pieces' options onto
    // options), so that the two agree.
    let tally = crate::classes::Tally::new(built.symmetry_group())?;
    let collect = |s: &dlx_core::Solution| tally.add(s);
    search_and_report_with(
        &built.matrix,
        &args.search,
        heuristic,
        &render,
        Some(&collect),
    )?;
    if args.search.json {
        return Ok(());
    }
    let under = |n| format!("the board's {n} symmetries");
    let line = tally.line(under, args.search.limit);
    write_output("-", &format!("{line}\n"))
}
