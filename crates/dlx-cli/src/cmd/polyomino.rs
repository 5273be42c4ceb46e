//! `dlx polyomino NAME | --board FILE --pieces FILE`: polyomino packing.

use dlx_core::Heuristic;
use dlx_polyomino::problems::{PROBLEMS, Problem};
use dlx_polyomino::{Orientations, Packing, Puzzle, SvgStyle, parse_puzzle, to_svg};

use crate::args::SearchArgs;
use crate::error::CliError;
use crate::output::{
    MAX_PICTURE, counted, emit_matrix, list_names, read_input, shown_piece, write_output,
};
use crate::running::{nth_solution, search_and_report};

/// Arguments of `dlx polyomino`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A named problem: a classic board (`pentominoes-6x10`, `pentominoes-8x8-hole`, ...) or
    /// one of the paper's set-ups (`scott`, `pentomino-6x10`, `y45-a`, ...); `list` lists
    /// them. Leave it out to read `--board` and `--pieces`.
    pub name: Option<String>,
    /// The board: rows of `#` (cell), `o` (a cell that may stay empty) and `.` (hole).
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "name",
        requires = "pieces"
    )]
    pub board: Option<String>,
    /// The pieces, one a line: `pentominoes`, `one-sided pentominoes`, `hexominoes` (`H1` to
    /// `H35`: `--show-pieces` draws them), `tetrominoes`, `trominoes`, `domino`, `monomino`,
    /// or `piece NAME PICTURE [FLAGS]`; a set takes the
    /// flags too. Flags: `free` (the default) or `one-sided` (rotations only); `copies=N`
    /// (placed N times),
    /// `copies=LO-HI` (LO to HI times, `0-1` = may be left out) or `copies` (any number);
    /// `suffix=TEXT` ends each name of a set (`tetrominoes suffix=4` beside `pentominoes`,
    /// whose names meet). Pieces are placed once by default. `place NAME CELL...` keeps one
    /// placement of a piece given above, by the cells it covers (`12`: row 1, column 2, in
    /// base 36).
    #[arg(long, value_name = "FILE", requires = "board")]
    pub pieces: Option<String>,
    /// Write the matrix in Knuth's format to FILE (`-` for standard output) instead of solving.
    #[arg(long, value_name = "FILE")]
    pub emit: Option<String>,
    /// Count the solutions (the default when nothing else is asked for).
    #[arg(long)]
    pub count: bool,
    /// Draw each piece with its name, how it may be turned and how many times it is placed,
    /// and how many placements the board gives it; then stop without solving.
    #[arg(long, conflicts_with_all = [
        "emit", "count", "classes", "svg", "solution", "heuristic", "limit", "print", "profile",
        "json", "threads", "shard",
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
    #[command(flatten)]
    pub search: SearchArgs,
}

/// The puzzle asked for, its title, and the published number of classes if it is named.
fn puzzle(args: &Args) -> Result<(String, Puzzle, Option<u64>), CliError> {
    if let Some(p) = args.name.as_deref().and_then(Problem::named) {
        return Ok((p.name.to_string(), p.puzzle(), Some(p.published.0)));
    }
    if let Some(name) = &args.name {
        let puzzle = dlx_paper::polyomino::puzzle(name).ok_or_else(|| {
            CliError::Polyomino(format!(
                "unknown polyomino problem `{name}`; `dlx polyomino list` shows the names"
            ))
        })?;
        return Ok((name.clone(), puzzle, None));
    }
    let (title, puzzle) = described(args)?;
    crate::output::note_scattered(&puzzle.scattered_pieces());
    Ok((title, puzzle, None))
}

/// The puzzle's matrix, its title, and the published number of classes if it is named.
fn packing(args: &Args) -> Result<(String, Packing, Option<u64>), CliError> {
    let (title, puzzle, published) = puzzle(args)?;
    let packing = puzzle
        .build()
        .map_err(|e| CliError::Polyomino(format!("{title}: {e}")))?;
    Ok((title, packing, published))
}

/// The puzzle of `--board` and `--pieces`, with its title.
fn described(args: &Args) -> Result<(String, Puzzle), CliError> {
    let (Some(board), Some(pieces)) = (&args.board, &args.pieces) else {
        return Err(CliError::Polyomino(
            "give a problem name or both --board FILE and --pieces FILE".into(),
        ));
    };
    let (board_path, board_text) = read_input(Some(board))?;
    let (pieces_path, pieces_text) = read_input(Some(pieces))?;
    let puzzle = parse_puzzle(&board_text, &pieces_text)
        .map_err(|e| CliError::Polyomino(format!("{board_path} / {pieces_path}: {e}")))?;
    Ok((format!("{board_path} with {pieces_path}"), puzzle))
}

/// A piece's picture, or its cells as `row,column` where a picture would be too large (a
/// piece whose cells lie far apart).
fn picture(shape: &dlx_polyomino::Shape) -> String {
    if i64::from(shape.height()) * i64::from(shape.width()) <= MAX_PICTURE {
        return shape.to_ascii().replace('/', "\n");
    }
    let cells: Vec<String> = (shape.cells().iter())
        .map(|(r, c)| format!("{r},{c}"))
        .collect();
    format!("cells (row,column): {}", cells.join(" "))
}

/// Each piece's name, picture, turns, copies and placements on the board: what a designer
/// checks before a search (which of the numbered hexominoes is `H17`, a piece that fits
/// nowhere).
fn show_pieces(puzzle: &Puzzle) -> Result<String, CliError> {
    let placements = (puzzle.placements()).map_err(|e| CliError::Polyomino(e.to_string()))?;
    let mut out = String::new();
    for (k, spec) in puzzle.piece_specs().iter().enumerate() {
        let shape = &spec.piece.shape;
        let orientations = |n: usize| counted(n as u64, "orientation");
        let turns = match &spec.orientations {
            Orientations::All => format!("free, {}", orientations(shape.orientations().len())),
            Orientations::Rotations => {
                format!("one-sided, {}", orientations(shape.rotations().len()))
            }
            Orientations::Only(v) => format!("{} given", orientations(v.len())),
        };
        out.push_str(&shown_piece(
            &spec.piece.name,
            &counted(shape.len() as u64, "cell"),
            &turns,
            spec.column.then(|| spec.counts()),
            placements.iter().filter(|p| p.piece == k).count(),
            &picture(shape),
        ));
    }
    Ok(out)
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.name.as_deref() == Some("list") {
        let classic = PROBLEMS.iter().map(|p| (p.name, p.about));
        let names: Vec<(&str, &str)> = classic
            .chain(dlx_paper::polyomino::NAMES.iter().copied())
            .collect();
        return list_names(&names);
    }
    if args.show_pieces {
        let (_, puzzle, _) = puzzle(&args)?;
        print!("{}", show_pieces(&puzzle)?);
        return Ok(());
    }
    let (title, packing, published) = packing(&args)?;
    if let Some(path) = &args.emit {
        return emit_matrix(path, &packing.matrix, &title, "polyomino");
    }
    let render = |s: &dlx_core::Solution| {
        let t = packing.tiling(s);
        format!("{}hsym {}, vsym {}", t.to_outline(), t.hsym(), t.vsym())
    };
    if args.classes {
        let draw = |s: &dlx_core::Solution, caption: &str| {
            let style = SvgStyle {
                caption: Some(format!("{title}, {caption}")),
                ..SvgStyle::default()
            };
            to_svg(&packing.tiling(s), &style)
        };
        let sheet = args.svg.as_deref().map(|path| (path, &draw as _));
        return crate::classes::report(
            &packing.matrix,
            packing.symmetry_group(),
            &args.search,
            published,
            &render,
            sheet,
        );
    }
    let heuristic = args.search.heuristic.unwrap_or(Heuristic::Mrv);
    if let Some(path) = &args.svg {
        if args.solution == 0 {
            return Err(CliError::Polyomino("--solution counts from 1".into()));
        }
        match nth_solution(&packing.matrix, heuristic, args.solution) {
            Ok(sol) => {
                let tiling = packing.tiling(&sol);
                let style = SvgStyle {
                    caption: Some(format!(
                        "{title}, solution {}: hsym {}, vsym {}",
                        args.solution,
                        tiling.hsym(),
                        tiling.vsym()
                    )),
                    ..SvgStyle::default()
                };
                write_output(path, &to_svg(&tiling, &style))?;
            }
            Err(found) => {
                return Err(CliError::Polyomino(format!(
                    "{title} has {found} solutions, no solution {} to draw",
                    args.solution
                )));
            }
        }
        if !args.count && !args.search.print {
            return Ok(());
        }
    }
    search_and_report(&packing.matrix, &args.search, Heuristic::Mrv, &render)
}
