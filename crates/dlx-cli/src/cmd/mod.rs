//! One module per subcommand.

pub mod paper;
pub mod solve;
