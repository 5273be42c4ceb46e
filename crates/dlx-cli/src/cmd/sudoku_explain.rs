//! `dlx sudoku explain`: puzzles solved step by step by the grading rules, each step with its
//! reason.

use dlx_sudoku::explain::{Explanation, Outcome, Step};
use dlx_sudoku::grade::{Grader, NotUnique};
use dlx_sudoku::{Alphabet, Grid};
use serde_json::{Value, json};

use super::sudoku::{PuzzleInput, answer_each};
use crate::error::CliError;

/// Arguments of `dlx sudoku explain`.
///
/// Each step is the simplest deduction that applies: hidden singles (boxes first), naked
/// singles, locked candidates (pointing, claiming), then probing (a cell with two digits
/// left, or a unit's digit with two places, each choice followed by the rules above). The
/// steps end where `dlx sudoku grade`'s rules end, so the grade shown is its grade; on a
/// puzzle they cannot finish, the grid they reach is shown, and a search takes it from there.
#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// The puzzles.
    #[command(flatten)]
    pub input: PuzzleInput,
    /// One JSON object a line: line, grade, name, nodes, steps (each with its rule, its text,
    /// the cell and digit placed or the options removed, and for a probe that fails, the
    /// `chain` of steps to its dead end), reached, solved.
    #[arg(long)]
    pub json: bool,
    /// Show only the first N steps of each puzzle, and not where they end (`--steps 1`: a
    /// hint, the simplest deduction from where the puzzle stands). With --json, `steps`
    /// lists them and `steps_total` counts them all.
    #[arg(long, value_name = "N")]
    pub steps: Option<usize>,
}

/// Runs `dlx sudoku explain`.
pub fn explain_puzzles(args: ExplainArgs) -> Result<(), CliError> {
    let mut grader = Grader::new();
    let answered = answer_each(
        &args.input,
        args.json,
        |line| format!("line {line}: invalid"),
        |grid, line, tally, stop| {
            Some(match grader.explain_until(grid, stop)? {
                Ok(e) => {
                    tally.solved += 1;
                    shown(grid, &e, line, args.steps)
                }
                Err(why) => {
                    match why {
                        NotUnique::NoSolution => tally.unsolvable += 1,
                        NotUnique::Multiple => tally.multiple += 1,
                    }
                    (
                        format!("line {line}: {why}"),
                        json!({ "grade": null, "error": why.to_string() }),
                    )
                }
            })
        },
    )?;
    answered.finish()
}

/// One puzzle's explanation: a heading with its grade, a line per step, and where the steps
/// end; and the same as JSON fields.
fn shown(grid: &Grid, e: &Explanation, line: usize, first: Option<usize>) -> (String, Value) {
    let alphabet = grid.alphabet();
    let r = e.rating;
    let mut text = format!(
        "line {line}: {r}, {}",
        crate::output::counted(e.steps.len() as u64, "step")
    );
    let shown = &e.steps[..first.unwrap_or(usize::MAX).min(e.steps.len())];
    for step in shown {
        text.push_str(&format!("\n  {}", step.display(alphabet)));
    }
    let solved = e.reached.is_complete();
    let open = e.reached.values().iter().filter(|&&v| v == 0).count();
    if first.is_some() {
        // A hint shows the way, not where it ends.
        let more = e.steps.len() - shown.len();
        if more > 0 {
            let n = crate::output::counted(more as u64, "more step");
            text.push_str(&format!("\n  ... {n}"));
        }
    } else if solved {
        text.push_str(&format!("\n  solved: {}", e.reached.to_line()));
    } else {
        text.push_str(&format!(
            "\n  stuck with {} open, a search goes on from: {}",
            crate::output::counted(open as u64, "cell"),
            e.reached.to_line()
        ));
    }
    let steps: Vec<Value> = shown.iter().map(|s| step_json(s, alphabet)).collect();
    let mut fields = json!({
        "grade": r.grade.number(),
        "name": r.grade.name(),
        "nodes": r.nodes,
        "steps": steps,
    });
    if first.is_some() {
        fields["steps_total"] = json!(e.steps.len());
    } else {
        fields["reached"] = json!(e.reached.to_line());
        fields["solved"] = json!(solved);
    }
    (text, fields)
}

/// A step as JSON: its rule and text, and the cell and digit it places or the options it
/// removes.
fn step_json(step: &Step, alphabet: &Alphabet) -> Value {
    let mut v = json!({
        "rule": step.rule(),
        "text": step.display(alphabet).to_string(),
    });
    if let Step::Probe {
        outcome: Outcome::Fails { chain, .. },
        ..
    } = step
    {
        let texts: Vec<String> = chain
            .iter()
            .map(|s| s.display(alphabet).to_string())
            .collect();
        v["chain"] = json!(texts);
    }
    match step.placed() {
        Some((cell, digit)) => {
            v["cell"] = json!(cell.to_string());
            v["digit"] = json!(alphabet.symbol(digit).to_string());
        }
        None => {
            let removed: Vec<Value> = (step.removed().into_iter())
                .map(|(cell, digit)| {
                    json!({ "cell": cell.to_string(), "digit": alphabet.symbol(digit).to_string() })
                })
                .collect();
            v["removed"] = json!(removed);
        }
    }
    v
}
