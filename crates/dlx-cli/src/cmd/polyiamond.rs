//! `dlx polyiamond NAME | --rhombus MxN | --board FILE | --cells FILE`: hexiamond packing.

use dlx_core::Heuristic;
use dlx_polyiamond::render::{SvgStyle, svg, text};
use dlx_polyiamond::symmetry::{drawings, reflection_scores};
use dlx_polyiamond::{Board, Placed, Puzzle, hexiamonds};

use crate::args::{SearchArgs, copies_once};
use crate::error::CliError;
use crate::output::{counted, emit_matrix, list_names, read_input, shown_piece, write_output};
use crate::running::{nth_solution, search_and_report};

/// Arguments of `dlx polyiamond`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A named problem (`hexiamonds-rhombus`, `hexiamonds-hexagon-c`, `hexiamonds-colour-3`,
    /// ...; `list` lists them). Leave it out to describe a board.
    pub name: Option<String>,
    /// An M x N rhombus board (e.g. `4x9`).
    #[arg(long, value_name = "MxN", conflicts_with_all = ["name", "board", "cells"])]
    pub rhombus: Option<String>,
    /// A board drawn as ASCII art: one line per strip, top strip first, two characters per
    /// unit (up triangle, down triangle); `.` or blank is a hole, `?` a triangle that may stay
    /// empty, any other character a triangle. Lines are not shifted: the slant of the strips
    /// is implied (`--print` draws it, one column a strip, which a board leaves out).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["name", "cells"])]
    pub board: Option<String>,
    /// A board given by cell names (`00 00* 01 ...`; `01?` a triangle that may stay empty).
    #[arg(long, value_name = "FILE", conflicts_with = "name")]
    pub cells: Option<String>,
    /// The pieces for a described board: `hexiamonds` (the 12 free ones, every orientation),
    /// `one-sided` (the 19 one-sided ones, rotations only) or `none` (only those of `--piece`).
    #[arg(long, value_name = "SET", default_value = "hexiamonds")]
    pub pieces: String,
    /// A piece of one's own for a described board, free (every orientation): `LABEL=CELLS`,
    /// the cells named as `--cells` names them (`T=00 00* 01`, a triamond); its label, whose
    /// first character `--print` shows, is new. May be given several times.
    #[arg(long = "piece", value_name = "LABEL=CELLS", conflicts_with = "name")]
    pub own: Vec<String>,
    /// How many times a piece of a described board is placed: `LABEL=N` or `LABEL=LO-HI`
    /// (`X=0-1`: the X may be left out; `I=2`: two I's). Pieces are placed once otherwise.
    /// May be given several times.
    #[arg(
        long = "copies",
        value_name = "LABEL=N|LABEL=LO-HI",
        conflicts_with = "name"
    )]
    pub copies: Vec<String>,
    /// A piece of a described board placed with its rotations only (not turned over). May be
    /// given several times.
    #[arg(long = "one-sided", value_name = "LABEL", conflicts_with = "name")]
    pub one_sided: Vec<String>,
    /// Write the matrix in Knuth's format to FILE (`-` for standard output) instead of solving.
    #[arg(long, value_name = "FILE")]
    pub emit: Option<String>,
    /// Count the solutions (the default when nothing else is asked for).
    #[arg(long)]
    pub count: bool,
    /// Draw each piece with its label, its orientations, how many times it is placed and how
    /// many placements the board gives it; then stop without solving.
    #[arg(long, conflicts_with_all = [
        "emit", "count", "classes", "svg", "solution", "quarter_turn", "heuristic", "limit",
        "print", "profile", "json", "threads", "shard",
    ])]
    pub show_pieces: bool,
    /// Count the distinct solutions: the classes under the board's symmetries that the
    /// pieces allow (found automatically), searching one place of each orbit of a piece.
    /// With --print, one solution of each class is drawn first; with --svg FILE, all of
    /// them on one SVG sheet.
    #[arg(long, conflicts_with_all = ["count", "solution"])]
    pub classes: bool,
    /// Write an SVG picture of a solution to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// Which solution `--svg` draws (1 = the first found).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub solution: u64,
    /// Draw the SVG turned a quarter, the triangles pointing left and right as in Figure 8.
    #[arg(long)]
    pub quarter_turn: bool,
    #[command(flatten)]
    pub search: SearchArgs,
}

fn err(msg: impl Into<String>) -> CliError {
    CliError::Polyiamond(msg.into())
}

fn described(args: &Args) -> Result<Option<(String, Puzzle)>, CliError> {
    let (title, board) = if let Some(size) = &args.rhombus {
        let (m, n) = size
            .split_once('x')
            .and_then(|(m, n)| Some((m.parse::<i32>().ok()?, n.parse::<i32>().ok()?)))
            .ok_or_else(|| err(format!("--rhombus {size}: expected MxN, e.g. 6x6")))?;
        // The error names the rhombus already.
        let board = Board::rhombus(m, n).map_err(|e| err(e.to_string()))?;
        (format!("{m}x{n} rhombus"), board)
    } else if let Some(path) = &args.board {
        let (path, art) = read_input(Some(path))?;
        let board = Board::from_art(&art).map_err(|e| err(format!("{path}: {e}")))?;
        (path, board)
    } else if let Some(path) = &args.cells {
        let (path, names) = read_input(Some(path))?;
        let board = Board::parse(&names).map_err(|e| err(format!("{path}: {e}")))?;
        (path, board)
    } else {
        return Ok(None);
    };
    let mut puzzle = Puzzle::new(board);
    let set = hexiamonds::named_set(&args.pieces).ok_or_else(|| {
        err(format!(
            "--pieces {}: expected `hexiamonds`, `one-sided` or `none`",
            args.pieces
        ))
    })?;
    puzzle.pieces(set);
    for spec in &args.own {
        let (label, cells) = (spec.split_once('='))
            .filter(|(label, _)| !label.trim().is_empty())
            .ok_or_else(|| {
                err(format!(
                    "--piece {spec}: expected LABEL=CELLS, e.g. T=00 00* 01"
                ))
            })?;
        puzzle
            .own_piece(label.trim(), cells)
            .map_err(|e| err(format!("--piece {spec}: {e}")))?;
    }
    // A piece named twice is refused: with --copies the last count would silently win.
    for (k, label) in args.one_sided.iter().enumerate() {
        if args.one_sided[..k].contains(label) {
            return Err(err(format!(
                "--one-sided {label}: piece `{label}` is given twice"
            )));
        }
        puzzle
            .one_sided(label)
            .map_err(|e| err(format!("--one-sided {label}: {e}")))?;
    }
    for (label, (lo, hi), spec) in copies_once(&args.copies, "LABEL").map_err(err)? {
        puzzle
            .count(label, lo, hi)
            .map_err(|e| err(format!("--copies {spec}: {e}")))?;
    }
    Ok(Some((format!("{title} with {}", args.pieces), puzzle)))
}

/// The puzzle asked for, named or described, with its title.
fn puzzle(args: &Args) -> Result<(String, Puzzle), CliError> {
    if let Some(found) = described(args)? {
        return Ok(found);
    }
    let Some(name) = &args.name else {
        return Err(err(
            "give a problem name (`dlx polyiamond list`) or --rhombus, --board or --cells",
        ));
    };
    let puzzle = dlx_paper::polyiamond::puzzle(name)
        .ok_or_else(|| {
            err(format!(
                "unknown polyiamond problem `{name}`; `dlx polyiamond list` shows the names"
            ))
        })?
        .map_err(CliError::Paper)?;
    Ok((name.clone(), puzzle))
}

fn placed(args: &Args) -> Result<(String, Placed), CliError> {
    let (title, puzzle) = puzzle(args)?;
    let placed = puzzle.build().map_err(|e| err(format!("{title}: {e}")))?;
    Ok((title, placed))
}

/// Each piece's label, triangles, orientations, copies and placements on the board, drawn
/// in its first orientation as `--print` draws a solution.
fn show_pieces(puzzle: &Puzzle) -> Result<String, CliError> {
    let placements = puzzle.placements();
    let mut out = String::new();
    for (k, piece) in puzzle.piece_list().iter().enumerate() {
        let Some(shape) = piece.orientations.first() else {
            continue;
        };
        let board = Board::new(shape.cells().iter().copied()).map_err(|e| err(e.to_string()))?;
        let mut labels = dlx_polyiamond::Labelling::default();
        for &c in shape.cells() {
            labels.0.insert(c, piece.label.clone());
        }
        out.push_str(&shown_piece(
            &piece.label,
            &counted(shape.len() as u64, "triangle"),
            &counted(piece.orientations.len() as u64, "orientation"),
            Some(piece.count),
            placements.iter().filter(|p| p.piece == k).count(),
            text(&board, &labels).trim_end_matches('\n'),
        ));
    }
    Ok(out)
}

/// The caption's symmetry scores, in the drawing the SVG shows.
fn scores_caption(placed: &Placed, labels: &dlx_polyiamond::Labelling, turned: bool) -> String {
    match reflection_scores(&placed.board, labels) {
        // drawings()[0] is the paper's (triangles pointing left/right) drawing; in ours the
        // two scores trade places.
        Some(s) => {
            let d = drawings(s)[0];
            let (h, v) = if turned {
                (d.horizontal, d.vertical)
            } else {
                (d.vertical, d.horizontal)
            };
            format!(": horizontal symmetry {h}, vertical {v}")
        }
        None => String::new(),
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.name.as_deref() == Some("list") {
        return list_names(dlx_paper::polyiamond::NAMES);
    }
    if args.show_pieces {
        let (_, puzzle) = puzzle(&args)?;
        print!("{}", show_pieces(&puzzle)?);
        return Ok(());
    }
    let (title, placed) = placed(&args)?;
    if let Some(path) = &args.emit {
        return emit_matrix(path, &placed.matrix, &title, "polyiamond");
    }
    let render = |s: &dlx_core::Solution| text(&placed.board, &placed.labelling(s));
    if args.classes {
        let group = placed.symmetry_group();
        let draw = |s: &dlx_core::Solution, caption: &str| {
            let style = SvgStyle {
                quarter_turn: args.quarter_turn,
                caption: Some(format!("{title}, {caption}")),
                ..SvgStyle::default()
            };
            svg(&placed.board, &placed.labelling(s), &style)
        };
        let sheet = args.svg.as_deref().map(|path| (path, &draw as _));
        return crate::classes::report(&placed.matrix, group, &args.search, None, &render, sheet);
    }
    let heuristic = args.search.heuristic.unwrap_or(Heuristic::Mrv);
    if let Some(path) = &args.svg {
        if args.solution == 0 {
            return Err(err("--solution counts from 1"));
        }
        match nth_solution(&placed.matrix, heuristic, args.solution) {
            Ok(sol) => {
                let labels = placed.labelling(&sol);
                let style = SvgStyle {
                    quarter_turn: args.quarter_turn,
                    caption: Some(format!(
                        "{title}, solution {}{}",
                        args.solution,
                        scores_caption(&placed, &labels, args.quarter_turn)
                    )),
                    ..SvgStyle::default()
                };
                write_output(path, &svg(&placed.board, &labels, &style))?;
            }
            Err(found) => {
                return Err(err(format!(
                    "{title} has {found} solutions, no solution {} to draw",
                    args.solution
                )));
            }
        }
        if !args.count && !args.search.print {
            return Ok(());
        }
    }
    search_and_report(&placed.matrix, &args.search, Heuristic::Mrv, &render)
}
