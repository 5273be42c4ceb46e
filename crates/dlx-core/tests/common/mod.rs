//! Helpers shared by the integration tests.

use dlx_core::{Matrix, MatrixBuilder};

/// n queens: ranks and files primary, diagonals secondary.
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
