//! `dlx polycube NAME | --box AxBxC --pieces FILE | --board FILE --pieces FILE | --spec FILE`:
//! polycube packing, with the classes of solutions under the box's symmetries.

use dlx_core::Heuristic;
use dlx_polycube::{
    MAX_EXPLODE, Orientations, PROBLEMS, Packing, Puzzle, SvgStyle, View, parse_board,
    parse_puzzle, parse_spec, problem, to_svg,
};

use crate::args::SearchArgs;
use crate::error::CliError;
use crate::output::{
    MAX_PICTURE, counted, emit_matrix, grouped, list_names, read_input, shown_piece, write_output,
};
use crate::running::{nth_solution, search_and_report, search_and_report_with};

/// Arguments of `dlx polycube`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A named problem (`soma`, `flat-pentacubes-3x4x5`, `bedlam`, ...; `list` lists them).
    /// Leave it out to describe a board and pieces, or to give `--spec`.
    pub name: Option<String>,
    /// A full box of A x B x C cells (e.g. `3x4x5`), to fill with `--pieces`.
    #[arg(long = "box", value_name = "AxBxC", conflicts_with_all = ["name", "board"])]
    pub cuboid: Option<String>,
    /// The board: a box size `AxBxC`, or layers of `#` (cell), `o` (a cell that may stay
    /// empty) and `.` (hole) separated by blank lines, the first layer z = 0, in each the
    /// column x and the row y.
    #[arg(long, value_name = "FILE", conflicts_with = "name")]
    pub board: Option<String>,
    /// The pieces, one a line: `soma`, `tetracubes`, `pentacubes`, `flat-pentacubes`,
    /// `bedlam`, or `piece NAME SHAPE [free] [copies=N | copies=LO-HI]` (SHAPE: `##/#.//#.`,
    /// rows split by `/`, layers by `//`; or cubes `0,0,0 1,0,0 ...`). A piece is placed once
    /// with its rotations; `free` adds its reflections, `copies=N` places it N times,
    /// `copies=LO-HI` from LO to HI times (`0-1`: it may be left out). A set takes
    /// `copies=` for each of its pieces and `suffix=TEXT`, ending each of its names
    /// (`flat-pentacubes suffix=5` beside `tetracubes`, whose names meet). `place NAME
    /// X,Y,Z...` keeps one placement of a piece given above, by the cubes it covers.
    #[arg(long, value_name = "FILE", conflicts_with = "name")]
    pub pieces: Option<String>,
    /// A problem in the input format of Knuth's polycube-dlx: the box's cells
    /// (`[0-2][0-2][0-2]`), then a piece a line (`4*Z 000 100 ...` for 4 copies).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["name", "cuboid", "board", "pieces"])]
    pub spec: Option<String>,
    /// Write the matrix in Knuth's format to FILE (`-` for standard output) instead of solving.
    #[arg(long, value_name = "FILE")]
    pub emit: Option<String>,
    /// Count the solutions, and the classes they form under the symmetries of the box (and
    /// of the pieces: a reflection counts when the pieces' mirror images are pieces).
    #[arg(long, conflicts_with = "shard")]
    pub count: bool,
    /// Count the distinct solutions only: the classes under the symmetries of the box and
    /// pieces, searching one place of each orbit of a piece (far fewer updates than
    /// `--count`, which searches every solution).
    /// With --print, one solution of each class is drawn first; with --svg FILE, all of
    /// them on one SVG sheet.
    #[arg(long, conflicts_with_all = ["count", "solution"])]
    pub classes: bool,
    /// Write an SVG picture of a solution to FILE: its layers side by side (see
    /// `--isometric`).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// Which solution `--svg` draws (1 = the first found).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub solution: u64,
    /// Draw each piece with its name, how it may be turned and how many times it is placed,
    /// and how many placements the board gives it (its layers side by side, z = 0 first);
    /// then stop without solving.
    #[arg(long, conflicts_with_all = [
        "emit", "count", "classes", "svg", "solution", "isometric", "heuristic", "limit",
        "print", "profile", "json", "threads", "shard",
    ])]
    pub show_pieces: bool,
    /// Draw the cubes in isometric view instead of the layers.
    #[arg(long)]
    pub isometric: bool,
    /// With `--isometric`: lift each layer by this many cells (0 to 10), to show the inside.
    #[arg(
        long,
        value_name = "CELLS",
        default_value_t = 0.0,
        requires = "isometric"
    )]
    pub explode: f64,
    #[command(flatten)]
    pub search: SearchArgs,
}

fn err(msg: impl Into<String>) -> CliError {
    CliError::Polycube(msg.into())
}

/// The puzzle asked for, its title, and the published number of classes if it is named.
fn puzzle(args: &Args) -> Result<(String, Puzzle, Option<u64>), CliError> {
    if let Some(name) = &args.name {
        let named = problem(name).ok_or_else(|| {
            err(format!(
                "unknown polycube problem `{name}`; `dlx polycube list` shows the names"
            ))
        })?;
        return Ok((
            name.clone(),
            named.puzzle(),
            named.published.map(|(n, _)| n),
        ));
    }
    if let Some(path) = &args.spec {
        let (path, text) = read_input(Some(path))?;
        let puzzle = parse_spec(&text).map_err(|e| err(format!("{path}: {e}")))?;
        crate::output::note_scattered(&puzzle.scattered_pieces());
        return Ok((path, puzzle, None));
    }
    let Some(pieces) = &args.pieces else {
        return Err(err(
            "give a problem name (`dlx polycube list`), --box or --board with --pieces, or --spec",
        ));
    };
    let (board_title, board_text) = match (&args.cuboid, &args.board) {
        (Some(size), _) => (size.clone(), size.clone()),
        (None, Some(path)) => read_input(Some(path))?,
        (None, None) => return Err(err("--pieces needs --box AxBxC or --board FILE")),
    };
    // The board first, so that its errors name its file.
    parse_board(&board_text).map_err(|e| err(format!("{board_title}: {e}")))?;
    let (pieces_path, pieces_text) = read_input(Some(pieces))?;
    let puzzle =
        parse_puzzle(&board_text, &pieces_text).map_err(|e| err(format!("{pieces_path}: {e}")))?;
    crate::output::note_scattered(&puzzle.scattered_pieces());
    Ok((format!("{board_title} with {pieces_path}"), puzzle, None))
}

/// A piece's layers side by side (z = 0 first, each as a board file draws a layer), or its
/// cubes as `x,y,z` where a picture would be too large (a piece whose cubes lie far apart).
fn picture(shape: &dlx_polycube::Shape) -> String {
    let [w, h, d] = shape.size().map(i64::from);
    if w * h * d > MAX_PICTURE {
        let cubes: Vec<String> = (shape.cells().iter())
            .map(|[x, y, z]| format!("{x},{y},{z}"))
            .collect();
        return format!("cubes (x,y,z): {}", cubes.join(" "));
    }
    let layers: Vec<Vec<String>> = (shape.to_layers().split("//"))
        .map(|layer| layer.split('/').map(str::to_string).collect())
        .collect();
    let rows: Vec<String> = (0..layers[0].len())
        .map(|row| {
            let rows: Vec<&str> = layers.iter().map(|l| l[row].as_str()).collect();
            rows.join("  ")
        })
        .collect();
    rows.join("\n")
}

/// Each piece's name, cubes, turns, copies and placements in the board, with its layers.
fn show_pieces(puzzle: &Puzzle) -> Result<String, CliError> {
    let placements = (puzzle.placements()).map_err(|e| err(e.to_string()))?;
    let mut out = String::new();
    for (k, spec) in puzzle.piece_specs().iter().enumerate() {
        let shape = &spec.piece.shape;
        let orientations = |n: usize| counted(n as u64, "orientation");
        let turns = match &spec.orientations {
            Orientations::Rotations => {
                format!("rotations only, {}", orientations(shape.rotations().len()))
            }
            Orientations::All => format!("free, {}", orientations(shape.orientations().len())),
            Orientations::Only(v) => format!("{} given", orientations(v.len())),
        };
        out.push_str(&shown_piece(
            &spec.piece.name,
            &counted(shape.len() as u64, "cube"),
            &turns,
            Some(spec.counts()),
            placements.iter().filter(|p| p.piece == k).count(),
            &picture(shape),
        ));
    }
    Ok(out)
}

fn draw(args: &Args, title: &str, packing: &Packing, heuristic: Heuristic) -> Result<(), CliError> {
    let Some(path) = &args.svg else {
        return Ok(());
    };
    if args.solution == 0 {
        return Err(err("--solution counts from 1"));
    }
    let solution = nth_solution(&packing.matrix, heuristic, args.solution).map_err(|found| {
        err(format!(
            "{title} has {found} solutions, no solution {} to draw",
            args.solution
        ))
    })?;
    let style = svg_style(args, format!("{title}, solution {}", args.solution));
    write_output(path, &to_svg(&packing.filling(&solution), &style))
}

/// The drawing `--isometric` and `--explode` ask for, with `caption` under it.
fn svg_style(args: &Args, caption: String) -> SvgStyle {
    SvgStyle {
        view: if args.isometric {
            View::Isometric {
                explode: args.explode,
            }
        } else {
            View::Layers
        },
        caption: Some(caption),
        ..SvgStyle::default()
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.name.as_deref() == Some("list") {
        let names: Vec<(&str, &str)> = PROBLEMS.iter().map(|p| (p.name, p.about)).collect();
        return list_names(&names);
    }
    // The drawing's height grows with the lift: a huge one would be a picture of absurd size.
    if !(0.0..=MAX_EXPLODE).contains(&args.explode) {
        return Err(err(format!(
            "--explode {:?}: expected a number of cells from 0 to {MAX_EXPLODE}",
            args.explode
        )));
    }
    let (title, puzzle, published) = puzzle(&args)?;
    if args.show_pieces {
        print!("{}", show_pieces(&puzzle)?);
        return Ok(());
    }
    let packing = puzzle.build().map_err(|e| err(format!("{title}: {e}")))?;
    if let Some(path) = &args.emit {
        return emit_matrix(path, &packing.matrix, &title, "polycube");
    }
    let render = |s: &dlx_core::Solution| packing.filling(s).to_text();
    if args.classes {
        let group = packing.symmetry_group();
        let draw = |s: &dlx_core::Solution, caption: &str| {
            let style = svg_style(&args, format!("{title}, {caption}"));
            to_svg(&packing.filling(s), &style)
        };
        let sheet = args.svg.as_deref().map(|path| (path, &draw as _));
        let search = &args.search;
        return crate::classes::report(&packing.matrix, group, search, published, &render, sheet);
    }
    let heuristic = args.search.heuristic.unwrap_or(Heuristic::Mrv);
    draw(&args, &title, &packing, heuristic)?;
    if args.svg.is_some() && !args.count && !args.search.print {
        return Ok(());
    }
    if !args.count {
        return search_and_report(&packing.matrix, &args.search, heuristic, &render);
    }
    // Each solution's class is worked out on the thread that found it; only the tally is
    // shared. The group is the one `--classes` counts by, so that the two agree.
    let tally = crate::classes::Tally::new(packing.symmetry_group())?;
    let collect = |s: &dlx_core::Solution| tally.add(s);
    search_and_report_with(
        &packing.matrix,
        &args.search,
        heuristic,
        &render,
        Some(&collect),
    )?;
    if args.search.json {
        return Ok(());
    }
    let published = match published {
        Some(n) => format!(" (published: {})", grouped(n)),
        None => String::new(),
    };
    let under = |n| format!("the {n} symmetries of the box and pieces");
    let line = tally.line(under, args.search.limit);
    write_output("-", &format!("{line}{published}\n"))
}
