//! One module per subcommand.

pub mod campaign;
pub mod estimate;
pub mod judge;
pub mod merge;
pub mod min_cost;
pub mod min_cover;
pub mod paper;
pub mod polycube;
pub mod polyiamond;
pub mod polyomino;
pub mod polystick;
pub mod pre;
pub mod queens;
pub mod solve;
pub mod squares;
pub mod sudoku;
pub mod sudoku_explain;
pub mod sudoku_make;
pub mod sudoku_variant;
pub mod zdd;
