//! Helpers shared by the integration tests.

use dlx_core::{Matrix, MatrixBuilder};

/// n queens: ranks and files primary, diagonals secondary.
#[allow(dead_code)] // not every test crate that includes this module uses it
pub fn queens(n: usize) -> Matrix {
    let mut b = MatrixBuilder::new();
    for i in 0..n {
        b.primary(format!("r{i}")).unwrap();
        b.primary(format!("f{i}")).unwrap();
    }
    for d in 0..2 * n - 1 {
        b.secondary(format!("a{d}")).unwrap();
        b.secondary(format!("b{d}")).unwrap();
    }
    for r in 0..n {
        for c in 0..n {
            b.option([
                format!("r{r}"),
                format!("f{c}"),
                format!("a{}", r + c),
                format!("b{}", n - 1 + r - c),
            ])
            .unwrap();
        }
    }
    b.build().unwrap()
}

/// Items `p0 p1 ...` (primary) and `s0 s1 ...` (secondary), and options given by item
/// numbers; `None` when the builder refuses an option (e.g. a repeated item).
#[allow(dead_code)] // not every test crate that includes this module uses it
pub fn numbered(primary: usize, secondary: usize, options: &[Vec<usize>]) -> Option<Matrix> {
    let mut b = MatrixBuilder::new();
    for i in 0..primary {
        b.primary(format!("p{i}")).unwrap();
    }
    for i in 0..secondary {
        b.secondary(format!("s{i}")).unwrap();
    }
    for o in options {
        b.option_ids(o.clone()).ok()?;
    }
    b.build().ok()
}
